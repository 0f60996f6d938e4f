// Shared fixtures for the Sea Devils rules tests: the embedded pack, a Weak Beginning state to
// shape by hand, order parsing that must succeed, and resolution with fixed dice.
import { expect } from 'vitest'
import { loadSeaDevilsPack } from '../../../src/games/sea-devils/pack.ts'
import { rawSeaDevilsPack } from '../../../src/games/sea-devils/data/index.ts'
import { createSeaDevils, setupScenario } from '../../../src/games/sea-devils/index.ts'
import { FixedDice, RecordingDice } from '../../../src/engine/dice.ts'
import type { CsaShip, SdState, UsaShip } from '../../../src/games/sea-devils/state.ts'
import type { SdCommand } from '../../../src/games/sea-devils/orderWords.ts'
import type { NarrativeEntry, Parsed, Step } from '../../../src/games/contract.ts'
import {
  blockadeResult,
  combatDamage,
  ecesShip,
  ecesSpots,
  escapes,
  raidLoss,
  searchSpots,
} from '../../../src/games/sea-devils/tables.ts'

export const pack = loadSeaDevilsPack(rawSeaDevilsPack())
export const P = pack.content
export const T = P.tables
export const rs = createSeaDevils(pack)
export { blockadeResult, combatDamage, ecesShip, ecesSpots, escapes, raidLoss, searchSpots }

export const areaDef = (id: string) => {
  const a = P.areas.find((x) => x.id === id)
  if (!a) throw new Error(`no area ${id}`)
  return a
}
export const shipDef = (id: string) => {
  const s = P.ships.find((x) => x.id === id)
  if (!s) throw new Error(`no ship ${id}`)
  return s
}
export const trackOf = (gt: number) => {
  const t = P.track.find((x) => x.gt === gt)
  if (!t) throw new Error(`no GT${gt} on the track`)
  return t
}
export const yearOf = (gt: number) => trackOf(gt).year

/** Weak Beginning at GT1, Phase 2 (both sides' orders awaited). */
export function fresh(scenario = 'weak-beginning'): SdState {
  return setupScenario(P, scenario, new RecordingDice('00'.repeat(32), 'test', 0, ''))
}

/** Takes every Federal ship off the map (to the AP); Pacific ones too when asked. */
export function clearFederals(s: SdState, pacificToo = false): void {
  for (const u of Object.values(s.usa)) {
    if (u.loc !== 'map' && u.loc !== 'CSE') continue
    if (!pacificToo && u.area && areaDef(u.area).pacific) continue
    u.loc = 'AP'
    u.area = null
    u.blockading = null
  }
}

/** Puts a Confederate ship on the map (it began the turn there unless `arrivedTurn` says otherwise). */
export function placeCsa(s: SdState, id: string, area: string, opts: Partial<CsaShip> = {}): CsaShip {
  const c = s.csa[id]
  if (!c) throw new Error(`no Confederate ship ${id}`)
  Object.assign(
    c,
    { status: 'map', area, port: null, damage: 0, commissioned: true, arrivedTurn: 0, turnsAtSea: 0, turnsInPort: 0 },
    opts,
  )
  return c
}

/** Removes Sumter (and Semmes with it) from play, for tests about other ships. */
export function withoutSumter(s: SdState): void {
  s.csa.SUM!.status = 'cancelled'
  s.csa.SUM!.area = null
  s.semmes.ship = null
}

export function placeUsa(s: SdState, id: string, area: string | 'CSE', opts: Partial<UsaShip> = {}): UsaShip {
  const u = s.usa[id]
  if (!u) throw new Error(`no Federal ship ${id}`)
  Object.assign(
    u,
    area === 'CSE' ? { loc: 'CSE', area: null } : { loc: 'map', area },
    { damage: 0, blockading: null, deployed: true },
    opts,
  )
  return u
}

export function parse(s: SdState, role: 'federal' | 'confederate', text: string): Parsed<SdCommand> {
  return rs.parseOrders(s, role, text)
}

/** Parses orders that must be accepted. */
export function orders(s: SdState, role: 'federal' | 'confederate', text: string): SdCommand[] {
  const p = parse(s, role, text)
  expect(p.errors, `${role} orders rejected`).toEqual([])
  return p.commands
}

export interface Run {
  step: Step<SdState>
  state: SdState
  dice: FixedDice
  /** Narrative texts, optionally only those citing `rule`. */
  texts(rule?: string): string[]
  /** All narrative texts joined, for substring checks. */
  all: string
  labels: string[]
}

/** Resolves the state's current stage with the given orders and dice faces. */
export function resolve(
  s: SdState,
  o: {
    federal?: string
    confederate?: string
    dice: number[]
    decisions?: Record<string, string>
    /** Commands handed to the resolver as they are, past the checks at receipt (a record that has gone stale). */
    unchecked?: Record<string, SdCommand[]>
  },
): Run {
  const ord: Record<string, SdCommand[]> = { ...o.unchecked }
  if (o.federal !== undefined) ord.federal = orders(s, 'federal', o.federal)
  if (o.confederate !== undefined) ord.confederate = orders(s, 'confederate', o.confederate)
  const dice = new FixedDice(o.dice)
  const step = rs.resolve(s, { orders: ord, decisions: o.decisions ?? {} }, dice)
  const texts = (rule?: string) =>
    step.narrative.filter((n: NarrativeEntry) => rule === undefined || n.rule === rule).map((n) => n.text)
  return { step, state: step.state, dice, texts, all: texts().join('\n'), labels: dice.rolls.map((r) => r.label) }
}

/** The first die face (1..6) meeting `pred`; throws when the pack's table has none. */
export function dieWhere(pred: (die: number) => boolean, what = 'a die face'): number {
  for (let d = 1; d <= 6; d++) if (pred(d)) return d
  throw new Error(`the data pack has no die face for ${what}`)
}

/** One die value for the Federal deployment roll that ends every full turn (10.31). */
export const FWDT = 1

/** Combat Results Table damage for a die and a gunnery total (read from the pack). */
export const crt = (die: number, gun: number) => combatDamage(T, die, gun)

/**
 * Dice for a fight the Confederate wins outright: he rolls 6 every segment and the Federal rolls
 * his least harmful face, until the Federal side (hit points `fedHp`) is sunk. Checks that the
 * Confederate (hit points `csaHp`) survives it.
 */
export function winningFight(csaGun: number, fedHp: number, fedGun: number, csaHp: number): number[] {
  const hit = crt(6, csaGun)
  expect(hit, 'the Confederate must be able to hit').toBeGreaterThan(0)
  const least = Math.min(...[1, 2, 3, 4, 5, 6].map((d) => crt(d, fedGun)))
  const fedDie = dieWhere((d) => crt(d, fedGun) === least)
  const n = Math.ceil(fedHp / hit)
  expect(n * least, 'the Confederate must survive').toBeLessThan(csaHp)
  return Array.from({ length: n }, () => [6, fedDie]).flat()
}

/** Alabama at sea in C15 (no Sumter, every Federal cleared away) with the Dacotah waiting next door in C11. */
export function alaMeetsDaco(): SdState {
  const s = fresh()
  withoutSumter(s)
  clearFederals(s)
  placeCsa(s, 'ALA', 'C15')
  placeUsa(s, 'DACO', 'C11')
  return s
}

/** A Confederate script as the parser would build it, one step a line, with no checks (see `unchecked`). */
export function rawScript(ship: string, words: string[]): SdCommand {
  const steps = words.map((w, i) => {
    const [verb, arg] = w.split(' ')
    const step = { verb, line: i + 1 } as { verb: never; line: number; area?: string; nat?: string }
    if (verb === 'MOVE') step.area = arg
    else if (arg) step.nat = arg
    return step
  })
  return { kind: 'script', ship, steps }
}
