// The intake's records on both engines: a message is seen by its raw bytes, or by Message-ID only
// together with the same content; a second record of the same bytes is ignored. Notices are counted
// per address after an instant, and a new one forgets those sent before the given cut-off. On the
// async seam the checks answer the same, and a filing batch's record of bytes already recorded fails
// (rolling the batch back) instead of being ignored.
import { describe, expect, it } from 'vitest'
import {
  mailSeenBefore,
  mailSeenBeforeAsync,
  mailSeenStep,
  recordMailSeen,
  recordReply,
  repliesSince,
  repliesSinceAsync,
  replySteps,
} from '../../../src/log/repos/intakeRecords.ts'
import { jobsOf } from '../../helpers/jobsDb.ts'
import { bothEngines } from '../../pg/engines.ts'

const T0 = '2026-04-21T06:00:00.000Z'
const T1 = '2026-04-21T07:00:00.000Z'
const T2 = '2026-04-23T08:00:00.000Z'

describe.each(bothEngines())('intake records on $name', (engine) => {
  it('finds a message seen by its bytes, or by Message-ID with the same content', () => {
    const db = engine.open()
    const seen = {
      rawHash: 'r1',
      messageId: 'm1@x',
      receivedAt: T0,
      source: 'drop',
      outcome: 'filed',
      contentHash: 'c1',
    }
    recordMailSeen(db, seen)
    recordMailSeen(db, { ...seen, outcome: 'again' })
    expect(db.prepare('SELECT COUNT(*) AS n FROM mail_seen').get()).toEqual({ n: 1 })
    expect(mailSeenBefore(db, 'r1', null, null)).toBe(true)
    expect(mailSeenBefore(db, 'r2', 'm1@x', 'c1')).toBe(true)
    expect(mailSeenBefore(db, 'r2', 'm1@x', 'c2')).toBe(false)
    expect(mailSeenBefore(db, 'r2', 'm1@x', null)).toBe(false)
  })

  it('counts notices per address after an instant and forgets the old ones', () => {
    const db = engine.open()
    recordReply(db, { address: 'p@x', at: T0, messageId: 'n1', kind: 'notice' }, T0)
    recordReply(db, { address: 'p@x', at: T1, messageId: 'n2', kind: 'notice' }, T0)
    recordReply(db, { address: 'q@x', at: T1, messageId: 'n3', kind: 'notice' }, T0)
    expect(repliesSince(db, 'p@x', T0)).toBe(1)
    expect(repliesSince(db, 'p@x', '2026-04-21T05:00:00.000Z')).toBe(2)
    recordReply(db, { address: 'q@x', at: T2, messageId: 'n4', kind: 'notice' }, T1)
    expect(repliesSince(db, 'p@x', '2026-04-21T05:00:00.000Z')).toBe(1)
    expect(repliesSince(db, 'q@x', '2026-04-21T05:00:00.000Z')).toBe(2)
  })

  it('checks and records on the async seam; a batch recording bytes already seen rolls back whole', async () => {
    const db = engine.open()
    const jobs = jobsOf(db)
    const seen = {
      rawHash: 'r1',
      messageId: 'm1@x',
      receivedAt: T0,
      source: 'imap',
      outcome: 'filed',
      contentHash: 'c1',
    }
    const forget = '2026-04-20T00:00:00.000Z'
    await jobs.batch([
      mailSeenStep(jobs.engine, seen),
      ...replySteps(jobs.engine, { address: 'p@x', at: T1, messageId: 'm1@x', kind: 'notice' }, forget),
    ])
    expect(await mailSeenBeforeAsync(jobs, 'r1', null, null)).toBe(true)
    expect(await mailSeenBeforeAsync(jobs, 'r2', 'm1@x', 'c1')).toBe(true)
    expect(await mailSeenBeforeAsync(jobs, 'r2', 'm1@x', 'c2')).toBe(false)
    expect(mailSeenBefore(db, 'r2', 'm1@x', 'c1')).toBe(true)
    expect(await repliesSinceAsync(jobs, 'p@x', T0)).toBe(1)
    await expect(
      jobs.batch([
        ...replySteps(jobs.engine, { address: 'p@x', at: T1, messageId: 'm1@x', kind: 'notice' }, forget),
        mailSeenStep(jobs.engine, { ...seen, outcome: 'again' }),
      ]),
    ).rejects.toThrow()
    expect(await repliesSinceAsync(jobs, 'p@x', T0)).toBe(1)
    expect(repliesSince(db, 'p@x', T0)).toBe(1)
    expect(db.prepare('SELECT outcome FROM mail_seen').all()).toEqual([{ outcome: 'filed' }])
  })
})
