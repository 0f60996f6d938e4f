// The `pbem` command: the judge's operator and moderator tasks.
import { Command } from 'commander'
import { readFileSync } from 'node:fs'
import { adjudicateDue, openApp, readInbox, sendOutbox, type App } from './app.ts'
import { locate, verifyDice, verifyGame } from '../engine/audit.ts'
import { verifyAll } from '../log/verify.ts'
import { rulesetFactory, rulesetIds } from '../engine/registry.ts'
import { runDemo } from './demo.ts'
import { serve } from './serve.ts'
import { registerAuditCommands } from './audit.ts'

const program = new Command()
program.name('pbem').description('acw-pbem: a play-by-email judge for American Civil War naval wargames').option('-d, --data <dir>', 'data directory (default $PBEM_DATA_DIR or ./data)')

function withApp(fn: (app: App) => unknown): Promise<void> {
  const app = openApp(program.opts().data ? { dataDir: program.opts().data } : {})
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
    const app = openApp(program.opts().data ? { dataDir: program.opts().data } : {})
    await serve(app, { intervalMs: Number(o.interval), demoGame: o.demoGame })
  })

program
  .command('demo')
  .description('play the four turns of Sea Devils "Weak Beginning" from the sample order mails')
  .option('--dir <dir>', 'where to put the demo database, inbox and outbox', 'data/demo')
  .action(async (o) => {
    const result = await runDemo({ dir: o.dir, log: (l) => console.log(l) })
    console.log(`Final: Confederate ${result.vp.csa} VP, Federal ${result.vp.usa} VP, difference ${result.difference}: ${result.level}`)
    console.log(`Reports and acknowledgements: ${result.outbox}`)
  })

const game = program.command('game').description('create and inspect games')
game
  .command('create <id>')
  .description('create a game; prints each player key (also mailed in every report)')
  .requiredOption('--ruleset <id>', `one of: ${rulesetIds().join(', ')}`)
  .requiredOption('--scenario <id>', 'scenario id')
  .option('--player <role=address[:name]...>', 'a player for a role (repeat for each role)', (v: string, all: string[]) => [...all, v], [])
  .option('--data-pack <file>', "play with a moderator's own data pack (JSON) instead of the embedded one")
  .option('--zone <iana>', 'time zone deadlines are shown in', 'UTC')
  .option('--deadline-hours <n>', 'hours from the opening of each point to its deadline', '72')
  .option('--no-early', 'wait for the deadline even when every order is in')
  .action((id: string, o) =>
    withApp((app) => {
      const players = (o.player as string[]).map((p) => {
        const m = /^([a-z]+)=([^:]+@[^:]+)(?::(.+))?$/.exec(p)
        if (!m) fail(`--player takes role=address[:name], not "${p}"`)
        return { role: m[1]!, address: m[2]!, name: m[3] ?? m[1]! }
      })
      const pack = o.dataPack ? JSON.parse(readFileSync(o.dataPack, 'utf8')) : undefined
      const { keys } = app.judge.createGame({ game: id, ruleset: o.ruleset, scenario: o.scenario, players, pack, zone: o.zone, deadlineHours: Number(o.deadlineHours), options: { early: o.early }, createdBy: 'cli' })
      console.log(`Game ${id} created.`)
      for (const [role, key] of Object.entries(keys)) console.log(`  ${role}: key ${key}, reply address ${app.judge.replyAddress(id, role, key)}`)
      return sendOutbox(app)
    }),
  )
game.command('list').action(() =>
  withApp((app) => {
    for (const g of app.judge.games()) {
      const f = app.judge.load(g)
      console.log(`${g}  ${f.created.ruleset}/${f.created.scenario}  resolution ${f.point}  ${f.finished ? 'finished' : `awaiting: ${app.judge.awaitingText(f)}`}`)
    }
  }),
)
game.command('status <id>').action((id: string) =>
  withApp((app) => {
    const f = app.judge.load(id)
    console.log(app.judge.templates.render(f.created.ruleset, 'status.txt', app.judge.reportModel(f, { kind: 'moderator' }, null)))
    console.log(`Orders on file: ${[...f.orders.values()].map((o) => `${o.role} (${o.receipt})`).join(', ') || 'none'}`)
    console.log(`Deadline: ${f.deadline?.deadline ?? 'none'}`)
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
      for (const e of parsed.errors) console.log(`ERROR   line ${e.line}: ${e.text ? `"${e.text}": ` : ''}${e.message}${e.suggestion ? ` (${e.suggestion})` : ''}`)
      console.log(parsed.errors.length ? `${parsed.errors.length} error(s): these orders would be rejected` : 'these orders would be accepted')
      if (parsed.errors.length) process.exitCode = 1
    }),
  )

program
  .command('adjudicate <game>')
  .description('resolve the open point now, whatever the deadline')
  .action((g: string) =>
    withApp((app) => {
      const r = app.judge.adjudicate(g)
      console.log(`${g}: ${r.label} adjudicated${r.finished ? ' — the game is over' : ''}`)
      return sendOutbox(app)
    }),
  )

program
  .command('tick')
  .description('one pass: read the inbox, adjudicate due games, write the outbox')
  .action(() =>
    withApp(async (app) => {
      const read = await readInbox(app)
      const done = adjudicateDue(app, console.log)
      const sent = await sendOutbox(app)
      console.log(`${read.length} mail(s) read, ${done.length} game(s) adjudicated, ${sent} mail(s) written`)
    }),
  )

program
  .command('verify [game]')
  .description("re-check a game's hash chain and re-fold it against every recorded result")
  .option('--all', 'every game')
  .action((g: string | undefined, o) =>
    withApp((app) => {
      const games = o.all ? app.judge.games() : g ? [g] : fail('name a game or use --all')
      let bad = 0
      for (const id of games) {
        const v = verifyGame(app.db, app.judge, id)
        if (v.ok) console.log(`${id}: OK (${v.events} events, chain intact, every result re-folds)`)
        else {
          bad++
          console.log(`${id}: FAILED`)
          for (const p of v.problems) console.log(`  ${p}`)
        }
      }
      if (o.all) {
        // Streams that are not games (mail intake, operator actions) have hash chains too.
        for (const f of verifyAll(app.db).failures.filter((x) => !x.stream.startsWith('game:'))) {
          bad++
          console.log(`${f.stream}: FAILED at ${locate(app.db, f.stream, f.position, f.version)}: ${f.reason}`)
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
      const r = verifyDice(app.judge, g, o.turn === undefined ? undefined : Number(o.turn))
      for (const l of r.lines) console.log(l)
      console.log(r.ok ? `${r.checked} roll(s) reproduced from the revealed secrets` : 'SOME ROLLS DO NOT REPRODUCE')
      if (!r.ok) process.exitCode = 1
    }),
  )

program
  .command('data')
  .description('data packs')
  .command('check [file]')
  .option('--ruleset <id>', 'which game the pack is for', 'sea-devils')
  .action((file: string | undefined, o) => {
    const factory = rulesetFactory(o.ruleset)
    try {
      const pack = file ? factory.loadPack(JSON.parse(readFileSync(file, 'utf8'))) : factory.defaultPack()
      console.log(`${pack.id}: valid (sha256 ${pack.hash})`)
    } catch (e) {
      fail((e as Error).message)
    }
  })

program
  .command('player')
  .description('players')
  .command('rekey <game> <role>')
  .description("replace a player's key (the old one stops working) and mail the new one to the player of record")
  .option('--reason <text>', 'why, for the log and the player', 'requested by the moderator')
  .action((g: string, role: string, o) =>
    withApp((app) => {
      const key = app.judge.rekey(g, role, o.reason)
      console.log(`${g} ${role}: new key ${key} (mailed to the player of record)`)
      return sendOutbox(app)
    }),
  )

program
  .command('key <game> <role>')
  .description("show a player's current key and reply address (operator)")
  .action((g: string, role: string) =>
    withApp((app) => {
      const key = app.judge.keyFor(g, role)
      console.log(`${key}  ${app.judge.replyAddress(g, role, key)}`)
    }),
  )

registerAuditCommands(program, withApp)

program.parseAsync(process.argv).catch((e) => fail(e instanceof Error ? e.message : String(e)))
