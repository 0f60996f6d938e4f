// The recorded last tick never moves backwards: a pass dated in the past (a mistyped
// `pbem tick --now`, a clock set back) would make the next real pass see an outage of decades.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runTick, tickLines } from '../../src/schedule/tick.ts'
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
})
