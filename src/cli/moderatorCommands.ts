// Moderator controls of a game (`pbem game pause` ...): the clock (pause, resume, extend, deadline),
// a preview, and a decision recorded for a player.
import type { Command } from 'commander'
import type { App } from './app.ts'
import type * as DepsModule from './deps.ts'
import { formatInstant, parseLocal } from '../engine/clock/calendar.ts'
import { withOldSpelling } from './aliases.ts'
import { hoursOption, pointOpt } from './options.ts'

type Deps = typeof DepsModule

export function registerModeratorCommands(
  program: Command,
  game: Command,
  withApp: (fn: (app: App) => unknown) => Promise<void>,
  d: () => Deps,
): void {
  const when = (app: App, id: string, text: string) => parseLocal(text, app.judge.schedule(id).zone)
  withOldSpelling(game, program, (parent, opts) =>
    parent
      .command('pause <game>', opts)
      .description('stop the clock: no deadline runs until resume (orders are still accepted)')
      .option('--reason <text>', 'told to the players')
      .option('--point <n>', 'only if this resolution point is still the open one')
      .action((g: string, o) =>
        withApp((app) => {
          app.judge.pause(g, { by: 'moderator (cli)', ...(o.reason ? { reason: o.reason } : {}), ...pointOpt(o) })
          console.log(`${g}: paused`)
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
      ),
  )

  withOldSpelling(game, program, (parent, opts) =>
    parent
      .command('extend <game> <hours>', opts)
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
      ),
  )

  withOldSpelling(game, program, (parent, opts) =>
    parent
      .command('deadline <game> <when>', opts)
      .description("set the open deadline: YYYY-MM-DD HH:MM in the game's zone, or an ISO instant")
      .option('--point <n>', 'only if this resolution point is still the open one (recommended)')
      .action((g: string, at: string, o) =>
        withApp((app) => {
          const r = app.judge.setDeadline(g, when(app, g, at), { by: 'moderator (cli)', ...pointOpt(o) })
          console.log(`${g}: deadline now ${formatInstant(r.deadline, app.judge.schedule(g).zone)}`)
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
        withApp((app) => {
          const r = app.judge.preview(g, o.print ? { to: null } : {})
          if (o.print || !r.letter) console.log(r.text)
          else console.log(`${g}: preview of ${r.label} mailed to ${r.letter.to}`)
          return d().sendOutbox(app)
        }),
      ),
  )

  withOldSpelling(game, program, (parent, opts) =>
    parent
      .command('decide <game> <role> <id> <option>', opts)
      .description("record a player's answer to a decision (as DECIDE by mail); the next tick resumes the resolution")
      .action((g: string, role: string, id: string, option: string) =>
        withApp((app) => {
          const r = app.judge.decide(g, role, id, option)
          console.log(r.ok ? r.message : `not recorded: ${r.error}`)
          if (!r.ok) process.exitCode = 1
          return d().sendOutbox(app)
        }),
      ),
  )
}
