// `pbem history`, `pbem receipt`, `pbem export`: the audit views, from the log alone.
import type { Command } from 'commander'
import type { App } from './app.ts'
import { exportGame, history, parseViewer, receiptStory } from '../reports/archive.ts'

export function registerAuditCommands(program: Command, withApp: (fn: (app: App) => unknown) => Promise<void>): void {
  program
    .command('history <game>')
    .description('what a reader was (or would have been) shown at each resolution, re-rendered from the log')
    .requiredOption('--as <reader>', 'a role, observer or moderator')
    .option('--turn <n>', 'only the resolutions of this game turn')
    .action((game: string, o) =>
      withApp((app) => {
        const pages = history(app.judge, game, parseViewer(o.as), o.turn === undefined ? undefined : Number(o.turn))
        if (!pages.length) console.log('nothing resolved yet')
        for (const p of pages) console.log(`${'='.repeat(72)}\nResolution ${p.point} (GT${p.turn}): ${p.label}\n${'='.repeat(72)}\n${p.text}`)
      }),
    )

  program
    .command('receipt <id>')
    .description('the story of one order message: hash, commands, arrival, what replaced it, which resolution used it')
    .action((id: string) =>
      withApp((app) => {
        const r = receiptStory(app.judge, app.store, id)
        if (!r) {
          console.error(`no receipt ${id}`)
          process.exitCode = 1
          return
        }
        console.log(`Receipt ${r.receipt} (game ${r.game}, ${r.role ?? 'unknown role'}): ${r.accepted ? 'ACCEPTED' : 'REJECTED'}`)
        console.log(`  arrived ${r.arrived} at log position ${r.position}${r.from ? ` from ${r.from}` : ''}${r.messageId ? `, Message-ID <${r.messageId}>` : ''}`)
        console.log(`  order text sha256 ${r.textHash}${r.rawHash ? `; raw message sha256 ${r.rawHash}` : ''}`)
        for (const c of r.commands) console.log(`  ${c}`)
        for (const e of r.errors) console.log(`  error line ${e.line}: ${e.message}`)
        console.log(`  replaced by: ${r.replacedBy ?? 'nothing'}`)
        console.log(`  used by: ${r.usedBy ? `resolution ${r.usedBy.point} (${r.usedBy.label})` : r.accepted && !r.replacedBy ? 'not yet (on file)' : 'none'}`)
      }),
    )

  program
    .command('export <game>')
    .description('write the game as JSON and as a static HTML archive (full for the moderator, redacted for a role)')
    .option('--as <reader>', 'a role, observer or moderator', 'moderator')
    .option('--out <dir>', 'where to write', 'export')
    .action((game: string, o) =>
      withApp((app) => {
        const r = exportGame(app.judge, app.store, game, parseViewer(o.as), o.out)
        console.log(`${r.json}\n${r.html} (${r.pages} pages)`)
      }),
    )
}
