import { describe, expect, it } from 'vitest'
import { crewOverflow, startMission } from '../../src/games/infernal-machine/missionAction.ts'
import { build, militaryRecruit, placementError, recruit } from '../../src/games/infernal-machine/shopActions.ts'
import { parseImOrders } from '../../src/games/infernal-machine/orders.ts'
import { campaign, ctx, LabelHashDice, pack, seaworthyHull, twoSectionShop } from './helpers.ts'

describe('Infernal Machine: building the fishboat (p.47) and manning it (p.19)', () => {
  it('p.47 the prow first, the stern last; a spar by the prow, a tow cord by the stern, the Diver in the Airlock', () => {
    const c = ctx()
    const tiles = ['needle-prow', 'section', 'section', 'chisel-stern']
    expect(placementError(c, ['section', 'needle-prow'], [])).toBe('the prow must be the first tile')
    expect(placementError(c, ['needle-prow', 'chisel-stern', 'section'], [])).toBe('the stern must be the last tile')
    expect(placementError(c, tiles, [['long-spar', 2]])).toBe('a spar goes next to the prow')
    expect(placementError(c, tiles, [['tow-cord', 1]])).toBe('a tow cord goes next to the stern')
    expect(placementError(c, tiles, [['diver', 2]])).toBe('the Diver goes in the Airlock')
    expect(
      placementError(c, tiles, [
        ['long-spar', 0],
        ['airlock', 2],
        ['diver', 2],
        ['tow-cord', 3],
      ]),
    ).toBeNull()
    expect(build(c, campaign({ funds: 99 }), { tiles: ['section', 'needle-prow'], parts: [], sell: [] })).toBe(
      'the prow must be the first tile',
    )
  })

  it('p.19 a tile holds its crew icons; an engine takes two of its places', () => {
    const camp = campaign({
      boat: { tiles: ['needle-prow', 'section', 'chisel-stern'], parts: [['boiler-engine', 1]] },
    })
    expect(
      crewOverflow(ctx(), camp, [
        ['moser', 0],
        ['baird', 2],
      ]),
    ).toBeNull()
    expect(crewOverflow(ctx(), camp, [['moser', 1]])).toBe('tile 1 holds 0 crewmen, 1 placed')
    expect(
      crewOverflow(ctx(), camp, [
        ['moser', 0],
        ['baird', 0],
      ]),
    ).toBe('tile 0 holds 1 crewmen, 2 placed')
  })

  it('p.60 the report names every card drawn, kept or not', () => {
    const camp = campaign()
    camp.decks.journeyman = { drawPile: ['doyle', 'snow'], discards: [], reshuffles: 0 }
    const c = ctx()
    recruit(c, camp, 'journeyman', (id) => id === 'snow')
    expect(c.notes[0]!.text).toBe('Recruit from the journeyman deck: drew doyle, snow; hired snow')
  })
})

describe('Infernal Machine: Military Recruit and free Sailors (p.52, p.60)', () => {
  it('p.60 $5 each makes personae in the shop count as Sailors for a Navy-only crew; the Training Level stays', () => {
    const camp = campaign({ training: 2, navyOnly: true, marque: true })
    expect(militaryRecruit(ctx(), camp, ['moser', 'baird'])).toBeNull()
    expect([camp.funds, camp.sailors, camp.training]).toEqual([10, ['moser', 'baird'], 2])
  })

  it('p.60 p.42 an Investor may be re-designated a Sailor too, and the re-designated go to sea under Navy only', () => {
    const boat = seaworthyHull()
    const camp = campaign({ navyOnly: true, marque: true, boat })
    const order = { training: true, launch: 'mount-pleasant', crew: [['biederman', 1] as [string, number]] }
    const sea = () => ({ pack, dice: new LabelHashDice('navy'), notes: [] })
    expect(startMission(sea(), structuredClone(camp), order)).toBe('Navy only: Sailors only')
    expect(militaryRecruit(ctx(), camp, ['biederman'])).toBeNull()
    expect([camp.funds, camp.sailors]).toEqual([15, ['biederman']])
    expect(typeof startMission(sea(), camp, order)).toBe('object')
  })

  it('p.52 a commissioned USA player hires Sailors free', () => {
    const camp = campaign({ side: 'USA', commissioned: true, location: 'washington' })
    camp.decks.sailor = { drawPile: ['wilson', 'doe', 'watson'], discards: [], reshuffles: 0 }
    recruit(ctx(), camp, 'sailor', () => true)
    expect([camp.funds, camp.personae.map((p) => p.id).slice(3)]).toEqual([20, ['wilson', 'doe', 'watson']])
  })

  describe('p.47 Rearrange & Sell: tile numbers read as the last report numbered them', () => {
    const boat = () => twoSectionShop({ funds: 10 })
    const order = (text: string) => parseImOrders(pack, text).commands[0] as never

    it('p.47 a Section sold from the middle: the parts behind it go with their tiles, and the report renumbers them', () => {
      const c = boat()
      const x = ctx()
      expect(build(x, c, order('BUILD MOVE hatch@2 SELL section@1'))).toBeNull()
      expect(c.boat).toEqual({
        tiles: ['needle-prow', 'section', 'chisel-stern'],
        parts: [
          ['hatch', 1],
          ['ballast-tank', 1],
          ['propeller', 2],
        ],
      })
      expect(c.funds).toBe(11)
      expect(x.notes.at(-1)!.text).toBe(
        'Build: nothing for $0; moved hatch@2; the tiles are now 0 needle-prow, 1 section [hatch, ballast-tank], 2 chisel-stern [propeller]',
      )
    })

    it('p.47 new tiles are numbered on from the last tile aboard, whatever a sale in the same Build does', () => {
      const c = boat()
      expect(build(ctx(), c, order('BUILD section dive-planes@4 SELL section@2 MOVE ballast-tank@1'))).toBeNull()
      expect(c.boat).toEqual({
        tiles: ['needle-prow', 'section', 'section', 'chisel-stern'],
        parts: [
          ['hatch', 1],
          ['ballast-tank', 1],
          ['propeller', 3],
          ['dive-planes', 2],
        ],
      })
    })

    it('p.47 a sale that leaves a part on no tile, or names one of two alike, is refused with the choices', () => {
      expect(build(ctx(), boat(), order('BUILD SELL section@1'))).toBe(
        'hatch would be on tile 1 (section), which is sold: put it elsewhere (MOVE hatch@<tile>) or sell it too',
      )
      expect(build(ctx(), boat(), order('BUILD SELL section'))).toBe(
        'SELL section: the boat has more than one; name which: SELL section@1 or SELL section@2',
      )
      expect(build(ctx(), boat(), order('BUILD SELL hatch@2'))).toBe(
        'SELL hatch@2: there is no hatch on tile 2; aboard: needle-prow@0, section@1, section@2, chisel-stern@3, hatch@1, ballast-tank@2, propeller@3',
      )
      const c = boat()
      expect(build(ctx(), c, order('BUILD SELL hatch'))).toBeNull()
      expect(c.boat.parts).toEqual([
        ['ballast-tank', 2],
        ['propeller', 3],
      ])
    })
  })
})
