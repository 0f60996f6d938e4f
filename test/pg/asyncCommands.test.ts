// The operator's commands that now run on the judge's async handle, as `pbem serve` does: on
// PostgreSQL none of them sends a statement on the synchronous driver (the worker-thread client,
// which blocks the event loop on each round trip), and what they write is what the synchronous
// way wrote.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { tickCommand } from '../../src/cli/tickCommand.ts'
import { verifyGame } from '../../src/engine/audit.ts'
import { createFixtureDuel, testApp, type TestApp } from '../helpers/app.ts'
import { clockProblems } from '../helpers/clock.ts'
import { HOUR, START } from '../schedule/helpers.ts'
import { bothEngines } from './engines.ts'
import { synchronousCalls } from './syncCalls.ts'

const [engine] = bothEngines()

describe('commands on the async handle, on PostgreSQL', () => {
  let app: TestApp
  beforeEach(() => {
    app = testApp('async-commands', { database: engine!.app()! })
  })
  afterEach(() => app.cleanup())

  const ofType = (game: string, type: string) => app.store.read(`game:${game}`).filter((e) => e.type === type)

  it('pbem tick: reads the inbox, resolves a due game, records the pass and sends the outbox, no synchronous statement', async () => {
    createFixtureDuel(app, 'tk1')
    app.judge.submitOrders('tk1', 'north', 'DRAW 1')
    const deadline = new Date(START + 72 * HOUR)
    await tickCommand(app, new Date(deadline.getTime() - 30_000), () => {})
    app.now.t = deadline.getTime() + 60_000
    const lines: string[] = []
    const sync = synchronousCalls(engine!.name)
    let failed: boolean
    try {
      failed = await tickCommand(app, deadline, (l) => lines.push(l))
    } finally {
      expect(sync.stop()).toEqual([])
    }
    expect(failed).toBe(false)
    expect(lines).toContain('tk1: resolution (deadline)')
    expect(lines.at(-2)).toMatch(/^tick at 2026-03-05T12:00:00.000Z: 1 resolution\(s\) recorded; next due /)
    expect(lines.at(-1)).toMatch(/^0 mail\(s\) read, 1 game\(s\) adjudicated, \d+ mail\(s\) written$/)
    expect(app.judge.lastTick()!.toISOString()).toBe(deadline.toISOString())
    expect(ofType('tk1', 'TurnAdjudicated')).toHaveLength(1)
    expect(verifyGame(app.db, app.judge, 'tk1').ok).toBe(true)
    expect(clockProblems(app.judge)).toEqual([])
  })
})
