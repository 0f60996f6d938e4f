// The IMAP repository on both engines: a mailbox checkpoint is replaced in place; a lease is its
// holder's until it lapses, refused to others meanwhile, taken over once lapsed (and then the old
// holder's renewal is refused), and given back only by its holder.
import { describe, expect, it } from 'vitest'
import {
  dropLease,
  findImapCheckpoint,
  findLease,
  storeImapCheckpoint,
  takeLeaseUntil,
} from '../../../src/log/repos/imap.ts'
import { bothEngines } from '../../pg/engines.ts'

const T0 = '2026-04-21T06:00:00.000Z'
const T1 = '2026-04-21T06:01:00.000Z'
const T2 = '2026-04-21T06:02:00.000Z'
const T3 = '2026-04-21T06:03:00.000Z'

describe.each(bothEngines())('IMAP records on $name', (engine) => {
  it('keeps one checkpoint per account and mailbox, replaced in place', async () => {
    const db = await engine.openAsync()
    expect(await findImapCheckpoint(db, 'judge@host:993', 'INBOX')).toBeNull()
    await storeImapCheckpoint(db, 'judge@host:993', 'INBOX', '17', 5, T0)
    await storeImapCheckpoint(db, 'judge@host:993', 'INBOX', '17', 9, T1)
    await storeImapCheckpoint(db, 'judge@host:993', 'Archive', '3', 1, T1)
    expect(await findImapCheckpoint(db, 'judge@host:993', 'INBOX')).toEqual({
      uidValidity: '17',
      lastUid: 9,
      updatedAt: T1,
    })
    expect(await findImapCheckpoint(db, 'judge@host:993', 'Archive')).toEqual({
      uidValidity: '3',
      lastUid: 1,
      updatedAt: T1,
    })
  })

  it('holds a lease until it lapses, then lets another take it over', async () => {
    const db = await engine.openAsync()
    const name = 'imap:judge@host:993/INBOX'
    expect(await findLease(db, name)).toBeNull()
    expect(await takeLeaseUntil(db, name, 'a', T0, T1)).toBe(true)
    expect(await takeLeaseUntil(db, name, 'b', T0, T2)).toBe(false)
    expect(await takeLeaseUntil(db, name, 'a', T0, T2)).toBe(true)
    expect(await findLease(db, name)).toEqual({ holder: 'a', expiresAt: T2 })
    expect(await takeLeaseUntil(db, name, 'b', T2, T3)).toBe(true)
    expect(await takeLeaseUntil(db, name, 'a', T2, T3)).toBe(false)
    await dropLease(db, name, 'a')
    expect(await findLease(db, name)).toEqual({ holder: 'b', expiresAt: T3 })
    await dropLease(db, name, 'b')
    expect(await findLease(db, name)).toBeNull()
    expect(await takeLeaseUntil(db, name, 'a', T2, T3)).toBe(true)
  })
})
