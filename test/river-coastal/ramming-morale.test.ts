import { describe, expect, it } from 'vitest'
import { PUBLIC } from '../../src/games/contract.ts'
import { moraleModifiers, moraleTest } from '../../src/games/river-coastal/morale.ts'
import {
  applyRamDamage,
  applyRammerEffect,
  ramDamage,
  rammerEffect,
  ramTest,
  ramTestCell,
} from '../../src/games/river-coastal/ramming.ts'
import { forced, pack, scenarioShip, tables } from './helpers.ts'

const ctx = { label: 'ram', move: 2, guns: pack.classes.cityClass!.guns, audience: PUBLIC }

describe('§11 ramming', () => {
  it('§11 L1009-1041 the test matrix: gunboat on double monitor -6, ironclad on ironclad only if CPV lost, ironclad on gunboat none', () => {
    expect(ramTestCell('B', 'E', tables)).toBe(-6)
    expect(ramTestCell('D', 'D', tables)).toBe('ifLostCpv')
    expect(ramTestCell('D', 'B', tables)).toBeNull()
    expect(ramTestCell('A', 'E', tables)).toBeNull()
  })

  it('§11 L1017 ruling RC-40 a cottonclad ramming a City-class tests at -2 with every modifier', () => {
    const moore = scenarioShip('above-the-bluffs', 'MORE')
    const caro = scenarioShip('above-the-bluffs', 'CARO')
    // d6 2, cell -2, lost no CPV +1, yellow +2, above PV +1 = 4: pass
    const r = ramTest(moore, 'B', true, caro, 'C', forced({ ram: 2 }), 'ram', PUBLIC, tables)
    expect(r).toEqual({ tested: true, roll: 2, total: 4, pass: true, reason: 'tested' })
  })

  it('§11 L1047-1057 fired on by the target -2 and no ram -2: a total of 0 aborts', () => {
    const moore = { ...scenarioShip('above-the-bluffs', 'MORE'), firedOnBy: ['CARO'] }
    const caro = scenarioShip('above-the-bluffs', 'CARO')
    const r = ramTest(moore, 'B', false, caro, 'C', forced({ ram: 2 }), 'ram', PUBLIC, tables)
    expect(r).toMatchObject({ tested: true, total: 0, pass: false })
  })

  it('§11 L1043 a ship whose captain is dead fails the ram test without a roll', () => {
    const moore = scenarioShip('above-the-bluffs', 'MORE')
    moore.captain.alive = false
    const r = ramTest(
      moore,
      'B',
      true,
      scenarioShip('above-the-bluffs', 'CARO'),
      'C',
      forced({}),
      'ram',
      PUBLIC,
      tables,
    )
    expect(r).toEqual({ tested: false, pass: false, reason: 'captain killed' })
  })

  it('§11 L1079 ruling RC-44 at 6 knots a controlled ram rolls 2+1 dice times 10', () => {
    const r = ramDamage(6, true, true, forced({ 'ram:d1': 3, 'ram:d2': 4, 'ram:d3': 5 }), 'ram', PUBLIC, tables)
    expect(r).toEqual({ dice: [3, 4, 5], damage: 120 })
  })

  it('§11 L1075 a ship with no ram does half: 2 knots, uncontrolled, one die of 5 -> 25 halved to 12', () => {
    expect(ramDamage(2, false, false, forced({ 'ram:d1': 5 }), 'ram', PUBLIC, tables)).toEqual({
      dice: [5],
      damage: 12,
    })
  })

  it('§11 L1067-1071 a rammed ship pushed below PV rolls table 6, where a 6 sinks her', () => {
    const caro = scenarioShip('above-the-bluffs', 'CARO')
    expect(applyRamDamage(caro, 30, ctx, forced({ 'ram:table6': 6 })).status).toBe('sunk')
    const holed = applyRamDamage(caro, 30, ctx, forced({ 'ram:table6': 5 }))
    expect(holed).toMatchObject({ spv: 21, status: 'afloat', draught: 80 })
    expect(holed.morale).toEqual(['rammed', 'belowPv'])
    expect(applyRamDamage(caro, 60, ctx, forced({})).status).toBe('sunk')
  })

  it('§11 L1091-1101 effect on the rammer at 8 knots and over: 3 loses the ram, 6 locks the ships', () => {
    expect(rammerEffect(8, forced({ eff: 3 }), 'eff', PUBLIC, tables)).toBe('loseRam40')
    expect(rammerEffect(5, forced({ eff: 3 }), 'eff', PUBLIC, tables)).toBeNull()
    const ark = scenarioShip('above-the-bluffs', 'ARKS')
    expect(applyRammerEffect(ark, 'loseRam40', true, ctx, forced({}), tables).ship).toMatchObject({
      ramLost: true,
      spv: 120,
    })
    expect(applyRammerEffect(ark, 'loseRam40', false, ctx, forced({}), tables).ship.spv).toBe(80)
    expect(applyRammerEffect(ark, 'locked', true, ctx, forced({ 'ram:jam': 5 }), tables).jam).toBe(4)
  })

  it('§11 L1093-1095 a burst steam pipe costs the rammer 2 CPV and 2 knots for 4 moves', () => {
    const ark = scenarioShip('above-the-bluffs', 'ARKS')
    const r = applyRammerEffect(
      ark,
      'steamPipe',
      true,
      { ...ctx, guns: pack.classes.arkansas!.guns },
      forced({}),
      tables,
    ).ship
    expect(r.cpvLost).toBe(2)
    expect(r.effects).toEqual([{ kind: 'speedMinus', amount: 2, until: 6 }])
  })
})

describe('§10 morale', () => {
  it('§10 L933-943 a fresh ship: +1 no CPV lost, +1 above PV, +green, +1 guns, +1 can move', () => {
    const s = scenarioShip('passing-the-fort', 'GAIN')
    expect(moraleModifiers(s, { canMove: true, underFire: false }, 1, tables).map((m) => m.value)).toEqual([
      1, 1, 2, 1, 1,
    ])
  })

  it('§10 L945-967 ruling RC-41 a wreck: worst CPV band only, below PV, red, no guns, no speed, aground under fire', () => {
    const s = scenarioShip('passing-the-fort', 'GAIN')
    s.cpvLost = 9 // of 13: past 2/3
    s.spv = 20
    s.captain.alive = false
    for (const g of Object.values(s.guns)) g.status = 'destroyed'
    s.aground = true
    const mods = moraleModifiers(s, { canMove: false, underFire: true }, 1, tables)
    expect(mods).toEqual([
      { why: 'lost 2/3 of CPV', value: -3 },
      { why: 'below PV', value: -3 },
      { why: 'captain dead (red)', value: -2 },
      { why: 'unable to fire', value: -3 },
      { why: 'no speed', value: -3 },
      { why: 'aground under fire', value: -2 },
    ])
  })

  it('§10 L971-973 a total of 0 or less abandons ship; 1 carries on', () => {
    const s = scenarioShip('passing-the-fort', 'GAIN')
    s.cpvLost = 5 // of 13: a third -> -2
    s.spv = 50 // below PV 58 -> -3
    // 1 + (-2 -3 +2 +1 +1) = 0
    expect(
      moraleTest(s, { canMove: true, underFire: false }, 3, forced({ 'm3:GAIN:morale': 1 }), PUBLIC, tables),
    ).toMatchObject({ roll: 1, total: 0, abandon: true })
    expect(
      moraleTest(s, { canMove: true, underFire: false }, 3, forced({ 'm3:GAIN:morale': 2 }), PUBLIC, tables),
    ).toMatchObject({ total: 1, abandon: false })
  })
})
