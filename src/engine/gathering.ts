// A gathering judge: the real judge with its event store, outbox, secrets and folds replaced, so
// that what a call writes becomes steps of one batch on the async store (AsyncDatabase.batch)
// instead of statements on the synchronous handle. The tick's resolution of a game
// (resolutionBatch.ts), the creation of a game (creationBatch.ts) and the intake's filing batch
// (planningJudge.ts) each run the judge's code unchanged on one.
//
// What they share is here: the judge derived from the real one (an object whose prototype is the
// judge, so the keys, the templates and the fold cache are the judge's), transactions as savepoints
// over what is gathered, an outbox that turns letters into steps (none to a house seat, as the
// judge's own outbox drops them), secrets known to the batch before the judge's, and for one game's
// stream (GatheredGame) its appends chained from the head the batch holds, with the fold they leave,
// and its readers' reports kept as renders, made one a turn of the event loop before the batch is
// written (renderLetters).
// Anything a gathering judge of one game does beyond that game's stream (and other games it was
// given read: knowGame) is refused with NotGathered, and carried out locked on the async handle on
// PostgreSQL (lockedBatch.ts), the synchronous way on SQLite.
import type { AsyncDatabase, AsyncStep, AsyncStepResult } from '../log/async/database.ts'
import type { AppendSteps, AsyncEventStore } from '../log/async/store.ts'
import { gameClockStep } from '../log/repos/gameClock.ts'
import { secretStep } from '../log/repos/secrets.ts'
import { ConcurrencyError, type EventStore, GENESIS_HASH, type NewEvent, type StoredEvent } from '../log/store.ts'
import type { Letter } from '../reports/render.ts'
import { clockEntry } from './clock/clockModel.ts'
import { gameOfStream, gameStream } from './events.ts'
import { foldGame, type GameFold, type SecretSource } from './fold.ts'
import { advanceFold } from './foldAdvance.ts'
import { isHouseSeatLetter } from './houseSeat.ts'
import type { Judge } from './judge.ts'
import { withServerSecret } from './secret.ts'
import { type Keeper, keepSecretsWith } from './secretKeeper.ts'
import { noteWayBack } from './waysBack.ts'

/** The steps that queue one letter (the mail side knows how a letter is stored). */
export type LetterSteps = (letter: Letter, meta: LetterMeta) => AsyncStep[]
type LetterMeta = { game: string | null; kind: string }

/** The async handle a batch is written on, and how a letter is queued there (the mail side knows). */
export interface ResolutionJobs {
  db: AsyncDatabase
  letterSteps: LetterSteps
}

type Purpose = 'dice' | 'hidden'

/**
 * What a batched decision reached for beyond what was read ahead: a game's fold, a stream, a secret,
 * a stored pack (each of which a batch can read ahead and decide again), or something else (a write
 * beyond the batch, a check from scratch), which only the synchronous way carries out.
 */
export type Reach =
  | { game: string }
  | { stream: string }
  | { secret: { game: string; purpose: Purpose; point: number } }
  | { pack: string }
  | { other: string }

/** The plan needs what the batch does not gather (`reached`): read it ahead, or carry it out the synchronous way. */
export class NotGathered extends Error {
  override name = 'NotGathered'
  constructor(
    message: string,
    readonly reached: Reach = { other: message },
  ) {
    super(message)
  }
}

export { lockedWaysTaken, noteLockedWay, noteWayBack, waysBackTaken } from './waysBack.ts'

const secretKey = (game: string, purpose: string, point: number) => `${game}|${purpose}|${point}`

/** The steps that queue `letter`: none to a house seat, whose letters the judge's own outbox drops. */
export function letterStepsOf(letterSteps: LetterSteps, letter: Letter, meta: LetterMeta): AsyncStep[] {
  return isHouseSeatLetter(letter) ? [] : letterSteps(letter, meta)
}

/**
 * A transaction as a savepoint over what is gathered: nothing is written, so nothing is locked; one
 * that throws leaves nothing of it gathered, as a rolled-back transaction would.
 */
export function savepoint<M>(mark: () => M, rollBack: (m: M) => void): <T>(fn: () => T) => T {
  return <T>(fn: () => T): T => {
    const m = mark()
    try {
      return fn()
    } catch (e) {
      rollBack(m)
      throw e
    }
  }
}

/**
 * Secrets the batch knows (read ahead, or drawn into it; null: known to be none) before `fallback`'s
 * (the judge's, read when asked; none when null), and the stored packs from `pack`.
 */
export function knownFirst(
  known: Map<string, string | null>,
  fallback: SecretSource | null,
  pack: SecretSource['pack'],
): SecretSource {
  return {
    get: (game, purpose, point) => {
      const secret = known.get(secretKey(game, purpose, point))
      if (secret !== undefined) return secret
      return fallback ? fallback.get(game, purpose, point) : null
    },
    ...(pack ? { pack } : {}),
  }
}

/** `secrets`, each secret it is asked noted as a way back (noteWayBack) by `site`. */
export function notingReads(secrets: SecretSource, site: string): SecretSource {
  return {
    get: (game, purpose, point) => {
      noteWayBack(site, `the ${purpose} secret of ${game} at ${point}`)
      return secrets.get(game, purpose, point)
    },
    ...(secrets.pack ? { pack: secrets.pack } : {}),
  }
}

/** Keeps `secret` in `known`, under the key knownFirst asks. */
export function knowSecret(
  known: Map<string, string | null>,
  game: string,
  purpose: Purpose,
  point: number,
  secret: string | null,
): void {
  known.set(secretKey(game, purpose, point), secret)
}

/** What a gathering judge has in place of the judge's own. */
export interface Replaced {
  store: EventStore
  outbox: {
    enqueue(letter: Letter, meta: LetterMeta): void
    enqueueRender?(render: () => Letter, meta: LetterMeta): void
  }
  /** The server secret read ahead, which keys are checked against without a read; else read when asked. */
  serverSecret: string | undefined
  secrets: SecretSource
  load: (game: string, opts?: { check?: boolean }) => GameFold
  /** Whether a game exists; the judge's own when not given. */
  hasGame?: (game: string) => boolean
  /** Where the secrets a resolution draws go (secretKeeper.ts). */
  keep: Keeper
}

/** `j` but for what `r` replaces. */
export function gatheringJudge(j: Judge, r: Replaced): Judge {
  const db = r.serverSecret === undefined ? j.o.db : withServerSecret(j.o.db, r.serverSecret)
  const own: PropertyDescriptorMap = {
    o: { value: { ...j.o, store: r.store, outbox: r.outbox, db } },
    secrets: { value: r.secrets },
    load: { value: r.load },
  }
  if (r.hasGame) own.hasGame = { value: r.hasGame }
  const ctx = Object.create(j, own) as Judge
  keepSecretsWith(ctx, r.keep)
  return ctx
}

/** How a GatheredGame's judge differs by whose batch it gathers for. */
export interface GatheringOptions {
  /** Whose batch, as a refusal names it ("the tick's"). */
  batch: string
  serverSecret: string
  /** The secrets the batch does not know: the judge's (on PostgreSQL refused instead), or none (null). */
  fallback: SecretSource | null
  pack: SecretSource['pack']
  /** Whether the judge answers hasGame for its own game (else the judge's own hasGame answers). */
  hasGame?: boolean
}

/** What a GatheredGame has gathered at one point, to go back to when a savepoint rolls back. */
interface Mark {
  appends: number
  secrets: number
  letters: number
  fold: GameFold | null
}

/** A letter's steps in a GatheredGame: made when queued, or (a reader's report) still to render. */
type Queued = AsyncStep[] | (() => AsyncStep[])

const immediate = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * The next turn of the event loop, past its timers and its poll for I/O: an immediate queued from
 * the poll phase (where a read's answer resumes the batch) runs before them, the second one after.
 */
async function nextTurn(): Promise<void> {
  await immediate()
  await immediate()
}

/** One game's writes gathered by a judge (`judge`) that reaches nothing beyond the game's stream. */
export class GatheredGame {
  readonly judge: Judge
  readonly stream: string
  private current: GameFold | null
  private readonly appends: AppendSteps[] = []
  /** The secrets kept (read ahead or drawn); the drawn ones are also steps. */
  private readonly known = new Map<string, string | null>()
  readonly secretSteps: AsyncStep[] = []
  /** The letters in the order queued, the reports among them kept as renders until renderLetters. */
  private readonly queued: Queued[] = []
  /** Set when the call reached beyond the batch (even where a caller caught it, as the house does). */
  private spoiled: NotGathered | null = null
  /** Other games read (knowGame: a locked batch's, under their locks), which the call reads but never writes. */
  private readonly others = new Map<string, GameFold | null>()
  /** Streams not a game's read (knowStream). */
  private readonly streamsRead = new Map<string, StoredEvent[]>()

  constructor(
    private readonly j: Judge,
    private readonly store: AsyncEventStore,
    private readonly jobs: ResolutionJobs,
    readonly game: string,
    start: GameFold | null,
    private readonly opts: GatheringOptions,
  ) {
    this.current = start
    this.stream = gameStream(game)
    this.judge = gatheringJudge(j, {
      store: this.gatheringStore(),
      outbox: {
        enqueue: (letter, meta) => this.queued.push(letterStepsOf(jobs.letterSteps, letter, meta)),
        enqueueRender: (render, meta) => this.queued.push(() => letterStepsOf(jobs.letterSteps, render(), meta)),
      },
      serverSecret: opts.serverSecret,
      secrets: knownFirst(this.known, this.fallback(opts), opts.pack),
      load: (game, opts = {}) => {
        if (opts.check) return this.refuse(`a check of ${game} from scratch`)
        const held = game === this.game ? this.current : this.other(game)
        return held ?? this.refuse(`reading game ${game}`, { game })
      },
      ...(opts.hasGame
        ? {
            hasGame: (game: string) =>
              game === this.game
                ? this.current !== null
                : this.others.has(game)
                  ? this.others.get(game) !== null
                  : this.refuse(`game ${game}`, { game }),
          }
        : {}),
      keep: (game, purpose, point, secret) => this.keep(game, purpose, point, secret),
    })
  }

  /**
   * The secrets not known to the batch: the judge's, each read a noted way back; on PostgreSQL
   * none, a refusal (the way back is then taken locked on the async handle: lockedBatch.ts).
   */
  private fallback(opts: GatheringOptions): SecretSource | null {
    if (!opts.fallback) return null
    if (this.jobs.db.engine !== 'postgres') return notingReads(opts.fallback, opts.batch)
    return {
      get: (game, purpose, point) =>
        this.refuse(`the ${purpose} secret of ${game} at ${point}`, { secret: { game, purpose, point } }),
    }
  }

  /** The fold the gathered writes leave (the start's when nothing is appended). */
  get fold(): GameFold | null {
    return this.current
  }

  /** Whether anything was appended to the game. */
  get appended(): boolean {
    return this.appends.length > 0
  }

  /** Whether any letter was queued. */
  get queuedLetters(): boolean {
    return this.queued.length > 0
  }

  /**
   * The reports still kept as renders made, each in a turn of the event loop of its own: a game's
   * readers' reports with their pictures cost tens of milliseconds each, too long for one stretch.
   */
  async renderLetters(): Promise<void> {
    for (let i = 0; i < this.queued.length; i++) {
      const q = this.queued[i]!
      if (typeof q !== 'function') continue
      await nextTurn()
      this.queued[i] = q()
    }
  }

  /** The letters' steps in the order queued; a report still kept as a render is made now. */
  get letters(): AsyncStep[] {
    for (const [i, q] of this.queued.entries()) if (typeof q === 'function') this.queued[i] = q()
    return (this.queued as AsyncStep[][]).flat()
  }

  /** The appends' steps, in order. */
  appendSteps(): AsyncStep[] {
    return this.appends.flatMap((a) => a.steps)
  }

  /** The game's clock row from the fold the gathered writes leave. */
  clockStep(): AsyncStep {
    const fold = this.current
    if (!fold) throw new Error(`${this.game}: a batch that appends nothing`)
    return gameClockStep(this.jobs.db.engine, { game: this.game, version: fold.version, ...clockEntry(fold) })
  }

  /** Another game read (its fold, or null: no such game), which the call may read without a refusal. */
  knowGame(game: string, fold: GameFold | null): void {
    this.others.set(game, fold)
  }

  /** A stream not a game's read (a locked batch's, under its lock), which the call may read but never writes. */
  knowStream(stream: string, events: StoredEvent[]): void {
    this.streamsRead.set(stream, events)
  }

  /** Another game's fold as read (knowGame), else undefined. */
  private other(game: string): GameFold | undefined {
    const fold = this.others.get(game)
    if (fold === null) throw new Error(`no game "${game}"`)
    return fold
  }

  /** A secret read ahead (none when null), known without a read. */
  know(purpose: Purpose, point: number, secret: string | null): void {
    if (secret !== null) knowSecret(this.known, this.game, purpose, point, secret)
  }

  /** A secret drawn: written with the batch, and known. */
  keep(game: string, purpose: Purpose, point: number, secret: string): void {
    this.secretSteps.push(secretStep(this.jobs.db.engine, game, purpose, point, secret))
    knowSecret(this.known, game, purpose, point, secret)
  }

  /** Throws the NotGathered the call met, if any. */
  check(): void {
    if (this.spoiled) throw this.spoiled
  }

  refuse(what: string, reached?: Reach): never {
    this.spoiled ??= new NotGathered(`${this.game}: ${what} is not gathered in ${this.opts.batch} batch`, reached)
    throw this.spoiled
  }

  /**
   * After the batch was written (`results`, one per step, the appends' from `at` on): the events
   * given their positions, the fold kept by the judge.
   */
  written(results: AsyncStepResult[], at: number): void {
    for (const a of this.appends) {
      this.store.placeFrom(this.stream, a, results.slice(at))
      at += a.steps.length
    }
    if (this.current) this.j.folds.set(this.game, this.current)
  }

  /** The event store the call writes to: appends to the game gathered, transactions as savepoints. */
  private gatheringStore(): EventStore {
    const events = () => this.current?.events ?? []
    const own: Partial<EventStore> = {
      schemas: this.j.o.store.schemas,
      transaction: savepoint(
        () => this.mark(),
        (m) => this.rollBack(m),
      ),
      append: (stream: string, expected: number, evs: NewEvent[]) => this.append(stream, expected, evs),
      version: (stream: string) =>
        stream === this.stream
          ? (this.current?.version ?? 0)
          : (this.otherStream(stream)?.version ?? this.refuse(`the head of ${stream}`, { stream })),
      read: (stream: string, from = 1) =>
        (stream === this.stream
          ? events()
          : (this.otherStream(stream)?.events ?? this.refuse(`reading ${stream}`, { stream }))
        ).filter((e) => e.version >= from),
    }
    return new Proxy(own as EventStore, {
      get: (target, key) => {
        if (key in target) return Reflect.get(target, key)
        // Asked by whoever looks at the object (is it a promise?), not by the call.
        if (typeof key === 'symbol' || key === 'then') return undefined
        return this.refuse(`the event store's ${key}`)
      },
    })
  }

  /** Another stream as read (knowGame, knowStream): its events, none for no such game, else undefined. */
  private otherStream(stream: string): { version: number; events: StoredEvent[] } | undefined {
    const read = this.streamsRead.get(stream)
    if (read) return { version: read.at(-1)?.version ?? 0, events: read }
    const game = gameOfStream(stream)
    if (game === null) return undefined
    const fold = this.others.get(game)
    return fold === null ? { version: 0, events: [] } : fold
  }

  private append(stream: string, expected: number, events: NewEvent[]): StoredEvent[] {
    if (stream !== this.stream) this.refuse(`an append to ${stream}`)
    const fold = this.current
    const version = fold?.version ?? 0
    if (expected !== version) throw new ConcurrencyError(stream, expected, version)
    if (!events.length) return []
    const head = { version, hash: fold?.events.at(-1)?.hash ?? GENESIS_HASH }
    const planned = this.store.appendSteps(stream, head, events)
    this.appends.push(planned)
    this.current =
      (fold && advanceFold(fold, planned.events)) ??
      foldGame([...(fold?.events ?? []), ...planned.events], this.j.registry, this.judge.secrets)
    return planned.events
  }

  private mark(): Mark {
    const { appends, secretSteps, queued, current } = this
    return { appends: appends.length, secrets: secretSteps.length, letters: queued.length, fold: current }
  }

  private rollBack(m: Mark): void {
    this.appends.length = m.appends
    this.secretSteps.length = m.secrets
    this.queued.length = m.letters
    this.current = m.fold
  }
}
