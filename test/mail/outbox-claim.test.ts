// Several judges draining one outbox (src/mail/outboxClaim.ts), on both engines: two
// drains at once over two connections send every row exactly once between them; a row another
// judge claimed waits for its claim to lapse (its own judge takes it again at once, after a
// restart); a claim renewed before each group of sends keeps the others off; and a row in doubt under
// another judge's live claim is not settled by this one, while one whose claim lapsed is taken over,
// settled against the archive and sent once, the judge that lost it unable to send it again.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AsyncDatabase } from '../../src/log/async/database.ts'
import { openAsyncDatabase } from '../../src/log/async/open.ts'
import {
  DropFolderTransport,
  drainOutbox,
  enqueueMailSteps,
  type MailTransport,
  type OutboundMail,
} from '../../src/mail/outbound.ts'
import { CLAIM_BATCH, CLAIM_MS, claimDue, renewClaims } from '../../src/mail/outboxClaim.ts'
import { resolveInDoubt, rowsInDoubt } from '../../src/mail/smtp.ts'
import { count, pluck, run } from '../helpers/asyncSql.ts'
import { bothEngines } from '../pg/engines.ts'

const ENGINES = bothEngines()
const claimOne = async (db: AsyncDatabase, owner: string, now: Date) =>
  (await claimDue(db, owner, now, { maxAttempts: 10, after: 0, count: 1 })).map((r) => r.id)
const ROWS = 3 * CLAIM_BATCH // claimed a batch at a time: both judges get some
const T0 = new Date('2026-04-21T06:00:00.000Z')
const at = (ms: number) => new Date(T0.getTime() + ms)

const letter = (n: number) => ({
  messageId: `report.g1.${n}@judge.example`,
  from: 'PBEM judge <orders@judge.example>',
  to: `player${n}@example.test`,
  subject: `Results ${n}`,
  text: `turn ${n}`,
})

/** A report mail queued for g1 (as enqueueMail, on the async handle): its row's id. */
async function enqueue(db: AsyncDatabase, mail: OutboundMail, now: Date): Promise<number> {
  await db.batch(enqueueMailSteps(db.engine, mail, { game: 'g1', kind: 'report' }, now))
  return Number(await pluck(db, 'SELECT id FROM outbox WHERE message_id = ?', mail.messageId))
}

let dir: string
const handles: AsyncDatabase[] = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'acw-claim-'))
})
afterEach(async () => {
  await Promise.all(handles.splice(0).map((h) => h.close()))
  rmSync(dir, { recursive: true, force: true })
})

describe.each(ENGINES)('outbox claims on $name', (engine) => {
  /** Two connections to one new database, as two judges have. */
  const twoJudges = async (): Promise<[AsyncDatabase, AsyncDatabase]> => {
    const target = engine.target(join(dir, 'judge.sqlite'))
    const pair: [AsyncDatabase, AsyncDatabase] = [await openAsyncDatabase(target), await openAsyncDatabase(target)]
    handles.push(...pair)
    return pair
  }

  it('two judges draining at once send every row once between them', async () => {
    const [a, b] = await twoJudges()
    for (let n = 1; n <= ROWS; n++) await enqueue(a, letter(n), T0)
    const sentBy = new Map<number, string[]>()
    const slow = (name: string): MailTransport => {
      const drop = new DropFolderTransport(join(dir, name))
      return {
        name,
        async send(mail, eml, id) {
          sentBy.set(id, [...(sentBy.get(id) ?? []), name])
          await new Promise((r) => setTimeout(r, 5)) // sends overlap: both judges are mid-drain together
          await drop.send(mail, eml, id)
        },
      }
    }
    // Each judge drains a batch at a time until nothing is left, as sendOutbox does with its limit:
    // one drain of 100 would claim all 60 rows before the other judge's first claim.
    const drainAll = async (db: AsyncDatabase, t: MailTransport, owner: string) => {
      const total = { sent: 0, failed: 0 }
      for (;;) {
        const r = await drainOutbox(db, t, () => T0, { owner, limit: CLAIM_BATCH })
        total.sent += r.sent
        total.failed += r.failed
        if (r.sent + r.failed === 0) return total
      }
    }
    const [ra, rb] = await Promise.all([drainAll(a, slow('a'), 'judge-a'), drainAll(b, slow('b'), 'judge-b')])
    expect(ra.sent + rb.sent).toBe(ROWS)
    expect(ra.sent).toBeGreaterThan(0)
    expect(rb.sent).toBeGreaterThan(0)
    expect([...sentBy.values()].every((by) => by.length === 1)).toBe(true)
    expect(readdirSync(join(dir, 'a')).length + readdirSync(join(dir, 'b')).length).toBe(ROWS)
    expect(await count(a, 'SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL OR claimed_by IS NOT NULL')).toBe(0)
  })

  it("leaves a row another judge claimed until the claim lapses; the claimant's own judge takes it at once", async () => {
    const [a, b] = await twoJudges()
    const id = await enqueue(a, letter(1), T0)
    // Judge a claims the row and dies before sending it.
    expect(await claimOne(a, 'judge-a', T0)).toEqual([id])
    expect(await claimOne(b, 'judge-b', at(CLAIM_MS / 2))).toEqual([])
    expect(await claimOne(a, 'judge-a', at(CLAIM_MS / 2))).toEqual([id]) // a, restarted
    expect(await claimOne(b, 'judge-b', at(CLAIM_MS / 2 + CLAIM_MS))).toEqual([id]) // lapsed
    expect(await claimOne(a, 'judge-a', at(CLAIM_MS / 2 + CLAIM_MS))).toEqual([])
  })

  it('renews a claim while its judge holds it; once another judge took it over the renewal is refused', async () => {
    const [a, b] = await twoJudges()
    const id = await enqueue(a, letter(1), T0)
    expect(await claimOne(a, 'judge-a', T0)).toEqual([id])
    expect([...(await renewClaims(a, 'judge-a', [id], at(CLAIM_MS / 2)))]).toEqual([id]) // until 1.5 CLAIM_MS
    expect(await claimOne(b, 'judge-b', at(CLAIM_MS + 1))).toEqual([])
    expect(await claimOne(b, 'judge-b', at(1.5 * CLAIM_MS))).toEqual([id]) // lapsed: b takes it
    expect([...(await renewClaims(a, 'judge-a', [id], at(1.5 * CLAIM_MS + 1)))]).toEqual([]) // a must not send it
  })

  it('renews the claims before each group: every send starts with a full claim ahead of it', async () => {
    const [a] = await twoJudges()
    for (let n = 1; n <= 4; n++) await enqueue(a, letter(n), T0)
    const clock = { t: 0 }
    const drop = new DropFolderTransport(join(dir, 'a'))
    const ahead: number[] = []
    const slow: MailTransport = {
      name: 'slow',
      parallel: 1,
      async send(mail, eml, id) {
        const until = String(await pluck(a, 'SELECT claimed_until FROM outbox WHERE id = ?', id))
        ahead.push(Date.parse(until) - at(clock.t).getTime())
        clock.t += 0.6 * CLAIM_MS // four sends outlast one claim by far
        await drop.send(mail, eml, id)
      },
    }
    expect(await drainOutbox(a, slow, () => at(clock.t), { owner: 'judge-a' })).toEqual({ sent: 4, failed: 0 })
    expect(ahead).toEqual([CLAIM_MS, CLAIM_MS, CLAIM_MS, CLAIM_MS])
  })

  it("takes over a row in doubt once another judge's claim lapsed: settled by the archive, sent once", async () => {
    const [a, b] = await twoJudges()
    const taken = await enqueue(a, letter(1), T0)
    const lost = await enqueue(a, letter(2), T0)
    // Judge a claims both and hands them to SMTP; the server took the first, then a was killed.
    expect((await claimDue(a, 'judge-a', T0, { maxAttempts: 10, after: 0 })).map((r) => r.id)).toEqual([taken, lost])
    await run(a, 'UPDATE outbox SET send_started_at = ? WHERE sent_at IS NULL', T0.toISOString())
    const archive = { find: async (ids: string[]) => new Set(ids.filter((i) => i === letter(1).messageId)) }
    expect(await resolveInDoubt(b, { archive, owner: 'judge-b', clock: () => at(1000) })).toEqual({
      confirmed: [],
      released: [],
      held: [],
    })
    const settled = await resolveInDoubt(b, { archive, owner: 'judge-b', clock: () => at(CLAIM_MS) })
    expect(settled).toEqual({ confirmed: [taken], released: [lost], held: [] })
    // b holds the released row now: a, had it only been slow, can no longer renew and send it.
    expect([...(await renewClaims(a, 'judge-a', [taken, lost], at(CLAIM_MS + 1)))]).toEqual([])
    const drop = new DropFolderTransport(join(dir, 'b'))
    expect(await drainOutbox(a, drop, () => at(CLAIM_MS + 1), { owner: 'judge-a' })).toEqual({
      sent: 0,
      failed: 0,
    })
    expect(await drainOutbox(b, drop, () => at(CLAIM_MS + 1), { owner: 'judge-b' })).toEqual({
      sent: 1,
      failed: 0,
    })
    expect(readdirSync(join(dir, 'b'))).toHaveLength(1)
    expect(await count(b, 'SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL')).toBe(0)
  })

  it("does not settle a row in doubt while another judge's claim on it is live", async () => {
    const [a, b] = await twoJudges()
    const id = await enqueue(a, letter(1), T0)
    await claimOne(a, 'judge-a', T0)
    await run(a, 'UPDATE outbox SET send_started_at = ? WHERE id = ?', T0.toISOString(), id) // mid-SMTP
    expect(await rowsInDoubt(b, at(1000), 'judge-b')).toEqual([])
    expect((await rowsInDoubt(a, at(1000), 'judge-a')).map((r) => r.id)).toEqual([id])
    expect((await rowsInDoubt(b, at(CLAIM_MS), 'judge-b')).map((r) => r.id)).toEqual([id])
  })
})
