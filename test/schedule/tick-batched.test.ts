// The tick as `pbem serve` runs it on the judge's async handle: each due game read there and its
// plan written in one batch (src/engine/resolutionBatch.ts). What guards the batch is the stream's
// next version: a writer that appended after the reads makes it fail whole, and the tick reads and
// decides again, so a deadline is resolved exactly once, with what that writer wrote. On both engines.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { inboundHandler, openAppAsync, type App, tickJobs } from '../../src/cli/app.ts'
import { demoSecret } from '../../src/cli/demo.ts'
import { ResolutionBatch } from '../../src/engine/resolutionBatch.ts'
import { tickYielding } from '../../src/schedule/tick.ts'
import { readEvents, type TestApp } from '../helpers/app.ts'
import { callsAsync, createFixtureDuelAsync, lastTickAsync, testAppAsync, verifyAsync } from '../helpers/asyncJudge.ts'
import { count } from '../helpers/asyncSql.ts'
import { clockProblemsAsync } from '../helpers/clock.ts'
import { bothEngines } from '../pg/engines.ts'
import { synchronousCalls } from '../pg/syncCalls.ts'
import { HOUR, START } from './helpers.ts'

const DEADLINE = new Date(START + 72 * HOUR)

describe.each(bothEngines())('the batched tick on $name', (engine) => {
  let app: TestApp
  let second: App
  let n = 0

  beforeAll(async () => {
    const database = engine.app()
    app = await testAppAsync('batched', database ? { database } : {})
    second = await openAppAsync({
      dataDir: app.dirs.data,
      ...(database ? { database } : {}),
      clock: () => new Date(app.now.t),
      newSecret: demoSecret('batched'),
      moderatorAddress: 'mod@example.test',
      mailDomain: 'judge.example.test',
    })
  })
  afterAll(() => {
    second.close()
    app.cleanup()
  })

  /** A fixture duel with North's orders in, at its first deadline. */
  async function dueDuel(): Promise<string> {
    const game = `bt${++n}`
    app.now.t = START
    await createFixtureDuelAsync(app, game)
    await callsAsync(app, game, (j) => j.submitOrders(game, 'north', 'DRAW 1'))
    app.now.t = DEADLINE.getTime()
    return game
  }

  const opts = (a: App, game: string) => ({ games: [game], recordTick: false, jobs: tickJobs(a) })
  const ofType = async (game: string, type: string) =>
    (await readEvents(app, `game:${game}`)).filter((e) => e.type === type)
  const reports = (game: string) =>
    count(
      app.jobsDb,
      `SELECT COUNT(*) FROM outbox WHERE game = ? AND kind = 'report' AND message_id LIKE ?`,
      game,
      `report.${game}.r1.%`,
    )

  it('an order appended after the reads makes the batch fail whole: decided again, resolved once with it', async () => {
    const game = await dueDuel()
    const commit = ResolutionBatch.prototype.commit
    let receipt = ''
    const spy = vi.spyOn(ResolutionBatch.prototype, 'commit').mockImplementation(async function (
      this: ResolutionBatch,
    ) {
      // South's order lands between the batch's reads and its write (the batch planned him late).
      if (!receipt) receipt = (await callsAsync(app, game, (j) => j.submitOrders(game, 'south', 'DRAW 1'))).receipt
      return commit.call(this)
    })
    try {
      const report = await tickYielding(app.judge, DEADLINE, opts(app, game))
      expect(report.games).toMatchObject([{ game, committed: true, retries: 1, actions: ['resolution (deadline)'] }])
    } finally {
      spy.mockRestore()
    }
    const results = await ofType(game, 'TurnAdjudicated')
    expect(results).toHaveLength(1)
    expect(Object.values(results[0]!.data.inputs)).toContain(receipt)
    // Nothing of the beaten batch was kept: no late notice, one set of reports, one next dice secret.
    expect(await ofType(game, 'LateNoticeSent')).toEqual([])
    expect(await reports(game)).toBe(3)
    expect((await verifyAsync(app, game)).ok).toBe(true)
    expect(await clockProblemsAsync(app)).toEqual([])
  })

  it('a savepoint of the gathered writes that throws leaves nothing of them; what follows is written', async () => {
    const game = await dueDuel()
    const batch = await ResolutionBatch.open(app.judge, tickJobs(app), game)
    const store = batch.judge.o.store
    const stream = `game:${game}`
    const note = (text: string) => [
      { type: 'GamePaused', data: { point: 1, by: 'test', reason: text }, audience: { kind: 'public' as const } },
    ]
    expect(() =>
      store.transaction(() => {
        store.append(stream, batch.start.version, note('gathered, then rolled back'))
        throw new Error('the savepoint fails')
      }),
    ).toThrow('the savepoint fails')
    expect(batch.after).toBe(batch.start)
    store.append(stream, batch.start.version, note('kept'))
    expect(await batch.commit()).toBe(true)
    const written = await readEvents(app, stream, batch.start.version + 1)
    expect(written.map((e) => e.data)).toEqual([{ point: 1, by: 'test', reason: 'kept' }])
    expect((await verifyAsync(app, game)).ok).toBe(true)
    expect(await clockProblemsAsync(app)).toEqual([])
  })

  it('two judges ticking one game at once resolve it once', async () => {
    for (let i = 0; i < 6; i++) {
      const game = await dueDuel()
      const [a, b] = i % 2 ? [app, second] : [second, app]
      const [ra, rb] = await Promise.all([
        tickYielding(a.judge, DEADLINE, opts(a, game)),
        tickYielding(b.judge, DEADLINE, opts(b, game)),
      ])
      const committed = [...ra.games, ...rb.games].filter((g) => g.committed)
      expect(committed).toHaveLength(1)
      expect([...ra.games, ...rb.games].filter((g) => g.error)).toEqual([])
      expect(await ofType(game, 'TurnAdjudicated')).toHaveLength(1)
      expect(await ofType(game, 'LateNoticeSent')).toHaveLength(1)
      expect(await reports(game)).toBe(3)
      expect((await verifyAsync(app, game)).ok).toBe(true)
    }
    expect(await clockProblemsAsync(app)).toEqual([])
  })

  // The serve tick as `pbem serve` runs it (the last tick recorded, the due games from the clock read
  // model): a due game read, resolved and the pass recorded without one statement on the
  // synchronous handle, so nothing of the pass blocks the event loop on PostgreSQL.
  it('records the pass and resolves a due game with no synchronous statement', async () => {
    const game = await dueDuel()
    const before = new Date(DEADLINE.getTime() - 30_000)
    await tickYielding(app.judge, before, { jobs: tickJobs(app), games: [] })
    const sync = synchronousCalls(engine.name)
    const store = ['read', 'version', 'append', 'transaction'].map((m) => vi.spyOn(app.judge.o.store, m as 'read'))
    let report: Awaited<ReturnType<typeof tickYielding>>
    try {
      report = await tickYielding(app.judge, DEADLINE, { jobs: tickJobs(app) })
    } finally {
      for (const s of store) s.mockRestore()
    }
    const calls = sync.stop()
    expect(report.previousTick).toBe(before.toISOString())
    expect(report.games.filter((g) => g.game === game)).toMatchObject([{ committed: true }])
    expect(calls).toEqual([])
    for (const s of store) expect(s).not.toHaveBeenCalled()
    expect((await lastTickAsync(app))!.toISOString()).toBe(DEADLINE.toISOString())
    expect(await ofType(game, 'TurnAdjudicated')).toHaveLength(1)
    expect((await verifyAsync(app, game)).ok).toBe(true)
  })

  // Each game's reads and its batch are awaited: a mail that arrives while the first game's batch is
  // being written is read, filed and answered while the pass is still running. The pass's last
  // commit waits for the mail's answer, so the order does not hang on the machine's speed; a pass
  // that held what the intake needs across its awaits would never see the answer and time out.
  it.runIf(engine.name === 'postgres')('answers a mail while a long resolution runs', async () => {
    const games: string[] = []
    for (let i = 0; i < 12; i++) games.push(await dueDuel())
    const handle = inboundHandler(app)
    await handle(stranger(0), 'test:warm-up')
    const order: string[] = []
    let mail: Promise<void> | null = null
    let commits = 0
    const commit = ResolutionBatch.prototype.commit
    const spy = vi.spyOn(ResolutionBatch.prototype, 'commit').mockImplementation(async function (
      this: ResolutionBatch,
    ) {
      mail ??= handle(stranger(1), 'test:during').then((answered) => {
        order.push(`mail ${answered}`)
      })
      if (++commits === games.length) await mail
      return commit.call(this)
    })
    try {
      const report = await tickYielding(app.judge, DEADLINE, { recordTick: false, jobs: tickJobs(app), games })
      order.push('tick done')
      await mail
      expect(order).toEqual(['mail unidentified', 'tick done'])
      expect(report.games.filter((g) => g.committed).map((g) => g.game)).toEqual([...games].sort())
    } finally {
      spy.mockRestore()
    }
    expect(await count(app.jobsDb, "SELECT COUNT(*) FROM outbox WHERE recipient LIKE '%stranger%'")).toBe(2)
  })
})

/** A mail naming no game from someone the judge does not know: read, recorded and answered. */
function stranger(n: number): Buffer {
  return Buffer.from(
    [
      'From: Stranger <stranger@example.test>',
      'To: judge@judge.localhost',
      `Subject: question ${n}`,
      `Message-ID: <batched-stranger-${n}@example.test>`,
      'Date: Thu, 05 Mar 2026 12:00:00 +0000',
      '',
      `Which games are open? (${n})`,
      '',
    ].join('\r\n'),
  )
}
