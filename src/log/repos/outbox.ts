// The outbox table (migrations/001 and after): one row per mail to send, unique by Message-ID,
// with its payload, its attempts and the stamps of its sending. The claims by which several judges
// share the drain are in outboxClaims.ts; what a payload holds is mail's business (src/mail).
import type { SqlDatabase } from '../sql.ts'
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

/** The send times (ISO 8601) of the rows sent after `since`. */
export function sentTimesSince(db: SqlDatabase, since: string): string[] {
  const rows = db.prepare('SELECT sent_at FROM outbox WHERE sent_at IS NOT NULL AND sent_at > ?').all(since) as {
    sent_at: string
  }[]
  return rows.map((r) => r.sent_at)
}

const STAMP_STARTED = 'UPDATE outbox SET send_started_at = ? WHERE id = ? AND sent_at IS NULL'

/** Stamps the send's start on unsent rows, all in one transaction (one sync, not one per row). */
export function stampSendsStarted(db: SqlDatabase, ids: readonly number[], at: string): void {
  const stamp = db.prepare(STAMP_STARTED)
  db.transaction(() => {
    for (const id of ids) stamp.run(at, id)
  })()
}

/** Stamps the send's start on one unsent row. */
export function stampSendStarted(db: SqlDatabase, id: number, at: string): void {
  db.prepare(STAMP_STARTED).run(at, id)
}

/** Clears the send's start of an unsent row: the server did not take the message, so it is not in doubt. */
export function clearSendStarted(db: SqlDatabase, id: number): void {
  db.prepare('UPDATE outbox SET send_started_at = NULL WHERE id = ? AND sent_at IS NULL').run(id)
}

/** Writes a note on how a row's send went. */
export function noteSend(db: SqlDatabase, id: number, note: string): void {
  db.prepare('UPDATE outbox SET send_note = ? WHERE id = ?').run(note, id)
}

/** How one claimed row's send went: sent at an instant, or failed with an error and a time to retry. */
export type SendOutcome = { id: number; sentAt: string } | { id: number; error: string; retryAt: string; owner: string }

/**
 * Records a group of sends in one transaction (one durable write per group). A sent row is done
 * and unclaimed; a failed one counts the attempt and waits until its retry, if `owner` still holds it.
 */
export function recordSends(db: SqlDatabase, outcomes: readonly SendOutcome[]): void {
  const markSent = db.prepare(
    'UPDATE outbox SET sent_at = ?, attempts = attempts + 1, last_error = NULL, next_attempt_at = NULL, claimed_by = NULL, claimed_until = NULL WHERE id = ? AND sent_at IS NULL',
  )
  const markFailed = db.prepare(
    'UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?, claimed_by = NULL, claimed_until = NULL WHERE id = ? AND sent_at IS NULL AND claimed_by = ?',
  )
  db.transaction(() => {
    for (const o of outcomes)
      if ('sentAt' in o) markSent.run(o.sentAt, o.id)
      else markFailed.run(o.error, o.retryAt, o.id, o.owner)
  })()
}

/**
 * The retention sweep, in one immediate transaction: every row sent before `sentBefore` and not yet
 * pruned gets the payload `stub` makes of its own, and every mail part no unpruned payload names
 * (`partsNamed`) is deleted. Returns how many rows and parts went.
 */
export function pruneSentRows(
  db: SqlDatabase,
  sentBefore: string,
  stub: (payload: string) => string,
  partsNamed: (payload: string) => string[],
): { mails: number; parts: number } {
  return db
    .transaction(() => {
      const rows = db
        .prepare(
          `SELECT id, payload FROM outbox WHERE sent_at IS NOT NULL AND sent_at < ? AND json_extract(payload, '$.pruned') IS NULL`,
        )
        .all(sentBefore) as { id: number; payload: string }[]
      const replace = db.prepare('UPDATE outbox SET payload = ? WHERE id = ?')
      for (const r of rows) replace.run(stub(r.payload), r.id)
      const named = new Set<string>()
      for (const p of db
        .prepare(
          `SELECT payload FROM outbox WHERE json_extract(payload, '$.pruned') IS NULL AND (payload LIKE '%"part%' OR payload LIKE '%Parts"%')`,
        )
        .pluck()
        .all() as string[])
        for (const hash of partsNamed(p)) named.add(hash)
      const drop = db.prepare('DELETE FROM mail_parts WHERE hash = ?')
      let parts = 0
      for (const hash of db.prepare('SELECT hash FROM mail_parts').pluck().all() as string[])
        if (!named.has(hash)) parts += drop.run(hash).changes
      return { mails: rows.length, parts }
    })
    .immediate()
}
