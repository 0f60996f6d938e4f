// Several judges draining one outbox (issue 16, migrations/010_judges.sql): a row is claimed just
// before it is sent, by one judge for a while, so that no other judge sends it too. The claim is one
// statement that takes the next due row nobody else holds; on PostgreSQL with FOR UPDATE SKIP
// LOCKED, so a judge never waits on the row another is claiming, it takes the next one. A judge that
// dies mid-send leaves its claim: it takes the row again at once when it restarts (its identity is
// its host and data folder), any other judge once the claim has lapsed.
import { hostname } from 'node:os'
import { engineOfDatabase, type SqlDatabase as Database } from '../log/sql.ts'

/** The owner of claims when none is named: a judge on its own. */
export const LOCAL_OWNER = 'local'

/** How long a claim keeps other judges off a row: far longer than one send may take. */
export const CLAIM_MS = 10 * 60_000

/** Who this judge is to the others: PBEM_JUDGE_ID, else its host and data folder (stable over restarts). */
export function judgeIdentity(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.PBEM_JUDGE_ID || `${hostname()}:${dataDir}`
}

export interface ClaimedRow {
  id: number
  payload: string
  created_at: string
  attempts: number
}

/** SQL for "nobody else holds the row at @now": unclaimed, claimed by @owner, or the claim lapsed. */
export const FREE_OF_OTHERS = '(claimed_by IS NULL OR claimed_by = @owner OR claimed_until <= @now)'

/**
 * Claims for `owner` the first due row after id `after` that nobody else holds (unsent, under
 * maxAttempts, its next attempt due at `now`), until now + claimMs; undefined when there is none.
 */
export function claimNext(
  db: Database,
  owner: string,
  now: Date,
  o: { maxAttempts: number; after: number; claimMs?: number },
): ClaimedRow | undefined {
  const skipLocked = engineOfDatabase(db) === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : ''
  return db
    .prepare<[object], ClaimedRow>(
      `UPDATE outbox SET claimed_by = @owner, claimed_until = @until
       WHERE id = (SELECT id FROM outbox
                   WHERE id > @after AND sent_at IS NULL AND attempts < @max
                     AND (next_attempt_at IS NULL OR next_attempt_at <= @now) AND ${FREE_OF_OTHERS}
                   ORDER BY id LIMIT 1${skipLocked})
       RETURNING id, payload, created_at, attempts`,
    )
    .get({
      owner,
      now: now.toISOString(),
      until: new Date(now.getTime() + (o.claimMs ?? CLAIM_MS)).toISOString(),
      after: o.after,
      max: o.maxAttempts,
    })
}
