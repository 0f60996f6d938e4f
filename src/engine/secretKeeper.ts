// Where a resolution keeps the dice secret it draws for the next point. By default the judge's
// database, in the resolution's transaction; a resolution decided for a batch on the async store
// (resolutionBatch.ts) keeps it among the batch's writes instead, beside the commitment it goes with.
import { recordSecret } from '../log/repos/secrets.ts'
import type { JudgeContext } from './judgeContext.ts'

export type Keeper = (game: string, purpose: 'dice' | 'hidden', point: number, secret: string) => void

const keepers = new WeakMap<JudgeContext, Keeper>()

/** Secrets drawn through `j` go to `keep`. */
export function keepSecretsWith(j: JudgeContext, keep: Keeper): void {
  keepers.set(j, keep)
}

/** Keeps a freshly drawn secret where `j` keeps them. */
export function keepSecret(
  j: JudgeContext,
  game: string,
  purpose: 'dice' | 'hidden',
  point: number,
  secret: string,
): void {
  const keep = keepers.get(j)
  if (keep) keep(game, purpose, point, secret)
  else recordSecret(j.o.db, game, purpose, point, secret)
}
