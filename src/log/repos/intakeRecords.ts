// The intake's own records beside the mail stream: mail_seen (every message taken in, by its raw
// hash and by Message-ID with content, for the duplicate check) and intake_replies (the notices
// sent per address, for the reply limit; kept two days).
import type { SqlDatabase } from '../sql.ts'
import { statement } from '../statementCache.ts'

/**
 * Whether a message was taken in before: the same raw bytes, or, when both are given, the same
 * Message-ID with the same content hash.
 */
export function mailSeenBefore(
  db: SqlDatabase,
  rawHash: string,
  messageId: string | null,
  contentHash: string | null,
): boolean {
  const row =
    messageId && contentHash
      ? statement(db, 'SELECT 1 FROM mail_seen WHERE raw_hash = ? OR (message_id = ? AND content_hash = ?)').get(
          rawHash,
          messageId,
          contentHash,
        )
      : statement(db, 'SELECT 1 FROM mail_seen WHERE raw_hash = ?').get(rawHash)
  return row !== undefined
}

export interface SeenMail {
  rawHash: string
  messageId: string | null
  receivedAt: string
  source: string
  outcome: string
  contentHash: string | null
}

/** Records a message as taken in; a second record of the same raw bytes is ignored. */
export function recordMailSeen(db: SqlDatabase, m: SeenMail): void {
  statement(
    db,
    'INSERT OR IGNORE INTO mail_seen (raw_hash, message_id, received_at, source, outcome, content_hash) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(m.rawHash, m.messageId, m.receivedAt, m.source, m.outcome, m.contentHash)
}

/** Records a notice sent to `address` at `at`, and forgets those sent before `forgetBefore`. */
export function recordReply(
  db: SqlDatabase,
  r: { address: string; at: string; messageId: string; kind: string },
  forgetBefore: string,
): void {
  statement(db, 'INSERT INTO intake_replies (address, sent_at, message_id, kind) VALUES (?, ?, ?, ?)').run(
    r.address,
    r.at,
    r.messageId,
    r.kind,
  )
  statement(db, 'DELETE FROM intake_replies WHERE sent_at < ?').run(forgetBefore)
}

/** How many notices went to `address` after `since`. */
export function repliesSince(db: SqlDatabase, address: string, since: string): number {
  return (
    statement<[string, string], { n: number }>(
      db,
      'SELECT COUNT(*) AS n FROM intake_replies WHERE address = ? AND sent_at > ?',
    ).get(address, since) as { n: number }
  ).n
}
