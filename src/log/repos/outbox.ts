// The outbox table (migrations/001 and after): one row per mail to send, unique by Message-ID,
// with its payload, its attempts and the stamps of its sending. The claims by which several judges
// share the drain are in outboxClaims.ts; what a payload holds is mail's business (src/mail).
// Rows are queued on the synchronous seam, in the transaction of the events that queue them; the
// sending (its stamps and outcomes) runs on the async seam.
import type { AsyncDatabase, AsyncQueryable, AsyncStep } from '../async/database.ts'
import { type Placeholder, placeholderOf, type SqlDatabase, type SqlEngine } from '../sql.ts'
import { statement } from '../statementCache.ts'

export interface NewOutboxRow {
  messageId: string
  game: string | null
  recipient: string
  kind: string
  payload: string
  createdAt: string
}

/** Inserts a row; its id, or null when a row with its Message-ID is there already. */
export function insertOutboxRow(db: SqlDatabase, r: NewOutboxRow): number | null {
  const info = statement(
    db,
    `INSERT INTO outbox (message_id, game, recipient, kind, payload, created_at)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT(message_id) DO NOTHING`,
  ).run(r.messageId, r.game, r.recipient, r.kind, r.payload, r.createdAt)
  return info.changes > 0 ? Number(info.lastInsertRowid) : null
}

/** As insertOutboxRow, as a step of a filing batch (a row with its Message-ID there already stays). */
export function outboxRowStep(engine: SqlEngine, r: NewOutboxRow): AsyncStep {
  const p = placeholderOf(engine)
  return {
    sql: `INSERT INTO outbox (message_id, game, recipient, kind, payload, created_at)
       VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)})
       ON CONFLICT (message_id) DO NOTHING`,
    params: [r.messageId, r.game, r.recipient, r.kind, r.payload, r.createdAt],
  }
}

/** The row queued with this Message-ID (its id, game and kind), or null. */
export function findOutboxRow(
  db: SqlDatabase,
  messageId: string,
): { id: number; game: string | null; kind: string } | null {
  return (
    statement<[string], { id: number; game: string | null; kind: string }>(
      db,
      'SELECT id, game, kind FROM outbox WHERE message_id = ?',
    ).get(messageId) ?? null
  )
}

/** As findOutboxRow, on the async seam. */
export async function findOutboxRowAsync(
  q: AsyncQueryable,
  messageId: string,
): Promise<{ id: number; game: string | null; kind: string } | null> {
  const p = placeholderOf(q.engine)
  const row = await q.get<{ id: number; game: string | null; kind: string }>(
    `SELECT id, game, kind FROM outbox WHERE message_id = ${p(1)}`,
    [messageId],
  )
  return row ? { id: Number(row.id), game: row.game, kind: row.kind } : null
}

/** The send times (ISO 8601) of the rows sent after `since`. */
export async function sentTimesSince(q: AsyncQueryable, since: string): Promise<string[]> {
  const p = placeholderOf(q.engine)
  const rows = await q.all<{ sent_at: string }>(
    `SELECT sent_at FROM outbox WHERE sent_at IS NOT NULL AND sent_at > ${p(1)}`,
    [since],
  )
  return rows.map((r) => r.sent_at)
}

/** Unsent rows among the ids from p(2) on get their send's start, p(1). */
const STAMP_STARTED = (p: Placeholder, count: number) =>
  `UPDATE outbox SET send_started_at = ${p(1)} WHERE sent_at IS NULL AND id IN (${Array.from({ length: count }, (_, i) => p(i + 2)).join(', ')})`

/** Stamps the send's start on unsent rows, in one statement (one sync, not one per row). */
export async function stampSendsStarted(q: AsyncQueryable, ids: readonly number[], at: string): Promise<void> {
  if (ids.length === 0) return
  await q.run(STAMP_STARTED(placeholderOf(q.engine), ids.length), [at, ...ids])
}

/** Clears the send's start of an unsent row: the server did not take the message, so it is not in doubt. */
export async function clearSendStarted(q: AsyncQueryable, id: number): Promise<void> {
  const p = placeholderOf(q.engine)
  await q.run(`UPDATE outbox SET send_started_at = NULL WHERE id = ${p(1)} AND sent_at IS NULL`, [id])
}

/** Writes a note on how a row's send went. */
export async function noteSend(q: AsyncQueryable, id: number, note: string): Promise<void> {
  const p = placeholderOf(q.engine)
  await q.run(`UPDATE outbox SET send_note = ${p(1)} WHERE id = ${p(2)}`, [note, id])
}

/** How one claimed row's send went: sent at an instant, or failed with an error and a time to retry. */
export type SendOutcome = { id: number; sentAt: string } | { id: number; error: string; retryAt: string; owner: string }

const MARK_SENT = (p: Placeholder) =>
  `UPDATE outbox SET sent_at = ${p(1)}, attempts = attempts + 1, last_error = NULL, next_attempt_at = NULL,
     claimed_by = NULL, claimed_until = NULL
   WHERE id = ${p(2)} AND sent_at IS NULL`
const MARK_FAILED = (p: Placeholder) =>
  `UPDATE outbox SET attempts = attempts + 1, last_error = ${p(1)}, next_attempt_at = ${p(2)},
     claimed_by = NULL, claimed_until = NULL
   WHERE id = ${p(3)} AND sent_at IS NULL AND claimed_by = ${p(4)}`

/**
 * Records a group of sends in one transaction (one durable write per group). A sent row is done
 * and unclaimed; a failed one counts the attempt and waits until its retry, if `owner` still holds it.
 */
export async function recordSends(db: AsyncDatabase, outcomes: readonly SendOutcome[]): Promise<void> {
  if (outcomes.length === 0) return
  const p = placeholderOf(db.engine)
  await db.batch(
    outcomes.map((o) =>
      'sentAt' in o
        ? { sql: MARK_SENT(p), params: [o.sentAt, o.id] }
        : { sql: MARK_FAILED(p), params: [o.error, o.retryAt, o.id, o.owner] },
    ),
  )
}
