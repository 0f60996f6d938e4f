// RB 13 (supply: withering, wear and tear, the VP limits) and RB 16 (victory).
import { describe, expect, it } from 'vitest'
import rawMap from '../../src/games/rebel-raiders/data/map.json' with { type: 'json' }
import { LabelledDice } from '../helpers/spec.ts'
import { loadRebelMap } from '../../src/games/rebel-raiders/map.ts'
import type { Control } from '../../src/games/rebel-raiders/state.ts'
import {
  clampVp,
  confederateCities,
  supplyDiceCount,
  supplyLoss,
  unionVictory,
  witheringForts,
  witheringVp,
} from '../../src/games/rebel-raiders/supply.ts'

const map = loadRebelMap(structuredClone(rawMap)).content
const strict = (forced: Record<string, number | number[]>) =>
  new LabelledDice(
    Object.entries(forced).map(([label, values]) => ({ label, values })),
    'strict',
  )
const union = (...ids: string[]): Control => Object.fromEntries(ids.map((id) => [id, 'USA' as const]))

describe('RB 13.1: withering on the vine', () => {
  it('no fort withers at the start of the game', () => {
    expect(witheringForts(map, {})).toEqual([])
  })

  it('13.11: Island No. 10 withers as soon as Memphis falls (one step, as the play book example shows)', () => {
    expect(witheringForts(map, union('MEMP'))).toEqual([{ fort: 'IS10', from: 'CSA', to: 'USA' }])
  })

  it('13.11: a Union fort cut off from every Union city or port reverts; Forts Jackson & St. Philip never does', () => {
    expect(witheringForts(map, union('BTRG'))).toEqual([{ fort: 'BTRG', from: 'USA', to: 'CSA' }])
    expect(witheringForts(map, union('FJSP'))).toEqual([])
  })

  it('13.12: the difference of two dice is lost by the Confederacy for its fort, gained for a Union one', () => {
    expect(witheringVp(strict({ 'IS10 withers: first die': 6, 'IS10 withers: second die': 2 }), 'IS10', 'CSA').vp).toBe(
      -4,
    )
    expect(witheringVp(strict({ 'BTRG withers: first die': 1, 'BTRG withers: second die': 4 }), 'BTRG', 'USA').vp).toBe(
      3,
    )
  })
})

describe('RB 13.2: the wear and tear of war', () => {
  it('13.21: one die, plus one each for the Mississippi, Atlanta and Richmond lost', () => {
    expect(supplyDiceCount(map, {})).toEqual({ count: 1, reasons: [] })
    expect(supplyDiceCount(map, union('MEMP', 'VICK')).count).toBe(1) // New Orleans still holds the river
    expect(supplyDiceCount(map, union('MEMP', 'VICK', 'NORL', 'ATLA', 'RICH'))).toEqual({
      count: 4,
      reasons: ['the Mississippi is lost', 'Atlanta is lost', 'Richmond is lost'],
    })
    expect(supplyLoss(strict({ 'supply die 1': 4, 'supply die 2': 3 }), 2)).toEqual({ dice: [4, 3], vp: -7 })
  })

  it('13.22-13.23: points never go below -5, and above 50 are cut at the end of the phase', () => {
    expect(clampVp(-9)).toBe(-5)
    expect(clampVp(57)).toBe(50)
    expect(clampVp(57, { cap: false })).toBe(57)
  })
})

describe('RB 16: victory', () => {
  it('counts the 20 original Confederate cities and ports (14.23)', () => {
    expect(confederateCities(map)).toHaveLength(20)
  })

  it('16.11: the Mississippi, Atlanta and Richmond with the Confederacy below zero wins at once', () => {
    const all = union('MEMP', 'VICK', 'NORL', 'ATLA', 'RICH')
    expect(unionVictory(map, all, -1, false)).toMatch(/Mississippi, Atlanta and Richmond/)
    expect(unionVictory(map, all, 0, false)).toBeNull()
    expect(unionVictory(map, union('MEMP', 'VICK', 'ATLA', 'RICH'), -3, false)).toBeNull()
  })

  it('16.11: at the end, sixteen cities with the Mississippi and Richmond or Atlanta, below zero', () => {
    const cities = confederateCities(map).filter((c) => c !== 'ATLA' && c !== 'MONT' && c !== 'CHAT' && c !== 'GALV')
    expect(cities).toHaveLength(16)
    expect(unionVictory(map, union(...cities), -2, false)).toBeNull()
    expect(unionVictory(map, union(...cities), -2, true)).toMatch(/16 Confederate cities .* Richmond/)
    expect(unionVictory(map, union(...cities.slice(1)), -2, true)).toBeNull()
  })
})
