// The standby house's play at a deadline carried out in the batch of the tick `pbem serve` runs
// (src/engine/resolutionBatch.ts) exactly as the synchronous tick carries it out: the same events,
// hash for hash, and the same mail; a house player that throws is recorded as failed, the
// resolution going on without its orders, as in the synchronous tick.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { tickJobs } from '../../src/cli/app.ts'
import type { HousePlayer } from '../../src/games/contract.ts'
import { tick, tickYielding } from '../../src/schedule/tick.ts'
import { createFixtureDuel, outboxRows, testApp, type TestApp } from '../helpers/app.ts'
import { HOUR, START } from '../schedule/helpers.ts'
import { HOUSED, registerHousedDuel } from './housedFixture.ts'

const WORKING: HousePlayer = {
  orders: (_view, _role, _level, choice) => `DRAW ${choice.below(3, 'how many') + 1}`,
  answer: (_view, q) => q.defaultOption,
}
const THROWING: HousePlayer = {
  orders: () => {
    throw new Error('the house lost its way')
  },
  answer: (_view, q) => q.defaultOption,
}
let house = WORKING
registerHousedDuel(() => house)

const apps: TestApp[] = []
afterEach(() => {
  for (const a of apps.splice(0)) a.cleanup()
  house = WORKING
  vi.restoreAllMocks()
})

/** The standby duel at its deadline with North's orders missing, ticked one way or the other. */
async function deadline(batched: boolean) {
  const app = testApp('standby', { serverSecret: 'ab'.repeat(32) })
  apps.push(app)
  createFixtureDuel(app, 'sb1', { ruleset: HOUSED, standby: 'house:cautious' })
  app.judge.submitOrders('sb1', 'south', 'DRAW 1')
  app.now.t = START + 73 * HOUR
  const plans = vi.spyOn(app.judge, 'applyPlan')
  const at = new Date(app.now.t)
  const report = batched
    ? await tickYielding(app.judge, at, { recordTick: false, jobs: tickJobs(app) })
    : tick(app.judge, at, { recordTick: false })
  return {
    games: report.games.map((g) => ({ game: g.game, actions: g.actions, committed: g.committed, error: g.error })),
    events: app.store.read('game:sb1').map((e) => ({ type: e.type, data: e.data, hash: e.hash })),
    mail: outboxRows(app).map((m) => ({ to: m.recipient, kind: m.kind, subject: m.mail.subject, text: m.mail.text })),
    // The batch runs the plan against a judge derived from the app's; the synchronous tick on the app's.
    onTheJudge: plans.mock.contexts.filter((c) => c === app.judge).length,
  }
}

describe('the standby house in the batched tick', () => {
  it('plays the missed orders as the synchronous tick does, event for event and mail for mail', async () => {
    const sync = await deadline(false)
    const batched = await deadline(true)
    expect(sync.onTheJudge).toBe(1)
    expect(batched.onTheJudge).toBe(0)
    expect(batched.events.map((e) => e.type)).toContain('StandbyPlayed')
    expect(batched.games).toEqual(sync.games)
    expect(batched.events).toEqual(sync.events)
    expect(batched.mail).toEqual(sync.mail)
  })

  it('a house that throws is recorded as failed and the point resolved without it, as the synchronous tick does', async () => {
    house = THROWING
    const sync = await deadline(false)
    const batched = await deadline(true)
    expect(batched.onTheJudge).toBe(0)
    expect(batched.events.map((e) => e.type)).toContain('HouseSeatFailed')
    expect(batched.events.map((e) => e.type)).not.toContain('StandbyPlayed')
    expect(batched.games).toEqual(sync.games)
    expect(batched.events).toEqual(sync.events)
    expect(batched.mail).toEqual(sync.mail)
  })
})
