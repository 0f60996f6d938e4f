// `npm run demo`: the default game's demo (its GameDemo: a scenario played from sample order mails),
// through the same intake, engine and outbox as a live game. The demo pins its server secret,
// dice secrets and clock so that every run (and the golden test) produces the same mails; a
// live judge draws fresh secrets from crypto randomness instead.
import { createHmac } from 'node:crypto'
import { copyFileSync, readdirSync, rmSync, utimesSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { GameOutcome } from '../games/contract.ts'
import { defaultDemo, defaultGame } from '../games/index.ts'
import { openApp, readInbox, sendOutbox } from './app.ts'

const demo = defaultDemo()
export const DEMO_DIR = demo.mails
export const DEMO_GAME = demo.gameId
const DEMO_SERVER_SECRET = createHmac('sha256', 'acw-pbem demo').update('server').digest('hex')
export const DEMO_SEED = demo.seed
const DEMO_START = Date.UTC(2026, 0, 5, 12, 0, 0)

export interface DemoResult {
  outcome: GameOutcome
  outbox: string
  dataDir: string
}

export function demoSecret(seed: string) {
  return (game: string, purpose: string, point: number) =>
    createHmac('sha256', 'acw-pbem demo dice').update(`${seed}|${game}|${purpose}|${point}`).digest('hex')
}

export async function runDemo(opts: {
  dir: string
  log?: (line: string) => void
  mails?: string
  seed?: string
  /** a postgres:// URL (tests); default judge.sqlite in `dir`, whatever PBEM_DATABASE_URL says */
  database?: string
}): Promise<DemoResult> {
  const log = opts.log ?? (() => {})
  const dataDir = resolve(opts.dir)
  rmSync(dataDir, { recursive: true, force: true })
  let now = DEMO_START
  const app = openApp({
    dataDir,
    // Its own database always: never the judge's PBEM_DATABASE_URL, which the demo would write into.
    database: opts.database ?? join(dataDir, 'judge.sqlite'),
    clock: () => new Date(now),
    newSecret: demoSecret(opts.seed ?? DEMO_SEED),
    moderatorAddress: 'moderator@example.test',
    mailDomain: 'judge.example.test',
  })
  try {
    app.db.prepare(`INSERT INTO settings (key, value) VALUES ('server-secret', ?)`).run(DEMO_SERVER_SECRET)
    app.judge.createGame({
      game: DEMO_GAME,
      ruleset: defaultGame().id,
      scenario: demo.scenario,
      players: demo.players,
      zone: 'America/New_York',
      ...(demo.deadlineHours ? { deadlineHours: demo.deadlineHours } : {}),
      createdBy: 'demo',
    })
    log(`Created ${DEMO_GAME}: ${demo.title}.`)
    const mailDir = opts.mails ?? DEMO_DIR
    const mails = readdirSync(mailDir)
      .filter((f) => f.endsWith('.eml'))
      .sort()
    for (let point = 1; ; point++) {
      const fold = app.judge.load(DEMO_GAME)
      if (fold.finished) break
      now += 3600_000
      const batch = mails.filter((m) => m.startsWith(`p${point}-`))
      // Complete files, dated in the past: the drop folder need not wait to see them settle.
      const written = new Date(Date.now() - 60_000)
      for (const m of batch) {
        copyFileSync(join(mailDir, m), join(app.dirs.inbox, m))
        utimesSync(join(app.dirs.inbox, m), written, written)
      }
      const outcomes = await readInbox(app)
      log(`Resolution ${point}: ${batch.length} order mail(s) read (${outcomes.join(', ') || 'none'}).`)
      now += 3600_000
      const r = app.judge.adjudicate(DEMO_GAME)
      log(`  ${r.label} adjudicated.`)
      await sendOutbox(app)
      if (point > 40) throw new Error('the demo did not finish')
    }
    await sendOutbox(app)
    const fold = app.judge.load(DEMO_GAME)
    const outcome = fold.ruleset.outcome(fold.state)
    if (!outcome) throw new Error('the demo game ended without an outcome')
    return { outcome, outbox: app.dirs.outbox, dataDir }
  } finally {
    app.close()
  }
}
