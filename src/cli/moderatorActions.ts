// What the moderator's command-line commands that write do (pause, resume, extend, deadline,
// preview, decide, adjudicate, standby, set, schedule set, readjudicate): the judge's calls run on a planning judge of the game,
// their writes in one batch on the judge's async handle (onPlanningJudge, src/engine/judgeBatch.ts),
// as the same commands by mail are filed. Each returns the lines the command prints and whether it
// failed (exit code 1); the calls themselves print nothing, as they may be run again when another
// writer got ahead of the batch.
import { readFileSync } from 'node:fs'
import { formatInstant, parseLocal } from '../engine/clock/calendar.ts'
import type { ScheduleInput } from '../engine/clock/schedule.ts'
import type { Judge } from '../engine/judge.ts'
import { onPlanningJudge } from '../engine/judgeBatch.ts'
import { pointOfTurn, readjudicate } from '../engine/readjudicate.ts'
import { verifyGameAhead } from '../engine/verifyAhead.ts'
import { type App, tickJobs } from './app.ts'
import { fail, hoursOption, pointOpt } from './options.ts'

/** What a command prints, and whether it exits with 1. */
export interface Outcome {
  lines: string[]
  failed: boolean
}

const BY = 'moderator (cli)'
const printed = (...lines: string[]): Outcome => ({ lines, failed: false })
const on = <T>(app: App, game: string, calls: (j: Judge) => T): Promise<T> =>
  onPlanningJudge(app.judge, tickJobs(app), game, calls)
const reasonOpt = (o: { reason?: string }) => (o.reason ? { reason: o.reason } : {})

/** `pbem game pause`. */
export async function pauseGame(app: App, g: string, o: { reason?: string; point?: string }): Promise<Outcome> {
  const opts = { by: BY, ...reasonOpt(o), ...pointOpt(o) }
  await on(app, g, (j) => j.pause(g, opts))
  return printed(`${g}: paused`)
}

/** `pbem game resume`: the new deadline read in the game's zone. */
export async function resumeGame(
  app: App,
  g: string,
  o: { deadline?: string; hours?: string; reason?: string },
): Promise<Outcome> {
  const hours = o.hours !== undefined ? { hours: hoursOption('--hours', o.hours) } : {}
  const line = await on(app, g, (j) => {
    const zone = j.schedule(g).zone
    const r = j.resume(g, {
      by: BY,
      ...(o.deadline ? { deadline: parseLocal(o.deadline, zone) } : {}),
      ...hours,
      ...reasonOpt(o),
    })
    return `${g}: resumed; deadline ${formatInstant(r.deadline, zone)}`
  })
  return printed(line)
}

/** `pbem game extend`. */
export async function extendGame(
  app: App,
  g: string,
  hours: string,
  o: { point?: string; reason?: string },
): Promise<Outcome> {
  const h = hoursOption('extend <hours>', hours, 1440)
  const opts = { by: BY, ...pointOpt(o), ...reasonOpt(o) }
  const line = await on(app, g, (j) => {
    const r = j.extend(g, h, opts)
    return `${g}: deadline now ${formatInstant(r.deadline, j.schedule(g).zone)}`
  })
  return printed(line)
}

/** `pbem game deadline`: `at` read in the game's zone. */
export async function setGameDeadline(app: App, g: string, at: string, o: { point?: string }): Promise<Outcome> {
  const opts = { by: BY, ...pointOpt(o) }
  const line = await on(app, g, (j) => {
    const zone = j.schedule(g).zone
    const r = j.setDeadline(g, parseLocal(at, zone), opts)
    return `${g}: deadline now ${formatInstant(r.deadline, j.schedule(g).zone)}`
  })
  return printed(line)
}

/** `pbem game preview`: mailed to the moderator, or printed. */
export async function previewGame(app: App, g: string, o: { print?: boolean }): Promise<Outcome> {
  const r = await on(app, g, (j) => j.preview(g, o.print ? { to: null } : {}))
  return printed(o.print || !r.letter ? r.text : `${g}: preview of ${r.label} mailed to ${r.letter.to}`)
}

/** `pbem game decide`: a player's answer recorded, or why not (exit code 1). */
export async function decideFor(app: App, g: string, role: string, id: string, option: string): Promise<Outcome> {
  const r = await on(app, g, (j) => j.decide(g, role, id, option))
  return { lines: [r.ok ? r.message : `not recorded: ${r.error}`], failed: !r.ok }
}

/** `pbem game adjudicate`: the open point resolved now, or the decision it waits for. */
export async function adjudicateGame(
  app: App,
  g: string,
  o: { force?: boolean; point?: string; reason?: string },
): Promise<Outcome> {
  const opts = { force: !!o.force, by: BY, ...pointOpt(o), ...reasonOpt(o) }
  const r = await on(app, g, (j) => j.adjudicate(g, opts))
  if (r.committed) return printed(`${g}: ${r.label} adjudicated${r.finished ? ' — the game is over' : ''}`)
  return printed(
    `${g}: ${r.label} waits for decision ${r.waiting!.decisionId} from ${r.waiting!.role} (due ${r.waiting!.deadline}); use --force to apply the defaults now`,
  )
}

/** `pbem game standby`: house:<level>, or off. */
export async function setGameStandby(app: App, id: string, standby: string): Promise<Outcome> {
  const off = standby.toLowerCase() === 'off'
  await on(app, id, (j) => j.setStandby(id, off ? null : standby.toLowerCase(), { by: BY }))
  return printed(off ? `Game ${id}: no standby.` : `Game ${id}: the standby is ${standby.toLowerCase()}.`)
}

/** `pbem game set`: for now whether the observers' page is open (and its token when it is). */
export async function setGameSetting(app: App, id: string, setting: string, value: string): Promise<Outcome> {
  if (setting !== 'observers' || !/^(on|off)$/i.test(value))
    return fail(`pbem game set: the settings are: observers on|off (not ${setting} ${value})`)
  const open = value.toLowerCase() === 'on'
  const r = await on(app, id, (j) => ({
    changed: j.setObservers(id, open, BY),
    token: open ? j.issueViewToken(id, 'observers', { by: BY }).token : null,
  }))
  const lines = [`Game ${id}: the observers' page is ${open ? 'on' : 'off'}${r.changed ? '' : ' (unchanged)'}.`]
  if (r.token) lines.push(`  observers' page token ${r.token} (pbem player view ${id} observers shows it again)`)
  return printed(...lines)
}

/** `pbem schedule set`: the schedule as it stands after, in the lines `describe` makes of it. */
export async function setGameSchedule(
  app: App,
  g: string,
  input: ScheduleInput,
  o: { reschedule?: boolean },
  describe: (s: ReturnType<Judge['setSchedule']>) => string[],
): Promise<Outcome> {
  const s = await on(app, g, (j) => j.setSchedule(g, input, { by: BY, reschedule: !!o.reschedule }))
  return printed(...describe(s))
}

/** What `pbem game readjudicate` is given. */
export interface ReadjudicateOptions {
  fromPoint?: string
  fromTurn?: string
  reason: string
  dataPack?: string
  amend: string[]
  commit?: boolean
}

/**
 * `pbem game readjudicate`: the diffs, and a preview mailed to the moderator or (`commit`) the
 * correction recorded and told to every player, in one batch; the game verified on the async
 * handle before and after.
 */
export async function readjudicateGame(app: App, game: string, o: ReadjudicateOptions): Promise<Outcome> {
  const amendments = o.amend.map((a) => {
    const m = /^(\d+):([a-z]+)=(.+)$/.exec(a)
    if (!m) throw new Error(`--amend takes point:role=file, not "${a}"`)
    return { point: Number(m[1]), role: m[2]!, text: readFileSync(m[3]!, 'utf8') }
  })
  const pack = o.dataPack ? { pack: JSON.parse(readFileSync(o.dataPack, 'utf8')) } : {}
  const jobs = tickJobs(app)
  const before = await verifyGameAhead(jobs.db, app.judge, game)
  const plan = await on(app, game, (j) => {
    const fromPoint = o.fromPoint
      ? Number(o.fromPoint)
      : o.fromTurn
        ? pointOfTurn(j.load(game), Number(o.fromTurn))
        : Number.NaN
    if (!Number.isInteger(fromPoint)) throw new Error('give --from-turn or --from-point')
    return readjudicate(j, { game, fromPoint, reason: o.reason, amendments, ...pack }, !!o.commit)
  })
  const lines = plan.diffs.map((d) => `==== ${d.reader} ====\n${d.diff || '(no change)'}\n`)
  lines.push(plan.changed ? `${plan.event.results.length} resolution(s) change.` : 'The results do not change.')
  if (!o.commit) return printed(...lines, 'Preview only (mailed to the moderator): add --commit to record it.')
  const after = await verifyGameAhead(jobs.db, app.judge, game)
  return printed(
    ...lines,
    `Recorded. verify before: ${before.ok ? 'OK' : 'FAILED'}; after: ${after.ok ? 'OK' : `FAILED: ${after.problems.join('; ')}`}`,
  )
}
