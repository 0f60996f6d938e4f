// The `game` command and its first verbs: creating a game (people's and the house's seats, a standby),
// the standby itself, the list of games and one game's status. The moderator's and the auditors'
// verbs hang under the same command (moderatorCommands.ts, audit.ts).
import type { Command } from 'commander'
import { readFileSync } from 'node:fs'
import { formatInstant } from '../engine/clock/calendar.ts'
import { MISSED_POLICIES } from '../engine/clock/schedule.ts'
import type { Judge } from '../engine/judge.ts'
import type { App } from './app.ts'
import { withOldSpelling } from './aliases.ts'
import type * as DepsModule from './deps.ts'
import { say } from './moderatorCommands.ts'
import { fail } from './options.ts'
import { scheduleInput } from './scheduleCommands.ts'
import { webSettings } from '../web/settings.ts'

type Deps = typeof DepsModule

/** Registers `pbem game` with create, standby, list and status; returns it for the other verbs. */
export function registerGameCommands(
  program: Command,
  withApp: (fn: (app: App) => unknown) => Promise<void>,
  d: () => Deps,
): Command {
  const game = program
    .command('game')
    .description('create, inspect, run and audit one game (status, pause, adjudicate, history, verify...)')
  registerCreate(game, withApp, d)
  registerStandby(game, withApp, d)
  registerSet(game, withApp, d)
  registerListAndStatus(game, withApp, d)
  registerOfflineChecks(program, game, withApp, d)
  return game
}

/** `game create`: the seats (people or the house), the scenario, options, schedule and standby. */
function registerCreate(game: Command, withApp: (fn: (app: App) => unknown) => Promise<void>, d: () => Deps): void {
  game
    .command('create <id>')
    .description('create a game; prints each player key (also mailed in every report)')
    .addHelpText(
      'after',
      '\nThe roles, scenarios and options of each game, with a create line to copy: pbem games\nA player is role=address[:name]; quote a name with spaces. role=house:cautious or role=house:standard seats the judge itself.',
    )
    .option('--ruleset <id>', 'the game: pbem games lists the games with their roles, scenarios and options')
    .option('--scenario <id>', "one of the game's scenarios (pbem games lists them)")
    .option(
      '--player <role=address[:name]...>',
      'a player for a role (repeat for each role)',
      (v: string, all: string[]) => [...all, v],
      [],
    )
    .option('--data-pack <file>', "play with a moderator's own data pack (JSON) instead of the embedded one")
    .option('--zone <iana>', 'time zone deadlines are shown in', 'UTC')
    .option('--deadline-hours <n>', 'hours from the opening of each point to its deadline', '72')
    .option('--no-early', 'wait for the deadline even when every order is in')
    .option(
      '--option <name=value>',
      "one of the game's own options, repeatable (pbem games lists each game's options and their values)",
      (v: string, all: string[]) => [...all, v],
      [] as string[],
    )
    .option(
      '--rule <kind=rule...>',
      'a deadline rule for a phase kind, e.g. activity="Fridays 18:00" or default=72h (repeatable)',
      (v: string, all: string[]) => [...all, v],
      [],
    )
    .option('--missed <policy>', `what a missed deadline does: ${MISSED_POLICIES.join(', ')}`)
    .option('--grace-hours <n>', 'the one grace extension, in hours (with --missed grace)')
    .option('--delay <minutes>', 'early processing waits this long after the last orders')
    .option('--reminders <hours>', 'reminder offsets before the deadline, e.g. 48,24')
    .option('--standby <house:level>', "the house writes a person's orders for a point he missed (after any grace)")
    .action((id: string, o) =>
      withApp(async (app) => {
        const ruleset = d().checkedRuleset(o.ruleset)
        const scenario = o.dataPack ? o.scenario : d().checkedScenario(ruleset, o.scenario)
        const options = d().checkedOptions(ruleset, o.option as string[])
        const players = (o.player as string[]).map((p) => {
          const m = /^([a-z]+)=([^:]+@[^:]+|house:[a-z]+)(?::([\s\S]+))?$/.exec(p)
          if (!m) fail(`--player takes role=address[:name] or role=house:<level>, not ${JSON.stringify(p)}`)
          return { role: m[1]!, address: m[2]!, name: m[3] ?? m[1]! }
        })
        const pack = o.dataPack ? JSON.parse(readFileSync(o.dataPack, 'utf8')) : undefined
        const schedule = scheduleInput({
          rule: o.rule,
          missed: o.missed,
          graceHours: o.graceHours,
          delay: o.delay,
          reminders: o.reminders,
        })
        // Its writes in one batch on the async handle, as the tick's (src/engine/creationBatch.ts).
        const { keys } = await d().createGameBatched(app.judge, d().tickJobs(app), {
          game: id,
          ruleset: ruleset.id,
          scenario,
          players,
          pack,
          zone: o.zone,
          deadlineHours: d().checkDeadlineHours(o.deadlineHours),
          options: { ...options, early: o.early },
          createdBy: 'cli',
          ...(schedule ? { schedule } : {}),
          ...(o.standby ? { standby: o.standby } : {}),
        })
        console.log(`Game ${id} created.`)
        for (const [role, key] of Object.entries(keys)) {
          const seat = players.find((p) => p.role === role)?.address ?? ''
          console.log(
            seat.startsWith('house:')
              ? `  ${role}: played by the house (${seat.slice('house:'.length)}); its orders are filed as it writes them`
              : `  ${role}: key ${key}, reply address ${app.judge.replyAddress(id, role, key)}`,
          )
        }
        if (webSettings().base) console.log(`  game pages: pbem player view ${id} prints each reader's link`)
        return d().sendOutbox(app)
      }),
    )
}

/** `game standby`: the house that writes a missed turn's orders, or none. */
function registerStandby(game: Command, withApp: (fn: (app: App) => unknown) => Promise<void>, d: () => Deps): void {
  game
    .command('standby <id> <house-or-off>')
    .description("house:cautious or house:standard writes a person's orders for a point he missed; off stops it")
    .action((id: string, standby: string) => withApp(async (app) => say(await d().setGameStandby(app, id, standby))))
}

/** `game set`: a game's switches; for now whether its observers' page is open. */
function registerSet(game: Command, withApp: (fn: (app: App) => unknown) => Promise<void>, d: () => Deps): void {
  game
    .command('set <id> <setting> <value>')
    .description("change a game's setting: observers on|off opens or closes its observers' page")
    .action((id: string, setting: string, value: string) =>
      withApp(async (app) => say(await d().setGameSetting(app, id, setting, value))),
    )
}

/** `game list` and `game status`, read on the async handle (onReadingJudge). */
function registerListAndStatus(
  game: Command,
  withApp: (fn: (app: App) => unknown) => Promise<void>,
  d: () => Deps,
): void {
  game
    .command('list')
    .description('the games on this judge: game, scenario, resolution point, and whom each awaits')
    .action(() =>
      withApp(async (app) => {
        // The games listed before one that no longer folds are printed before its error, as they were.
        const lines: string[] = []
        try {
          await d().onReadingJudge(app.judge, app.jobsDb, { games: 'all' }, (judge) => listLines(judge, lines))
        } finally {
          for (const line of lines) console.log(line)
        }
      }),
    )
  game
    .command('status <id>')
    .description(
      "a game's situation, orders on file, deadline, pauses, pending decision, absences and next scheduled pass",
    )
    .action((id: string) =>
      withApp(async (app) => {
        const lines = await d().onReadingJudge(app.judge, app.jobsDb, { games: [id] }, (judge) =>
          statusLines(judge, id, app.clock(), d),
        )
        for (const line of lines) console.log(line)
      }),
    )
}

/** What `game list` prints, read from `judge`, gathered in `out` (emptied first) as it goes. */
export function listLines(judge: Judge, out: string[] = []): string[] {
  out.length = 0
  for (const g of judge.games()) {
    const f = judge.load(g)
    out.push(
      `${g}  ${f.created.ruleset}/${f.created.scenario}  resolution ${f.point}  ${f.finished ? 'finished' : `awaiting: ${judge.awaitingText(f)}`}`,
    )
  }
  return out
}

/** What `game status` prints, read from `judge`. */
export function statusLines(judge: Judge, id: string, now: Date, d: () => Deps): string[] {
  const out: string[] = []
  const f = judge.load(id)
  out.push(judge.templates.render(f.created.ruleset, 'status.txt', judge.reportModel(f, { kind: 'moderator' }, null)))
  out.push(`Orders on file: ${[...f.orders.values()].map((o) => `${o.role} (${o.receipt})`).join(', ') || 'none'}`)
  out.push(
    `Deadline: ${f.deadline?.deadline ?? 'none'}${f.deadline ? ` = ${formatInstant(f.deadline.deadline, f.schedule.zone)}` : ''}`,
  )
  out.push(`Awaiting: ${judge.awaitingText(f, { kind: 'moderator' })}`)
  if (f.paused) out.push(`PAUSED since ${f.paused.at} by ${f.paused.by}: ${f.paused.reason}`)
  const pending = d().inProgress(f) ? d().pendingDecision(f) : null
  if (pending)
    out.push(
      `Decision pending: ${pending.decisionId} (${pending.role}) "${pending.question}", default ${pending.defaultOption}, due ${pending.deadline}`,
    )
  for (const [role, list] of f.absences)
    for (const a of list) out.push(`Absence ${a.absenceId}: ${role} from ${a.from} to ${a.to}`)
  if (f.ejected.size) out.push(`Vacant roles: ${[...f.ejected].join(', ')}`)
  if (f.standby) out.push(`Standby: the house (${f.standby}) writes a missed point's orders`)
  const tokens = [...f.viewTokens].filter(([, t]) => t.live).map(([reader]) => reader)
  if (tokens.length || f.observers)
    out.push(`Page tokens: ${tokens.join(', ') || 'none'}; observers' page ${f.observers ? 'on' : 'off'}`)
  const plan = judge.plan(id, now)
  if (plan.nextAt) out.push(`Next scheduled: ${new Date(plan.nextAt).toISOString()}`)
  return out
}

/** `game check` and `game adjudicate`, with their old spellings. */
function registerOfflineChecks(
  program: Command,
  game: Command,
  withApp: (fn: (app: App) => unknown) => Promise<void>,
  d: () => Deps,
): void {
  withOldSpelling(game, program, (parent, opts) =>
    parent
      .command('check <game> <role> <file>', opts)
      .description('check an order file against the current state without filing it (like echeck)')
      .action((g: string, role: string, file: string) =>
        withApp(async (app) => {
          // The file is read as the intake reads a mail body and judged as the acknowledgement judges
          // it (DECIDE lines included): `check` answers exactly what a mail would get. The game is
          // read on the async handle, as for a mail, and what the check files is dropped.
          const text = readFileSync(file, 'utf8')
          const checked = await d().onDryRun(app.judge, d().tickJobs(app), g, (judge) =>
            d().checkOrders(judge, g, role, text),
          )
          const r = d().checkLines(checked)
          for (const line of r.lines) console.log(line)
          if (r.refused) process.exitCode = 1
        }),
      ),
  )

  withOldSpelling(game, program, (parent, opts) =>
    parent
      .command('adjudicate <game>', opts)
      .description(
        'resolve the open point now, whatever the deadline (a decision put to a player is still waited for, unless --force)',
      )
      .option('--force', "don't wait for decisions: unanswered ones take their defaults (the moderator's PROCESS)")
      .option('--point <n>', 'only if this resolution point is still the open one')
      .option('--reason <text>', 'for the log')
      .action((g: string, o) =>
        withApp(async (app) => {
          say(await d().adjudicateGame(app, g, o))
          return d().sendOutbox(app)
        }),
      ),
  )
}
