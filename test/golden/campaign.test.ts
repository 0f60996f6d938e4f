// Golden test (test/helpers/golden.ts): the whole 16-turn Campaign (13.1) played by the two bots of ./bots.ts through the real
// intake (order mails dropped into the inbox), the deadline tick and the outbox, with pinned server
// secret, dice secrets and clock. Every mail the judge writes must match the recorded one byte for
// byte (the map PNG aside). Regenerate deliberately with UPDATE_GOLDEN=1.
import { createHmac } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openAppAsync, sendOutbox, type App } from '../../src/cli/app.ts'
import { demoSecret } from '../../src/cli/demo.ts'
import { verifyDice } from '../../src/engine/audit.ts'
import { allGameClocksAsync } from '../../src/log/repos/gameClockCheck.ts'
import type { MailConfig } from '../../src/mail/config.ts'
import type { SdState } from '../../src/games/sea-devils/state.ts'
import { playPoint, type Seat } from './bots.ts'
import { run } from '../helpers/asyncSql.ts'
import { createGameAsync, loadAsync, readAsync, verifyAsync } from '../helpers/asyncJudge.ts'
import { clockProblemsAsync } from '../helpers/clock.ts'
import { expectGolden, outboxFolderMails } from '../helpers/golden.ts'
import { MAIL_MAX_BYTES, MAILS_PER_TURN, mailsPerTurnAsync } from '../helpers/mailBudget.ts'
import { bothEngines } from '../pg/engines.ts'

const GOLDEN = fileURLToPath(new URL('../sea-devils/golden/campaign/', import.meta.url))
const GAME = 'campaign-golden'
const SEATS: Seat[] = [
  { role: 'federal', address: 'federal@example.test', name: 'Gideon Welles' },
  { role: 'confederate', address: 'confederate@example.test', name: 'Stephen Mallory' },
]

/** Drop folders only, whatever the environment says: the golden must not depend on PBEM_* settings. */
const EMBEDDED: MailConfig = {
  imap: null,
  smtp: null,
  listen: null,
  mailDomain: null,
  archiveAddress: null,
  archiveImap: null,
}

// The whole campaign runs on both engines: the same mails, byte for byte.
const ENGINES = bothEngines()

describe.each(ENGINES)('13.1 the Campaign, played by the bots from order mails, on $name', (engine) => {
  let dir: string
  let app: App
  let outbox: string
  const log: { point: number; outcomes: string[]; committed: string[]; orders: Record<string, string> }[] = []
  let elapsed = 0
  /** The clock read model against a from-scratch computation after every step. */
  const clockDrift: string[] = []

  beforeAll(async () => {
    const t0 = Date.now()
    dir = mkdtempSync(join(tmpdir(), 'pbem-campaign-'))
    let now = Date.UTC(2026, 0, 5, 12, 0, 0)
    const database = engine.app()
    // The judge opened and driven as `pbem serve` drives it, on its async handle.
    app = await openAppAsync({
      dataDir: join(dir, 'data'),
      ...(database ? { database } : {}),
      clock: () => new Date(now),
      newSecret: demoSecret('campaign-1'),
      moderatorAddress: 'moderator@example.test',
      mailDomain: 'judge.example.test',
      mail: EMBEDDED,
    })
    await run(
      app.jobsDb,
      `INSERT INTO settings (key, value) VALUES ('server-secret', ?)`,
      createHmac('sha256', 'acw-pbem campaign golden').update('server').digest('hex'),
    )
    await createGameAsync(app, {
      game: GAME,
      ruleset: 'sea-devils',
      scenario: 'campaign',
      players: SEATS,
      zone: 'America/New_York',
      deadlineHours: 72,
      createdBy: 'golden',
    })
    await sendOutbox(app)
    clockDrift.push(...(await clockProblemsAsync(app)).map((p) => `after creation: ${p}`))
    for (let i = 0; i < 60 && !(await loadAsync(app, GAME)).finished; i++) {
      const point = (await loadAsync(app, GAME)).point
      const r = await playPoint(app, GAME, SEATS, (ms) => (now += ms))
      log.push({ point, ...r })
      clockDrift.push(...(await clockProblemsAsync(app)).map((p) => `after resolution ${point}: ${p}`))
    }
    outbox = app.dirs.outbox
    elapsed = Date.now() - t0
  }, 300_000)
  afterAll(() => {
    app?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('reaches the end of GT16 with a victory level (12.15)', async () => {
    const fold = await loadAsync(app, GAME)
    const state = fold.state as SdState
    console.log(
      `campaign: ${log.length} resolutions in ${elapsed} ms; VP ${JSON.stringify(state.vp)} ${JSON.stringify(state.result)}`,
    )
    expect(fold.finished).toBe(true)
    expect(state.turn).toBe(16)
    expect(state.stage).toBe('finished')
    expect(state.result?.level).toMatch(/Victory|Draw/)
  })

  it('writes exactly the recorded mails, byte for byte', () => {
    const mails = outboxFolderMails(outbox)
    expect(mails.size).toBeGreaterThan(60)
    // Recorded from the SQLite run; the PostgreSQL run must write the same.
    expectGolden(GOLDEN, mails, engine.name === 'sqlite')
  })

  it('mails each reader at most twice a game turn besides the answers to his own mail, each mail under 200 KB', async () => {
    const counts = await mailsPerTurnAsync(app, GAME)
    expect([...counts].filter(([, n]) => n > MAILS_PER_TURN)).toEqual([])
    // The moderator, never asked, gets one report a game turn.
    for (let turn = 1; turn < 16; turn++) expect(counts.get(`moderator@example.test ${turn}`), `GT${turn}`).toBe(1)
    // As sent (the drop folder holds every mail as it went), pictures included.
    const files = readdirSync(outbox)
    expect(files.length).toBeGreaterThan(60)
    for (const f of files) expect(statSync(join(outbox, f)).size, f).toBeLessThan(MAIL_MAX_BYTES)
  })

  it('shows raids, spottings, commissioning, refits and combat along the way', async () => {
    const text = (await loadAsync(app, GAME)).adjudications
      .flatMap((a) => a.data.narrative.map((n) => n.text))
      .join('\n')
    expect(text).toMatch(/raids C\d+/)
    expect(text).toMatch(/ spots [A-Z]/)
    expect(text).toMatch(/is commissioned/)
    expect(text).toMatch(/completes a refit/)
    expect(text).toMatch(/Combat: /)
  })

  it('verifies: the chain is intact, every result re-folds and every roll reproduces', async () => {
    expect(await verifyAsync(app, GAME)).toMatchObject({ ok: true, problems: [] })
    const dice = await readAsync(app, [GAME], (j) => verifyDice(j, GAME))
    expect(dice.ok).toBe(true)
    expect(dice.checked).toBeGreaterThan(100)
  })

  it('keeps the clock read model equal to the log after every step', async () => {
    expect(clockDrift).toEqual([])
    expect((await allGameClocksAsync(app.jobsDb)).find((r) => r.game === GAME)).toMatchObject({
      status: 'finished',
      nextAt: null,
    })
  })

  it('every bot mail was accepted and every point was resolved by the tick', () => {
    for (const l of log) {
      expect(
        l.outcomes.every((o) => o === 'orders-accepted'),
        `resolution ${l.point}: ${l.outcomes.join(', ')}`,
      ).toBe(true)
      expect(l.committed, `resolution ${l.point}`).toEqual([GAME])
    }
  })
})
