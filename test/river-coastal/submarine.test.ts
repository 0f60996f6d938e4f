// The hand-cranked submarine (rulebook §3 L91, §8 L525, §9 L833, ruling RC-98): her values, the
// boom she may try at 4 knots, and her spar torpedo, after which she throws for herself. Played in
// "The Boom at Plymouth" with the picket launch's place taken by a submarine.
import { describe, expect, it } from 'vitest'
import { cpvOf, crewSplit, pvOf, spvOf } from '../../src/games/river-coastal/derive.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import { mayTryChain } from '../../src/games/river-coastal/smallCraft.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { pack, tables } from './helpers.ts'
import { calm, play, ruleset } from './play.ts'

const sub = pack.classes.submarine!

describe('§3 L91 ruling RC-98 the submarine class', () => {
  it('§3 L85-125 7 tons and a crew given 2 CPV: SPV 1, PV 1, her crank standing for engine and boiler', () => {
    const spv = spvOf(sub.tons, tables)
    expect([spv, pvOf(spv, sub.category, tables), cpvOf(sub.complement, tables)]).toEqual([1, 1, 2])
    expect(crewSplit(2, sub.guns.length, tables)).toEqual({ guns: 0, engine: 1, boiler: 1, spare: 0 })
  })

  it('§8 L525 §9 L625 a small craft of ram class A that may try a chain, at 4 knots at most, on a 2" radius', () => {
    expect(sub).toMatchObject({ ramClass: 'A', craft: 'submarine', smallTarget: true, maxSpeed: 4, guns: [] })
    expect(sub.turningRadius).toBe(2000)
    expect(mayTryChain(sub, tables)).toBe(true)
  })
})

describe('§8 L525-527 §9 L825-833 ruling RC-98 the submarine at the Plymouth boom', () => {
  /** Move 1 brings her 4" on to the boom; move 2 meets it. */
  function atTheBoom(): RiverState {
    const s = ruleset.setup('plymouth-boom', {}, riverCoastalFactory.defaultPack(), calm())
    const boat = s.ships.PICK!
    boat.classKey = 'submarine'
    boat.guns = {}
    return play(s, { USA: 'PICK: SPEED 4', CSA: 'ALBE: SPEED 0' }).state
  }
  const second = (forced: Record<string, number>) =>
    play(atTheBoom(), { USA: 'PICK: SPEED 4; SPAR ALBE', CSA: 'ALBE: SPEED 0' }, forced)

  it('§8 L527 a 4 stops her short of the boom', () => {
    const step = second({ 'm2:PICK:boom:chain': 4 })
    expect(step.narrative.map((n) => n.text)).toContain('USN Picket Boat No. 1 is stopped at the chain boom')
    expect(step.state.ships.ALBE!.status).toBe('afloat')
  })

  it.each([
    [1, 'sunk'],
    [2, 'sunk'],
    [3, 'afloat'],
  ])('§8 L525 §9 L833 over on a 6, her torpedo sinks Albemarle; she throws %i for herself: %s', (self, fate) => {
    const step = second({ 'm2:PICK:boom:chain': 6, 'm2:PICK:spar:ALBE': 3, 'm2:PICK:spar:ALBE:self': self })
    expect(step.narrative.map((n) => n.text)).toContain('USN Picket Boat No. 1 gets over the chain boom')
    expect(step.state.ships.ALBE!.status).toBe('sunk')
    expect(step.state.ships.PICK!.status).toBe(fate)
  })
})
