// Which intake failures are worth waiting out. A locked or full database, a full disk or a passing
// shortage of file handles says nothing about the message: it is kept where it is and tried again
// later, and never goes to the failed folder for it. Anything else (a message the intake cannot
// digest, a bug) is permanent for that message: it is recorded, its sender and the moderator are
// told, and it is set aside so that the mail behind it flows.
import { ConcurrencyError } from '../engine/errors.ts'

/** SQLite result codes (better-sqlite3 puts them in `code`) that pass when the cause does. */
const TRANSIENT_SQLITE = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|CANTOPEN|PROTOCOL|NOMEM)(_|$)/
/** System error codes of the same kind. */
const TRANSIENT_SYSTEM = new Set(['ENOSPC', 'EMFILE', 'ENFILE', 'EAGAIN', 'EBUSY', 'EIO', 'ENOMEM', 'EDQUOT'])

/** True if the failure should be retried later rather than the message set aside. */
export function isTransientFailure(e: unknown): boolean {
  if (e instanceof ConcurrencyError) return true
  const code = typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined
  if (typeof code !== 'string') return false
  return TRANSIENT_SQLITE.test(code) || TRANSIENT_SYSTEM.has(code)
}

/** Delay before the n-th retry (n from 1): doubling from `initialMs`, at most `maxMs`. */
export function retryDelay(n: number, initialMs = 1000, maxMs = 5 * 60_000): number {
  return Math.min(maxMs, initialMs * 2 ** Math.min(30, Math.max(0, n - 1)))
}
