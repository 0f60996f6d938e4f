import { describe, expect, it } from 'vitest'
import { crewOverflow } from '../../src/games/infernal-machine/missionAction.ts'
import { build, placementError, recruit } from '../../src/games/infernal-machine/shopActions.ts'
import { campaign, ctx } from './helpers.ts'

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
