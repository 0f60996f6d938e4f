// Every face of the captains' and fort commanders' dice (rulebook §4 L157-165, L207-217), each morale
// modifier of §10 L933-967 on its own, and every face of the early-morning fog throw with its growth
// (§9 L583-591). Every table case is tested.
import { describe, expect, it } from 'vitest'
import { moraleModifiers } from '../../src/games/river-coastal/morale.ts'
import type { ShipState } from '../../src/games/river-coastal/ship.ts'
import { rollCaptain, rollFortCommander } from '../../src/games/river-coastal/state.ts'
import { forced, pack, scenarioShip, tables } from './helpers.ts'
import { calm, deployed, ruleset } from './play.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'

const FACES = [1, 2, 3, 4, 5, 6]
const fourDice = (prefix: string, face: number) =>
  forced(Object.fromEntries(['white', 'green', 'red', 'yellow'].map((c) => [`${prefix}:${c}`, face])))

describe('§4 L157-165 a captain’s four dice, face by face', () => {
  const quality = ['intelligent', 'intelligent', 'stubborn', 'stubborn', 'reckless', 'reckless']
  const green = [3, 3, 2, 2, 1, 1]
  const red = [-1, -1, -2, -2, -3, -3]
  const yellow = [3, 3, 2, 2, 1, 1]
  it.each(FACES)('§4 L161-165 all four dice on %i', (face) => {
    const c = rollCaptain('GALE', 'USA', fourDice('captain:GALE', face), pack)
    const i = face - 1
    expect(c).toEqual({ quality: quality[i], green: green[i], red: red[i], yellow: yellow[i], alive: true })
  })
})

describe('§4 L207-217 a fort commander’s four dice, face by face', () => {
  const quality = ['panicky', 'stubborn', 'stubborn', 'stubborn', 'stubborn', 'fanatic']
  const green = [3, 3, 2, 2, 1, 1]
  const red = [-1, -1, -2, -2, -3, -3]
  // L217 prints '+!' for yellow 5-6: read as +1.
  const yellow = [3, 3, 2, 2, 1, 1]
  it.each(FACES)('§4 L213-217 all four dice on %i', (face) => {
    const c = rollFortCommander('MORG', 'CSA', fourDice('fortCommander:MORG', face), pack)
    const i = face - 1
    expect(c).toEqual({ quality: quality[i], green: green[i], red: red[i], yellow: yellow[i], alive: true })
  })
})

describe('§10 L933-967 each morale modifier on its own', () => {
  // CSS Gaines: 13 CPV, PV 58, captain green +2 red -2 (the helpers' steady captain).
  const gaines = () => scenarioShip('passing-the-fort', 'GAIN')
  const mods = (s: ShipState, sit = { canMove: true, underFire: false }, move = 1) =>
    moraleModifiers(s, sit, move, tables)
  const fresh = [
    { why: 'lost no CPV', value: 1 },
    { why: 'above PV', value: 1 },
    { why: 'captain (green)', value: 2 },
    { why: 'guns can fire', value: 1 },
    { why: 'can move', value: 1 },
  ]
  const swap = (i: number, m: { why: string; value: number }) => fresh.map((f, k) => (k === i ? m : f))

  it('§10 L933-943 the pluses of a fresh ship', () => expect(mods(gaines())).toEqual(fresh))
  it.each([
    [1, 'lost CPV', -1],
    [4, 'lost CPV', -1],
    [5, 'lost 1/3 of CPV', -2],
    [8, 'lost 1/3 of CPV', -2],
    [9, 'lost 2/3 of CPV', -3],
  ])('§10 L947-951 ruling RC-41 %i CPV lost of 13: %s %i, in place of the +1', (lost, why, value) => {
    expect(mods({ ...gaines(), cpvLost: lost })).toEqual(swap(0, { why, value }))
  })
  it('§10 L967 ruling RC-5 below PV -3 in place of +1', () => {
    expect(mods({ ...gaines(), spv: 57 })).toEqual(swap(1, { why: 'below PV', value: -3 }))
  })
  it('§10 L963 captain dead: his red die in place of his green', () => {
    const s = gaines()
    s.captain = { ...s.captain, alive: false }
    expect(mods(s)).toEqual(swap(2, { why: 'captain dead (red)', value: -2 }))
  })
  it('§10 L953 unable to fire (no gun crewed) -3 in place of +1', () => {
    const s = gaines()
    for (const g of Object.values(s.guns)) g.crewed = false
    expect(mods(s)).toEqual(swap(3, { why: 'unable to fire', value: -3 }))
  })
  it('§10 L955 no speed -3 in place of +1', () => {
    expect(mods(gaines(), { canMove: false, underFire: false })).toEqual(swap(4, { why: 'no speed', value: -3 }))
  })
  it('§10 L957-959 aground -1; aground under fire -2 (only the worse counts)', () => {
    const s = { ...gaines(), aground: true }
    expect(mods(s)).toEqual([...fresh, { why: 'aground', value: -1 }])
    expect(mods(s, { canMove: true, underFire: true })).toEqual([...fresh, { why: 'aground under fire', value: -2 }])
  })
  it('§10 L961 rammed with no speed left -2', () => {
    const s: ShipState = { ...gaines(), morale: ['rammed'] }
    expect(mods(s, { canMove: false, underFire: false })).toEqual([
      ...swap(4, { why: 'no speed', value: -3 }),
      { why: 'rammed with no speed', value: -2 },
    ])
    expect(mods(s)).toEqual(fresh)
  })
  it('§10 L965 steering jammed -2 while the effect lasts', () => {
    const s: ShipState = { ...gaines(), effects: [{ kind: 'hardPort', until: 4 }] }
    expect(mods(s, undefined, 4)).toEqual([...fresh, { why: 'steering jammed', value: -2 }])
    expect(mods(s, undefined, 5)).toEqual(fresh)
  })
})

describe('§9 L583-591 fog in an early-morning scenario, face by face', () => {
  const setUp = (face: number) =>
    ruleset.setup(
      'above-the-bluffs',
      {},
      riverCoastalFactory.defaultPack(),
      calm({ 'weather:fog': face, 'weather:fog:1': 3, 'weather:fog:2': 5 }),
    )
  it.each(FACES)('§9 L585 the fog die on %i: fog on 3-6, then 2D6 inches (3+5 = 8")', (face) => {
    expect(setUp(face).fog).toBe(face >= 3 ? 8000 : undefined)
  })
  it('§9 L589 the fog thins by a quarter each move: 8", 10", 12.5", ..., never past 50"', () => {
    let s = deployed(setUp(3)) // the hidden deployment is not a move
    expect(s.fog).toBe(8000)
    s = deployed(s)
    expect(s.fog).toBe(10000)
    s = deployed(s)
    expect(s.fog).toBe(12500)
    for (let m = 0; m < 12; m++) s = deployed(s)
    expect(s.fog).toBe(tables.visibility.maxSightInches * 1000)
  })
})
