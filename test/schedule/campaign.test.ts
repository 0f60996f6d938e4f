// A whole Sea Devils "Weak Beginning" game driven by the clock alone: the judge acts only in its
// ticks (every three hours, Monday 2026-03-02 12:00 UTC on). The Federal player sends his first
// orders and then never again (reminders, late notices, one grace extension per point, then the
// standing orders); the Confederate writes an ASK policy (seed "ask-6": the search in C11 spots the
// Sumter), answers the decision by mail, sets his zone to Europe/Paris, sends orders now and then,
// and is away for the deadline of resolution 5. Deadlines: Fridays 18:00 New York time for the
// activity, 48 hours on weekdays for the Federal deployment; clocks go forward on 2026-03-08.
// The judge is down for three days in the middle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyDice, verifyGame } from '../../src/engine/audit.ts'
import { tick, type TickReport } from '../../src/schedule/tick.ts'
import { outboxRows, testApp, type TestApp } from '../helpers/app.ts'
import { bothEngines } from '../pg/engines.ts'
import { eventsOf, FED, HOUR, MOD, REB, START } from './helpers.ts'

// Every case runs on both engines: judge.sqlite, and a fresh PostgreSQL database.
const ENGINES = bothEngines()

describe.each(ENGINES)('on $name', (engine) => {
  let app: TestApp
  const log: { at: string; report: TickReport }[] = []
  const OUTAGE_FROM = Date.parse('2026-03-15T12:00:00Z')
  const OUTAGE_TO = Date.parse('2026-03-18T12:00:00Z')

  beforeAll(() => {
    app = testApp('ask-6', { database: engine.app() })
    app.judge.createGame({
      game: 'wb1',
      ruleset: 'sea-devils',
      scenario: 'weak-beginning',
      players: [
        { role: 'federal', address: FED, name: 'Fed' },
        { role: 'confederate', address: REB, name: 'Reb' },
      ],
      zone: 'America/New_York',
      schedule: {
        rules: { activity: 'Fridays 18:00', deployment: '48h weekdays' },
        missed: 'grace',
        graceHours: 24,
        reminderHours: [24],
        lateNoticeHours: [12],
        delayMinutes: 30,
        decisionHours: 36,
        outageMinutes: 360,
      },
    })
    app.judge.submitOrders('wb1', 'federal', 'MOVE K-STAT C14 C11')
    app.judge.submitOrders('wb1', 'confederate', 'SUM: RUN-OUT\nSUM: MOVE C11\nPOLICY SUM ON SPOTTED: ASK; ESCAPE')
    app.judge.setPlayerZone('wb1', 'confederate', 'Europe/Paris')
    let answered = false
    let absence = false
    for (let t = START; t < START + 40 * 24 * HOUR; t += 3 * HOUR) {
      if (t > OUTAGE_FROM && t < OUTAGE_TO) continue // the judge is down
      app.now.t = t
      const fold = app.judge.load('wb1')
      if (fold.finished) break
      // The Confederate player: answers the question once it is in his mailbox...
      if (!answered && outboxRows(app).some((r) => r.kind === 'decision' && r.recipient === REB))
        answered = app.judge.decide('wb1', 'confederate', 'GT1-D1', 'FIGHT').ok
      // ...sends activity orders for GT2 and GT4 soon after the points open...
      if ((fold.point === 3 || fold.point === 7) && !fold.orders.has('confederate'))
        app.judge.submitOrders('wb1', 'confederate', 'NASH: STAY')
      // ...and on Monday 9 March announces that he will be away 12 to 15 March.
      if (!absence && t >= Date.parse('2026-03-09T12:00:00Z'))
        absence = app.judge.setAbsence('wb1', 'confederate', '2026-03-12', '2026-03-15').ok
      log.push({ at: new Date(t).toISOString(), report: tick(app.judge, new Date(t)) })
    }
  })
  afterAll(() => app.cleanup())

  const actions = () =>
    log.flatMap((l) => l.report.games.flatMap((g) => g.actions.map((a) => `${l.at} ${g.point} ${a}`)))

  describe('Weak Beginning by the clock', () => {
    it('advances every point from the ticks alone, in this order', () => {
      expect(actions()).toEqual([
        '2026-03-02T15:00:00.000Z 1 resolution (early) waits for decision GT1-D1',
        '2026-03-02T18:00:00.000Z 1 resolution (decision-answered)',
        '2026-03-03T18:00:00.000Z 2 reminder to federal (24h before the deadline)',
        '2026-03-04T18:00:00.000Z 2 late notice for federal (grace)',
        '2026-03-04T18:00:00.000Z 2 grace for federal until 2026-03-05T18:00:00.000Z',
        '2026-03-05T06:00:00.000Z 2 late notice for federal (waiting)',
        '2026-03-05T18:00:00.000Z 2 late notice for federal (default)',
        '2026-03-05T18:00:00.000Z 2 resolution (deadline)',
        '2026-03-06T00:00:00.000Z 3 resolution (early)',
        '2026-03-09T00:00:00.000Z 4 reminder to federal (24h before the deadline)',
        '2026-03-10T00:00:00.000Z 4 late notice for federal (grace)',
        '2026-03-10T00:00:00.000Z 4 grace for federal until 2026-03-10T23:00:00.000Z',
        '2026-03-10T12:00:00.000Z 4 late notice for federal (waiting)',
        '2026-03-11T00:00:00.000Z 4 late notice for federal (default)',
        '2026-03-11T00:00:00.000Z 4 resolution (deadline)',
        '2026-03-14T00:00:00.000Z 5 resolution (deadline)',
        '2026-03-19T00:00:00.000Z 6 reminder to federal (24h before the deadline)',
        '2026-03-20T00:00:00.000Z 6 late notice for federal (grace)',
        '2026-03-20T00:00:00.000Z 6 grace for federal until 2026-03-21T00:00:00.000Z',
        '2026-03-20T12:00:00.000Z 6 late notice for federal (waiting)',
        '2026-03-21T00:00:00.000Z 6 late notice for federal (default)',
        '2026-03-21T00:00:00.000Z 6 resolution (deadline)',
        '2026-03-21T06:00:00.000Z 7 resolution (early)',
      ])
      // No pass ever resolved a game twice, and no pass failed.
      for (const l of log) for (const g of l.report.games) expect(g.error).toBeUndefined()
    })

    it('records the results with the orders that came and the answer given, and the game ends', () => {
      const results = eventsOf(app, 'TurnAdjudicated').map((e) => e.data)
      expect(
        results.map((r) => [r.point, Object.keys(r.inputs).sort().join('+') || 'none', r.decisionAnswers]),
      ).toEqual([
        [1, 'confederate+federal', { 'GT1-D1': 'FIGHT' }],
        [2, 'none', {}],
        [3, 'confederate', {}],
        [4, 'none', {}],
        [5, 'none', {}],
        [6, 'none', {}],
        [7, 'confederate', {}],
      ])
      expect(results[0]!.narrative.map((n: { text: string }) => n.text)).toContain(
        'SUM answers the spotting with FIGHT (decision GT1-D1).',
      )
      expect(results[1]!.narrative[0].text).toBe('The Federal player sent no orders: no ship is deployed this turn.')
      expect(eventsOf(app, 'GameFinished')[0]!.data).toEqual({
        point: 7,
        result: {
          summary: 'Federal Major Victory (VP difference -75)',
          winner: 'federal',
          scores: { confederate: 0, federal: 75 },
          details: { difference: -75, level: 'Federal Major Victory' },
        },
      })
      expect(verifyGame(app.db, app.judge, 'wb1')).toEqual({
        ok: true,
        events: app.store.version('game:wb1'),
        problems: [],
      })
      expect(verifyDice(app.judge, 'wb1').ok).toBe(true)
    })

    it('puts the deadlines on local wall-clock times across the change to summer time', () => {
      const first = (point: number) => eventsOf(app, 'DeadlineSet').find((e) => e.data.point === point)!.data.deadline
      expect(first(1)).toBe('2026-03-06T23:00:00.000Z') // Friday 18:00 EST
      expect(first(4)).toBe('2026-03-09T23:00:00.000Z') // 48h from Thursday 19:00 EST fell on Saturday: Monday 19:00 EDT
      expect(first(5)).toBe('2026-03-13T22:00:00.000Z') // Friday 18:00 EDT
      expect(first(7)).toBe('2026-03-27T22:00:00.000Z')
    })

    it('asks the decision of the Confederate alone, in his zone, and leaks nothing to the Federal', () => {
      const decision = outboxRows(app).filter((r) => r.kind === 'decision')
      expect(decision.map((r) => r.recipient)).toEqual([REB])
      expect(decision[0]!.mail.text).toContain(
        'Answer by: 2026-03-04 03:00 UTC (2026-03-03 22:00 EST America/New_York; 2026-03-04 04:00 GMT+1 Europe/Paris, your zone)',
      )
      const asked = eventsOf(app, 'DecisionRequested')
      expect(asked.map((e) => [e.schemaVersion, e.data.decisionId, e.audience])).toEqual([
        [2, 'GT1-D1', { kind: 'roles', roles: ['confederate'] }],
      ])
      expect(eventsOf(app, 'DecisionMade').map((e) => e.data)).toEqual([
        { point: 1, decisionId: 'GT1-D1', applied: 'FIGHT' },
      ])
      const fed = outboxRows(app).filter((r) => r.recipient === FED)
      for (const m of fed) expect(m.mail.text + m.mail.subject).not.toMatch(/GT1-D1|Decision|decision/)
      // Between the question and the results the Federal got no mail at all.
      const ids = outboxRows(app)
      const askedAt = ids.find((r) => r.kind === 'decision')!.id
      const resultsAt = ids.find((r) => r.mail.subject.startsWith('[wb1] Results: GT1'))!.id
      expect(fed.filter((m) => m.id > askedAt && m.id < resultsAt)).toEqual([])
    })

    it('reminds and warns the Federal, tells the Confederate who is late, grants one grace per point', () => {
      const reminders = outboxRows(app).filter((r) => r.kind === 'reminder')
      expect(reminders.map((r) => r.recipient)).toEqual([FED, FED, FED])
      const late = outboxRows(app).filter((r) => r.kind === 'late')
      expect(late.filter((r) => r.recipient === FED)).toHaveLength(9)
      // Each subject says what its notice says: extended, still waited for, gone ahead without.
      expect(late.filter((r) => r.recipient === REB).map((r) => r.mail.subject)).toEqual(
        Array(3)
          .fill([
            '[wb1] Waiting for federal: deadline extended',
            '[wb1] Waiting for federal',
            '[wb1] Late: federal; the resolution goes ahead on standing orders',
          ])
          .flat(),
      )
      expect(late.filter((r) => r.recipient === MOD)).toHaveLength(9)
      expect(eventsOf(app, 'GraceGranted').map((e) => e.data.point)).toEqual([2, 4, 6])
    })

    it('does not wait for the Confederate while he is away, and names him in no notice', () => {
      expect(eventsOf(app, 'AbsenceSet').map((e) => e.data)).toEqual([
        {
          role: 'confederate',
          absenceId: 1,
          from: '2026-03-11T23:00:00.000Z',
          to: '2026-03-15T23:00:00.000Z',
          days: 4,
          by: 'confederate',
        },
      ])
      for (const type of ['ReminderSent', 'LateNoticeSent'])
        for (const e of eventsOf(app, type)) expect(e.data.roles).not.toContain('confederate')
      // Resolution 5 waited only for its deadline (Friday 18:00 EDT), then played the standing orders.
      const five = app.store
        .read('game:wb1')
        .filter((e) => e.data?.point === 5)
        .map((e) => e.type)
      expect(five).toEqual(['DiceCommitted', 'DeadlineSet', 'TurnAdjudicated', 'ReportsDispatched'])
      expect(
        outboxRows(app).find((r) => r.mail.subject === '[wb1] Absence 2026-03-12 to 2026-03-15 recorded')!.recipient,
      ).toBe(REB)
    })

    it('after three days down moves the open deadline by the downtime and tells everyone, instead of ruling anyone late', () => {
      expect(eventsOf(app, 'OutageDetected').map((e) => e.data)).toEqual([
        {
          lastTick: '2026-03-15T12:00:00.000Z',
          detectedAt: '2026-03-18T12:00:00.000Z',
          downtimeHours: 72,
          point: 6,
          deadline: '2026-03-20T00:00:00.000Z',
        },
      ])
      const moved = eventsOf(app, 'DeadlineSet')
        .filter((e) => e.data.point === 6)
        .map((e) => [e.data.deadline, e.data.reason])
      expect(moved.slice(0, 2)).toEqual([
        ['2026-03-17T00:00:00.000Z', 'GT3 Federal movement and Confederate activity adjudicated'],
        [
          '2026-03-20T00:00:00.000Z',
          'outage: the judge was down from 2026-03-15T12:00:00.000Z to 2026-03-18T12:00:00.000Z; the deadline moves by the downtime',
        ],
      ])
      const told = outboxRows(app).filter((r) => r.mail.subject.startsWith('[wb1] The judge was down'))
      expect(told.map((r) => r.recipient)).toEqual([FED, REB, MOD])
      expect(told[1]!.mail.text).toContain(
        '2026-03-20 00:00 UTC (2026-03-19 20:00 EDT America/New_York; 2026-03-20 01:00 GMT+1 Europe/Paris, your zone)',
      )
      expect(log.find((l) => l.report.outage)!.report.outage).toEqual({
        from: '2026-03-15T12:00:00.000Z',
        to: '2026-03-18T12:00:00.000Z',
        hours: 72,
        games: ['wb1'],
      })
    })
  })
})
