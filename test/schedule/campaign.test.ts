// A whole game driven by the clock alone, on the fixture duel of seven rounds: the judge acts only
// in its ticks (every three hours, Monday 2026-03-02 12:00 UTC on). North sends his first orders,
// then nothing but one set in round 5 (reminders, late notices, one grace extension per round, then
// the standing orders); South writes HIGH ASK (seed "ask-4": his first card is over 8), answers the
// question by mail, sets his zone to Europe/Paris, sends orders soon after each round opens, and is
// away 12 to 15 March (rounds 5 and 6). Deadlines: Fridays 18:00 New York time for the draw rounds
// (odd), 48 hours on weekdays for the cut rounds (even); clocks go forward on 2026-03-08. The judge
// is down for three days in the middle.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { verifyDice, verifyGame } from '../../src/engine/audit.ts'
import { tickJobs } from '../../src/cli/app.ts'
import { tick, type TickReport, tickYielding } from '../../src/schedule/tick.ts'
import { createFixtureDuel, DUEL_NORTH, DUEL_SOUTH, outboxRows, testApp, type TestApp } from '../helpers/app.ts'
import { bothEngines } from '../pg/engines.ts'
import { eventsOf, HOUR, MOD, START } from './helpers.ts'

const NORTH = DUEL_NORTH.address
const SOUTH = DUEL_SOUTH.address

// Every case runs on both engines: judge.sqlite, and a fresh PostgreSQL database; and with each
// tick, the synchronous one of `pbem tick` and the one `pbem serve` runs, each game read on the
// async handle and its plan written in one batch (src/engine/resolutionBatch.ts).
const ENGINES = bothEngines()
const RUNS = ENGINES.flatMap((engine) => [
  { ...engine, engine, ticks: 'tick' },
  { ...engine, engine, ticks: 'batched tickYielding' },
])

describe.each(RUNS)('on $name with $ticks', ({ engine, ticks }) => {
  let app: TestApp
  const log: { at: string; report: TickReport }[] = []
  let plans: { mock: { contexts: unknown[] } }
  const OUTAGE_FROM = Date.parse('2026-03-15T12:00:00Z')
  const OUTAGE_TO = Date.parse('2026-03-18T12:00:00Z')
  const AWAY_FROM = Date.parse('2026-03-11T23:00:00Z') // 12 March, midnight in Paris
  const AWAY_TO = Date.parse('2026-03-15T23:00:00Z')

  const runTick = async (t: number): Promise<TickReport> =>
    ticks === 'tick' ? tick(app.judge, new Date(t)) : tickYielding(app.judge, new Date(t), { jobs: tickJobs(app) })

  beforeAll(async () => {
    app = testApp('ask-4', { database: engine.app() })
    createFixtureDuel(app, 'fd1', {
      options: { rounds: 7 },
      schedule: {
        rules: { draw: 'Fridays 18:00', cut: '48h weekdays' },
        missed: 'grace',
        graceHours: 24,
        reminderHours: [24],
        lateNoticeHours: [12],
        delayMinutes: 30,
        decisionHours: 36,
        outageMinutes: 360,
      },
    })
    plans = vi.spyOn(app.judge, 'applyPlan')
    app.judge.submitOrders('fd1', 'north', 'DRAW 1')
    app.judge.submitOrders('fd1', 'south', 'DRAW 3\nHIGH ASK')
    app.judge.setPlayerZone('fd1', 'south', 'Europe/Paris')
    let answered = false
    let absence = false
    for (let t = START; t < START + 40 * 24 * HOUR; t += 3 * HOUR) {
      if (t > OUTAGE_FROM && t < OUTAGE_TO) continue // the judge is down
      app.now.t = t
      const fold = app.judge.load('fd1')
      if (fold.finished) break
      // South: answers the question once it is in his mailbox...
      if (!answered && outboxRows(app).some((r) => r.kind === 'decision' && r.recipient === SOUTH))
        answered = app.judge.decide('fd1', 'south', 'R1-SOUTH-C1', 'THROW').ok
      // ...sends orders soon after each round opens, but none for round 5 nor while he is away...
      const away = t >= AWAY_FROM && t < AWAY_TO
      if (fold.point > 1 && fold.point !== 5 && !away && !fold.orders.has('south'))
        app.judge.submitOrders('fd1', 'south', 'DRAW 1')
      // ...and on Monday 9 March announces that he will be away 12 to 15 March.
      if (!absence && t >= Date.parse('2026-03-09T12:00:00Z'))
        absence = app.judge.setAbsence('fd1', 'south', '2026-03-12', '2026-03-15').ok
      // North comes back once, for round 5.
      if (fold.point === 5 && !fold.orders.has('north')) app.judge.submitOrders('fd1', 'north', 'DRAW 2')
      log.push({ at: new Date(t).toISOString(), report: await runTick(t) })
    }
  })
  afterAll(() => app.cleanup())

  const actions = () =>
    log.flatMap((l) => l.report.games.flatMap((g) => g.actions.map((a) => `${l.at} ${g.point} ${a}`)))
  const lateRound = (point: number, at: string, grace: string, waiting: string, end: string) => [
    `${at} ${point} late notice for north (grace)`,
    `${at} ${point} grace for north until ${grace}`,
    `${waiting} ${point} late notice for north (waiting)`,
    `${end} ${point} late notice for north (default)`,
    `${end} ${point} resolution (deadline)`,
  ]

  describe('a duel by the clock', () => {
    it.runIf(ticks !== 'tick')('carries out every plan in a batch, none on the synchronous store', () => {
      // The batch runs the plan against a judge derived from the app's, whose writes it gathers.
      expect(plans.mock.contexts.length).toBeGreaterThan(20)
      expect(plans.mock.contexts.filter((c) => c === app.judge)).toEqual([])
    })

    it('advances every point from the ticks alone, in this order', () => {
      expect(actions()).toEqual([
        '2026-03-02T15:00:00.000Z 1 resolution (early) waits for decision R1-SOUTH-C1',
        '2026-03-02T18:00:00.000Z 1 resolution (decision-answered)',
        '2026-03-03T18:00:00.000Z 2 reminder to north (24h before the deadline)',
        ...lateRound(
          2,
          '2026-03-04T18:00:00.000Z',
          '2026-03-05T18:00:00.000Z',
          '2026-03-05T06:00:00.000Z',
          '2026-03-05T18:00:00.000Z',
        ),
        '2026-03-06T00:00:00.000Z 3 reminder to north (24h before the deadline)',
        ...lateRound(
          3,
          '2026-03-07T00:00:00.000Z',
          '2026-03-07T23:00:00.000Z',
          '2026-03-07T12:00:00.000Z',
          '2026-03-08T00:00:00.000Z',
        ),
        '2026-03-09T00:00:00.000Z 4 reminder to north (24h before the deadline)',
        ...lateRound(
          4,
          '2026-03-10T00:00:00.000Z',
          '2026-03-11T00:00:00.000Z',
          '2026-03-10T12:00:00.000Z',
          '2026-03-11T00:00:00.000Z',
        ),
        // North's orders are in and South is away from 23:00 UTC: no one else is waited for.
        '2026-03-12T00:00:00.000Z 5 resolution (early)',
        '2026-03-13T00:00:00.000Z 6 reminder to north (24h before the deadline)',
        ...lateRound(
          6,
          '2026-03-14T00:00:00.000Z',
          '2026-03-15T00:00:00.000Z',
          '2026-03-14T12:00:00.000Z',
          '2026-03-15T00:00:00.000Z',
        ),
        '2026-03-23T00:00:00.000Z 7 reminder to north (24h before the deadline)',
        ...lateRound(
          7,
          '2026-03-24T00:00:00.000Z',
          '2026-03-24T22:00:00.000Z',
          '2026-03-24T12:00:00.000Z',
          '2026-03-25T00:00:00.000Z',
        ),
      ])
      // No pass ever resolved a game twice, and no pass failed.
      for (const l of log) for (const g of l.report.games) expect(g.error).toBeUndefined()
    })

    it('records the results with the orders that came and the answer given, and the game ends', () => {
      const results = eventsOf(app, 'TurnAdjudicated', 'fd1').map((e) => e.data)
      expect(
        results.map((r) => [r.point, Object.keys(r.inputs).sort().join('+') || 'none', r.decisionAnswers]),
      ).toEqual([
        [1, 'north+south', { 'R1-SOUTH-C1': 'THROW' }],
        [2, 'south', {}],
        [3, 'south', {}],
        [4, 'south', {}],
        [5, 'north', {}],
        [6, 'none', {}],
        [7, 'south', {}],
      ])
      const card = /Keep card (\d+)/.exec(eventsOf(app, 'DecisionRequested', 'fd1')[0]!.data.question)![1]
      expect(results[0]!.narrative.map((n: { text: string }) => n.text)).toContain(
        `You throw ${card} back under your deck.`,
      )
      expect(results[1]!.narrative[0].text).toBe('North draws 0 card(s).')
      expect(eventsOf(app, 'GameFinished', 'fd1')[0]!.data).toEqual({
        point: 7,
        result: { summary: 'north 18 against south 30', winner: 'south', scores: { north: 18, south: 30 } },
      })
      expect(verifyGame(app.db, app.judge, 'fd1')).toEqual({
        ok: true,
        events: app.store.version('game:fd1'),
        problems: [],
      })
      expect(verifyDice(app.judge, 'fd1').ok).toBe(true)
    })

    it('puts the deadlines on local wall-clock times across the change to summer time', () => {
      const first = (point: number) =>
        eventsOf(app, 'DeadlineSet', 'fd1').find((e) => e.data.point === point)!.data.deadline
      expect(first(1)).toBe('2026-03-06T23:00:00.000Z') // Friday 18:00 EST
      expect(first(2)).toBe('2026-03-04T18:00:00.000Z') // 48h from Monday 13:00 EST: Wednesday 13:00 EST
      expect(first(4)).toBe('2026-03-10T00:00:00.000Z') // 48h from Saturday 19:00 EST: Monday 20:00 EDT
      expect(first(5)).toBe('2026-03-13T22:00:00.000Z') // Friday 18:00 EDT
      expect(first(7)).toBe('2026-03-20T22:00:00.000Z')
    })

    it('asks the question of South alone, in his zone, and leaks nothing to North', () => {
      const decision = outboxRows(app).filter((r) => r.kind === 'decision')
      expect(decision.map((r) => r.recipient)).toEqual([SOUTH])
      expect(decision[0]!.mail.text).toContain(
        'Answer by: 2026-03-04 03:00 UTC (2026-03-03 22:00 EST America/New_York; 2026-03-04 04:00 GMT+1 Europe/Paris, your zone)',
      )
      const asked = eventsOf(app, 'DecisionRequested', 'fd1')
      expect(asked.map((e) => [e.schemaVersion, e.data.decisionId, e.audience])).toEqual([
        [2, 'R1-SOUTH-C1', { kind: 'roles', roles: ['south'] }],
      ])
      expect(eventsOf(app, 'DecisionMade', 'fd1').map((e) => e.data)).toEqual([
        { point: 1, decisionId: 'R1-SOUTH-C1', applied: 'THROW' },
      ])
      const north = outboxRows(app).filter((r) => r.recipient === NORTH)
      for (const m of north) expect(m.mail.text + m.mail.subject).not.toMatch(/R1-SOUTH-C1|Decision|decision/)
      // Between the question and the results North got no mail at all.
      const ids = outboxRows(app)
      const askedAt = ids.find((r) => r.kind === 'decision')!.id
      const resultsAt = ids.find((r) => r.mail.subject.startsWith('[fd1] Results: round 1'))!.id
      expect(north.filter((m) => m.id > askedAt && m.id < resultsAt)).toEqual([])
    })

    it('reminds and warns North, tells South who is late, grants one grace per round', () => {
      const reminders = outboxRows(app).filter((r) => r.kind === 'reminder')
      expect(reminders.map((r) => r.recipient)).toEqual(Array(5).fill(NORTH))
      const late = outboxRows(app).filter((r) => r.kind === 'late')
      expect(late.filter((r) => r.recipient === NORTH)).toHaveLength(15)
      // Each subject says what its notice says: extended, still waited for, gone ahead without.
      expect(late.filter((r) => r.recipient === SOUTH).map((r) => r.mail.subject)).toEqual(
        Array(5)
          .fill([
            '[fd1] Waiting for north: deadline extended',
            '[fd1] Waiting for north',
            '[fd1] Late: north; the resolution goes ahead on standing orders',
          ])
          .flat(),
      )
      expect(late.filter((r) => r.recipient === MOD)).toHaveLength(15)
      expect(eventsOf(app, 'GraceGranted', 'fd1').map((e) => e.data.point)).toEqual([2, 3, 4, 6, 7])
    })

    it('does not wait for South while he is away, and names him in no notice', () => {
      expect(eventsOf(app, 'AbsenceSet', 'fd1').map((e) => e.data)).toEqual([
        {
          role: 'south',
          absenceId: 1,
          from: '2026-03-11T23:00:00.000Z',
          to: '2026-03-15T23:00:00.000Z',
          days: 4,
          by: 'south',
        },
      ])
      for (const type of ['ReminderSent', 'LateNoticeSent'])
        for (const e of eventsOf(app, type, 'fd1')) expect(e.data.roles).not.toContain('south')
      // Round 5 resolved as soon as his absence began (North's orders were in), well before its deadline.
      const five = eventsOf(app, 'TurnAdjudicated', 'fd1').find((e) => e.data.point === 5)!
      expect(five.recordedAt).toBe('2026-03-12T00:00:00.000Z')
      expect(five.data.inputs).toEqual({ north: 'fd1/5/north-1' })
      // Round 6, open while he was away, went ahead without his orders and without naming him.
      expect(eventsOf(app, 'TurnAdjudicated', 'fd1').find((e) => e.data.point === 6)!.data.inputs).toEqual({})
      expect(
        outboxRows(app).find((r) => r.mail.subject === '[fd1] Absence 2026-03-12 to 2026-03-15 recorded')!.recipient,
      ).toBe(SOUTH)
    })

    it('after three days down moves the open deadline by the downtime and tells everyone, instead of ruling anyone late', () => {
      expect(eventsOf(app, 'OutageDetected', 'fd1').map((e) => e.data)).toEqual([
        {
          lastTick: '2026-03-15T12:00:00.000Z',
          detectedAt: '2026-03-18T12:00:00.000Z',
          downtimeHours: 72,
          point: 7,
          deadline: '2026-03-23T22:00:00.000Z',
        },
      ])
      const moved = eventsOf(app, 'DeadlineSet', 'fd1')
        .filter((e) => e.data.point === 7)
        .map((e) => [e.data.deadline, e.data.reason])
      expect(moved.slice(0, 2)).toEqual([
        ['2026-03-20T22:00:00.000Z', 'round 6 adjudicated'],
        [
          '2026-03-23T22:00:00.000Z',
          'outage: the judge was down from 2026-03-15T12:00:00.000Z to 2026-03-18T12:00:00.000Z; the deadline moves by the downtime',
        ],
      ])
      const told = outboxRows(app).filter((r) => r.mail.subject.startsWith('[fd1] The judge was down'))
      expect(told.map((r) => r.recipient)).toEqual([NORTH, SOUTH, MOD])
      expect(told[1]!.mail.text).toContain(
        '2026-03-23 22:00 UTC (2026-03-23 18:00 EDT America/New_York; 2026-03-23 23:00 GMT+1 Europe/Paris, your zone)',
      )
      expect(log.find((l) => l.report.outage)!.report.outage).toEqual({
        from: '2026-03-15T12:00:00.000Z',
        to: '2026-03-18T12:00:00.000Z',
        hours: 72,
        games: ['fd1'],
      })
    })
  })
})
