// A game's schedule: a deadline rule per phase kind, evaluated in the game's
// zone, and the options that say what happens around a deadline. Stored whole in ScheduleSet
// events; a game without one runs on the defaults derived from GameCreated (zone, deadlineHours,
// options.early), which is how games created before schedules existed keep their behaviour.
import {
  computeDeadline,
  describeRule,
  checkZone,
  parseRule,
  type ComputedDeadline,
  type DeadlineRule,
} from './calendar.ts'

export type MissedPolicy = 'default' | 'grace' | 'pause'
export const MISSED_POLICIES: readonly MissedPolicy[] = ['default', 'grace', 'pause']

export interface Schedule {
  /** IANA zone the rules are evaluated in and every deadline is shown in (besides UTC). */
  zone: string
  /** Deadline rule by phase kind ('deployment', 'activity', ... and 'decision'); 'default' for the rest. */
  rules: Record<string, DeadlineRule>
  /** Resolve as soon as every awaited input is in (after `delayMinutes`), not only at the deadline. */
  early: boolean
  /** Early processing waits this long after the last accepted orders, so players may change their minds. */
  delayMinutes: number
  /** Reminders to roles without orders, this many hours before the deadline (each sent once per deadline). */
  reminderHours: number[]
  /** Late notices to roles still without orders, this many hours after the point's first deadline (besides the one at the deadline). */
  lateNoticeHours: number[]
  /** Tell the other players who is late (as njudge does). */
  announceLate: boolean
  /** What a missed deadline does: play standing/default orders, grant one grace extension, or pause. */
  missed: MissedPolicy
  graceHours: number
  /** Longest single absence a player may set (days) and the most absence days per role per game. */
  absenceMaxDays: number
  absenceTotalDays: number
  /** How long a player has to answer a decision, unless rules.decision says otherwise. */
  decisionHours: number
  /** At most this many decisions are put to one role per resolution; the rest take their defaults. */
  maxAsks: number
  /** A judge silent for longer than this extends the open deadlines by its downtime. */
  outageMinutes: number
}

export type ScheduleInput = Partial<Omit<Schedule, 'rules'>> & { rules?: Record<string, DeadlineRule | string> }

/** What a game's creation says of its clock (GameCreated's zone, deadline hours and options). */
export interface ClockSettings {
  zone: string
  deadlineHours: number
  options: { early?: unknown }
}

export function defaultSchedule(created: ClockSettings): Schedule {
  return {
    zone: created.zone,
    rules: { default: { hours: created.deadlineHours } },
    early: created.options.early !== false,
    delayMinutes: 0,
    reminderHours: [24],
    lateNoticeHours: [24],
    announceLate: true,
    missed: 'default',
    graceHours: 48,
    absenceMaxDays: 14,
    absenceTotalDays: 28,
    decisionHours: 24,
    maxAsks: 3,
    outageMinutes: 60,
  }
}

function number(name: string, v: unknown, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max)
    throw new Error(`schedule: ${name} must be a number from ${min} to ${max}`)
  return v
}

function hoursList(name: string, v: unknown): number[] {
  if (!Array.isArray(v)) throw new Error(`schedule: ${name} must be a list of hours`)
  return [...new Set(v.map((x) => number(name, x, 0, 24 * 60)))].sort((a, b) => b - a)
}

export function normaliseRule(rule: DeadlineRule | string): DeadlineRule {
  const r = typeof rule === 'string' ? parseRule(rule) : { ...rule }
  if (r.hours !== undefined) number('hours', r.hours, 0, 24 * 365)
  if (r.days !== undefined) number('days', r.days, 0, 365)
  if (r.at !== undefined && !/^\d{2}:\d{2}$/.test(r.at)) throw new Error(`schedule: "at" must be HH:MM, not "${r.at}"`)
  if (r.on !== undefined && (!r.on.length || r.on.some((d) => !Number.isInteger(d) || d < 1 || d > 7)))
    throw new Error('schedule: "on" lists ISO weekdays 1 (Monday) to 7 (Sunday)')
  if (r.zone !== undefined) checkZone(r.zone)
  for (const k of Object.keys(r)) if (r[k as keyof DeadlineRule] === undefined) delete r[k as keyof DeadlineRule]
  if (!r.hours && !r.days && !r.at && !r.on)
    throw new Error('schedule: a rule needs hours, days, a time of day or weekdays')
  return r
}

/** `base` with `input` applied, checked; throws with a readable message on a bad value. */
export function mergeSchedule(base: Schedule, input: ScheduleInput): Schedule {
  const s: Schedule = { ...base, rules: { ...base.rules } }
  if (input.zone !== undefined) s.zone = checkZone(input.zone)
  for (const [kind, rule] of Object.entries(input.rules ?? {})) {
    if (!/^[a-z][a-z0-9-]*$/.test(kind)) throw new Error(`schedule: "${kind}" is not a phase kind`)
    s.rules[kind] = normaliseRule(rule)
  }
  if (input.early !== undefined) s.early = !!input.early
  if (input.delayMinutes !== undefined) s.delayMinutes = number('delayMinutes', input.delayMinutes, 0, 7 * 24 * 60)
  if (input.reminderHours !== undefined)
    s.reminderHours = hoursList('reminderHours', input.reminderHours).filter((h) => h > 0)
  if (input.lateNoticeHours !== undefined)
    s.lateNoticeHours = hoursList('lateNoticeHours', input.lateNoticeHours).filter((h) => h > 0)
  if (input.announceLate !== undefined) s.announceLate = !!input.announceLate
  if (input.missed !== undefined) {
    if (!MISSED_POLICIES.includes(input.missed))
      throw new Error(`schedule: missed must be one of ${MISSED_POLICIES.join(', ')}`)
    s.missed = input.missed
  }
  if (input.graceHours !== undefined) s.graceHours = number('graceHours', input.graceHours, 1, 24 * 60)
  if (input.absenceMaxDays !== undefined) s.absenceMaxDays = number('absenceMaxDays', input.absenceMaxDays, 0, 365)
  if (input.absenceTotalDays !== undefined)
    s.absenceTotalDays = number('absenceTotalDays', input.absenceTotalDays, 0, 3650)
  if (input.decisionHours !== undefined) s.decisionHours = number('decisionHours', input.decisionHours, 0.1, 24 * 30)
  if (input.maxAsks !== undefined) s.maxAsks = number('maxAsks', input.maxAsks, 0, 100)
  if (input.outageMinutes !== undefined) s.outageMinutes = number('outageMinutes', input.outageMinutes, 1, 60 * 24 * 30)
  return s
}

/** The rule for a phase kind: its own, else 'default'. */
export function ruleFor(schedule: Schedule, phase: string | undefined): DeadlineRule {
  if (phase === 'decision') return schedule.rules.decision ?? { hours: schedule.decisionHours }
  return (phase !== undefined ? schedule.rules[phase] : undefined) ?? schedule.rules.default ?? { hours: 72 }
}

export function deadlineFor(schedule: Schedule, phase: string | undefined, opened: Date): ComputedDeadline {
  return computeDeadline(opened, ruleFor(schedule, phase), schedule.zone)
}

/** The schedule in words, one line per setting (CLI, STATUS, moderator mail). */
export function describeSchedule(s: Schedule): string[] {
  return [
    `zone: ${s.zone}`,
    ...Object.entries(s.rules).map(([k, r]) => `deadline (${k}): ${describeRule(r)}`),
    ...(s.rules.decision ? [] : [`deadline (decision): ${s.decisionHours}h after the question is asked`]),
    `early processing: ${s.early ? `yes, ${s.delayMinutes} minute(s) after the last orders` : 'no, always at the deadline'}`,
    `reminders: ${s.reminderHours.length ? `${s.reminderHours.join('h, ')}h before the deadline` : 'none'}`,
    `late notices: at the deadline${s.lateNoticeHours.length ? ` and ${s.lateNoticeHours.join('h, ')}h after it` : ''}${s.announceLate ? '; the other players are told who is late' : ''}`,
    `missed orders: ${s.missed === 'default' ? 'standing and default orders are played' : s.missed === 'grace' ? `one grace extension of ${s.graceHours}h, then standing and default orders` : 'the game pauses until the moderator resumes it (once per point; then standing orders)'}`,
    `absences: up to ${s.absenceMaxDays} days each, ${s.absenceTotalDays} days per role per game`,
    `decisions: at most ${s.maxAsks} per role per resolution`,
    `outage guard: deadlines move when the judge was silent for more than ${s.outageMinutes} minutes`,
  ]
}
