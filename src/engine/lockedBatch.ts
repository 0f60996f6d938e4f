// The locked way back: what a batched path carries out when its optimistic batch gives up (it lost
// its races, or its decision kept reaching games it had not read ahead), on PostgreSQL in one
// transaction on the async handle instead of on the synchronous driver.
//
// The transaction takes the advisory locks of the streams it will write (the names the synchronous
// seam and every batch use, `stream:<name>`, so all of them exclude each other) BEFORE it reads
// them, sorted where it knows them at once; then it reads them ahead inside the transaction and
// decides on the same planning judge as the batch (planningJudge.ts, over a FilingBatch that reads
// and writes through the transaction: txDatabase). No other writer can append to a locked stream
// meanwhile, so the commit cannot lose a race. A decision that reaches a game or a secret not read
// yet stops as in the batch (NotReadAhead); its game is locked and read in the same transaction and
// the decision made again, up to a safety cap that throws. A deadlock PostgreSQL broke (a game
// locked late, out of order) or a lock wait that timed out rolls back and the locked way starts
// again, a few times.
//
// What the decision reaches beyond the games (a stream not a game's, the streams of a prefix, a
// reply count, an outbox row: FilingBatch.readOther) is read in the transaction the same way, a
// stream under its own lock.
//
// Not on SQLite: better-sqlite3 is the native driver there, and an async transaction holding the
// file's write lock across awaits would make this process's synchronous handle find it busy. A
// decision that writes beyond the games' streams (reachedBeyond) is made the synchronous way there;
// on PostgreSQL it is refused with an error naming the write (no synchronous driver is left).
import type { AsyncDatabase, AsyncStep, AsyncStepResult, AsyncTx } from '../log/async/database.ts'
import type { AdjudicateResult } from './calls.ts'
import { type Action, planGame } from './clock/lifecycle.ts'
import { gameStream } from './events.ts'
import { aheadRead, FilingBatch } from './filingBatch.ts'
import type { GameFold } from './fold.ts'
import type { ResolutionJobs } from './gathering.ts'
import type { Judge } from './judge.ts'
import { reachedBeyond, secretsAhead } from './planningJudge.ts'

export type { AsyncTx } from '../log/async/database.ts'

/** How many times the locked way starts again after a deadlock or a lock wait that timed out. */
export const LOCKED_TRIES = 4

/** How many times a locked decision is made again on games it reached; beyond, something is wrong. */
export const LOCKED_ROUNDS = 25

/** Whether the batched paths' ways back go the locked way on `db` (PostgreSQL) rather than the synchronous one. */
export function locksTheWayBack(db: AsyncDatabase): boolean {
  return db.engine === 'postgres'
}

/** Whether `e` is PostgreSQL breaking a deadlock (40P01) or a lock wait over lock_timeout (55P03). */
export function isLockFailure(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code
  return code === '40P01' || code === '55P03'
}

/**
 * `fn` in one writing transaction on `db`, started again (up to LOCKED_TRIES) when PostgreSQL
 * rolled it back for a deadlock or a lock wait that timed out. `fn` may so run more than once: it
 * reads and decides inside the transaction, and writes only through it.
 */
export async function inLockedTransaction<T>(db: AsyncDatabase, fn: (tx: AsyncTx) => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await db.transaction(fn)
    } catch (e) {
      if (!isLockFailure(e) || tries >= LOCKED_TRIES) throw e
    }
  }
}

/** Takes the locks named, in sorted order (sent at once: the pipeline keeps the order). */
export async function lockNames(tx: AsyncTx, names: Iterable<string>): Promise<void> {
  await Promise.all([...new Set(names)].sort().map((n) => tx.lock(n)))
}

/**
 * The locks of the games' streams, in sorted order; of a stream not a game's named with them
 * (aheadRead), its own; what else is named with them (a count, an outbox row) takes none.
 */
export function lockGames(tx: AsyncTx, games: Iterable<string>): Promise<void> {
  const names = [...games].flatMap((g) => {
    const other = aheadRead(g)
    if (!other) return [`stream:${gameStream(g)}`]
    return other.kind === 'stream' ? [`stream:${other.key}`] : []
  })
  return lockNames(tx, names)
}

/** One statement of a batch run in `tx`: its rows and the rows it changed (PostgreSQL's step). */
type Stepper = { step?: <R>(s: AsyncStep) => Promise<AsyncStepResult<R>> }

/**
 * `tx` seen as the async database the batches write on: every read and write goes through it, a
 * batch's steps run in it (pipelined on PostgreSQL, in order), a transaction asked of it is `tx`
 * itself, its locks held to the end. So FilingBatch, ResolutionBatch and CreationBatch read ahead
 * and commit unchanged inside the locked transaction.
 */
export function txDatabase(tx: AsyncTx): AsyncDatabase {
  const step = <R>(s: AsyncStep): Promise<AsyncStepResult<R>> => {
    const own = (tx as Stepper).step
    if (own) return own.call(tx, s) as Promise<AsyncStepResult<R>>
    return tx.all<R>(s.sql, s.params ?? []).then((rows) => ({ rows, changes: rows.length }))
  }
  return {
    engine: tx.engine,
    all: (sql, params) => tx.all(sql, params),
    get: (sql, params) => tx.get(sql, params),
    run: (sql, params) => tx.run(sql, params),
    exec: (sql) => tx.exec(sql),
    transaction: (fn) => fn(tx),
    batch: <R>(steps: readonly AsyncStep[]) => Promise.all(steps.map((s) => step<R>(s))),
    close: async () => {},
  }
}

/** What a locked decision gave: its result and the batch it wrote, or `beyond`: it writes beyond the games' streams. */
export type Locked<T> = { result: T; batch: FilingBatch } | { beyond: true }

/** What a locked decision is given and locks first. */
export interface LockedOptions {
  /** The games it is known to read and write, locked first (sorted), read ahead. */
  games: Iterable<string>
}

/** What one try of a decision on a batch gave: its result, or the games it reached unread, or `beyond`. */
export type Decided<T> = { result: T; batch: FilingBatch } | { unread: Set<string> } | { beyond: true }

/**
 * `decide` tried once on a fresh batch on `db` that reads `games` ahead (with their secrets):
 * `beyond` when it writes beyond the games' streams, the games (or other reads) it reached unread
 * when reading ahead only, else its result and the batch holding its writes, not yet committed.
 * What it throws otherwise is thrown. The batched and the locked ways share it.
 */
export async function decideOnce<T>(
  j: Judge,
  db: AsyncDatabase,
  letterSteps: ResolutionJobs['letterSteps'],
  games: Iterable<string>,
  aheadOnly: boolean,
  decide: (batch: FilingBatch) => T,
): Promise<Decided<T>> {
  const batch = await FilingBatch.open(j, db, letterSteps)
  if (aheadOnly) batch.readAheadOnly()
  // A game that cannot be read ahead is read when the decision loads it, and fails it there.
  const folds = await Promise.all([...games].map((g) => batch.readGame(g).catch(() => null)))
  for (const fold of folds) if (fold) await secretsAhead(batch.judge, db, fold)
  let result: T
  try {
    result = decide(batch)
  } catch (e) {
    if (reachedBeyond(batch.judge)) return { beyond: true }
    if (!batch.unread.size) throw e
  }
  if (reachedBeyond(batch.judge)) return { beyond: true }
  if (batch.unread.size) return { unread: batch.unread }
  return { result: result!, batch }
}

/**
 * `decide` made on a planning judge inside one locked transaction on `jobs`: the games locked and
 * read, what it reaches and was not read locked and read in turn, its writes committed through the
 * transaction. `decide` may run more than once (each on a fresh batch); what it throws is thrown,
 * and nothing of it is written.
 */
export async function decideLocked<T>(
  j: Judge,
  jobs: ResolutionJobs,
  opts: LockedOptions,
  decide: (batch: FilingBatch) => T,
): Promise<Locked<T>> {
  return inLockedTransaction(jobs.db, async (tx) => {
    const db = txDatabase(tx)
    const games = new Set(opts.games)
    for (let round = 0; round < LOCKED_ROUNDS; round++) {
      await lockGames(tx, games)
      const tried = await decideOnce(j, db, jobs.letterSteps, games, true, decide)
      if ('beyond' in tried) return tried
      if ('unread' in tried) {
        for (const g of tried.unread) games.add(g)
        continue
      }
      // Every stream it writes is locked and was read under the lock: no writer got ahead of it.
      if (!tried.batch.empty && !(await tried.batch.commit()))
        throw new Error('a locked batch was beaten by a writer it had locked out')
      return tried
    }
    throw new Error(
      `a locked decision still reached games it had not read after ${LOCKED_ROUNDS} rounds (${[...games].join(', ')})`,
    )
  })
}

/** What a tick's plan carried out locked did (as Judge.applyPlan), the fold it left, and whether it was made again. */
export interface LockedPlan {
  done: string[]
  result: AdjudicateResult | null
  /** The plan was made again: the game had moved since it was made. */
  replanned: boolean
  after: GameFold | null
}

/**
 * A game's plan at a tick (`actions`, made on the game at `version`) carried out locked: the game
 * locked and read, the plan made again when the game moved since, applied on the planning judge
 * (what it reaches beyond the game locked and read in turn), written. Null when it writes beyond
 * the games' streams (only the synchronous way carries that out).
 */
export async function applyPlanLocked(
  j: Judge,
  jobs: ResolutionJobs,
  game: string,
  plan: { version: number; actions: Action[] },
  now: Date,
): Promise<LockedPlan | null> {
  const locked = await decideLocked(j, jobs, { games: [game] }, (batch) => {
    const fold = batch.foldOf(game)
    const replanned = fold.version !== plan.version
    const actions = replanned ? planGame(fold, now).actions : plan.actions
    const out = actions.length
      ? batch.judge.applyPlan(game, actions, { now, expectedVersion: fold.version })
      : { done: [], result: null }
    return { ...out, replanned }
  })
  if (!('result' in locked)) return null
  return { ...locked.result, after: locked.batch.heldFold(game) }
}
