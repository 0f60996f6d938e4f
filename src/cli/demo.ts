// `pbem demo [--game <id>]`: a game's demo (its GameDemo: a scenario played from sample order mails),
// through the same intake, engine and outbox as a live game; the default game's without --game. The
// demo pins its server secret, dice secrets and clock so that every run (and the golden test)
// produces the same mails; a live judge draws fresh secrets from crypto randomness instead.
import { createGameBatched } from '../engine/creationBatch.ts'
import type { GameFold } from '../engine/fold.ts'
import { onPlanningJudge } from '../engine/judgeBatch.ts'
import { aheadReader } from '../engine/resolutionBatch.ts'
import { installServerSecretAhead } from '../engine/secret.ts'
import { createHmac } from 'node:crypto'
import { copyFileSync, readdirSync, rmSync, utimesSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { GameDemo, GameOutcome } from '../games/contract.ts'
import { defaultDemo, defaultGame, rulesetFactory, rulesetIds } from '../games/index.ts'
import { type App, openAppAsync, readInbox, sendOutbox, tickJobs } from './app.ts'
import { OptionError } from './options.ts'

const demo = defaultDemo()
export const DEMO_DIR = demo.mails
export const DEMO_GAME = demo.gameId
const DEMO_SERVER_SECRET = createHmac('sha256', 'acw-pbem demo').update('server').digest('hex')
export const DEMO_SEED = demo.seed
const DEMO_START = Date.UTC(2026, 0, 5, 12, 0, 0)
/** Resolutions a demo may run before it is stopped: more than any shipped demo needs. */
const MAX_POINTS = 80

export interface DemoResult {
  /** The game's result; null when the demo stopped before the end (`stopped` says where). */
  outcome: GameOutcome | null
  stopped: string | null
  outbox: string
  dataDir: string
  game: string
}

export function demoSecret(seed: string) {
  return (game: string, purpose: string, point: number) =>
    createHmac('sha256', 'acw-pbem demo dice').update(`${seed}|${game}|${purpose}|${point}`).digest('hex')
}

/** The demo of a game (the default game's without an id), or a refusal naming the games that have one. */
export function demoOf(game?: string): { ruleset: string; demo: GameDemo } {
  const id = game ?? defaultGame().id
  const withDemo = rulesetIds().filter((g) => rulesetFactory(g).demo)
  if (!rulesetIds().includes(id) || !rulesetFactory(id).demo)
    throw new OptionError(`--game ${id}: no demo; the games with one: ${withDemo.join(', ')}`)
  return { ruleset: id, demo: rulesetFactory(id).demo! }
}

export async function runDemo(opts: {
  dir: string
  /** The game whose demo to play (default: the default game). */
  game?: string
  log?: (line: string) => void
  mails?: string
  seed?: string
  /** a postgres:// URL (tests); default judge.sqlite in `dir`, whatever PBEM_DATABASE_URL says */
  database?: string
}): Promise<DemoResult> {
  const { ruleset, demo } = demoOf(opts.game)
  const dataDir = resolve(opts.dir)
  rmSync(dataDir, { recursive: true, force: true })
  const now = { t: DEMO_START }
  const app = await openAppAsync({
    dataDir,
    // Its own database always: never the judge's PBEM_DATABASE_URL, which the demo would write into.
    database: opts.database ?? join(dataDir, 'judge.sqlite'),
    clock: () => new Date(now.t),
    newSecret: demoSecret(opts.seed ?? demo.seed),
    moderatorAddress: 'moderator@example.test',
    mailDomain: 'judge.example.test',
  })
  try {
    // Created and played as `pbem serve` creates and plays a game: on the async handle, in batches.
    await installServerSecretAhead(app.jobsDb, DEMO_SERVER_SECRET)
    await createGameBatched(app.judge, tickJobs(app), {
      game: demo.gameId,
      ruleset,
      scenario: demo.scenario,
      players: demo.players,
      zone: 'America/New_York',
      ...(demo.deadlineHours ? { deadlineHours: demo.deadlineHours } : {}),
      createdBy: 'demo',
    })
    ;(opts.log ?? (() => {}))(`Created ${demo.gameId}: ${demo.title}.`)
    const stopped = await playMails(app, demo, opts.mails ?? demo.mails, now, opts.log ?? (() => {}))
    await sendOutbox(app)
    const fold = await aheadReader(app.judge, tickJobs(app))(demo.gameId)
    const outcome = fold.finished ? fold.ruleset.outcome(fold.state) : null
    if (fold.finished && !outcome) throw new Error('the demo game ended without an outcome')
    return { outcome, stopped, outbox: app.dirs.outbox, dataDir, game: demo.gameId }
  } finally {
    app.close()
  }
}

/**
 * Feeds the sample mails of each resolution (p<point>-*.eml) to the intake and resolves the point, until
 * the game is over; null then, else why it stopped: the mails ran out with a question still open, or
 * the game ran longer than any demo should.
 */
async function playMails(
  app: App,
  demo: GameDemo,
  mailDir: string,
  now: { t: number },
  log: (line: string) => void,
): Promise<string | null> {
  const mails = readdirSync(mailDir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
  const lastMail = Math.max(0, ...mails.map((m) => Number(/^p(\d+)-/.exec(m)?.[1] ?? 0)))
  const load: (game: string) => Promise<GameFold> = aheadReader(app.judge, tickJobs(app))
  for (let point = 1; point <= MAX_POINTS; point++) {
    const fold = await load(demo.gameId)
    if (fold.finished) return null
    if (demo.resolutions !== undefined && point > demo.resolutions)
      return `the demo shows the first ${demo.resolutions} resolutions; ${demo.gameId} now awaits ${app.judge.awaitingText(fold)} (play on with pbem game adjudicate ${demo.gameId})`
    now.t += 3600_000
    const batch = mails.filter((m) => m.startsWith(`p${point}-`))
    // Complete files, dated in the past: the drop folder need not wait to see them settle.
    const written = new Date(Date.now() - 60_000)
    for (const m of batch) {
      copyFileSync(join(mailDir, m), join(app.dirs.inbox, m))
      utimesSync(join(app.dirs.inbox, m), written, written)
    }
    const outcomes = await readInbox(app)
    log(`Resolution ${point}: ${batch.length} order mail(s) read (${outcomes.join(', ') || 'none'}).`)
    now.t += 3600_000
    // As `pbem game adjudicate` resolves it: on a planning judge of the game, in one batch.
    const r = await onPlanningJudge(app.judge, tickJobs(app), demo.gameId, (j) => j.adjudicate(demo.gameId))
    await sendOutbox(app)
    if (r.committed) log(`  ${r.label} adjudicated.`)
    else {
      log(
        `  ${r.label}: waits for ${r.waiting?.role ?? 'a player'}'s answer to ${r.waiting?.decisionId ?? 'a question'}.`,
      )
      if (point >= lastMail)
        return `the sample mails end at resolution ${lastMail}; ${demo.gameId} waits for ${r.waiting?.role ?? 'a player'}'s answer to ${r.waiting?.decisionId ?? 'a question'}`
    }
  }
  const fold = await load(demo.gameId)
  return fold.finished
    ? null
    : `stopped after ${MAX_POINTS} resolutions; ${demo.gameId} awaits ${app.judge.awaitingText(fold)}`
}
