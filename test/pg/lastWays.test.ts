// The last ways a PostgreSQL judge had to its synchronous driver, closed: what a planning judge reads
// beyond the games (a stream not a game's, the streams of a prefix, a game checked from scratch) and
// what the intake's batch reads beyond them (a reply count, an outbox row) are read ahead on the
// async handle and the decision made again; what no batch carries out (a write beyond the games'
// streams, an event store method the planning judge does not replace) is refused with an error
// naming it. Each test forces the way and checks that no statement went to the synchronous driver
// and that the outcome is the one SQLite's synchronous way gives (or, refused, what was reached).
import { afterEach, expect, it } from 'vitest'
import type { AsyncDatabase } from '../../src/log/async/database.ts'
import { tickJobs } from '../../src/cli/app.ts'
import { SERVER_STREAM } from '../../src/engine/events.ts'
import { FilingBatch } from '../../src/engine/filingBatch.ts'
import { waysBackTaken } from '../../src/engine/gathering.ts'
import { createGameBatched } from '../../src/engine/creationBatch.ts'
import { onPlanningJudge } from '../../src/engine/judgeBatch.ts'
import { Judge } from '../../src/engine/judge.ts'
import type { IntakeDeps } from '../../src/mail/intake.ts'
import { batchWrites, type IntakeWrites, openBatch } from '../../src/mail/intakeWrites.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { createFixtureDuel, DUEL_NORTH, DUEL_SOUTH, type TestApp, testApp } from '../helpers/app.ts'
import { bothEngines } from './engines.ts'
import { synchronousCalls } from './syncCalls.ts'

const [engine] = bothEngines()
const SECRET = 'cd'.repeat(32)

const opened: TestApp[] = []
afterEach(() => {
  for (const a of opened.splice(0)) a.cleanup()
})

/** A judge with game lw1 on PostgreSQL, and its twin on SQLite (the synchronous way's outcome). */
function apps(): { pg: TestApp; lite: TestApp } {
  const pg = testApp('last-ways', { database: engine!.app()!, serverSecret: SECRET })
  const lite = testApp('last-ways', { serverSecret: SECRET })
  opened.push(pg, lite)
  for (const a of [pg, lite]) createFixtureDuel(a, 'lw1')
  return { pg, lite }
}

/** `calls` on a planning judge of lw1 (as a command's), on PostgreSQL: its value or error, and the synchronous statements sent. */
async function onPg<T>(a: TestApp, calls: (j: Judge) => T): Promise<{ out: T | string; sync: string[] }> {
  const sync = synchronousCalls('postgres')
  const out = await onPlanningJudge(a.judge, tickJobs(a as never), 'lw1', calls).catch((e: Error) => e.message)
  return { out, sync: sync.stop() }
}

/** The same calls the synchronous way's batch takes on SQLite, and the ways back it noted. */
async function onLite<T>(a: TestApp, calls: (j: Judge) => T): Promise<{ out: T | string; back: string[] }> {
  const before = new Map(waysBackTaken())
  const out = await onPlanningJudge(a.judge, tickJobs(a as never), 'lw1', calls).catch((e: Error) => e.message)
  const back = [...waysBackTaken()].flatMap(([k, n]) => (n > (before.get(k) ?? 0) ? [k] : []))
  return { out, back }
}

it("a stream not a game's (the server secret's record) read by a planning judge: read ahead, no synchronous statement", async () => {
  const { pg, lite } = apps()
  const calls = (j: Judge) => j.o.store.read(SERVER_STREAM).map((e) => e.type)
  const onPostgres = await onPg(pg, calls)
  const onSqlite = await onLite(lite, calls)
  expect(onPostgres.sync).toEqual([])
  expect(onPostgres.out).toEqual(onSqlite.out)
  expect(onPostgres.out).toContain('ServerSecretInUse')
})

it("the streams of a prefix (the judge's list of games) on a planning judge: read ahead, no synchronous statement", async () => {
  const { pg, lite } = apps()
  for (const a of [pg, lite]) createFixtureDuel(a, 'lw2')
  const calls = (j: Judge) => [j.games().sort(), j.o.store.version('game:lw2')]
  const onPostgres = await onPg(pg, calls)
  expect(onPostgres.sync).toEqual([])
  expect(onPostgres.out).toEqual((await onLite(lite, calls)).out)
  expect(onPostgres.out).toEqual([['lw1', 'lw2'], expect.any(Number)])
})

it("a game checked from scratch on a planning judge (an audit's load): its stream and pack read ahead, no synchronous statement", async () => {
  const { pg, lite } = apps()
  pg.judge.submitOrders('lw1', 'north', 'DRAW 1')
  lite.judge.submitOrders('lw1', 'north', 'DRAW 1')
  const calls = (j: Judge) => {
    const fold = j.load('lw1', { check: true })
    return { version: fold.version, orders: [...fold.players.keys()].sort() }
  }
  const onPostgres = await onPg(pg, calls)
  const onSqlite = await onLite(lite, calls)
  expect(onPostgres.sync).toEqual([])
  expect(onPostgres.out).toEqual(onSqlite.out)
  expect(onSqlite.back).toEqual([])
})

it("a write beyond the games' streams: refused on PostgreSQL with an error naming it, nothing written, no synchronous statement", async () => {
  const { pg, lite } = apps()
  const event = { type: 'ServerSecretInUse', data: { fingerprint: 'x'.repeat(16) }, audience: { kind: 'moderator' } }
  const calls = (j: Judge) => j.o.store.append('system:elsewhere', 0, [event as never]).length
  const onPostgres = await onPg(pg, calls)
  expect(onPostgres.sync).toEqual([])
  expect(onPostgres.out).toBe(
    'an append to system:elsewhere is beyond what a batch writes, and the decision is refused: the synchronous PostgreSQL driver is retired from the judge',
  )
  expect(pg.store.version('system:elsewhere')).toBe(0)
  // SQLite makes the decision again the synchronous way, which writes it.
  const onSqlite = await onLite(lite, calls)
  expect(onSqlite.back).toContain('a planning judge: an append to system:elsewhere')
})

it('an event store method the planning judge does not replace: refused on PostgreSQL, naming it; noted on SQLite', async () => {
  const { pg, lite } = apps()
  const calls = (j: Judge) => {
    j.o.store.onAppend('last-ways', () => {})
    return 'listened'
  }
  const onPostgres = await onPg(pg, calls)
  expect(onPostgres.sync).toEqual([])
  expect(onPostgres.out).toBe(
    "the event store's onAppend on a planning judge: the synchronous PostgreSQL driver is retired from the judge",
  )
  const onSqlite = await onLite(lite, calls)
  expect(onSqlite.out).toBe('listened')
  expect(onSqlite.back).toContain("a planning judge: the event store's onAppend")
})

/** The intake's dependencies on `a`, batched on its async handle. */
const intakeDeps = (a: TestApp): IntakeDeps => ({
  judge: a.judge,
  db: a.db,
  jobsDb: a.jobsDb,
  outbox: sqliteOutbox(a.db, a.clock),
  clock: a.clock,
})

/**
 * `decide` on the intake's batch writes, as the intake's rounds make it: what it reaches that was
 * not read ahead stops it (on PostgreSQL every batch reads ahead only), is read ahead by the next
 * batch, and it is made again. Its value, and the rounds it took.
 */
async function decided<T>(a: TestApp, decide: (w: IntakeWrites) => T): Promise<{ value: T; rounds: number }> {
  const deps = intakeDeps(a)
  const reached: string[] = []
  for (let rounds = 1; rounds < 5; rounds++) {
    const batch: FilingBatch = await openBatch(deps, a.jobsDb)
    for (const name of reached) await batch.readGame(name)
    try {
      return { value: decide(batchWrites(deps, batch)), rounds }
    } catch (e) {
      if (!batch.unread.size) throw e
      reached.push(...batch.unread)
    }
  }
  throw new Error('still reaching what was not read ahead')
}

it("the intake's reply count and outbox row not read ahead: read ahead by the next batch, no synchronous statement, SQLite's values", async () => {
  const { pg, lite } = apps()
  const rowOf = (a: TestApp) =>
    a.db.prepare('SELECT message_id AS id FROM outbox ORDER BY id LIMIT 1').get() as { id: string }
  const decide = (id: string) => (w: IntakeWrites) => ({
    replies: w.repliesLastHour('North@Example.Test'),
    row: w.outboxRow(id),
    none: w.outboxRow('<nobody@example.test>'),
  })
  const liteOut = await decided(lite, decide(rowOf(lite).id))
  const pgId = rowOf(pg).id
  const sync = synchronousCalls('postgres')
  let pgOut: Awaited<ReturnType<typeof decided<ReturnType<ReturnType<typeof decide>>>>>
  try {
    pgOut = await decided(pg, decide(pgId))
  } finally {
    expect(sync.stop()).toEqual([])
  }
  expect(pgOut.rounds).toBeGreaterThan(1)
  expect({ ...pgOut.value, row: { ...pgOut.value.row, id: 0 } }).toEqual({
    ...liteOut.value,
    row: { ...liteOut.value.row, id: 0 },
  })
  expect(pgOut.value.none).toBeNull()
})

/** `a`'s judge made to reach `reach` while a creation asks its opening questions. */
function reachingCreation(a: TestApp, reach: (j: Judge) => void): void {
  const own = Judge.prototype.askOpeningQuestions
  a.judge.askOpeningQuestions = function (this: Judge, ...args: Parameters<Judge['askOpeningQuestions']>) {
    reach(this)
    return own.apply(this, args)
  }
}

const eventsOf = (a: TestApp, game: string) =>
  a.store.read(`game:${game}`).map((e) => ({ type: e.type, data: e.data, hash: e.hash }))

it("a creation reaching a stream not a game's: read under its lock in the locked way, no synchronous statement, the game SQLite creates", async () => {
  const { pg, lite } = apps()
  for (const a of [pg, lite]) reachingCreation(a, (j) => j.o.store.read(SERVER_STREAM))
  const req = { game: 'lw3', ruleset: 'hidden-deck', scenario: 'duel', players: [DUEL_NORTH, DUEL_SOUTH] }
  const sync = synchronousCalls('postgres')
  let keys: Record<string, string>
  try {
    keys = (await createGameBatched(pg.judge, tickJobs(pg as never), req)).keys
  } finally {
    expect(sync.stop()).toEqual([])
  }
  expect(keys).toEqual((await createGameBatched(lite.judge, tickJobs(lite as never), req)).keys)
  expect(eventsOf(pg, 'lw3')).toEqual(eventsOf(lite, 'lw3'))
})

it('a creation reaching what no batch reads ahead: refused on PostgreSQL with an error naming it, nothing written', async () => {
  const { pg } = apps()
  reachingCreation(pg, (j) => j.o.store.onAppend('last-ways', () => {}))
  const req = { game: 'lw4', ruleset: 'hidden-deck', scenario: 'duel', players: [DUEL_NORTH, DUEL_SOUTH] }
  const sync = synchronousCalls('postgres')
  try {
    await expect(createGameBatched(pg.judge, tickJobs(pg as never), req)).rejects.toThrow(
      /lw4: the event store's onAppend is not gathered in the creation's batch, nor carried out locked: the synchronous PostgreSQL driver is retired from the judge/,
    )
  } finally {
    expect(sync.stop()).toEqual([])
  }
  expect(pg.store.version('game:lw4')).toBe(0)
})

/** `db` whose reads of the settings table fail (a server secret that cannot be read). */
function settingsUnreadable(db: AsyncDatabase): AsyncDatabase {
  return new Proxy(db, {
    get(target, key) {
      const v = Reflect.get(target, key)
      if (key !== 'all' && key !== 'get') return typeof v === 'function' ? v.bind(target) : v
      return (sql: string, params?: unknown[]) =>
        /FROM settings/.test(sql) ? Promise.reject(new Error('settings unreadable')) : v.call(target, sql, params)
    },
  })
}

it('a filing batch whose server secret cannot be read ahead: fails with the reason on PostgreSQL, reads nothing synchronously; SQLite reads it when a key is checked', async () => {
  const { pg, lite } = apps()
  // A judge whose handle has no secret configured: its secret is the database's, read from the settings.
  const unconfigured = (a: TestApp) =>
    Object.create(a.judge, { o: { value: { ...a.judge.o, db: new Proxy(a.db, {}) } } })
  const sync = synchronousCalls('postgres')
  try {
    await expect(FilingBatch.open(unconfigured(pg), settingsUnreadable(pg.jobsDb), () => [])).rejects.toThrow(
      'settings unreadable',
    )
  } finally {
    expect(sync.stop()).toEqual([])
  }
  const batch = await FilingBatch.open(unconfigured(lite), settingsUnreadable(lite.jobsDb), () => [])
  expect(batch.serverSecret).toBeUndefined()
})
