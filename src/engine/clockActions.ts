// Carrying out a game's plan (lifecycle.ts) at a tick: reminders, late notices, grace, pauses for
// missed orders, and the outage guard that moves deadlines when the judge itself was down.
import type { NewEvent } from '../log/store.ts'
import { findLastTick, recordLastTick } from '../log/repos/settings.ts'
import { hoursText } from './clock/calendar.ts'
import { gameStream } from './events.ts'
import type { GameFold } from './fold.ts'
import {
  awaitedOrders,
  describeAction,
  inProgress,
  missingRoles,
  openQuestions,
  planGame,
  type Action,
} from './clock/lifecycle.ts'
import type { Schedule } from './clock/schedule.ts'
import type { JudgeContext as Judge } from './judgeContext.ts'
import type { AdjudicateResult } from './calls.ts'
import * as resolving from './resolving.ts'
import { playStandby } from './house.ts'
import * as reporting from './reporting.ts'

const HOUR = 3600_000

/** The plan the tick would carry out for this game now (nothing is changed). */
export function plan(j: Judge, game: string, now: Date) {
  const fold = j.load(game)
  return { version: fold.version, point: fold.point, ...planGame(fold, now) }
}

/**
 * Carries out a tick's plan for one game in one transaction, refusing (ConcurrencyError) if the
 * stream moved since the plan was made: the caller re-reads and plans again.
 */
export function applyPlan(
  j: Judge,
  game: string,
  actions: Action[],
  opts: { now: Date; expectedVersion?: number },
): { done: string[]; result: AdjudicateResult | null } {
  return j.o.store.transaction(() => {
    const fold = j.load(game)
    resolving.guard(fold, opts)
    const done: string[] = []
    let result: AdjudicateResult | null = null
    for (const a of actions) {
      switch (a.kind) {
        case 'remind':
          sendReminder(j, game, a, opts.now)
          break
        case 'late':
          sendLateNotice(j, game, a)
          break
        case 'grace':
          grantGrace(j, game, a)
          break
        case 'pause':
          pauseForMissed(j, game, a)
          break
        case 'advance':
          playStandby(j, game)
          result = j.adjudicate(game, { now: opts.now, by: 'schedule' })
          break
      }
      done.push(
        describeAction(a) +
          (a.kind === 'advance' && result && !result.committed
            ? ` waits for decision ${result.waiting!.decisionId}`
            : ''),
      )
    }
    return { done, result }
  })
}

export function labelFor(fold: GameFold, role: string): string {
  return awaitedOrders(fold).find((a) => a.role === role)?.label ?? `resolution ${fold.point}`
}

export function missedText(s: Schedule): string {
  return s.missed === 'default'
    ? "your standing orders and the rules' defaults will be used"
    : s.missed === 'grace'
      ? 'the game grants one grace period, after which your standing orders will be used'
      : 'the game will pause until the moderator resumes it'
}

export function sendReminder(j: Judge, game: string, a: Extract<Action, { kind: 'remind' }>, now: Date): void {
  const fold = j.load(game)
  const events: NewEvent[] = a.hoursBefore.map((h) => ({
    type: 'ReminderSent',
    data: { point: fold.point, deadline: a.deadline, hoursBefore: h, roles: a.roles },
    audience: { kind: 'public' },
  }))
  j.o.store.append(gameStream(game), fold.version, events)
  const left = Date.parse(a.deadline) - now.getTime()
  const h = Math.min(...a.hoursBefore)
  const missing = new Set(missingRoles(fold))
  for (const role of a.roles) {
    const label = labelFor(fold, role)
    const questions = openQuestions(fold).filter((q) => q.role === role)
    const ordersDue = missing.has(role)
    reporting.noticeTo(
      j,
      fold,
      role,
      ordersDue
        ? `Reminder: your orders for ${label} are due in ${hoursText(left)}`
        : `Reminder: your answer to ${questions.map((q) => q.decisionId).join(', ')} is due in ${hoursText(left)}`,
      [
        ...(ordersDue ? [`The judge has no orders from you for ${label}.`] : []),
        ...questions.map(
          (q) => `Not answered yet: ${q.decisionId}: ${q.question} (without an answer: ${q.defaultOption}).`,
        ),
        `Deadline: ${j.when(fold, a.deadline, role)} (in ${hoursText(left)}).`,
        ...(ordersDue ? [`If no orders arrive by then, ${missedText(fold.schedule)}.`] : []),
        ordersDue
          ? 'Reply to this mail with your orders; the form is in your last report (send STATUS to get the situation again).'
          : 'Reply to this mail with DECIDE <id> <answer> (and orders, if you like, in the same mail).',
      ].join('\n'),
      `remind.${game}.p${fold.point}.${h}h.${Date.parse(a.deadline)}`,
      'reminder',
    )
  }
}

export function sendLateNotice(j: Judge, game: string, a: Extract<Action, { kind: 'late' }>): void {
  const fold = j.load(game)
  const s = fold.schedule
  const events: NewEvent[] = a.hoursAfter.map((h) => ({
    type: 'LateNoticeSent',
    data: {
      point: fold.point,
      deadline: a.deadline,
      hoursAfter: h,
      roles: a.roles,
      announced: s.announceLate,
      consequence: a.consequence,
    },
    audience: { kind: 'public' },
  }))
  j.o.store.append(gameStream(game), fold.version, events)
  const tag = `late.${game}.p${fold.point}.${Math.max(...a.hoursAfter)}h`
  const current = fold.deadline?.deadline ?? null
  const then = (role: string | null) =>
    a.consequence === 'default'
      ? "The resolution goes ahead with the standing orders on file and the rules' defaults."
      : a.consequence === 'grace'
        ? `This game grants one grace period: the new deadline is ${j.when(fold, a.graceUntil!, role)}.`
        : a.consequence === 'pause'
          ? 'The game is paused until the moderator resumes it; orders sent meanwhile are accepted.'
          : `The deadline is now ${j.when(fold, current, role)}.`
  for (const role of a.roles) {
    const label = labelFor(fold, role)
    const body = [
      `Your orders for ${label} were due at ${j.when(fold, a.deadline, role)} and have not arrived.`,
      then(role),
      a.consequence === 'grace' || a.consequence === 'waiting' ? 'Reply to this mail with your orders.' : '',
    ]
      .filter(Boolean)
      .join('\n')
    reporting.noticeTo(j, fold, role, `LATE: your orders for ${label}`, body, tag, 'late')
  }
  const named = `Late: ${a.roles.join(', ')} (orders due ${j.when(fold, a.deadline)}).`
  for (const p of fold.players.values()) {
    if (a.roles.includes(p.role) || fold.ejected.has(p.role)) continue
    if (s.announceLate) reporting.noticeTo(j, fold, p.role, lateSubject(a), `${named}\n${then(p.role)}`, tag, 'late')
    else if (a.consequence === 'grace' || a.consequence === 'pause')
      reporting.noticeTo(
        j,
        fold,
        p.role,
        a.consequence === 'grace' ? 'Deadline extended' : 'Game paused',
        then(p.role),
        tag,
        'late',
      )
  }
  reporting.noticeTo(j, fold, null, `Late: ${a.roles.join(', ')}`, `${named}\n${then(null)}`, tag, 'late')
}

/** The others' subject says what the body says: waited for, waited for longer, paused, or gone ahead without. */
function lateSubject(a: Extract<Action, { kind: 'late' }>): string {
  const who = a.roles.join(', ')
  if (a.consequence === 'default') return `Late: ${who}; the resolution goes ahead on standing orders`
  if (a.consequence === 'grace') return `Waiting for ${who}: deadline extended`
  if (a.consequence === 'pause') return `Game paused: waiting for ${who}`
  return `Waiting for ${who}`
}

export function grantGrace(j: Judge, game: string, a: Extract<Action, { kind: 'grace' }>): void {
  const fold = j.load(game)
  j.o.store.append(gameStream(game), fold.version, [
    {
      type: 'GraceGranted',
      data: { point: fold.point, roles: a.roles, deadline: a.deadline },
      audience: { kind: 'public' },
    },
    {
      type: 'DeadlineSet',
      data: {
        point: fold.point,
        deadline: a.deadline,
        zone: fold.schedule.zone,
        reason: `grace for the late orders of ${a.roles.join(', ')}`,
      },
      audience: { kind: 'public' },
    },
  ])
}

export function pauseForMissed(j: Judge, game: string, a: Extract<Action, { kind: 'pause' }>): void {
  const fold = j.load(game)
  j.o.store.append(gameStream(game), fold.version, [
    {
      type: 'GamePaused',
      data: { point: fold.point, by: 'schedule', reason: `missed orders: ${a.roles.join(', ')}`, roles: a.roles },
      audience: { kind: 'public' },
    },
  ])
  reporting.noticeTo(
    j,
    fold,
    null,
    `Paused: ${a.roles.join(', ')} missed the deadline`,
    [
      `${a.roles.join(', ')} sent no orders for resolution ${fold.point} by ${j.when(fold, fold.deadline?.deadline ?? null)}; the game's policy is to pause.`,
      `Resume with "pbem game resume ${game}" (at least 24 hours more, or --deadline / --hours), replace the player with "pbem player replace ${game} <role> <address>",`,
      `or resolve at once with standing orders: "pbem game adjudicate ${game} --force". By mail: RESUME, REPLACE, PROCESS.`,
      'After a resumption the same point does not pause again: a second miss plays the standing orders.',
    ].join('\n'),
    `pause.${game}.p${fold.point}.v${fold.version}`,
  )
}

/**
 * Records a tick at `now` and returns the previous one. The recorded instant never moves back:
 * a pass with an earlier clock (a mistyped `pbem tick --now`, a clock set back) would otherwise
 * make the next real pass see decades of silence and move every deadline.
 */
export function markTick(j: Judge, now: Date): Date | null {
  return j.o.store.transaction(() => {
    j.o.store.lock('setting:schedule:last-tick') // two judges ticking at once: one after the other
    const value = findLastTick(j.o.db)
    const prev = value !== null && Number.isFinite(Date.parse(value)) ? new Date(value) : null
    if (!prev || now.getTime() > prev.getTime()) recordLastTick(j.o.db, now.toISOString())
    return prev
  })
}

export function lastTick(j: Judge): Date | null {
  const value = findLastTick(j.o.db)
  return value !== null ? new Date(value) : null
}

/**
 * After the judge was silent from `from` to `to` for longer than the game's threshold, the
 * deadlines still open at `from` move by the downtime (OutageDetected, DeadlineSet or
 * DecisionDeadlineSet) and the players are told, instead of being ruled late for the judge's
 * silence. Returns false when the game had nothing to move.
 */
export function extendForOutage(j: Judge, game: string, from: Date, to: Date): boolean {
  return j.o.store.transaction(() => {
    const fold = j.load(game)
    const down = to.getTime() - from.getTime()
    if (fold.finished || fold.paused || down <= fold.schedule.outageMinutes * 60_000) return false
    const shift = (iso: string) => new Date(Date.parse(iso) + down).toISOString()
    const downtimeHours = Math.round((down / HOUR) * 100) / 100
    const reason = `the judge was down from ${from.toISOString()} to ${to.toISOString()}`
    const base = { lastTick: from.toISOString(), detectedAt: to.toISOString(), downtimeHours, point: fold.point }
    const tag = `outage.${game}.${from.getTime()}`
    const intro = `The judge was down from ${j.when(fold, from.toISOString())} to ${j.when(fold, to.toISOString())} (${hoursText(down)}). Mail sent to it meanwhile may not have been read in order: check with ORDERS or STATUS and send again if needed.`
    if (inProgress(fold)) {
      const open = [...fold.requested.values()].filter(
        (d) => !fold.answers.has(d.decisionId) && d.deadline && Date.parse(d.deadline) > from.getTime(),
      )
      if (!open.length) return false
      const events: NewEvent[] = [
        { type: 'OutageDetected', data: { ...base, deadline: null }, audience: { kind: 'public' } },
      ]
      for (const d of open)
        events.push({
          type: 'DecisionDeadlineSet',
          data: { point: fold.point, decisionId: d.decisionId, deadline: shift(d.deadline!), reason },
          audience: { kind: 'roles', roles: [d.role] },
        })
      j.o.store.append(gameStream(game), fold.version, events)
      for (const d of open)
        reporting.noticeTo(
          j,
          fold,
          d.role,
          `The judge was down: decision ${d.decisionId} now due ${shift(d.deadline!).slice(0, 16)}Z`,
          `${intro}\nYour answer to ${d.decisionId} is now due ${j.when(fold, shift(d.deadline!), d.role)}.`,
          tag,
          'notice',
        )
      reporting.noticeTo(
        j,
        fold,
        null,
        'The judge was down',
        `${intro}\nPending decisions moved by the downtime: ${open.map((d) => d.decisionId).join(', ')}.`,
        tag,
      )
      return true
    }
    if (!fold.deadline || Date.parse(fold.deadline.deadline) <= from.getTime()) return false
    const deadline = shift(fold.deadline.deadline)
    j.o.store.append(gameStream(game), fold.version, [
      { type: 'OutageDetected', data: { ...base, deadline }, audience: { kind: 'public' } },
      {
        type: 'DeadlineSet',
        data: {
          point: fold.point,
          deadline,
          zone: fold.schedule.zone,
          reason: `outage: ${reason}; the deadline moves by the downtime`,
        },
        audience: { kind: 'public' },
      },
    ])
    const after = j.load(game)
    const label = j.awaitingText(after)
    for (const p of after.players.values())
      reporting.noticeTo(
        j,
        after,
        p.role,
        'The judge was down: deadline moved',
        `${intro}\nSo that no one is ruled late for the judge's silence, the deadline for ${label} moves by the same time: ${j.when(after, deadline, p.role)}.`,
        tag,
        'notice',
      )
    reporting.noticeTo(
      j,
      after,
      null,
      'The judge was down: deadline moved',
      `${intro}\nThe deadline for ${label} moved to ${j.when(after, deadline)}.`,
      tag,
    )
    return true
  })
}
