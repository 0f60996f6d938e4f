import { describe, expect, it } from 'vitest'
import { canSee as audienceAllows, type Viewer } from '../../src/games/contract.ts'
import { LabelledDice } from '../../src/games/kit/spec.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'

const ruleset = riverCoastalFactory.create(riverCoastalFactory.defaultPack())
const dice = (forced: Record<string, number | number[]> = {}) =>
  new LabelledDice(Object.entries(forced).map(([label, values]) => ({ label, values })))
const usa: Viewer = { kind: 'role', role: 'USA' }
const csa: Viewer = { kind: 'role', role: 'CSA' }

function play(
  state: RiverState,
  orders: { USA?: string; CSA?: string },
  forced: Record<string, number | number[]> = {},
) {
  const parsed = Object.fromEntries(
    (['USA', 'CSA'] as const).map((side) => {
      const p = ruleset.parseOrders(state, side, orders[side] ?? '')
      expect(p.errors).toEqual([])
      return [side, p.commands]
    }),
  )
  return ruleset.resolve(state, { orders: parsed, decisions: {} }, dice(forced))
}

describe('the River & Coastal ruleset, turn by turn', () => {
  it('offers both scenarios and waits for both sides’ orders each move', () => {
    expect(ruleset.scenarios.map((s) => [s.id, s.turns])).toEqual([
      ['passing-the-fort', '14 moves'],
      ['above-the-bluffs', '15 moves'],
    ])
    const s = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), dice())
    expect(ruleset.awaiting(s).map((a) => a.role)).toEqual(['USA', 'CSA'])
    expect(ruleset.turnLabel(ruleset.turnOf(s))).toBe('Move 1')
  })

  it('§4 L157 captains are rolled at set-up on four dice, seen by their own side only', () => {
    const d = dice({
      'captain:TENN:white': 5,
      'captain:TENN:green': 1,
      'captain:TENN:red': 6,
      'captain:TENN:yellow': 3,
    })
    const s = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), d)
    expect(s.ships.TENN!.captain).toEqual({ quality: 'reckless', green: 3, red: -3, yellow: 2, alive: true })
    expect(d.rolls.find((r) => r.label === 'captain:TENN:white')!.audience).toEqual({ kind: 'roles', roles: ['CSA'] })
  })

  it('§7 one move: ordered speeds and turns are followed from the set-up positions, at the same time', () => {
    const s = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), dice())
    const step = play(s, { USA: 'TECU: SPEED 8\nCHIC: SPEED 6; TURN STARBOARD 15 AT 3', CSA: 'TENN: SPEED 2' })
    const ships = step.state.ships
    expect([ships.TECU!.pose.pos, ships.TECU!.pose.heading]).toEqual([{ x: 34000, y: 20000 }, 0])
    expect(ships.CHIC!.pose.heading).toBe(1500)
    // Tennessee steams downstream at 2 knots with a 2-knot current behind her: 4" (§7 L459)
    expect(ships.TENN!.pose.pos).toEqual({ x: 27000, y: 38000 })
    expect(step.state.move).toBe(2)
    expect(step.label).toBe('Move 1')
  })

  it('§9 L537 hidden deployment in fog: neither side sees the other, and the views and plots say nothing of it', () => {
    const fog = { 'weather:fog': 3, 'weather:fog:1': 4, 'weather:fog:2': 4 }
    const s = ruleset.setup('above-the-bluffs', {}, riverCoastalFactory.defaultPack(), dice(fog))
    expect(s.fog).toBe(8000)
    expect(s.seen).toEqual({ USA: [], CSA: [] })
    const view = ruleset.view(s, usa) as { ships: { id: string }[]; minefields: { real?: boolean }[] }
    expect(view.ships.map((x) => x.id)).toEqual(['CARO', 'CINC', 'MOUN', 'STLO'])
    expect(view.minefields.every((m) => m.real === undefined)).toBe(true)
    const plot = ruleset.figures!(s, usa, [])[0]!.svg
    expect(plot).toContain('CARO')
    expect(plot).not.toContain('ARKS')
    const step = play(s, { CSA: 'ARKS: SPEED 2' })
    const csaOnly = step.narrative.filter((e) => !audienceAllows(usa, e.audience))
    expect(step.narrative.filter((e) => audienceAllows(usa, e.audience)).some((e) => /Arkansas/.test(e.text))).toBe(
      false,
    )
    expect(csaOnly.every((e) => audienceAllows(csa, e.audience))).toBe(true)
    // §9 L589: fog thins by a quarter: 8" -> 10"
    expect(step.state.fog).toBe(10000)
  })

  it('§9 an enemy in sight is shown without its hull points or crew; own ships in full', () => {
    const s = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), dice())
    const view = ruleset.view(s, usa) as { ships: { id: string; spv?: number }[] }
    expect(view.ships.find((x) => x.id === 'TENN')).not.toHaveProperty('spv')
    expect(view.ships.find((x) => x.id === 'TECU')!.spv).toBe(210)
  })

  it('§9 L593-611 guns fire at the end of movement: Galena’s bow pivot hits Tennessee bow-on (-1) for half on her sloped armour', () => {
    const s = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), dice())
    // Galena at (30,10) stops short of the torpedo line; Tennessee (27,42) lies 28" up, in the bow pivot's arc
    const step = play(s, { USA: 'GALE: SPEED 4; FIRE BP AT TENN' }, { 'm1:GALE:BP:hit': 6 })
    expect(step.narrative.map((e) => e.text)).toContain(
      'USS Galena BP (sb100) at CSS Tennessee, long range: rolled 6 -1, needs 5: hit, 4 damage',
    )
    expect(step.state.ships.TENN!.spv).toBe(123)
    expect(step.state.ships.GALE!.guns.BP!.lastFired).toBe(1)
  })
})
