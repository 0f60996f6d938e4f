// Buildings on a random table's town and port (rulebook §5 L263-265, §9 L881-911, ruling RC-101):
// each card brings its buildings from the pack, mirrored with it onto the east bank, so that
// mortars and FIRE ... AT have something to strike on a random table too.
import { describe, expect, it } from 'vitest'
import { pointInPolygon } from '../../src/games/kit/geometry.ts'
import { enemyTowns, mortarOnTown } from '../../src/games/river-coastal/buildings.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { scenarioOf } from '../../src/games/river-coastal/tableLayout.ts'
import { inches } from '../../src/games/river-coastal/units.ts'
import { pack } from './helpers.ts'
import { calm, csa, dice, play, ruleset, usa } from './play.ts'

/** The cards in the pack's order: FORT in square 1, TOWN in 2 (east bank), PORT in 3 (west bank). */
const unshuffled = Object.fromEntries([1, 2, 3, 4, 5].map((i) => [`table:cards ${i}`, i + 1]))
const laid = (): RiverState => {
  const s = ruleset.setup('random-river', {}, riverCoastalFactory.defaultPack(), calm(unshuffled)) as RiverState
  return ruleset.resolve(s, { orders: {}, decisions: {} }, dice()).state
}
/** On to the first move, every question left to its default. */
const toMoves = (s: RiverState): RiverState => {
  let st = s
  while (st.phase !== 'moves') st = ruleset.resolve(st, { orders: {}, decisions: {} }, dice()).state
  return st
}

describe('§9 L881-911 ruling RC-101 buildings on a random table’s town and port', () => {
  it('ruling RC-101 the town and the port bring their buildings, Confederate, each inside its place on the bank', () => {
    const s = laid()
    const sc = scenarioOf(s, pack)
    const of = (town: string) => sc.buildings.filter((b) => b.town === town)
    expect(of('TOWN').map((b) => [b.id, b.square, b.bpv])).toEqual([
      ['TCHU', 1, 60],
      ['TWHS', 2, 80],
      ['TCRT', 4, 60],
      ['THOT', 5, 45],
    ])
    expect(of('PORT').map((b) => [b.id, b.square, b.bpv])).toEqual([
      ['PWHF', 1, 90],
      ['PCUS', 2, 60],
      ['PWAR', 3, 80],
      ['PCHA', 4, 45],
    ])
    for (const b of sc.buildings) {
      expect(b.side).toBe('CSA')
      const place = sc.places.find((p) => p.id === b.town)!
      expect(b.polygon.every((p) => pointInPolygon(p, place.polygon))).toBe(true)
      expect(sc.land.some((l) => b.polygon.every((p) => pointInPolygon(p, l.polygon)))).toBe(true)
      expect(s.ships[b.id]).toBeUndefined()
    }
    // the town on the east bank is mirrored: its church (square 1) still on the water side
    const church = of('TOWN')[0]!.polygon.map((p) => p.x)
    expect(Math.min(...church)).toBe(inches(44.25))
    expect(s.buildings!.TCHU).toEqual({ bpv: 60, bpvStart: 60, rubble: false, destroyed: false })
    // both sides' plots draw them, as both see the forts (ruling RC-88)
    for (const viewer of [usa, csa])
      expect(ruleset.figures!(s, viewer, [])[0]!.svg).toContain('<title>Wharf shed: standing</title>')
  })

  it('§9 L845 ruling RC-101 the Union’s mortars may fire on the town and the port; a hit falls on the building of its square', () => {
    const s = laid()
    const sc = scenarioOf(s, pack)
    expect(enemyTowns(sc, 'USA')).toEqual({ TOWN: 'the Shore Town', PORT: 'the Shore Port' })
    expect(enemyTowns(sc, 'CSA')).toEqual({})
    const hit = mortarOnTown(s, sc, 'PORT', 3, { buildingDestroyed: true }, 'heavy', pack)
    expect(hit.done).toBe('Port warehouse destroyed')
    expect(s.buildings!.PWAR!.destroyed).toBe(true)
  })

  it('§9 L903 ruling RC-101 a Union ship’s guns laid on a port building take its BPV', () => {
    const s = toMoves(laid())
    const form = ruleset.reportModel(s, usa).orderForm as string[]
    expect(form.some((l) => l.startsWith('# enemy buildings for FIRE ... AT:') && l.includes('PWHF Wharf shed'))).toBe(
      true,
    )
    // Carondelet at anchor 5" off the port's wharf sheds, her port broadside towards them
    s.ships.CARO!.pose = { pos: { x: inches(9), y: inches(37) }, heading: 0 }
    s.ships.CARO!.speed = 0
    s.ships.CARO!.anchored = true
    const step = play(s, { USA: 'CARO: FIRE P1 AT PWHF' }, { [`m${s.move}:CARO:P1:hit`]: 6 })
    const told = step.narrative.map((n) => n.text)
    expect(told.some((t) => /^Wharf shed is hit by gunfire: \d+ BPV lost/.test(t))).toBe(true)
    expect(step.state.buildings!.PWHF!.bpv).toBeLessThan(90)
  })
})
