// Every row of the mortar effect table against a fort, in both columns (rulebook §9 L853-879,
// ruling RC-39): the 40" column of the 11-15-inch mortars and the 30" column of the smaller ones,
// for which the pack's mortar schooner is re-armed with a light mortar in a copy of the pack.
// Every table case is tested; the town rows are in buildings.test.ts.
import { describe, expect, it } from 'vitest'
import type { DataPack } from '../../src/games/contract.ts'
import { createRiverCoastal, riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RawRiverPack } from '../../src/games/river-coastal/pack.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { calm, dice } from './play.ts'

function rulesetWith(kind: 'heavy' | 'light') {
  const raw = structuredClone(riverCoastalFactory.defaultPack()) as DataPack<RawRiverPack>
  const ships = raw.content.ships as { classes: Record<string, { mortars: { id: string; kind: string }[] }> }
  ships.classes.mortarSchooner!.mortars = [{ id: 'M13', kind }]
  return { raw, ruleset: createRiverCoastal(raw) }
}

/** Metacomet refitted as a mortar schooner, 12" off Fort Morgan, firing at square 3 (gun M3a's). */
function fire(kind: 'heavy' | 'light', effect: number, crew?: number[]) {
  const { raw, ruleset } = rulesetWith(kind)
  const s: RiverState = ruleset.setup('passing-the-fort', {}, raw, calm())
  if (crew) s.forts.MORG!.cpvSquares = crew
  const m = s.ships.META!
  m.classKey = 'mortarSchooner'
  m.guns = { P1: { status: 'ok', crewed: true }, S1: { status: 'ok', crewed: true } }
  m.pose = { pos: { x: 28000, y: 20000 }, heading: 0 }
  m.speed = 0
  const misses = Object.fromEntries(['M1a', 'M1b', 'M2a', 'M2b', 'M3a', 'M3b'].map((g) => [`m1:MORG:${g}:hit`, 2]))
  const p = ruleset.parseOrders(s, 'USA', 'META: SPEED 0; MORTAR MORG SQ 3')
  expect(p.errors).toEqual([])
  const step = ruleset.resolve(
    s,
    { orders: { USA: p.commands }, decisions: {} },
    dice({ ...misses, 'm1:META:M13:hit': 6, 'm1:META:M13:effect': effect, 'm1:MORG:morale': 6 }),
  )
  return { before: s.forts.MORG!, after: step.state.forts.MORG!, texts: step.narrative.map((n) => n.text) }
}

describe('§9 L853-879 the mortar effect table against a fort, row by row and column by column', () => {
  // [row, FPV off in the 40" column, in the 30" column, gun and CPV destroyed]
  const ROWS: [number, number, number, boolean][] = [
    [1, 0, 0, false],
    [2, 20, 10, false],
    [3, 0, 0, true],
    [4, 30, 20, false],
    [5, 0, 0, true],
  ]
  for (const [row, heavy, light, gunAndCpv] of ROWS)
    for (const [kind, fpv] of [
      ['heavy', heavy],
      ['light', light],
    ] as const)
      it(`§9 L857-871 row ${row}, ${kind} mortar (${kind === 'heavy' ? 40 : 30}" column): ${fpv} FPV${gunAndCpv ? ', a gun and a CPV' : ''}`, () => {
        const r = fire(kind, row)
        expect(r.after.fpv).toBe(r.before.fpv - fpv)
        expect(r.after.gunsLost ?? []).toEqual(gunAndCpv ? ['M3a'] : [])
        expect(r.after.cpv).toBe(r.before.cpv - (gunAndCpv ? 1 : 0))
        expect(r.after.commander.alive).toBe(true)
      })

  it.each([
    ['heavy', 40],
    ['light', 30],
  ] as const)('§9 L873-877 row 6, %s mortar: %i FPV, and the commander dies only in his own square', (kind, fpv) => {
    // Fort Morgan's commander is not in square 3: the FPV comes off and he lives.
    const r = fire(kind, 6)
    expect(r.after.fpv).toBe(r.before.fpv - fpv)
    expect(r.after.commander.alive).toBe(true)
  })
})

describe('§9 L879 a fort whose sheet allots its CPV to the squares (L901, ruling RC-104)', () => {
  it('§9 L879 a gun and a CPV go only if they stand in the square hit: a gun with no crew there goes alone', () => {
    const r = fire('heavy', 3, [6, 0, 0, 0, 0, 0])
    expect(r.after.gunsLost).toEqual(['M3a'])
    expect(r.after.cpv).toBe(r.before.cpv)
    expect(r.texts.some((t) => t.endsWith('effect 3: gun M3a destroyed'))).toBe(true)
  })

  it('§9 L879 the crew of the square hit loses a CPV, counted off that square', () => {
    const r = fire('heavy', 5, [2, 2, 2, 0, 0, 0])
    expect(r.after.cpv).toBe(r.before.cpv - 1)
    expect(r.after.cpvSquares).toEqual([2, 2, 1, 0, 0, 0])
    expect(r.texts.some((t) => t.endsWith('effect 5: gun M3a and a CPV destroyed'))).toBe(true)
  })
})
