// Players from the command line: keys, replacements, ejections, zones and absences. What writes,
// writes in one batch on the judge's async handle (playerActions.ts).
import type { Command } from 'commander'
import type { App } from './app.ts'
import type * as DepsModule from './deps.ts'
import { withOldSpelling } from './aliases.ts'
import { say } from './moderatorCommands.ts'

type Deps = typeof DepsModule

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
      withApp(async (app) => {
        say(await d().rekeyPlayer(app, g, role, o.reason))
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
      withApp(async (app) => {
        say(await d().replacePlayer(app, g, role, address, o))
        return d().sendOutbox(app)
      }),
    )
  player
    .command('eject <game> <role>')
    .description('remove a player: the key stops working, the role plays on standing orders until replaced')
    .option('--reason <text>', 'for the log and the player')
    .action((g: string, role: string, o) =>
      withApp(async (app) => {
        say(await d().ejectPlayer(app, g, role, o))
        return d().sendOutbox(app)
      }),
    )
  player
    .command('zone <game> <role> <zone>')
    .description("show deadlines in this player's zone too (NONE clears it)")
    .action((g: string, role: string, zone: string) =>
      withApp(async (app) => {
        say(await d().setZone(app, g, role, zone))
        return d().sendOutbox(app)
      }),
    )
  player
    .command('absence <game> <role> <from> [to]')
    .description(
      'set an absence for a player (dates YYYY-MM-DD, inclusive; "none" cancels); the moderator is not bound by the limits',
    )
    .action((g: string, role: string, from: string, to: string | undefined, _o) =>
      withApp(async (app) => {
        say(await d().setPlayerAbsence(app, g, role, from, to))
        return d().sendOutbox(app)
      }),
    )

  registerViewTokens(player, withApp, d)

  withOldSpelling(player, program, (parent, opts) =>
    parent
      .command('key <game> <role>', opts)
      .description(
        'show a player\'s current key and reply address (operator); role "moderator" gives the game\'s moderator key',
      )
      .action((g: string, role: string) =>
        withApp(async (app) => {
          // Read on the async handle, the key made from the server secret read there too.
          const ahead = { games: [g], serverSecret: true }
          const line = await d().onReadingJudge(app.judge, app.jobsDb, ahead, (judge) => {
            const key = judge.keyFor(g, role)
            return `${key}  ${judge.replyAddress(g, role, key)}`
          })
          console.log(line)
        }),
      ),
  )
}

/** `player view` and `player revoke-view`: the readers' tokens for the game pages (src/web). */
function registerViewTokens(
  player: Command,
  withApp: (fn: (app: App) => unknown) => Promise<void>,
  d: () => Deps,
): void {
  player
    .command('view <game> [reader]')
    .description(
      "a reader's token for the game pages: a role, moderator or observers (every player's when none is named); the working one, or a new one with --new",
    )
    .option('--new', 'issue a new token: the old one stops working')
    .action((g: string, reader: string | undefined, o) =>
      withApp(async (app) => say(await d().viewTokens(app, g, reader, o))),
    )
  player
    .command('revoke-view <game> <reader>')
    .description("stop a reader's page token (a role, moderator or observers); pbem player view gives him a new one")
    .option('--reason <text>', 'for the log', 'revoked by the moderator')
    .action((g: string, reader: string, o) =>
      withApp(async (app) => say(await d().revokeView(app, g, reader, o.reason))),
    )
}
