// The outbox is sent in groups of the transport's `parallel` rows at once (SMTP keeps
// SMTP_PARALLEL connections), the group announced with willSend() first (SMTP marks the rows in
// doubt in one write) and its outcomes recorded in one transaction; a row that fails in a group
// is retried alone, the others are sent once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type Database from 'better-sqlite3'
import { openDatabase } from '../../src/log/db.ts'
import { drainOutbox, enqueueMail, type MailTransport, type OutboundMail } from '../../src/mail/outbound.ts'
import { rowsInDoubt, SmtpTransport } from '../../src/mail/smtp.ts'
import { jobsOf } from '../helpers/jobsDb.ts'

const T0 = new Date('2026-04-21T06:00:00.000Z')
const mail = (n: number): OutboundMail => ({
  messageId: `ack.g1.${n}@judge.example`,
  from: 'PBEM judge <orders@judge.example>',
  to: `player${n}@example.test`,
  subject: `ack ${n}`,
  text: `Orders ${n} received.`,
})

/** A transport that holds each send until told, so that the test sees what is in flight together. */
function heldTransport(parallel: number, failing: Set<number> = new Set()) {
  const events: string[] = []
  let inFlight = 0
  let most = 0
  const transport: MailTransport = {
    name: 'held',
    parallel,
    willSend: (ids) => void events.push(`will ${ids.join(',')}`),
    send: async (_m, _eml, id) => {
      events.push(`send ${id}`)
      most = Math.max(most, ++inFlight)
      await new Promise((r) => setTimeout(r, 5))
      inFlight--
      if (failing.has(id)) throw new Error(`refused ${id}`)
    },
  }
  return { transport, events, most: () => most }
}

let db: Database.Database
beforeEach(() => {
  db = openDatabase(':memory:')
})
afterEach(() => db.close())

describe('drainOutbox in groups', () => {
  it('sends up to `parallel` rows at once, announcing each group before sending it, in id order', async () => {
    for (let n = 1; n <= 7; n++) enqueueMail(db, mail(n), { game: 'g1', kind: 'ack' }, T0)
    const held = heldTransport(3)
    expect(await drainOutbox(jobsOf(db), held.transport, () => T0)).toEqual({ sent: 7, failed: 0 })
    expect(held.most()).toBe(3)
    expect(held.events).toEqual([
      'will 1,2,3',
      'send 1',
      'send 2',
      'send 3',
      'will 4,5,6',
      'send 4',
      'send 5',
      'send 6',
      'will 7',
      'send 7',
    ])
    expect(db.prepare('SELECT count(*) FROM outbox WHERE sent_at IS NOT NULL AND attempts = 1').pluck().get()).toBe(7)
  })

  it('a failure in a group marks only that row for a retry; the next drain sends it alone', async () => {
    for (let n = 1; n <= 4; n++) enqueueMail(db, mail(n), { game: 'g1', kind: 'ack' }, T0)
    const held = heldTransport(4, new Set([2]))
    expect(await drainOutbox(jobsOf(db), held.transport, () => T0)).toEqual({ sent: 3, failed: 1 })
    expect(db.prepare('SELECT id, attempts, last_error FROM outbox WHERE sent_at IS NULL').all()).toEqual([
      { id: 2, attempts: 1, last_error: 'held: Error: refused 2' },
    ])
    const later = () => new Date(T0.getTime() + 3_600_000)
    const again = heldTransport(4)
    expect(await drainOutbox(jobsOf(db), again.transport, later)).toEqual({ sent: 1, failed: 0 })
    expect(again.events).toEqual(['will 2', 'send 2'])
  })

  it('a row whose body cannot be read fails alone and is not announced', async () => {
    for (let n = 1; n <= 3; n++) enqueueMail(db, mail(n), { game: 'g1', kind: 'ack' }, T0)
    db.prepare("UPDATE outbox SET payload = '{not json' WHERE id = 2").run()
    const held = heldTransport(3)
    expect(await drainOutbox(jobsOf(db), held.transport, () => T0)).toEqual({ sent: 2, failed: 1 })
    expect(held.events).toEqual(['will 1,3', 'send 1', 'send 3'])
  })

  it('SMTP: willSend puts the whole group in doubt before the first message goes out', async () => {
    for (let n = 1; n <= 3; n++) enqueueMail(db, mail(n), { game: 'g1', kind: 'ack' }, T0)
    const smtp = new SmtpTransport({ host: '127.0.0.1', port: 9, tls: 'none', db: jobsOf(db), clock: () => T0 })
    try {
      expect(smtp.parallel).toBe(4)
      await smtp.willSend([1, 3])
      // A crash now leaves both rows in doubt: resolveInDoubt looks them up in the archive.
      expect((await rowsInDoubt(jobsOf(db), T0)).map((r) => r.id)).toEqual([1, 3])
    } finally {
      smtp.close()
    }
  })
})
