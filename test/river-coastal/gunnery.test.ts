import { describe, expect, it } from 'vitest'
import { PUBLIC } from '../../src/games/contract.ts'
import { applyHit, floodCheck, loseCpv } from '../../src/games/river-coastal/damage.ts'
import { bandFor, readyToFire, resolveShot } from '../../src/games/river-coastal/gunnery.ts'
import { forced, pack, scenarioShip, tables } from './helpers.ts'

const shot = (gunType: string, rangeInches: number, extra: Partial<Parameters<typeof resolveShot>[0]> = {}) => ({
  label: 'shot',
  gunType,
  range: rangeInches * 1000,
  smallTarget: false,
  bowOrStern: false,
  captainBonus: 0,
  sloped: false,
  audience: PUBLIC,
  ...extra,
})

describe('§9 shooting', () => {
  it('§9 L597-601 range bands: rifle close to 12", smoothbore medium to 12", howitzer long to 12", top inclusive (RC-25)', () => {
    expect(bandFor(12000, 'rifle', tables)?.band).toBe('close')
    expect(bandFor(12001, 'rifle', tables)?.band).toBe('medium')
    expect(bandFor(12000, 'smoothbore', tables)).toMatchObject({ band: 'medium', hitOn: 5 })
    expect(bandFor(12000, 'howitzer', tables)).toMatchObject({ band: 'long', hitOn: 6 })
    expect(bandFor(28001, 'rifle', tables)).toBeNull()
  })

  it('§9 L611 the worked example: an 11" smoothbore at 9" rolls 5 on a sloped ironclad side-on, hits for 8 halved to 4', () => {
    const r = resolveShot(shot('sb11', 9, { sloped: true }), forced({ 'shot:hit': 5 }), tables)
    expect(r).toEqual({ band: 'medium', roll: 5, modifier: 0, needed: 5, hit: true, damage: 4, burst: false })
  })

  it('§9 L625 small target and bow-on each take one off the die, and they stack (RC-28)', () => {
    const r = resolveShot(shot('r7', 10, { smallTarget: true, bowOrStern: true }), forced({ 'shot:hit': 4 }), tables)
    expect(r).toMatchObject({ roll: 4, modifier: -2, needed: 3, hit: false, damage: 0 })
  })

  it('§4 L237 a captain serving the gun adds his gunnery (yellow) score', () => {
    const r = resolveShot(shot('sb32', 15, { captainBonus: 2 }), forced({ 'shot:hit': 4 }), tables)
    expect(r).toMatchObject({ band: 'long', needed: 6, hit: true, damage: 4 })
  })

  it('§9 L609 a rifled 32-pdr rolling 1 then 1 bursts; a smoothbore 32-pdr never rolls for it', () => {
    expect(resolveShot(shot('r32', 5), forced({ 'shot:hit': 1, 'shot:burst': 1 }), tables).burst).toBe(true)
    expect(resolveShot(shot('r32', 5), forced({ 'shot:hit': 1, 'shot:burst': 2 }), tables).burst).toBe(false)
    expect(resolveShot(shot('sb32', 5), forced({ 'shot:hit': 1 }), tables).burst).toBe(false)
  })

  it('§9 ruling RC-25 a gun ordered beyond long range does not fire and rolls nothing', () => {
    expect(resolveShot(shot('how12', 13), forced({}), tables)).toMatchObject({ band: null, roll: null, hit: false })
  })

  it('§9 L619-621 an alternate-move gun that fired on move 4 is barred on move 5 and free on move 6', () => {
    expect(readyToFire('sb11', 4, 5, tables)).toBe(false)
    expect(readyToFire('sb11', 4, 6, tables)).toBe(true)
    expect(readyToFire('sb8_9', 4, 5, tables)).toBe(true)
  })
})

describe('§9 damage and criticals', () => {
  const ctx = (guns = pack.classes.selma!.guns) => ({ label: 'hit', move: 3, guns, audience: PUBLIC })

  it('§9 L709 above PV a hit only takes SPV: no critical roll', () => {
    const selma = scenarioShip('passing-the-fort', 'SELM')
    const r = applyHit(selma, 8, ctx(), forced({}), tables)
    expect(r.ship.spv).toBe(51)
    expect(r.criticals).toEqual([])
  })

  it('§9 L709-715 ruling RC-32 the hit that takes SPV below PV rolls table then result: 5/4 = lose 2 CPV', () => {
    const selma = { ...scenarioShip('passing-the-fort', 'SELM'), spv: 44 }
    const r = applyHit(selma, 6, ctx(), forced({ 'hit:critTable': 5, 'hit:critResult': 4 }), tables)
    expect(r.criticals).toEqual([{ table: 5, result: 4, effect: 'loseCpv2' }])
    expect(r.ship.spv).toBe(38)
    expect(r.ship.cpvLost).toBe(2)
    expect(r.ship.crew.spare).toBe(1)
    expect(r.ship.morale).toEqual(['belowPv', 'cpvLost'])
  })

  it('§9 L711 at 0 SPV the ship sinks', () => {
    const selma = { ...scenarioShip('passing-the-fort', 'SELM'), spv: 4 }
    expect(applyHit(selma, 6, ctx(), forced({}), tables).ship.status).toBe('sunk')
  })

  it('§9 table 1 a gun out for 4 moves, hit again: 8 moves (note A)', () => {
    const selma = { ...scenarioShip('passing-the-fort', 'SELM'), spv: 30 }
    const dice = forced({ 'hit:critTable': [1, 1], 'hit:critResult': [4, 4], 'hit:gun': [2, 1] })
    const once = applyHit(selma, 2, ctx(), dice, tables).ship
    expect(once.guns.S1).toMatchObject({ status: 'out', outUntil: 7 })
    // the second hit goes to another working gun while there is one
    const twice = applyHit(once, 2, ctx(), dice, tables).ship
    expect(twice.guns.P1).toMatchObject({ status: 'out', outUntil: 7 })
  })

  it('§9 L717 with no spare CPV to repair, a 4-move effect lasts the rest of the game', () => {
    const selma = { ...scenarioShip('passing-the-fort', 'SELM'), spv: 30 }
    selma.crew = { ...selma.crew, spare: 0 }
    const r = applyHit(selma, 2, ctx(), forced({ 'hit:critTable': 2, 'hit:critResult': 2 }), tables)
    expect(r.ship.effects).toEqual([{ kind: 'hardStarboard', until: 'game' }])
    expect(r.ship.morale).toContain('steeringJammed')
  })

  it('§9 table 6 magazine hit: the ship explodes', () => {
    const selma = { ...scenarioShip('passing-the-fort', 'SELM'), spv: 30 }
    const r = applyHit(selma, 2, ctx(), forced({ 'hit:critTable': 6, 'hit:critResult': 6 }), tables)
    expect(r.ship.status).toBe('exploded')
  })

  it('§9 L799-803 Chickasaw draws 6 ft: +2 ft floats, +3 ft (9 ft, half as much again) sinks (RC-36)', () => {
    const chic = scenarioShip('passing-the-fort', 'CHIC')
    expect(chic.draught).toBe(60)
    expect(floodCheck({ ...chic, draught: 89 }, tables).status).toBe('afloat')
    expect(floodCheck({ ...chic, draught: 90 }, tables).status).toBe('sunk')
  })

  it('§3 L119 ruling RC-53 crew losses take spares first, then gun crews; the captain at that gun dies', () => {
    const manassas = scenarioShip('above-the-bluffs', 'MANS')
    manassas.captain.atGun = 'B1'
    const r = loseCpv(manassas, 2, pack.classes.manassas!.guns)
    expect(r.crew.spare).toBe(0)
    expect(r.guns.B1!.crewed).toBe(false)
    expect(r.captain.alive).toBe(false)
    expect(r.morale).toEqual(['captainKilled', 'cpvLost'])
  })

  it('§10 L927 losing the boiler or engine crew is a no-speed morale trigger', () => {
    const manassas = scenarioShip('above-the-bluffs', 'MANS')
    const r = loseCpv(manassas, 3, pack.classes.manassas!.guns)
    expect(r.crew).toEqual({ engine: 1, boiler: 0, spare: 0 })
    expect(r.morale).toEqual(['noSpeed', 'cpvLost'])
  })
})
