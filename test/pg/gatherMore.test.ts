// The batched paths' ways back to the synchronous driver made into "read more and decide again": a
// decision that asks for a secret its batch did not read ahead stops (NotReadAhead), and the next
// batch reads that secret ahead with the game and decides again. On PostgreSQL none of these sends a
// statement on the synchronous driver, and each writes what the synchronous way writes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { lockedWaysTaken, waysBackTaken } from '../../src/engine/gathering.ts'
import { onPlanningJudge } from '../../src/engine/judgeBatch.ts'
import { handleInbound, type IntakeDeps } from '../../src/mail/intake.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { createFixtureDuel, outboxRows, testApp, type TestApp } from '../helpers/app.ts'
import { plainMails } from '../helpers/plainMail.ts'
import { bothEngines } from './engines.ts'
import { synchronousCalls } from './syncCalls.ts'

const [engine] = bothEngines()

const eml = plainMails('gather')

/**
 * The ways back noted since `before`, by `site: what`: to the synchronous driver (waysBackTaken),
 * and carried out locked on the async handle (lockedWaysTaken), which reading ahead spares too.
 */
function takenSince(before: { back: Map<string, number>; locked: Map<string, number> }): string[] {
  const grew = (taken: ReadonlyMap<string, number>, was: Map<string, number>) =>
    [...taken].flatMap(([k, n]) => (n > (was.get(k) ?? 0) ? [k] : []))
  return [...grew(waysBackTaken(), before.back), ...grew(lockedWaysTaken(), before.locked)]
}
const census = () => ({ back: new Map(waysBackTaken()), locked: new Map(lockedWaysTaken()) })

describe('a batched decision reads ahead what it reached for, and decides again', () => {
  let app: TestApp
  let keys: Record<string, string>
  beforeEach(() => {
    app = testApp('gather-more', { database: engine!.app()! })
    keys = createFixtureDuel(app, 'gm1').keys
    app.judge.submitOrders('gm1', 'north', 'DRAW 1')
    app.judge.submitOrders('gm1', 'south', 'DRAW 2')
    app.judge.adjudicate('gm1')
  })
  afterEach(() => app.cleanup())

  const deps = (batched: boolean): IntakeDeps => ({
    judge: app.judge,
    db: app.db,
    ...(batched ? { jobsDb: app.jobsDb } : {}),
    outbox: sqliteOutbox(app.db, app.clock),
    clock: app.clock,
  })

  /** The text of the last report sent again, without its lines that name the mail it answers. */
  const sentAgain = () => {
    const rows = outboxRows(app).filter((r) => r.mail.subject.endsWith('(sent again)'))
    return rows.map((r) => ({ to: r.recipient, subject: r.mail.subject, text: r.mail.text }))
  }

  it("REPORT 0 by mail: the game's hidden-draw secret (the opening fold) read ahead on a second batch, none synchronously", async () => {
    const report = `GAME gm1 SOUTH\nKEY ${keys.south}\nREPORT 0`
    // A fresh process: no fold kept, every secret read ahead or not at all.
    app.judge.folds.clear()
    const before = census()
    const sync = synchronousCalls(engine!.name)
    let outcome: string
    try {
      outcome = await handleInbound(eml('south@example.test', report), 'test', deps(true))
    } finally {
      expect(sync.stop()).toEqual([])
    }
    expect(outcome).toBe('command')
    expect(takenSince(before)).toEqual([])
    const batched = sentAgain()
    expect(batched).toHaveLength(1)
    // The synchronous way sends the same report again.
    app.judge.folds.clear()
    expect(await handleInbound(eml('south@example.test', report), 'test', deps(false))).toBe('command')
    const both = sentAgain()
    expect(both).toHaveLength(2)
    expect(both[1]).toEqual(batched[0])
  })

  it("a command's calls that reach another game's opening fold: that game and its hidden-draw secret read ahead on later batches, none synchronously", async () => {
    createFixtureDuel(app, 'gm2')
    const opening = (j: typeof app.judge) => j.reportAgain('gm2', 0, { kind: 'role', role: 'south' })?.text ?? null
    app.judge.folds.clear()
    const before = census()
    const sync = synchronousCalls(engine!.name)
    let text: string | null
    try {
      text = await onPlanningJudge(app.judge, { db: app.jobsDb, letterSteps: () => [] }, 'gm1', opening)
    } finally {
      expect(sync.stop()).toEqual([])
    }
    expect(takenSince(before)).toEqual([])
    expect(text).toContain('gm2')
    expect(text).toBe(opening(app.judge))
  })
})
