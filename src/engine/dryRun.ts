// A check that writes nothing it keeps (`pbem game check`: orders judged as a mail's would be, then
// rolled back) run on a planning judge of a filing batch read ahead on the async handle, as a mail
// of the game is (filingBatch.ts): what it would write is gathered and dropped, never committed. The
// batch reads ahead only (FilingBatch.readAheadOnly): a game or a secret the check reaches that was
// not read ahead stops it, and it runs again on a batch that reads that ahead too, the secrets read
// in earlier rounds kept. Nothing is committed, so no race is lost, and each round reads something
// new, so it ends. A check that writes beyond the games' streams is an error, not a way back to the
// synchronous handle (no check does today).
import { FilingBatch } from './filingBatch.ts'
import type { Judge } from './judge.ts'
import { reachedBeyond, secretsAhead } from './planningJudge.ts'
import type { ResolutionJobs } from './resolutionBatch.ts'

/** How many times a check runs again on more read ahead before it is given up as a fault. */
export const DRY_RUN_ROUNDS = 100

/**
 * `run`, which writes nothing it keeps, on a planning judge of `game` read ahead on the async
 * handle, with what else it reaches read ahead as it reaches it. `run` may run more than once.
 */
export async function onDryRun<T>(j: Judge, jobs: ResolutionJobs, game: string, run: (judge: Judge) => T): Promise<T> {
  const games = new Set([game])
  const secrets = new Map<string, string | null>()
  for (let round = 1; ; round++) {
    const failed = new Map<string, unknown>()
    const batch = await FilingBatch.open(j, jobs.db, jobs.letterSteps)
    batch.readAheadOnly()
    const folds = await Promise.all(
      [...games].map((g) =>
        batch.readGame(g).catch((e: unknown) => {
          failed.set(g, e)
          return null
        }),
      ),
    )
    for (const [key, secret] of secrets) if (!batch.knownSecrets.has(key)) batch.knownSecrets.set(key, secret)
    if (folds[0]) await secretsAhead(batch.judge, jobs.db, folds[0])
    let result: T
    try {
      result = run(batch.judge)
    } catch (e) {
      if (!batch.unread.size && !reachedBeyond(batch.judge)) throw e
    }
    if (reachedBeyond(batch.judge))
      throw new Error(`the check of ${game} wrote beyond the games' streams, which a dry run does not gather`)
    if (!batch.unread.size) return result!
    // A game that cannot be read ahead fails the check where it reaches it, as the synchronous load fails.
    for (const g of batch.unread) if (failed.has(g)) throw failed.get(g)
    if (round >= DRY_RUN_ROUNDS)
      throw new Error(`the check of ${game} still reached beyond what it read ahead after ${DRY_RUN_ROUNDS} rounds`)
    for (const [key, secret] of batch.knownSecrets) secrets.set(key, secret)
    for (const g of batch.unread) games.add(g)
  }
}
