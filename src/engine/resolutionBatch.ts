// A game's plan at a tick (a resolution, reminders, notices) carried out on the async store in one
// batch (AsyncDatabase.batch), as the intake files a mail (filingBatch.ts). What the plan needs is
// read ahead on the async handle: the game's fold (through the judge's fold cache: the head, then
// only the events since the fold kept), its dice and hidden-draw secrets, the server secret. Then
// the plan runs synchronously, unchanged, against a judge whose writes are gathered, not written:
// the game's events chained from its head (AsyncEventStore.appendSteps), the dice secret drawn for
// the next point, the letters queued, and at the end the game's clock row from the fold they leave.
// The readers' reports are kept as renders and made after the plan, one reader a turn of the event
// loop (each, with its pictures drawn as SVG, can cost tens of milliseconds). One batch writes it all:
// one synchronous call on SQLite, BEGIN..COMMIT in one round trip under the game's lock on
// PostgreSQL, so no lock is held across this process's event loop.
//
// Nothing is read inside the batch: what guards it is the stream's next version, unique, so a
// writer that appended since the head was read (a late order, a second judge) makes the batch fail
// whole and the caller reads and decides again, exactly once per deadline as the synchronous
// resolution under the game's lock. A plan that reaches beyond what is gathered (another stream, a
// secret not read ahead, a fold checked from scratch) stops with NotGathered and is carried out
// locked on the async handle on PostgreSQL (lockedBatch.ts), the synchronous way on SQLite.
import type { AsyncStep, AsyncStepResult } from '../log/async/database.ts'
import { AsyncEventStore, isWriteConflict } from '../log/async/store.ts'
import { type DueGame, dueGamesAsync, nextGameClockAfterAsync } from '../log/repos/gameClock.ts'
import { findSecretAsync } from '../log/repos/secrets.ts'
import type { AdjudicateResult } from './calls.ts'
import type { Action } from './clock/lifecycle.ts'
import { gameStream } from './events.ts'
import { foldGame, type GameFold, packKept } from './fold.ts'
import { advanceFold } from './foldAdvance.ts'
import { GatheredGame, type ResolutionJobs } from './gathering.ts'
import type { Judge } from './judge.ts'
import { serverSecretAhead } from './secretAhead.ts'
import { hiddenSecretAhead, withPackAhead } from './secretsAhead.ts'

export { NotGathered, type ResolutionJobs } from './gathering.ts'

/**
 * The game's fold read on the async handle: the kept fold when the stream has not moved, else the
 * kept one advanced by the events since, else folded from the whole stream (with the hidden-draw
 * secret read ahead too); kept for the next look. Null for no such game.
 */
export async function foldAhead(j: Judge, store: AsyncEventStore, game: string): Promise<GameFold | null> {
  const stream = gameStream(game)
  const head = await store.head(stream)
  if (head.version === 0) return null
  const kept = j.folds.upTo(game, head.version)
  if (kept?.version === head.version) return kept
  const advanced = kept && advanceFold(kept, await store.read(stream, kept.version + 1))
  if (advanced && advanced.version >= head.version) {
    j.folds.set(game, advanced)
    return advanced
  }
  const [events, hidden] = await Promise.all([store.read(stream), hiddenSecretAhead(store.db, j.secrets, game)])
  // The first fold of a game whose stored pack this process has not loaded reads it too.
  const first = events[0]
  const secrets = first && !packKept(first) ? await withPackAhead(store.db, hidden, first) : hidden
  const fold = foldGame(events, j.registry, secrets)
  j.folds.set(game, fold)
  return fold
}

/** As foldAhead, for a game that exists. */
export async function loadAhead(j: Judge, store: AsyncEventStore, game: string): Promise<GameFold> {
  const fold = await foldAhead(j, store, game)
  if (!fold) throw new Error(`no game "${game}"`)
  return fold
}

/** loadAhead on `jobs`, for a pass that reads many games. */
export function aheadReader(j: Judge, jobs: ResolutionJobs): (game: string) => Promise<GameFold> {
  const store = new AsyncEventStore(jobs.db, j.o.store.schemas, j.o.clock)
  return (game) => loadAhead(j, store, game)
}

/** The games the clock read model has due at `now` (ClockIndex.due), read on the async handle. */
export function dueAhead(jobs: ResolutionJobs, now: number): Promise<DueGame[]> {
  return dueGamesAsync(jobs.db, now)
}

/** The next instant any game has work after `now` (ClockIndex.nextAfter), read on the async handle. */
export function nextDueAhead(jobs: ResolutionJobs, now: number): Promise<number | null> {
  return nextGameClockAfterAsync(jobs.db, now)
}

export class ResolutionBatch {
  /** The plan's writes, gathered by the judge it runs against. */
  private readonly g: GatheredGame

  private constructor(
    j: Judge,
    store: AsyncEventStore,
    private readonly jobs: ResolutionJobs,
    readonly game: string,
    readonly start: GameFold,
    serverSecret: string,
  ) {
    const pack = j.secrets.pack
    this.g = new GatheredGame(j, store, jobs, game, start, {
      batch: "the tick's",
      serverSecret,
      fallback: j.secrets,
      pack,
    })
  }

  /** The reads ahead, on `jobs` (outside any transaction). */
  static async open(j: Judge, jobs: ResolutionJobs, game: string): Promise<ResolutionBatch> {
    const store = new AsyncEventStore(jobs.db, j.o.store.schemas, j.o.clock)
    const fold = await loadAhead(j, store, game)
    const [dice, hidden, server] = await Promise.all([
      findSecretAsync(jobs.db, game, 'dice', fold.point),
      findSecretAsync(jobs.db, game, 'hidden', 0),
      serverSecretAhead(j.o.db, jobs.db),
    ])
    const batch = new ResolutionBatch(j, store, jobs, game, fold, server)
    batch.g.know('dice', fold.point, dice)
    batch.g.know('hidden', 0, hidden)
    return batch
  }

  /** The judge the plan runs against: its writes come here. */
  get judge(): Judge {
    return this.g.judge
  }

  /** The fold the gathered writes leave. */
  get after(): GameFold {
    return this.g.fold ?? this.start
  }

  /** As Judge.applyPlan, into the batch. */
  applyPlan(actions: Action[], now: Date): { done: string[]; result: AdjudicateResult | null } {
    const out = this.judge.applyPlan(this.game, actions, { now, expectedVersion: this.start.version })
    this.g.check()
    return out
  }

  /**
   * Writes the batch, its readers' reports rendered first, one reader a turn of the event loop. False
   * when another writer appended to the game since its head was read: nothing is written, and the
   * caller reads and decides again.
   */
  async commit(): Promise<boolean> {
    await this.g.renderLetters()
    const steps = this.steps()
    if (!steps.length) return true
    let results: AsyncStepResult[]
    try {
      results = await this.jobs.db.batch(steps)
    } catch (err) {
      if (isWriteConflict(err)) return false
      throw err
    }
    this.written(results)
    return true
  }

  /**
   * What commit writes, in order (none when the plan appended nothing), for a caller that writes
   * several games in one batch; reports not yet rendered (renderLetters) are rendered here, at once.
   */
  steps(): AsyncStep[] {
    const g = this.g
    g.check()
    if (!g.appended) {
      if (g.queuedLetters || g.secretSteps.length) throw new Error('a plan wrote letters without events')
      return []
    }
    return [...g.appendSteps(), ...g.secretSteps, g.clockStep(), ...g.letters]
  }

  /** After `steps` were written (`results`, one per step): the events given their positions, the fold kept. */
  written(results: AsyncStepResult[]): void {
    this.g.written(results, 0)
  }
}
