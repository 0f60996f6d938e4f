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
// fold. A batch that reads ahead only (the intake's, onPlanningJudge's; every batch on PostgreSQL)
// stops a decision that reaches what it did not read ahead (NotReadAhead): a game's stream, a
// secret, a stream not a game's, the streams of a prefix, a stored pack (FilingBatch.readOther), and
// its caller decides again on a batch that reads it ahead too (a locked one, lockedBatch.ts, reads it
// under its lock inside its transaction); otherwise such a read is the judge's own, synchronous, and
// counted as a way back (noteWayBack: SQLite only). A resolution run on it (the moderator's
// PROCESS, PREVIEW) reads the dice and hidden-draw secrets read ahead (secretsAhead) and keeps the
// dice secret it draws for the next point among the batch's writes, as the tick's resolution batch
// does (secretKeeper.ts). A write beyond the games' streams is not gathered: it marks the judge
// (reachedBeyond) even where a caller catches it; on SQLite the decision is made again the
// synchronous way, on PostgreSQL (no synchronous driver left to the judge) it fails with an error
// naming the write. So does any event store method the planning judge does not replace.
import type { AsyncQueryable, AsyncStep } from '../log/async/database.ts'
import { findSecretAsync, secretStep } from '../log/repos/secrets.ts'
import type { EventStore, NewEvent, StoredEvent } from '../log/store.ts'
import type { SqlEngine } from '../log/sql.ts'
import type { Letter } from '../reports/render.ts'
import { gameOfStream, gameStream } from './events.ts'
import { foldGame, type GameFold, type SecretSource } from './fold.ts'
import { gatheringJudge, knownFirst, knowSecret, notingReads, savepoint } from './gathering.ts'
import type { Judge } from './judge.ts'
import { noteWayBack, RETIRED } from './waysBack.ts'

/**
 * What a decision reads beyond the games, read ahead as a game is (readGame, under a name
 * `<kind> <key>` kept with the unread games): a stream not a game's, the streams of a prefix, the
 * reply limit's count of an address, our outbox row of a Message-ID, a stored pack by its hash.
 */
export type AheadKind = 'stream' | 'list' | 'replies' | 'outbox' | 'pack'

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
  /** Secrets read ahead with the games (FilingBatch.readGame): the planning judge knows them without a read. */
  readonly knownSecrets?: Map<string, string | null>
  /**
   * A secret the planning judge does not know: the batch's own answer (reading ahead only, it stops
   * the decision to read it ahead and decide again: FilingBatch.wantSecret), else undefined: read it.
   */
  wantSecret?(game: string, purpose: 'dice' | 'hidden', point: number): string | null | undefined
  /** Whether the batch read ahead that `game` does not exist. */
  knownMissing?(game: string): boolean
  /** A game whose stream the planning judge reads and the batch did not read ahead (FilingBatch.wantGame). */
  wantGame?(game: string): void
  /** The server secret read ahead, which the keys are checked against without a read; else read when asked. */
  readonly serverSecret?: string | undefined
  /** What was read ahead beyond the games (FilingBatch.readOther); reading ahead only, what was not stops the decision. */
  readOther?<T>(kind: AheadKind, key: string): T | undefined
}

/** A write the filing batch does not gather (as the tick's NotGathered); `refused`: on PostgreSQL, an error. */
class BeyondBatch extends Error {
  override name = 'BeyondBatch'
  constructor(
    message: string,
    readonly refused: boolean,
  ) {
    super(message)
  }
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

/**
 * Whether something run on planning judge `planner` wrote beyond what its batch gathers, to be made
 * again the synchronous way (SQLite). On PostgreSQL such a write is refused: this throws its error.
 */
export function reachedBeyond(planner: Judge): boolean {
  const beyond = planners.get(planner)?.beyond
  if (beyond?.refused) throw beyond
  return !!beyond
}

/** The judge's secrets, asked only after the batch said it does not want to read a secret ahead. */
function wanting(batch: PlanTarget, j: Judge): SecretSource {
  const read = notingReads(j.secrets, 'a planning judge')
  return {
    get: (game, purpose, point) => batch.wantSecret?.(game, purpose, point) ?? read.get(game, purpose, point),
    ...(j.secrets.pack ? { pack: j.secrets.pack } : {}),
  }
}

/**
 * `stream` as the batch holds it: a game's from its fold (none when the batch knows there is no such
 * game), another stream as read ahead (PlanTarget.readOther). Undefined when not held; reading ahead
 * only, the batch stops the decision there instead, to read it ahead (wantGame, readOther).
 */
function heldStream(batch: PlanTarget, stream: string): { version: number; events: StoredEvent[] } | undefined {
  const game = gameOfStream(stream)
  if (!game) {
    const events = batch.readOther?.<StoredEvent[]>('stream', stream)
    return events && { version: events.at(-1)?.version ?? 0, events }
  }
  const held = batch.heldFold(game)
  if (held) return held
  if (batch.knownMissing?.(game)) return { version: 0, events: [] }
  batch.wantGame?.(game)
  return undefined
}

/**
 * What no batch carries out (`what`): on PostgreSQL an error naming it, the synchronous driver being
 * retired from the judge; on SQLite the judge's own, synchronous, noted as a way back.
 */
function fallBack<T>(batch: PlanTarget, what: string, own: () => T): T {
  if (batch.engine === 'postgres') throw new Error(`${what} on a planning judge: ${RETIRED}`)
  noteWayBack('a planning judge', what)
  return own()
}

/** The stored packs as read ahead (PlanTarget.readOther; null: none stored), else `own`'s. */
function packsAhead(batch: PlanTarget, own: SecretSource['pack']): SecretSource['pack'] {
  if (!own) return own
  return (hash) => {
    const read = batch.readOther?.<unknown>('pack', hash)
    return read !== undefined ? read : own(hash)
  }
}

/** `j` writing into `batch`. */
export function planningJudge(j: Judge, batch: PlanTarget): Judge {
  const state: Planner = { known: batch.knownSecrets ?? new Map(), beyond: null }
  const store = plannedStore(j, batch, state)
  const planner = gatheringJudge(j, {
    store,
    outbox: { enqueue: (letter, meta) => batch.enqueue(letter, meta) },
    serverSecret: batch.serverSecret || undefined,
    secrets: knownFirst(state.known, wanting(batch, j), packsAhead(batch, j.secrets.pack)),
    load: (game, opts = {}) => (opts.check ? checked(j, batch, planner, game) : batch.foldOf(game)),
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

/**
 * `game` folded from scratch, checked (an audit's load): from its stream as read ahead whole (on
 * PostgreSQL, or reading ahead only, the decision stops to read it ahead), else the judge's own.
 */
function checked(j: Judge, batch: PlanTarget, planner: Judge, game: string): GameFold {
  const stream = gameStream(game)
  const events = batch.readOther?.<StoredEvent[]>('stream', stream)
  if (!events) return fallBack(batch, `a check of ${game} from scratch`, () => j.load(game, { check: true }))
  if (!events.length) throw new Error(`no game "${game}"`)
  return foldGame(events, j.registry, planner.secrets, { check: true })
}

/**
 * The planning judge's event store: nothing is written here, so there is nothing to hold or lock
 * (the batch takes the locks); a transaction is a savepoint over what is gathered (one that throws,
 * a moderator's command refused half way, leaves nothing of it in the batch); a stream the batch
 * holds is read from it (a game's fold holds the whole stream as the batch leaves it); an append to
 * a game is the batch's. Any other method is refused (fallBack): nothing falls through unseen.
 */
function plannedStore(j: Judge, batch: PlanTarget, state: Planner): EventStore {
  const own: Partial<EventStore> = {
    schemas: j.o.store.schemas,
    clock: j.o.store.clock,
    transaction: savepoint(
      () => batch.mark(),
      (m) => batch.rollBack(m),
    ),
    lock: () => {},
    lockStream: () => {},
    read: (stream: string, fromVersion = 1): StoredEvent[] => {
      const held = heldStream(batch, stream)
      if (held) return held.events.filter((e) => e.version >= fromVersion)
      return fallBack(batch, `reading ${stream}`, () => j.o.store.read(stream, fromVersion))
    },
    version: (stream: string): number =>
      heldStream(batch, stream)?.version ?? fallBack(batch, `the head of ${stream}`, () => j.o.store.version(stream)),
    streams: (prefix = ''): string[] =>
      batch.readOther?.<string[]>('list', prefix) ??
      fallBack(batch, `the streams of "${prefix}"`, () => j.o.store.streams(prefix)),
    append: (stream: string, expected: number, events: NewEvent[]): StoredEvent[] => {
      const game = gameOfStream(stream)
      if (game) return batch.appendGame(game, expected, events)
      return beyond(batch, state, `an append to ${stream}`)
    },
  }
  return new Proxy(own as EventStore, {
    get: (target, key) => {
      if (key in target) return Reflect.get(target, key)
      // Asked by whoever looks at the object (is it a promise?), not by the call.
      if (typeof key === 'symbol' || key === 'then') return undefined
      const real = Reflect.get(j.o.store, key)
      if (typeof real !== 'function') return fallBack(batch, `the event store's ${key}`, () => real)
      return (...args: unknown[]) => fallBack(batch, `the event store's ${key}`, () => real.apply(j.o.store, args))
    },
  })
}

/**
 * A write beyond what the batch gathers (`what`). It marks the planning judge even where a caller
 * catches it (reachedBeyond): on SQLite the decision is made again the synchronous way; on
 * PostgreSQL, where no synchronous driver is left to the judge, reachedBeyond throws it.
 */
function beyond(batch: PlanTarget, state: Planner, what: string): never {
  const postgres = batch.engine === 'postgres'
  if (!postgres) noteWayBack('a planning judge', what)
  state.beyond ??= new BeyondBatch(
    postgres
      ? `${what} is beyond what a batch writes, and the decision is refused: ${RETIRED}`
      : `a filing batch appends to games only, not ${what}`,
    postgres,
  )
  throw state.beyond
}
