// The judge's own calls on one game (a moderator's command from the command line: pause, extend,
// adjudicate, standby ...) written in one batch on the async store, as a moderator's mail is filed
// (filingBatch.ts): the game, the server secret and the game's dice and hidden-draw secrets are read
// ahead on the async handle, the calls run unchanged on a planning judge (planningJudge.ts) whose
// appends, letters and the dice secret a resolution draws are gathered, and one batch writes them,
// with the game's clock row from the fold they leave. So the calls send no statement on the
// synchronous handle, which on PostgreSQL waits on the event loop's thread for each round trip.
//
// Nothing is read inside the batch: the stream's next version is unique, so a writer that appended
// since the read (the tick, a mail, another judge) makes the batch fail whole, and the calls run
// again on the game that writer left. A game or a secret the calls reach that was not read ahead
// stops them (FilingBatch.readAheadOnly), and they run again on a batch that reads it ahead too.
// After BATCH_TRIES lost races, or READ_ROUNDS rounds still reaching games not read ahead, they
// run on PostgreSQL in one locked transaction on the async handle (lockedBatch.ts: the games
// locked, then read, then decided on and written, no race to lose); on SQLite the synchronous way,
// in one transaction, as when the calls write beyond the game's stream (reachedBeyond), which
// PostgreSQL refuses with an error naming the write.
import { noteLockedWay, noteWayBack } from './gathering.ts'
import type { Judge } from './judge.ts'
import { decideLocked, decideOnce, locksTheWayBack } from './lockedBatch.ts'
import type { ResolutionJobs } from './resolutionBatch.ts'

/** How many times a batch that another writer got ahead of is decided again before the synchronous way. */
export const BATCH_TRIES = 5

/**
 * `calls` run on a planning judge for `game`, their writes in one batch on `jobs`, retried when
 * another writer got ahead; what `calls` returns. `calls` may run more than once: it decides and
 * returns, it prints nothing. What it throws is thrown, and nothing of it is written.
 */
export async function onPlanningJudge<T>(
  j: Judge,
  jobs: ResolutionJobs,
  game: string,
  calls: (judge: Judge) => T,
): Promise<T> {
  const games = new Set([game])
  let beyond = false
  for (let tries = 0, round = 0; tries < BATCH_TRIES; ) {
    // After READ_ROUNDS rounds reaching games not read ahead, the locked way reads them where the
    // calls reach them (on SQLite, the synchronous way below).
    if (round >= READ_ROUNDS && locksTheWayBack(jobs.db)) break
    // A game or a secret the calls reach that was not read ahead stops them, to be read ahead on
    // the next batch; after READ_ROUNDS such rounds it is read where the calls reach it.
    const tried = await decideOnce(j, jobs.db, jobs.letterSteps, games, round < READ_ROUNDS, (b) => calls(b.judge))
    beyond = 'beyond' in tried
    if (beyond) break
    if ('unread' in tried) {
      for (const g of tried.unread) games.add(g)
      round++
      continue
    }
    if ('result' in tried && (tried.batch.empty || (await tried.batch.commit()))) return tried.result
    tries++
  }
  if (!beyond && locksTheWayBack(jobs.db)) {
    const locked = await decideLocked(j, jobs, { games }, (batch) => calls(batch.judge))
    if ('result' in locked) {
      noteLockedWay('the judge calls of a command', `game ${game}`)
      return locked.result
    }
  }
  noteWayBack('the judge calls of a command', `game ${game}`)
  return j.transaction(() => calls(j))
}

/** How many times calls are run again on games or secrets they reached that were not read ahead. */
export const READ_ROUNDS = 3
