// The `pbem` command: the judge's operator and moderator tasks.
import { Command, Option } from 'commander'
import type { App } from './app.ts'
import { readFileSync } from 'node:fs'
import { registerAuditCommands } from './audit.ts'
import { registerMailCheck } from './mailCheck.ts'
import { registerDbCommands } from './db.ts'
import { registerGameCommands } from './gameCommands.ts'
import { registerModeratorCommands } from './moderatorCommands.ts'
import { registerPlayerCommands } from './playerCommands.ts'
import { registerScheduleCommands } from './scheduleCommands.ts'
import { registerSecretCommands } from './secret.ts'
import { withOldSpelling } from './aliases.ts'
import { fail, instantOption, integerOption, resolutionPick } from './options.ts'
import { quietOnClosedPipe } from './pipe.ts'

quietOnClosedPipe(process.stdout)
quietOnClosedPipe(process.stderr)

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

async function withApp(fn: (app: App) => unknown): Promise<void> {
  const app = await d().openAppAsync(program.opts().data ? { dataDir: program.opts().data } : {})
  return Promise.resolve(fn(app))
    .then(() => undefined)
    .finally(() => app.close())
}

program
  .command('serve')
  .description('run the judge on its embedded defaults: drop folder in, outbox folder out, deadline ticks')
  .option('--interval <ms>', 'how often to look at the inbox and the deadlines', '1000')
  .option('--no-demo-game', 'do not create a demo game when there is none')
  .action(async (o) => {
    const { openServing, serve } = await import('./serve.ts')
    const app = await openServing(() => d().openAppAsync(program.opts().data ? { dataDir: program.opts().data } : {}))
    await serve(app, {
      intervalMs: integerOption('--interval', o.interval, 50, 3_600_000),
      demoGame: o.demoGame,
    })
  })

program
  .command('demo')
  .description(
    "play a game's demo from its sample order mails, through the real intake, judge and outbox; prints where every mail went",
  )
  .option('--game <id>', 'whose demo: pbem games lists the games (default: the first one)')
  .option('--dir <dir>', 'where to put the demo database, inbox and outbox (default: demo/ in the data directory)')
  .action(async (o) => {
    // The demo starts afresh in a folder of its own inside the data directory (--data or
    // PBEM_DATA_DIR, like every command), never in the data directory itself, which it would wipe.
    const dir = o.dir ?? d().join(d().resolve(program.opts().data ?? d().defaultDataDir()), 'demo')
    const { runDemo } = await import('./demo.ts')
    const result = await runDemo({ dir, ...(o.game ? { game: o.game } : {}), log: (l) => console.log(l) })
    if (result.outcome) {
      const scores = Object.entries(result.outcome.scores ?? {}).map(([role, n]) => `${role} ${n}`)
      console.log(`Final: ${result.outcome.summary}${scores.length ? `; ${scores.join(', ')}` : ''}`)
    } else console.log(`Stopped: ${result.stopped}`)
    console.log(`Reports and acknowledgements: ${result.outbox}`)
    console.log(`Order mails read: ${d().join(result.dataDir, 'inbox', 'processed')}`)
    console.log(`The demo's judge (pbem --data ${result.dataDir} game status ${result.game}): ${result.dataDir}`)
  })

program
  .command('games')
  .description('the games this judge runs: for each its roles, scenarios, options and a game create line to copy')
  .action(() => {
    for (const l of d().catalogueLines()) console.log(l)
  })

const game = registerGameCommands(program, withApp, d)

program
  .command('tick')
  .description(
    'one pass: read the inbox, then the outage guard, reminders, late notices, grace, pauses and due resolutions; write the outbox',
  )
  .option('--now <instant>', 'the instant of the pass (ISO 8601, e.g. 2026-03-06T18:00Z); default the clock')
  .action((o) =>
    withApp(async (app) => {
      const { tickCommand } = await import('./tickCommand.ts')
      const given = o.now ? instantOption('--now', o.now) : null
      if (await tickCommand(app, given, (l) => console.log(l))) process.exitCode = 1
    }),
  )

program
  .command('outbox')
  .description('the outgoing mail queue')
  .command('prune')
  .description('drop the bodies of mail sent more than --days ago (the rows stay; the log can render reports again)')
  .requiredOption('--days <n>', 'retention in days')
  .action((o) =>
    withApp(async (app) => {
      const days = Number(o.days)
      if (!Number.isFinite(days) || days < 0) fail('--days must be a number of days, 0 or more')
      const { pruneSentMailAsync } = await import('../mail/retention.ts')
      const r = await pruneSentMailAsync(app.jobsDb, new Date(app.clock().getTime() - days * 86_400_000))
      console.log(`${r.mails} sent mail(s) pruned, ${r.parts} attachment part(s) removed`)
    }),
  )

withOldSpelling(game, program, (parent, opts) =>
  parent
    .command('verify [game]', opts)
    .description("re-check a game's hash chain and re-fold it against every recorded result")
    .option('--all', 'every game')
    .action((g: string | undefined, o) => {
      // A missing database or an unknown game is said as such, never reported like a broken log.
      const data = d().resolve(program.opts().data ?? d().defaultDataDir())
      if (!process.env.PBEM_DATABASE_URL && !d().existsSync(d().join(data, 'judge.sqlite')))
        fail(`no judge database in ${data} (judge.sqlite is missing): give --data or PBEM_DATA_DIR`)
      return withApp(async (app) => {
        const { verifyCommand } = await import('./verifyCommand.ts')
        if (await verifyCommand(app, { game: g, all: o.all }, data, d, (l) => console.log(l))) process.exitCode = 1
      })
    }),
)

program
  .command('dice')
  .description('verifiable dice')
  .command('verify <game>')
  .description('re-roll every die of a game from the secrets revealed so far and compare with the recorded rolls')
  .option('--resolution <n>', 'only resolution n, numbered as REPORT n and VERIFY n number them')
  .option('--game-turn <n>', "only the resolutions of this game turn (the game's own turn count)")
  .addOption(new Option('--turn <n>', 'the old spelling of --game-turn').hideHelp())
  .action((g: string, o) =>
    withApp(async (app) => {
      const here = await d().gamesAhead(app.judge, app.jobsDb)
      if (!here.includes(g)) fail(`no game "${g}" on this judge (games here: ${here.join(', ') || 'none'})`)
      const r = await d().onReadingJudge(app.judge, app.jobsDb, { games: [g] }, (judge) =>
        d().verifyDice(judge, g, resolutionPick(o)),
      )
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

registerModeratorCommands(program, game, withApp, d)
registerScheduleCommands(program, withApp, d)
registerPlayerCommands(program, withApp, d)
registerAuditCommands(program, game, withApp, d)
registerMailCheck(program.commands.find((c) => c.name() === 'mail')!)
registerSecretCommands(program, withApp, d)
registerDbCommands(program)

program.parseAsync(process.argv).catch((e) => fail(e instanceof Error ? e.message : String(e)))
