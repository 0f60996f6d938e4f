// `pbem game history`, `pbem mail receipt`, `pbem game export`: the audit views, from the log alone.
import { type Command, Option } from 'commander'
import type { App } from './app.ts'
import type { Judge } from '../engine/judge.ts'
import type { Viewer } from '../games/contract.ts'
import type * as DepsModule from './deps.ts'
import { withOldSpelling } from './aliases.ts'
import { say } from './moderatorCommands.ts'
import { resolutionPick } from './options.ts'

type Deps = typeof DepsModule

/** The mail records as read, one event each. */
type MailRecords = Awaited<ReturnType<Deps['streamAhead']>>

type WithApp = (fn: (app: App) => unknown) => Promise<void>

export function registerAuditCommands(program: Command, game: Command, withApp: WithApp, d: () => Deps): void {
  const mail = program
    .command('mail')
    .description('mail records: what came in and went out, the story of one order mail')
  registerHistory(program, game, withApp, d)
  registerReceipt(program, mail, withApp, d)
  registerMailLog(mail, withApp, d)
  registerReadjudicate(program, game, withApp, d)
  registerExport(program, game, withApp, d)
}

function registerHistory(program: Command, game: Command, withApp: WithApp, d: () => Deps): void {
  withOldSpelling(game, program, (parent, opts) =>
    parent
      .command('history <game>', opts)
      .description(
        'what a reader was (or would have been) shown at each resolution, re-rendered from the log; each under its resolution number',
      )
      .requiredOption('--as <reader>', 'a role, observer or moderator')
      .option(
        '--resolution <n>',
        'only resolution n, numbered as REPORT n and VERIFY n number them (and as receipts and the headings below do)',
      )
      .option('--game-turn <n>', "only the resolutions of this game turn (the game's own turn count)")
      .addOption(new Option('--turn <n>', 'the old spelling of --game-turn').hideHelp())
      .action((game: string, o) =>
        withApp(async (app) => {
          const pick = resolutionPick(o)
          const viewer = d().parseViewer(o.as)
          // A reader's copy is scrubbed of the keys, which are made from the server secret.
          const ahead = { games: [game], serverSecret: viewer.kind !== 'moderator' }
          const lines = await d().onReadingJudge(app.judge, app.jobsDb, ahead, (judge) =>
            historyLines(judge, game, viewer, pick, d),
          )
          for (const line of lines) console.log(line)
        }),
      ),
  )
}

/** What `game history` prints, read from `judge`. */
export function historyLines(
  judge: Judge,
  game: string,
  viewer: Viewer,
  pick: ReturnType<typeof resolutionPick>,
  d: () => Deps,
): string[] {
  const pages = d().history(judge, game, viewer, pick)
  const out: string[] = []
  if (!pages.length) out.push(Object.keys(pick).length ? 'no resolution matches' : 'nothing resolved yet')
  const { ruleset } = judge.load(game)
  for (const p of pages)
    out.push(
      `${'='.repeat(72)}\nResolution ${p.point} (${ruleset.turnLabel(p.turn)}): ${p.label}\n${'='.repeat(72)}\n${p.text}`,
    )
  return out
}

function registerReceipt(program: Command, mail: Command, withApp: WithApp, d: () => Deps): void {
  withOldSpelling(mail, program, (parent, opts) =>
    parent
      .command('receipt <id>', opts)
      .description(
        'the story of one order message: hash, commands, arrival, what replaced it, which resolution used it',
      )
      .action((id: string) =>
        withApp(async (app) => {
          const ahead = { games: [id.split('/')[0]!], streams: ['system:mail'] }
          const r = await d().onReadingJudge(app.judge, app.jobsDb, ahead, (judge) => d().receiptStory(judge, id))
          if (!r) {
            console.error(`no receipt ${id}`)
            process.exitCode = 1
            return
          }
          console.log(
            `Receipt ${r.receipt} (game ${r.game}, ${r.role ?? 'unknown role'}): ${r.accepted ? 'ACCEPTED' : 'REJECTED'}`,
          )
          console.log(
            `  arrived ${r.arrived} at log position ${r.position}${r.from ? ` from ${r.from}` : ''}${r.messageId ? `, Message-ID <${r.messageId}>` : ''}`,
          )
          console.log(`  order text sha256 ${r.textHash}${r.rawHash ? `; raw message sha256 ${r.rawHash}` : ''}`)
          for (const c of r.commands) console.log(`  ${c}`)
          for (const e of r.errors) console.log(`  error line ${e.line}: ${e.message}`)
          console.log(`  replaced by: ${r.replacedBy ?? 'nothing'}`)
          console.log(
            `  used by: ${r.usedBy ? `resolution ${r.usedBy.point} (${r.usedBy.label})` : r.accepted && !r.replacedBy ? 'not yet (on file)' : 'none'}`,
          )
        }),
      ),
  )
}

function registerMailLog(mail: Command, withApp: WithApp, d: () => Deps): void {
  mail
    .command('log')
    .description(
      'every message the judge received (outcome, authentication results, receipt) and every delivery failure',
    )
    .option('--game <id>', 'only this game')
    .option('--limit <n>', 'the last n records', '50')
    .action((o) =>
      withApp(async (app) => {
        const records = await d().streamAhead(app.judge, app.jobsDb, 'system:mail')
        for (const line of mailLogLines(records, o.game, Number(o.limit))) console.log(line)
      }),
    )
}

/** What `mail log` prints of the mail records: the last `limit`, of `game` if given. */
export function mailLogLines(records: MailRecords, game: string | undefined, limit: number): string[] {
  return records
    .filter((e) => !game || e.data.game === game)
    .slice(-limit)
    .map((e) => {
      const d = e.data
      return e.type === 'DeliveryFailed'
        ? `${e.recordedAt}  DELIVERY FAILED to ${d.recipient}: ${d.action} ${d.status ?? ''} ${d.diagnostic ?? ''}`
        : `${e.recordedAt}  ${d.outcome.padEnd(17)} ${d.from}  "${d.subject}"${d.game ? `  ${d.game}/${d.role ?? '?'}` : ''}${d.receipt ? `  receipt ${d.receipt}` : ''}${d.auth ? `  [${d.auth.summary}]` : ''}  ${d.detail ?? ''}`
    })
}

function registerReadjudicate(program: Command, game: Command, withApp: WithApp, d: () => Deps): void {
  withOldSpelling(game, program, (parent, opts) =>
    parent
      .command('readjudicate <game>', opts)
      .description(
        "re-resolve from a turn (today's rules, a corrected data pack, amended orders): a preview mailed to the moderator, or --commit",
      )
      .option('--from-turn <n>', 'the first game turn to re-resolve')
      .option('--from-point <p>', 'the first resolution point to re-resolve')
      .requiredOption('--reason <text>', 'why (logged, and told to every player)')
      .option('--data-pack <file>', 'a corrected data pack, in force from that point on')
      .option(
        '--amend <point:role=file...>',
        'orders to use instead of the recorded ones',
        (v: string, all: string[]) => [...all, v],
        [],
      )
      .option('--commit', 'record it and send every player a correction notice (default: preview only)')
      .action((game: string, o) =>
        withApp(async (app) => {
          // Its writes in one batch on the async handle, the checks around it read there too.
          say(await d().readjudicateGame(app, game, o))
          await d().sendOutbox(app)
        }),
      ),
  )
}

function registerExport(program: Command, game: Command, withApp: WithApp, d: () => Deps): void {
  withOldSpelling(game, program, (parent, opts) =>
    parent
      .command('export <game>', opts)
      .description('write the game as JSON and as a static HTML archive (full for the moderator, redacted for a role)')
      .option('--as <reader>', 'a role, observer or moderator', 'moderator')
      .option('--out <dir>', 'where to write', 'export')
      .option('--html <dir>', "write instead the reader's game pages, as the judge serves them, as static files here")
      .action((game: string, o) =>
        withApp(async (app) => {
          const viewer = d().parseViewer(o.as)
          const writeSite = o.html ? (await import('../web/staticSite.ts')).writeSite : null
          // A reader's copy is scrubbed of the keys, which are made from the server secret; the
          // pages are, the moderator's too.
          const ahead = { games: [game], serverSecret: viewer.kind !== 'moderator' || Boolean(o.html) }
          console.log(
            await d().onReadingJudge(app.judge, app.jobsDb, ahead, (judge) => {
              if (writeSite) {
                const site = writeSite(judge, game, viewer, o.html)
                return `${site.index} (${site.files} files)`
              }
              const r = d().exportGame(judge, game, viewer, o.out)
              return `${r.json}\n${r.html} (${r.pages} pages)`
            }),
          )
        }),
      ),
  )
}
