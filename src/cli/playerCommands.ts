// Players from the command line: keys, replacements, ejections, zones and absences.
import type { Command } from 'commander'
import type { App } from './app.ts'
import type * as DepsModule from './deps.ts'
import { withOldSpelling } from './aliases.ts'
import { webSettings } from '../web/settings.ts'

type Deps = typeof DepsModule

/** What `player replace` prints; a house seat is mailed nothing, so no key is shown for it. */
function replacedLine(game: string, role: string, address: string, key: string): string {
  return address.startsWith('house:')
    ? `${game} ${role}: now played by the house (${address.slice('house:'.length)})`
    : `${game} ${role}: now ${address}, key ${key} (mailed)`
}

export function registerPlayerCommands(
  program: Command,
  withApp: (fn: (app: App) => unknown) => Promise<void>,
  d: () => Deps,
): void {
  const player = program
    .command('player')
    .description("a game's players: keys, replacements, ejections, zones and absences")
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
    .description(
      'a new player takes over the role: new key mailed to the new address; the old key stops working (house:cautious or house:standard seats the judge itself)',
    )
    .option('--name <name>', "the new player's name")
    .option('--reason <text>', 'for the log and the players')
    .action((g: string, role: string, address: string, o) =>
      withApp((app) => {
        const { key } = app.judge.replacePlayer(g, role, address, {
          by: 'moderator (cli)',
          ...(o.name ? { name: o.name } : {}),
          ...(o.reason ? { reason: o.reason } : {}),
        })
        console.log(replacedLine(g, role, address, key))
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

  registerViewTokens(player, withApp)

  withOldSpelling(player, program, (parent, opts) =>
    parent
      .command('key <game> <role>', opts)
      .description(
        'show a player\'s current key and reply address (operator); role "moderator" gives the game\'s moderator key',
      )
      .action((g: string, role: string) =>
        withApp((app) => {
          const key = app.judge.keyFor(g, role)
          console.log(`${key}  ${app.judge.replyAddress(g, role, key)}`)
        }),
      ),
  )
}

/** `player view` and `player revoke-view`: the readers' tokens for the game pages (src/web). */
function registerViewTokens(player: Command, withApp: (fn: (app: App) => unknown) => Promise<void>): void {
  player
    .command('view <game> [reader]')
    .description(
      "a reader's token for the game pages: a role, moderator or observers (every player's when none is named); the working one, or a new one with --new",
    )
    .option('--new', 'issue a new token: the old one stops working')
    .action((g: string, reader: string | undefined, o) =>
      withApp(async (app) => {
        // Loaded here: the command tree is read (`pbem --help`, the docs' check) without the engine.
        const { pageLink } = await import('../engine/viewTokens.ts')
        const fold = app.judge.load(g)
        const readers = reader
          ? [reader]
          : [...fold.players.values()].filter((p) => !p.address.startsWith('house:')).map((p) => p.role)
        const { base } = webSettings()
        for (const r of readers) {
          const t = app.judge.issueViewToken(g, r, { renew: o.new === true, by: 'moderator (cli)' })
          const link = base ? `  ${pageLink(base, g, t.token)}` : ''
          console.log(`${g} ${r}: page token ${t.token}${t.issued ? ` (new, generation ${t.generation})` : ''}${link}`)
        }
        if (reader === 'observers' && !fold.observers)
          console.log(`The observers' page is off: pbem game set ${g} observers on opens it.`)
      }),
    )
  player
    .command('revoke-view <game> <reader>')
    .description("stop a reader's page token (a role, moderator or observers); pbem player view gives him a new one")
    .option('--reason <text>', 'for the log', 'revoked by the moderator')
    .action((g: string, reader: string, o) =>
      withApp((app) => {
        const done = app.judge.revokeViewToken(g, reader, { reason: o.reason, by: 'moderator (cli)' })
        console.log(done ? `${g} ${reader}: page token revoked` : `${g} ${reader}: had no working page token`)
      }),
    )
}
