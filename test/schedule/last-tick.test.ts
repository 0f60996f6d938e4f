// The recorded last tick never moves backwards: a pass dated in the past (a mistyped
// `pbem tick --now`, a clock set back) would make the next real pass see an outage of decades.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type App, openApp, tickJobs } from '../../src/cli/app.ts'
import { demoSecret } from '../../src/cli/demo.ts'
import { verifyGame } from '../../src/engine/audit.ts'
import { serverSecret } from '../../src/engine/keys.ts'
import { ResolutionBatch } from '../../src/engine/resolutionBatch.ts'
import { runTick, tickLines, tickYielding } from '../../src/schedule/tick.ts'
import { createFixtureGame, outboxRows, testApp, type TestApp } from '../helpers/app.ts'
import { clockProblems } from '../helpers/clock.ts'
import { bothEngines } from '../pg/engines.ts'
import { synchronousCalls } from '../pg/syncCalls.ts'
import { eventsOf, HOUR, START, tickAt } from './helpers.ts'

// Every case runs on both engines: judge.sqlite, and a fresh PostgreSQL database.
const ENGINES = bothEngines()

describe.each(ENGINES)('the last tick, on $name', (engine) => {
  let app: TestApp
  beforeEach(() => {
    app = testApp('test', { database: engine.app() })
    createFixtureGame(app)
  })
  afterEach(() => app.cleanup())

  it('stays put when a pass is dated earlier, so the next real pass sees no outage', () => {
    tickAt(app, START + HOUR)
    const past = runTick(app.judge, new Date('1899-01-01T00:00:00Z'))
    expect(past.outage).toBeNull()
    expect(tickLines(past)[0]).toBe(
      'the clock (1899-01-01T00:00:00.000Z) is behind the last tick (2026-03-02T13:00:00.000Z): the last tick stays',
    )
    expect(app.judge.lastTick()!.toISOString()).toBe(new Date(START + HOUR).toISOString())

    const next = tickAt(app, START + HOUR + 5 * 60_000)
    expect(next.previousTick).toBe(new Date(START + HOUR).toISOString())
    expect(next.outage).toBeNull()
    expect(eventsOf(app, 'OutageDetected', 'fx1')).toHaveLength(0)
    expect(eventsOf(app, 'DeadlineSet', 'fx1').map((e) => e.data.deadline)).toEqual(['2026-03-05T12:00:00.000Z'])
  })

  it('moves forward with every later pass', () => {
    tickAt(app, START + HOUR)
    tickAt(app, START + 2 * HOUR)
    expect(app.judge.lastTick()!.toISOString()).toBe(new Date(START + 2 * HOUR).toISOString())
  })

  // `pbem serve`'s pass records itself on the async handle (one statement that never moves the
  // record back) unless the silence may call for the outage guard, which runs under the lock.
  describe('on the async handle', () => {
    const serve = (t: number, log?: (line: string) => void) =>
      tickYielding(app.judge, new Date(t), { jobs: tickJobs(app), ...(log ? { log } : {}) })

    it('stays put when a pass is dated earlier, and a silence under the threshold moves nothing', async () => {
      await serve(START + HOUR)
      const lines: string[] = []
      const past = await serve(Date.parse('1899-01-01T00:00:00Z'), (l) => lines.push(l))
      expect(past.previousTick).toBe(new Date(START + HOUR).toISOString())
      expect(lines).toContain(
        'the clock (1899-01-01T00:00:00.000Z) is behind the last tick (2026-03-02T13:00:00.000Z): the last tick stays',
      )
      expect(app.judge.lastTick()!.toISOString()).toBe(new Date(START + HOUR).toISOString())
      // Twenty minutes of silence: longer than the floor, shorter than the game's threshold.
      const next = await serve(START + HOUR + 20 * 60_000)
      expect(next.previousTick).toBe(new Date(START + HOUR).toISOString())
      expect(next.outage).toBeNull()
      expect(app.judge.lastTick()!.toISOString()).toBe(new Date(START + HOUR + 20 * 60_000).toISOString())
      expect(eventsOf(app, 'OutageDetected', 'fx1')).toHaveLength(0)
    })

    it('after a silence longer than the threshold moves the open deadline once, even with two passes at once', async () => {
      await serve(START + HOUR)
      const down = START + HOUR + 24 * HOUR
      const [a, b] = await Promise.all([serve(down), serve(down)])
      expect([a.outage, b.outage].filter((o) => o !== null)).toEqual([
        { from: '2026-03-02T13:00:00.000Z', to: '2026-03-03T13:00:00.000Z', hours: 24, games: ['fx1'] },
      ])
      expect(eventsOf(app, 'OutageDetected', 'fx1')).toHaveLength(1)
      expect(eventsOf(app, 'DeadlineSet', 'fx1').map((e) => e.data.deadline)).toEqual([
        '2026-03-05T12:00:00.000Z',
        '2026-03-06T12:00:00.000Z',
      ])
      expect(app.judge.lastTick()!.toISOString()).toBe(new Date(down).toISOString())
    })

    /** A second judge on the same database. */
    const secondJudge = (): App =>
      openApp({
        dataDir: app.dirs.data,
        database: app.dirs.db,
        clock: () => new Date(app.now.t),
        newSecret: demoSecret('test'),
        moderatorAddress: 'mod@example.test',
        mailDomain: 'judge.example.test',
      })
    const DOWN = START + HOUR + 24 * HOUR
    const outageMail = () => outboxRows(app).filter((m) => m.mail.subject.includes('The judge was down')).length

    it('two judges ticking at once after an outage move each open deadline once, with no synchronous statement', async () => {
      createFixtureGame(app, 'fx2')
      const second = secondJudge()
      try {
        await serve(START + HOUR)
        // What a judge reads the synchronous way once, the first time: the server secret's record in
        // the log, and a game's hidden-draw secret when it folds the game from scratch.
        serverSecret(second.db)
        for (const g of ['fx1', 'fx2']) second.judge.load(g)
        for (let i = 0; i < 3; i++) {
          const down = DOWN + i * 24 * HOUR
          const sync = synchronousCalls(engine.name)
          let reports: Awaited<ReturnType<typeof tickYielding>>[]
          try {
            const [first, later] = i % 2 ? [second, app] : [app, second]
            reports = await Promise.all(
              [first, later].map((a) => tickYielding(a.judge, new Date(down), { jobs: tickJobs(a) })),
            )
          } finally {
            expect(sync.stop()).toEqual([])
          }
          const hours = 24
          const from = new Date(down - 24 * HOUR).toISOString()
          expect(reports.map((r) => r.outage).filter((o) => o !== null)).toEqual([
            { from, to: new Date(down).toISOString(), hours, games: ['fx1', 'fx2'] },
          ])
          for (const g of ['fx1', 'fx2']) {
            expect(eventsOf(app, 'OutageDetected', g)).toHaveLength(i + 1)
            expect(eventsOf(app, 'DeadlineSet', g).at(-1)!.data.deadline).toBe(
              new Date(Date.parse('2026-03-05T12:00:00.000Z') + (i + 1) * 24 * HOUR).toISOString(),
            )
            expect(verifyGame(app.db, app.judge, g).ok).toBe(true)
          }
          expect(app.judge.lastTick()!.toISOString()).toBe(new Date(down).toISOString())
        }
        // Each outage told once: the player and the moderator of each game, three times.
        expect(outageMail()).toBe(2 * 2 * 3)
        expect(clockProblems(app.judge)).toEqual([])
      } finally {
        second.close()
      }
    })

    it('a judge that reads the games after another judge moved them finds the last tick moved too, and moves nothing', async () => {
      const second = secondJudge()
      try {
        await serve(START + HOUR)
        serverSecret(second.db)
        second.judge.load('fx1')
        const open = ResolutionBatch.open
        let first: ReturnType<typeof tickYielding> | null = null
        const spy = vi.spyOn(ResolutionBatch, 'open').mockImplementation(async (j, jobs, game) => {
          // The second judge has read the last tick; the first runs its whole pass before the second reads the game.
          if (j === second.judge && !first)
            await (first = tickYielding(app.judge, new Date(DOWN), { jobs: tickJobs(app) }))
          return open.call(ResolutionBatch, j, jobs, game)
        })
        let later: Awaited<ReturnType<typeof tickYielding>>
        try {
          later = await tickYielding(second.judge, new Date(DOWN), { jobs: tickJobs(second) })
        } finally {
          spy.mockRestore()
        }
        expect((await first!).outage).toMatchObject({ games: ['fx1'], hours: 24 })
        expect(later.outage).toBeNull()
        expect(later.previousTick).toBe(new Date(DOWN).toISOString())
        expect(eventsOf(app, 'OutageDetected', 'fx1')).toHaveLength(1)
        expect(eventsOf(app, 'DeadlineSet', 'fx1').map((e) => e.data.deadline)).toEqual([
          '2026-03-05T12:00:00.000Z',
          '2026-03-06T12:00:00.000Z',
        ])
        expect(outageMail()).toBe(2)
      } finally {
        second.close()
      }
    })

    it('an order filed after the guard read the game makes its batch fail whole: read again, the deadline moved once', async () => {
      await serve(START + HOUR)
      const steps = ResolutionBatch.prototype.steps
      let receipt = ''
      const spy = vi.spyOn(ResolutionBatch.prototype, 'steps').mockImplementation(function (this: ResolutionBatch) {
        if (!receipt) receipt = app.judge.submitOrders('fx1', 'solo', 'DRAW 1').receipt
        return steps.call(this)
      })
      let report: Awaited<ReturnType<typeof tickYielding>>
      try {
        report = await serve(DOWN)
      } finally {
        spy.mockRestore()
      }
      expect(receipt).not.toBe('')
      expect(report.outage).toMatchObject({ games: ['fx1'], hours: 24 })
      expect(eventsOf(app, 'OutageDetected', 'fx1')).toHaveLength(1)
      expect(eventsOf(app, 'OrdersAccepted', 'fx1')).toHaveLength(1)
      expect(eventsOf(app, 'DeadlineSet', 'fx1').map((e) => e.data.deadline)).toEqual([
        '2026-03-05T12:00:00.000Z',
        '2026-03-06T12:00:00.000Z',
      ])
      expect(outageMail()).toBe(2)
      expect(verifyGame(app.db, app.judge, 'fx1').ok).toBe(true)
      expect(clockProblems(app.judge)).toEqual([])
    })
  })
})
