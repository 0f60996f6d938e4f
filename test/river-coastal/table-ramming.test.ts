// Every case of the ramming tables (rulebook §11 L1009-1111): the test matrix cell by cell, each
// modifier of the test alone, the damage chart's speed bands at both ends, every cell of the chart of
// effects on the rammer and every face of the jam chart. Every table case is tested.
import { describe, expect, it } from 'vitest'
import { PUBLIC } from '../../src/games/contract.ts'
import type { RamClass } from '../../src/games/river-coastal/derive.ts'
import {
  applyRammerEffect,
  ramDamage,
  rammerEffect,
  ramTest,
  ramTestCell,
} from '../../src/games/river-coastal/ramming.ts'
import { forced, pack, scenarioShip, tables } from './helpers.ts'

const CLASSES: RamClass[] = ['A', 'B', 'C', 'D', 'E']
// §11 L1009-1041 as printed: rows the rammer, columns the target; '-' = no test.
const MATRIX: Record<RamClass, (number | 'ifLostCpv' | null)[]> = {
  A: [null, null, null, null, null],
  B: [null, 'ifLostCpv', -2, -4, -6],
  C: [null, null, 'ifLostCpv', -2, -4],
  D: [null, null, null, 'ifLostCpv', -2],
  E: [null, null, null, null, null],
}

describe('§11 L1009-1041 the ram test matrix, cell by cell', () => {
  for (const a of CLASSES)
    it(`§11 L1009-1041 rammer of class ${a} against A-E: ${MATRIX[a].map((c) => c ?? '-').join(', ')}`, () => {
      expect(CLASSES.map((b) => ramTestCell(a, b, tables))).toEqual(MATRIX[a])
    })

  it('§11 L1019 ruling RC-40 an "if lost any CPV" cell rolls only once CPV are lost', () => {
    const moore = scenarioShip('above-the-bluffs', 'MORE')
    const other = scenarioShip('above-the-bluffs', 'MORE')
    expect(ramTest(moore, 'B', true, other, 'B', forced({}), 'ram', PUBLIC, tables)).toMatchObject({
      tested: false,
      pass: true,
    })
    // d6 5, cell 0, lost CPV -3, yellow +2, above PV +1 = 5
    const hurt = { ...moore, cpvLost: 1 }
    expect(ramTest(hurt, 'B', true, other, 'B', forced({ ram: 5 }), 'ram', PUBLIC, tables)).toMatchObject({
      tested: true,
      total: 5,
      pass: true,
    })
  })
})

describe('§11 L1043-1057 the ram test modifiers, one at a time', () => {
  // Governor Moore (B) on Carondelet (C), cell -2, yellow +2; baseline lost no CPV +1, above PV +1.
  const test = (patch: Record<string, unknown>, hasRam = true, roll = 3) => {
    const moore = { ...scenarioShip('above-the-bluffs', 'MORE'), ...patch }
    const caro = scenarioShip('above-the-bluffs', 'CARO')
    return ramTest(moore, 'B', hasRam, caro, 'C', forced({ ram: roll }), 'ram', PUBLIC, tables).total
  }
  const base = 3 - 2 + 1 + 2 + 1
  it('§11 L1047-1053 lost no CPV +1, yellow die, above PV +1', () => expect(test({})).toBe(base))
  it('§11 L1049 lost any CPV -3 in place of +1', () => expect(test({ cpvLost: 1 })).toBe(base - 4))
  it('§11 L1047 fired on by the target -2', () => expect(test({ firedOnBy: ['CARO'] })).toBe(base - 2))
  it('§11 L1051 no ram -2', () => expect(test({}, false)).toBe(base - 2))
  it('§11 L1053 ruling RC-5 below PV -2 in place of +1', () => expect(test({ spv: 10 })).toBe(base - 3))
  it('§11 L1055-1057 a total of 1 carries on, 0 aborts', () => {
    const moore = { ...scenarioShip('above-the-bluffs', 'MORE'), firedOnBy: ['CARO'] }
    const caro = scenarioShip('above-the-bluffs', 'CARO')
    const roll = (r: number) => ramTest(moore, 'B', false, caro, 'C', forced({ ram: r }), 'ram', PUBLIC, tables)
    expect(roll(3)).toMatchObject({ total: 1, pass: true })
    expect(roll(2)).toMatchObject({ total: 0, pass: false })
  })
})

describe('§11 L1063-1081 the ramming chart by speed band', () => {
  const ones = { 'ram:d1': 1, 'ram:d2': 1, 'ram:d3': 1, 'ram:d4': 1 }
  it.each([
    [1, 1, 5],
    [3, 1, 5],
    [4, 2, 10],
    [7, 2, 10],
    [8, 3, 15],
    [12, 3, 15],
  ])('§11 L1071-1079 at %i knots a controlled ram throws %i+1 dice times %i', (speed, n, factor) => {
    const controlled = ramDamage(speed, true, true, forced(ones), 'ram', PUBLIC, tables)
    expect(controlled).toEqual({ dice: Array(n + 1).fill(1), damage: factor * (n + 1) })
    const uncontrolled = ramDamage(speed, false, true, forced(ones), 'ram', PUBLIC, tables)
    expect(uncontrolled).toEqual({ dice: Array(n).fill(1), damage: factor * n })
  })
  it('§11 L1075 halved, rounded down, with no ram: 8 knots, three 1s uncontrolled = 45 -> 22', () => {
    expect(ramDamage(8, false, false, forced(ones), 'ram', PUBLIC, tables).damage).toBe(22)
  })
  it('§11 L1071 astern counts by its size: -4 knots is the 4-7 band', () => {
    expect(ramDamage(-4, false, true, forced(ones), 'ram', PUBLIC, tables).damage).toBe(20)
  })
  it('§11 L1071 at 0 knots there is no blow and no die', () => {
    expect(ramDamage(0, true, true, forced({}), 'ram', PUBLIC, tables)).toEqual({ dice: [], damage: 0 })
  })
})

describe('§11 L1083-1101 the effect on the ramming ship, cell by cell', () => {
  const ROWS: [speed: number, faces: (string | null)[]][] = [
    [2, [null, null, null, null, 'loseRam20', 'loseStack']],
    [5, [null, null, null, 'loseRam30', 'loseStack', 'steamPipe']],
    [9, [null, null, 'loseRam40', 'loseStack', 'steamPipe', 'locked']],
  ]
  for (const [speed, faces] of ROWS)
    it(`§11 L1087-1097 at ${speed} knots faces 1-6 read ${faces.map((f) => f ?? 'none').join(', ')}`, () => {
      expect([1, 2, 3, 4, 5, 6].map((r) => rammerEffect(speed, forced({ eff: r }), 'eff', PUBLIC, tables))).toEqual(
        faces,
      )
    })

  const ctx = { label: 'ram', move: 2, guns: pack.classes.selma!.guns, audience: PUBLIC }
  const selma = () => scenarioShip('passing-the-fort', 'SELM')
  it.each([
    ['loseRam20', 20],
    ['loseRam30', 30],
    ['loseRam40', 40],
  ] as const)('§11 L1089 %s: a ship with a ram loses it; one with none loses the SPV', (effect, spv) => {
    const fitted = applyRammerEffect(selma(), effect, true, ctx, forced({}), tables).ship
    expect([fitted.ramLost, fitted.spv]).toEqual([true, selma().spv])
    const bare = applyRammerEffect(selma(), effect, false, ctx, forced({}), tables).ship
    expect([bare.ramLost, bare.spv]).toEqual([false, selma().spv - spv])
  })
  it('§11 L1091 loseStack: 2 knots off her top speed for the rest of the game', () => {
    const s = applyRammerEffect(selma(), 'loseStack', true, ctx, forced({}), tables).ship
    expect(s.effects).toEqual([{ kind: 'maxSpeedMinus', amount: 2, until: 'game' }])
  })
  it('§11 L1093-1095 steamPipe: 2 CPV and 2 knots for 4 moves', () => {
    const s = applyRammerEffect(selma(), 'steamPipe', true, ctx, forced({}), tables).ship
    expect(s.cpvLost).toBe(2)
    expect(s.effects).toEqual([{ kind: 'speedMinus', amount: 2, until: 6 }])
  })
  it('§11 L1089 a rammer with no ram that loses her last SPV this way sinks', () => {
    const s = applyRammerEffect({ ...selma(), spv: 20 }, 'loseRam20', false, ctx, forced({}), tables).ship
    expect(s.status).toBe('sunk')
  })
})

describe('§11 L1103-1109 the jam chart, face by face', () => {
  const ctx = { label: 'ram', move: 2, guns: pack.classes.selma!.guns, audience: PUBLIC }
  it.each([
    [1, 0],
    [2, 0],
    [3, 0],
    [4, 2],
    [5, 4],
    [6, 6],
  ])('§11 L1105-1109 locked ships throwing %i stay jammed %i moves (0 = released)', (face, moves) => {
    const r = applyRammerEffect(
      scenarioShip('passing-the-fort', 'SELM'),
      'locked',
      true,
      ctx,
      forced({ 'ram:jam': face }),
      tables,
    )
    expect(r.jam).toBe(moves)
  })
})
