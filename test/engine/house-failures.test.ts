// A house player that fails never breaks the judge: one that throws, or writes orders the game
// refuses, leaves its seat as one that sent nothing; the failure is recorded once and mailed to the
// moderator, and the game resolves at its deadline as for a silent person. The house players here
// are deliberately broken ones given to the neutral fixture duel in this file only.
import { afterEach, describe, expect, it } from 'vitest'
import type { HouseSeatFailed } from '../../src/engine/events.ts'
import type { HousePlayer } from '../../src/games/contract.ts'
import { createFixtureDuel, DUEL_NORTH, outboxRows, testApp, type TestApp } from '../helpers/app.ts'
import { HOUSED, registerHousedDuel } from './housedFixture.ts'

let house: HousePlayer = { orders: () => 'PASS', answer: (_v, q) => q.defaultOption }
registerHousedDuel(() => house)

let app: TestApp | null = null
afterEach(() => {
  app?.cleanup()
  app = null
})

const southHouse = { role: 'south', address: 'house:cautious', name: 'House' }

function duel(a: TestApp) {
  return createFixtureDuel(a, 'hf1', { ruleset: HOUSED, players: [DUEL_NORTH, southHouse] })
}

const failures = (a: TestApp) =>
  a.judge
    .load('hf1')
    .events.filter((e) => e.type === 'HouseSeatFailed')
    .map((e) => ({ data: e.data as HouseSeatFailed, audience: e.audience }))

const moderatorMail = (a: TestApp) => outboxRows(a).filter((r) => r.recipient === 'mod@example.test')

describe('a failing house seat', () => {
  it('a house player that throws: creation succeeds, the failure is recorded and mailed, the seat is silent', () => {
    app = testApp('hf-throw')
    house = {
      orders: () => {
        throw new Error('the house lost its charts')
      },
      answer: (_v, q) => q.defaultOption,
    }
    expect(() => duel(app!)).not.toThrow()
    const f = failures(app)
    expect(f).toHaveLength(1)
    expect(f[0]!.data).toMatchObject({ role: 'south', level: 'cautious', point: 1, what: 'orders', kind: 'error' })
    expect(f[0]!.data.reason).toContain('the house lost its charts')
    expect(f[0]!.audience).toEqual({ kind: 'moderator' })
    const mail = moderatorMail(app).filter((r) => r.mail.subject.includes('house player at south failed'))
    expect(mail).toHaveLength(1)
    expect(mail[0]!.mail.text).toContain('the house lost its charts')
    expect(app.judge.load('hf1').orders.has('south')).toBe(false)
  })

  it('the failure is recorded once a point, and the game resolves past it with the seat silent', () => {
    app = testApp('hf-once')
    house = {
      orders: () => {
        throw new Error('broken')
      },
      answer: (_v, q) => q.defaultOption,
    }
    duel(app)
    // Another call that plays the house seats (a replacement of the other seat) does not repeat it.
    app.judge.replacePlayer('hf1', 'north', 'north2@example.test', { by: 'test' })
    expect(failures(app)).toHaveLength(1)
    expect(app.judge.submitOrders('hf1', 'north', 'DRAW 2').accepted).toBe(true)
    const r = app.judge.forceAdjudicate('hf1', { by: 'test' })
    expect(r.committed).toBe(true)
    // The next point is a new occasion: the house tries again, fails again, and it is recorded again.
    expect(failures(app).map((f) => f.data.point)).toEqual([1, 2])
  })

  it('orders the game refuses are recorded with the refusal and mailed to the moderator, never dropped', () => {
    app = testApp('hf-refused')
    house = { orders: () => 'FLY AWAY', answer: (_v, q) => q.defaultOption }
    duel(app)
    const f = failures(app)
    expect(f).toHaveLength(1)
    expect(f[0]!.data).toMatchObject({ role: 'south', what: 'orders', kind: 'refused' })
    expect(f[0]!.data.reason.length).toBeGreaterThan(0)
    const rejected = app.judge.load('hf1').events.filter((e) => e.type === 'OrdersRejected')
    expect(rejected).toHaveLength(1)
    const mail = moderatorMail(app).filter((r) => r.mail.subject.includes('house player at south failed'))
    expect(mail).toHaveLength(1)
    expect(mail[0]!.mail.text).toContain('the game refused it')
    expect(app.judge.load('hf1').orders.has('south')).toBe(false)
  })

  it('an answer that throws is recorded and mailed; the question keeps its default', () => {
    app = testApp('hf-answer')
    house = {
      orders: () => 'HIGH ASK\nDRAW 3',
      answer: () => {
        throw new Error('the house cannot decide')
      },
    }
    duel(app)
    expect(app.judge.load('hf1').orders.get('south')?.from).toBe('house:cautious')
    // Round by round until the house is asked about a high card (its draws come from the seeded cut).
    for (let i = 0; i < 3 && !failures(app).length && !app.judge.load('hf1').finished; i++) {
      const fold = app.judge.load('hf1')
      if (fold.ruleset.awaiting(fold.state).some((a) => a.kind === 'orders' && a.role === 'north'))
        app.judge.submitOrders('hf1', 'north', 'DRAW 1')
      expect(() => app!.judge.adjudicate('hf1', { by: 'test' })).not.toThrow()
    }
    const f = failures(app)
    expect(f.length).toBeGreaterThan(0)
    expect(f[0]!.data).toMatchObject({ role: 'south', kind: 'error', reason: 'the house cannot decide' })
    expect(f[0]!.data.what).not.toBe('orders')
    const asked = app.judge.load('hf1').requested.get(f[0]!.data.what)
    expect(asked?.role).toBe('south')
    expect(app.judge.load('hf1').answers.has(f[0]!.data.what)).toBe(false)
  })

  it('a working house player files its orders and nothing is recorded as failed', () => {
    app = testApp('hf-ok')
    house = { orders: () => 'DRAW 1', answer: (_v, q) => q.defaultOption }
    duel(app)
    expect(failures(app)).toEqual([])
    expect(app.judge.load('hf1').orders.get('south')?.from).toBe('house:cautious')
  })
})
