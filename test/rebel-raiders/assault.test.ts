// RB 11: assaults: dice by year, matching dice, Union tactics, results and victory points.
import { describe, expect, it } from 'vitest'
import rawMap from '../../src/games/rebel-raiders/data/map.json' with { type: 'json' }
import { LabelledDice } from '../helpers/spec.ts'
import {
  assaultProblem,
  captureLosses,
  matchBonus,
  rollAssault,
  unionAssaultDice,
} from '../../src/games/rebel-raiders/assault.ts'
import { loadRebelMap } from '../../src/games/rebel-raiders/map.ts'

const map = loadRebelMap(structuredClone(rawMap)).content
const strict = (forced: Record<string, number | number[]>) =>
  new LabelledDice(
    Object.entries(forced).map(([label, values]) => ({ label, values })),
    'strict',
  )

describe('RB 11.62: the dice', () => {
  it('the Union rolls one die in 1861, two in 1862, three in 1863, four in 1864 (and 1865, ruling RR-A1)', () => {
    expect([1861, 1862, 1863, 1864, 1865].map(unionAssaultDice)).toEqual([1, 2, 3, 4, 4])
  })

  it('matching dice: +1 a pair, +2 a triple, +3 four alike, each set counted, read for the most', () => {
    expect(matchBonus([3, 5])).toBe(0)
    expect(matchBonus([3, 3])).toBe(1)
    expect(matchBonus([4, 4, 4])).toBe(2)
    expect(matchBonus([1, 1, 1, 1])).toBe(3)
    expect(matchBonus([2, 2, 5, 5])).toBe(2)
    expect(matchBonus([6, 6, 6, 6, 6])).toBe(3)
    expect(matchBonus([6, 6, 6, 6, 6, 6])).toBe(4)
    expect(matchBonus([3, 3, 4, 4, 4])).toBe(3)
  })
})

describe('RB 11.6: resolution', () => {
  it('11.63: in 1863 the Union may roll one die for +2 (the rule book example); at least one die is always rolled', () => {
    const r = rollAssault(
      strict({
        'assault on SAVA: Union die 1': 4,
        'assault on SAVA: Confederate die 1': 5,
        'assault on SAVA: Confederate die 2': 1,
        'assault on SAVA: Confederate die 3': 2,
      }),
      'SAVA',
      { year: 1863, tactics: 2, batteries: 1 },
    )
    expect(r.union).toEqual({ dice: [4], tactics: 2, total: 6 })
    expect(r.csa.total).toBe(5)
    expect(r.unionWins).toBe(true)
    expect(r.vp).toBe(-1)
    expect(() => rollAssault(strict({}), 'SAVA', { year: 1861, tactics: 1, batteries: 0 })).toThrow(
      /at most 0 of 1 dice/,
    )
  })

  it('11.61, 11.65-11.66: two Confederate dice, one more per battery up to three and one at Richmond; ties go to the Confederacy and cost the Union nothing', () => {
    const dice: Record<string, number> = { 'assault on RICH: Union die 1': 5, 'assault on RICH: Union die 2': 2 }
    for (let i = 1; i <= 6; i++) dice[`assault on RICH: Confederate die ${i}`] = i === 6 ? 5 : 1
    const r = rollAssault(strict(dice), 'RICH', { year: 1862, batteries: 4 })
    expect(r.csa.dice).toHaveLength(6) // 2 + 3 batteries (capped) + Richmond
    expect(r.unionWins).toBe(false)
    expect(r.vp).toBe(3) // 1,1,1,1,1 match: four alike +3 on the five: defense 5+3=8 vs attack 5
  })
})

describe('RB 11.68: what a capture costs', () => {
  it('a fort costs nothing more; a port one die', () => {
    expect(captureLosses(strict({}), map, {}, 'IS10', new Set())).toMatchObject({ vp: 0, cityLost: false })
    expect(captureLosses(strict({ 'capture of SAVA': 4 }), map, {}, 'SAVA', new Set())).toMatchObject({
      vp: -4,
      cityLost: true,
    })
  })

  it('once a game: the last Mississippi port one die more, Atlanta two, Richmond three', () => {
    const river = captureLosses(
      strict({ 'capture of NORL': 2, 'once-a-game loss for the Mississippi: die 1': 6 }),
      map,
      { MEMP: 'USA', VICK: 'USA' },
      'NORL',
      new Set(),
    )
    expect(river).toMatchObject({ vp: -8, onceTaken: ['mississippi'] })
    const rich = captureLosses(
      strict({
        'capture of RICH': 1,
        'once-a-game loss for RICH: die 1': 2,
        'once-a-game loss for RICH: die 2': 3,
        'once-a-game loss for RICH: die 3': 4,
      }),
      map,
      {},
      'RICH',
      new Set(),
    )
    expect(rich.vp).toBe(-10)
    expect(captureLosses(strict({ 'capture of RICH': 1 }), map, {}, 'RICH', new Set(['RICH'])).vp).toBe(-1)
  })
})

describe('RB 11.3-11.4: where an assault may go', () => {
  it('amphibious onto a port or fort, never an inland city', () => {
    expect(assaultProblem(map, {}, 'SAVA', 'amphibious', null)).toBeNull()
    expect(assaultProblem(map, {}, 'ATLA', 'amphibious', null)).toMatch(/no water/)
  })

  it('over a river line from a Union space (Cairo to Island No. 10), over a land line from a Union city, fort or port', () => {
    expect(assaultProblem(map, {}, 'IS10', 'river', 'CAIR')).toBeNull()
    expect(assaultProblem(map, {}, 'IS10', 'land', 'CAIR')).toMatch(/no land \(red\) line/)
    expect(assaultProblem(map, {}, 'FRED', 'land', 'WASH')).toBeNull()
    expect(assaultProblem(map, {}, 'RICH', 'land', 'FRED')).toMatch(/not held by the Union/)
    expect(assaultProblem(map, { FRED: 'USA' }, 'RICH', 'land', 'FRED')).toBeNull()
    expect(assaultProblem(map, {}, 'CHES', 'amphibious', null)).toMatch(/not a port, fort or city/)
  })
})
