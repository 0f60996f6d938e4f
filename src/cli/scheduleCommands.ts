// A game's deadline rules from the command line: show, set, and try a rule before setting it.
import type { Command } from 'commander'
import type { App } from './app.ts'
import type * as DepsModule from './deps.ts'
import { checkZone, computeDeadline, formatInstant, parseLocal, parseRule } from '../engine/clock/calendar.ts'
import { MISSED_POLICIES, type MissedPolicy, type ScheduleInput } from '../engine/clock/schedule.ts'
import { fail, integerOption } from './options.ts'
import { say } from './moderatorCommands.ts'

type Deps = typeof DepsModule

export function registerScheduleCommands(
  program: Command,
  withApp: (fn: (app: App) => unknown) => Promise<void>,
  d: () => Deps,
): void {
  const schedule = program.command('schedule').description("a game's deadline rules and options")
  schedule
    .command('show <game>')
    .description(
      "a game's zone, deadline rule for each phase kind, early processing, reminders and missed-deadline policy",
    )
    .action((g: string) =>
      withApp(async (app) => {
        const lines = await d().onReadingJudge(app.judge, app.jobsDb, { games: [g] }, (judge) =>
          d().describeSchedule(judge.schedule(g)),
        )
        for (const l of lines) console.log(l)
      }),
    )
  schedule
    .command('set <game>')
    .description('change deadline rules and options (the open deadline stays unless --reschedule)')
    .option(
      '--rule <kind=rule...>',
      'e.g. activity="Fridays 18:00", deployment="48h weekdays", decision=12h, default=72h (repeatable)',
      (v: string, all: string[]) => [...all, v],
      [],
    )
    .option('--zone <iana>', "the game's zone")
    .option('--early', 'resolve as soon as every awaited order is in')
    .option('--no-early', 'always wait for the deadline')
    .option('--delay <minutes>', 'change-of-mind delay after the last orders (early processing)')
    .option('--reminders <hours>', 'reminder offsets before the deadline, e.g. 48,24 ("" for none)')
    .option('--late-notices <hours>', 'late notice offsets after a missed deadline, e.g. 24,48')
    .option('--announce-late', 'tell the other players who is late')
    .option('--no-announce-late', 'do not name late players to the others')
    .option('--missed <policy>', `${MISSED_POLICIES.join(', ')}`)
    .option('--grace-hours <n>', 'length of the one grace extension')
    .option('--absence-max-days <n>', 'longest absence a player may set')
    .option('--absence-total-days <n>', 'absence days per role per game')
    .option('--decision-hours <n>', 'time to answer a decision')
    .option('--max-asks <n>', 'decisions put to one role per resolution')
    .option('--outage-minutes <n>', 'silence after which deadlines move by the downtime')
    .option('--reschedule', 'recompute the open deadline under the new rule')
    .action((g: string, o) =>
      withApp(async (app) => {
        // Its writes in one batch on the async handle, as SCHEDULE by mail (moderatorActions.ts).
        say(await d().setGameSchedule(app, g, scheduleInput(o) ?? {}, o, d().describeSchedule))
        return d().sendOutbox(app)
      }),
    )
  schedule
    .command('try <rule>')
    .description('show the deadlines a rule gives (DST included), without touching any game')
    .option('--zone <iana>', 'zone', 'UTC')
    .option('--from <when>', 'the opening instant (ISO, or YYYY-MM-DD HH:MM in --zone)')
    .option('--count <n>', 'how many successive points', '4')
    .action((text: string, o) => {
      const rule = parseRule(text)
      const zone = checkZone(o.zone)
      let t = o.from ? parseLocal(o.from, zone) : new Date()
      for (let i = 0, n = integerOption('--count', o.count, 1, 1000); i < n; i++) {
        const d = computeDeadline(t, rule, zone)
        console.log(
          `opens ${formatInstant(t.toISOString(), zone)} -> deadline ${formatInstant(d.deadline.toISOString(), zone)}${d.note ? ` [${d.note}]` : ''}`,
        )
        t = d.deadline
      }
    })
}

/** The schedule options of `game create` and `schedule set`, or null when none was given. */
export function scheduleInput(o: Record<string, unknown>): ScheduleInput | null {
  const input: ScheduleInput = {}
  const list = (v: unknown) =>
    String(v)
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)
      .map(Number)
  const rules = (o.rule as string[] | undefined) ?? []
  if (rules.length) {
    input.rules = {}
    for (const r of rules) {
      const m = /^([a-z][a-z0-9-]*)=(.+)$/.exec(r)
      if (!m) fail(`--rule takes kind=rule, e.g. activity="Fridays 18:00", not "${r}"`)
      input.rules[m[1]!] = parseRule(m[2]!)
    }
  }
  if (o.zone !== undefined) input.zone = String(o.zone)
  if (typeof o.early === 'boolean') input.early = o.early
  if (o.delay !== undefined) input.delayMinutes = Number(o.delay)
  if (o.reminders !== undefined) input.reminderHours = list(o.reminders)
  if (o.lateNotices !== undefined) input.lateNoticeHours = list(o.lateNotices)
  if (typeof o.announceLate === 'boolean') input.announceLate = o.announceLate
  if (o.missed !== undefined) {
    if (!MISSED_POLICIES.includes(o.missed as MissedPolicy)) fail(`--missed is one of ${MISSED_POLICIES.join(', ')}`)
    input.missed = o.missed as MissedPolicy
  }
  if (o.graceHours !== undefined) input.graceHours = Number(o.graceHours)
  if (o.absenceMaxDays !== undefined) input.absenceMaxDays = Number(o.absenceMaxDays)
  if (o.absenceTotalDays !== undefined) input.absenceTotalDays = Number(o.absenceTotalDays)
  if (o.decisionHours !== undefined) input.decisionHours = Number(o.decisionHours)
  if (o.maxAsks !== undefined) input.maxAsks = Number(o.maxAsks)
  if (o.outageMinutes !== undefined) input.outageMinutes = Number(o.outageMinutes)
  return Object.keys(input).length ? input : null
}
