// The recorded last tick never moves backwards: a pass dated in the past (a mistyped
// `pbem tick --now`, a clock set back) would make the next real pass see an outage of decades.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { tickJobs } from '../../src/cli/app.ts'
import { runTick, tickLines, tickYielding } from '../../src/schedule/tick.ts'
import { createFixtureGame, testApp, type TestApp } from '../helpers/app.ts'
import { bothEngines } from '../pg/engines.ts'
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
  })
})
