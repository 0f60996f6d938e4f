// The "control the islands' inlet area" card (rulebook §6 L403, digest §2.6 and A13, ruling RC-82):
// the water about the random table's two islands, held at the end by a side with a ship there able
// to move and no enemy afloat in it; dealt only where the islands are.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { RecordingDice } from '../../src/engine/dice.ts'
import { objectiveMet } from '../../src/games/river-coastal/endOfMove.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import { inletArea } from '../../src/games/river-coastal/inlet.ts'
import { defaultRiverPack } from '../../src/games/river-coastal/pack.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { scenarioOf } from '../../src/games/river-coastal/tableLayout.ts'
import { seeds } from '../helpers/properties.ts'
import { dice, ruleset } from './play.ts'

const pack = defaultRiverPack()
const INLET = 'CONTROL_ISLAND_INLET'
/** A random river laid with the cards in the pack's order: the islands in square 4, at its middle. */
const unshuffled = Object.fromEntries([1, 2, 3, 4, 5].map((i) => [`table:cards ${i}`, i + 1]))
function laid(place = 'MIDDLE'): RiverState {
  const s = ruleset.setup('random-river', {}, riverCoastalFactory.defaultPack(), dice(unshuffled))
  return ruleset.resolve(s, { orders: {}, decisions: { 'PLACE-4': place } }, dice()).state
}
const met = (s: RiverState, side: 'USA' | 'CSA', atEnd = true) =>
  objectiveMet(INLET, side, s, scenarioOf(s, pack), pack, atEnd)
const put = (s: RiverState, id: string, x: number, y: number) => {
  s.ships[id]!.pose = { pos: { x, y }, heading: 0 }
}

describe('§6 L403 ruling RC-82 control of the islands’ inlet', () => {
  it('ruling RC-82 the area bounds both islands, 2" more all round, wherever they were placed', () => {
    const s = laid()
    // square 4's islands, mirrored about its middle (34,36): x 26.5 to 41.5, y 34 to 38
    expect(inletArea(s, scenarioOf(s, pack), pack)).toEqual([
      { x: 24500, y: 32000 },
      { x: 43500, y: 32000 },
      { x: 43500, y: 40000 },
      { x: 24500, y: 40000 },
    ])
    const moved = laid('AT 34,30')
    expect(inletArea(moved, scenarioOf(moved, pack), pack)![0]).toEqual({ x: 24500, y: 26000 })
    const fixed = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), dice())
    expect(inletArea(fixed, scenarioOf(fixed, pack), pack)).toBeNull()
  })

  it('digest A13 ruling RC-82 held at the end by a ship able to move there, with no enemy afloat in it', () => {
    const s = laid()
    put(s, 'CARO', 34000, 36000) // in the channel between the islands
    expect([met(s, 'USA'), met(s, 'CSA')]).toEqual([true, false])
    expect(met(s, 'USA', false)).toBe(false) // judged only when the game ends
    put(s, 'ARKS', 34000, 39500)
    expect([met(s, 'USA'), met(s, 'CSA')]).toEqual([false, false])
    s.ships.ARKS!.status = 'sunk'
    expect(met(s, 'USA')).toBe(true)
    s.ships.CARO!.aground = true
    expect(met(s, 'USA')).toBe(false)
    s.ships.CARO!.aground = false
    put(s, 'CARO', 34000, 41000) // just outside
    expect(met(s, 'USA')).toBe(false)
  })

  it('§6 L421 the card scores with the rest when the game ends', () => {
    const s = laid()
    s.phase = 'moves'
    s.objectives.USA = [INLET, 'DESTROY_FLAGSHIP']
    s.move = s.moves
    for (const id of ['CARO', 'CINC', 'MOUN', 'STLO']) s.ships[id]!.status = 'sunk'
    s.ships.CARO!.status = 'afloat'
    put(s, 'CARO', 34000, 36000)
    s.ships.CARO!.anchored = true // she stays there through the last move
    const step = ruleset.resolve(s, { orders: {}, decisions: {} }, dice())
    expect(step.state.finished?.summary).toMatch(/^Objectives: USA 1 of 2/)
  })

  it('ruling RC-82 the card is dealt only where the two islands are: never on a fixed scenario', () => {
    const hand = (scenario: string, seed: number) => {
      const d = new RecordingDice(seed.toString(16).padStart(64, '0'), 'inlet', 0, '')
      const s = ruleset.setup(scenario, { objectiveCards: true }, riverCoastalFactory.defaultPack(), d)
      return [...s.dealt!.USA, ...s.dealt!.CSA]
    }
    expect(pack.tables.objectives.deck).toContain(INLET)
    fc.assert(
      fc.property(seeds, (seed) => {
        expect(hand('passing-the-fort', seed)).not.toContain(INLET)
      }),
      { numRuns: 30 },
    )
    // and it can be dealt at all where the islands are: some of thirty fixed deals hold it
    expect(Array.from({ length: 30 }, (_, seed) => hand('random-river', seed)).flat()).toContain(INLET)
  })
})
