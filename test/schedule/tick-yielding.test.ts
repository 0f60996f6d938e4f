// The deadline tick as `pbem serve` runs it (tickYielding): the same pass as the tick in one go,
// game for game and action for action, but the event loop runs between the games it reads and
// resolves, so that mail is read and sent while many games fall due at once (a mail answered during a
// pass: tick-batched.test.ts). On both engines.
import { afterEach, describe, expect, it } from 'vitest'
import { tick, tickYielding } from '../../src/schedule/tick.ts'
import { createFixtureDuel, testApp, type TestApp } from '../helpers/app.ts'
import { bothEngines } from '../pg/engines.ts'
import { HOUR, START } from './helpers.ts'

const GAMES = ['fd1', 'fd2', 'fd3']
const apps: TestApp[] = []
afterEach(() => {
  for (const a of apps.splice(0)) a.cleanup()
})

function judgeWithDueGames(database: string | undefined, games = GAMES): TestApp {
  const app = testApp('tick-yielding', database ? { database } : {})
  apps.push(app)
  for (const g of games) createFixtureDuel(app, g)
  app.now.t = START + 72 * HOUR // the duels' first deadline
  return app
}

describe.each(bothEngines())('tickYielding on $name', (engine) => {
  it('resolves the due games as the tick in one go does, and lets the event loop run between them', async () => {
    const whole = judgeWithDueGames(engine.app())
    const expected = tick(whole.judge, new Date(whole.now.t))
    expect(expected.games.filter((g) => g.committed).map((g) => g.game)).toEqual(GAMES)

    const serving = judgeWithDueGames(engine.app())
    let turns = 0
    let spinning = true
    const spin = () => {
      turns++
      if (spinning) setImmediate(spin)
    }
    setImmediate(spin)
    const report = await tickYielding(serving.judge, new Date(serving.now.t))
    spinning = false
    const summary = (r: typeof report) =>
      r.games.map((g) => ({ game: g.game, actions: g.actions, committed: g.committed }))
    expect(summary(report)).toEqual(summary(expected))
    // At least once after each game read and each game resolved.
    expect(turns).toBeGreaterThanOrEqual(2 * GAMES.length)
  })
})
