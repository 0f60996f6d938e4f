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
import type { AsyncStep, AsyncStepResult } from '../log/async/database.ts'
import { AsyncEventStore, isWriteConflict } from '../log/async/store.ts'
import { hasPackAsync, packStep } from '../log/repos/packs.ts'
import type { CreateGameRequest } from './calls.ts'
import { type CreationPlan, openGame, planCreation } from './creation.ts'
import { gameStream } from './events.ts'
import { GatheredGame, NotGathered, noteWayBack, type ResolutionJobs } from './gathering.ts'
import { playHouseSeats } from './house.ts'
import type { Judge } from './judge.ts'
import { serverSecretAhead } from './secretAhead.ts'

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
    if (e instanceof NotGathered) {
      noteWayBack('a creation', e.message)
      return j.createGame(req)
    }
    throw e
  }
  if (!(await batch.commit())) throw new Error(`game ${req.game} already exists`)
  return { game: req.game, keys: plan.keys }
}

class CreationBatch {
  /** The creation's writes, gathered by the judge it runs against. */
  private readonly g: GatheredGame
  /** The pack, written before the events unless stored. */
  private readonly packSteps: AsyncStep[] = []
  private ownPack: CreationPlan['pack'] | null = null

  constructor(
    j: Judge,
    store: AsyncEventStore,
    private readonly jobs: ResolutionJobs,
    private readonly game: string,
    serverSecret: string,
  ) {
    // The game's secrets are all drawn here, so none is read; its pack is the one it brings.
    const pack = (hash: string) =>
      hash === this.ownPack?.hash ? this.ownPack.content : this.g.refuse(`the stored pack ${hash}`, { pack: hash })
    const opts = { batch: "the creation's", serverSecret, fallback: null, pack, hasGame: true }
    this.g = new GatheredGame(j, store, jobs, game, null, opts)
  }

  /** The judge the creation runs against: its writes come here. */
  get judge(): Judge {
    return this.g.judge
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
