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
// game exists. A creation that reaches beyond what is gathered (another game, a stored pack other
// than its own, a stream not a game's) stops with NotGathered; on PostgreSQL it is carried out in one
// locked transaction on the async handle (createLocked), on SQLite the synchronous way. What no batch
// reads ahead (a game checked from scratch, an event store method the batch does not replace) is
// refused on PostgreSQL with an error naming it: no synchronous driver is left to the judge there.
import type { AsyncStep, AsyncStepResult } from '../log/async/database.ts'
import { AsyncEventStore, isWriteConflict } from '../log/async/store.ts'
import type { StoredEvent } from '../log/store.ts'
import { findPackContentAsync, hasPackAsync, packStep } from '../log/repos/packs.ts'
import type { CreateGameRequest } from './calls.ts'
import { type CreationPlan, openGame, planCreation } from './creation.ts'
import { gameOfStream, gameStream } from './events.ts'
import type { GameFold } from './fold.ts'
import { GatheredGame, NotGathered, noteLockedWay, noteWayBack, type ResolutionJobs } from './gathering.ts'
import { playHouseSeats } from './house.ts'
import type { Judge } from './judge.ts'
import { inLockedTransaction, LOCKED_ROUNDS, lockGames, lockNames, locksTheWayBack, txDatabase } from './lockedBatch.ts'
import { foldAhead } from './resolutionBatch.ts'
import { serverSecretAhead } from './secretAhead.ts'
import { RETIRED } from './waysBack.ts'

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
    plan = await batch.plan(req, head.version > 0)
  } catch (e) {
    if (!(e instanceof NotGathered)) throw e
    if (locksTheWayBack(jobs.db)) {
      const locked = await createLocked(j, jobs, req, server)
      if (!locked) throw new Error(`${e.message}, nor carried out locked: ${RETIRED}`)
      noteLockedWay('a creation', `game ${req.game}`)
      return locked
    }
    noteWayBack('a creation', e.message)
    return j.createGame(req)
  }
  if (!(await batch.commit())) throw new Error(`game ${req.game} already exists`)
  return { game: req.game, keys: plan.keys }
}

/**
 * The creation in one locked transaction on the async handle (PostgreSQL), for one that reached
 * beyond its batch: its game locked, what it reaches (another game, locked first; a stored pack)
 * read inside the transaction and known to a fresh batch, decided again, written through the
 * transaction. Null when it reaches what no batch reads ahead (a check from scratch, an event store
 * method a batch does not replace).
 */
async function createLocked(
  j: Judge,
  jobs: ResolutionJobs,
  req: CreateGameRequest,
  server: string,
): Promise<{ game: string; keys: Record<string, string> } | null> {
  return inLockedTransaction(jobs.db, async (tx) => {
    const db = txDatabase(tx)
    const store = new AsyncEventStore(db, j.o.store.schemas, j.o.clock)
    const games = new Map<string, GameFold | null>()
    const packs = new Map<string, unknown>()
    const streams = new Map<string, StoredEvent[]>()
    await lockGames(tx, [req.game])
    for (let round = 0; round < LOCKED_ROUNDS; round++) {
      const head = await store.head(gameStream(req.game))
      const batch = new CreationBatch(j, store, { ...jobs, db }, req.game, server)
      for (const [game, fold] of games) batch.knowGame(game, fold)
      for (const [hash, content] of packs) batch.knowPack(hash, content)
      for (const [stream, events] of streams) batch.knowStream(stream, events)
      try {
        const plan = await batch.plan(req, head.version > 0)
        if (!(await batch.commit())) throw new Error(`game ${req.game} already exists`)
        return { game: req.game, keys: plan.keys }
      } catch (e) {
        if (!(e instanceof NotGathered)) throw e
        const r = e.reached
        const game = 'game' in r ? r.game : 'stream' in r ? gameOfStream(r.stream) : null
        if (game) {
          await lockGames(tx, [game])
          games.set(game, await foldAhead(j, store, game))
        } else if ('stream' in r) {
          await lockNames(tx, [`stream:${r.stream}`])
          streams.set(r.stream, await store.read(r.stream))
        } else if ('pack' in r) packs.set(r.pack, await findPackContentAsync(db, r.pack))
        else return null
      }
    }
    throw new Error(`the creation of ${req.game} still reached beyond its batch after ${LOCKED_ROUNDS} rounds`)
  })
}

class CreationBatch {
  /** The creation's writes, gathered by the judge it runs against. */
  private readonly g: GatheredGame
  /** The pack, written before the events unless stored. */
  private readonly packSteps: AsyncStep[] = []
  private ownPack: CreationPlan['pack'] | null = null
  /** Stored packs read (a locked creation's), which the creation's folds read without a refusal. */
  private readonly packs = new Map<string, unknown>()

  constructor(
    j: Judge,
    store: AsyncEventStore,
    private readonly jobs: ResolutionJobs,
    private readonly game: string,
    serverSecret: string,
  ) {
    // The game's secrets are all drawn here, so none is read; its pack is the one it brings.
    const pack = (hash: string) =>
      hash === this.ownPack?.hash
        ? this.ownPack.content
        : this.packs.has(hash)
          ? this.packs.get(hash)
          : this.g.refuse(`the stored pack ${hash}`, { pack: hash })
    const opts = { batch: "the creation's", serverSecret, fallback: null, pack, hasGame: true }
    this.g = new GatheredGame(j, store, jobs, game, null, opts)
  }

  /** The judge the creation runs against: its writes come here. */
  get judge(): Judge {
    return this.g.judge
  }

  /** Another game read under its lock, which the creation may read. */
  knowGame(game: string, fold: GameFold | null): void {
    this.g.knowGame(game, fold)
  }

  /** A stream not a game's read under its lock, which the creation may read. */
  knowStream(stream: string, events: StoredEvent[]): void {
    this.g.knowStream(stream, events)
  }

  /** A stored pack read, which the creation's folds may read. */
  knowPack(hash: string, content: unknown): void {
    this.packs.set(hash, content)
  }

  /**
   * The creation decided into the batch (`exists`: whether the game's stream has begun): its plan,
   * its opening and its house seats' first orders; NotGathered when it reached beyond the batch.
   */
  async plan(req: CreateGameRequest, exists: boolean): Promise<CreationPlan> {
    const plan = planCreation(this.judge, req, () => exists)
    this.open(plan, await hasPackAsync(this.jobs.db, plan.pack.hash))
    playHouseSeats(this.judge, req.game)
    this.check()
    return plan
  }

  /** The plan's secrets and pack (unless `packStored`) gathered, and its opening run into the batch. */
  open(plan: CreationPlan, packStored: boolean): void {
    this.g.keep(plan.game, 'hidden', 0, plan.hidden)
    this.g.keep(plan.game, 'dice', 1, plan.dice)
    this.ownPack = plan.pack
    if (!packStored) this.packSteps.push(packStep(this.jobs.db.engine, { ...plan.pack, packId: plan.pack.id }))
    this.judge.transaction(() => openGame(this.judge, plan))
  }

  /** Throws the NotGathered the creation met, if any. */
  check(): void {
    this.g.check()
  }

  /** Writes the batch. False when another writer made the game first: nothing is written. */
  async commit(): Promise<boolean> {
    const g = this.g
    g.check()
    // The secrets and the pack before the events; the letters after them.
    const first = [...g.secretSteps, ...this.packSteps]
    const all = [...first, ...g.appendSteps(), g.clockStep(), ...g.letters]
    let results: AsyncStepResult[]
    try {
      results = await this.jobs.db.batch(all)
    } catch (err) {
      if (isWriteConflict(err)) return false
      throw err
    }
    g.written(results, first.length)
    return true
  }
}
