// The outbox repository on both engines: a row is queued once per Message-ID; a group's sends are
// recorded together, a failure only while its judge still holds the row; the retention sweep stubs
// old sent rows and deletes the mail parts no kept payload names, and a second sweep finds nothing.
import { describe, expect, it } from 'vitest'
import { findMailPart, findMailParts, hasMailPart, storeMailPart } from '../../../src/log/repos/mailParts.ts'
import { findOutboxRow, insertOutboxRow, recordSends, sentTimesSince } from '../../../src/log/repos/outbox.ts'
import { pruneSentRowsAsync } from '../../../src/log/repos/outboxPrune.ts'
import { claimDueRows } from '../../../src/log/repos/outboxClaims.ts'
import type { SqlDatabase } from '../../../src/log/sql.ts'
import { jobsOf } from '../../helpers/jobsDb.ts'
import { bothEngines } from '../../pg/engines.ts'

const T0 = '2026-04-21T06:00:00.000Z'
const T1 = '2026-04-21T07:00:00.000Z'
const T2 = '2026-04-21T08:00:00.000Z'

const queue = (db: SqlDatabase, n: number, payload: object = { n }) =>
  insertOutboxRow(db, {
    messageId: `report.g1.${n}@judge.example`,
    game: 'g1',
    recipient: `p${n}@example.test`,
    kind: 'report',
    payload: JSON.stringify(payload),
    createdAt: T0,
  })

const state = (db: SqlDatabase, id: number) =>
  db
    .prepare('SELECT sent_at, attempts, last_error, next_attempt_at, claimed_by, payload FROM outbox WHERE id = ?')
    .get(id)

describe.each(bothEngines())('outbox on $name', (engine) => {
  it('queues a row once per Message-ID and finds it by that id', () => {
    const db = engine.open()
    const id = queue(db, 1)!
    expect(id).toBeGreaterThan(0)
    expect(queue(db, 1)).toBeNull()
    expect(findOutboxRow(db, 'report.g1.1@judge.example')).toEqual({ id, game: 'g1', kind: 'report' })
    expect(findOutboxRow(db, 'nothing@judge.example')).toBeNull()
  })

  it("records a group's sends; a failure counts only while its judge holds the row", async () => {
    const db = engine.open()
    const [a, b, c] = [queue(db, 1)!, queue(db, 2)!, queue(db, 3)!]
    await claimDueRows(jobsOf(db), { owner: 'j1', now: T0, until: T1, after: 0, maxAttempts: 10, count: 3 })
    await recordSends(jobsOf(db), [
      { id: a, sentAt: T1 },
      { id: b, error: 'smtp: refused', retryAt: T2, owner: 'j1' },
      { id: c, error: 'smtp: refused', retryAt: T2, owner: 'j2' },
    ])
    expect(state(db, a)).toMatchObject({ sent_at: T1, attempts: 1, claimed_by: null })
    expect(state(db, b)).toMatchObject({ sent_at: null, attempts: 1, last_error: 'smtp: refused', next_attempt_at: T2 })
    expect(state(db, c)).toMatchObject({ attempts: 0, last_error: null, claimed_by: 'j1' })
    expect(await sentTimesSince(jobsOf(db), T0)).toEqual([T1])
    expect(await sentTimesSince(jobsOf(db), T1)).toEqual([])
  })

  it('sweeps old sent rows to stubs and deletes the parts no kept payload names', async () => {
    const db = engine.open()
    for (const h of ['kept', 'old', 'orphan']) storeMailPart(db, h, Buffer.from(h), T0)
    const old = queue(db, 1, { textParts: ['old'] })!
    const recent = queue(db, 2, { textParts: ['kept'] })!
    const unsent = queue(db, 3, { htmlParts: ['kept'] })!
    await recordSends(jobsOf(db), [
      { id: old, sentAt: T0 },
      { id: recent, sentAt: T2 },
    ])
    const stub = (p: string) => JSON.stringify({ was: Object.keys(JSON.parse(p)), pruned: true })
    const named = (p: string) => {
      const m = JSON.parse(p) as { textParts?: string[]; htmlParts?: string[] }
      return [...(m.textParts ?? []), ...(m.htmlParts ?? [])]
    }
    expect(await pruneSentRowsAsync(jobsOf(db), T1, stub, named)).toEqual({ mails: 1, parts: 2 })
    expect(JSON.parse((state(db, old) as { payload: string }).payload)).toEqual({ was: ['textParts'], pruned: true })
    expect(JSON.parse((state(db, recent) as { payload: string }).payload)).toEqual({ textParts: ['kept'] })
    expect(JSON.parse((state(db, unsent) as { payload: string }).payload)).toEqual({ htmlParts: ['kept'] })
    expect([hasMailPart(db, 'kept'), hasMailPart(db, 'old'), hasMailPart(db, 'orphan')]).toEqual([true, false, false])
    expect(findMailPart(db, 'kept')?.toString()).toBe('kept')
    const read = await findMailParts(jobsOf(db), ['kept', 'old', 'kept'])
    expect([...read].map(([h, b]) => [h, b.toString()])).toEqual([['kept', 'kept']])
    expect(await pruneSentRowsAsync(jobsOf(db), T1, stub, named)).toEqual({ mails: 0, parts: 0 })
  })
})
