// Morale (rulebook §10 L913-973): a ship that met any trigger this move tests once (ruling RC-41),
// D6 plus the modifiers that hold at that moment; a total of 0 or less abandons the ship. Of the
// CPV-loss steps and the two aground cases only the worst counts (ruling RC-41).
import type { Audience, Dice } from '../contract.ts'
import type { Tables } from './pack.ts'
import { gunsCanFire, type ShipState } from './ship.ts'

export interface MoraleSituation {
  canMove: boolean
  underFire: boolean
}

const STEERING = new Set(['hardPort', 'hardStarboard', 'sameCourse', 'straightAhead'])

export function moraleModifiers(
  s: ShipState,
  sit: MoraleSituation,
  move: number,
  t: Tables,
): { why: string; value: number }[] {
  const m = t.morale
  const mods: { why: string; value: number }[] = []
  const add = (why: string, value: number) => mods.push({ why, value })
  if (s.cpvLost === 0) add('lost no CPV', m.lostNoCpv!)
  else if (s.cpvLost * 3 >= s.cpvStart * 2) add('lost 2/3 of CPV', m.lostTwoThirdsCpv!)
  else if (s.cpvLost * 3 >= s.cpvStart) add('lost 1/3 of CPV', m.lostThirdCpv!)
  else add('lost CPV', m.lostAnyCpv!)
  if (s.spv >= s.pv) add('above PV', m.abovePv!)
  else add('below PV', m.belowPv!)
  if (s.captain.alive) add('captain (green)', s.captain.green)
  else add('captain dead (red)', s.captain.red)
  if (gunsCanFire(s)) add('guns can fire', m.gunsCanFire!)
  else add('unable to fire', m.unableToFire!)
  if (sit.canMove) add('can move', m.canMove!)
  else add('no speed', m.noSpeed!)
  if (s.aground) add(sit.underFire ? 'aground under fire' : 'aground', sit.underFire ? m.agroundUnderFire! : m.aground!)
  if (!sit.canMove && s.morale.includes('rammed')) add('rammed with no speed', m.rammedWithNoSpeed!)
  if (s.effects.some((e) => STEERING.has(e.kind) && (e.until === 'game' || e.until >= move)))
    add('steering jammed', m.steeringJammed!)
  return mods
}

export interface MoraleResult {
  roll: number
  mods: { why: string; value: number }[]
  total: number
  abandon: boolean
}

export function moraleTest(
  s: ShipState,
  sit: MoraleSituation,
  move: number,
  dice: Dice,
  audience: Audience,
  t: Tables,
): MoraleResult {
  const mods = moraleModifiers(s, sit, move, t)
  const roll = dice.roll(`m${move}:${s.id}:morale`, 6, audience)
  const total = roll + mods.reduce((a, b) => a + b.value, 0)
  return { roll, mods, total, abandon: total < t.morale.carryOnFrom! }
}
