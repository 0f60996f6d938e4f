// How the standard house player hunts the ships its destroy cards name (§6 L391-423) on Passing the
// Fort: its way round the torpedo line (§9 L805-813) by the gap beside Mobile Point, the one quarry
// its whole side goes for, and the water just upstream of a torpedo square it keeps out of (§7 L463).
import { describe, expect, it } from 'vitest'
import { riverCoastalHouse } from '../../src/games/river-coastal/house.ts'
import { focusOf, huntDirective, inShadow, passage } from '../../src/games/river-coastal/houseHunt.ts'
import type { SeenShip } from '../../src/games/river-coastal/houseSeen.ts'
import { defaultRiverPack } from '../../src/games/river-coastal/pack.ts'
import { calm, ruleset } from './play.ts'

const pack = defaultRiverPack()
const sc = pack.scenarios['passing-the-fort']!
const ship = (id: string, cls: string, side: string, x: number, y: number): SeenShip => ({
  id,
  side,
  x,
  y,
  heading: 180,
  class: pack.classes[cls]!.name,
  status: 'afloat',
  draught: pack.classes[cls]!.draught / 10,
})

describe('the way round the torpedo line', () => {
  const gaines = ship('GAIN', 'gaines', 'CSA', 22, 44)
  const tecumseh = ship('TECU', 'canonicus', 'USA', 30, 18)

  it('§9 L805-813: a hunter whose straight run cuts a torpedo square makes for the gap beside Mobile Point, then through it', () => {
    const way = passage(gaines, tecumseh, sc)
    expect(way).toEqual([
      { x: 34, y: 35 },
      { x: 34, y: 25 },
    ])
    expect(huntDirective(gaines, tecumseh, sc, null).directive).toBe('PATROL 34,35 34,25')
  })

  it('§9 L805-813: in the gap she makes for its far end and then her quarry; past the line, straight for her', () => {
    const inGap = { ...gaines, x: 34, y: 33 }
    expect(passage(inGap, tecumseh, sc)).toEqual([{ x: 34, y: 25 }, tecumseh])
    const past = { ...gaines, x: 34, y: 24 }
    expect(passage(past, tecumseh, sc)).toBeNull()
    expect(huntDirective(past, tecumseh, sc, null).directive).toBe('ENGAGE TECU')
  })

  it('§11 L983: a ship with a ram within reach of her quarry, the way clear, runs at her', () => {
    const tennessee = ship('TENN', 'tennessee', 'CSA', 30, 24)
    expect(huntDirective(tennessee, tecumseh, sc, 8)).toEqual({ directive: 'PATROL 30,18 30,12', rams: true })
    expect(huntDirective(tennessee, tecumseh, sc, 4).rams).toBe(false)
  })
})

describe('the quarry the side goes for', () => {
  const tennessee = ship('TENN', 'tennessee', 'CSA', 27, 42)
  const tecumseh = ship('TECU', 'canonicus', 'USA', 34, 12)
  const chickasaw = ship('CHIC', 'milwaukee', 'USA', 30, 36)
  const galena = ship('GALE', 'galena', 'USA', 30, 10)

  it('§6 L391-423: a wooden flagship before the monitors, else the named ship nearest the rammer', () => {
    expect(focusOf(pack, [tecumseh, chickasaw, galena], 'GALE', tennessee, sc)?.id).toBe('GALE')
    expect(focusOf(pack, [tecumseh, chickasaw], 'TECU', tennessee, sc)?.id).toBe('CHIC')
  })

  it('§7 L463, §9 L805-813: a ship lying just upstream of a torpedo square, where the current would set her hunter onto it, is left', () => {
    const shadowed = { ...chickasaw, y: 33 }
    expect(inShadow(sc, shadowed)).toBe(true)
    expect(inShadow(sc, { x: 30, y: 37 })).toBe(false)
    // Below the square the current sets a ship away from it.
    expect(inShadow(sc, { x: 30, y: 26 })).toBe(false)
    expect(focusOf(pack, [tecumseh, shadowed], null, tennessee, sc)?.id).toBe('TECU')
    expect(focusOf(pack, [shadowed], null, tennessee, sc)).toBeNull()
  })
})

describe('the Confederate flagship', () => {
  it("§6 L391-423, §9 L593-601: Tennessee goes for a wooden Union flagship within her rifles' medium reach, clear of the torpedo line", () => {
    const state = { ...ruleset.setup('passing-the-fort', {}, null as never, calm()), flagships: { USA: 'GALE' } }
    const view = ruleset.view(state, { kind: 'role', role: 'CSA' })
    const ships = view.ships as SeenShip[]
    Object.assign(ships.find((s) => s.id === 'GALE')!, { x: 27, y: 58 })
    const lines = riverCoastalHouse(pack)
      .orders(view, 'csa', 'standard', { below: () => 0 })
      .split('\n')
    expect(lines).toContain('DIRECTIVE TENN ENGAGE GALE')
    // Beyond it she holds.
    Object.assign(ships.find((s) => s.id === 'GALE')!, { x: 27, y: 64 })
    const far = riverCoastalHouse(pack)
      .orders(view, 'csa', 'standard', { below: () => 0 })
      .split('\n')
    expect(far).toContain('DIRECTIVE TENN HOLD')
  })
})
