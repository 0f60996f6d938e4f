// Several judges draining one outbox (migrations/010_judges.sql): a row is claimed just
// before it is sent, by one judge for a while, so that no other judge sends it too. A claim is one
// statement that takes the next few due rows nobody else holds; on PostgreSQL with FOR UPDATE SKIP
// LOCKED, so a judge never waits on the rows another is claiming, it takes the next ones (the
// statements are the log's, src/log/repos/outboxClaims.ts, reached through the engine's mail port). A judge that
// dies mid-send leaves its claim: it takes the row again at once when it restarts (its identity is
// its host and data folder), any other judge once the claim has lapsed, about a minute later.
//
// Why a row is still sent once when claims lapse (the argument smtp.ts's in-doubt settlement relies on):
// - A claim is short (CLAIM_MS) and renewed before every group of sends (renewClaims); a judge sends
//   only the rows its renewal returned, so each send starts with a full CLAIM_MS of claim ahead of it.
// - One send ends (the server's reply, a refusal, or the transport's 30 s socket timeout) well within
//   CLAIM_MS of its group's renewal. So once a claim has lapsed, its holder's SMTP exchange for the
//   row is over: the server took the mail (its archive copy lands within milliseconds) or it did not.
// - Every change of holder is one statement that also checks the holder (claimDue, renewClaims,
//   smtp.ts's claimInDoubt), serialised by the row lock (PostgreSQL) or the one writer (SQLite): a
//   judge that was only slow finds its renewal refused once another has taken the row over, and
//   leaves the row alone.
// What this cannot cover: a judge stopped (not dead: paused, swapped out) for longer than a claim in
// the middle of an SMTP exchange, which then completes after another judge found nothing in the
// archive and sent the row. That copy carries the same Message-ID, so receivers can tell it.
import { hostname } from 'node:os'
import { type AsyncDatabase, type ClaimedRow, claimDueRows, renewRowClaims } from '../engine/mailStore.ts'

/** The owner of claims when none is named: a judge on its own. */
export const LOCAL_OWNER = 'local'

/**
 * How long a claim keeps other judges off a row unless renewed: twice the longest a send may hang
 * (SmtpTransport's 30 s socket timeout), and short enough that another judge finishes a dead
 * judge's sends about a minute after it died.
 */
export const CLAIM_MS = 60_000

/** Who this judge is to the others: PBEM_JUDGE_ID, else its host and data folder (stable over restarts). */
export function judgeIdentity(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.PBEM_JUDGE_ID || `${hostname()}:${dataDir}`
}

export type { ClaimedRow }

/** Rows claimed at once: one write per this many sends, and no more left waiting should the judge die. */
export const CLAIM_BATCH = 20

/**
 * Claims for `owner` the first `count` (default CLAIM_BATCH) due rows after id `after` that nobody
 * else holds (unsent, under maxAttempts, their next attempt due at `now`), until now + claimMs; in
 * id order, none when there are none.
 */
export function claimDue(
  db: AsyncDatabase,
  owner: string,
  now: Date,
  o: { maxAttempts: number; after: number; count?: number; claimMs?: number },
): Promise<ClaimedRow[]> {
  return claimDueRows(db, {
    owner,
    now: now.toISOString(),
    until: new Date(now.getTime() + (o.claimMs ?? CLAIM_MS)).toISOString(),
    after: o.after,
    maxAttempts: o.maxAttempts,
    count: o.count ?? CLAIM_BATCH,
  })
}

/**
 * Renews `owner`'s claims on the unsent rows `ids` until now + claimMs and returns the ids it still
 * holds: a row another judge has taken over since (the claim lapsed) is not returned and must not be
 * sent. One statement: a claim and its renewal never interleave (see the header).
 */
export function renewClaims(
  db: AsyncDatabase,
  owner: string,
  ids: number[],
  now: Date,
  claimMs = CLAIM_MS,
): Promise<Set<number>> {
  return renewRowClaims(db, owner, ids, new Date(now.getTime() + claimMs).toISOString())
}
