// A flooded ship settling on the bottom of the open water (rulebook §9 L799-803, §5 L303, L387;
// digest A11, §3.10; ruling RC-102): the depth of the open water, and a ship that floods to it.
import { describe, expect, it } from 'vitest'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import { openWaterDepth } from '../../src/games/river-coastal/settling.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { scenarioOf } from '../../src/games/river-coastal/tableLayout.ts'
import { inches } from '../../src/games/river-coastal/units.ts'
import { pack } from './helpers.ts'
import { calm, deployed, dice, play, ruleset } from './play.ts'

const fort = (): RiverState =>
  deployed(ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm()))
const said = (step: { narrative: { text: string }[] }) => step.narrative.map((n) => n.text)

describe('§9 L799-803 ruling RC-102 a flooded ship settles on the bottom', () => {
  it('§5 L303 ruling RC-102 the open water is the scenario’s general depth, on a random table its square’s', () => {
    const sc = pack.scenarios['passing-the-fort']!
    expect(openWaterDepth({ x: inches(20), y: inches(30) }, sc)).toBe(sc.depth)
    const cards = Object.fromEntries([1, 2, 3, 4, 5].map((i) => [`table:cards ${i}`, i + 1]))
    const s0 = ruleset.setup('random-river', {}, riverCoastalFactory.defaultPack(), calm(cards)) as RiverState
    const s = ruleset.resolve(s0, { orders: {}, decisions: {} }, dice()).state
    const random = scenarioOf(s, pack)
    const square6 = random.hazards.find((h) => h.id === 'sq6-depth')!
    expect(openWaterDepth({ x: inches(34), y: inches(12) }, random)).toBe(square6.depth)
    expect(square6.depth).toBe(s.table!.draw.depthFt * 10)
  })

  it('§9 L799-803 ruling RC-102 flooded to the depth of the water she settles for good; a foot less, she floats', () => {
    const depth = pack.scenarios['passing-the-fort']!.depth
    const afloat = fort()
    afloat.ships.TENN!.draught = depth - 10
    expect(said(play(afloat, {})).some((t) => t.includes('settles on the bottom'))).toBe(false)

    const s = fort()
    expect(s.ships.TENN!.draughtStart * 3).toBeGreaterThan(depth * 2) // she would not sink first
    s.ships.TENN!.draught = depth
    const one = play(s, {})
    expect(said(one)).toContain(`CSS Tennessee, flooded to ${depth / 10} ft, settles on the bottom for good`)
    const st = one.state
    expect(st.aground.TENN).toEqual({ kind: 'bottom', attemptsLeft: 0 })
    expect([st.ships.TENN!.status, st.ships.TENN!.aground, st.ships.TENN!.speed]).toEqual(['afloat', true, 0])
    // she stays where she settled, and never tries to get off
    const two = play(st, { CSA: 'TENN: SPEED 2' })
    expect(two.state.ships.TENN!.pose).toEqual(st.ships.TENN!.pose)
    expect(said(two).some((t) => t.includes('Tennessee') && /get off|floats free/.test(t))).toBe(false)
  })

  it('ruling RC-102 a ship that has not flooded never settles, whatever she draws', () => {
    const s = fort()
    const depth = pack.scenarios['passing-the-fort']!.depth
    s.ships.TENN!.draught = depth
    s.ships.TENN!.draughtStart = depth
    expect(said(play(s, {})).some((t) => t.includes('settles on the bottom'))).toBe(false)
  })
})
