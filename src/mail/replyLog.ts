// The intake's count of notices per address (PBEM_REPLY_LIMIT, docs/operating.md): a loop with a
// robot that does not say it is one, or a forger writing from many addresses, meets a limit.
import { type Database, recordReply, repliesSince } from '../engine/mailStore.ts'

/** Notices to one address per hour before the judge stops answering it. */
export const DEFAULT_REPLY_LIMIT = 20

/** The record of a letter sent to `to` (the address in angle brackets, when there are any), and the instant before which records are forgotten. */
export function replyRecord(now: Date, to: string, messageId: string, kind: string) {
  const address = (/<([^<>]+)>/.exec(to)?.[1] ?? to).trim().toLowerCase()
  return {
    reply: { address, at: now.toISOString(), messageId, kind },
    forgetBefore: new Date(now.getTime() - 2 * 86400_000).toISOString(),
  }
}

/** Records a letter sent to `to` and forgets those over two days old. */
export function countReply(db: Database, now: Date, to: string, messageId: string, kind: string): void {
  const r = replyRecord(now, to, messageId, kind)
  recordReply(db, r.reply, r.forgetBefore)
}

export function repliesLastHour(db: Database, now: Date, address: string): number {
  const since = new Date(now.getTime() - 3600_000).toISOString()
  return repliesSince(db, address.toLowerCase(), since)
}
