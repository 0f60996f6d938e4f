// The claims on outbox rows by which several judges drain one outbox (migrations/010_judges.sql;
// why a row is still sent once is argued in src/mail/outboxClaim.ts). Every change of holder is
// one statement that also checks the holder, serialised by the row lock (PostgreSQL) or the one
// writer (SQLite). On PostgreSQL a claim takes its rows FOR UPDATE SKIP LOCKED, so a judge never
// waits on the rows another is claiming, it takes the next ones: the dialect is decided here.
import { engineOfDatabase, type SqlDatabase } from '../sql.ts'
import { statement } from '../statementCache.ts'

/** SQL for "nobody else holds the row at @now": unclaimed, claimed by @owner, or the claim lapsed. */
const FREE_OF_OTHERS = '(claimed_by IS NULL OR claimed_by = @owner OR claimed_until <= @now)'

const skipLocked = (db: SqlDatabase) => (engineOfDatabase(db) === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '')

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

/**
 * Claims for `owner` until `until` the first `count` due rows after id `after` that nobody else
 * holds (unsent, under maxAttempts, their next attempt due at `now`); in id order.
 */
export function claimDueRows(db: SqlDatabase, c: DueClaim): ClaimedRow[] {
  const rows = db
    .prepare<[object], ClaimedRow>(
      `UPDATE outbox SET claimed_by = @owner, claimed_until = @until
       WHERE id IN (SELECT id FROM outbox
                    WHERE id > @after AND sent_at IS NULL AND attempts < @max
                      AND (next_attempt_at IS NULL OR next_attempt_at <= @now) AND ${FREE_OF_OTHERS}
                    ORDER BY id LIMIT @count${skipLocked(db)})
       RETURNING id, payload, created_at, attempts`,
    )
    .all({ owner: c.owner, now: c.now, until: c.until, after: c.after, max: c.maxAttempts, count: c.count })
  return rows.sort((x, y) => x.id - y.id)
}

/** Renews `owner`'s claims on the unsent rows `ids` until `until`; the ids it still holds. */
export function renewRowClaims(db: SqlDatabase, owner: string, ids: readonly number[], until: string): Set<number> {
  if (ids.length === 0) return new Set()
  const rows = db
    .prepare<unknown[], { id: number }>(
      `UPDATE outbox SET claimed_until = ? WHERE claimed_by = ? AND sent_at IS NULL
         AND id IN (${ids.map(() => '?').join(', ')}) RETURNING id`,
    )
    .all(until, owner, ...ids)
  return new Set(rows.map((r) => r.id))
}

export interface DoubtRow {
  id: number
  message_id: string
  send_started_at: string
}

/**
 * The rows whose send began but was never recorded as done, due at `now`, that nobody but `owner`
 * holds; in id order. A read.
 */
export function findRowsInDoubt(db: SqlDatabase, now: string, owner: string): DoubtRow[] {
  return db
    .prepare(
      `SELECT id, message_id, send_started_at FROM outbox
       WHERE sent_at IS NULL AND send_started_at IS NOT NULL AND (next_attempt_at IS NULL OR next_attempt_at <= @now)
         AND ${FREE_OF_OTHERS}
       ORDER BY id`,
    )
    .all({ now, owner }) as DoubtRow[]
}

/** Claims for `owner` until `until`, in one statement, every row findRowsInDoubt gives, and returns them. */
export function claimRowsInDoubt(db: SqlDatabase, now: string, owner: string, until: string): DoubtRow[] {
  const rows = db
    .prepare(
      `UPDATE outbox SET claimed_by = @owner, claimed_until = @until
       WHERE id IN (SELECT id FROM outbox
                    WHERE sent_at IS NULL AND send_started_at IS NOT NULL
                      AND (next_attempt_at IS NULL OR next_attempt_at <= @now) AND ${FREE_OF_OTHERS}
                    ORDER BY id${skipLocked(db)})
       RETURNING id, message_id, send_started_at`,
    )
    .all({ now, owner, until }) as DoubtRow[]
  return rows.sort((x, y) => x.id - y.id)
}

const RELEASE =
  'UPDATE outbox SET send_started_at = NULL, send_note = ? WHERE id = ? AND sent_at IS NULL AND claimed_by = ?'
const CONFIRM =
  'UPDATE outbox SET sent_at = ?, attempts = attempts + 1, last_error = NULL, next_attempt_at = NULL, send_note = ?, claimed_by = NULL, claimed_until = NULL WHERE id = ? AND sent_at IS NULL AND claimed_by = ?'
const HOLD = 'UPDATE outbox SET next_attempt_at = ?, send_note = ? WHERE id = ? AND sent_at IS NULL'

/** A row in doubt to be sent again (its start cleared, `note` written), while `owner` still holds it. */
export function releaseRowInDoubt(db: SqlDatabase, id: number, owner: string, note: string): void {
  statement(db, RELEASE).run(note, id, owner)
}

/** A row in doubt found delivered: sent at `sentAt`, unclaimed, `note` written, while `owner` still holds it. */
export function confirmRowInDoubt(db: SqlDatabase, id: number, owner: string, sentAt: string, note: string): void {
  statement(db, CONFIRM).run(sentAt, note, id, owner)
}

/** A row in doubt held back until `until` (`note` says why). */
export function holdRowInDoubt(db: SqlDatabase, id: number, until: string, note: string): void {
  statement(db, HOLD).run(until, note, id)
}
