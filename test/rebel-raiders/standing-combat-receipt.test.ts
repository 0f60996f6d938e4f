// Receipt agrees with resolution for the standing combat orders: AIM (10.32), SHIELD (10.21) and
// RETREAT (10.36) that could never apply are refused when they arrive, naming what may be named.
// An id no counter has carried yet may still be built before the order applies, so it is taken with
// a warning when its type could be the writer's.
import { describe, expect, it } from 'vitest'
import { LabelledDice } from '../helpers/spec.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'

const rs = createRebelRaiders(rebelRaidersFactory.defaultPack() as never)
/** The 1861 start: CSA GB-1..3, RD-1, BT-1..9, BR-1..6; USA GB-4, GB-5, SL-1..6, no ironclad. */
const start = (phase: RrState['phase'] = 'union-move') => {
  const s = rs.setup('1861', {}, rebelRaidersFactory.defaultPack(), new LabelledDice([]))
  s.phase = phase
  return s
}
const read = (s: RrState, role: string, text: string) => rs.parseOrders(s, role, text)
const refusal = (s: RrState, role: string, text: string) => {
  const p = read(s, role, text)
  expect(p.commands).toEqual([])
  return p.errors.map((e) => e.message).join('\n')
}

describe('RB 10.32: AIM names the writer’s own shooters and enemy targets', () => {
  it('10.32 ids that name no piece are refused (ZZ-9, QQ-1)', () => {
    expect(refusal(start(), 'union', 'AIM ZZ-9 AT QQ-1')).toMatch(/ZZ-9 names no piece: .*\(BT, GB, IC, RD, SL, BR\)/)
    expect(refusal(start(), 'union', 'AIM ALL AT QQ-1')).toMatch(/QQ-1 names no piece/)
  })

  it('10.32 the shooter must be the writer’s: a Confederate gunboat is refused to the Union, with its own ships named', () => {
    const why = refusal(start(), 'union', 'AIM GB-2 AT BATTERY')
    expect(why).toMatch(/GB-2 is a Confederate gunboat, not yours; name ALL, a type of yours/)
    expect(why).toMatch(/GB-4, GB-5, SL-1/)
    expect(refusal(start(), 'union', 'AIM RAIDER AT GUNBOAT')).toMatch(/you have no raider that fires/)
  })

  it('10.32 the target must be the enemy’s: the Union may not aim at its own sloop, nor at sloops by type', () => {
    expect(refusal(start(), 'union', 'AIM ALL AT SL-1')).toMatch(/SL-1 is your own sloop; aim at an enemy type/)
    expect(refusal(start(), 'union', 'AIM ALL AT SLOOP')).toMatch(/the enemy has no sloop to fire at/)
  })

  it('10.3 a runner neither fires nor is fired at: AIM for or at one is refused', () => {
    expect(refusal(start(), 'union', 'AIM ALL AT RUNNER')).toMatch(/the enemy has no runner to fire at/)
    expect(refusal(start(), 'union', 'AIM ALL AT BR-1')).toMatch(/BR-1 is a runner/)
    expect(refusal(start(), 'confederate', 'AIM BR-1 AT SLOOP')).toMatch(/BR-1 is a runner/)
  })

  it('10.32 a counter that has left the game is refused; a number not yet given is taken with a warning', () => {
    const s = start()
    s.pieces = s.pieces.filter((p) => p.id !== 'GB-4')
    expect(refusal(s, 'union', 'AIM GB-4 AT BATTERY')).toMatch(/GB-4 is no longer in play/)
    const p = read(start(), 'union', 'AIM IC-1 AT BATTERY')
    expect(p.errors).toEqual([])
    expect(p.normalised).toEqual(['AIM IC-1 AT BATTERY  # stands until changed, 10.32'])
    expect(p.warnings[0]!.message).toMatch(/IC-1 is not in play yet/)
  })

  it('10.32 the lawful orders are still taken: ALL, own type and own ship at enemy types and ships', () => {
    const p = read(start(), 'union', 'AIM ALL AT BATTERY,GB-2\nAIM SLOOP AT RAIDER\nAIM GB-4 AT GB-1')
    expect(p.errors).toEqual([])
    expect(p.commands).toHaveLength(3)
    expect(read(start('csa-move'), 'confederate', 'AIM BATTERY AT SLOOP,SL-6').errors).toEqual([])
  })
})

describe('RB 10.21: SHIELD pairs the Union’s own ships as the shield allows', () => {
  it('10.21 ids that name no piece are refused (XX-9, YY-1)', () => {
    expect(refusal(start(), 'union', 'SHIELD XX-9 WITH YY-1')).toMatch(/XX-9 names no piece/)
  })

  it('10.21 Confederate gunboats are not the Union’s to shield: refused, naming its sloops and gunboats', () => {
    const why = refusal(start(), 'union', 'SHIELD GB-2 WITH GB-1')
    expect(why).toMatch(/GB-2 is a Confederate gunboat, not yours; only your sloops and gunboats are shielded/)
    expect(why).toMatch(/GB-4, GB-5, SL-1, SL-2, SL-3, SL-4, SL-5, SL-6/)
  })

  it('10.21 a sloop is shielded only by an ironclad: SHIELD SL-6 WITH GB-5 is refused', () => {
    expect(refusal(start(), 'union', 'SHIELD SL-6 WITH GB-5')).toMatch(
      /GB-5 is a gunboat; a sloop is shielded only by an ironclad of yours .*: none in play/,
    )
  })

  it('10.21 an ironclad shields no gunboat, and an ironclad is never shielded', () => {
    const s = start()
    s.pieces.push({ id: 'IC-1', side: 'USA', type: 'ironclad', at: 'CHES' })
    expect(refusal(s, 'union', 'SHIELD GB-5 WITH IC-1')).toMatch(
      /IC-1 is an ironclad; a gunboat is shielded only by a sloop/,
    )
    expect(refusal(s, 'union', 'SHIELD IC-1 NONE')).toMatch(/IC-1 is an ironclad; only your sloops and gunboats/)
    expect(read(s, 'union', 'SHIELD SL-6 WITH IC-1\nSHIELD GB-5 WITH SL-6\nSHIELD GB-4 NONE').errors).toEqual([])
  })
})

describe('RB 10.21: each ship shields one', () => {
  it('10.21 a sloop already shielding one gunboat is refused for a second, in the same mail or standing', () => {
    expect(read(start(), 'union', 'SHIELD GB-4 WITH SL-1\nSHIELD GB-5 WITH SL-1').errors[0]!.message).toMatch(
      /SL-1 already shields GB-4, and each ship shields one \(10\.21\): first write SHIELD GB-4 NONE/,
    )
    const s = start()
    s.shields = { 'GB-4': 'SL-1' }
    expect(refusal(s, 'union', 'SHIELD GB-5 WITH SL-1')).toMatch(/SL-1 already shields GB-4/)
    expect(read(s, 'union', 'SHIELD GB-4 NONE\nSHIELD GB-5 WITH SL-1').errors).toEqual([])
    expect(read(s, 'union', 'SHIELD GB-4 WITH SL-1').errors).toEqual([])
  })
})

describe('RB 10.36: RETREAT names a Confederate raider or ALL', () => {
  it('10.36 a gunboat picks no retreat by order: RETREAT GB-2 TO WGLF is refused, naming the raiders', () => {
    expect(refusal(start('csa-move'), 'confederate', 'RETREAT GB-2 TO WGLF')).toMatch(
      /GB-2 is a gunboat; only a raider's \(or the Albemarle's\) retreat is chosen by order \(10\.36\): name ALL or one of your raiders: RD-1/,
    )
    expect(refusal(start('csa-move'), 'confederate', 'RETREAT XX-1 TO WGLF')).toMatch(/XX-1 names no piece/)
    expect(read(start('csa-move'), 'confederate', 'RETREAT RD-1 TO WGLF\nRETREAT ALL TO WGLF').errors).toEqual([])
  })

  it('10.36 a raider not built yet may be named: taken with a warning', () => {
    const p = read(start('csa-move'), 'confederate', 'RETREAT RD-2 TO WGLF')
    expect(p.errors).toEqual([])
    expect(p.warnings[0]!.message).toMatch(/RD-2 is not in play yet/)
  })
})
