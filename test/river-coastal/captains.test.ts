import { describe, expect, it } from 'vitest'
import { commanded, shiftCommanders } from '../../src/games/river-coastal/fleetCommand.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { calm, csa, dice, play, ruleset } from './play.ts'

describe('§4 captains’ personalities', () => {
  it('§4 L169-171 a Reckless captain who sees an enemy steams at the nearest, 2 knots faster, turning as hard as he may', () => {
    const s: RiverState = ruleset.setup(
      'passing-the-fort',
      {},
      riverCoastalFactory.defaultPack(),
      calm({ 'captain:GAIN:white': 6 }),
    )
    expect(s.ships.GAIN!.captain.quality).toBe('reckless')
    const step = play(s, { CSA: 'GAIN: SPEED 0' })
    expect(step.narrative.map((e) => e.text)).toContain("CSS Gaines's reckless captain steams at the enemy (speed 2)")
    // at rest heading 180, Tecumseh (the nearest enemy she sees) bears 159: 21 degrees to port, of which a
    // 7" radius allows 16 in 2"
    expect(step.state.ships.GAIN!.speed).toBe(2)
    expect(step.state.ships.GAIN!.pose.heading).toBe(16400)
    expect(step.state.ships.SELM!.speed).toBe(0)
  })
})

describe('digest §4.5 standing orders in play', () => {
  const fresh = () => ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())

  it('§9 L605 NO-TARGET: NEAREST shifts a gun whose target is out of reach to the nearest it can reach; HOLD (the default) does not', () => {
    const orders = 'GALE: SPEED 4; FIRE BP AT GAINES'
    const held = play(fresh(), { USA: orders }, { 'm1:GALE:BP:hit': 6 })
    expect(held.narrative.filter((e) => e.text.startsWith('USS Galena BP')).map((e) => e.text)).toEqual([
      "USS Galena BP (FIRE BP AT GAIN) held fire: CSS Gaines is beyond the gun's long range",
    ])
    const shifted = play(fresh(), { USA: `POLICY GALE ON NO-TARGET: NEAREST\n${orders}` }, { 'm1:GALE:BP:hit': 6 })
    expect(shifted.narrative.map((e) => e.text)).toContain(
      'USS Galena BP (sb100) at CSS Tennessee, long range: rolled 6 -1, needs 5: hit, 4 damage',
    )
  })

  it('digest §1.3 NO-ORDERS: REPEAT keeps a silent ship on last move’s order, turn and all; the policy stands', () => {
    const one = play(fresh(), { USA: 'POLICY ALL ON NO-ORDERS: REPEAT\nTECU: SPEED 8; TURN PORT 10' })
    expect(one.state.ships.TECU!.pose.heading).toBe(35000)
    const two = play(one.state, {})
    expect(two.state.ships.TECU!.pose.heading).toBe(34000)
    expect(two.state.policies.USA.map((p: { text: string }) => p.text)).toEqual(['POLICY ALL ON NO-ORDERS: REPEAT'])
  })

  it('digest §1.3 NO-ORDERS: SLOW takes 2 knots off a silent ship; with no policy she holds her speed', () => {
    const s = fresh()
    const slow = play(s, { USA: 'POLICY CHIC ON NO-ORDERS: SLOW' })
    expect(slow.state.ships.CHIC!.speed).toBe(4)
    expect(slow.state.ships.TECU!.speed).toBe(6)
  })
})

describe('§4 L181-183 Stubborn captains and signals', () => {
  it('ruling RC-6 from move 2 a Stubborn captain out of his flagship’s sight holds speed and heading; his guns stay free', () => {
    const s: RiverState = ruleset.setup(
      'passing-the-fort',
      {},
      riverCoastalFactory.defaultPack(),
      calm({ 'captain:GAIN:white': 3 }),
    )
    expect(s.ships.GAIN!.captain.quality).toBe('stubborn')
    expect(ruleset.parseOrders(s, 'CSA', 'GAIN: SPEED 2').errors).toEqual([]) // move 1: the opening orders
    s.move = 2
    expect(ruleset.parseOrders(s, 'CSA', 'GAIN: SPEED 2').errors).toEqual([]) // Tennessee sees her: signals get through
    s.ships.TENN!.status = 'sunk'
    expect(ruleset.parseOrders(s, 'CSA', 'GAIN: SPEED 2').errors[0]!.message).toBe(
      "CSS Gaines's Stubborn captain holds to his orders (speed 0, no turn) until CSS Tennessee can signal him (§4 L183, ruling RC-6)",
    )
    expect(ruleset.parseOrders(s, 'CSA', 'GAIN: FIRE BP AT TECU').errors).toEqual([])
    const form = (ruleset.reportModel(s, csa) as { orderForm: string[] }).orderForm
    expect(form.some((l) => l.includes("Stubborn, out of CSS Tennessee's sight: holds speed and heading"))).toBe(true)
  })
})

describe('§4 L151-203 the fleet commander', () => {
  const setup = (forced: Record<string, number | number[]> = {}) =>
    ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm(forced)) as RiverState

  it('§4 L155 while aboard, his qualities replace the captain’s (morale, ram test, behaviour)', () => {
    const s = setup({ 'commander:CSA:green': 1, 'captain:TENN:green': 6 })
    expect(s.commanders.CSA).toMatchObject({ aboard: 'TENN', green: 3, alive: true })
    expect(s.ships.TENN!.captain.green).toBe(1)
    expect(commanded(s, s.ships.TENN!).captain.green).toBe(3)
    expect(commanded(s, s.ships.GAIN!).captain).toEqual(s.ships.GAIN!.captain)
  })

  it('§4 L203 an Intelligent commander shifts his flag from a sunk flagship to the nearest ship within 12"', () => {
    const s = setup()
    s.ships.TENN!.status = 'sunk'
    expect(shiftCommanders(s, dice())).toEqual([
      {
        ship: 'SELM',
        text: 'The CSA fleet commander shifts his flag from CSS Tennessee to CSS Selma',
        rule: '§4 L199-203',
      },
    ])
    expect(s.commanders.CSA.aboard).toBe('SELM')
  })

  it('§4 L201 a Stubborn commander goes down with his flagship; a Reckless one leaves only on 5-6', () => {
    const stubborn = setup({ 'commander:CSA:white': 3 })
    stubborn.ships.TENN!.status = 'sunk'
    shiftCommanders(stubborn, dice())
    expect(stubborn.commanders.CSA).toMatchObject({ alive: false, aboard: null })
    const reckless = setup({ 'commander:CSA:white': 5 })
    reckless.ships.TENN!.status = 'sunk'
    shiftCommanders(reckless, dice({ 'm1:commander:CSA:leave': 4 }))
    expect(reckless.commanders.CSA.alive).toBe(false)
    const lucky = setup({ 'commander:CSA:white': 6 })
    lucky.ships.TENN!.status = 'sunk'
    shiftCommanders(lucky, dice({ 'm1:commander:CSA:leave': 5 }))
    expect(lucky.commanders.CSA.aboard).toBe('SELM')
  })
})
