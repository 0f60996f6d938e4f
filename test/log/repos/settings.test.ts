// The settings repository: the server secret is made once, erased without a copy left in the
// database's own files on either engine, and the last tick is replaced, never duplicated.
import { describe, expect, it } from 'vitest'
import {
  eraseServerSecretAsync,
  findLastTick,
  findServerSecret,
  recordLastTick,
  storeServerSecretAsync,
  storeServerSecretIfAbsent,
} from '../../../src/log/repos/settings.ts'
import { jobsOf } from '../../helpers/jobsDb.ts'
import { bothEngines } from '../../pg/engines.ts'

const A = 'a'.repeat(64)
const B = 'b'.repeat(64)

describe.each(bothEngines())('settings on $name', (engine) => {
  it('keeps the first server secret stored; a second made meanwhile is dropped', async () => {
    const db = engine.open()
    expect(findServerSecret(db)).toBeNull()
    storeServerSecretIfAbsent(db, A)
    storeServerSecretIfAbsent(db, B)
    expect(findServerSecret(db)).toBe(A)
    await expect(storeServerSecretAsync(jobsOf(db), B)).rejects.toThrow()
    expect(findServerSecret(db)).toBe(A)
  })

  it('erases the server secret and says what copy may remain outside the database', async () => {
    const db = engine.open()
    await storeServerSecretAsync(jobsOf(db), A)
    recordLastTick(db, '2026-01-01T00:00:00.000Z')
    const erased = await eraseServerSecretAsync(jobsOf(db))
    expect(findServerSecret(db)).toBeNull()
    expect(findLastTick(db)).toBe('2026-01-01T00:00:00.000Z')
    if (engine.name === 'postgres') expect(erased).toEqual({ walEmptied: false, serverLogKeepsCopy: true })
    else expect(erased).toEqual({ walEmptied: true, serverLogKeepsCopy: false })
  })

  it('replaces the last tick in place', () => {
    const db = engine.open()
    expect(findLastTick(db)).toBeNull()
    recordLastTick(db, '2026-01-01T00:00:00.000Z')
    recordLastTick(db, '2026-01-02T00:00:00.000Z')
    expect(findLastTick(db)).toBe('2026-01-02T00:00:00.000Z')
    expect(db.prepare(`SELECT COUNT(*) AS n FROM settings WHERE key = 'schedule:last-tick'`).get()).toEqual({ n: 1 })
  })
})
