// The tick's last-tick record on the async handle. A pass reads the last tick ahead; when no game
// can need the outage guard (the judge was not silent longer than any open game's threshold, and no
// game's clock row is stale) it records itself in one async statement that never moves the record
// back, so the pass makes no synchronous round trip. When a game may need its deadlines moved, the
// caller runs the guard the synchronous way, under the last tick's lock, so that an outage moves
// deadlines once even with two judges ticking at once: a judge whose read ahead saw no outage
// extends nothing, and the guard under the lock sees the record the other judge left.
import { findLastTickAsync, recordLastTickAsync } from '../log/repos/settings.ts'
import { gamesOpenAfterSilenceAsync } from '../log/repos/gameClock.ts'
import type { AsyncQueryable } from '../log/async/database.ts'
import type { ResolutionJobs } from './resolutionBatch.ts'

/** No game's outage threshold is under a minute: a pass a minute or less after the last needs no guard. */
export const GUARD_FLOOR_MS = 60_000

/**
 * Records the pass at `now` and answers the last tick before it, or null when the outage guard may
 * have work (or the record is unreadable): then nothing is written and the caller marks the tick
 * the synchronous way. `games`: the games the pass is limited to (default: every game).
 */
export async function markTickAhead(
  jobs: ResolutionJobs,
  now: Date,
  games?: string[],
): Promise<{ previous: Date | null } | null> {
  const iso = now.toISOString()
  if (iso.length !== 24) return null // beyond year 9999 the texts no longer order as the instants
  const value = await findLastTickAsync(jobs.db)
  const previous = value === null ? null : new Date(value)
  if (previous && (value!.length !== 24 || !Number.isFinite(previous.getTime()))) return null
  const silentMs = previous ? now.getTime() - previous.getTime() : 0
  if (silentMs > GUARD_FLOOR_MS) {
    const open = games ?? (await gamesOpenAfterSilenceAsync(jobs.db, silentMs / 60_000))
    if (open.length) return null
  }
  await recordLastTickAsync(jobs.db, iso)
  return { previous }
}

/** The last tick recorded, read on the async handle (null before the first). */
export async function lastTickAhead(db: AsyncQueryable): Promise<Date | null> {
  const value = await findLastTickAsync(db)
  return value !== null ? new Date(value) : null
}
