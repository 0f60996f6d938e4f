// The tick's resolution batch makes a game's readers' reports one reader a turn of the event loop
// (src/engine/resolutionBatch.ts, GatheredGame.renderLetters): a Sea Devils report draws its map as
// SVG, tens of milliseconds a reader, so three readers' reports in one stretch would hold the loop
// for all of them. What the batch writes does not change: the same events and letters, byte for
// byte, as the synchronous tick's, and nothing at all when a writer got ahead while it rendered.
import { describe, expect, it, vi } from 'vitest'
import { tickJobs } from '../../src/cli/app.ts'
import { verifyGame } from '../../src/engine/audit.ts'
import { tick, tickYielding } from '../../src/schedule/tick.ts'
import { createWeakBeginning, outboxRowsAsync, readEvents, type TestApp, testApp } from '../helpers/app.ts'
import { bothEngines } from '../pg/engines.ts'

const GAME = 'rt1'

describe.each(bothEngines())("a resolution batch's reports on $name", (engine) => {
  /** A Weak Beginning game (two players and the moderator read it) at its first deadline, and that instant. */
  function dueGame(): { app: TestApp; due: Date } {
    const database = engine.app()
    const app = testApp('report-turns', { serverSecret: 'ef'.repeat(32), ...(database ? { database } : {}) })
    createWeakBeginning(app, GAME)
    const deadline = app.judge.load(GAME).deadline?.deadline
    if (!deadline) throw new Error('the game has no deadline')
    const due = new Date(Date.parse(deadline) + 1000)
    app.now.t = due.getTime()
    return { app, due }
  }

  /**
   * Runs `run` with the turns of the event loop counted (an immediate that queues itself again),
   * noting the count each time a reader's report text is rendered, and `atReport` called then.
   */
  async function countingTurns<T>(app: TestApp, run: () => Promise<T>, atReport = (_n: number) => {}) {
    let turns = 0
    let counting = true
    const beat = () => {
      turns++
      if (counting) setImmediate(beat)
    }
    setImmediate(beat)
    const renders: number[] = []
    const templates = app.judge.templates
    const render = templates.render.bind(templates)
    const spy = vi.spyOn(templates, 'render').mockImplementation((game, name, model) => {
      if (name === 'report.txt' && 'readerName' in model) {
        renders.push(turns)
        atReport(renders.length)
      }
      return render(game, name, model)
    })
    try {
      return { value: await run(), renders }
    } finally {
      counting = false
      spy.mockRestore()
    }
  }

  const tickOpts = (app: TestApp) => ({ games: [GAME], recordTick: false, jobs: tickJobs(app) })
  const events = async (app: TestApp) =>
    (await readEvents(app, `game:${GAME}`)).map((e) => [e.type, e.data, e.audience])
  /** The reports of the first resolution queued (the opening's are report 0). */
  const resolutionReports = async (app: TestApp) =>
    (await outboxRowsAsync(app)).filter((r) => r.kind === 'report' && r.mail.messageId.startsWith(`report.${GAME}.r1.`))
  const rawOutbox = (app: TestApp) =>
    app.jobsDb.all('SELECT id, recipient, kind, game, payload FROM outbox ORDER BY id')
  const parts = async (app: TestApp) =>
    (await app.jobsDb.all<{ hash: string }>('SELECT hash FROM mail_parts ORDER BY hash')).map((p) => p.hash)

  it('renders each reader’s report in a turn of the event loop of its own', async () => {
    const { app, due } = dueGame()
    try {
      const { value: report, renders } = await countingTurns(app, () => tickYielding(app.judge, due, tickOpts(app)))
      expect(report.games).toMatchObject([{ game: GAME, advanced: true, committed: true }])
      // Federal, Confederate and the moderator, each rendered after the loop turned again.
      expect(renders).toHaveLength(3)
      for (let i = 1; i < renders.length; i++) expect(renders[i]).toBeGreaterThan(renders[i - 1]!)
    } finally {
      app.cleanup()
    }
  })

  it('writes the same events and letters, byte for byte, as the synchronous tick', async () => {
    const a = dueGame()
    const b = dueGame()
    try {
      const batched = await tickYielding(a.app.judge, a.due, tickOpts(a.app))
      const synchronous = tick(b.app.judge, b.due, { games: [GAME], recordTick: false })
      expect(batched.games).toMatchObject([{ advanced: true, committed: true }])
      expect(synchronous.games).toMatchObject([{ advanced: true, committed: true }])
      expect(await events(a.app)).toEqual(await events(b.app))
      expect(await resolutionReports(a.app)).toHaveLength(3)
      expect(await outboxRowsAsync(a.app)).toEqual(await outboxRowsAsync(b.app))
      expect(await rawOutbox(a.app)).toEqual(await rawOutbox(b.app))
      expect(await parts(a.app)).toEqual(await parts(b.app))
      expect(verifyGame(a.app.db, a.app.judge, GAME).ok).toBe(true)
    } finally {
      a.app.cleanup()
      b.app.cleanup()
    }
  })

  it('a writer that appends while the reports render makes the batch fail whole: decided again', async () => {
    const { app, due } = dueGame()
    try {
      const before = app.store.version(`game:${GAME}`)
      const pause = () => {
        const point = app.judge.load(GAME).point
        const paused = { point, by: 'test', reason: 'paused between two reports' }
        app.store.append(`game:${GAME}`, before, [{ type: 'GamePaused', data: paused, audience: { kind: 'public' } }])
      }
      // Between the first reader's report and the second, the game is paused by another writer.
      const run = () => tickYielding(app.judge, due, tickOpts(app))
      const { value: report } = await countingTurns(app, run, (n) => {
        if (n === 1) setImmediate(pause)
      })
      expect(report.games).toMatchObject([{ game: GAME, retries: 1 }])
      // Nothing of the beaten batch: no result, no report; the game stands paused as the writer left it.
      const written = (await readEvents(app, `game:${GAME}`, before + 1)).map((e) => e.type)
      expect(written[0]).toBe('GamePaused')
      expect(written).not.toContain('TurnAdjudicated')
      expect(await resolutionReports(app)).toEqual([])
    } finally {
      app.cleanup()
    }
  })
})
