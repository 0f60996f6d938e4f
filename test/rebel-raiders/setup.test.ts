// RB 4: the 1861 set-up, placed on the reconstructed map from the piece table.
import { describe, expect, it } from 'vitest'
import rawMap from '../../src/games/rebel-raiders/data/map.json' with { type: 'json' }
import rawPieces from '../../src/games/rebel-raiders/data/pieces.json' with { type: 'json' }
import rawSetup from '../../src/games/rebel-raiders/data/setup-1861.json' with { type: 'json' }
import { loadRebelMap } from '../../src/games/rebel-raiders/map.ts'
import { openingPosition, piecesSchema, setupSchema } from '../../src/games/rebel-raiders/setup.ts'

const map = loadRebelMap(structuredClone(rawMap)).content
const pieces = piecesSchema.parse(rawPieces)
const setup = setupSchema.parse(rawSetup)
const position = openingPosition(setup, pieces, map)
const at = (space: string, side?: string) =>
  position.pieces
    .filter((p) => p.at === space && (!side || p.side === side))
    .map((p) => p.type)
    .sort()
const count = (side: string, type: string) => position.pieces.filter((p) => p.side === side && p.type === type).length

describe('RB 4.1: the Confederacy at start', () => {
  it('RB 4.12: nine batteries, three gunboats, six blockade runners and one raider', () => {
    expect(count('CSA', 'battery')).toBe(9)
    expect(count('CSA', 'gunboat')).toBe(3)
    expect(count('CSA', 'runner')).toBe(6)
    expect(count('CSA', 'raider')).toBe(1)
  })

  it('RB 4.12: batteries in the four forts and five ports, the raider and a runner in New Orleans', () => {
    for (const fort of ['IS10', 'HEND', 'BTRG', 'FJSP']) expect(at(fort)).toEqual(['battery'])
    for (const port of ['NORF', 'CHAS', 'MOBL', 'SAVA', 'PENS']) expect(at(port)).toContain('battery')
    expect(at('NORL')).toEqual(['raider', 'runner'])
    expect(at('NORF')).toEqual(['battery', 'gunboat'])
  })

  it('RB 4.13: the VP start at 10', () => {
    expect(position.vp).toBe(10)
    expect(position.turn).toBe(1)
  })
})

describe('RB 4.2: the Union at start', () => {
  it('RB 4.22: gunboats at Cairo and the Navy Yards, sloops in six sea zones', () => {
    expect(at('CAIR', 'USA')).toEqual(['gunboat'])
    expect(at('NAVY', 'USA')).toEqual(['gunboat', 'sloop'])
    for (const zone of ['WGLF', 'EGLF', 'SATL', 'NATL', 'PACI']) expect(at(zone, 'USA')).toEqual(['sloop'])
    expect(count('USA', 'sloop')).toBe(6)
  })

  it('RB 4.23: two cannon pawns for April 1861', () => {
    expect(position.unionPawns).toBe(2)
  })

  it("numbers each side's counters by type, as orders name them (digest 6.3)", () => {
    expect(position.pieces.filter((p) => p.side === 'USA' && p.type === 'sloop').map((p) => p.id)).toEqual([
      'SL-1',
      'SL-2',
      'SL-3',
      'SL-4',
      'SL-5',
      'SL-6',
    ])
    expect(position.pieces.find((p) => p.type === 'raider')!.id).toBe('RD-1')
  })

  it('refuses a set-up that puts a piece off the map or gives a side a piece it does not have', () => {
    const bad = structuredClone(setup)
    bad.pieces.push({ side: 'USA', type: 'raider', at: ['NATL'], src: 'x' })
    expect(() => openingPosition(bad, pieces, map)).toThrow('the USA has no raiders')
    const off = structuredClone(setup)
    off.pieces.push({ side: 'CSA', type: 'runner', at: ['ATLANTIS'], src: 'x' })
    expect(() => openingPosition(off, pieces, map)).toThrow('runner placed on unknown space ATLANTIS')
  })
})
