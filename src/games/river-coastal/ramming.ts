// Ramming (rulebook §11 L975-1111). A ram attack ordered in advance must pass a test first, by the
// class matrix; the damage is a factor by speed times a number of dice (ruling RC-44), one die more
// for a controlled ram, halved for a ship with no ram; the rammer then rolls for what the blow did to
// her, and at 8 knots and over the two may lock together.
import type { Audience, Dice } from '../contract.ts'
import { applyCritical, type CriticalEffect, type HitContext, loseCpv } from './damage.ts'
import type { RamClass } from './derive.ts'
import type { Tables } from './pack.ts'
import type { ShipState } from './ship.ts'

/** The matrix cell (§11 L1009-1041): null = no test ('-', ruling RC-40), 'ifLostCpv', or the test's modifier. */
export function ramTestCell(attacker: RamClass, target: RamClass, t: Tables): number | 'ifLostCpv' | null {
  return t.ramming.test[attacker]?.[target] ?? null
}

export interface RamTest {
  tested: boolean
  roll?: number
  total?: number
  pass: boolean
  reason: string
}

export function ramTest(
  rammer: ShipState,
  rammerClass: RamClass,
  hasRam: boolean,
  target: ShipState,
  targetClass: RamClass,
  dice: Dice,
  label: string,
  audience: Audience,
  t: Tables,
): RamTest {
  // §11 L1043: a ship whose captain is dead fails outright.
  if (!rammer.captain.alive) return { tested: false, pass: false, reason: 'captain killed' }
  const cell = ramTestCell(rammerClass, targetClass, t)
  if (cell === null) return { tested: false, pass: true, reason: 'no test for this pairing' }
  if (cell === 'ifLostCpv' && rammer.cpvLost === 0) return { tested: false, pass: true, reason: 'no CPV lost' }
  const m = t.ramming.testMods
  const mods = [
    typeof cell === 'number' ? cell : 0,
    rammer.cpvLost === 0 ? m.lostNoCpv! : m.lostAnyCpv!,
    rammer.captain.yellow,
    rammer.spv >= rammer.pv ? m.abovePv! : m.belowPv!,
    rammer.firedOnBy.includes(target.id) ? m.firedOnByTarget! : 0,
    hasRam ? 0 : m.noRam!,
  ]
  const roll = dice.roll(label, 6, audience)
  const total = roll + mods.reduce((a, b) => a + b, 0)
  return { tested: true, roll, total, pass: total >= m.passFrom!, reason: 'tested' }
}

const bandOf = <B extends { minSpeed: number; maxSpeed: number }>(rows: B[], speed: number) =>
  rows.find((r) => Math.abs(speed) >= r.minSpeed && Math.abs(speed) <= r.maxSpeed)

/** §11 L1063-1081: factor x the sum of the dice; one die more if controlled; halved without a ram. */
export function ramDamage(
  speed: number,
  controlled: boolean,
  hasRam: boolean,
  dice: Dice,
  label: string,
  audience: Audience,
  t: Tables,
) {
  const row = bandOf(t.ramming.damage, speed)
  if (!row) return { dice: [] as number[], damage: 0 }
  const n = row.dice + (controlled ? t.ramming.controlledExtraDice : 0)
  const rolled = Array.from({ length: n }, (_, i) => dice.roll(`${label}:d${i + 1}`, 6, audience))
  const full = row.factor * rolled.reduce((a, b) => a + b, 0)
  const f = t.ramming.noRamDamage
  return { dice: rolled, damage: hasRam ? full : Math.floor((full * f.num) / f.den) }
}

/** The rammed ship's damage: at 0 SPV she sinks; below PV she rolls table 6, where a 6 sinks her (§11 L1067-1071). */
export function applyRamDamage(target: ShipState, damage: number, ctx: HitContext, dice: Dice): ShipState {
  let s: ShipState = { ...target, spv: Math.max(0, target.spv - damage), morale: [...target.morale, 'rammed'] }
  if (s.spv === 0) return { ...s, status: 'sunk' }
  if (s.spv < s.pv) {
    if (target.spv >= target.pv) s.morale.push('belowPv')
    const r = dice.roll(`${ctx.label}:table6`, 6, ctx.audience)
    if (r === 6) return { ...s, status: 'sunk' }
    const effect = ({ 2: 'draughtPlus1', 4: 'fire56', 5: 'draughtPlus2' } as Record<number, CriticalEffect>)[r]
    if (effect) s = applyCritical(s, effect, ctx, dice)
  }
  return s
}

export type RammerEffect = 'loseRam20' | 'loseRam30' | 'loseRam40' | 'loseStack' | 'steamPipe' | 'locked' | null

export function rammerEffect(speed: number, dice: Dice, label: string, audience: Audience, t: Tables): RammerEffect {
  const row = bandOf(t.ramming.onRammer, speed) as Record<string, unknown> | undefined
  if (!row) return null
  const r = dice.roll(label, 6, audience)
  return (row[String(r)] as RammerEffect | undefined) ?? null
}

/** What the blow did to the rammer (§11 L1083-1101). `jam` = moves the pair stays locked (0 = released). */
export function applyRammerEffect(
  rammer: ShipState,
  effect: RammerEffect,
  hasRam: boolean,
  ctx: HitContext,
  dice: Dice,
  t: Tables,
) {
  let s: ShipState = structuredClone(rammer)
  let jam = 0
  if (effect === 'loseRam20' || effect === 'loseRam30' || effect === 'loseRam40') {
    if (hasRam) s.ramLost = true
    else s.spv = Math.max(0, s.spv - Number(effect.slice(-2)))
    if (s.spv === 0) s.status = 'sunk'
  } else if (effect === 'loseStack') s.effects.push({ kind: 'maxSpeedMinus', amount: 2, until: 'game' })
  else if (effect === 'steamPipe') {
    s = loseCpv(s, 2, ctx.guns)
    s.effects.push({ kind: 'speedMinus', amount: 2, until: ctx.move + 4 })
  } else if (effect === 'locked') jam = t.ramming.jam[String(dice.roll(`${ctx.label}:jam`, 6, ctx.audience)) as '1']!
  return { ship: s, jam }
}
