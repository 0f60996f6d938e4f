// Small craft and spar chains (rulebook §8 L523-527, digest A19, rulings RC-19 and RC-74): only a
// submarine, David or torpedo boat may try a boom, under way at 4 knots or more, getting over on a
// 5-6; and "The Boom at Plymouth", where a picket launch must get over a log boom to put her spar
// torpedo (§9 L821-833, ruling RC-38) into CSS Albemarle, played to a result.
import { describe, expect, it } from 'vitest'
import { PUBLIC } from '../../src/games/contract.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import { simulateMove } from '../../src/games/river-coastal/movement.ts'
import { mayTryChain, tryChain } from '../../src/games/river-coastal/smallCraft.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { plotSvg } from '../../src/games/river-coastal/plot.ts'
import { forced, moveRules, openTable, pack, scenarioShip, ship } from './helpers.ts'
import { calm, csa, play, ruleset } from './play.ts'

const launch = () => ({ ...scenarioShip('plymouth-boom', 'PICK'), speed: 4 })
const t = pack.tables

describe('§8 L525 ruling RC-74 the craft that may try a spar chain', () => {
  it('§8 L525 ruling RC-74 torpedo boats and Davids may try; a spar boat, an ironclad or a mortar schooner may not', () => {
    expect(mayTryChain(pack.classes.picketLaunch!, t)).toBe(true)
    expect(mayTryChain(pack.classes.david!, t)).toBe(true)
    expect(mayTryChain(pack.classes.albemarle!, t)).toBe(false)
    expect(mayTryChain(pack.classes.mortarSchooner!, t)).toBe(false)
    expect(mayTryChain({ ...pack.classes.david!, craft: 'sparBoat' }, t)).toBe(false)
  })

  it('§8 L525-527 a craft at 4 knots gets over on a 5-6 and is stopped on 1-4, the die labelled by move, ship and chain', () => {
    for (const [roll, outcome] of [
      [5, 'pass'],
      [6, 'pass'],
      [4, 'stuck'],
      [1, 'stuck'],
    ] as const) {
      const d = forced({ 'm3:PICK:boom:chain': roll })
      expect(tryChain(launch(), pack.classes.picketLaunch!, false, d, 'boom', PUBLIC, t, 3)).toBe(outcome)
    }
  })

  it('§8 L527 ruling RC-74 under 4 knots, astern, or in tow (RC-72) she is stopped with no die thrown', () => {
    const strict = forced({})
    const slow = { ...launch(), speed: 3 }
    expect(tryChain(slow, pack.classes.picketLaunch!, false, strict, 'boom', PUBLIC, t, 3)).toBe('stuck')
    expect(tryChain({ ...launch(), speed: -4 }, pack.classes.picketLaunch!, false, strict, 'boom', PUBLIC, t, 3)).toBe(
      'stuck',
    )
    expect(tryChain(launch(), pack.classes.picketLaunch!, true, strict, 'boom', PUBLIC, t, 3)).toBe('stuck')
    expect(strict.rolls).toEqual([])
  })

  it('ruling RC-19 a craft that gets over the chain runs out her move beyond it', () => {
    const boom = {
      id: 'boom',
      kind: 'chain' as const,
      polygon: [
        { x: 20000, y: 12000 },
        { x: 28000, y: 12000 },
      ],
    }
    const over = simulateMove(
      [ship('D', 24, 10, 0, 4, { length: 1000 })],
      openTable({ hazards: [boom] }),
      moveRules,
      () => 'pass',
    )
    expect(over.poses.D!.pos.y).toBe(14000)
    const held = simulateMove(
      [ship('D', 24, 10, 0, 4, { length: 1000 })],
      openTable({ hazards: [boom] }),
      moveRules,
      () => 'stuck',
    )
    expect(held.poses.D!.pos.y).toBeLessThan(12000)
  })
})

describe('ruling RC-74 The Boom at Plymouth (§8 L523-527, §9 L821-833)', () => {
  const fresh = (): RiverState => ruleset.setup('plymouth-boom', {}, riverCoastalFactory.defaultPack(), calm())

  it('ruling RC-74 the scenario fits the launch with her spar torpedo and lays the boom round the ironclad', () => {
    const s = fresh()
    expect(s.ships.PICK!.spar).toBe('fitted')
    expect(s.ships.ALBE!.spar).toBe('none')
    expect(pack.scenarios['plymouth-boom']!.hazards.map((h) => [h.id, h.kind, h.polygon.length])).toEqual([
      ['boom', 'chain', 4],
    ])
  })

  it('ruling RC-19 the boom is drawn on the plot as a line, not as a shoal', () => {
    const svg = plotSvg(fresh(), csa, pack.scenarios['plymouth-boom']!, pack)
    // 12 pixels to the inch inside 44 and 66 pixels of rulers: the boom from (6,33.5) to (9.2,38.5)
    expect(svg).toContain('<polyline class="chain" points="116,240 154.4,240 154.4,180 116,180" fill="none"')
    expect(svg).not.toContain('class="shoal"')
  })

  it('§8 L527 the launch stopped at the boom on a 4 stays outside it; the ironclad is untouched', () => {
    const one = play(fresh(), { USA: 'PICK: SPEED 4', CSA: 'ALBE: SPEED 0' })
    expect(one.state.ships.PICK!.pose.pos.x).toBe(12000)
    const two = play(one.state, { USA: 'PICK: SPEED 4; SPAR ALBE', CSA: 'ALBE: SPEED 0' }, { 'm2:PICK:boom:chain': 4 })
    expect(two.narrative.map((n) => n.text)).toContain('USN Picket Boat No. 1 is stopped at the chain boom')
    expect(two.state.ships.PICK!.pose.pos.x).toBeGreaterThan(9200)
    expect(two.state.ships.PICK!.speed).toBe(0)
    expect(two.state.ships.PICK!.spar).toBe('fitted')
    expect(two.state.ships.ALBE!.status).toBe('afloat')
  })

  it('§8 L525 §9 L825-831 played to a result: over the boom on a 6, the spar sinks Albemarle and the Union wins', () => {
    const one = play(fresh(), { USA: 'PICK: SPEED 4', CSA: 'ALBE: SPEED 0' })
    const two = play(
      one.state,
      { USA: 'PICK: SPEED 4; SPAR ALBE', CSA: 'ALBE: SPEED 0' },
      { 'm2:PICK:boom:chain': 6, 'm2:PICK:spar:ALBE': 4, 'm2:PICK:spar:ALBE:self': 3 },
    )
    const texts = two.narrative.map((n) => n.text)
    expect(texts).toContain('USN Picket Boat No. 1 gets over the chain boom')
    expect(texts.some((x) => /spar torpedo .*\(4\) sinks CSS Albemarle/.test(x))).toBe(true)
    expect(two.state.ships.ALBE!.status).toBe('sunk')
    expect(two.state.ships.PICK!.status).toBe('afloat')
    expect(two.finished).toBe(true)
    expect(ruleset.outcome(two.state)).toMatchObject({
      winner: 'USA',
      summary: 'Objectives: USA 2 of 2, CSA 0 of 2: USA wins',
    })
  })
})
