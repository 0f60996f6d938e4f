// The standby house: a game created with --standby house:<level> has the house write the orders of
// a person who sent none by the deadline (after the grace the schedule grants), for that point
// only. Every reader's report says so; the person keeps the seat and his own orders count next
// point. On the fixture duel, with a house player given in this file only.
import { afterEach, describe, expect, it } from 'vitest'
import type { OrdersAccepted, StandbyPlayed, TurnAdjudicated } from '../../src/engine/events.ts'
import type { HousePlayer } from '../../src/games/contract.ts'
import { createFixtureDuel, outboxRows, testApp, type TestApp } from '../helpers/app.ts'
import { HOUR, START, tickAt } from '../schedule/helpers.ts'
import { HOUSED, registerHousedDuel } from './housedFixture.ts'

const WORKING: HousePlayer = {
  orders: (_view, _role, _level, choice) => `DRAW ${choice.below(3, 'how many') + 1}`,
  answer: (_view, q) => q.defaultOption,
}
let house = WORKING
registerHousedDuel(() => house)

let app: TestApp | null = null
afterEach(() => {
  app?.cleanup()
  app = null
  house = WORKING
})

const NOTE = 'The house (cautious) wrote the north orders for round 1 draws: no orders by the deadline.'
const quiet = { recordTick: false }

function events(a: TestApp, game: string) {
  return a.judge.load(game).events
}

function result(a: TestApp, game: string, point: number): TurnAdjudicated {
  return events(a, game).find((e) => e.type === 'TurnAdjudicated' && (e.data as TurnAdjudicated).point === point)!.data
}

function filedBy(a: TestApp, game: string, receipt: string): OrdersAccepted {
  return a.judge.load(game).receipts.get(receipt)!.data as OrdersAccepted
}

describe('the standby house', () => {
  it('plays a missed point for the person, is announced to every reader, and the person plays on', () => {
    app = testApp('standby')
    createFixtureDuel(app, 'sb1', { ruleset: HOUSED, standby: 'house:cautious' })
    expect(app.judge.load('sb1').standby).toBe('cautious')
    expect(app.judge.submitOrders('sb1', 'south', 'DRAW 1').accepted).toBe(true)
    const before = outboxRows(app).length
    tickAt(app, START + 73 * HOUR, quiet)
    const played = events(app, 'sb1').filter((e) => e.type === 'StandbyPlayed')
    expect(played.map((e) => e.data as StandbyPlayed)).toEqual([
      { role: 'north', level: 'cautious', point: 1, label: 'round 1 draws' },
    ])
    expect(played[0]!.audience).toEqual({ kind: 'public' })
    const first = result(app, 'sb1', 1)
    expect(filedBy(app, 'sb1', first.inputs.north!).from).toBe('standby:house:cautious')
    // The person keeps the seat, and is not sent an acknowledgement of orders he did not write.
    expect(app.judge.load('sb1').players.get('north')!.address).toBe('north@example.test')
    const mail = outboxRows(app).slice(before)
    expect(mail.filter((m) => m.kind === 'ack')).toEqual([])
    const reports = mail.filter((m) => m.kind === 'report')
    expect(reports.map((m) => m.recipient).sort()).toEqual([
      'mod@example.test',
      'north@example.test',
      'south@example.test',
    ])
    for (const r of reports) expect(r.mail.text, r.recipient).toContain(NOTE)

    // Next point: the person's own orders are used, and the standby does not play.
    expect(app.judge.submitOrders('sb1', 'north', 'DRAW 2').accepted).toBe(true)
    expect(app.judge.submitOrders('sb1', 'south', 'DRAW 1').accepted).toBe(true)
    tickAt(app, Date.parse(app.judge.load('sb1').deadline!.deadline) + HOUR, quiet)
    const second = result(app, 'sb1', 2)
    const own = filedBy(app, 'sb1', second.inputs.north!)
    expect(own.from).toBeNull()
    expect(own.normalised.join(' ')).toContain('DRAW 2')
    expect(events(app, 'sb1').filter((e) => e.type === 'StandbyPlayed')).toHaveLength(1)
  })

  it('waits out the grace period the schedule grants before it plays', () => {
    app = testApp('standby-grace')
    createFixtureDuel(app, 'sb2', {
      ruleset: HOUSED,
      standby: 'house:cautious',
      schedule: { missed: 'grace', graceHours: 24 },
    })
    app.judge.submitOrders('sb2', 'south', 'DRAW 1')
    tickAt(app, START + 73 * HOUR, quiet)
    expect(events(app, 'sb2').some((e) => e.type === 'GraceGranted')).toBe(true)
    expect(events(app, 'sb2').some((e) => e.type === 'StandbyPlayed')).toBe(false)
    expect(app.judge.load('sb2').point).toBe(1)
    tickAt(app, START + 98 * HOUR, quiet)
    expect(events(app, 'sb2').filter((e) => e.type === 'StandbyPlayed')).toHaveLength(1)
    expect(app.judge.load('sb2').point).toBe(2)
  })

  it('its orders replay exactly: the same log gives the same standby mail', () => {
    const texts: string[] = []
    for (let run = 0; run < 2; run++) {
      app = testApp('standby-replay')
      createFixtureDuel(app, 'sb3', { ruleset: HOUSED, standby: 'house:cautious' })
      app.judge.submitOrders('sb3', 'south', 'DRAW 1')
      tickAt(app, START + 73 * HOUR, quiet)
      texts.push(filedBy(app, 'sb3', result(app, 'sb3', 1).inputs.north!).normalised.join('\n'))
      app.cleanup()
      app = null
    }
    expect(texts[0]).toBe(texts[1])
  })

  it('game standby off clears it: a missed point then plays on standing orders as before', () => {
    app = testApp('standby-off')
    createFixtureDuel(app, 'sb5', { ruleset: HOUSED, standby: 'house:cautious' })
    app.judge.setStandby('sb5', null, { by: 'test' })
    expect(app.judge.load('sb5').standby).toBe(null)
    app.judge.submitOrders('sb5', 'south', 'DRAW 1')
    tickAt(app, START + 73 * HOUR, quiet)
    expect(app.judge.load('sb5').point).toBe(2)
    expect(events(app, 'sb5').some((e) => e.type === 'StandbyPlayed')).toBe(false)
    expect(result(app, 'sb5', 1).inputs.north).toBeUndefined()
  })

  it('a standby that throws is recorded and mailed to the moderator; the point resolves as for a silent player', () => {
    app = testApp('standby-broken')
    house = {
      orders: () => {
        throw new Error('no charts aboard')
      },
      answer: (_v, q) => q.defaultOption,
    }
    createFixtureDuel(app, 'sb8', { ruleset: HOUSED, standby: 'house:cautious' })
    app.judge.submitOrders('sb8', 'south', 'DRAW 1')
    expect(() => tickAt(app!, START + 73 * HOUR, quiet)).not.toThrow()
    expect(app.judge.load('sb8').point).toBe(2)
    const failed = events(app, 'sb8').filter((e) => e.type === 'HouseSeatFailed')
    expect(failed.map((e) => e.data)).toEqual([
      { role: 'north', level: 'cautious', point: 1, what: 'standby', kind: 'error', reason: 'no charts aboard' },
    ])
    expect(events(app, 'sb8').some((e) => e.type === 'StandbyPlayed')).toBe(false)
    expect(result(app, 'sb8', 1).inputs.north).toBeUndefined()
    const told = outboxRows(app).filter(
      (m) => m.recipient === 'mod@example.test' && /failed \(standby\)/.test(m.mail.subject),
    )
    expect(told).toHaveLength(1)
    expect(told[0]!.mail.text).toContain('no charts aboard')
  })

  it('a game without a house player refuses a standby', () => {
    app = testApp('standby-none')
    expect(() => createFixtureDuel(app!, 'sb6', { standby: 'house:cautious' })).toThrow(/no house player/)
    expect(() => createFixtureDuel(app!, 'sb7', { ruleset: HOUSED, standby: 'house:reckless' })).toThrow(
      /not a house seat/,
    )
  })
})
