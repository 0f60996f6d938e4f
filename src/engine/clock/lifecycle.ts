// What a game's clock asks for at an instant: reminders before the deadline,
// early processing, and at the deadline a late notice and the missed-orders policy; during a
// resolution that waits on a decision, the decision's own deadline. Pure: a fold and an instant in,
// a plan out. The tick (src/schedule/tick.ts) carries plans out, one game at a time, against the
// stream version the plan was made from.
import type { Awaited } from '../../games/contract.ts'
import type { GameFold, PendingDecision } from '../fold.ts'

const HOUR = 3600_000

export type Consequence = 'default' | 'grace' | 'pause' | 'waiting'

export type Action =
  | { kind: 'remind'; roles: string[]; hoursBefore: number[]; deadline: string }
  | {
      kind: 'late'
      roles: string[]
      hoursAfter: number[]
      deadline: string
      consequence: Consequence
      graceUntil?: string
    }
  | { kind: 'grace'; roles: string[]; deadline: string }
  | { kind: 'pause'; roles: string[] }
  | { kind: 'advance'; reason: 'deadline' | 'early' | 'decision-answered' | 'decision-deadline' }

export interface Plan {
  actions: Action[]
  /** When the earliest of the actions fell due (orders games in a catch-up). */
  dueAt: number | null
  /** The next instant at which something is scheduled to happen, if nothing else changes. */
  nextAt: number | null
}

const NOTHING: Plan = { actions: [], dueAt: null, nextAt: null }

/** Whether a role is out of play at `t`: on a declared absence, or ejected and not replaced. */
export function absentAt(fold: GameFold, role: string, t: number): boolean {
  if (fold.ejected.has(role)) return true
  return (fold.absences.get(role) ?? []).some((a) => Date.parse(a.from) <= t && t < Date.parse(a.to))
}

/** The orders the rules wait for at the open point (optional ones left out). */
export function awaitedOrders(fold: GameFold): Extract<Awaited, { kind: 'orders' }>[] {
  if (fold.finished) return []
  return fold.ruleset
    .awaiting(fold.state)
    .filter((a): a is Extract<Awaited, { kind: 'orders' }> => a.kind === 'orders' && !a.optional)
}

export function missingRoles(fold: GameFold): string[] {
  return awaitedOrders(fold)
    .filter((a) => !fold.orders.has(a.role))
    .map((a) => a.role)
}

/** The phase kind of the open point (the first awaited input's), for its deadline rule. */
export function phaseOf(awaited: Awaited[]): string | undefined {
  return awaited.find((a) => a.phase)?.phase
}

/** True while the open point's resolution waits on decisions (orders are closed). */
export function inProgress(fold: GameFold): boolean {
  return [...fold.requested.values()].some((d) => !d.legacy && !d.between)
}

/** The first question met during the open point's resolution that has neither an answer nor a default yet. */
export function pendingDecision(fold: GameFold): PendingDecision | null {
  for (const d of fold.requested.values()) if (!d.between && !fold.answers.has(d.decisionId)) return d
  return null
}

/** Questions put when the open point opened that are not answered yet (inputs of its resolution, like orders). */
export function openQuestions(fold: GameFold): PendingDecision[] {
  if (fold.finished || inProgress(fold)) return []
  return [...fold.requested.values()].filter((d) => d.between && !fold.answers.has(d.decisionId))
}

/**
 * Roles whose input keeps early processing waiting: required orders not in, questions between
 * resolutions not answered, optional orders the game marks as holding the deadline not in.
 */
export function awaitedInputRoles(fold: GameFold): string[] {
  if (fold.finished) return []
  const roles = new Set(missingRoles(fold))
  for (const q of openQuestions(fold)) roles.add(q.role)
  for (const a of fold.ruleset.awaiting(fold.state))
    if (a.kind === 'orders' && a.optional && a.holdsDeadline && !fold.orders.has(a.role)) roles.add(a.role)
  return [...roles]
}

export function planGame(fold: GameFold, now: Date): Plan {
  const t = now.getTime()
  if (fold.finished || fold.paused) return NOTHING
  if (inProgress(fold)) return planDecision(fold, t)
  if (!fold.deadline) return NOTHING
  const deadlineIso = fold.deadline.deadline
  const missed = fold.missedDeadline !== null
  const missing = missingRoles(fold)
  const c: PlanClock = {
    fold,
    t,
    deadlineIso,
    D: Date.parse(deadlineIso),
    // Late notices count from the deadline that was first missed; before that, from this one.
    D0: Date.parse(fold.missedDeadline ?? deadlineIso),
    missed,
    late: missing.filter((r) => !absentAt(fold, r, t)),
    actions: [],
    due: [],
    future: [],
  }
  lateWhileWaiting(c)
  return t < c.D ? planBeforeDeadline(c) : planAfterDeadline(c)
}

/** A resolution waits on a question: it goes on once answered, at its deadline, or at once if the player is away. */
function planDecision(fold: GameFold, t: number): Plan {
  const p = pendingDecision(fold)
  if (!p) return { actions: [{ kind: 'advance', reason: 'decision-answered' }], dueAt: t, nextAt: null }
  const dl = Date.parse(p.deadline ?? fold.openedAt)
  if (dl <= t) return { actions: [{ kind: 'advance', reason: 'decision-deadline' }], dueAt: dl, nextAt: null }
  if (absentAt(fold, p.role, t))
    return { actions: [{ kind: 'advance', reason: 'decision-deadline' }], dueAt: t, nextAt: null }
  return { actions: [], dueAt: null, nextAt: dl }
}

/** The open point's deadlines and what the plan gathers: actions due now, and the times due or to come. */
interface PlanClock {
  fold: GameFold
  t: number
  deadlineIso: string
  /** This deadline, and the one first missed at this point (D when none was). */
  D: number
  D0: number
  missed: boolean
  /** Roles whose required orders are missing, not away. */
  late: string[]
  actions: Action[]
  due: number[]
  future: number[]
}

/** Late notices after the point's first deadline while the game still waits (a grace period). */
function lateWhileWaiting(c: PlanClock): void {
  const { fold, t, D, D0, late } = c
  const waitingNotices =
    c.missed && t >= D0 && t < D && late.length
      ? fold.schedule.lateNoticeHours.filter((h) => !fold.lateNoticesSent.has(h))
      : []
  for (const h of waitingNotices) (D0 + h * HOUR <= t ? c.due : c.future).push(D0 + h * HOUR)
  const dueNotices = waitingNotices.filter((h) => D0 + h * HOUR <= t)
  if (dueNotices.length)
    c.actions.push({
      kind: 'late',
      roles: late,
      hoursAfter: dueNotices,
      deadline: new Date(D0).toISOString(),
      consequence: 'waiting',
    })
}

/** Before the deadline: reminders, and early processing once every input is in. */
function planBeforeDeadline(c: PlanClock): Plan {
  const { fold, t, D, D0, deadlineIso, late, actions, due, future } = c
  const s = fold.schedule
  // Reminders and early processing also wait for answers to open questions and for orders that
  // hold the deadline; late notices and the missed-orders policy are about required orders only
  // (an unanswered question takes its default at the deadline).
  const waitingFor = awaitedInputRoles(fold).filter((r) => !absentAt(fold, r, t))
  const unanswered = new Set(openQuestions(fold).map((q) => q.role))
  const toRemind = waitingFor.filter((r) => late.includes(r) || unanswered.has(r))
  if (toRemind.length) {
    // A reminder is worth sending only after the point opened (and after the first deadline, in a grace period).
    const floor = Math.max(Date.parse(fold.openedAt), c.missed ? D0 : -Infinity)
    const unsent = s.reminderHours.filter((h) => !fold.remindersSent.has(`${h}@${deadlineIso}`) && D - h * HOUR > floor)
    const dueReminders = unsent.filter((h) => D - h * HOUR <= t)
    for (const h of unsent) (D - h * HOUR <= t ? due : future).push(D - h * HOUR)
    if (dueReminders.length)
      actions.push({ kind: 'remind', roles: toRemind, hoursBefore: dueReminders, deadline: deadlineIso })
  }
  // Early processing needs an input in (orders or an answer), unless nothing is awaited at all
  // (a scenario's opening placement).
  const awaited = awaitedOrders(fold)
  const sent = awaited.filter((a) => fold.orders.has(a.role))
  const answered = [...fold.requested.values()].filter((d) => d.between && fold.answers.has(d.decisionId))
  const expected = awaited.length + [...fold.requested.values()].filter((d) => d.between).length
  if (s.early && waitingFor.length === 0 && (sent.length + answered.length > 0 || expected === 0)) {
    const at = fold.lastOrderAt ? Date.parse(fold.lastOrderAt) + s.delayMinutes * 60_000 : t
    if (at <= t) {
      actions.push({ kind: 'advance', reason: 'early' })
      due.push(at)
    } else future.push(at)
  }
  future.push(D)
  return { actions, dueAt: due.length ? Math.min(...due) : null, nextAt: future.length ? Math.min(...future) : null }
}

/** The deadline has passed: resolve, or the missed-orders policy (grace, pause or defaults) with a late notice. */
function planAfterDeadline(c: PlanClock): Plan {
  const { fold, D, D0, late, actions, due } = c
  const s = fold.schedule
  due.push(D)
  if (!late.length) {
    actions.push({ kind: 'advance', reason: 'deadline' })
    return { actions, dueAt: Math.min(...due), nextAt: null }
  }
  const consequence: Consequence =
    s.missed === 'grace' && !fold.graceUsed
      ? 'grace'
      : s.missed === 'pause' && !fold.pausedThisPoint
        ? 'pause'
        : 'default'
  const key = Math.round(((D - D0) / HOUR) * 1000) / 1000
  const graceUntil = consequence === 'grace' ? new Date(D + s.graceHours * HOUR).toISOString() : undefined
  if (!fold.lateNoticesSent.has(key))
    actions.push({
      kind: 'late',
      roles: late,
      hoursAfter: [key],
      deadline: new Date(D0).toISOString(),
      consequence,
      ...(graceUntil ? { graceUntil } : {}),
    })
  if (consequence === 'grace') actions.push({ kind: 'grace', roles: late, deadline: graceUntil! })
  else if (consequence === 'pause') actions.push({ kind: 'pause', roles: late })
  else actions.push({ kind: 'advance', reason: 'deadline' })
  return { actions, dueAt: Math.min(...due), nextAt: null }
}

/** A plan in words, for tick reports and logs. */
export function describeAction(a: Action): string {
  switch (a.kind) {
    case 'remind':
      return `reminder to ${a.roles.join(', ')} (${a.hoursBefore.join('h, ')}h before the deadline)`
    case 'late':
      return `late notice for ${a.roles.join(', ')} (${a.consequence})`
    case 'grace':
      return `grace for ${a.roles.join(', ')} until ${a.deadline}`
    case 'pause':
      return `paused: ${a.roles.join(', ')} missed the deadline`
    case 'advance':
      return `resolution (${a.reason})`
  }
}
