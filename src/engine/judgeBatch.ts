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
// again on the game that writer left. After BATCH_TRIES lost races, or when the calls write beyond
// the game's stream (reachedBeyond), they run the synchronous way, in one transaction.
import { FilingBatch } from './filingBatch.ts'
import type { Judge } from './judge.ts'
import { reachedBeyond, secretsAhead } from './planningJudge.ts'
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
  for (let tries = 0; tries < BATCH_TRIES; tries++) {
    const batch = await FilingBatch.open(j, jobs.db, jobs.letterSteps)
    // A game that cannot be read ahead is read when the calls load it, and fails them there.
    const fold = await batch.readGame(game).catch(() => null)
    if (fold) await secretsAhead(batch.judge, jobs.db, fold)
    let result: T
    try {
      result = calls(batch.judge)
    } catch (e) {
      if (reachedBeyond(batch.judge)) break
      throw e
    }
    if (reachedBeyond(batch.judge)) break
    if (batch.empty || (await batch.commit())) return result
  }
  return j.transaction(() => calls(j))
}
