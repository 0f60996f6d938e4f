// RB 14 (Confederate builds and special build points) and RB 15 (Union builds).
import { describe, expect, it } from 'vitest'
import rawMap from '../../src/games/rebel-raiders/data/map.json' with { type: 'json' }
import { confederateBuilds, unionBuilds } from '../../src/games/rebel-raiders/buildCounts.ts'
import { planBuilds, runnersAbroad } from '../../src/games/rebel-raiders/builds.ts'
import type { BuildContext, BuildOrder } from '../../src/games/rebel-raiders/buildTypes.ts'
import { loadRebelMap } from '../../src/games/rebel-raiders/map.ts'

const map = loadRebelMap(structuredClone(rawMap)).content
const ctx = (over: Partial<BuildContext> = {}): BuildContext => ({
  map,
  control: {},
  turn: 2,
  year: 1861,
  vp: 10,
  citiesLost: 0,
  razed: new Set(),
  specialPoints: 0,
  ironcladsPlaced: [],
  ...over,
})
let n = 0
const o = (what: BuildOrder['what'], at?: string, special = false): BuildOrder => ({
  line: ++n,
  what,
  ...(at ? { at } : {}),
  ...(special ? { special } : {}),
})

describe('RB 14.23, 15.31: how many builds', () => {
  it('the Confederacy: five with four or fewer lost, four with five to eight, and one fewer each four more', () => {
    expect([0, 4, 5, 8, 9, 12, 13, 16, 17, 20].map(confederateBuilds)).toEqual([5, 5, 4, 4, 3, 3, 2, 2, 1, 1])
  })

  it('the Union: 5, 5, 6, 6 ... up to 10 on turns 11 and 12 (the 15.31 example)', () => {
    expect(Array.from({ length: 13 }, (_, i) => unionBuilds(i + 1))).toEqual([5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 10])
  })
})

describe('RB 14.24: Confederate builds', () => {
  it('a raider costs a build and a point, only in Spain or France & England, one a turn; two builds when the points are gone', () => {
    const p = planBuilds('CSA', [o('raider', 'SPAI'), o('raider', 'FREN'), o('raider', 'NORF')], ctx())
    expect(p.now).toEqual([{ type: 'raider', at: 'SPAI' }])
    expect(p.vp).toBe(-1)
    expect(p.errors.map((e) => e.message)).toEqual([
      'one raider a turn (14.24)',
      'a raider is built only in Spain or France & England (14.24)',
    ])
    const broke = planBuilds('CSA', [o('raider', 'SPAI')], ctx({ vp: 0 }))
    expect(broke).toMatchObject({ vp: 0, buildsLeft: 3 })
  })

  it('gunboats and runners in Confederate ports, one ship a port a turn, none where an ironclad was placed', () => {
    const p = planBuilds(
      'CSA',
      [o('gunboat', 'MEMP'), o('runner', 'MEMP'), o('runner', 'CHAS'), o('gunboat', 'WILM')],
      ctx({ ironcladsPlaced: ['WILM'] }),
    )
    expect(p.now).toEqual([
      { type: 'gunboat', at: 'MEMP' },
      { type: 'runner', at: 'CHAS' },
    ])
    expect(p.errors.map((e) => e.message)).toEqual([
      'one ship a turn in Memphis (14.24)',
      'an ironclad is placed in Wilmington this build: no other ship is built there (14.24)',
    ])
    expect(planBuilds('CSA', [o('gunboat', 'SAVA')], ctx({ control: { SAVA: 'USA' } })).errors).toHaveLength(1)
  })

  it('runners abroad: Europe first, one a neutral port, 1 in 1861 up to 4 from 1864', () => {
    expect([1861, 1862, 1863, 1864, 1865].map(runnersAbroad)).toEqual([1, 2, 3, 4, 4])
    expect(planBuilds('CSA', [o('runner', 'NASS')], ctx()).errors[0]!.message).toMatch(
      /first runner built abroad .* Europe/,
    )
    const p = planBuilds('CSA', [o('runner', 'FREN'), o('runner', 'NASS'), o('runner', 'HAVA')], ctx({ year: 1862 }))
    expect(p.now.map((x) => x.at)).toEqual(['FREN', 'NASS'])
    expect(p.errors[0]!.message).toBe('2 runner(s) abroad in 1862 (14.24)')
  })

  it('an ironclad takes a build and an arsenal battery and arrives next turn; none on turn one (15.61)', () => {
    expect(planBuilds('CSA', [o('ironclad')], ctx({ turn: 1 })).errors[0]!.message).toMatch(/turn one/)
    const p = planBuilds('CSA', [o('ironclad'), o('ironclad'), o('ironclad')], ctx())
    expect(p.nextTurn).toHaveLength(2) // Atlanta's and Richmond's batteries
    expect(p.errors[0]!.message).toMatch(/no arsenal battery is left/)
    expect(
      planBuilds('CSA', [o('ironclad')], ctx({ control: { ATLA: 'USA' }, razed: new Set(['RICH']) })).errors,
    ).toHaveLength(1)
  })

  it('arsenal batteries go to Confederate forts, cities and ports, one a space; the counterattack costs three builds or all left', () => {
    const p = planBuilds(
      'CSA',
      [o('battery', 'IS10'), o('battery', 'IS10'), o('counterattack'), o('counterattack')],
      ctx(),
    )
    expect(p.now).toEqual([{ type: 'battery', at: 'IS10' }])
    expect(p.nextTurn).toEqual([{ type: 'counterattack', at: null }])
    expect(p.buildsLeft).toBe(2)
    expect(p.errors.map((e) => e.message)).toEqual([
      'one battery a turn in Island No. 10 (14.24)',
      'one counterattack a turn (14.24)',
    ])
  })

  it("14.31-14.32 (and 18.31's example): special build points buy a battery (4, beside another), an ironclad without a battery (4), a gunboat (1)", () => {
    const p = planBuilds(
      'CSA',
      [o('battery', 'IS10'), o('battery', 'IS10', true), o('ironclad', undefined, true), o('gunboat', 'VICK', true)],
      ctx({
        specialPoints: 9,
      }),
    )
    expect(p.errors).toEqual([])
    expect(p.buildsLeft).toBe(5)
    const short = planBuilds('CSA', [o('ironclad', undefined, true)], ctx({ specialPoints: 3 }))
    expect(short.errors[0]!.message).toBe('an ironclad costs 4 special build points; 3 left (14.32)')
  })
})

describe('RB 15.4: Union builds', () => {
  it('gunboats one build, sloops one (next turn, Navy Yards), ironclads two (next turn), assaults four', () => {
    const p = planBuilds('USA', [o('gunboat', 'CAIR'), o('sloop'), o('ironclad', 'STLO'), o('pawn')], ctx({ turn: 3 }))
    expect(p.errors.map((e) => e.message)).toEqual(['a pawn costs 4 build(s); 2 left (15.41)'])
    expect(p.now).toEqual([{ type: 'gunboat', at: 'CAIR' }])
    expect(p.nextTurn).toEqual([
      { type: 'sloop', at: 'NAVY' },
      { type: 'ironclad', at: 'STLO' },
    ])
  })

  it('15.42: two gunboats or one ironclad in each original river port; the Navy Yards unlimited (the 15.42 example: no gunboats where an ironclad was placed)', () => {
    const p = planBuilds(
      'USA',
      [
        o('gunboat', 'CINC'),
        o('gunboat', 'CINC'),
        o('gunboat', 'CINC'),
        o('ironclad', 'CINC'),
        o('gunboat', 'NAVY'),
        o('gunboat', 'NAVY'),
      ],
      ctx({ turn: 11 }),
    )
    expect(p.now.filter((x) => x.at === 'CINC')).toHaveLength(2)
    expect(p.errors.map((e) => e.message)).toEqual([
      'two gunboats a turn in CINC (15.42)',
      'one ironclad, or two gunboats, a turn in CINC (15.42)',
    ])
    expect(planBuilds('USA', [o('gunboat', 'MEMP')], ctx()).errors[0]!.message).toMatch(
      /Navy Yards or an original Union river port/,
    )
  })
})
