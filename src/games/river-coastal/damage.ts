// The damage pipeline (rulebook §9 L707-803): SPV comes off; at 0 the ship sinks; while SPV is
// below PV every hit also rolls two dice on the critical tables 1-6 (ruling RC-32: the hit that
// takes SPV below PV rolls too). Flooding sinks a ship whose draught has grown by half (L801).
import type { Audience, Dice } from '../contract.ts'
import type { GunMount } from './derive.ts'
import type { Tables } from './pack.ts'
import type { CRITICAL_EFFECTS } from './packSchema.ts'
import type { Effect, ShipState } from './ship.ts'

export type CriticalEffect = (typeof CRITICAL_EFFECTS)[number]

export interface Critical {
  table: number
  result: number
  effect: CriticalEffect | null
}

export interface HitContext {
  label: string
  move: number
  guns: GunMount[]
  audience: Audience
}

const timed = (move: number, moves: number, ship: ShipState): number | 'game' =>
  // §9 L717: with no CPV free to repair, damage lasts for the rest of the game.
  ship.crew.spare > 0 ? move + moves : 'game'

/** Removes `n` CPV by the standing priority (digest §4.5): spares, gun crews from the last gun, boiler, engine. */
export function loseCpv(ship: ShipState, n: number, guns: GunMount[]): ShipState {
  const s: ShipState = structuredClone(ship)
  for (let i = 0; i < n; i++) {
    const crewed = [...guns].reverse().find((g) => s.guns[g.id]?.crewed)
    if (s.crew.spare > 0) s.crew.spare--
    else if (crewed) {
      s.guns[crewed.id]!.crewed = false
      // Ruling RC-53: the captain serving that gun falls with its crew.
      if (s.captain.atGun === crewed.id && s.captain.alive) {
        s.captain.alive = false
        s.morale.push('captainKilled')
      }
    } else if (s.crew.boiler > 0 || s.crew.engine > 0) {
      if (s.crew.boiler > 0) s.crew.boiler--
      else s.crew.engine--
      // §10 L927: with no one at the boiler or the engine the ship has no speed left.
      if (!s.morale.includes('noSpeed')) s.morale.push('noSpeed')
    } else break
    s.cpvLost++
  }
  if (n > 0 && !s.morale.includes('cpvLost')) s.morale.push('cpvLost')
  return s
}

function pickGun(ship: ShipState, ctx: HitContext, dice: Dice): string | null {
  const working = ctx.guns.filter((g) => ship.guns[g.id]!.status === 'ok')
  // Note A (§9 L741): hits fall on different guns while any is still working; the one gun otherwise.
  const pool = working.length ? working : ctx.guns.filter((g) => ship.guns[g.id]!.status === 'out')
  if (!pool.length) return null
  return pool.length === 1 ? pool[0]!.id : pool[dice.roll(`${ctx.label}:gun`, pool.length, ctx.audience) - 1]!.id
}

function gunOut(ship: ShipState, gun: string, move: number, lasting: boolean): void {
  const g = ship.guns[gun]!
  if (lasting) g.outUntil = 'game'
  else if (g.status === 'out' && typeof g.outUntil === 'number')
    g.outUntil += 4 // note A: a second hit adds 4 moves
  else if (g.outUntil !== 'game') g.outUntil = timed(move, 4, ship)
  g.status = 'out'
}

export function applyCritical(ship: ShipState, effect: CriticalEffect, ctx: HitContext, dice: Dice): ShipState {
  let s: ShipState = structuredClone(ship)
  const add = (e: Effect) => s.effects.push(e)
  const m = ctx.move
  switch (effect) {
    case 'gunOut4':
    case 'gunOutGame':
    case 'gunDestroyed': {
      const gun = pickGun(s, ctx, dice)
      if (!gun) break
      if (effect === 'gunDestroyed') s.guns[gun]!.status = 'destroyed'
      else gunOut(s, gun, m, effect === 'gunOutGame')
      if (!Object.values(s.guns).some((g) => g.status === 'ok')) s.morale.push('noArmament')
      break
    }
    case 'hardStarboard4':
    case 'hardPort4':
    case 'sameCourse4':
    case 'straightAhead4':
    case 'sameCourseGame': {
      const kind = { hardStarboard4: 'hardStarboard', hardPort4: 'hardPort', sameCourse4: 'sameCourse' }[
        effect as string
      ] as Effect['kind'] | undefined
      add({
        kind: kind ?? (effect === 'straightAhead4' ? 'straightAhead' : 'sameCourse'),
        until: effect === 'sameCourseGame' ? 'game' : timed(m, 4, s),
      })
      s.morale.push('steeringJammed')
      break
    }
    case 'speedMinus1For4':
      add({ kind: 'speedMinus', amount: 1, until: timed(m, 4, s) })
      break
    case 'maxSpeedMinus2For4':
      add({ kind: 'maxSpeedMinus', amount: 2, until: timed(m, 4, s) })
      break
    case 'maxSpeedMinus2Game':
      add({ kind: 'maxSpeedMinus', amount: 2, until: 'game' })
      break
    case 'boilerDestroyed':
      add({ kind: 'boilerDestroyed', until: 'game' })
      s.morale.push('noSpeed')
      break
    case 'loseCpv1':
    case 'loseCpv2':
    case 'loseCpv3':
      s = loseCpv(s, Number(effect.at(-1)), ctx.guns)
      break
    case 'fire6':
    case 'fire56':
      s.fire = { movesLeft: 4, putOutOn: effect === 'fire6' ? [6] : [5, 6] }
      break
    case 'captainKilled':
      if (s.captain.alive) s.captain.alive = false
      else s = loseCpv(s, 4, ctx.guns) // §9 L795: with the captain already dead, 4 CPV go instead
      s.morale.push('captainKilled')
      break
    case 'draughtPlus1':
    case 'draughtPlus2':
      s.draught += effect === 'draughtPlus1' ? 10 : 20
      break
    case 'magazineExplodes':
      s.status = 'exploded'
      break
  }
  return s
}

export interface HitOutcome {
  ship: ShipState
  criticals: Critical[]
}

/** Applies one hit's damage and, below PV, its critical roll (first die the table, second the result). */
export function applyHit(ship: ShipState, damage: number, ctx: HitContext, dice: Dice, t: Tables): HitOutcome {
  let s: ShipState = { ...ship, spv: Math.max(0, ship.spv - damage) }
  const criticals: Critical[] = []
  if (s.spv === 0) return { ship: { ...s, status: 'sunk' }, criticals }
  if (s.spv < s.pv) {
    if (ship.spv >= ship.pv) s.morale = [...s.morale, 'belowPv']
    const table = dice.roll(`${ctx.label}:critTable`, 6, ctx.audience)
    const result = dice.roll(`${ctx.label}:critResult`, 6, ctx.audience)
    const row = t.criticals[String(table) as '1']! as Record<string, string>
    const effect = (row[String(result)] ?? null) as CriticalEffect | null
    criticals.push({ table, result, effect })
    if (effect) s = applyCritical(s, effect, ctx, dice)
  }
  return { ship: floodCheck(s, t), criticals }
}

/** §9 L801 ruling RC-36: a ship sinks once its draught reaches 1.5 times its starting draught. */
export function floodCheck(s: ShipState, t: Tables): ShipState {
  const f = t.damage.floodingSinks
  if (s.status === 'afloat' && s.draught * f.den >= s.draughtStart * f.num) return { ...s, status: 'sunk' }
  return s
}
