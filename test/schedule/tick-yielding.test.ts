// The deadline tick as `pbem serve` runs it (tickYielding): the same pass as the tick in one go,
// game for game and action for action, but the event loop runs between the games it reads and
// resolves, so that mail is read and sent while many games fall due at once. On both engines.
import { afterEach, describe, expect, it } from 'vitest'
import { inboundHandler } from '../../src/cli/app.ts'
import { tick, tickYielding } from '../../src/schedule/tick.ts'
import { createFixtureDuel, testApp, type TestApp } from '../helpers/app.ts'
import { bothEngines } from '../pg/engines.ts'
import { HOUR, START } from './helpers.ts'
import { count } from '../helpers/asyncSql.ts'

const GAMES = ['fd1', 'fd2', 'fd3']
const MANY = Array.from({ length: 12 }, (_, i) => `many${i + 1}`)
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

  // On PostgreSQL each game's resolution takes its round trips on the synchronous driver: a tick over
  // many games is long enough for a mail to be read, filed and answered in the middle of it.
  it.runIf(engine.name === 'postgres')('answers a mail while a long resolution runs', async () => {
    const app = judgeWithDueGames(engine.app(), MANY)
    const handle = inboundHandler(app)
    await handle(stranger(0), 'test:warm-up') // the intake's modules loaded before the tick starts
    const order: string[] = []
    const resolving = tickYielding(app.judge, new Date(app.now.t)).then((r) => {
      order.push('tick done')
      return r
    })
    const answered = await handle(stranger(1), 'test:during')
    order.push(`mail ${answered}`)
    const report = await resolving
    expect(order).toEqual(['mail unidentified', 'tick done'])
    expect(report.games.filter((g) => g.committed).map((g) => g.game)).toEqual([...MANY].sort())
    expect(await count(app.jobsDb, "SELECT COUNT(*) FROM outbox WHERE recipient LIKE '%stranger%'")).toBe(2)
  })
})

/** A mail naming no game from someone the judge does not know: read, recorded and answered. */
function stranger(n: number): Buffer {
  return Buffer.from(
    [
      'From: Stranger <stranger@example.test>',
      'To: judge@judge.localhost',
      `Subject: question ${n}`,
      `Message-ID: <stranger-${n}@example.test>`,
      'Date: Thu, 05 Mar 2026 12:00:00 +0000',
      '',
      `Which games are open? (${n})`,
      '',
    ].join('\r\n'),
  )
}
