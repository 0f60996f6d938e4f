// The tick's last-tick record and the outage guard on the async handle. A pass reads the last tick
// ahead; when no game can need the guard (the judge was not silent longer than any open game's
// threshold, and no game's clock row is stale) it records itself in one async statement that never
// moves the record back.
//
// After a longer silence the guard runs here too: each game open through the silence read ahead and
// its deadlines moved on a judge whose writes are gathered (resolutionBatch.ts), then the last tick
// read again, and one batch writes the new last tick with every game's moves, under the last tick's
// lock. That batch is what makes an outage move deadlines once with two judges ticking at once:
// the record and the moves commit together, so a judge whose second read still finds the last tick
// it began from read every game before the other's batch committed, and a game the other moved
// makes its batch fail whole (the stream's next version is unique); it then looks again, finds the
// other's tick, and moves nothing. A guard that reaches beyond the batch (NotGathered), or a record
// it cannot read, is left to the caller, who runs it the synchronous way under the same lock.
import type { AsyncQueryable, AsyncStepResult } from '../log/async/database.ts'
import { isWriteConflict, lockStep } from '../log/async/store.ts'
import { gamesOpenAfterSilenceAsync } from '../log/repos/gameClock.ts'
import { findLastTickAsync, LAST_TICK_LOCK, lastTickStep, recordLastTickAsync } from '../log/repos/settings.ts'
import type { Judge } from './judge.ts'
import { NotGathered, ResolutionBatch, type ResolutionJobs } from './resolutionBatch.ts'

/** No game's outage threshold is under a minute: a pass a minute or less after the last needs no guard. */
export const GUARD_FLOOR_MS = 60_000

/** Deadlines moved by the outage guard: the silence and the games whose deadlines moved. */
export interface Outage {
  from: string
  to: string
  hours: number
  games: string[]
}

/** The last tick before this pass, and the outage it found. */
export interface TickMark {
  previous: Date | null
  outage: Outage | null
}

/** How many times a guard beaten by another writer looks again before it is left to the caller. */
const GUARD_TRIES = 5

/**
 * Records the pass at `now` on the async handle, the outage guard with it when the silence calls for
 * it, and answers the last tick before it and the outage moved; null when the record is unreadable
 * or the guard cannot run here: then nothing is written and the caller marks the tick the
 * synchronous way. `games`: the games the pass is limited to (default: every game).
 */
export async function markTickAhead(
  j: Judge,
  jobs: ResolutionJobs,
  now: Date,
  opts: { games?: string[] | undefined; log?: (line: string) => void } = {},
): Promise<TickMark | null> {
  const iso = now.toISOString()
  if (iso.length !== 24) return null // beyond year 9999 the texts no longer order as the instants
  const log = opts.log ?? (() => {})
  for (let tries = 0; tries < GUARD_TRIES; tries++) {
    const value = await findLastTickAsync(jobs.db)
    const previous = value === null ? null : new Date(value)
    if (previous && (value!.length !== 24 || !Number.isFinite(previous.getTime()))) return null
    const silentMs = previous ? now.getTime() - previous.getTime() : 0
    const open =
      silentMs > GUARD_FLOOR_MS ? (opts.games ?? (await gamesOpenAfterSilenceAsync(jobs.db, silentMs / 60_000))) : []
    if (!open.length) {
      await recordLastTickAsync(jobs.db, iso)
      return { previous, outage: null }
    }
    const guarded = await guardAhead(j, jobs, value!, now, open, log)
    if (guarded === NOT_HERE) return null
    if (guarded !== BEATEN) return { previous, outage: guarded }
  }
  return null
}

const BEATEN = Symbol('beaten')
const NOT_HERE = Symbol('not gathered')

/**
 * The guard for a silence from `last` to `now` over `games`, written with the new last tick in one
 * batch. BEATEN when another writer got there first (nothing written: look again), NOT_HERE when a
 * game's guard reaches beyond the batch.
 */
async function guardAhead(
  j: Judge,
  jobs: ResolutionJobs,
  last: string,
  now: Date,
  games: string[],
  log: (line: string) => void,
): Promise<Outage | null | typeof BEATEN | typeof NOT_HERE> {
  const from = new Date(last)
  const moved: ResolutionBatch[] = []
  // By name: the streams' locks in one order in every writer's batch.
  for (const g of [...new Set(games)].sort()) {
    try {
      const batch = await ResolutionBatch.open(j, jobs, g)
      if (batch.judge.extendForOutage(g, from, now)) moved.push(batch)
      batch.steps() // a guard that reached beyond the batch says so now
    } catch (e) {
      if (e instanceof NotGathered) return NOT_HERE
      log(`${g}: outage guard failed: ${(e as Error).message}`)
    }
  }
  // Read after every game: a last tick moved since means another judge's guard may be in what was read.
  if ((await findLastTickAsync(jobs.db)) !== last) return BEATEN
  const engine = jobs.db.engine
  const head = [...lockStep(engine, LAST_TICK_LOCK), lastTickStep(engine, now.toISOString())]
  const steps = moved.map((b) => b.steps())
  let results: AsyncStepResult[]
  try {
    results = await jobs.db.batch([...head, ...steps.flat()])
  } catch (err) {
    if (isWriteConflict(err)) return BEATEN
    throw err
  }
  let at = head.length
  moved.forEach((b, i) => {
    b.written(results.slice(at))
    at += steps[i]!.length
  })
  if (!moved.length) return null
  const hours = Math.round(((now.getTime() - from.getTime()) / 3600_000) * 100) / 100
  const names = moved.map((b) => b.game)
  log(`outage: the judge was silent ${hours}h; deadlines moved in ${names.join(', ')}`)
  return { from: from.toISOString(), to: now.toISOString(), hours, games: names }
}

/** The last tick recorded, read on the async handle (null before the first). */
export async function lastTickAhead(db: AsyncQueryable): Promise<Date | null> {
  const value = await findLastTickAsync(db)
  return value !== null ? new Date(value) : null
}
