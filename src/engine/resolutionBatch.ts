// A game's plan at a tick (a resolution, reminders, notices) carried out on the async store in one
// batch (AsyncDatabase.batch), as the intake files a mail (filingBatch.ts). What the plan needs is
// read ahead on the async handle: the game's fold (through the judge's fold cache: the head, then
// only the events since the fold kept), its dice and hidden-draw secrets, the server secret. Then
// the plan runs synchronously, unchanged, against a judge whose writes are gathered, not written:
// the game's events chained from its head (AsyncEventStore.appendSteps), the dice secret drawn for
// the next point, the letters queued, and at the end the game's clock row from the fold they leave.
// One batch writes it all: one synchronous call on SQLite, BEGIN..COMMIT in one round trip under the
// game's lock on PostgreSQL, so no lock is held across this process's event loop.
//
// Nothing is read inside the batch: what guards it is the stream's next version, unique, so a
// writer that appended since the head was read (a late order, a second judge) makes the batch fail
// whole and the caller reads and decides again, exactly once per deadline as the synchronous
// resolution under the game's lock. A plan that reaches beyond what is gathered (another stream, a
// fold checked from scratch) stops with NotGathered and is carried out the synchronous way.
import type { AsyncDatabase, AsyncStep, AsyncStepResult } from '../log/async/database.ts'
import { type AppendSteps, AsyncEventStore, isWriteConflict } from '../log/async/store.ts'
import { type DueGame, dueGamesAsync, gameClockStep, nextGameClockAfterAsync } from '../log/repos/gameClock.ts'
import { findSecretAsync, secretStep } from '../log/repos/secrets.ts'
import { ConcurrencyError, type EventStore, GENESIS_HASH, type NewEvent, type StoredEvent } from '../log/store.ts'
import type { Letter } from '../reports/render.ts'
import type { AdjudicateResult } from './calls.ts'
import type { Action } from './clock/lifecycle.ts'
import { clockEntry } from './clock/clockModel.ts'
import { gameStream } from './events.ts'
import type { LetterSteps } from './filingBatch.ts'
import { foldGame, type GameFold, type SecretSource } from './fold.ts'
import { advanceFold } from './foldAdvance.ts'
import { isHouseSeatLetter } from './houseSeat.ts'
import type { Judge } from './judge.ts'
import { serverSecretAhead, withServerSecret } from './secret.ts'
import { keepSecretsWith } from './secretKeeper.ts'
import { hiddenSecretAhead } from './secretsAhead.ts'

/** The async handle a tick resolves on, and how a letter is queued there (the mail side knows). */
export interface ResolutionJobs {
  db: AsyncDatabase
  letterSteps: LetterSteps
}

/** The plan needs what the batch does not gather: carry it out the synchronous way. */
export class NotGathered extends Error {
  override name = 'NotGathered'
}

/**
 * The game's fold read on the async handle: the kept fold when the stream has not moved, else the
 * kept one advanced by the events since, else folded from the whole stream; kept for the next look.
 */
export async function loadAhead(j: Judge, store: AsyncEventStore, game: string): Promise<GameFold> {
  const stream = gameStream(game)
  const head = await store.head(stream)
  if (head.version === 0) throw new Error(`no game "${game}"`)
  const kept = j.folds.upTo(game, head.version)
  if (kept?.version === head.version) return kept
  const advanced = kept && advanceFold(kept, await store.read(stream, kept.version + 1))
  if (advanced && advanced.version >= head.version) {
    j.folds.set(game, advanced)
    return advanced
  }
  const [events, secrets] = await Promise.all([store.read(stream), hiddenSecretAhead(store.db, j.secrets, game)])
  const fold = foldGame(events, j.registry, secrets)
  j.folds.set(game, fold)
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

/** What the batch has gathered at one point, to go back to when a savepoint rolls back. */
interface Mark {
  appends: number
  steps: number
  secrets: number
  fold: GameFold
}

export class ResolutionBatch {
  /** The judge the plan runs against: its writes come here. */
  readonly judge: Judge
  private fold: GameFold
  private readonly appends: AppendSteps[] = []
  private readonly secretSteps: AsyncStep[] = []
  private readonly letters: AsyncStep[] = []
  private readonly known = new Map<string, string>()
  private readonly stream: string
  /** Set when the plan reached beyond the batch (even where a caller caught it, as the house does). */
  private spoiled: NotGathered | null = null

  private constructor(
    private readonly j: Judge,
    private readonly store: AsyncEventStore,
    private readonly jobs: ResolutionJobs,
    readonly game: string,
    readonly start: GameFold,
    serverSecret: string,
  ) {
    this.fold = start
    this.stream = gameStream(game)
    this.judge = this.gatheringJudge(serverSecret)
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
    if (dice !== null) batch.known.set(secretKey(game, 'dice', fold.point), dice)
    if (hidden !== null) batch.known.set(secretKey(game, 'hidden', 0), hidden)
    return batch
  }

  /** The fold the gathered writes leave. */
  get after(): GameFold {
    return this.fold
  }

  /** As Judge.applyPlan, into the batch. */
  applyPlan(actions: Action[], now: Date): { done: string[]; result: AdjudicateResult | null } {
    const out = this.judge.applyPlan(this.game, actions, { now, expectedVersion: this.start.version })
    if (this.spoiled) throw this.spoiled
    return out
  }

  /**
   * Writes the batch. False when another writer appended to the game since its head was read:
   * nothing is written, and the caller reads and decides again.
   */
  async commit(): Promise<boolean> {
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

  /** What commit writes, in order (none when the plan appended nothing), for a caller that writes several games in one batch. */
  steps(): AsyncStep[] {
    if (this.spoiled) throw this.spoiled
    if (!this.appends.length) {
      if (this.letters.length || this.secretSteps.length) throw new Error('a plan wrote letters without events')
      return []
    }
    const engine = this.jobs.db.engine
    const clock = gameClockStep(engine, { game: this.game, version: this.fold.version, ...clockEntry(this.fold) })
    return [...this.appends.flatMap((a) => a.steps), ...this.secretSteps, clock, ...this.letters]
  }

  /** After `steps` were written (`results`, one per step): the events given their positions, the fold kept. */
  written(results: AsyncStepResult[]): void {
    let at = 0
    for (const a of this.appends) {
      this.store.placeFrom(this.stream, a, results.slice(at))
      at += a.steps.length
    }
    this.j.folds.set(this.game, this.fold)
  }

  private refuse(what: string): never {
    this.spoiled ??= new NotGathered(`${this.game}: ${what} is not gathered in the tick's batch`)
    throw this.spoiled
  }

  /** The judge the plan runs against: the real one but for its store, outbox, secrets and folds. */
  private gatheringJudge(serverSecret: string): Judge {
    const j = this.j
    const ctx = Object.create(j) as Judge
    const secrets: SecretSource = {
      get: (game, purpose, point) => {
        const key = secretKey(game, purpose, point)
        return this.known.has(key) ? this.known.get(key)! : j.secrets.get(game, purpose, point)
      },
      ...(j.secrets.pack ? { pack: j.secrets.pack } : {}),
    }
    const outbox = {
      enqueue: (letter: Letter, meta: { game: string | null; kind: string }) => {
        if (!isHouseSeatLetter(letter)) this.letters.push(...this.jobs.letterSteps(letter, meta))
      },
    }
    const o = { ...j.o, store: this.gatheringStore(), outbox, db: withServerSecret(j.o.db, serverSecret) }
    Object.defineProperties(ctx, {
      o: { value: o },
      secrets: { value: secrets },
      load: {
        value: (game: string, opts: { check?: boolean } = {}) =>
          game === this.game && !opts.check ? this.fold : this.refuse(`reading game ${game}`),
      },
    })
    keepSecretsWith(ctx, (game, purpose, point, secret) => {
      this.secretSteps.push(secretStep(this.jobs.db.engine, game, purpose, point, secret))
      this.known.set(secretKey(game, purpose, point), secret)
    })
    return ctx
  }

  /** The event store the plan writes to: appends to the game gathered, transactions as savepoints. */
  private gatheringStore(): EventStore {
    const real = this.j.o.store
    const own: Partial<EventStore> = {
      schemas: real.schemas,
      transaction: <T>(fn: () => T): T => {
        const mark = this.mark()
        try {
          return fn()
        } catch (e) {
          this.rollBack(mark)
          throw e
        }
      },
      append: (stream: string, expected: number, events: NewEvent[]) => this.append(stream, expected, events),
      version: (stream: string) => (stream === this.stream ? this.fold.version : this.refuse(`the head of ${stream}`)),
      read: (stream: string, from = 1) =>
        stream === this.stream ? this.fold.events.filter((e) => e.version >= from) : this.refuse(`reading ${stream}`),
    }
    return new Proxy(own as EventStore, {
      get: (target, key) => {
        if (key in target) return Reflect.get(target, key)
        // Asked by whoever looks at the object (is it a promise?), not by the plan.
        if (typeof key === 'symbol' || key === 'then') return undefined
        return this.refuse(`the event store's ${key}`)
      },
    })
  }

  private append(stream: string, expected: number, events: NewEvent[]): StoredEvent[] {
    if (stream !== this.stream) this.refuse(`an append to ${stream}`)
    if (expected !== this.fold.version) throw new ConcurrencyError(stream, expected, this.fold.version)
    if (!events.length) return []
    const head = { version: this.fold.version, hash: this.fold.events.at(-1)?.hash ?? GENESIS_HASH }
    const planned = this.store.appendSteps(stream, head, events)
    this.appends.push(planned)
    this.fold =
      advanceFold(this.fold, planned.events) ??
      foldGame([...this.fold.events, ...planned.events], this.j.registry, this.judge.secrets)
    return planned.events
  }

  private mark(): Mark {
    return {
      appends: this.appends.length,
      steps: this.letters.length,
      secrets: this.secretSteps.length,
      fold: this.fold,
    }
  }

  private rollBack(m: Mark): void {
    this.appends.length = m.appends
    this.letters.length = m.steps
    this.secretSteps.length = m.secrets
    this.fold = m.fold
  }
}

const secretKey = (game: string, purpose: string, point: number) => `${game}|${purpose}|${point}`
