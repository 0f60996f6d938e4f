// The batched paths' ways back carried out locked on the async handle: when a batch keeps losing
// its races, or its decision keeps reaching games it did not read ahead, PostgreSQL carries the
// decision out in one transaction that locks the streams first, then reads them, decides and writes
// (src/engine/lockedBatch.ts). Each test forces the way back, and checks that no statement went to
// the synchronous driver, that what is written is what the synchronous way writes, and that
// nothing is written twice. On SQLite the same calls take the synchronous way back.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { tickJobs } from '../../src/cli/app.ts'
import { verifyGame } from '../../src/engine/audit.ts'
import { createGameBatched } from '../../src/engine/creationBatch.ts'
import { lockedWaysTaken, waysBackTaken } from '../../src/engine/gathering.ts'
import { BATCH_TRIES, onPlanningJudge, READ_ROUNDS } from '../../src/engine/judgeBatch.ts'
import { inLockedTransaction } from '../../src/engine/lockedBatch.ts'
import { Judge } from '../../src/engine/judge.ts'
import { handleInbound, type IntakeDeps, recordIntakeFailure } from '../../src/mail/intake.ts'
import { fileGroup, readForGroup } from '../../src/mail/intakeGroup.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { runTick, runTickYielding, type TickReport } from '../../src/schedule/tick.ts'
import type { AsyncDatabase, AsyncStep } from '../../src/log/async/database.ts'
import { createFixtureDuel, DUEL_NORTH, DUEL_SOUTH, outboxRows, testApp, type TestApp } from '../helpers/app.ts'
import { clockProblems } from '../helpers/clock.ts'
import { HOUR, START } from '../schedule/helpers.ts'
import { plainMails } from '../helpers/plainMail.ts'
import { bothEngines } from './engines.ts'
import { synchronousCalls } from './syncCalls.ts'

const [engine] = bothEngines()

const eml = plainMails('locked')
const onPg = engine!.name === 'postgres'
const SECRET = 'ab'.repeat(32)

/** The keys of `taken` (a way-back census) that grew since `before`. */
function grew(taken: ReadonlyMap<string, number>, before: Map<string, number>): string[] {
  return [...taken].flatMap(([k, n]) => (n > (before.get(k) ?? 0) ? [k] : []))
}

/** The census before a call, and what was taken since: [locked ways, synchronous ways back]. */
function census() {
  const locked = new Map(lockedWaysTaken())
  const back = new Map(waysBackTaken())
  return () => [grew(lockedWaysTaken(), locked), grew(waysBackTaken(), back)]
}

/**
 * `db` whose batch first lets `race` write (another writer getting ahead of the batch) for the first
 * `times` batches; its transactions, the locked way's, are left alone.
 */
function racing(db: AsyncDatabase, times: number, race: () => Promise<unknown>): AsyncDatabase {
  let raced = 0
  return new Proxy(db, {
    get(target, key) {
      if (key === 'batch')
        return async (steps: readonly AsyncStep[]) => {
          if (raced++ < times) await race()
          return target.batch(steps)
        }
      const v = Reflect.get(target, key)
      return typeof v === 'function' ? v.bind(target) : v
    },
  })
}

/** The intake's dependencies on `a`, batched on `jobsDb` when given (else the synchronous intake). */
const intakeDeps = (a: TestApp, jobsDb?: AsyncDatabase): IntakeDeps => ({
  judge: a.judge,
  db: a.db,
  ...(jobsDb ? { jobsDb } : {}),
  outbox: sqliteOutbox(a.db, a.clock),
  clock: a.clock,
})

/** The game's events as written: type, data, version (the hash chain is checked by verifyGame). */
const eventsOf = (app: TestApp, game: string) =>
  app.store.read(`game:${game}`).map((e) => ({ version: e.version, type: e.type, data: e.data }))
const lettersOf = (app: TestApp) =>
  outboxRows(app).map((m) => ({ to: m.recipient, kind: m.kind, subject: m.mail.subject, text: m.mail.text }))

describe('the ways back, locked on the async handle', () => {
  let app: TestApp
  let twin: TestApp
  beforeEach(() => {
    // One server secret: the players' keys (and so the events) come out the same on both.
    app = testApp('locked-way', { database: engine!.app()!, serverSecret: SECRET })
    twin = testApp('locked-way', { database: engine!.app()!, serverSecret: SECRET })
    for (const a of [app, twin]) createFixtureDuel(a, 'lw1')
  })
  afterEach(() => {
    app.cleanup()
    twin.cleanup()
  })

  it("a moderator's command whose batch loses BATCH_TRIES races: written once, locked, no synchronous statement", async () => {
    const north = (j: Judge) => j.submitOrders('lw1', 'north', 'DRAW 1')
    const south = (j: Judge) => j.submitOrders('lw1', 'south', 'DRAW 2').accepted
    const jobs = tickJobs(app)
    // Another writer files north's orders ahead of every batch.
    const racer = () => onPlanningJudge(app.judge, jobs, 'lw1', north)
    const raced = { ...jobs, db: racing(app.jobsDb, BATCH_TRIES, racer) }
    app.judge.folds.clear()
    const taken = census()
    const sync = synchronousCalls(engine!.name)
    let accepted: boolean
    try {
      accepted = await onPlanningJudge(app.judge, raced, 'lw1', south)
    } finally {
      expect(sync.stop()).toEqual([])
    }
    expect(accepted).toBe(true)
    const [locked, back] = taken()
    expect(locked).toEqual(onPg ? ['the judge calls of a command: game lw1'] : [])
    expect(back).toEqual(onPg ? [] : ['the judge calls of a command: game lw1'])
    // The synchronous way, on the twin: the same writes in the same order.
    for (let i = 0; i < BATCH_TRIES; i++) north(twin.judge)
    south(twin.judge)
    expect(eventsOf(app, 'lw1')).toEqual(eventsOf(twin, 'lw1'))
    expect(eventsOf(app, 'lw1').filter((e) => e.type === 'OrdersAccepted')).toHaveLength(BATCH_TRIES + 1)
    expect(lettersOf(app)).toEqual(lettersOf(twin))
    expect(verifyGame(app.db, app.judge, 'lw1').ok).toBe(true)
    expect(clockProblems(app.judge)).toEqual([])
  })

  it('calls that reach a new game each round past READ_ROUNDS: each locked and read in the one transaction', async () => {
    const chain = Array.from({ length: READ_ROUNDS + 2 }, (_, i) => `lwc${i}`)
    for (const a of [app, twin]) for (const g of chain) createFixtureDuel(a, g)
    // The decision reaches the games one by one: each round reads ahead the one it stopped at.
    const calls = (j: Judge) => {
      const seen = chain.map((g) => j.load(g).version)
      j.submitOrders('lw1', 'south', `DRAW ${1 + (seen.length % 3)}`)
      return seen
    }
    app.judge.folds.clear()
    const taken = census()
    const sync = synchronousCalls(engine!.name)
    let seen: number[]
    try {
      seen = await onPlanningJudge(app.judge, tickJobs(app), 'lw1', calls)
    } finally {
      expect(sync.stop()).toEqual([])
    }
    expect(seen).toEqual(twin.judge.transaction(() => calls(twin.judge)))
    const [locked, back] = taken()
    // On SQLite the fourth round reads the games it reaches on the synchronous handle.
    if (onPg) expect([locked, back]).toEqual([['the judge calls of a command: game lw1'], []])
    else expect(back.length).toBeGreaterThan(0)
    expect(eventsOf(app, 'lw1')).toEqual(eventsOf(twin, 'lw1'))
    expect(lettersOf(app)).toEqual(lettersOf(twin))
  })

  it.each([
    ['another game', (j: Judge) => j.load('lw3')],
    ["another game's dice secret", (j: Judge) => j.secrets.get('lw3', 'dice', 1)],
  ])(
    "a tick's resolution that reaches %s (NotGathered): carried out locked, as the synchronous tick does",
    async (_, reach) => {
      for (const a of [app, twin]) {
        createFixtureDuel(a, 'lw3')
        a.judge.submitOrders('lw1', 'north', 'DRAW 1')
        // The plan reads beyond what the tick's batch of one game gathers.
        const own = Judge.prototype.applyPlan
        a.judge.applyPlan = function (this: Judge, ...args: Parameters<Judge['applyPlan']>) {
          if (args[0] === 'lw1') reach(this)
          return own.apply(this, args)
        }
      }
      const deadline = new Date(START + 72 * HOUR)
      app.judge.folds.clear()
      const taken = census()
      const sync = synchronousCalls(engine!.name)
      let report: TickReport
      try {
        report = await runTickYielding(app.judge, deadline, tickJobs(app))
      } finally {
        expect(sync.stop()).toEqual([])
      }
      const [locked, back] = taken()
      expect(locked).toEqual(onPg ? ["the tick's batch: game lw1"] : [])
      expect(back).toEqual(onPg ? [] : [expect.stringContaining("the tick's batch")])
      const twinReport = runTick(twin.judge, deadline)
      const resolved = (r: TickReport) => r.games.filter((g) => g.game === 'lw1')
      expect(resolved(report)).toEqual(resolved(twinReport))
      expect(resolved(report)[0]).toMatchObject({ advanced: true, committed: true, retries: 0 })
      expect(eventsOf(app, 'lw1')).toEqual(eventsOf(twin, 'lw1'))
      expect(eventsOf(app, 'lw1').filter((e) => e.type === 'TurnAdjudicated')).toHaveLength(1)
      expect(lettersOf(app)).toEqual(lettersOf(twin))
      expect(verifyGame(app.db, app.judge, 'lw1').ok).toBe(true)
      expect(clockProblems(app.judge)).toEqual([])
    },
  )

  it('a creation that reaches another game (NotGathered): created locked, as the synchronous way creates it', async () => {
    for (const a of [app, twin]) {
      // The creation reads another game: beyond what its batch of one game gathers.
      const own = Judge.prototype.askOpeningQuestions
      a.judge.askOpeningQuestions = function (this: Judge, ...args: Parameters<Judge['askOpeningQuestions']>) {
        this.load('lw1')
        return own.apply(this, args)
      }
    }
    const req = { game: 'lw4', ruleset: 'hidden-deck', scenario: 'duel', players: [DUEL_NORTH, DUEL_SOUTH] }
    const mail = lettersOf(app).length
    app.judge.folds.clear()
    const taken = census()
    const sync = synchronousCalls(engine!.name)
    let keys: Record<string, string>
    try {
      keys = (await createGameBatched(app.judge, tickJobs(app), req)).keys
    } finally {
      expect(sync.stop()).toEqual([])
    }
    const [locked, back] = taken()
    expect(locked).toEqual(onPg ? ['a creation: game lw4'] : [])
    expect(back).toEqual(onPg ? [] : [expect.stringContaining('a creation')])
    expect(keys).toEqual(twin.judge.createGame(req).keys)
    expect(eventsOf(app, 'lw4')).toEqual(eventsOf(twin, 'lw4'))
    expect(eventsOf(app, 'lw4').filter((e) => e.type === 'GameCreated')).toHaveLength(1)
    expect(lettersOf(app)).toEqual(lettersOf(twin))
    expect(lettersOf(app).length).toBeGreaterThan(mail)
    expect(verifyGame(app.db, app.judge, 'lw4').ok).toBe(true)
    expect(clockProblems(app.judge)).toEqual([])
  })

  it('a mail whose filing loses BATCH_TRIES races to other mails: filed locked, once, as the synchronous intake files it', async () => {
    const keys = createFixtureDuel(app, 'lw5').keys
    expect(createFixtureDuel(twin, 'lw5').keys).toEqual(keys)
    const orders = (role: string, n: number) =>
      eml(`${role}@example.test`, `GAME lw5 ${role}\nKEY ${keys[role]}\nDRAW ${n}`)
    const others = Array.from({ length: BATCH_TRIES }, (_, i) => orders('north', 1 + (i % 3)))
    const main = orders('south', 2)
    // Another intake files north's mails ahead of each of the batches of south's.
    let next = 0
    const racer = () => handleInbound(others[next++]!, 'test', intakeDeps(app, app.jobsDb))
    app.judge.folds.clear()
    const taken = census()
    const sync = synchronousCalls(engine!.name)
    let outcome: string
    try {
      outcome = await handleInbound(main, 'test', intakeDeps(app, racing(app.jobsDb, BATCH_TRIES, racer)))
    } finally {
      expect(sync.stop()).toEqual([])
    }
    expect(next).toBe(BATCH_TRIES)
    const [locked] = taken()
    expect(locked).toEqual(onPg ? [expect.stringMatching(/^the intake: mail /)] : [])
    // The synchronous intake on the twin, the same mails in the same order.
    for (const m of others) await handleInbound(m, 'test', intakeDeps(twin))
    expect(await handleInbound(main, 'test', intakeDeps(twin))).toBe(outcome)
    expect(eventsOf(app, 'lw5')).toEqual(eventsOf(twin, 'lw5'))
    expect(eventsOf(app, 'lw5').filter((e) => e.type === 'OrdersAccepted')).toHaveLength(BATCH_TRIES + 1)
    expect(lettersOf(app)).toEqual(lettersOf(twin))
    const mails = (a: TestApp) => a.store.read('system:mail').map((e) => ({ type: e.type, data: e.data }))
    expect(mails(app)).toEqual(mails(twin))
    // Once more: a duplicate, written nowhere.
    expect(await handleInbound(main, 'test', intakeDeps(app, app.jobsDb))).toBe('duplicate')
    expect(mails(app)).toHaveLength(mails(twin).length)
  })

  it('the record of a mail the intake failed on, whose batch loses BATCH_TRIES races: recorded locked, once', async () => {
    const keys = createFixtureDuel(app, 'lw7').keys
    createFixtureDuel(twin, 'lw7')
    const others = Array.from({ length: BATCH_TRIES }, (_, i) =>
      eml('north@example.test', `GAME lw7 north\nKEY ${keys.north}\nDRAW ${1 + (i % 3)}`),
    )
    const broken = eml('south@example.test', 'GAME lw7 south\nDRAW 2')
    let next = 0
    const racer = () => handleInbound(others[next++]!, 'test', intakeDeps(app, app.jobsDb))
    const taken = census()
    const sync = synchronousCalls(engine!.name)
    try {
      await recordIntakeFailure(
        broken,
        'test',
        intakeDeps(app, racing(app.jobsDb, BATCH_TRIES, racer)),
        new Error('a disk full'),
      )
    } finally {
      expect(sync.stop()).toEqual([])
    }
    expect(next).toBe(BATCH_TRIES)
    const [locked] = taken()
    expect(locked).toEqual(onPg ? [expect.stringMatching(/^the intake: mail /)] : [])
    for (const m of others) await handleInbound(m, 'test', intakeDeps(twin))
    await recordIntakeFailure(broken, 'test', intakeDeps(twin), new Error('a disk full'))
    const mails = (a: TestApp) => a.store.read('system:mail').map((e) => ({ type: e.type, data: e.data }))
    expect(mails(app)).toEqual(mails(twin))
    expect(lettersOf(app)).toEqual(lettersOf(twin))
    expect(mails(app).filter((e) => JSON.stringify(e.data).includes('a disk full'))).toHaveLength(1)
  })

  it('an IMAP group whose second mail reaches a game not read ahead: the group ends there, the mail filed alone, none synchronously', async () => {
    const keys = createFixtureDuel(app, 'lw6').keys
    createFixtureDuel(twin, 'lw6')
    for (const a of [app, twin]) {
      // South's orders read another game, which the mail does not name.
      const own = Judge.prototype.planOrders
      a.judge.planOrders = function (this: Judge, ...args: Parameters<Judge['planOrders']>) {
        if (args[1] === 'south') this.load('lw1')
        return own.apply(this, args)
      }
    }
    const orders = (role: string, n: number) =>
      eml(`${role}@example.test`, `GAME lw6 ${role}\nKEY ${keys[role]}\nDRAW ${n}`)
    const mails = [orders('north', 1), orders('south', 2)]
    app.judge.folds.clear()
    const taken = census()
    const sync = synchronousCalls(engine!.name)
    let outcomes: string[]
    try {
      const group = await Promise.all(mails.map((m) => readForGroup(m, 'test', intakeDeps(app, app.jobsDb))))
      const filed = await fileGroup(group, intakeDeps(app, app.jobsDb))
      expect(filed).toHaveLength(onPg ? 1 : 2)
      outcomes = [...filed]
      for (const m of mails.slice(filed.length))
        outcomes.push(await handleInbound(m, 'test', intakeDeps(app, app.jobsDb)))
    } finally {
      expect(sync.stop()).toEqual([])
    }
    const [, back] = taken()
    if (onPg) expect(back).toEqual([])
    const twinOutcomes = []
    for (const m of mails) twinOutcomes.push(await handleInbound(m, 'test', intakeDeps(twin)))
    expect(outcomes).toEqual(twinOutcomes)
    expect(eventsOf(app, 'lw6')).toEqual(eventsOf(twin, 'lw6'))
    expect(lettersOf(app)).toEqual(lettersOf(twin))
  })

  it.runIf(onPg)('two judges take the locked way on one game at once: both written, one after the other', async () => {
    const url = engine!.app()!
    const judges = [testApp('locked-two', { database: url }), testApp('locked-two', { database: url })]
    try {
      createFixtureDuel(judges[0]!, 'lw2')
      const chain = Array.from({ length: READ_ROUNDS + 2 }, (_, i) => `lwt${i}`)
      for (const g of chain) createFixtureDuel(judges[0]!, g)
      const calls = (role: string) => (j: Judge) => {
        for (const g of chain) j.load(g)
        return j.submitOrders('lw2', role, 'DRAW 1').accepted
      }
      const start = judges[0]!.judge.load('lw2').version
      const taken = census()
      const sync = synchronousCalls(engine!.name)
      let accepted: boolean[]
      try {
        accepted = await Promise.all(
          judges.map((a, i) => onPlanningJudge(a.judge, tickJobs(a), 'lw2', calls(i ? 'south' : 'north'))),
        )
      } finally {
        expect(sync.stop()).toEqual([])
      }
      expect(accepted).toEqual([true, true])
      const [locked, back] = taken()
      expect(locked).toEqual(['the judge calls of a command: game lw2'])
      expect(lockedWaysTaken().get(locked[0]!)).toBeGreaterThanOrEqual(2)
      expect(back).toEqual([])
      const written = eventsOf(judges[1]!, 'lw2').filter((e) => e.version > start)
      expect(written.map((e) => e.version)).toEqual([start + 1, start + 2])
      expect(written.map((e) => e.type)).toEqual(['OrdersAccepted', 'OrdersAccepted'])
      expect(written.map((e) => (e.data as { role: string }).role).sort()).toEqual(['north', 'south'])
      expect(verifyGame(judges[1]!.db, judges[1]!.judge, 'lw2').ok).toBe(true)
    } finally {
      for (const a of judges) a.cleanup()
    }
  })

  it.runIf(onPg)(
    'a deadlock between two locked transactions: PostgreSQL breaks it, the one it failed starts again, both commit',
    async () => {
      // Each takes one lock, waits for the other to hold its own, then asks for the other's.
      let arrived = 0
      let release: () => void = () => {}
      const bothHold = new Promise<void>((resolve) => {
        release = resolve
      })
      const run = (first: string, second: string) => {
        let tries = 0
        return inLockedTransaction(app.jobsDb, async (tx) => {
          tries++
          await tx.lock(first)
          if (tries === 1) {
            if (++arrived === 2) release()
            await bothHold
          }
          await tx.lock(second)
          return tries
        })
      }
      const tries = await Promise.all([run('test:a', 'test:b'), run('test:b', 'test:a')])
      expect(tries.sort()).toEqual([1, 2])
    },
  )
})
