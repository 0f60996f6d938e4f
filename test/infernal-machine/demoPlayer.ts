// Plays a GameDemo's sample order mails through the judge the way `pbem demo` does (src/cli/demo.ts),
// for a game that is not (yet) the default one: the same drop folder, pinned secrets and clock.
import { createHmac } from 'node:crypto'
import { copyFileSync, readdirSync, utimesSync } from 'node:fs'
import { join } from 'node:path'
import { readInbox } from '../../src/cli/app.ts'
import type { RulesetFactory } from '../../src/games/contract.ts'
import { testApp, type TestApp } from '../helpers/app.ts'

/** The server secret `pbem demo` pins, so the players' keys in the sample mails hold. */
export const DEMO_SERVER_SECRET = createHmac('sha256', 'acw-pbem demo').update('server').digest('hex')

export interface DemoRun {
  app: TestApp
  /** Per loop round: the mails read and what the adjudication did. */
  rounds: { point: number; mails: string[]; outcomes: string[]; label: string; committed: boolean }[]
}

export async function playDemo(factory: RulesetFactory): Promise<DemoRun> {
  const demo = factory.demo!
  const app = testApp(demo.seed, { serverSecret: DEMO_SERVER_SECRET })
  app.judge.createGame({
    game: demo.gameId,
    ruleset: factory.id,
    scenario: demo.scenario,
    players: demo.players,
    zone: 'America/New_York',
    ...(demo.deadlineHours ? { deadlineHours: demo.deadlineHours } : {}),
    createdBy: 'demo',
  })
  const mails = readdirSync(demo.mails)
    .filter((f) => f.endsWith('.eml'))
    .sort()
  const rounds: DemoRun['rounds'] = []
  for (let point = 1; point <= 40; point++) {
    if (app.judge.load(demo.gameId).finished) break
    app.now.t += 3_600_000
    const batch = mails.filter((m) => m.startsWith(`p${point}-`))
    const written = new Date(Date.now() - 60_000)
    for (const m of batch) {
      copyFileSync(join(demo.mails, m), join(app.dirs.inbox, m))
      utimesSync(join(app.dirs.inbox, m), written, written)
    }
    const outcomes = (await readInbox(app)).map(String)
    app.now.t += 3_600_000
    const r = app.judge.adjudicate(demo.gameId)
    rounds.push({ point, mails: batch, outcomes, label: r.label ?? '', committed: r.committed })
  }
  return { app, rounds }
}
