// The moderator's controls over time: the schedule, pause and resume, extensions and set deadlines.
import type { NewEvent } from '../log/store.ts'
import { hoursText } from './clock/calendar.ts'
import { gameStream } from './events.ts'
import { inProgress, pendingDecision, phaseOf } from './clock/lifecycle.ts'
import { deadlineFor, describeSchedule, mergeSchedule, type Schedule, type ScheduleInput } from './clock/schedule.ts'
import type { JudgeContext as Judge } from './judgeContext.ts'
import type { ModeratorOptions } from './calls.ts'
import * as resolving from './resolving.ts'
import * as reporting from './reporting.ts'

const HOUR = 3600_000

/** Replaces the schedule's settings given in `input` (ScheduleSet); `reschedule` recomputes the open deadline from the point's opening. */
export function setSchedule(
  j: Judge,
  game: string,
  input: ScheduleInput,
  opts: ModeratorOptions & { reschedule?: boolean } = {},
): Schedule {
  return j.o.store.transaction(() => {
    const fold = j.load(game)
    resolving.guard(fold, opts)
    const schedule = mergeSchedule(fold.schedule, input)
    const events: NewEvent[] = [
      {
        type: 'ScheduleSet',
        data: { schedule, by: opts.by ?? 'moderator', ...(opts.reason ? { reason: opts.reason } : {}) },
        audience: { kind: 'public' },
      },
    ]
    const now = opts.now ?? j.o.clock()
    if (opts.reschedule && !fold.finished && !inProgress(fold)) {
      const d = deadlineFor(schedule, phaseOf(fold.ruleset.awaiting(fold.state)), new Date(fold.openedAt))
      if (d.deadline.getTime() <= now.getTime())
        throw new Error(
          `under the new rule the open deadline would be ${d.deadline.toISOString()}, already past; set it with "deadline" instead`,
        )
      events.push({
        type: 'DeadlineSet',
        data: {
          point: fold.point,
          deadline: d.deadline.toISOString(),
          zone: schedule.zone,
          reason: d.note ? `schedule changed; ${d.note}` : 'schedule changed',
        },
        audience: { kind: 'public' },
      })
    }
    j.o.store.append(gameStream(game), fold.version, events)
    const after = j.load(game)
    const text = [
      'The moderator changed the schedule of the game:',
      ...describeSchedule(schedule).map((l) => `  ${l}`),
      '',
      `Open deadline: ${'{DEADLINE}'}`,
    ].join('\n')
    for (const p of after.players.values())
      reporting.noticeTo(
        j,
        after,
        p.role,
        'Schedule changed',
        text.replace('{DEADLINE}', j.when(after, after.deadline?.deadline ?? null, p.role)),
        `schedule.${game}.v${after.version}`,
      )
    return schedule
  })
}

export function pause(j: Judge, game: string, opts: ModeratorOptions = {}): void {
  j.o.store.transaction(() => {
    const fold = j.load(game)
    resolving.guard(fold, opts)
    if (fold.finished) throw new Error(`game ${game} is over`)
    if (fold.paused) throw new Error(`game ${game} is already paused (since ${fold.paused.at}, ${fold.paused.reason})`)
    const reason = opts.reason ?? 'paused by the moderator'
    j.o.store.append(gameStream(game), fold.version, [
      {
        type: 'GamePaused',
        data: { point: fold.point, by: opts.by ?? 'moderator', reason },
        audience: { kind: 'public' },
      },
    ])
    const text = `The moderator paused the game: ${reason}.\nNo deadline runs while the game is paused; orders are still accepted. You will be told when it resumes and what the new deadline is.`
    for (const p of fold.players.values())
      reporting.noticeTo(j, fold, p.role, 'Game paused', text, `paused.${game}.v${fold.version}`)
    reporting.noticeTo(j, fold, null, 'Game paused', text, `paused.${game}.v${fold.version}`)
  })
}

/**
 * Resumes a paused game. The open deadline becomes `deadline`, or `hours` from now, or else the
 * old deadline moved by the time spent paused but at least 24 hours from now. Pending decision
 * deadlines move by the time spent paused (at least an hour from now).
 */
export function resume(
  j: Judge,
  game: string,
  opts: ModeratorOptions & { deadline?: Date; hours?: number } = {},
): { deadline: string } {
  return j.o.store.transaction(() => {
    const fold = j.load(game)
    resolving.guard(fold, opts)
    if (!fold.paused) throw new Error(`game ${game} is not paused`)
    const now = opts.now ?? j.o.clock()
    // Only the time the open point spent paused counts (a pause may predate the point).
    const pausedMs = Math.max(0, now.getTime() - Math.max(Date.parse(fold.paused.at), Date.parse(fold.openedAt)))
    const events: NewEvent[] = [
      {
        type: 'GameResumed',
        data: {
          point: fold.point,
          by: opts.by ?? 'moderator',
          reason: opts.reason ?? 'resumed by the moderator',
          pausedHours: Math.round((pausedMs / HOUR) * 100) / 100,
        },
        audience: { kind: 'public' },
      },
    ]
    let deadline: string
    if (inProgress(fold)) {
      deadline = fold.deadline?.deadline ?? now.toISOString()
      for (const d of fold.requested.values()) {
        if (fold.answers.has(d.decisionId) || !d.deadline) continue
        const moved = new Date(Math.max(Date.parse(d.deadline) + pausedMs, now.getTime() + HOUR)).toISOString()
        events.push({
          type: 'DecisionDeadlineSet',
          data: { point: fold.point, decisionId: d.decisionId, deadline: moved, reason: 'game resumed' },
          audience: { kind: 'roles', roles: [d.role] },
        })
      }
    } else {
      if (opts.deadline && opts.deadline.getTime() <= now.getTime())
        throw new Error(`the new deadline ${opts.deadline.toISOString()} is not in the future`)
      const old = fold.deadline ? Date.parse(fold.deadline.deadline) : now.getTime()
      const at =
        opts.deadline?.getTime() ??
        (opts.hours !== undefined
          ? now.getTime() + opts.hours * HOUR
          : Math.max(old + pausedMs, now.getTime() + 24 * HOUR))
      deadline = new Date(at).toISOString()
      events.push({
        type: 'DeadlineSet',
        data: {
          point: fold.point,
          deadline,
          zone: fold.schedule.zone,
          reason: `resumed by ${opts.by ?? 'the moderator'}`,
        },
        audience: { kind: 'public' },
      })
    }
    j.o.store.append(gameStream(game), fold.version, events)
    const after = j.load(game)
    for (const p of after.players.values())
      reporting.noticeTo(
        j,
        after,
        p.role,
        'Game resumed',
        `The game runs again. Awaiting: ${j.awaitingText(after, { kind: 'role', role: p.role })}.\nDeadline: ${j.when(after, after.deadline?.deadline ?? null, p.role)}.`,
        `resumed.${game}.v${after.version}`,
      )
    reporting.noticeTo(
      j,
      after,
      null,
      'Game resumed',
      `Resumed after ${hoursText(pausedMs)}. Deadline: ${j.when(after, deadline)}.`,
      `resumed.${game}.v${after.version}`,
    )
    return { deadline }
  })
}

/** Moves the open deadline (or the pending decision's) `hours` later, counted from the later of the deadline and now. */
export function extend(j: Judge, game: string, hours: number, opts: ModeratorOptions = {}): { deadline: string } {
  if (!(hours > 0 && hours <= 24 * 60)) throw new Error('an extension is from 0 to 1440 hours (60 days)')
  return j.o.store.transaction(() => {
    const fold = j.load(game)
    resolving.guard(fold, opts)
    if (fold.finished) throw new Error(`game ${game} is over`)
    const now = (opts.now ?? j.o.clock()).getTime()
    const reason = opts.reason ?? `extended by ${hours}h by ${opts.by ?? 'the moderator'}`
    if (inProgress(fold)) {
      const d = pendingDecision(fold)
      if (!d) throw new Error(`game ${game}: the resolution is about to go on; nothing to extend`)
      const deadline = new Date(Math.max(Date.parse(d.deadline ?? fold.openedAt), now) + hours * HOUR).toISOString()
      j.o.store.append(gameStream(game), fold.version, [
        {
          type: 'DecisionDeadlineSet',
          data: { point: fold.point, decisionId: d.decisionId, deadline, reason },
          audience: { kind: 'roles', roles: [d.role] },
        },
      ])
      const after = j.load(game)
      reporting.noticeTo(
        j,
        after,
        d.role,
        `Decision ${d.decisionId}: more time`,
        `The moderator gave you more time to answer ${d.decisionId}: answer by ${j.when(after, deadline, d.role)}.`,
        `extend.${game}.v${after.version}`,
      )
      return { deadline }
    }
    const deadline = new Date(
      Math.max(fold.deadline ? Date.parse(fold.deadline.deadline) : now, now) + hours * HOUR,
    ).toISOString()
    j.o.store.append(gameStream(game), fold.version, [
      {
        type: 'DeadlineSet',
        data: { point: fold.point, deadline, zone: fold.schedule.zone, reason },
        audience: { kind: 'public' },
      },
    ])
    const after = j.load(game)
    for (const p of after.players.values())
      reporting.noticeTo(
        j,
        after,
        p.role,
        'Deadline extended',
        `The moderator extended the deadline for ${j.awaitingText(after)} by ${hours} hours.\nNew deadline: ${j.when(after, deadline, p.role)}.`,
        `extend.${game}.v${after.version}`,
      )
    return { deadline }
  })
}

/** Sets the open deadline to an instant in the future. */
export function setDeadline(j: Judge, game: string, when: Date, opts: ModeratorOptions = {}): { deadline: string } {
  return j.o.store.transaction(() => {
    const fold = j.load(game)
    resolving.guard(fold, opts)
    if (fold.finished) throw new Error(`game ${game} is over`)
    if (inProgress(fold))
      throw new Error(
        `game ${game}: the resolution is in progress (a decision is pending); use extend for the decision's deadline`,
      )
    if (Number.isNaN(when.getTime()) || when.getTime() <= (opts.now ?? j.o.clock()).getTime())
      throw new Error('the new deadline must be in the future')
    const deadline = when.toISOString()
    j.o.store.append(gameStream(game), fold.version, [
      {
        type: 'DeadlineSet',
        data: {
          point: fold.point,
          deadline,
          zone: fold.schedule.zone,
          reason: opts.reason ?? `set by ${opts.by ?? 'the moderator'}`,
        },
        audience: { kind: 'public' },
      },
    ])
    const after = j.load(game)
    for (const p of after.players.values())
      reporting.noticeTo(
        j,
        after,
        p.role,
        'New deadline',
        `The moderator set the deadline for ${j.awaitingText(after)}: ${j.when(after, deadline, p.role)}.`,
        `deadline.${game}.v${after.version}`,
      )
    return { deadline }
  })
}
