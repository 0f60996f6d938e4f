// What makes two messages the same message, for the intake's duplicate check.
import { type AsyncDatabase, type Database, mailSeenBefore, mailSeenBeforeAsync } from '../engine/mailStore.ts'
import { type InboundMail, sha256Hex } from './inbound.ts'

/**
 * Whether the message was taken in before: the same bytes, or the same Message-ID with the same
 * content (sender and text). A Message-ID alone proves nothing: the sender chooses it, so a stranger
 * could otherwise hide a player's orders behind junk mail carrying the same ID.
 */
export function seen(db: Database, rawHash: string, messageId: string | null, contentHash: string | null): boolean {
  return mailSeenBefore(db, rawHash, messageId, contentHash)
}

/**
 * As seen, on the async handle when the intake has one: the checks made before filing read outside
 * any transaction, so on PostgreSQL they need not stop the event loop for their round trip.
 */
export function seenBefore(
  deps: { db: Database; jobsDb?: AsyncDatabase },
  rawHash: string,
  messageId: string | null,
  contentHash: string | null,
): Promise<boolean> | boolean {
  return deps.jobsDb
    ? mailSeenBeforeAsync(deps.jobsDb, rawHash, messageId, contentHash)
    : seen(deps.db, rawHash, messageId, contentHash)
}

/**
 * The sender and everything the judge reads from the message: what makes two copies the same
 * message, whatever headers the mail servers on the way added (trailing blanks do not count).
 */
export function contentHashOf(mail: InboundMail): string {
  const parts = [mail.from.address, mail.text.trimEnd(), ...mail.textAttachments.map((a) => a.text.trimEnd())]
  return sha256Hex(Buffer.from(JSON.stringify(['text', ...parts])))
}

/** For a message read from its header alone: the sender and the raw bytes after the header. */
export function bodyHashOf(mail: InboundMail, raw: Buffer): string {
  const end = raw.indexOf('\r\n\r\n')
  const body = end < 0 ? Buffer.alloc(0) : raw.subarray(end + 4)
  return sha256Hex(Buffer.concat([Buffer.from(JSON.stringify(['raw', mail.from.address])), body]))
}
