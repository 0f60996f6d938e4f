// The judge as a filing batch sees it: its own commands (answers to questions, SET ZONE, SET
// ABSENCE, PRESS, the read-only mail commands, the moderator's commands: src/mail/moderatorInBatch.ts)
// run unchanged, deciding from the folds as they stand, but what they write goes into the batch: an
// append to a game becomes the batch's append after the game as the batch leaves it, a letter joins
// the batch's letters, a transaction is a savepoint of the batch's own. The batch then writes it all
// at once on the async store (filingBatch.ts).
//
// It is the judge itself with a few things replaced (its store's writes and its reads of the games
// the batch holds, its outbox, its load and hasGame, its secrets), made as an object whose prototype
// is the judge: everything else (the keys, the templates, the fold cache) is the judge's. A game the
// batch read ahead on the async handle (FilingBatch.readGame) or planned is loaded and read from its
// fold; any other read is the judge's own, synchronous. A resolution run on it (the moderator's
// PROCESS, PREVIEW) reads the dice and hidden-draw secrets read ahead (secretsAhead) and keeps the
// dice secret it draws for the next point among the batch's writes, as the tick's resolution batch
// does (secretKeeper.ts). A write beyond the games' streams is not gathered: it marks the judge
// (reachedBeyond) even where a caller catches it, and the decision is made again the synchronous way.
import type { AsyncQueryable, AsyncStep } from '../log/async/database.ts'
import { findSecretAsync, secretStep } from '../log/repos/secrets.ts'
import type { EventStore, NewEvent, StoredEvent } from '../log/store.ts'
import type { SqlEngine } from '../log/sql.ts'
import type { Letter } from '../reports/render.ts'
import type { GameFold } from './fold.ts'
import { gatheringJudge, knownFirst, knowSecret, savepoint } from './gathering.ts'
import type { Judge } from './judge.ts'

/** What the planning judge writes into and loads from: a filing batch (FilingBatch). */
export interface PlanTarget {
  appendGame(game: string, expected: number, events: NewEvent[]): StoredEvent[]
  enqueue(letter: Letter, meta: { game: string | null; kind: string }): void
  foldOf(game: string): GameFold
  hasGame(game: string): boolean
  /** The game's fold as the batch holds it (read ahead or planned), or null when it holds none. */
  heldFold(game: string): GameFold | null
  /** Where the batch stands, and going back there: a transaction that throws leaves nothing gathered. */
  mark(): object
  rollBack(m: object): void
  /** Other writes gathered with the batch, in order (a secret drawn), undone by rollBack. */
  add(steps: AsyncStep[]): void
  readonly engine: SqlEngine
  /** The server secret read ahead, which the keys are checked against without a read; else read when asked. */
  readonly serverSecret?: string | undefined
}

const gameOf = (stream: string) => (stream.startsWith('game:') ? stream.slice('game:'.length) : null)

/** A write the filing batch does not gather (as the tick's NotGathered, resolutionBatch.ts). */
class BeyondBatch extends Error {
  override name = 'BeyondBatch'
}

/** A planning judge's secrets known without a read, and whether it reached beyond its batch. */
interface Planner {
  known: Map<string, string | null>
  beyond: BeyondBatch | null
}
const planners = new WeakMap<Judge, Planner>()

/**
 * The secrets a resolution or a house seat of `fold`'s game reads (the dice secret of the open
 * point, the hidden-draw secret), read on the async handle and given to planning judge `planner`,
 * which so reads none of them synchronously.
 */
export async function secretsAhead(planner: Judge, jobs: AsyncQueryable, fold: GameFold): Promise<void> {
  const known = planners.get(planner)?.known
  if (!known) throw new Error('secrets are read ahead for a planning judge only')
  const game = fold.created.game
  const [dice, hidden] = await Promise.all([
    findSecretAsync(jobs, game, 'dice', fold.point),
    findSecretAsync(jobs, game, 'hidden', 0),
  ])
  knowSecret(known, game, 'dice', fold.point, dice)
  knowSecret(known, game, 'hidden', 0, hidden)
}

/** Whether something run on planning judge `planner` wrote beyond what its batch gathers. */
export function reachedBeyond(planner: Judge): boolean {
  return !!planners.get(planner)?.beyond
}

/** `j` writing into `batch`. */
export function planningJudge(j: Judge, batch: PlanTarget): Judge {
  const state: Planner = { known: new Map(), beyond: null }
  const store = Object.create(j.o.store, {
    // Nothing is written here, so there is nothing to hold or lock: the batch takes the locks. A
    // transaction is a savepoint over what is gathered: one that throws (a moderator's command
    // refused half way) leaves nothing of it in the batch, as a rolled-back transaction would.
    transaction: {
      value: savepoint(
        () => batch.mark(),
        (m) => batch.rollBack(m),
      ),
    },
    lock: { value: () => {} },
    lockStream: { value: () => {} },
    // A game the batch holds is read from its fold, whose events are the whole stream as the batch
    // leaves it (a report made again, the game after a past resolution): no synchronous read.
    read: {
      value: (stream: string, fromVersion = 1): StoredEvent[] => {
        const held = gameOf(stream) && batch.heldFold(gameOf(stream)!)
        return held ? held.events.filter((e) => e.version >= fromVersion) : j.o.store.read(stream, fromVersion)
      },
    },
    version: {
      value: (stream: string): number => {
        const held = gameOf(stream) && batch.heldFold(gameOf(stream)!)
        return held ? held.version : j.o.store.version(stream)
      },
    },
    append: {
      value: (stream: string, expected: number, events: NewEvent[]): StoredEvent[] => {
        const game = gameOf(stream)
        if (game) return batch.appendGame(game, expected, events)
        state.beyond ??= new BeyondBatch(`a filing batch appends to games only, not ${stream}`)
        throw state.beyond
      },
    },
  }) as EventStore
  const planner = gatheringJudge(j, {
    store,
    outbox: { enqueue: (letter, meta) => batch.enqueue(letter, meta) },
    serverSecret: batch.serverSecret || undefined,
    secrets: knownFirst(state.known, j.secrets, j.secrets.pack),
    load: (game, opts = {}) => (opts.check ? j.load(game, opts) : batch.foldOf(game)),
    hasGame: (game) => batch.hasGame(game),
    // The dice secret a resolution draws for the next point is written with the batch, beside the
    // commitment it goes with; a savepoint rolled back takes it out with the events.
    keep: (game, purpose, point, secret) => {
      batch.add([secretStep(batch.engine, game, purpose, point, secret)])
      knowSecret(state.known, game, purpose, point, secret)
    },
  })
  planners.set(planner, state)
  return planner
}
