// Mortar fire at a fort's 2x3 grid (rulebook §9 L835-879, ruling RC-39).
import { describe, expect, it } from 'vitest'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { calm, play, ruleset } from './play.ts'

/** Metacomet refitted as a mortar schooner (one 13-inch mortar), 12" off Fort Morgan. */
function schooner(at = { x: 28000, y: 20000 }): RiverState {
  const s: RiverState = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())
  const m = s.ships.META!
  m.classKey = 'mortarSchooner'
  m.guns = { P1: { status: 'ok', crewed: true }, S1: { status: 'ok', crewed: true } }
  m.pose = { pos: at, heading: 0 }
  m.speed = 0
  return s
}
const fortMisses = Object.fromEntries(['M1a', 'M1b', 'M2a', 'M2b', 'M3a', 'M3b'].map((g) => [`m1:MORG:${g}:hit`, 2]))
const said = (step: { narrative: { text: string }[] }) => step.narrative.map((n) => n.text)

describe('§9 L835-879 mortars', () => {
  it('§9 L835 only a ship with mortars fires them, and only at an enemy fort, at a square 1-6 of its grid', () => {
    expect(ruleset.parseOrders(schooner(), 'USA', 'META: SPEED 0; MORTAR MORGAN SQ 3').errors).toEqual([])
    const errs = (text: string) => ruleset.parseOrders(schooner(), 'USA', text).errors.map((e) => e.message)
    expect(errs('GALE: MORTAR MORG')).toEqual(['MORTAR: USS Galena carries no mortar (§9 L835)'])
    expect(errs('META: MORTAR TENN')).toEqual(['MORTAR TENN: mortars fire at an enemy fort or town'])
    expect(errs('META: MORTAR MORG SQ 7')).toEqual(['the square is a whole number from 1 to 6, not 7'])
  })

  it('§9 L851 a 6 hits; a later shot at the same fort hits on a 5 as well', () => {
    const one = play(schooner(), { USA: 'META: SPEED 0; MORTAR MORG SQ 4' }, { ...fortMisses, 'm1:META:M13:hit': 5 })
    expect(said(one)).toContain('USS Metacomet M13: rolled 5 at Fort Morgan, needs 6: miss')
    const two = play(
      one.state,
      { USA: 'META: SPEED 0; MORTAR MORG SQ 4' },
      { 'm2:META:M13:hit': 5, 'm2:META:M13:effect': 2 },
    )
    expect(said(two)).toContain('USS Metacomet M13: hits Fort Morgan in square 4 (rolled 5), effect 2: 20 FPV')
    expect(two.state.forts.MORG!.fpv).toBe(one.state.forts.MORG!.fpv - 20)
  })

  it('§9 L857-861 a 3 or 5 destroys a gun and a CPV of the square hit: that gun fires no more', () => {
    const step = play(
      schooner(),
      { USA: 'META: SPEED 0; MORTAR MORG SQ 3' },
      { ...fortMisses, 'm1:META:M13:hit': 6, 'm1:META:M13:effect': 3 },
    )
    expect(said(step)).toContain(
      'USS Metacomet M13: hits Fort Morgan in square 3 (rolled 6), effect 3: gun M3a and a CPV destroyed',
    )
    expect(step.state.forts.MORG).toMatchObject({ gunsLost: ['M3a'], cpv: 8 })
    const next = play(step.state, {}, { 'm2:MORG:M3b:hit': 2 })
    expect(said(next).some((t) => t.startsWith('Fort Morgan M3a'))).toBe(false)
  })

  it('§9 L863 a 6 in the commander’s square kills him and the garrison tests its morale; unplotted, a D6 picks the square', () => {
    const step = play(
      schooner(),
      { USA: 'META: SPEED 0; MORTAR MORG' },
      { ...fortMisses, 'm1:META:M13:hit': 6, 'm1:META:M13:area': 5, 'm1:META:M13:effect': 6, 'm1:MORG:morale': 4 },
    )
    expect(said(step)).toContain(
      'USS Metacomet M13: hits Fort Morgan in square 5 (rolled 6), effect 6: 40 FPV; the fort commander killed',
    )
    expect(step.state.forts.MORG!.commander.alive).toBe(false)
    expect(said(step).some((t) => t.startsWith('Fort Morgan tests morale: rolled 4'))).toBe(true)
  })

  it('§9 L837 no closer than 6" and no farther than the mortar reaches', () => {
    const step = play(schooner({ x: 34000, y: 27000 }), { USA: 'META: SPEED 0; MORTAR MORG' }, fortMisses)
    // stopped in the 2-knot current, she has drifted to 4.61" off by the time she fires
    expect(said(step)).toContain('USS Metacomet M13: Fort Morgan is 4.61" off, outside 6-40"')
  })

  it('§9 L837-839 a mortar order no move can bring within 6-40" is refused at receipt with the reason and the band', () => {
    const far = ruleset.parseOrders(schooner({ x: 28000, y: 70000 }), 'USA', 'META: SPEED 0; MORTAR MORG')
    expect(far.commands).toEqual([])
    expect(far.errors[0]).toMatchObject({
      message:
        'MORTAR MORG: Fort Morgan is 44.26" off, outside 6-40", and this move cannot bring her within it (§9 L837-839)',
      suggestion: 'mortars fire from 6-40" (§9 L837-839)',
    })
    // At anchor she neither steams nor drifts: 4.5" off stays too close.
    const moored = schooner({ x: 34000, y: 27000 })
    moored.ships.META!.anchored = true
    expect(ruleset.parseOrders(moored, 'USA', 'META: SPEED 0; MORTAR MORG').errors[0]!.message).toBe(
      'MORTAR MORG: Fort Morgan is 4.5" off, outside 6-40", and this move cannot bring her within it (§9 L837-839)',
    )
  })

  it('§9 L837-839 out of reach where she lies but not past the move: accepted with a warning', () => {
    const p = ruleset.parseOrders(schooner({ x: 34000, y: 27000 }), 'USA', 'META: SPEED 0; MORTAR MORG')
    expect(p.errors).toEqual([])
    expect(p.warnings.map((w) => w.message)).toEqual([
      'MORTAR MORG: Fort Morgan is 4.5" off, outside 6-40" from where she lies now; she fires only if the move ends within 6-40" (§9 L837-839)',
    ])
  })
})
