// A test's judge opened and driven the way the commands and `pbem serve` drive theirs: on the async
// handle, so that on PostgreSQL nothing goes on the synchronous driver (the worker-thread client,
// which blocks the event loop on each round trip; test/pg/syncCensus.ts counts what still does).
// Games are created in one batch (createGameBatched), the judge's calls run on a planning judge whose
// writes go in one batch (onPlanningJudge), reads on a reading judge (onReadingJudge), the tick is
// the batched one (runTickYielding). The same code runs on SQLite, where the async handle borrows
// the synchronous one's connection.
import { type App, openAppAsync, tickJobs } from '../../src/cli/app.ts'
import type { GameVerification } from '../../src/engine/audit.ts'
import type { CreateGameRequest } from '../../src/engine/calls.ts'
import { createGameBatched } from '../../src/engine/creationBatch.ts'
import { foldGame, type GameFold } from '../../src/engine/fold.ts'
import { gameStream } from '../../src/engine/events.ts'
import { hiddenSecretAhead, withPackAhead } from '../../src/engine/secretsAhead.ts'
import type { Judge } from '../../src/engine/judge.ts'
import { onPlanningJudge } from '../../src/engine/judgeBatch.ts'
import { onReadingJudge, type ReadAhead } from '../../src/engine/readingJudge.ts'
import { verifyGameAhead } from '../../src/engine/verifyAhead.ts'
import { findLastTickAsync } from '../../src/log/repos/settings.ts'
import { runTickYielding, type TickReport, tickYielding } from '../../src/schedule/tick.ts'
import {
  fixtureDuelRequest,
  fixtureGameRequest,
  readEvents,
  type TestApp,
  type TestAppOptions,
  testAppOptions,
  weakBeginningRequest,
} from './app.ts'

/** testApp (test/helpers/app.ts) opened as the commands open theirs (openAppAsync). */
export async function testAppAsync(seed = 'test', opts: TestAppOptions = {}): Promise<TestApp> {
  const made = testAppOptions(seed, opts)
  return made.wrap(await openAppAsync(made.options))
}

/** Judge.createGame as `game create` and `pbem serve` run it: in one batch on the async handle. */
export function createGameAsync(
  app: App,
  req: CreateGameRequest,
): Promise<{ game: string; keys: Record<string, string> }> {
  return createGameBatched(app.judge, tickJobs(app), req)
}

/** createFixtureGame (test/helpers/app.ts), created in one batch on the async handle. */
export function createFixtureGameAsync(app: App, game = 'fx1') {
  return createGameAsync(app, fixtureGameRequest(game))
}

/** createFixtureDuel (test/helpers/app.ts), created in one batch on the async handle. */
export function createFixtureDuelAsync(app: App, game = 'fd1', over: Partial<CreateGameRequest> = {}) {
  return createGameAsync(app, fixtureDuelRequest(game, over))
}

/** createWeakBeginning (test/helpers/app.ts), created in one batch on the async handle. */
export function createWeakBeginningAsync(app: App, game = 'wb1') {
  return createGameAsync(app, weakBeginningRequest(game))
}

/**
 * The judge's calls on `game` (submitOrders, extend, pause ...) as a moderator's command runs them:
 * on a planning judge, their writes in one batch on the async handle; what `calls` returns. `calls`
 * may run more than once (a batch another writer got ahead of is decided again).
 */
export function callsAsync<T>(app: App, game: string, calls: (judge: Judge) => T): Promise<T> {
  return onPlanningJudge(app.judge, tickJobs(app), game, calls)
}

/** `read` on a reading judge whose games (and the server secret) were read on the async handle. */
export function readAsync<T>(app: App, games: ReadAhead['games'], read: (judge: Judge) => T): Promise<T> {
  return onReadingJudge(app.judge, app.jobsDb, { games, serverSecret: true }, read)
}

/**
 * Judge.load(game), read on the async handle; `check` folds the whole stream afresh, each result
 * checked (as Judge.load with check, which keeps no fold), from the stream, hidden-draw secret and
 * pack read there.
 */
export async function loadAsync(app: App, game: string, opts: { check?: boolean } = {}): Promise<GameFold> {
  if (!opts.check) return readAsync(app, [game], (j) => j.load(game))
  const j = app.judge
  const events = await readEvents(app, gameStream(game))
  if (!events.length) throw new Error(`no game "${game}"`)
  const secrets = await withPackAhead(app.jobsDb, await hiddenSecretAhead(app.jobsDb, j.secrets, game), events[0]!)
  return foldGame(events, j.registry, secrets, { check: true })
}

/** The tick as `pbem tick` and `pbem serve` run it (runTickYielding): due games resolved in one batch each. */
export function tickAsync(app: App, now: Date = app.clock()): Promise<TickReport> {
  return runTickYielding(app.judge, now, tickJobs(app))
}

/** tick(judge, now, { games, recordTick: false }) the batched way: those games planned whatever their clock says. */
export function tickGamesAsync(app: App, now: Date, games: string[]): Promise<TickReport> {
  return tickYielding(app.judge, now, { games, recordTick: false, jobs: tickJobs(app) })
}

/** verifyGame, read on the async handle (`pbem verify`). */
export function verifyAsync(app: App, game: string): Promise<GameVerification> {
  return verifyGameAhead(app.jobsDb, app.judge, game)
}

/** Judge.lastTick(), read on the async handle. */
export async function lastTickAsync(app: App): Promise<Date | null> {
  const iso = await findLastTickAsync(app.jobsDb)
  return iso ? new Date(iso) : null
}
