// Several judges draining one outbox (issue 16, src/mail/outboxClaim.ts), on both engines: two
// drains at once over two connections send every row exactly once between them; a row another
// judge claimed waits for its claim to lapse (its own judge takes it again at once, after a
// restart); and a row in doubt under another judge's live claim is not settled by this one.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openSqlDatabase } from '../../src/log/engines.ts'
import type { SqlDatabase } from '../../src/log/sql.ts'
import { DropFolderTransport, drainOutbox, enqueueMail, type MailTransport } from '../../src/mail/outbound.ts'
import { CLAIM_BATCH, CLAIM_MS, claimDue } from '../../src/mail/outboxClaim.ts'
import { rowsInDoubt } from '../../src/mail/smtp.ts'
import { bothEngines } from '../pg/engines.ts'

const ENGINES = bothEngines()
const claimOne = (db: SqlDatabase, owner: string, now: Date) =>
  claimDue(db, owner, now, { maxAttempts: 10, after: 0, count: 1 }).map((r) => r.id)
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

let dir: string
const handles: SqlDatabase[] = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'acw-claim-'))
})
afterEach(() => {
  for (const h of handles.splice(0)) h.close()
  rmSync(dir, { recursive: true, force: true })
})

describe.each(ENGINES)('outbox claims on $name', (engine) => {
  /** Two connections to one new database, as two judges have. */
  const twoJudges = (): [SqlDatabase, SqlDatabase] => {
    const target = engine.target(join(dir, 'judge.sqlite'))
    const pair: [SqlDatabase, SqlDatabase] = [openSqlDatabase(target), openSqlDatabase(target)]
    handles.push(...pair)
    return pair
  }

  it('two judges draining at once send every row once between them', async () => {
    const [a, b] = twoJudges()
    for (let n = 1; n <= ROWS; n++) enqueueMail(a, letter(n), { game: 'g1', kind: 'report' }, T0)
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
    const [ra, rb] = await Promise.all([
      drainOutbox(a, slow('a'), () => T0, { owner: 'judge-a' }),
      drainOutbox(b, slow('b'), () => T0, { owner: 'judge-b' }),
    ])
    expect(ra.sent + rb.sent).toBe(ROWS)
    expect(ra.sent).toBeGreaterThan(0)
    expect(rb.sent).toBeGreaterThan(0)
    expect([...sentBy.values()].every((by) => by.length === 1)).toBe(true)
    expect(readdirSync(join(dir, 'a')).length + readdirSync(join(dir, 'b')).length).toBe(ROWS)
    expect(a.prepare('SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL OR claimed_by IS NOT NULL').pluck().get()).toBe(
      0,
    )
  })

  it("leaves a row another judge claimed until the claim lapses; the claimant's own judge takes it at once", () => {
    const [a, b] = twoJudges()
    const id = enqueueMail(a, letter(1), { game: 'g1', kind: 'report' }, T0)
    // Judge a claims the row and dies before sending it.
    expect(claimOne(a, 'judge-a', T0)).toEqual([id])
    expect(claimOne(b, 'judge-b', at(60_000))).toEqual([])
    expect(claimOne(a, 'judge-a', at(60_000))).toEqual([id]) // a, restarted
    expect(claimOne(b, 'judge-b', at(60_000 + CLAIM_MS))).toEqual([id]) // lapsed
    expect(claimOne(a, 'judge-a', at(60_000 + CLAIM_MS))).toEqual([])
  })

  it("does not settle a row in doubt while another judge's claim on it is live", () => {
    const [a, b] = twoJudges()
    const id = enqueueMail(a, letter(1), { game: 'g1', kind: 'report' }, T0)
    claimOne(a, 'judge-a', T0)
    a.prepare('UPDATE outbox SET send_started_at = ? WHERE id = ?').run(T0.toISOString(), id) // mid-SMTP
    expect(rowsInDoubt(b, at(1000), 'judge-b')).toEqual([])
    expect(rowsInDoubt(a, at(1000), 'judge-a').map((r) => r.id)).toEqual([id])
    expect(rowsInDoubt(b, at(CLAIM_MS), 'judge-b').map((r) => r.id)).toEqual([id])
  })
})
