// Several judges draining one outbox (issue 16, migrations/010_judges.sql): a row is claimed just
// before it is sent, by one judge for a while, so that no other judge sends it too. A claim is one
// statement that takes the next few due rows nobody else holds; on PostgreSQL with FOR UPDATE SKIP
// LOCKED, so a judge never waits on the rows another is claiming, it takes the next ones. A judge that
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

/** Rows claimed at once: one write per this many sends, and no more left waiting should the judge die. */
export const CLAIM_BATCH = 20

/**
 * Claims for `owner` the first `count` (default CLAIM_BATCH) due rows after id `after` that nobody
 * else holds (unsent, under maxAttempts, their next attempt due at `now`), until now + claimMs; in
 * id order, none when there are none.
 */
export function claimDue(
  db: Database,
  owner: string,
  now: Date,
  o: { maxAttempts: number; after: number; count?: number; claimMs?: number },
): ClaimedRow[] {
  const skipLocked = engineOfDatabase(db) === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : ''
  const rows = db
    .prepare<[object], ClaimedRow>(
      `UPDATE outbox SET claimed_by = @owner, claimed_until = @until
       WHERE id IN (SELECT id FROM outbox
                    WHERE id > @after AND sent_at IS NULL AND attempts < @max
                      AND (next_attempt_at IS NULL OR next_attempt_at <= @now) AND ${FREE_OF_OTHERS}
                    ORDER BY id LIMIT @count${skipLocked})
       RETURNING id, payload, created_at, attempts`,
    )
    .all({
      owner,
      now: now.toISOString(),
      until: new Date(now.getTime() + (o.claimMs ?? CLAIM_MS)).toISOString(),
      after: o.after,
      max: o.maxAttempts,
      count: o.count ?? CLAIM_BATCH,
    })
  return rows.sort((x, y) => x.id - y.id)
}
