// The deadline tick. One pass: the outage guard, then for
// every game the plan of what its clock asks for now (src/engine/clock/lifecycle.ts), carried out against
// the stream version the plan was made from. A late order, a moderator's command or a second judge
// process that appended in between makes the append fail (ConcurrencyError): the tick reads the
// game again and plans again, so each game advances at most once per pass and never twice for one
// deadline. The clock is an input: `pbem tick --now`, tests, and serve's cron all pass their instant.
// Which games to read comes from the clock read model (src/engine/clockIndex.ts): only those whose
// next instant of interest has come, and those whose row is missing or older than their stream.
import type { Judge } from '../engine/judge.ts'
import { noteLockedWay, noteWayBack } from '../engine/gathering.ts'
import { applyPlanLocked, locksTheWayBack } from '../engine/lockedBatch.ts'
import type { GameFold } from '../engine/fold.ts'
import { planGame, type Plan } from '../engine/clock/lifecycle.ts'
import { type DueGame, refreshClockAhead } from '../engine/clockIndex.ts'
import { ConcurrencyError } from '../engine/errors.ts'
import { gameStream } from '../engine/events.ts'
import {
  aheadReader,
  dueAhead,
  NotGathered,
  nextDueAhead,
  ResolutionBatch,
  type ResolutionJobs,
} from '../engine/resolutionBatch.ts'
import { markTickAhead, type Outage, type TickMark } from '../engine/tickMark.ts'

export interface TickOptions {
  /** Only these games, each planned whatever its clock row says (default: the games due by the clock read model). */
  games?: string[]
  /** Reads the fold the first plan of a game is made from (tests pass a stale one); retries always re-read. */
  loadFold?: (game: string) => GameFold
  /** Record this pass as the last tick and run the outage guard (default true). */
  recordTick?: boolean
  /**
   * The judge's async handle: `tickYielding` then reads each due game there and carries out its plan
   * in one batch (src/engine/resolutionBatch.ts), so the event loop never waits on the database.
   */
  jobs?: ResolutionJobs
  /** Re-plans after a concurrent append before giving up on a game for this pass (default 5). */
  maxRetries?: number
  log?: (line: string) => void
}

export interface GameTick {
  game: string
  /** The resolution point open when the pass began. */
  point: number
  /** What was done, in words, in order. */
  actions: string[]
  /** A resolution ran (committed or stopped at a decision). */
  advanced: boolean
  /** A result was recorded (TurnAdjudicated). */
  committed: boolean
  /** How many times the plan was made again after a concurrent append. */
  retries: number
  error?: string
}

export interface TickReport {
  at: string
  previousTick: string | null
  outage: Outage | null
  games: GameTick[]
  /** The next instant any game's schedule has something to do (reminder, deadline, early processing, decision deadline). */
  nextDueAt: string | null
}

interface Planned {
  game: string
  version: number
  point: number
  plan: Plan
  ruleset?: string
}

/** One full pass over the judge's games at `now`. */
export function tick(judge: Judge, now: Date, opts: TickOptions = {}): TickReport {
  const pass = tickSteps(judge, now, opts)
  for (;;) {
    const step = pass.next()
    if (step.done) return step.value
  }
}

/**
 * The same pass, handing the event loop back between games (a macrotask each time), so that what
 * else the process does (reading mail, sending the outbox) goes on while many games resolve instead
 * of waiting for the whole pass. Each game is still planned and carried out in one go.
 */
export async function tickYielding(judge: Judge, now: Date, opts: TickOptions = {}): Promise<TickReport> {
  if (opts.jobs && !opts.loadFold) return tickBatched(judge, now, opts, opts.jobs)
  const pass = tickSteps(judge, now, opts)
  for (;;) {
    const step = pass.next()
    if (step.done) return step.value
    await new Promise((r) => setImmediate(r))
  }
}

/** What a pass begins with: the due games, the last tick recorded, and the earliest next instant so far. */
interface Pass {
  log: (line: string) => void
  indexed: boolean
  due: { game: string; stale: boolean }[]
  previous: Date | null
  outage: TickReport['outage']
  later: (t: number | null) => void
  nextAt: () => number | null
}

/** `indexed`: the games the clock read model has due, when the caller names none (read ahead or read now). */
function beginPass(judge: Judge, now: Date, opts: TickOptions, indexed?: DueGame[], marked?: Mark): Pass {
  const log = opts.log ?? (() => {})
  const due =
    opts.games === undefined
      ? (indexed ?? judge.clock.due(now.getTime()))
      : opts.games.map((game) => ({ game, stale: false }))
  const { previous, outage } = marked ?? (opts.recordTick !== false ? markTick(judge, now, opts, log) : NO_MARK)
  let nextAt: number | null = null
  const later = (t: number | null) => {
    if (t !== null && (nextAt === null || t < nextAt)) nextAt = t
  }
  return { log, indexed: opts.games === undefined, due, previous, outage, later, nextAt: () => nextAt }
}

/** `next`: the next instant due by the clock read model, read ahead; else read now. */
function endPass(judge: Judge, now: Date, pass: Pass, games: GameTick[], next?: number | null): TickReport {
  if (pass.indexed) pass.later(next === undefined ? judge.clock.nextAfter(now.getTime()) : next)
  const nextAt = pass.nextAt()
  return {
    at: now.toISOString(),
    previousTick: pass.previous ? pass.previous.toISOString() : null,
    outage: pass.outage,
    games,
    nextDueAt: nextAt === null ? null : new Date(nextAt).toISOString(),
  }
}

/** Catch up in order: the game whose work fell due first goes first. */
function inOrder(planned: Planned[]): Planned[] {
  return planned.sort((a, b) => (a.plan.dueAt ?? 0) - (b.plan.dueAt ?? 0) || a.game.localeCompare(b.game))
}

function logged(pass: Pass, r: GameTick): GameTick {
  for (const a of r.actions) pass.log(`${r.game}: ${a}`)
  if (r.error) pass.log(`${r.game}: ${r.error}`)
  return r
}

/** The pass, yielding after each game it read and each it carried out. */
function* tickSteps(judge: Judge, now: Date, opts: TickOptions): Generator<void, TickReport> {
  const pass = beginPass(judge, now, opts)
  const { planned, errors } = yield* planDue(judge, now, pass.due, opts, pass.later)
  const results: GameTick[] = []
  for (const p of inOrder(planned)) {
    results.push(logged(pass, carryOut(judge, p, now, opts, pass.later)))
    try {
      pass.later(planGame(judge.load(p.game), now).nextAt)
    } catch {
      // reported above
    }
    yield
  }
  return endPass(judge, now, pass, [...results, ...errors])
}

type Mark = TickMark
const NO_MARK: Mark = { previous: null, outage: null }

/**
 * markTick on the async handle, the outage guard with it (src/engine/tickMark.ts); the synchronous
 * way, under the last tick's lock, when the record is unreadable or the guard reaches beyond the
 * batch. Undefined when the pass records no tick.
 */
async function markTickBatched(judge: Judge, now: Date, opts: TickOptions, jobs: ResolutionJobs) {
  if (opts.recordTick === false) return undefined
  const log = opts.log ?? (() => {})
  const ahead = await markTickAhead(judge, jobs, now, { games: opts.games, log })
  if (!ahead) return markTick(judge, now, opts, log)
  const last = ahead.previous
  if (last && now.getTime() < last.getTime())
    log(`the clock (${now.toISOString()}) is behind the last tick (${last.toISOString()}): the last tick stays`)
  return ahead
}

/**
 * Records this pass as the last tick and moves the deadlines of games open through a silence. One
 * transaction: a second process ticking at the same time sees the new last tick and no outage, so
 * an outage extends deadlines once.
 */
function markTick(judge: Judge, now: Date, opts: TickOptions, log: (line: string) => void): Mark {
  let previous: Date | null = null
  let outage: TickReport['outage'] = null
  judge.transaction(() => {
    const last = judge.markTick(now)
    previous = last
    if (last && now.getTime() < last.getTime())
      log(`the clock (${now.toISOString()}) is behind the last tick (${last.toISOString()}): the last tick stays`)
    // No game's threshold is under a minute: a pass a minute or less after the last one needs no guard.
    if (!last || now.getTime() - last.getTime() <= 60_000) return
    const extended: string[] = []
    const silent = (now.getTime() - last.getTime()) / 60_000
    for (const g of opts.games ?? judge.clock.open(silent)) {
      try {
        if (judge.extendForOutage(g, last, now)) extended.push(g)
      } catch (e) {
        log(`${g}: outage guard failed: ${(e as Error).message}`)
      }
    }
    if (extended.length) {
      const hours = Math.round(((now.getTime() - last.getTime()) / 3600_000) * 100) / 100
      outage = { from: last.toISOString(), to: now.toISOString(), hours, games: extended }
      log(`outage: the judge was silent ${hours}h; deadlines moved in ${extended.join(', ')}`)
    }
  })
  return { previous, outage }
}

/** Each due game's plan (yielding after each game read); a game that cannot be read is reported, not planned. */
function* planDue(
  judge: Judge,
  now: Date,
  due: { game: string; stale: boolean }[],
  opts: TickOptions,
  later: (t: number | null) => void,
): Generator<void, { planned: Planned[]; errors: GameTick[] }> {
  const stale = new Set(due.filter((d) => d.stale).map((d) => d.game))
  const planned: Planned[] = []
  const errors: GameTick[] = []
  for (const { game } of due) {
    try {
      const fold = (opts.loadFold ?? ((g: string) => judge.load(g)))(game)
      const plan = planGame(fold, now)
      later(plan.nextAt)
      if (plan.actions.length) planned.push({ game, version: fold.version, point: fold.point, plan })
      // A row the model could not vouch for is written again from the fold just read.
      else if (stale.has(game)) judge.refreshClock(game)
    } catch (e) {
      const error = (e as Error).message
      errors.push({ game, point: 0, actions: [], advanced: false, committed: false, retries: 0, error })
    }
    yield
  }
  return { planned, errors }
}

/** Carries out one game's plan against the version it was made from, planning again after a concurrent append. */
function carryOut(judge: Judge, p: Planned, now: Date, opts: TickOptions, later: (t: number | null) => void): GameTick {
  const r: GameTick = { game: p.game, point: p.point, actions: [], advanced: false, committed: false, retries: 0 }
  let { version, plan } = p
  for (;;) {
    try {
      const done = judge.applyPlan(p.game, plan.actions, { now, expectedVersion: version })
      r.actions.push(...done.done)
      if (done.result) {
        r.advanced = true
        r.committed = done.result.committed
      }
      break
    } catch (e) {
      if (!(e instanceof ConcurrencyError) || r.retries >= (opts.maxRetries ?? 5)) {
        r.error = (e as Error).message
        break
      }
      // Someone appended after the plan was made: read the game again and decide again.
      r.retries++
      const fold = judge.load(p.game)
      version = fold.version
      plan = planGame(fold, now)
      if (!plan.actions.length) {
        later(plan.nextAt)
        break
      }
    }
  }
  return r
}

/**
 * The pass of `tickYielding` on the judge's async handle: each due game's fold read there, each plan
 * decided synchronously and written in one batch. The event loop runs while each read and each
 * batch is under way, so mail goes on in the middle of a game's resolution, not only between games.
 */
async function tickBatched(judge: Judge, now: Date, opts: TickOptions, jobs: ResolutionJobs): Promise<TickReport> {
  const indexed = opts.games === undefined ? await dueAhead(jobs, now.getTime()) : undefined
  const pass = beginPass(judge, now, opts, indexed, await markTickBatched(judge, now, opts, jobs))
  const loadAhead = aheadReader(judge, jobs)
  const planned: Planned[] = []
  const errors: GameTick[] = []
  for (const { game, stale } of pass.due) {
    try {
      const fold = await loadAhead(game)
      const plan = planGame(fold, now)
      pass.later(plan.nextAt)
      const { version, point } = fold
      if (plan.actions.length) planned.push({ game, version, point, plan, ruleset: fold.created.ruleset })
      // A row the model could not vouch for is written again from the fold just read, on the async handle.
      else if (stale) await refreshClockAhead(jobs.db, fold)
    } catch (e) {
      const error = (e as Error).message
      errors.push({ game, point: 0, actions: [], advanced: false, committed: false, retries: 0, error })
    }
  }
  await warmTemplates(judge, new Set(planned.map((p) => p.ruleset!)))
  const results: GameTick[] = []
  for (const p of inOrder(planned)) {
    const { r, after } = await carryOutBatched(judge, jobs, p, now, opts)
    results.push(logged(pass, r))
    if (after) pass.later(planGame(after, now).nextAt)
    else if (!r.error) pass.later(planGame(judge.load(p.game), now).nextAt)
    await new Promise((resolve) => setImmediate(resolve))
  }
  const next = pass.indexed ? await nextDueAhead(jobs, now.getTime()) : null
  return endPass(judge, now, pass, [...results, ...errors], next)
}

/**
 * The templates of the letters a pass writes (each game's reports, the notices), compiled one per
 * turn of the event loop before the first game is carried out: the first compile of each costs
 * tens of milliseconds once per process, which would otherwise all fall inside one resolution.
 */
async function warmTemplates(judge: Judge, rulesets: Set<string>): Promise<void> {
  const names: [string | null, string][] = [[null, 'notice.txt']]
  for (const r of rulesets) names.push([r, 'report.txt'], [r, 'report.html'])
  for (const [game, name] of names) {
    judge.templates.warm(game, name)
    await new Promise((resolve) => setImmediate(resolve))
  }
}

/**
 * carryOut in one batch: the game read again on the async handle, its plan (made again if the game
 * moved since) decided against the fold read, and written whole or not at all. A batch another
 * writer beat is decided again from what that writer left; a plan that reaches beyond the batch
 * (NotGathered) is carried out locked on PostgreSQL (carryOutLocked), else the synchronous way.
 * `after`: the fold the plan left, when batched or locked.
 */
async function carryOutBatched(
  judge: Judge,
  jobs: ResolutionJobs,
  p: Planned,
  now: Date,
  opts: TickOptions,
): Promise<{ r: GameTick; after: GameFold | null }> {
  const r: GameTick = { game: p.game, point: p.point, actions: [], advanced: false, committed: false, retries: 0 }
  let { version, plan } = p
  for (;;) {
    let batch: ResolutionBatch
    try {
      batch = await ResolutionBatch.open(judge, jobs, p.game)
      if (batch.start.version !== version) {
        // Someone appended after the plan was made: decide again on the game as it stands.
        if (r.retries >= (opts.maxRetries ?? 5))
          throw new ConcurrencyError(gameStream(p.game), version, batch.start.version)
        r.retries++
        version = batch.start.version
        plan = planGame(batch.start, now)
        if (!plan.actions.length) return { r, after: batch.start }
      }
      const done = batch.applyPlan(plan.actions, now)
      if (await batch.commit()) {
        r.actions.push(...done.done)
        if (done.result) {
          r.advanced = true
          r.committed = done.result.committed
        }
        return { r, after: batch.after }
      }
      version = -1 // beaten: the next look reads what the other writer left
    } catch (e) {
      if (e instanceof NotGathered && locksTheWayBack(jobs.db)) {
        const locked = await carryOutLocked(judge, jobs, { ...p, version, plan }, now, r).catch((err: Error) => {
          r.error = err.message
          return { r, after: null }
        })
        if (locked) return locked
      }
      if (e instanceof NotGathered) {
        noteWayBack("the tick's batch", e.message)
        const synchronous = carryOut(judge, { ...p, version, plan }, now, opts, () => {})
        return { r: { ...synchronous, retries: synchronous.retries + r.retries }, after: null }
      }
      r.error = (e as Error).message
      return { r, after: null }
    }
  }
}

/**
 * carryOut in one locked transaction on the async handle (PostgreSQL), for a plan that reached
 * beyond its batch: the game locked, read, planned again if it moved, carried out and written, what
 * the plan reaches locked and read in turn. Null when it writes beyond the games' streams.
 */
async function carryOutLocked(
  judge: Judge,
  jobs: ResolutionJobs,
  p: Planned,
  now: Date,
  r: GameTick,
): Promise<{ r: GameTick; after: GameFold | null } | null> {
  const locked = await applyPlanLocked(judge, jobs, p.game, { version: p.version, actions: p.plan.actions }, now)
  if (!locked) return null
  noteLockedWay("the tick's batch", `game ${p.game}`)
  r.actions.push(...locked.done)
  if (locked.replanned) r.retries++
  if (locked.result) {
    r.advanced = true
    r.committed = locked.result.committed
  }
  return { r, after: locked.after }
}

/** One full pass (for `pbem serve` and `pbem tick`): the outage guard, reminders, notices, resolutions. */
export function runTick(judge: Judge, now: Date): TickReport {
  return tick(judge, now)
}

/**
 * runTick handing the event loop back (`pbem serve`: mail goes on while games resolve); with the
 * judge's async handle, each game read and resolved there, in one batch.
 */
export function runTickYielding(judge: Judge, now: Date, jobs?: ResolutionJobs): Promise<TickReport> {
  return tickYielding(judge, now, jobs ? { jobs } : {})
}

/** A tick report in lines, for the CLI and the server log. */
export function tickLines(r: TickReport): string[] {
  const lines: string[] = []
  if (r.previousTick && r.previousTick > r.at)
    lines.push(`the clock (${r.at}) is behind the last tick (${r.previousTick}): the last tick stays`)
  if (r.outage)
    lines.push(
      `outage: silent from ${r.outage.from} to ${r.outage.to} (${r.outage.hours}h); deadlines moved in ${r.outage.games.join(', ')}`,
    )
  for (const g of r.games) {
    for (const a of g.actions) lines.push(`${g.game}: ${a}`)
    if (g.retries) lines.push(`${g.game}: planned again ${g.retries} time(s) after a concurrent change`)
    if (g.error) lines.push(`${g.game}: ERROR ${g.error}`)
  }
  lines.push(
    `tick at ${r.at}: ${r.games.filter((g) => g.committed).length} resolution(s) recorded${r.nextDueAt ? `; next due ${r.nextDueAt}` : ''}`,
  )
  return lines
}
