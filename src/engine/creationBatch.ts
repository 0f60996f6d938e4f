// Creating a game on the async store in one batch (AsyncDatabase.batch), as the tick resolves a game
// (resolutionBatch.ts): what the creation reads is read ahead on the async handle (whether the game
// exists, the server secret, whether its pack is stored), then the creation is decided
// synchronously and unchanged (creation.ts: the checks, the setup, the secrets drawn, the opening
// events, reports and questions, and the house seats' first orders) against a judge whose writes
// are gathered, not written. One batch writes the secrets, the pack, the game's events, its clock
// row and the letters: nothing of the game exists until all of it does.
//
// Nothing is read inside the batch: the stream's first version and the secrets' keys are unique,
// so a second creator of the same game id makes the batch fail whole, and the caller is told the
// game exists. A creation that reaches beyond what is gathered (another stream, a stored pack
// other than its own) stops with NotGathered and is carried out the synchronous way.
import { type AppendSteps, AsyncEventStore, isWriteConflict } from '../log/async/store.ts'
import type { AsyncStep } from '../log/async/database.ts'
import { gameClockStep } from '../log/repos/gameClock.ts'
import { hasPackAsync, packStep } from '../log/repos/packs.ts'
import { secretStep } from '../log/repos/secrets.ts'
import { ConcurrencyError, type EventStore, GENESIS_HASH, type NewEvent, type StoredEvent } from '../log/store.ts'
import type { Letter } from '../reports/render.ts'
import type { CreateGameRequest } from './calls.ts'
import { clockEntry } from './clock/clockModel.ts'
import { type CreationPlan, openGame, planCreation } from './creation.ts'
import { gameStream } from './events.ts'
import { foldGame, type GameFold, type SecretSource } from './fold.ts'
import { advanceFold } from './foldAdvance.ts'
import { playHouseSeats } from './house.ts'
import { isHouseSeatLetter } from './houseSeat.ts'
import type { Judge } from './judge.ts'
import { NotGathered, type ResolutionJobs } from './resolutionBatch.ts'
import { serverSecretAhead, withServerSecret } from './secret.ts'
import { keepSecretsWith } from './secretKeeper.ts'

/** As Judge.createGame, its writes in one batch on `jobs`. */
export async function createGameBatched(
  j: Judge,
  jobs: ResolutionJobs,
  req: CreateGameRequest,
): Promise<{ game: string; keys: Record<string, string> }> {
  const store = new AsyncEventStore(jobs.db, j.o.store.schemas, j.o.clock)
  const stream = gameStream(req.game)
  const [head, server] = await Promise.all([store.head(stream), serverSecretAhead(j.o.db, jobs.db)])
  const batch = new CreationBatch(j, store, jobs, req.game, server)
  let plan: CreationPlan
  try {
    plan = planCreation(batch.judge, req, () => head.version > 0)
    batch.open(plan, await hasPackAsync(jobs.db, plan.pack.hash))
    playHouseSeats(batch.judge, req.game)
    batch.check()
  } catch (e) {
    if (e instanceof NotGathered) return j.createGame(req)
    throw e
  }
  if (!(await batch.commit())) throw new Error(`game ${req.game} already exists`)
  return { game: req.game, keys: plan.keys }
}

/** What the batch has gathered at one point, to go back to when a savepoint rolls back. */
interface Mark {
  appends: number
  steps: number
  fold: GameFold | null
}

class CreationBatch {
  /** The judge the creation runs against: its writes come here. */
  readonly judge: Judge
  private fold: GameFold | null = null
  private readonly appends: AppendSteps[] = []
  /** The secrets and the pack, written before the events; the letters after them. */
  private readonly first: AsyncStep[] = []
  private readonly steps: AsyncStep[] = []
  private readonly known = new Map<string, string>()
  private ownPack: CreationPlan['pack'] | null = null
  private readonly stream: string
  /** Set when the creation reached beyond the batch (even where a caller caught it, as the house does). */
  private spoiled: NotGathered | null = null

  constructor(
    private readonly j: Judge,
    private readonly store: AsyncEventStore,
    private readonly jobs: ResolutionJobs,
    private readonly game: string,
    serverSecret: string,
  ) {
    this.stream = gameStream(game)
    this.judge = this.gatheringJudge(serverSecret)
  }

  /** The plan's secrets and pack (unless `packStored`) gathered, and its opening run into the batch. */
  open(plan: CreationPlan, packStored: boolean): void {
    const engine = this.jobs.db.engine
    this.keep(plan.game, 'hidden', 0, plan.hidden)
    this.keep(plan.game, 'dice', 1, plan.dice)
    this.ownPack = plan.pack
    if (!packStored) this.first.push(packStep(engine, { ...plan.pack, packId: plan.pack.id }))
    this.judge.transaction(() => openGame(this.judge, plan))
  }

  /** Throws the NotGathered the creation met, if any. */
  check(): void {
    if (this.spoiled) throw this.spoiled
  }

  /** Writes the batch. False when another writer made the game first: nothing is written. */
  async commit(): Promise<boolean> {
    this.check()
    if (!this.fold) throw new Error(`${this.game}: a creation that appends nothing`)
    const clock = gameClockStep(this.jobs.db.engine, {
      game: this.game,
      version: this.fold.version,
      ...clockEntry(this.fold),
    })
    const all = [...this.first, ...this.appends.flatMap((a) => a.steps), clock, ...this.steps]
    let results: { rows: Record<string, unknown>[] }[]
    try {
      results = await this.jobs.db.batch(all)
    } catch (err) {
      if (isWriteConflict(err)) return false
      throw err
    }
    let at = this.first.length
    for (const a of this.appends) {
      this.store.placeFrom(this.stream, a, results.slice(at))
      at += a.steps.length
    }
    this.j.folds.set(this.game, this.fold)
    return true
  }

  private keep(game: string, purpose: 'dice' | 'hidden', point: number, secret: string): void {
    this.first.push(secretStep(this.jobs.db.engine, game, purpose, point, secret))
    this.known.set(secretKey(game, purpose, point), secret)
  }

  private refuse(what: string): never {
    this.spoiled ??= new NotGathered(`${this.game}: ${what} is not gathered in the creation's batch`)
    throw this.spoiled
  }

  /** The real judge but for its store, outbox, secrets and folds. */
  private gatheringJudge(serverSecret: string): Judge {
    const secrets: SecretSource = {
      get: (game, purpose, point) => this.known.get(secretKey(game, purpose, point)) ?? null,
      pack: (hash) => (hash === this.ownPack?.hash ? this.ownPack.content : this.refuse(`the stored pack ${hash}`)),
    }
    const outbox = {
      enqueue: (letter: Letter, meta: { game: string | null; kind: string }) => {
        if (!isHouseSeatLetter(letter)) this.steps.push(...this.jobs.letterSteps(letter, meta))
      },
    }
    const o = { ...this.j.o, store: this.gatheringStore(), outbox, db: withServerSecret(this.j.o.db, serverSecret) }
    const ctx = Object.create(this.j, {
      o: { value: o },
      secrets: { value: secrets },
      load: {
        value: (game: string, opts: { check?: boolean } = {}) =>
          game === this.game && this.fold && !opts.check ? this.fold : this.refuse(`reading game ${game}`),
      },
      hasGame: { value: (game: string) => (game === this.game ? this.fold !== null : this.refuse(`game ${game}`)) },
    }) as Judge
    keepSecretsWith(ctx, (game, purpose, point, secret) => this.keep(game, purpose, point, secret))
    return ctx
  }

  /** The event store the creation writes to: appends to the game gathered, transactions as savepoints. */
  private gatheringStore(): EventStore {
    const own: Partial<EventStore> = {
      schemas: this.j.o.store.schemas,
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
      version: (stream: string) =>
        stream === this.stream ? (this.fold?.version ?? 0) : this.refuse(`the head of ${stream}`),
      read: (stream: string, from = 1) =>
        stream === this.stream
          ? (this.fold?.events ?? []).filter((e) => e.version >= from)
          : this.refuse(`reading ${stream}`),
    }
    return new Proxy(own as EventStore, {
      get: (target, key) => {
        if (key in target) return Reflect.get(target, key)
        // Asked by whoever looks at the object (is it a promise?), not by the creation.
        if (typeof key === 'symbol' || key === 'then') return undefined
        return this.refuse(`the event store's ${key}`)
      },
    })
  }

  private append(stream: string, expected: number, events: NewEvent[]): StoredEvent[] {
    if (stream !== this.stream) this.refuse(`an append to ${stream}`)
    const version = this.fold?.version ?? 0
    if (expected !== version) throw new ConcurrencyError(stream, expected, version)
    if (!events.length) return []
    const head = { version, hash: this.fold?.events.at(-1)?.hash ?? GENESIS_HASH }
    const planned = this.store.appendSteps(stream, head, events)
    this.appends.push(planned)
    const before = this.fold?.events ?? []
    this.fold =
      (this.fold && advanceFold(this.fold, planned.events)) ??
      foldGame([...before, ...planned.events], this.j.registry, this.judge.secrets)
    return planned.events
  }

  private mark(): Mark {
    return { appends: this.appends.length, steps: this.steps.length, fold: this.fold }
  }

  private rollBack(m: Mark): void {
    this.appends.length = m.appends
    this.steps.length = m.steps
    this.fold = m.fold
  }
}

const secretKey = (game: string, purpose: string, point: number) => `${game}|${purpose}|${point}`
