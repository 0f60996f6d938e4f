// Shooting (rulebook §9 L593-657): one D6 per gun against the target number of its range band,
// less one for a small target and one for a bow or stern target, plus the captain's gunnery if he
// serves the gun; a hit removes the gun's damage in SPV, halved against angled or curved armour.
import type { Audience, Dice } from '../contract.ts'
import type { Tables } from './pack.ts'

export type RangeClass = 'howitzer' | 'smoothbore' | 'rifle'

/** The band a range falls in (ruling RC-25: the top of a band belongs to it), or null beyond long range. */
export function bandFor(range: number, cls: RangeClass, t: Tables) {
  return t.rangeBands[cls]!.find((b) => range <= b.maxInches * 1000) ?? null
}

/** §9 L615-621: an alternate-move gun that fired last move may not fire this one. */
export function readyToFire(gunType: string, lastFired: number | undefined, move: number, t: Tables): boolean {
  return !(t.guns[gunType]!.alternate && lastFired !== undefined && move - lastFired < 2)
}

/**
 * Why a gun of a ship cannot fire this move, or null: destroyed or out of action (tables 2-4), without
 * a crew (§3 L119-125), or waiting out the alternate move (§9 L615-621). Said at receipt and at the shot.
 */
export function gunBar(
  gunType: string,
  gs: { status: 'ok' | 'out' | 'destroyed'; outUntil?: number | 'game'; crewed: boolean; lastFired?: number },
  move: number,
  t: Tables,
): string | null {
  if (gs.status === 'destroyed') return 'destroyed'
  if (gs.status === 'out' && (gs.outUntil === undefined || gs.outUntil === 'game' || gs.outUntil >= move))
    return `out of action${gs.outUntil === 'game' ? ' for the game' : gs.outUntil !== undefined ? ` until move ${gs.outUntil + 1}` : ''}`
  if (!gs.crewed) return 'no crew at the gun (CREW SPARE TO <gun> puts one there, §3 L119-125)'
  if (!readyToFire(gunType, gs.lastFired, move, t))
    return `fired on move ${gs.lastFired} and fires only on alternate moves, next on move ${gs.lastFired! + 2} (§9 L615-621)`
  return null
}

export interface ShotInput {
  label: string
  gunType: string
  range: number
  smallTarget: boolean
  bowOrStern: boolean
  /** The captain's yellow score when he serves this gun (§4 L237). */
  captainBonus: number
  /** Angled or curved armour on the target (§9 L657). */
  sloped: boolean
  audience: Audience
}

export interface ShotResult {
  band: 'close' | 'medium' | 'long' | null
  roll: number | null
  modifier: number
  needed: number | null
  hit: boolean
  damage: number
  /** §9 L609: a rifled 32-pdr that rolled a 1 and then another 1 blows up. */
  burst: boolean
}

export function resolveShot(s: ShotInput, dice: Dice, t: Tables): ShotResult {
  const gun = t.guns[s.gunType]!
  const band = bandFor(s.range, gun.range, t)
  const modifier = (s.smallTarget ? t.toHit.smallTarget : 0) + (s.bowOrStern ? t.toHit.bowOrStern : 0) + s.captainBonus
  // Ruling RC-25: a gun ordered at a target beyond long range does not fire (the shot is not rolled).
  if (!band) return { band: null, roll: null, modifier, needed: null, hit: false, damage: 0, burst: false }
  const roll = dice.roll(`${s.label}:hit`, 6, s.audience)
  const hit = roll + modifier >= band.hitOn
  let burst = false
  if (gun.burstCheck && roll === 1) burst = dice.roll(`${s.label}:burst`, 6, s.audience) === 1
  const full = hit ? gun.damage : 0
  const f = t.damage.slopedArmour
  const damage = s.sloped ? Math.floor((full * f.num) / f.den) : full
  return { band: band.band, roll, modifier, needed: band.hitOn, hit, damage, burst }
}
