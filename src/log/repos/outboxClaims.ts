// The claims on outbox rows by which several judges drain one outbox (migrations/010_judges.sql;
// why a row is still sent once is argued in src/mail/outboxClaim.ts). Every change of holder is
// one statement that also checks the holder, serialised by the row lock (PostgreSQL) or the one
// writer (SQLite). On PostgreSQL a claim takes its rows FOR UPDATE SKIP LOCKED, so a judge never
// waits on the rows another is claiming, it takes the next ones: the dialect is decided here.
// These run on the async seam (the sending jobs await them); each statement is written once with
// its placeholders spelt for the engine it runs on.
import type { AsyncQueryable } from '../async/database.ts'
import { type Placeholder, placeholderOf, type SqlEngine } from '../sql.ts'

/** SQL for "nobody else holds the row at `now`": unclaimed, claimed by `owner`, or the claim lapsed. */
const freeOfOthers = (owner: string, now: string) =>
  `(claimed_by IS NULL OR claimed_by = ${owner} OR claimed_until <= ${now})`

const skipLocked = (engine: SqlEngine) => (engine === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '')

export interface ClaimedRow {
  id: number
  payload: string
  created_at: string
  attempts: number
}

export interface DueClaim {
  owner: string
  now: string
  until: string
  /** only rows with a greater id */
  after: number
  /** only rows with fewer attempts */
  maxAttempts: number
  count: number
}

const CLAIM_DUE = (p: Placeholder, engine: SqlEngine) =>
  `UPDATE outbox SET claimed_by = ${p(1)}, claimed_until = ${p(2)}
   WHERE id IN (SELECT id FROM outbox
                WHERE id > ${p(3)} AND sent_at IS NULL AND attempts < ${p(4)}
                  AND (next_attempt_at IS NULL OR next_attempt_at <= ${p(5)}) AND ${freeOfOthers(p(6), p(7))}
                ORDER BY id LIMIT ${p(8)}${skipLocked(engine)})
   RETURNING id, payload, created_at, attempts`

/**
 * Claims for `owner` until `until` the first `count` due rows after id `after` that nobody else
 * holds (unsent, under maxAttempts, their next attempt due at `now`); in id order.
 */
export async function claimDueRows(q: AsyncQueryable, c: DueClaim): Promise<ClaimedRow[]> {
  const rows = await q.all<ClaimedRow>(CLAIM_DUE(placeholderOf(q.engine), q.engine), [
    c.owner,
    c.until,
    c.after,
    c.maxAttempts,
    c.now,
    c.owner,
    c.now,
    c.count,
  ])
  return rows.sort((x, y) => x.id - y.id)
}

/** Renews `owner`'s claims on the unsent rows `ids` until `until`; the ids it still holds. */
export async function renewRowClaims(
  q: AsyncQueryable,
  owner: string,
  ids: readonly number[],
  until: string,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const p = placeholderOf(q.engine)
  const rows = await q.all<{ id: number }>(
    `UPDATE outbox SET claimed_until = ${p(1)} WHERE claimed_by = ${p(2)} AND sent_at IS NULL
       AND id IN (${ids.map((_, i) => p(i + 3)).join(', ')}) RETURNING id`,
    [until, owner, ...ids],
  )
  return new Set(rows.map((r) => r.id))
}

export interface DoubtRow {
  id: number
  message_id: string
  send_started_at: string
}

/** The unsent rows whose send began, due at p(1), that nobody but p(2) holds. */
const IN_DOUBT = (p: Placeholder) =>
  `sent_at IS NULL AND send_started_at IS NOT NULL AND (next_attempt_at IS NULL OR next_attempt_at <= ${p(1)})
   AND ${freeOfOthers(p(2), p(3))}`

/**
 * The rows whose send began but was never recorded as done, due at `now`, that nobody but `owner`
 * holds; in id order. A read.
 */
export function findRowsInDoubt(q: AsyncQueryable, now: string, owner: string): Promise<DoubtRow[]> {
  return q.all<DoubtRow>(
    `SELECT id, message_id, send_started_at FROM outbox WHERE ${IN_DOUBT(placeholderOf(q.engine))} ORDER BY id`,
    [now, owner, now],
  )
}

/** Claims for `owner` until `until`, in one statement, every row findRowsInDoubt gives, and returns them. */
export async function claimRowsInDoubt(
  q: AsyncQueryable,
  now: string,
  owner: string,
  until: string,
): Promise<DoubtRow[]> {
  const p = placeholderOf(q.engine)
  const inner = (n: number) => p(n + 2)
  const rows = await q.all<DoubtRow>(
    `UPDATE outbox SET claimed_by = ${p(1)}, claimed_until = ${p(2)}
     WHERE id IN (SELECT id FROM outbox WHERE ${IN_DOUBT(inner)} ORDER BY id${skipLocked(q.engine)})
     RETURNING id, message_id, send_started_at`,
    [owner, until, now, owner, now],
  )
  return rows.sort((x, y) => x.id - y.id)
}

/** A row in doubt to be sent again (its start cleared, `note` written), while `owner` still holds it. */
export async function releaseRowInDoubt(q: AsyncQueryable, id: number, owner: string, note: string): Promise<void> {
  const p = placeholderOf(q.engine)
  await q.run(
    `UPDATE outbox SET send_started_at = NULL, send_note = ${p(1)} WHERE id = ${p(2)} AND sent_at IS NULL AND claimed_by = ${p(3)}`,
    [note, id, owner],
  )
}

/** A row in doubt found delivered: sent at `sentAt`, unclaimed, `note` written, while `owner` still holds it. */
export async function confirmRowInDoubt(
  q: AsyncQueryable,
  id: number,
  owner: string,
  sentAt: string,
  note: string,
): Promise<void> {
  const p = placeholderOf(q.engine)
  await q.run(
    `UPDATE outbox SET sent_at = ${p(1)}, attempts = attempts + 1, last_error = NULL, next_attempt_at = NULL,
       send_note = ${p(2)}, claimed_by = NULL, claimed_until = NULL
     WHERE id = ${p(3)} AND sent_at IS NULL AND claimed_by = ${p(4)}`,
    [sentAt, note, id, owner],
  )
}

/** A row in doubt held back until `until` (`note` says why). */
export async function holdRowInDoubt(q: AsyncQueryable, id: number, until: string, note: string): Promise<void> {
  const p = placeholderOf(q.engine)
  await q.run(
    `UPDATE outbox SET next_attempt_at = ${p(1)}, send_note = ${p(2)} WHERE id = ${p(3)} AND sent_at IS NULL`,
    [until, note, id],
  )
}
