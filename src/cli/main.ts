// The `pbem` command: the judge's operator and moderator tasks.
import { Command } from 'commander'
import type { App } from './app.ts'
import { readFileSync } from 'node:fs'
import { checkZone, computeDeadline, formatInstant, parseLocal, parseRule } from '../schedule/calendar.ts'
import { MISSED_POLICIES, type MissedPolicy, type ScheduleInput } from '../schedule/schedule.ts'
import { registerAuditCommands } from './audit.ts'
import { registerSecretCommands } from './secret.ts'
import { hoursOption, instantOption, integerOption } from './options.ts'

const program = new Command()
program
  .name('pbem')
  .description('acw-pbem: a play-by-email judge for American Civil War naval wargames')
  .option('-d, --data <dir>', 'data directory (default $PBEM_DATA_DIR or ./data)')

type Deps = typeof import('./deps.ts')
let deps: Deps | null = null
/** The modules the commands run on; loaded just before a command runs, never for help. */
function d(): Deps {
  if (!deps) throw new Error('a command ran before its modules were loaded')
  return deps
}
program.hook('preAction', async () => {
  deps ??= await import('./deps.ts')
})

function withApp(fn: (app: App) => unknown): Promise<void> {
  const app = d().openApp(program.opts().data ? { dataDir: program.opts().data } : {})
  return Promise.resolve(fn(app))
    .then(() => undefined)
    .finally(() => app.close())
}

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

program
  .command('serve')
  .description('run the judge on its embedded defaults: drop folder in, outbox folder out, deadline ticks')
  .option('--interval <ms>', 'how often to look at the inbox and the deadlines', '1000')
  .option('--no-demo-game', 'do not create a demo game when there is none')
  .action(async (o) => {
    const app = d().openApp(program.opts().data ? { dataDir: program.opts().data } : {})
    await (await import('./serve.ts')).serve(app, {
      intervalMs: integerOption('--interval', o.interval, 50, 3_600_000),
      demoGame: o.demoGame,
    })
  })

program
  .command('demo')
  .description("play the default game's demo from its sample order mails")
  .option('--dir <dir>', 'where to put the demo database, inbox and outbox', 'data/demo')
  .action(async (o) => {
    const result = await (await import('./demo.ts')).runDemo({ dir: o.dir, log: (l) => console.log(l) })
    const scores = Object.entries(result.outcome.scores ?? {}).map(([role, n]) => `${role} ${n}`)
    console.log(`Final: ${result.outcome.summary}${scores.length ? `; ${scores.join(', ')}` : ''}`)
    console.log(`Reports and acknowledgements: ${result.outbox}`)
  })

const game = program.command('game').description('create and inspect games')
game
  .command('create <id>')
  .description('create a game; prints each player key (also mailed in every report)')
  .requiredOption('--ruleset <id>', 'the game (pbem data check lists the games this judge runs)')
  .requiredOption('--scenario <id>', 'scenario id')
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
    '--rule <kind=rule...>',
    'a deadline rule for a phase kind, e.g. activity="Fridays 18:00" or default=72h (repeatable)',
    (v: string, all: string[]) => [...all, v],
    [],
  )
  .option('--missed <policy>', `what a missed deadline does: ${MISSED_POLICIES.join(', ')}`)
  .option('--grace-hours <n>', 'the one grace extension, in hours (with --missed grace)')
  .option('--delay <minutes>', 'early processing waits this long after the last orders')
  .option('--reminders <hours>', 'reminder offsets before the deadline, e.g. 48,24')
  .action((id: string, o) =>
    withApp((app) => {
      const players = (o.player as string[]).map((p) => {
        const m = /^([a-z]+)=([^:]+@[^:]+)(?::([\s\S]+))?$/.exec(p)
        if (!m) fail(`--player takes role=address[:name], not ${JSON.stringify(p)}`)
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
      const { keys } = app.judge.createGame({
        game: id,
        ruleset: o.ruleset,
        scenario: o.scenario,
        players,
        pack,
        zone: o.zone,
        deadlineHours: d().checkDeadlineHours(o.deadlineHours),
        options: { early: o.early },
        createdBy: 'cli',
        ...(schedule ? { schedule } : {}),
      })
      console.log(`Game ${id} created.`)
      for (const [role, key] of Object.entries(keys))
        console.log(`  ${role}: key ${key}, reply address ${app.judge.replyAddress(id, role, key)}`)
      return d().sendOutbox(app)
    }),
  )
game.command('list').action(() =>
  withApp((app) => {
    for (const g of app.judge.games()) {
      const f = app.judge.load(g)
      console.log(
        `${g}  ${f.created.ruleset}/${f.created.scenario}  resolution ${f.point}  ${f.finished ? 'finished' : `awaiting: ${app.judge.awaitingText(f)}`}`,
      )
    }
  }),
)
game.command('status <id>').action((id: string) =>
  withApp((app) => {
    const f = app.judge.load(id)
    console.log(
      app.judge.templates.render(
        f.created.ruleset,
        'status.txt',
        app.judge.reportModel(f, { kind: 'moderator' }, null),
      ),
    )
    console.log(`Orders on file: ${[...f.orders.values()].map((o) => `${o.role} (${o.receipt})`).join(', ') || 'none'}`)
    console.log(
      `Deadline: ${f.deadline?.deadline ?? 'none'}${f.deadline ? ` = ${formatInstant(f.deadline.deadline, f.schedule.zone)}` : ''}`,
    )
    console.log(`Awaiting: ${app.judge.awaitingText(f, { kind: 'moderator' })}`)
    if (f.paused) console.log(`PAUSED since ${f.paused.at} by ${f.paused.by}: ${f.paused.reason}`)
    const pending = d().inProgress(f) ? d().pendingDecision(f) : null
    if (pending)
      console.log(
        `Decision pending: ${pending.decisionId} (${pending.role}) "${pending.question}", default ${pending.defaultOption}, due ${pending.deadline}`,
      )
    for (const [role, list] of f.absences)
      for (const a of list) console.log(`Absence ${a.absenceId}: ${role} from ${a.from} to ${a.to}`)
    if (f.ejected.size) console.log(`Vacant roles: ${[...f.ejected].join(', ')}`)
    const plan = app.judge.plan(id, app.clock())
    if (plan.nextAt) console.log(`Next scheduled: ${new Date(plan.nextAt).toISOString()}`)
  }),
)

program
  .command('check <game> <role> <file>')
  .description('check an order file against the current state without filing it (like echeck)')
  .action((g: string, role: string, file: string) =>
    withApp((app) => {
      const f = app.judge.load(g)
      const parsed = f.ruleset.parseOrders(f.state, role, readFileSync(file, 'utf8'))
      for (const n of parsed.normalised) console.log(`ok      ${n}`)
      for (const w of parsed.warnings) console.log(`note    line ${w.line}: ${w.message}`)
      for (const e of parsed.errors)
        console.log(
          `ERROR   line ${e.line}: ${e.text ? `"${e.text}": ` : ''}${e.message}${e.suggestion ? ` (${e.suggestion})` : ''}`,
        )
      console.log(
        parsed.errors.length
          ? `${parsed.errors.length} error(s): these orders would be rejected`
          : 'these orders would be accepted',
      )
      if (parsed.errors.length) process.exitCode = 1
    }),
  )

program
  .command('adjudicate <game>')
  .description(
    'resolve the open point now, whatever the deadline (a decision put to a player is still waited for, unless --force)',
  )
  .option('--force', "don't wait for decisions: unanswered ones take their defaults (the moderator's PROCESS)")
  .option('--point <n>', 'only if this resolution point is still the open one')
  .option('--reason <text>', 'for the log')
  .action((g: string, o) =>
    withApp((app) => {
      const r = app.judge.adjudicate(g, {
        force: !!o.force,
        by: 'moderator (cli)',
        ...pointOpt(o),
        ...(o.reason ? { reason: o.reason } : {}),
      })
      if (r.committed) console.log(`${g}: ${r.label} adjudicated${r.finished ? ' — the game is over' : ''}`)
      else
        console.log(
          `${g}: ${r.label} waits for decision ${r.waiting!.decisionId} from ${r.waiting!.role} (due ${r.waiting!.deadline}); use --force to apply the defaults now`,
        )
      return d().sendOutbox(app)
    }),
  )

program
  .command('tick')
  .description(
    'one pass: read the inbox, then the outage guard, reminders, late notices, grace, pauses and due resolutions; write the outbox',
  )
  .option('--now <instant>', 'the instant of the pass (ISO 8601, e.g. 2026-03-06T18:00Z); default the clock')
  .action((o) =>
    withApp(async (app) => {
      const now = o.now ? pastTickRefused(app, instantOption('--now', o.now)) : app.clock()
      const read = await d().readInbox(app)
      const report = d().runTick(app.judge, now)
      for (const l of d().tickLines(report)) console.log(l)
      const sent = await d().sendOutbox(app)
      console.log(
        `${read.length} mail(s) read, ${report.games.filter((g) => g.committed).length} game(s) adjudicated, ${sent} mail(s) written`,
      )
      if (report.games.some((g) => g.error)) process.exitCode = 1
    }),
  )

/** A pass dated before the last recorded one would read as decades of silence at the next real pass. */
function pastTickRefused(app: App, now: Date): Date {
  const last = app.judge.lastTick()
  if (last && now.getTime() < last.getTime())
    fail(
      `--now ${now.toISOString()} is earlier than the last recorded tick ${last.toISOString()}: the judge's clock never runs backwards`,
    )
  return now
}

// ------------------------------------------------------------------ moderator controls

const when = (app: App, game: string, text: string) => parseLocal(text, app.judge.schedule(game).zone)
const pointOpt = (o: { point?: string }) =>
  o.point === undefined ? {} : { point: integerOption('--point', o.point, 1, Number.MAX_SAFE_INTEGER) }

program
  .command('pause <game>')
  .description('stop the clock: no deadline runs until resume (orders are still accepted)')
  .option('--reason <text>', 'told to the players')
  .option('--point <n>', 'only if this resolution point is still the open one')
  .action((g: string, o) =>
    withApp((app) => {
      app.judge.pause(g, { by: 'moderator (cli)', ...(o.reason ? { reason: o.reason } : {}), ...pointOpt(o) })
      console.log(`${g}: paused`)
      return d().sendOutbox(app)
    }),
  )

program
  .command('resume <game>')
  .description(
    'restart the clock: the old deadline moved by the time paused (at least 24 hours from now), or --deadline / --hours',
  )
  .option('--deadline <when>', "new deadline: YYYY-MM-DD HH:MM in the game's zone, or an ISO instant")
  .option('--hours <n>', 'new deadline this many hours from now')
  .option('--reason <text>', 'for the log')
  .action((g: string, o) =>
    withApp((app) => {
      const r = app.judge.resume(g, {
        by: 'moderator (cli)',
        ...(o.deadline ? { deadline: when(app, g, o.deadline) } : {}),
        ...(o.hours !== undefined ? { hours: hoursOption('--hours', o.hours) } : {}),
        ...(o.reason ? { reason: o.reason } : {}),
      })
      console.log(`${g}: resumed; deadline ${formatInstant(r.deadline, app.judge.schedule(g).zone)}`)
      return d().sendOutbox(app)
    }),
  )

program
  .command('extend <game> <hours>')
  .description("move the open deadline (or a pending decision's) later by this many hours")
  .option('--point <n>', 'only if this resolution point is still the open one (recommended)')
  .option('--reason <text>', 'for the log')
  .action((g: string, hours: string, o) =>
    withApp((app) => {
      const r = app.judge.extend(g, hoursOption('extend <hours>', hours, 1440), {
        by: 'moderator (cli)',
        ...pointOpt(o),
        ...(o.reason ? { reason: o.reason } : {}),
      })
      console.log(`${g}: deadline now ${formatInstant(r.deadline, app.judge.schedule(g).zone)}`)
      return d().sendOutbox(app)
    }),
  )

program
  .command('deadline <game> <when>')
  .description("set the open deadline: YYYY-MM-DD HH:MM in the game's zone, or an ISO instant")
  .option('--point <n>', 'only if this resolution point is still the open one (recommended)')
  .action((g: string, at: string, o) =>
    withApp((app) => {
      const r = app.judge.setDeadline(g, when(app, g, at), { by: 'moderator (cli)', ...pointOpt(o) })
      console.log(`${g}: deadline now ${formatInstant(r.deadline, app.judge.schedule(g).zone)}`)
      return d().sendOutbox(app)
    }),
  )

program
  .command('preview <game>')
  .description('resolve the open point in a sandbox and mail the result to the moderator only; nothing is recorded')
  .option('--print', 'print the preview instead of mailing it')
  .action((g: string, o) =>
    withApp((app) => {
      const r = app.judge.preview(g, o.print ? { to: null } : {})
      if (o.print || !r.letter) console.log(r.text)
      else console.log(`${g}: preview of ${r.label} mailed to ${r.letter.to}`)
      return d().sendOutbox(app)
    }),
  )

program
  .command('decide <game> <role> <id> <option>')
  .description("record a player's answer to a decision (as DECIDE by mail); the next tick resumes the resolution")
  .action((g: string, role: string, id: string, option: string) =>
    withApp((app) => {
      const r = app.judge.decide(g, role, id, option)
      console.log(r.ok ? r.message : `not recorded: ${r.error}`)
      if (!r.ok) process.exitCode = 1
      return d().sendOutbox(app)
    }),
  )

const schedule = program.command('schedule').description("a game's deadline rules and options")
schedule.command('show <game>').action((g: string) =>
  withApp((app) => {
    for (const l of d().describeSchedule(app.judge.schedule(g))) console.log(l)
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
    withApp((app) => {
      const input = scheduleInput(o) ?? {}
      const s = app.judge.setSchedule(g, input, { by: 'moderator (cli)', reschedule: !!o.reschedule })
      for (const l of d().describeSchedule(s)) console.log(l)
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

function scheduleInput(o: Record<string, unknown>): ScheduleInput | null {
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

program
  .command('verify [game]')
  .description("re-check a game's hash chain and re-fold it against every recorded result")
  .option('--all', 'every game')
  .action((g: string | undefined, o) =>
    withApp((app) => {
      const games = o.all ? app.judge.games() : g ? [g] : fail('name a game or use --all')
      let bad = 0
      for (const id of games) {
        const v = d().verifyGame(app.db, app.judge, id)
        if (v.ok) console.log(`${id}: OK (${v.events} events, chain intact, every result re-folds)`)
        else {
          bad++
          console.log(`${id}: FAILED`)
          for (const p of v.problems) console.log(`  ${p}`)
        }
      }
      // Every key was derived from the server secret: a swapped or lost one changes them all.
      const secret = d().checkServerSecret(app.db)
      if (secret.ok) console.log(`server secret: OK (${secret.text})`)
      else {
        bad++
        console.log(`server secret: FAILED: ${secret.text}`)
      }
      if (o.all) {
        // Streams that are not games (mail intake, operator actions) have hash chains too.
        for (const f of d()
          .verifyAll(app.db)
          .failures.filter((x) => !x.stream.startsWith('game:'))) {
          bad++
          console.log(`${f.stream}: FAILED at ${d().locate(app.db, f.stream, f.position, f.version)}: ${f.reason}`)
        }
      }
      if (bad) process.exitCode = 1
    }),
  )

program
  .command('dice')
  .description('verifiable dice')
  .command('verify <game>')
  .option('--turn <n>', 'only the resolutions of this game turn')
  .action((g: string, o) =>
    withApp((app) => {
      const r = d().verifyDice(app.judge, g, o.turn === undefined ? undefined : Number(o.turn))
      for (const l of r.lines) console.log(l)
      console.log(r.ok ? `${r.checked} roll(s) reproduced from the revealed secrets` : 'SOME ROLLS DO NOT REPRODUCE')
      if (!r.ok) process.exitCode = 1
    }),
  )

program
  .command('data')
  .description('data packs')
  .command('check [file]')
  .description("checks a data pack file against its game's schema; without a file, every game's own pack")
  .option('--ruleset <id>', 'which game the pack is for; needed with a file')
  .action((file: string | undefined, o) => {
    if (file && !o.ruleset) return fail(`name the game of ${file} with --ruleset (${d().rulesetIds().join(', ')})`)
    for (const id of o.ruleset ? [o.ruleset as string] : d().rulesetIds()) {
      const factory = d().rulesetFactory(id)
      try {
        const pack = file ? factory.loadPack(JSON.parse(readFileSync(file, 'utf8'))) : factory.defaultPack()
        console.log(`${id}: ${pack.id}: valid (sha256 ${pack.hash})`)
      } catch (e) {
        fail(`${id}: ${(e as Error).message}`)
      }
    }
  })

const player = program.command('player').description('players')
player
  .command('rekey <game> <role>')
  .description("replace a player's key (the old one stops working) and mail the new one to the player of record")
  .option('--reason <text>', 'why, for the log and the player', 'requested by the moderator')
  .action((g: string, role: string, o) =>
    withApp((app) => {
      const key = app.judge.rekey(g, role, o.reason)
      console.log(`${g} ${role}: new key ${key} (mailed to the player of record)`)
      return d().sendOutbox(app)
    }),
  )

player
  .command('replace <game> <role> <address>')
  .description('a new player takes over the role: new key mailed to the new address; the old key stops working')
  .option('--name <name>', "the new player's name")
  .option('--reason <text>', 'for the log and the players')
  .action((g: string, role: string, address: string, o) =>
    withApp((app) => {
      const { key } = app.judge.replacePlayer(g, role, address, {
        by: 'moderator (cli)',
        ...(o.name ? { name: o.name } : {}),
        ...(o.reason ? { reason: o.reason } : {}),
      })
      console.log(`${g} ${role}: now ${address}, key ${key} (mailed)`)
      return d().sendOutbox(app)
    }),
  )
player
  .command('eject <game> <role>')
  .description('remove a player: the key stops working, the role plays on standing orders until replaced')
  .option('--reason <text>', 'for the log and the player')
  .action((g: string, role: string, o) =>
    withApp((app) => {
      app.judge.eject(g, role, { by: 'moderator (cli)', ...(o.reason ? { reason: o.reason } : {}) })
      console.log(`${g} ${role}: vacant`)
      return d().sendOutbox(app)
    }),
  )
player
  .command('zone <game> <role> <zone>')
  .description("show deadlines in this player's zone too (NONE clears it)")
  .action((g: string, role: string, zone: string) =>
    withApp((app) => {
      const r = app.judge.setPlayerZone(g, role, zone)
      console.log(r.ok ? r.message : `not set: ${r.error}`)
      if (!r.ok) process.exitCode = 1
      return d().sendOutbox(app)
    }),
  )
player
  .command('absence <game> <role> <from> [to]')
  .description(
    'set an absence for a player (dates YYYY-MM-DD, inclusive; "none" cancels); the moderator is not bound by the limits',
  )
  .action((g: string, role: string, from: string, to: string | undefined, _o) =>
    withApp((app) => {
      const r = /^none$/i.test(from)
        ? app.judge.cancelAbsence(g, role, { by: 'moderator' })
        : app.judge.setAbsence(g, role, from, to ?? from, { by: 'moderator' })
      console.log(r.ok ? r.message : `not set: ${r.error}`)
      if (!r.ok) process.exitCode = 1
      return d().sendOutbox(app)
    }),
  )

program
  .command('key <game> <role>')
  .description(
    'show a player\'s current key and reply address (operator); role "moderator" gives the game\'s moderator key',
  )
  .action((g: string, role: string) =>
    withApp((app) => {
      const key = app.judge.keyFor(g, role)
      console.log(`${key}  ${app.judge.replyAddress(g, role, key)}`)
    }),
  )

registerAuditCommands(program, withApp, d)
registerSecretCommands(program, withApp, d)

program.parseAsync(process.argv).catch((e) => fail(e instanceof Error ? e.message : String(e)))
