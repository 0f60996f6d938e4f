// Races, each run at least 100 times with deterministic interleavings (both orders, and one side
// acting on a stale read): exactly one outcome every time.
//   1. a late order and the tick at the deadline instant;
//   2. two judge processes (two Judge objects on one database, each with its own connection)
//      ticking the same game;
//   3. a moderator's extension while the tick resolves the point.
// On both engines: a SQLite file, and one PostgreSQL database for the two judges.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openApp, type App } from '../../src/cli/app.ts'
import { demoSecret } from '../../src/cli/demo.ts'
import { verifyGame } from '../../src/engine/audit.ts'
import { PointMovedError } from '../../src/engine/judge.ts'
import { ConcurrencyError } from '../../src/log/store.ts'
import { tick } from '../../src/schedule/tick.ts'
import { createFixtureDuel, testApp, type TestApp } from '../helpers/app.ts'
import { bothEngines } from '../pg/engines.ts'
import { HOUR, START } from './helpers.ts'

const ENGINES = bothEngines()

const RUNS = 102
const DEADLINE = new Date(START + 72 * HOUR)
const TEMPLATE = 'race-template'

describe.each(ENGINES)('on $name', (engine) => {
  let app: TestApp
  let second: App
  let n = 0
  let database: string | undefined

  /** A fresh fixture duel in the state of the template (North's orders in), cloned event by event. */
  function cloneGame(): string {
    const id = `race-${++n}`
    const rewrite = (v: unknown) => JSON.parse(JSON.stringify(v).replaceAll(TEMPLATE, id))
    app.store.transaction(() => {
      for (const e of app.store.read(`game:${TEMPLATE}`))
        app.store.append(`game:${id}`, e.version - 1, [
          {
            type: e.type,
            schemaVersion: e.schemaVersion,
            data: rewrite(e.data),
            audience: e.audience,
            causation: e.causation,
          },
        ])
      app.db
        .prepare(
          `INSERT INTO secrets (game, purpose, point, secret) SELECT ?, purpose, point, secret FROM secrets WHERE game = ?`,
        )
        .run(id, TEMPLATE)
    })
    return id
  }

  beforeAll(() => {
    database = engine.app()
    app = testApp('race', { database })
    createFixtureDuel(app, TEMPLATE)
    app.judge.submitOrders(TEMPLATE, 'north', 'DRAW 1')
    // A second judge process: its own connection to the same database file.
    second = openApp({
      dataDir: app.dirs.data,
      ...(database ? { database } : {}),
      clock: () => new Date(app.now.t),
      newSecret: demoSecret('race'),
      moderatorAddress: 'mod@example.test',
      mailDomain: 'judge.example.test',
    })
  })
  afterAll(() => {
    second.close()
    app.cleanup()
  })

  const opts = (game: string) => ({ games: [game], recordTick: false })
  const results = (a: App, game: string) => a.store.read(`game:${game}`).filter((e) => e.type === 'TurnAdjudicated')
  const reports = (game: string) =>
    (
      app.db
        .prepare(`SELECT COUNT(*) AS n FROM outbox WHERE game = ? AND kind = 'report' AND message_id LIKE ?`)
        .get(game, `report.${game}.r1.%`) as { n: number }
    ).n

  describe('races', () => {
    it(`a late order and the tick at the same instant (${RUNS} runs)`, () => {
      const seen = new Set<string>()
      for (let i = 0; i < RUNS; i++) {
        const game = cloneGame()
        app.now.t = DEADLINE.getTime() // an order at the deadline instant is on time
        let accepted: boolean
        let receipt: string
        switch (i % 3) {
          case 0: {
            // The order first, then the tick.
            const r = app.judge.submitOrders(game, 'south', 'DRAW 1')
            accepted = r.accepted
            receipt = r.receipt
            tick(app.judge, DEADLINE, opts(game))
            break
          }
          case 1: {
            // The tick first: the order finds the point closed.
            tick(app.judge, DEADLINE, opts(game))
            const r = app.judge.submitOrders(game, 'south', 'DRAW 1')
            accepted = r.accepted
            receipt = r.receipt
            break
          }
          default: {
            // The tick read the game before the order was appended and acts on that stale read.
            const stale = app.judge.load(game)
            const r = app.judge.submitOrders(game, 'south', 'DRAW 1')
            accepted = r.accepted
            receipt = r.receipt
            const t = tick(app.judge, DEADLINE, { ...opts(game), loadFold: () => stale })
            expect(t.games[0]!.retries).toBe(1)
            break
          }
        }
        const done = results(app, game)
        expect(done).toHaveLength(1)
        const used = Object.values(done[0]!.data.inputs).includes(receipt)
        // The duel awaits South again in round 2: an order the tick beat is filed for that round.
        const inTime = accepted && receipt.startsWith(`${game}/1/`)
        // Exactly one outcome: an order in time is used, one too late is not, and only then is anyone late.
        expect(used).toBe(inTime)
        if (!inTime) expect(app.judge.load(game).orders.get('south')?.receipt).toBe(receipt)
        const late = app.store.read(`game:${game}`).filter((e) => e.type === 'LateNoticeSent')
        expect(late.length).toBe(inTime ? 0 : 1)
        expect(reports(game)).toBe(3)
        seen.add(`${i % 3}:${inTime}`)
        if (i % 25 === 0) expect(verifyGame(app.db, app.judge, game).ok).toBe(true)
      }
      expect([...seen].sort()).toEqual(['0:true', '1:false', '2:true'])
    }, 300_000)

    it(`two judge processes on one database tick the same game (${RUNS} runs)`, () => {
      for (let i = 0; i < RUNS; i++) {
        const game = cloneGame()
        app.now.t = DEADLINE.getTime()
        const [first, other] = i % 2 === 0 ? [app, second] : [second, app]
        switch (i % 4) {
          case 0:
          case 1: {
            // One after the other: the second finds nothing to do.
            const a = tick(first.judge, DEADLINE, opts(game))
            const b = tick(other.judge, DEADLINE, opts(game))
            expect(a.games[0]!.committed).toBe(true)
            expect(b.games).toEqual([])
            break
          }
          default: {
            // Both read the game before either acted; the second to act loses on the stream version,
            // reads again, and finds the point already resolved.
            const staleA = first.judge.load(game)
            const staleB = other.judge.load(game)
            const a = tick(first.judge, DEADLINE, { ...opts(game), loadFold: () => staleA })
            const b = tick(other.judge, DEADLINE, { ...opts(game), loadFold: () => staleB })
            expect(a.games[0]).toMatchObject({ committed: true, retries: 0 })
            expect(b.games[0]).toMatchObject({ committed: false, advanced: false, retries: 1, actions: [] })
            break
          }
        }
        expect(results(app, game)).toHaveLength(1)
        expect(results(second, game)).toHaveLength(1)
        expect(app.store.read(`game:${game}`).filter((e) => e.type === 'LateNoticeSent')).toHaveLength(1)
        expect(reports(game)).toBe(3)
      }
    }, 300_000)

    it(`a moderator extension while the tick resolves (${RUNS} runs)`, () => {
      const outcomes = new Map<string, number>()
      for (let i = 0; i < RUNS; i++) {
        const game = cloneGame()
        app.now.t = DEADLINE.getTime()
        let extended = false
        const extend = (o: { expectedVersion?: number } = {}) => {
          try {
            app.judge.extend(game, 24, { point: 1, by: 'moderator', ...o })
            extended = true
          } catch (e) {
            if (!(e instanceof PointMovedError) && !(e instanceof ConcurrencyError)) throw e
          }
        }
        switch (i % 4) {
          case 0:
            extend()
            tick(second.judge, DEADLINE, opts(game))
            break
          case 1:
            tick(second.judge, DEADLINE, opts(game))
            extend()
            break
          case 2: {
            // The tick planned the resolution from a read taken before the extension.
            const stale = second.judge.load(game)
            extend()
            const t = tick(second.judge, DEADLINE, { ...opts(game), loadFold: () => stale })
            expect(t.games[0]!.retries).toBe(1)
            break
          }
          default: {
            // The moderator looked at the game before the tick resolved it.
            const seen = app.judge.load(game)
            tick(second.judge, DEADLINE, opts(game))
            extend({ expectedVersion: seen.version })
            break
          }
        }
        const events = app.store.read(`game:${game}`)
        const adjudicated = events.filter((e) => e.type === 'TurnAdjudicated').length
        const extensions = events.filter(
          (e) => e.type === 'DeadlineSet' && e.data.point === 1 && /extended/.test(e.data.reason),
        ).length
        // Exactly one outcome: either the point was resolved (and no extension recorded) or extended (and not resolved).
        expect(adjudicated + extensions).toBe(1)
        expect(extended).toBe(extensions === 1)
        if (extended)
          expect(app.judge.load(game).deadline!.deadline).toBe(new Date(DEADLINE.getTime() + 24 * HOUR).toISOString())
        const key = extended ? 'extended' : 'resolved'
        outcomes.set(`${i % 4}:${key}`, (outcomes.get(`${i % 4}:${key}`) ?? 0) + 1)
      }
      expect([...outcomes.keys()].sort()).toEqual(['0:extended', '1:resolved', '2:extended', '3:resolved'])
    }, 300_000)
  })
})
