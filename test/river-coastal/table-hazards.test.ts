// Every face of the hazard and mine tables, through a whole move (rulebook §8 L491-513, §9 L811-819):
// sandbars and stakes for a shallow (up to 5 ft) and a deep draught, the refloat faces and attempts,
// and the torpedo table. A sandbar and a line of stakes are laid across CSS Tennessee's course in a
// copy of "Passing the Fort" (no scenario has stakes). Every table case is tested.
import { describe, expect, it } from 'vitest'
import type { DataPack } from '../../src/games/contract.ts'
import { createRiverCoastal, riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RawRiverPack } from '../../src/games/river-coastal/pack.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { calm, dice } from './play.ts'
import { tables } from './helpers.ts'

const raw = structuredClone(riverCoastalFactory.defaultPack()) as DataPack<RawRiverPack>
const band = (x0: number, x1: number) => [
  [x0, 36],
  [x1, 36],
  [x1, 37],
  [x0, 37],
]
// Depth 1 ft: every ship draws at least that much, so each entry is tested (ruling RC-11).
const scenarios = raw.content.scenarios as { scenarios: Record<string, { hazards: unknown[] }> }
scenarios.scenarios['passing-the-fort']!.hazards.push(
  { id: 'test-bar', kind: 'sandbar', depthFt: 1, points: band(24, 30) },
  { id: 'test-stakes', kind: 'stakes', points: band(34, 40) },
)
const ruleset = createRiverCoastal(raw)

const fresh = (): RiverState => ruleset.setup('passing-the-fort', {}, raw, calm())
function move(s: RiverState, csa: string, forced: Record<string, number | number[]>) {
  const p = ruleset.parseOrders(s, 'CSA', csa)
  expect(p.errors).toEqual([])
  return ruleset.resolve(s, { orders: { CSA: p.commands }, decisions: {} }, dice(forced))
}
/** Tennessee (from 27,42, or 37,42 for the stakes, heading south) steaming 5" onto the hazard, drawing `draughtFt`. */
function runOnto(hazard: 'test-bar' | 'test-stakes', draughtFt: number, face: number) {
  const s = fresh()
  const tenn = s.ships.TENN!
  tenn.draught = draughtFt * 10
  tenn.speed = 4
  if (hazard === 'test-stakes') tenn.pose = { pos: { x: 37000, y: 42000 }, heading: 18000 }
  return move(s, 'TENN: SPEED 5', { [`m1:TENN:${hazard}:aground`]: face })
}

describe('§8 L491-495 a sandbar (or the 1" shore margin, L501): shallow draught stuck on 1-2, deep on 1-4', () => {
  const shallow = tables.hazards.shallowDraughtMaxFt
  it.each([1, 2, 3, 4, 5, 6])('§8 L493 a ship drawing 5 ft (shallow) throws %i', (face) => {
    const step = runOnto('test-bar', shallow, face)
    expect(step.state.ships.TENN!.aground).toBe(face <= 2)
  })
  it.each([1, 2, 3, 4, 5, 6])('§8 L495 a ship drawing 14 ft (deep) throws %i', (face) => {
    const step = runOnto('test-bar', 14, face)
    expect(step.state.ships.TENN!.aground).toBe(face <= 4)
    if (face <= 4) expect(step.state.aground.TENN).toMatchObject({ kind: 'sandbar', attemptsLeft: 4 })
  })
})

describe('§8 L505-511 stakes or rocks: shallow draught stuck on 1-3, deep on 1-5', () => {
  it.each([1, 2, 3, 4, 5, 6])('§8 L507 a ship drawing 5 ft (shallow) throws %i', (face) => {
    expect(runOnto('test-stakes', 5, face).state.ships.TENN!.aground).toBe(face <= 3)
  })
  it.each([1, 2, 3, 4, 5, 6])('§8 L509 a ship drawing 14 ft (deep) throws %i', (face) => {
    const step = runOnto('test-stakes', 14, face)
    expect(step.state.ships.TENN!.aground).toBe(face <= 5)
    if (face <= 5) expect(step.state.aground.TENN).toMatchObject({ kind: 'stakes', attemptsLeft: 2 })
  })
})

describe('§8 L497, L511 backing off: a sandbar on 5-6 (four attempts), stakes on 6 (two attempts)', () => {
  const stuck = (kind: 'sandbar' | 'stakes', attemptsLeft: number) => {
    const s = fresh()
    s.aground.TENN = { kind, attemptsLeft }
    s.ships.TENN!.aground = true
    return s
  }
  it.each([1, 2, 3, 4, 5, 6])('§8 L497 off a sandbar on a throw of %i: free on 5-6 only', (face) => {
    const step = move(stuck('sandbar', 4), 'TENN: SPEED 0', { 'm1:TENN:refloat': face })
    if (face >= 5) expect(step.state.aground.TENN).toBeUndefined()
    else expect(step.state.aground.TENN).toEqual({ kind: 'sandbar', attemptsLeft: 3 })
  })
  it.each([1, 2, 3, 4, 5, 6])('§8 L511 off stakes on a throw of %i: free on 6 only', (face) => {
    const step = move(stuck('stakes', 2), 'TENN: SPEED 0', { 'm1:TENN:refloat': face })
    if (face === 6) expect(step.state.aground.TENN).toBeUndefined()
    else expect(step.state.aground.TENN).toEqual({ kind: 'stakes', attemptsLeft: 1 })
  })
  it('§8 L497 ruling RC-18 with the attempts spent she stays, and no die is thrown', () => {
    const d = move(stuck('sandbar', 0), 'TENN: SPEED 0', {})
    expect(d.state.aground.TENN).toEqual({ kind: 'sandbar', attemptsLeft: 0 })
    expect(d.state.ships.TENN!.aground).toBe(true)
  })
})

describe('§9 L811-819 the torpedo table, face by face', () => {
  // USS Galena steams 6" north into the Confederates' real field torpedo-2.
  function intoTheField(face: number) {
    const s = fresh()
    s.ships.GALE!.pose = { pos: { x: 22000, y: 24000 }, heading: 0 }
    const p = ruleset.parseOrders(s, 'USA', 'GALE: SPEED 6')
    return ruleset.resolve(s, { orders: { USA: p.commands }, decisions: {} }, dice({ 'm1:GALE:torpedo-2:mine': face }))
      .state.ships.GALE!
  }
  const full = fresh().ships.GALE!.spv
  it('§9 L813 a 1 is a dud: no harm', () => {
    expect(intoTheField(1)).toMatchObject({ status: 'afloat', spv: full })
  })
  it('§9 L815 a 2 takes 20 SPV', () => expect(intoTheField(2).spv).toBe(full - 20))
  it('§9 L817 a 3 takes 30 SPV', () => expect(intoTheField(3).spv).toBe(full - 30))
  it.each([4, 5, 6])('§9 L819 a %i sinks her', (face) => expect(intoTheField(face).status).toBe('sunk'))
})
