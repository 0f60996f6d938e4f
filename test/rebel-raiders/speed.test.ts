// RB 7.78 (searches and speed rolls, with the stack cases) and RB 8 (raids), dice forced by label.
import { describe, expect, it } from 'vitest'
import { LabelledDice } from '../helpers/spec.ts'
import { intercept, raidResult, speedBonus } from '../../src/games/rebel-raiders/speed.ts'

const dice = (forced: Record<string, number | number[]>) =>
  new LabelledDice(
    Object.entries(forced).map(([label, values]) => ({ label, values })),
    'strict',
  )
const RD = { id: 'RD-1', type: 'raider' as const }
const BR = { id: 'BR-2', type: 'runner' as const }

describe('RB 7.78: bonuses', () => {
  it('runners +2 and raiders +3 at sea and in stations, nothing in a port or fort; raiders lose one per earlier raid in the zone (8.13)', () => {
    expect(speedBonus('runner', 'coastal')).toBe(2)
    expect(speedBonus('runner', 'blockadeStation')).toBe(2)
    expect(speedBonus('raider', 'highSeas')).toBe(3)
    expect(speedBonus('raider', 'blockadeStation')).toBe(3) // ruling RR-S1
    expect(speedBonus('raider', 'oceanPort')).toBe(0)
    expect(speedBonus('runner', 'fort')).toBe(0)
    expect(speedBonus('raider', 'whaling', 1)).toBe(2)
    expect(speedBonus('raider', 'coastal', 2)).toBe(1)
  })
})

describe('RB 7.78: who wins', () => {
  it('the Confederate wins ties', () => {
    const d = dice({ 'search for RD-1 by SL-1': 6, 'speed of RD-1': 3 })
    expect(intercept(d, RD, 'highSeas', [{ id: 'SL-1', type: 'sloop' }])).toMatchObject({
      csa: { die: 3, total: 6 },
      winners: [],
      evaded: true,
    })
  })

  it('no Confederate roll when no Union total can beat his lowest', () => {
    const d = dice({ 'search for BR-2 by SL-1': 3 })
    const r = intercept(d, BR, 'coastal', [{ id: 'SL-1', type: 'sloop' }])
    expect(r).toMatchObject({ csa: null, evaded: true })
    expect(d.rolls.map((x) => x.label)).toEqual(['search for BR-2 by SL-1'])
  })

  it('each sloop rolls at sea; those above the raider fight, best first, equal totals together', () => {
    const d = dice({
      'search for RD-1 by SL-1': 6,
      'search for RD-1 by SL-2': 4,
      'search for RD-1 by SL-3': 6,
      'speed of RD-1': 1,
    })
    const sloops = ['SL-1', 'SL-2', 'SL-3'].map((id) => ({ id, type: 'sloop' as const }))
    const r = intercept(d, RD, 'highSeas', sloops, { union: 1 })
    expect(r.csa).toEqual({ die: 1, total: 4 })
    expect(r.winners).toEqual([
      { ships: ['SL-1', 'SL-3'], total: 7 },
      { ships: ['SL-2'], total: 5 },
    ])
    expect(r.evaded).toBe(false)
  })

  it('in a station the stack may roll one die, +1 per ship after the first, at most +3 (the sloop and two gunboats example)', () => {
    const stack = [
      { id: 'SL-1', type: 'sloop' as const },
      { id: 'GB-1', type: 'gunboat' as const },
      { id: 'GB-2', type: 'gunboat' as const },
    ]
    const d = dice({ 'search for BR-2 by the stack': 4, 'speed of BR-2': 3 })
    const r = intercept(d, BR, 'blockadeStation', stack, { asStack: true })
    expect(r.union).toEqual([{ ships: ['SL-1', 'GB-1', 'GB-2'], die: 4, total: 6 }])
    expect(r.winners).toEqual([{ ships: ['SL-1', 'GB-1', 'GB-2'], total: 6 }])
    const five = [...stack, { id: 'GB-3', type: 'gunboat' as const }, { id: 'GB-4', type: 'gunboat' as const }]
    const capped = intercept(
      dice({ 'search for BR-2 by the stack': 1, 'speed of BR-2': 1 }),
      BR,
      'blockadeStation',
      five,
      {
        asStack: true,
      },
    )
    expect(capped.union[0]!.total).toBe(4)
  })

  it('a stack roll is only for a station; at sea every sloop rolls its own die', () => {
    const d = dice({ 'search for RD-1 by SL-1': 2, 'search for RD-1 by SL-2': 2 })
    const r = intercept(
      d,
      RD,
      'coastal',
      [
        { id: 'SL-1', type: 'sloop' },
        { id: 'SL-2', type: 'sloop' },
      ],
      { asStack: true },
    )
    expect(r.union).toHaveLength(2)
  })

  it('a card modifier on the Confederate die counts (declared before the roll)', () => {
    const d = dice({ 'search for BR-2 by SL-1': 6, 'speed of BR-2': 3 })
    expect(intercept(d, BR, 'coastal', [{ id: 'SL-1', type: 'sloop' }], { csa: 1 }).evaded).toBe(true)
  })
})

describe('RB 8: raids', () => {
  it('8.11: at sea 4-5 earn one VP and 6 two; in the Whaling Grounds 4 or more earn two', () => {
    const vp = (where: 'highSeas' | 'whaling', die: number) =>
      raidResult(dice({ 'raid by RD-1': die }), 'RD-1', where, 0).vp
    expect([1, 2, 3, 4, 5, 6].map((d) => vp('highSeas', d))).toEqual([0, 0, 0, 1, 1, 2])
    expect([1, 2, 3, 4, 5, 6].map((d) => vp('whaling', d))).toEqual([0, 0, 0, 2, 2, 2])
  })

  it('8.12: each two extra movement points add one to the raid die (a modified 6 or more earns two)', () => {
    expect(raidResult(dice({ 'raid by RD-1': 5 }), 'RD-1', 'coastal', 1).vp).toBe(2)
    expect(raidResult(dice({ 'raid by RD-1': 3 }), 'RD-1', 'coastal', 1).vp).toBe(1)
  })
})
