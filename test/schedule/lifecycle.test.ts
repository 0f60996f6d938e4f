// The turn lifecycle under the tick: reminders, late notices, the missed-orders policies (standing
// orders, one grace extension, pause), early processing with a change-of-mind delay, absences,
// player zones, the outage guard, and decisions by mail.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { tickJobs } from '../../src/cli/app.ts'
import type { Judge } from '../../src/engine/judge.ts'
import { dueGamesAsync } from '../../src/log/repos/gameClock.ts'
import { tickYielding } from '../../src/schedule/tick.ts'
import type { RulesetFactory } from '../../src/games/contract.ts'
import { registerRuleset } from '../../src/games/index.ts'
import { hiddenDeckFactory } from '../games/fixtures/hidden-deck.ts'
import { DUEL_NORTH, DUEL_SOUTH, type TestApp } from '../helpers/app.ts'
import {
  callsAsync,
  createFixtureDuelAsync,
  loadAsync,
  readAsync,
  testAppAsync,
  verifyAsync,
} from '../helpers/asyncJudge.ts'
import { bothEngines } from '../pg/engines.ts'
import {
  eventsOfAsync as eventsOf,
  HOUR,
  lastMailIdAsync as lastMailId,
  MOD,
  mailsSinceAsync as mailsSince,
  START,
  tickAtAsync as tickAt,
  typesAsync as types,
} from './helpers.ts'

// Every step taken as the commands and `pbem serve` take it, on the async handle: the judge's calls
// on a planning judge written in one batch, the batched tick, reads there.
const call = <T>(a: TestApp, fn: (j: Judge) => T, game = 'fd1') => callsAsync(a, game, fn)

// The lifecycle on the fixture duel: north and south each send orders every round.
const NORTH = DUEL_NORTH.address
const SOUTH = DUEL_SOUTH.address

// The fixture asks without limit by design; this copy leaves the cap to the schedule, as a game does.
const capped: RulesetFactory = {
  ...hiddenDeckFactory,
  id: 'hidden-deck-capped',
  create: (pack) => ({ ...hiddenDeckFactory.create(pack), questionsPerResolution: undefined }),
}
let unregister = () => {}
beforeAll(() => {
  unregister = registerRuleset(capped)
})
afterAll(() => unregister())

// Every case runs on both engines: judge.sqlite, and a fresh PostgreSQL database.
const ENGINES = bothEngines()

describe.each(ENGINES)('on $name', (engine) => {
  let app: TestApp
  beforeEach(async () => {
    app = await testAppAsync('test', { database: engine.app() })
    await createFixtureDuelAsync(app)
  })
  afterEach(() => app.cleanup())

  const quiet = { recordTick: false } // these tests are not about the outage guard
  const DEADLINE = START + 72 * HOUR // Thursday 2026-03-05 12:00 UTC

  describe('reminders and late notices', () => {
    it('reminds once, 24 hours before the deadline, only the roles without orders', async () => {
      await call(app, (j) => j.submitOrders('fd1', 'north', 'DRAW 1'))
      const before = await lastMailId(app)
      await tickAt(app, DEADLINE - 25 * HOUR, quiet)
      expect(await eventsOf(app, 'ReminderSent', 'fd1')).toHaveLength(0)
      const r = await tickAt(app, DEADLINE - 24 * HOUR, quiet)
      expect(r.games[0]!.actions).toEqual(['reminder to south (24h before the deadline)'])
      expect((await eventsOf(app, 'ReminderSent', 'fd1')).map((e) => e.data)).toEqual([
        { point: 1, deadline: '2026-03-05T12:00:00.000Z', hoursBefore: 24, roles: ['south'] },
      ])
      await tickAt(app, DEADLINE - 20 * HOUR, quiet)
      await tickAt(app, DEADLINE - 1 * HOUR, quiet)
      expect(await eventsOf(app, 'ReminderSent', 'fd1')).toHaveLength(1)
      const mails = await mailsSince(app, before)
      expect(mails.map((m) => [m.recipient, m.kind])).toEqual([[SOUTH, 'reminder']])
      expect(mails[0]!.mail.subject).toBe('[fd1] Reminder: your orders for round 1 draws are due in 24 hours')
      expect(mails[0]!.mail.text).toContain(
        'Deadline: 2026-03-05 12:00 UTC (2026-03-05 07:00 EST America/New_York) (in 24 hours)',
      )
    })

    it('at the deadline (policy: standing orders) the late player is told, the others learn who is late, and the turn resolves', async () => {
      await call(app, (j) => j.submitOrders('fd1', 'north', 'DRAW 1'))
      await tickAt(app, DEADLINE - 1, quiet)
      expect((await types(app, 'fd1')).includes('TurnAdjudicated')).toBe(false)
      const before = await lastMailId(app)
      const r = await tickAt(app, DEADLINE, quiet)
      expect(r.games[0]).toMatchObject({
        game: 'fd1',
        committed: true,
        actions: ['late notice for south (default)', 'resolution (deadline)'],
      })
      expect((await eventsOf(app, 'LateNoticeSent', 'fd1'))[0]!.data).toEqual({
        point: 1,
        deadline: '2026-03-05T12:00:00.000Z',
        hoursAfter: 0,
        roles: ['south'],
        announced: true,
        consequence: 'default',
      })
      const t = (await eventsOf(app, 'TurnAdjudicated', 'fd1'))[0]!.data
      expect(Object.keys(t.inputs)).toEqual(['north'])
      const mails = await mailsSince(app, before)
      const late = mails.filter((m) => m.kind === 'late')
      expect(late.map((m) => m.recipient).sort()).toEqual([MOD, NORTH, SOUTH])
      expect(late.find((m) => m.recipient === SOUTH)!.mail.text).toContain(
        "have not arrived.\nThe resolution goes ahead with the standing orders on file and the rules' defaults.",
      )
      expect(late.find((m) => m.recipient === NORTH)!.mail.subject).toBe(
        '[fd1] Late: south; the resolution goes ahead on standing orders',
      )
      expect(mails.filter((m) => m.kind === 'report')).toHaveLength(3)
      // The next point's deadline counts from the resolution; nothing more happens on later ticks.
      await tickAt(app, DEADLINE + HOUR, quiet)
      expect(await eventsOf(app, 'TurnAdjudicated', 'fd1')).toHaveLength(1)
    })

    it('announceLate off: only the late player and the moderator hear of it', async () => {
      await call(app, (j) => j.setSchedule('fd1', { announceLate: false }))
      await call(app, (j) => j.submitOrders('fd1', 'north', 'DRAW 1'))
      const before = await lastMailId(app)
      await tickAt(app, DEADLINE, quiet)
      expect(
        (await mailsSince(app, before))
          .filter((m) => m.kind === 'late')
          .map((m) => m.recipient)
          .sort(),
      ).toEqual([MOD, SOUTH])
    })

    it('grace: one extension with a late notice, a later notice while waiting, then standing orders', async () => {
      await call(app, (j) => j.setSchedule('fd1', { missed: 'grace', graceHours: 48, lateNoticeHours: [24] }))
      await call(app, (j) => j.submitOrders('fd1', 'north', 'DRAW 1'))
      const r = await tickAt(app, DEADLINE, quiet)
      expect(r.games[0]!.actions).toEqual([
        'late notice for south (grace)',
        'grace for south until 2026-03-07T12:00:00.000Z',
      ])
      expect((await types(app, 'fd1')).slice(-3)).toEqual(['LateNoticeSent', 'GraceGranted', 'DeadlineSet'])
      expect((await loadAsync(app, 'fd1')).deadline!.deadline).toBe('2026-03-07T12:00:00.000Z')
      const reb = (await mailsSince(app, 0, SOUTH)).filter((m) => m.kind === 'late')
      expect(reb[0]!.mail.text).toContain(
        'This game grants one grace period: the new deadline is 2026-03-07 12:00 UTC (2026-03-07 07:00 EST America/New_York).',
      )
      // 24 hours after the missed deadline: a second notice, once.
      await tickAt(app, DEADLINE + 24 * HOUR, quiet)
      await tickAt(app, DEADLINE + 30 * HOUR, quiet)
      expect(
        (await eventsOf(app, 'LateNoticeSent', 'fd1')).map((e) => [e.data.hoursAfter, e.data.consequence]),
      ).toEqual([
        [0, 'grace'],
        [24, 'waiting'],
      ])
      // The grace runs out: standing orders, no second grace.
      const end = await tickAt(app, DEADLINE + 48 * HOUR, quiet)
      expect(end.games[0]!.actions).toEqual(['late notice for south (default)', 'resolution (deadline)'])
      expect(await eventsOf(app, 'GraceGranted', 'fd1')).toHaveLength(1)
      expect(await eventsOf(app, 'TurnAdjudicated', 'fd1')).toHaveLength(1)
    })

    it('grace: orders sent in the grace period are accepted and the turn resolves early', async () => {
      await call(app, (j) => j.setSchedule('fd1', { missed: 'grace', graceHours: 48 }))
      await call(app, (j) => j.submitOrders('fd1', 'north', 'DRAW 1'))
      await tickAt(app, DEADLINE, quiet)
      app.now.t = DEADLINE + 5 * HOUR
      expect((await call(app, (j) => j.submitOrders('fd1', 'south', 'DRAW 1'))).accepted).toBe(true)
      await tickAt(app, DEADLINE + 5 * HOUR, quiet)
      expect(Object.keys((await eventsOf(app, 'TurnAdjudicated', 'fd1'))[0]!.data.inputs).sort()).toEqual([
        'north',
        'south',
      ])
    })

    it('pause: the game stops, the moderator is told; after a resumption a second miss plays standing orders', async () => {
      await call(app, (j) => j.setSchedule('fd1', { missed: 'pause' }))
      await call(app, (j) => j.submitOrders('fd1', 'north', 'DRAW 1'))
      const before = await lastMailId(app)
      await tickAt(app, DEADLINE, quiet)
      expect((await types(app, 'fd1')).slice(-2)).toEqual(['LateNoticeSent', 'GamePaused'])
      expect((await mailsSince(app, before, MOD)).map((m) => m.mail.subject)).toContain(
        '[fd1] Paused: south missed the deadline (moderator)',
      )
      // Nothing happens while paused, however long.
      await tickAt(app, DEADLINE + 100 * HOUR, quiet)
      expect((await types(app, 'fd1')).at(-1)).toBe('GamePaused')
      expect(await dueGamesAsync(app.jobsDb, app.now.t)).toEqual([])
      // Resuming gives at least 24 hours.
      const { deadline } = await call(app, (j) => j.resume('fd1', { by: 'moderator' }))
      expect(deadline).toBe(new Date(app.now.t + 24 * HOUR).toISOString())
      await tickAt(app, Date.parse(deadline), quiet)
      expect((await types(app, 'fd1')).slice(-5, -3)).toEqual(['LateNoticeSent', 'TurnAdjudicated'])
      expect(await eventsOf(app, 'GamePaused', 'fd1')).toHaveLength(1)
    })

    it('pause: a forced resolution ends the pause the schedule made; the next point runs', async () => {
      await call(app, (j) => j.setSchedule('fd1', { missed: 'pause' }))
      await tickAt(app, DEADLINE, quiet)
      expect((await loadAsync(app, 'fd1')).paused).toMatchObject({ by: 'schedule', roles: ['north', 'south'] })
      await call(app, (j) => j.forceAdjudicate('fd1', { point: 1 }))
      const fold = await loadAsync(app, 'fd1')
      expect(fold.paused).toBeNull()
      expect(fold.point).toBe(2)
      expect(
        (
          await readAsync(app, ['fd1'], (j) => j.plan('fd1', new Date(Date.parse(fold.deadline!.deadline))))
        ).actions.map((a) => a.kind),
      ).toEqual(['late', 'pause'])
    })
  })

  describe('early processing', () => {
    it('waits the change-of-mind delay after the last orders; a new set restarts it', async () => {
      await call(app, (j) => j.setSchedule('fd1', { delayMinutes: 30 }))
      await call(app, (j) => j.submitOrders('fd1', 'north', 'DRAW 1'))
      app.now.t = START + HOUR
      await call(app, (j) => j.submitOrders('fd1', 'south', 'DRAW 1'))
      await tickAt(app, START + HOUR + 29 * 60_000, quiet)
      expect(await eventsOf(app, 'TurnAdjudicated', 'fd1')).toHaveLength(0)
      expect((await readAsync(app, ['fd1'], (j) => j.plan('fd1', new Date(app.now.t)))).nextAt).toBe(
        START + HOUR + 30 * 60_000,
      )
      app.now.t = START + HOUR + 20 * 60_000
      await call(app, (j) => j.submitOrders('fd1', 'south', 'DRAW 2'))
      await tickAt(app, START + HOUR + 49 * 60_000, quiet)
      expect(await eventsOf(app, 'TurnAdjudicated', 'fd1')).toHaveLength(0)
      const r = await tickAt(app, START + HOUR + 50 * 60_000, quiet)
      expect(r.games[0]!.actions).toEqual(['resolution (early)'])
      expect((await eventsOf(app, 'TurnAdjudicated', 'fd1'))[0]!.data.inputs.south).toBe('fd1/1/south-2')
    })

    it('is off with early = false: the deadline is waited for', async () => {
      await call(app, (j) => j.setSchedule('fd1', { early: false }))
      await call(app, (j) => j.submitOrders('fd1', 'north', 'DRAW 1'))
      await call(app, (j) => j.submitOrders('fd1', 'south', 'DRAW 1'))
      await tickAt(app, DEADLINE - 1, quiet)
      expect(await eventsOf(app, 'TurnAdjudicated', 'fd1')).toHaveLength(0)
      await tickAt(app, DEADLINE, quiet)
      expect(await eventsOf(app, 'TurnAdjudicated', 'fd1')).toHaveLength(1)
      expect(await eventsOf(app, 'LateNoticeSent', 'fd1')).toHaveLength(0)
    })
  })

  describe('absences', () => {
    it('keeps to the limits the moderator sets', async () => {
      expect(await call(app, (j) => j.setAbsence('fd1', 'south', '2026-03-01', '2026-03-04'))).toMatchObject({
        ok: false,
        error: expect.stringMatching(/cannot start in the past \(today is 2026-03-02 in America\/New_York\)/),
      })
      expect(await call(app, (j) => j.setAbsence('fd1', 'south', '2026-03-03', '2026-03-20'))).toMatchObject({
        ok: false,
        error: expect.stringMatching(/at most 14 days/),
      })
      expect((await call(app, (j) => j.setAbsence('fd1', 'south', '3 March', '2026-03-20'))).ok).toBe(false)
      expect(await call(app, (j) => j.setAbsence('fd1', 'south', '2026-03-03', '2026-03-05'))).toMatchObject({
        ok: true,
      })
      expect(await call(app, (j) => j.setAbsence('fd1', 'south', '2026-03-05', '2026-03-06'))).toMatchObject({
        ok: false,
        error: expect.stringMatching(/overlaps/),
      })
      await call(app, (j) => j.setSchedule('fd1', { absenceTotalDays: 5 }))
      expect(await call(app, (j) => j.setAbsence('fd1', 'south', '2026-03-10', '2026-03-12'))).toMatchObject({
        ok: false,
        error: expect.stringMatching(/at most 5 days in this game; 3 are already taken/),
      })
      // The moderator is not bound by the limits.
      expect(
        await call(app, (j) => j.setAbsence('fd1', 'south', '2026-03-10', '2026-03-30', { by: 'moderator' })),
      ).toMatchObject({
        ok: true,
      })
      const set = (await eventsOf(app, 'AbsenceSet', 'fd1')).map((e) => e.data)
      // Days are whole local days in the game's zone: midnight EST is 05:00 UTC.
      expect(set[0]).toEqual({
        role: 'south',
        absenceId: 1,
        from: '2026-03-03T05:00:00.000Z',
        to: '2026-03-06T05:00:00.000Z',
        days: 3,
        by: 'south',
      })
      expect(await call(app, (j) => j.cancelAbsence('fd1', 'south'))).toMatchObject({ ok: true })
      expect((await loadAsync(app, 'fd1')).absences.get('south')).toEqual([])
    })

    it('the deadline does not wait for an absent role, and no reminder or late notice names it', async () => {
      await call(app, (j) => j.setAbsence('fd1', 'south', '2026-03-02', '2026-03-06'))
      const before = await lastMailId(app)
      await tickAt(app, DEADLINE - 24 * HOUR, quiet)
      expect((await eventsOf(app, 'ReminderSent', 'fd1')).map((e) => e.data.roles)).toEqual([['north']])
      // North's orders are the only ones awaited: the turn resolves as soon as they are in.
      app.now.t = DEADLINE - 10 * HOUR
      await call(app, (j) => j.submitOrders('fd1', 'north', 'DRAW 1'))
      const r = await tickAt(app, DEADLINE - 10 * HOUR, quiet)
      expect(r.games[0]!.actions).toEqual(['resolution (early)'])
      expect(await eventsOf(app, 'LateNoticeSent', 'fd1')).toHaveLength(0)
      expect(
        (await mailsSince(app, before))
          .filter((m) => m.kind === 'reminder' || m.kind === 'late')
          .map((m) => m.recipient),
      ).toEqual([NORTH])
    })

    it('a missed deadline with only absent roles missing resolves without a late notice', async () => {
      await call(app, (j) => j.setSchedule('fd1', { missed: 'pause' }))
      await call(app, (j) => j.setAbsence('fd1', 'north', '2026-03-04', '2026-03-06'))
      await call(app, (j) => j.submitOrders('fd1', 'south', 'DRAW 1'))
      // Before the absence starts North is still waited for.
      await tickAt(app, Date.parse('2026-03-04T04:59:00Z'), quiet)
      expect(await eventsOf(app, 'TurnAdjudicated', 'fd1')).toHaveLength(0)
      await tickAt(app, Date.parse('2026-03-04T05:00:00Z'), quiet)
      expect(await eventsOf(app, 'TurnAdjudicated', 'fd1')).toHaveLength(1)
      expect(await eventsOf(app, 'LateNoticeSent', 'fd1')).toHaveLength(0)
      expect(await eventsOf(app, 'GamePaused', 'fd1')).toHaveLength(0)
    })
  })

  describe('player zones', () => {
    it('SET ZONE shows every later deadline in the player zone too; a bad zone is a clear error', async () => {
      expect(await call(app, (j) => j.setPlayerZone('fd1', 'south', 'Europe/Pariss'))).toMatchObject({
        ok: false,
        error: expect.stringMatching(/not a time zone the judge knows/),
      })
      const r = await call(app, (j) => j.setPlayerZone('fd1', 'south', 'Europe/Paris'))
      expect(r).toMatchObject({ ok: true })
      expect((await eventsOf(app, 'PlayerZoneSet', 'fd1')).map((e) => e.data)).toEqual([
        { role: 'south', zone: 'Europe/Paris' },
      ])
      const before = await lastMailId(app)
      await call(app, (j) => j.submitOrders('fd1', 'south', 'DRAW 1'))
      await call(app, (j) => j.submitOrders('fd1', 'north', 'DRAW 1'))
      const acks = (await mailsSince(app, before)).filter((m) => m.kind === 'ack')
      const zoned =
        '2026-03-05 12:00 UTC (2026-03-05 07:00 EST America/New_York; 2026-03-05 13:00 GMT+1 Europe/Paris, your zone)'
      expect(acks.find((m) => m.recipient === SOUTH)!.mail.text).toContain(`Deadline: ${zoned}`)
      expect(acks.find((m) => m.recipient === NORTH)!.mail.text).toContain(
        'Deadline: 2026-03-05 12:00 UTC (2026-03-05 07:00 EST America/New_York)\n',
      )
      await tickAt(app, START, quiet)
      const reports = (await mailsSince(app, before)).filter((m) => m.kind === 'report')
      expect(reports.find((m) => m.recipient === SOUTH)!.mail.text).toContain('GMT+1 Europe/Paris, your zone)')
      expect(reports.find((m) => m.recipient === NORTH)!.mail.text).not.toContain('your zone')
      expect(await call(app, (j) => j.setPlayerZone('fd1', 'south', 'NONE'))).toMatchObject({ ok: true })
      expect((await loadAsync(app, 'fd1')).zones.size).toBe(0)
    })
  })

  describe('catching up', () => {
    it('after a short silence handles the games in the order their work fell due', async () => {
      await createFixtureDuelAsync(app, 'fd2', { zone: 'Europe/Paris', deadlineHours: 71.5 })
      await tickYielding(app.judge, new Date(DEADLINE - 35 * 60_000), { jobs: tickJobs(app) })
      // 40 minutes of silence (under the 60-minute threshold) in which both deadlines passed.
      const r = await tickAt(app, DEADLINE + 5 * 60_000)
      expect(r.outage).toBeNull()
      expect(r.games.map((g) => [g.game, g.committed])).toEqual([
        ['fd2', true],
        ['fd1', true],
      ])
    })
  })

  describe('the outage guard', () => {
    it('after a silence longer than the threshold the open deadline moves by the downtime and the players are told', async () => {
      await tickYielding(app.judge, new Date(START + HOUR), { jobs: tickJobs(app) })
      await call(app, (j) => j.submitOrders('fd1', 'north', 'DRAW 1'))
      const before = await lastMailId(app)
      // Three days of silence: the deadline (Thursday 12:00) passed while the judge was down.
      const r = await tickAt(app, START + HOUR + 72 * HOUR)
      expect(r.outage).toEqual({
        from: '2026-03-02T13:00:00.000Z',
        to: '2026-03-05T13:00:00.000Z',
        hours: 72,
        games: ['fd1'],
      })
      expect((await types(app, 'fd1')).slice(-2)).toEqual(['OutageDetected', 'DeadlineSet'])
      expect((await loadAsync(app, 'fd1')).deadline!.deadline).toBe('2026-03-08T12:00:00.000Z')
      expect(await eventsOf(app, 'TurnAdjudicated', 'fd1')).toHaveLength(0)
      expect(await eventsOf(app, 'LateNoticeSent', 'fd1')).toHaveLength(0)
      const told = (await mailsSince(app, before)).filter((m) => m.mail.subject.includes('The judge was down'))
      expect(told.map((m) => m.recipient).sort()).toEqual([MOD, NORTH, SOUTH])
      expect(told.find((m) => m.recipient === SOUTH)!.mail.text).toContain(
        'moves by the same time: 2026-03-08 12:00 UTC (2026-03-08 08:00 EDT America/New_York)',
      )
      // A second judge ticking right after sees no outage; a short silence is no outage.
      expect((await tickAt(app, START + HOUR + 72 * HOUR + 60_000)).outage).toBeNull()
      expect((await tickAt(app, START + HOUR + 72 * HOUR + 50 * 60_000)).outage).toBeNull()
      expect(await eventsOf(app, 'OutageDetected', 'fd1')).toHaveLength(1)
    })
  })

  describe('decisions by mail', () => {
    let own: TestApp
    // Seed "ask-4" cuts South's deck so that his first card is over 8: under HIGH ASK he is asked.
    const setUp = async (seed = 'ask-4', ruleset = hiddenDeckFactory.id) => {
      const a = await testAppAsync(seed, { database: engine.app() })
      await createFixtureDuelAsync(a, 'fd1', { ruleset })
      await call(a, (j) => j.submitOrders('fd1', 'north', 'DRAW 1'))
      await call(a, (j) => j.submitOrders('fd1', 'south', 'DRAW 3\nHIGH ASK'))
      return a
    }
    /** South's question: the card he drew, as the question names it. */
    const card = async (a: TestApp) =>
      /Keep card (\d+)/.exec((await eventsOf(a, 'DecisionRequested', 'fd1'))[0]!.data.question)![1]!
    afterEach(() => own?.cleanup())

    it('asks the one player concerned, waits, takes the answer, and records the result with it', async () => {
      own = await setUp()
      const before = await lastMailId(own)
      const r = await tickAt(own, START, quiet)
      expect(r.games[0]!.actions).toEqual(['resolution (early) waits for decision R1-SOUTH-C1'])
      const asked = await mailsSince(own, before)
      expect(asked.map((m) => [m.recipient, m.kind])).toEqual([[SOUTH, 'decision']])
      expect(asked[0]!.mail.subject).toBe('[fd1] Decision needed: R1-SOUTH-C1 (south)')
      expect(asked[0]!.mail.text).toMatch(
        new RegExp(
          `R1-SOUTH-C1: Keep card ${await card(own)} or throw it back under your deck\\?\\n+Your hand so far: empty\\.\\n+So far in this resolution:\\n(?: {2}.*\\n)+\\nOptions:\\n {2}KEEP {3}keep ${await card(own)}\\n {2}THROW {2}throw it back`,
        ),
      )
      expect(asked[0]!.mail.text).toContain('Answer by: 2026-03-03 12:00 UTC (2026-03-03 07:00 EST America/New_York)')
      // North learns only that the resolution is in progress.
      const fed = await loadAsync(own, 'fd1')
      expect(await readAsync(own, ['fd1'], (j) => j.awaitingText(fed, { kind: 'role', role: 'north' }))).toBe(
        'resolution in progress',
      )
      expect(await readAsync(own, ['fd1'], (j) => j.awaitingText(fed, { kind: 'role', role: 'south' }))).toMatch(
        /^resolution in progress; your decision R1-SOUTH-C1 \(answer by 2026-03-03 12:00 UTC/,
      )
      expect(
        (await readAsync(own, ['fd1'], (j) => j.reportModel(fed, { kind: 'role', role: 'north' }, null))).awaiting,
      ).toEqual([{ label: 'resolution in progress' }])
      // Bad answers are clear errors and change nothing.
      expect(await call(own, (j) => j.decide('fd1', 'south', 'R1-SOUTH-C9', 'THROW'))).toEqual({
        ok: false,
        error: 'no decision R1-SOUTH-C9 is waiting for your answer; yours: R1-SOUTH-C1',
      })
      expect(await call(own, (j) => j.decide('fd1', 'south', 'r1-south-c1', 'SURRENDER'))).toEqual({
        ok: false,
        error:
          '"SURRENDER" is not an option for R1-SOUTH-C1; the options are KEEP, THROW (write e.g. DECIDE R1-SOUTH-C1 KEEP)',
      })
      expect(await call(own, (j) => j.decide('fd1', 'north', 'R1-SOUTH-C1', 'THROW'))).toMatchObject({
        ok: false,
        error: expect.stringMatching(/no decision R1-SOUTH-C1 is waiting for your answer \(none of yours/),
      })
      expect(await eventsOf(own, 'DecisionMade', 'fd1')).toHaveLength(0)
      const errors = (await mailsSince(own, before)).filter((m) =>
        m.mail.subject.startsWith('[fd1] Decision not recorded'),
      )
      expect(errors.map((m) => m.recipient)).toEqual([SOUTH, SOUTH, NORTH])
      // The answer, acknowledged; a second answer is refused.
      own.now.t = START + 2 * HOUR
      expect(await call(own, (j) => j.decide('fd1', 'south', 'r1-south-c1', 'throw'))).toMatchObject({ ok: true })
      expect((await eventsOf(own, 'DecisionMade', 'fd1')).map((e) => e.data)).toEqual([
        { point: 1, decisionId: 'R1-SOUTH-C1', applied: 'THROW' },
      ])
      expect((await mailsSince(own, before, SOUTH)).at(-1)!.mail.subject).toBe(
        '[fd1] Decision recorded: R1-SOUTH-C1 THROW',
      )
      expect(await call(own, (j) => j.decide('fd1', 'south', 'R1-SOUTH-C1', 'KEEP'))).toMatchObject({
        ok: false,
        error: 'decision R1-SOUTH-C1 is already settled: THROW (your answer)',
      })
      // Nothing about the decision reached North before the results.
      expect(
        (await mailsSince(own, before, NORTH)).filter(
          (m) =>
            /R1-SOUTH-C1|Keep card|THROW/.test(m.mail.text + m.mail.subject) &&
            !m.mail.subject.includes('Decision not recorded'),
        ),
      ).toEqual([])
      // The next tick resumes and records the result with the answer.
      await tickAt(own, START + 2 * HOUR, quiet)
      const t = (await eventsOf(own, 'TurnAdjudicated', 'fd1'))[0]!.data
      expect(t.decisionAnswers).toEqual({ 'R1-SOUTH-C1': 'THROW' })
      expect(t.narrative.map((n: { text: string }) => n.text).join('\n')).toContain(
        `You throw ${await card(own)} back under your deck.`,
      )
      expect(await verifyAsync(own, 'fd1')).toMatchObject({ ok: true })
    })

    it('re-running a point with the same secret and answers gives the same prefix; the answer changes only what follows', async () => {
      own = await setUp()
      await tickAt(own, START, quiet)
      const other = await setUp()
      try {
        await tickAt(other, START, quiet)
        await call(own, (j) => j.decide('fd1', 'south', 'R1-SOUTH-C1', 'THROW'))
        await call(other, (j) => j.decide('fd1', 'south', 'R1-SOUTH-C1', 'KEEP'))
        await tickAt(own, START + HOUR, quiet)
        await tickAt(other, START + HOUR, quiet)
        const a = (await eventsOf(own, 'TurnAdjudicated', 'fd1'))[0]!.data
        const b = (await eventsOf(other, 'TurnAdjudicated', 'fd1'))[0]!.data
        expect(a.secret).toBe(b.secret)
        const at = a.narrative.findIndex((n: { text: string }) => n.text.includes('back under your deck'))
        expect(at).toBeGreaterThan(0)
        expect(a.narrative.slice(0, at)).toEqual(b.narrative.slice(0, at))
        const rollsBefore = (t: typeof a) =>
          t.rolls.filter(
            (r: { index: number }) =>
              r.index < Math.min(...a.narrative.slice(at).flatMap((n: { rolls?: number[] }) => n.rolls ?? [999])),
          )
        expect(rollsBefore(a)).toEqual(rollsBefore(b))
        // The draws before the question came from the same hidden draws.
        expect(a.hiddenRolls).toEqual(b.hiddenRolls)
        expect(a.narrative[at].text).toContain('throw')
        expect(b.narrative[at].text).not.toContain('throw')
        expect(b.narrative.map((n: { text: string }) => n.text).join('\n')).not.toContain('back under your deck')
      } finally {
        other.cleanup()
      }
    })

    it('at the decision deadline the default applies and the resolution goes on', async () => {
      own = await setUp()
      await tickAt(own, START, quiet)
      await tickAt(own, START + 24 * HOUR - 1, quiet)
      expect((await types(own, 'fd1')).includes('TurnAdjudicated')).toBe(false)
      const r = await tickAt(own, START + 24 * HOUR, quiet)
      expect(r.games[0]!.actions).toEqual(['resolution (decision-deadline)'])
      expect((await types(own, 'fd1')).slice(-5)).toEqual([
        'DecisionDefaulted',
        'TurnAdjudicated',
        'DiceCommitted',
        'DeadlineSet',
        'ReportsDispatched',
      ])
      expect((await eventsOf(own, 'TurnAdjudicated', 'fd1'))[0]!.data.decisionAnswers).toEqual({
        'R1-SOUTH-C1': 'KEEP',
      })
      // A late answer is refused.
      expect(await call(own, (j) => j.decide('fd1', 'south', 'R1-SOUTH-C1', 'THROW'))).toMatchObject({ ok: false })
      // The report tells South, and only South, what was applied.
      const reports = (await mailsSince(own, 0)).filter(
        (m) => m.kind === 'report' && m.mail.subject.includes('Results'),
      )
      expect(reports.find((m) => m.recipient === SOUTH)!.mail.text).toContain(
        `R1-SOUTH-C1: Keep card ${await card(own)} or throw it back under your deck? -> KEEP (no answer: default)`,
      )
      expect(reports.find((m) => m.recipient === NORTH)!.mail.text).not.toContain('R1-SOUTH-C1')
    })

    it('an absent player is not waited for: the decision takes its default at once', async () => {
      own = await setUp()
      await call(own, (j) => j.setAbsence('fd1', 'south', '2026-03-02', '2026-03-03'))
      await tickAt(own, START, quiet)
      expect((await types(own, 'fd1')).filter((t) => t.startsWith('Decision'))).toEqual([
        'DecisionRequested',
        'DecisionDefaulted',
      ])
      expect(await eventsOf(own, 'TurnAdjudicated', 'fd1')).toHaveLength(1)
    })

    it('beyond the cap on decisions per role and resolution, the default applies at once', async () => {
      own = await setUp('ask-4', capped.id)
      await call(own, (j) => j.setSchedule('fd1', { maxAsks: 0 }))
      await tickAt(own, START, quiet)
      expect((await types(own, 'fd1')).filter((t) => t.startsWith('Decision'))).toEqual([
        'DecisionRequested',
        'DecisionDefaulted',
      ])
      expect(await eventsOf(own, 'TurnAdjudicated', 'fd1')).toHaveLength(1)
      expect((await mailsSince(own, 0)).filter((m) => m.kind === 'decision')).toEqual([])
    })

    it('the moderator can give more time, or force the default at once', async () => {
      own = await setUp()
      await tickAt(own, START, quiet)
      await call(own, (j) => j.extend('fd1', 12, { point: 1 }))
      expect((await eventsOf(own, 'DecisionDeadlineSet', 'fd1')).map((e) => e.data.deadline)).toEqual([
        '2026-03-04T00:00:00.000Z',
      ])
      await tickAt(own, START + 30 * HOUR, quiet)
      expect(await eventsOf(own, 'TurnAdjudicated', 'fd1')).toHaveLength(0)
      await call(own, (j) => j.forceAdjudicate('fd1', { point: 1 }))
      expect((await types(own, 'fd1')).slice(-6)).toEqual([
        'AdjudicationForced',
        'DecisionDefaulted',
        'TurnAdjudicated',
        'DiceCommitted',
        'DeadlineSet',
        'ReportsDispatched',
      ])
    })
  })
})
