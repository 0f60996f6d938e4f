// The intake's own records beside the mail stream: mail_seen (every message taken in, by its raw
// hash and by Message-ID with content, for the duplicate check) and intake_replies (the notices
// sent per address, for the reply limit; kept two days). Each statement is written once with its
// placeholders spelt for the engine it runs on: the synchronous seam (`?` on both engines) for the
// checks and records made inside the judge's filing transaction, the async seam for the checks the
// intake makes before it (they hold nothing and block nothing) and the steps of a filing batch.
import type { AsyncQueryable, AsyncStep } from '../async/database.ts'
import { type Placeholder, placeholderOf, QMARK, type SqlDatabase, type SqlEngine } from '../sql.ts'
import { statement } from '../statementCache.ts'

const SEEN_BY_RAW = (p: Placeholder) => `SELECT 1 AS one FROM mail_seen WHERE raw_hash = ${p(1)}`
const SEEN_BY_CONTENT = (p: Placeholder) =>
  `SELECT 1 AS one FROM mail_seen WHERE raw_hash = ${p(1)} OR (message_id = ${p(2)} AND content_hash = ${p(3)})`
const INSERT_SEEN = (p: Placeholder) =>
  `INSERT INTO mail_seen (raw_hash, message_id, received_at, source, outcome, content_hash) VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)})`
const INSERT_REPLY = (p: Placeholder) =>
  `INSERT INTO intake_replies (address, sent_at, message_id, kind) VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)})`
const FORGET_REPLIES = (p: Placeholder) => `DELETE FROM intake_replies WHERE sent_at < ${p(1)}`
const COUNT_REPLIES = (p: Placeholder) =>
  `SELECT COUNT(*) AS n FROM intake_replies WHERE address = ${p(1)} AND sent_at > ${p(2)}`

/** The duplicate check's statement and parameters: by raw bytes, or also by Message-ID with content. */
function seenQuery(p: Placeholder, rawHash: string, messageId: string | null, contentHash: string | null) {
  return messageId && contentHash
    ? { sql: SEEN_BY_CONTENT(p), params: [rawHash, messageId, contentHash] }
    : { sql: SEEN_BY_RAW(p), params: [rawHash] }
}

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
  const q = seenQuery(QMARK, rawHash, messageId, contentHash)
  return statement(db, q.sql).get(...q.params) !== undefined
}

/** As mailSeenBefore, on the async seam. */
export async function mailSeenBeforeAsync(
  q: AsyncQueryable,
  rawHash: string,
  messageId: string | null,
  contentHash: string | null,
): Promise<boolean> {
  const s = seenQuery(placeholderOf(q.engine), rawHash, messageId, contentHash)
  return (await q.get(s.sql, s.params)) !== undefined
}

export interface SeenMail {
  rawHash: string
  messageId: string | null
  receivedAt: string
  source: string
  outcome: string
  contentHash: string | null
}

const seenParams = (m: SeenMail) => [m.rawHash, m.messageId, m.receivedAt, m.source, m.outcome, m.contentHash]

/** Records a message as taken in; a second record of the same raw bytes is ignored. */
export function recordMailSeen(db: SqlDatabase, m: SeenMail): void {
  statement(db, `${INSERT_SEEN(QMARK)} ON CONFLICT (raw_hash) DO NOTHING`).run(...seenParams(m))
}

/**
 * The record of a message taken in, as a step of a filing batch. Not ignored when the same bytes
 * were recorded meanwhile: the step fails, the batch rolls back, and the intake, asked again, finds
 * the message a duplicate (what makes a message filed once when two paths deliver it at once).
 */
export function mailSeenStep(engine: SqlEngine, m: SeenMail): AsyncStep {
  return { sql: INSERT_SEEN(placeholderOf(engine)), params: seenParams(m) }
}

type Reply = { address: string; at: string; messageId: string; kind: string }

/** Records a notice sent to `address` at `at`, and forgets those sent before `forgetBefore`. */
export function recordReply(db: SqlDatabase, r: Reply, forgetBefore: string): void {
  statement(db, INSERT_REPLY(QMARK)).run(r.address, r.at, r.messageId, r.kind)
  statement(db, FORGET_REPLIES(QMARK)).run(forgetBefore)
}

/** As recordReply, as the steps of a filing batch. */
export function replySteps(engine: SqlEngine, r: Reply, forgetBefore: string): AsyncStep[] {
  const p = placeholderOf(engine)
  return [
    { sql: INSERT_REPLY(p), params: [r.address, r.at, r.messageId, r.kind] },
    { sql: FORGET_REPLIES(p), params: [forgetBefore] },
  ]
}

/** How many notices went to `address` after `since`. */
export function repliesSince(db: SqlDatabase, address: string, since: string): number {
  return (statement<[string, string], { n: number }>(db, COUNT_REPLIES(QMARK)).get(address, since) as { n: number }).n
}

/** As repliesSince, on the async seam. */
export async function repliesSinceAsync(q: AsyncQueryable, address: string, since: string): Promise<number> {
  const row = await q.get<{ n: number | string }>(COUNT_REPLIES(placeholderOf(q.engine)), [address, since])
  return Number(row?.n ?? 0)
}
