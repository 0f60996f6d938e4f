// The outbox's pace: at most PBEM_SMTP_MAX_PER_HOUR mails in any hour, so a deadline's reports to a
// big game stay under the provider's sending limit instead of getting the mailbox suspended. The
// window rolls: what may go now is the limit less what went in the hour before now.
import { type AsyncDatabase, sentTimesSince } from '../engine/mailStore.ts'

export const HOUR_MS = 3_600_000

export interface Allowance {
  /** how many may be sent now */
  allowed: number
  /** when the next one may go, when none may go now */
  nextAt: Date | null
}

/** The allowance at `now` given the send times (ISO strings, any order) of the last hour or more. */
export function hourAllowance(sentAt: readonly string[], now: Date, maxPerHour: number): Allowance {
  const since = now.getTime() - HOUR_MS
  const inWindow = sentAt
    .map((s) => Date.parse(s))
    .filter((t) => t > since && t <= now.getTime())
    .sort((a, b) => a - b)
  const allowed = Math.max(0, maxPerHour - inWindow.length)
  if (allowed > 0) return { allowed, nextAt: null }
  // The oldest sends leave the window first: the next slot opens when enough of them have left.
  const leaving = inWindow[inWindow.length - maxPerHour]!
  return { allowed, nextAt: new Date(leaving + HOUR_MS + 1) }
}

/** The allowance from the outbox's record of what was sent in the hour before `now`. */
export async function outboxAllowance(db: AsyncDatabase, now: Date, maxPerHour: number): Promise<Allowance> {
  return hourAllowance(await sentTimesSince(db, new Date(now.getTime() - HOUR_MS).toISOString()), now, maxPerHour)
}
