// Moderator controls of a game (`pbem game pause` ...): the clock (pause, resume, extend, deadline),
// a preview, and a decision recorded for a player. Each writes in one batch on the judge's async
// handle (moderatorActions.ts).
import type { Command } from 'commander'
import type { App } from './app.ts'
import type * as DepsModule from './deps.ts'
import { withOldSpelling } from './aliases.ts'
import type { Outcome } from './moderatorActions.ts'

type Deps = typeof DepsModule

/** A command's lines printed, and exit code 1 when it failed. */
export function say(r: Outcome): void {
  for (const line of r.lines) console.log(line)
  if (r.failed) process.exitCode = 1
}

export function registerModeratorCommands(
  program: Command,
  game: Command,
  withApp: (fn: (app: App) => unknown) => Promise<void>,
  d: () => Deps,
): void {
  withOldSpelling(game, program, (parent, opts) =>
    parent
      .command('pause <game>', opts)
      .description('stop the clock: no deadline runs until resume (orders are still accepted)')
      .option('--reason <text>', 'told to the players')
      .option('--point <n>', 'only if this resolution point is still the open one')
      .action((g: string, o) =>
        withApp(async (app) => {
          say(await d().pauseGame(app, g, o))
          return d().sendOutbox(app)
        }),
      ),
  )

  withOldSpelling(game, program, (parent, opts) =>
    parent
      .command('resume <game>', opts)
      .description(
        'restart the clock: the old deadline moved by the time paused (at least 24 hours from now), or --deadline / --hours',
      )
      .option('--deadline <when>', "new deadline: YYYY-MM-DD HH:MM in the game's zone, or an ISO instant")
      .option('--hours <n>', 'new deadline this many hours from now')
      .option('--reason <text>', 'for the log')
      .action((g: string, o) =>
        withApp(async (app) => {
          say(await d().resumeGame(app, g, o))
          return d().sendOutbox(app)
        }),
      ),
  )

  withOldSpelling(game, program, (parent, opts) =>
    parent
      .command('extend <game> <hours>', opts)
      .description("move the open deadline (or a pending decision's) later by this many hours")
      .option('--point <n>', 'only if this resolution point is still the open one (recommended)')
      .option('--reason <text>', 'for the log')
      .action((g: string, hours: string, o) =>
        withApp(async (app) => {
          say(await d().extendGame(app, g, hours, o))
          return d().sendOutbox(app)
        }),
      ),
  )

  withOldSpelling(game, program, (parent, opts) =>
    parent
      .command('deadline <game> <when>', opts)
      .description("set the open deadline: YYYY-MM-DD HH:MM in the game's zone, or an ISO instant")
      .option('--point <n>', 'only if this resolution point is still the open one (recommended)')
      .action((g: string, at: string, o) =>
        withApp(async (app) => {
          say(await d().setGameDeadline(app, g, at, o))
          return d().sendOutbox(app)
        }),
      ),
  )

  registerPreviewAndDecide(program, game, withApp, d)
}

function registerPreviewAndDecide(
  program: Command,
  game: Command,
  withApp: (fn: (app: App) => unknown) => Promise<void>,
  d: () => Deps,
): void {
  withOldSpelling(game, program, (parent, opts) =>
    parent
      .command('preview <game>', opts)
      .description('resolve the open point in a sandbox and mail the result to the moderator only; nothing is recorded')
      .option('--print', 'print the preview instead of mailing it')
      .action((g: string, o) =>
        withApp(async (app) => {
          say(await d().previewGame(app, g, o))
          return d().sendOutbox(app)
        }),
      ),
  )

  withOldSpelling(game, program, (parent, opts) =>
    parent
      .command('decide <game> <role> <id> <option>', opts)
      .description("record a player's answer to a decision (as DECIDE by mail); the next tick resumes the resolution")
      .action((g: string, role: string, id: string, option: string) =>
        withApp(async (app) => {
          say(await d().decideFor(app, g, role, id, option))
          return d().sendOutbox(app)
        }),
      ),
  )
}
