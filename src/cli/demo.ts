// `npm run demo`: Weak Beginning (13.2) played from the sample order mails in demo/weak-beginning/,
// through the same intake, engine and outbox as a live game. The demo pins its server secret,
// dice secrets and clock so that every run (and the golden test) produces the same mails; a
// live judge draws fresh secrets from crypto randomness instead.
import { createHmac } from 'node:crypto'
import { copyFileSync, readdirSync, rmSync, utimesSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openApp, readInbox, sendOutbox } from './app.ts'

export const DEMO_DIR = fileURLToPath(new URL('../../demo/weak-beginning/', import.meta.url))
export const DEMO_GAME = 'wb-demo'
const DEMO_SERVER_SECRET = createHmac('sha256', 'acw-pbem demo').update('server').digest('hex')
/** Chosen so that the sample mails show a raid, a search, an escape and a combat. */
export const DEMO_SEED = 'wb-162'
const DEMO_START = Date.UTC(2026, 0, 5, 12, 0, 0)

export interface DemoResult {
  vp: { csa: number; usa: number }
  difference: number
  level: string
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
}): Promise<DemoResult> {
  const log = opts.log ?? (() => {})
  const dataDir = resolve(opts.dir)
  rmSync(dataDir, { recursive: true, force: true })
  let now = DEMO_START
  const app = openApp({
    dataDir,
    clock: () => new Date(now),
    newSecret: demoSecret(opts.seed ?? DEMO_SEED),
    moderatorAddress: 'moderator@example.test',
    mailDomain: 'judge.example.test',
  })
  try {
    app.db.prepare(`INSERT INTO settings (key, value) VALUES ('server-secret', ?)`).run(DEMO_SERVER_SECRET)
    app.judge.createGame({
      game: DEMO_GAME,
      ruleset: 'sea-devils',
      scenario: 'weak-beginning',
      players: [
        { role: 'federal', address: 'federal@example.test', name: 'Gideon Welles' },
        { role: 'confederate', address: 'confederate@example.test', name: 'Stephen Mallory' },
      ],
      zone: 'America/New_York',
      deadlineHours: 72,
      createdBy: 'demo',
    })
    log(`Created ${DEMO_GAME}: Sea Devils, Weak Beginning (GT1-GT4).`)
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
    const state = app.judge.load(DEMO_GAME).state as {
      vp: { csa: number; usa: number }
      result: { level: string; difference: number }
    }
    return {
      vp: state.vp,
      difference: state.result.difference,
      level: state.result.level,
      outbox: app.dirs.outbox,
      dataDir,
    }
  } finally {
    app.close()
  }
}
