// The clock read model (src/engine/clock/clockModel.ts, src/engine/clockIndex.ts) over random
// sequences of what happens to a game: orders, absences, schedule changes, moderator commands and
// ticks at random instants. After every step the game_clock row must equal a from-scratch
// computation from the log, the tick must find the game due exactly when its plan has work, and
// no instant before the row's next_at may have work.
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { planGame } from '../../src/engine/clock/lifecycle.ts'
import { clockEntry, instantsOfInterest } from '../../src/engine/clock/clockModel.ts'
import { tickJobs } from '../../src/cli/app.ts'
import type { Judge } from '../../src/engine/judge.ts'
import { dueGamesAsync } from '../../src/log/repos/gameClock.ts'
import { tickYielding } from '../../src/schedule/tick.ts'
import type { TestApp } from '../helpers/app.ts'
import { callsAsync, createFixtureDuelAsync, loadAsync, testAppAsync } from '../helpers/asyncJudge.ts'
import { clockProblemsAsync } from '../helpers/clock.ts'
import { seeds } from '../helpers/properties.ts'
import { seededRandom as random } from '../helpers/random.ts'
import { bothEngines } from '../pg/engines.ts'
import { HOUR } from './helpers.ts'

// Every sequence runs on both engines.
const ENGINES = bothEngines()

let app: TestApp | null = null
afterEach(() => {
  app?.cleanup()
  app = null
})

// On the fixture duel: draws (some asking about high cards, so questions open too), passes that
// rest a seat for a round, and nonsense.
const ORDERS: Record<string, string[]> = {
  north: ['DRAW 1', 'DRAW 3\nHIGH ASK', 'NONSENSE'],
  south: ['DRAW 2\nHIGH ASK', 'PASS', 'NONSENSE'],
}
const ROLES = ['north', 'south'] as const
const day = (t: number) => new Date(t).toISOString().slice(0, 10)

type Step = (a: TestApp, r: () => number) => Promise<string>

// Each step acts as the commands and `pbem serve` act, on the async handle: a call on a planning
// judge written in one batch, the batched tick. Its random draws are all made before the call, which
// may run more than once.
const call = <T>(a: TestApp, fn: (j: Judge) => T) => callsAsync(a, 'fd1', fn)

const STEPS: Step[] = [
  async (a, r) => {
    const role = ROLES[Math.floor(r() * 2)]!
    const text = ORDERS[role]![Math.floor(r() * 3)]!
    a.now.t += Math.floor(r() * 6 * HOUR)
    await call(a, (j) => j.submitOrders('fd1', role, text))
    return `orders ${role}`
  },
  async (a, r) => {
    a.now.t += Math.floor(r() * 40 * HOUR)
    await tickYielding(a.judge, new Date(a.now.t), { recordTick: r() < 0.3, jobs: tickJobs(a) })
    return 'tick'
  },
  async (a, r) => {
    const role = ROLES[Math.floor(r() * 2)]!
    const from = a.now.t + Math.floor(r() * 3) * 24 * HOUR
    const to = day(from + (1 + Math.floor(r() * 3)) * 24 * HOUR)
    await call(a, (j) => j.setAbsence('fd1', role, day(from), to))
    return `absence ${role}`
  },
  async (a, r) => {
    const role = ROLES[Math.floor(r() * 2)]!
    await call(a, (j) => j.cancelAbsence('fd1', role))
    return 'absence cancelled'
  },
  async (a, r) => {
    const missed = (['default', 'grace', 'pause'] as const)[Math.floor(r() * 3)]!
    const schedule = {
      missed,
      early: r() < 0.7,
      delayMinutes: Math.floor(r() * 3) * 30,
      reminderHours: r() < 0.5 ? [24] : [48, 6],
      lateNoticeHours: r() < 0.5 ? [24] : [12, 36],
    }
    await call(a, (j) => j.setSchedule('fd1', schedule))
    return `schedule ${missed}`
  },
  async (a, r) => {
    const fold = await loadAsync(a, 'fd1')
    if (fold.finished) return 'nothing'
    if (fold.paused) {
      const hours = 24 + Math.floor(r() * 48)
      await call(a, (j) => j.resume('fd1', { by: 'moderator', hours }))
    } else if (r() < 0.5) await call(a, (j) => j.pause('fd1', { by: 'moderator' }))
    else {
      const hours = 1 + Math.floor(r() * 30)
      await call(a, (j) => j.extend('fd1', hours, { by: 'moderator' }))
    }
    return 'moderator'
  },
]

async function checkStep(a: TestApp, r: () => number, what: string): Promise<void> {
  expect(await clockProblemsAsync(a), what).toEqual([])
  const fold = await loadAsync(a, 'fd1')
  const entry = clockEntry(fold)
  const now = a.now.t
  const hasWork = planGame(fold, new Date(now)).actions.length > 0
  const due = (await dueGamesAsync(a.jobsDb, now)).some((d) => d.game === 'fd1')
  // Work is never missed: a game with work now is due.
  if (hasWork) expect(due, `${what}: due now, as the plan has work`).toBe(true)
  // A game due without work is one whose work fell due and then lapsed with no tick in between (a
  // reminder owed to a player whose absence began since): the row still names that work's instant.
  // The tick then finds nothing to do; it costs a plan, never a wrong action.
  else if (due)
    expect(
      entry.nextAt !== null && entry.nextAt <= now && planGame(fold, new Date(entry.nextAt)).actions.length > 0,
      `${what}: due without work only for work that lapsed untended`,
    ).toBe(true)
  if (entry.nextAt === null) {
    for (const t of instantsOfInterest(fold)) expect(planGame(fold, new Date(t)).actions, what).toEqual([])
    return
  }
  expect(planGame(fold, new Date(entry.nextAt)).actions.length, what).toBeGreaterThan(0)
  // Nothing earlier has work: the instants of interest themselves, the instant just before next_at, random ones.
  const earlier = [
    ...instantsOfInterest(fold),
    entry.nextAt - 1,
    ...Array.from({ length: 5 }, () => r() * entry.nextAt!),
  ]
  for (const t of earlier.filter((x) => x >= 0 && x < entry.nextAt!))
    expect(planGame(fold, new Date(t)).actions, `${what} at ${new Date(t).toISOString()}`).toEqual([])
}

describe.each(ENGINES)('the clock read model over random event sequences on $name', (engine) => {
  it("the row equals the log's, and the tick finds the game due exactly when it has work", async () => {
    // A sequence is drawn from a seed: fast-check prints a failing one's seed (FC_SEED replays it).
    await fc.assert(
      fc.asyncProperty(seeds, async (seed) => {
        app?.cleanup()
        app = await testAppAsync(`clock-${seed}`, { database: engine.app() })
        await createFixtureDuelAsync(app)
        const r = random(seed)
        await checkStep(app, r, 'created')
        for (let i = 0; i < 30; i++) {
          const step = STEPS[Math.floor(r() * STEPS.length)]!
          let did: string
          try {
            did = await step(app, r)
          } catch (e) {
            did = `refused (${(e as Error).message})` // a refusal changes nothing, and is a step too
          }
          await checkStep(app, r, `step ${i}: ${did}`)
        }
      }),
      { numRuns: 6 },
    )
  }, 360_000)
})
