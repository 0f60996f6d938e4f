// Plays a River & Coastal demo the way `pbem demo` plays the default game's (src/cli/demo.ts): the
// demo's scenario and players, its pinned seed and server secret, and its sample order mails fed
// through the real intake (the drop folder) one resolution at a time, each followed by adjudication;
// and the game registered for the test's length while the shipped registry does not list it.
import { createHmac } from 'node:crypto'
import { copyFileSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type App, openApp, readInbox } from '../../src/cli/app.ts'
import { demoSecret } from '../../src/cli/demo.ts'
import type { GameDemo, RulesetFactory } from '../../src/games/contract.ts'
import { registerRuleset, rulesetIds } from '../../src/games/index.ts'

/** The server secret `pbem demo` pins (src/cli/demo.ts), so that the sample mails' KEY lines hold. */
export const DEMO_SERVER_SECRET = createHmac('sha256', 'acw-pbem demo').update('server').digest('hex')

export interface DemoRun {
  app: App
  now: { t: number }
  /** What the intake said of each resolution's mails, by resolution point. */
  intake: Record<number, string[]>
  cleanup(): void
}

export async function playDemo(ruleset: string, demo: GameDemo, opts: { lastPoint?: number } = {}): Promise<DemoRun> {
  const dir = mkdtempSync(join(tmpdir(), 'pbem-rc-demo-'))
  const now = { t: Date.UTC(2026, 0, 5, 12, 0, 0) }
  const app = openApp({
    dataDir: dir,
    clock: () => new Date(now.t),
    newSecret: demoSecret(demo.seed),
    moderatorAddress: 'moderator@example.test',
    mailDomain: 'judge.example.test',
    secret: { value: DEMO_SERVER_SECRET },
  })
  const run: DemoRun = {
    app,
    now,
    intake: {},
    cleanup: () => (app.close(), rmSync(dir, { recursive: true, force: true })),
  }
  app.judge.createGame({
    game: demo.gameId,
    ruleset,
    scenario: demo.scenario,
    players: demo.players,
    zone: 'America/New_York',
    ...(demo.deadlineHours ? { deadlineHours: demo.deadlineHours } : {}),
    createdBy: 'demo',
  })
  const mails = readdirSync(demo.mails)
    .filter((f) => f.endsWith('.eml'))
    .sort()
  for (let point = 1; point <= (opts.lastPoint ?? 40); point++) {
    if (app.judge.load(demo.gameId).finished) break
    now.t += 3_600_000
    const written = new Date(Date.now() - 60_000)
    for (const m of mails.filter((f) => f.startsWith(`p${point}-`))) {
      copyFileSync(join(demo.mails, m), join(app.dirs.inbox, m))
      utimesSync(join(app.dirs.inbox, m), written, written)
    }
    run.intake[point] = (await readInbox(app, { imap: false })).map(String)
    now.t += 3_600_000
    app.judge.adjudicate(demo.gameId)
  }
  return run
}

/**
 * Registers River & Coastal for a test while it is not in the shipped registry; once the moderator
 * has added it to src/games/index.ts this does nothing (and the returned function removes nothing).
 */
export function registerWhileUnshipped(factory: RulesetFactory): () => void {
  return rulesetIds().includes(factory.id) ? () => {} : registerRuleset(factory)
}
