// Towing a disabled friend (ruling RC-49): the rulebook names tugs that assist vessels (§7 L479) and
// towing (§7 L483-485, §9 L541) but gives no towing rule, so the digest's proposal (A49) is adopted:
// the pair moves as one rigid body at half the tow's speed, steered on the tow's own radius.
import { advance, distance, headingTo, normalise } from '../kit/geometry.ts'
import { hullPolygon } from './hull.ts'
import type { ShipOrder } from './orderTypes.ts'
import type { RiverPack } from './pack.ts'
import { gapBetween } from './shapes.ts'
import type { ShipState } from './ship.ts'
import type { RiverState } from './state.ts'
import { inches } from './units.ts'

/** Digest A49 (ruling RC-49): a tow makes at most half her own max speed, rounded down, never below 1 knot. */
export const towSpeedCap = (maxSpeed: number): number => Math.max(1, Math.floor(maxSpeed / 2))

/** Two hulls within the boarding gap of each other (ruling RC-59's "alongside"). */
export function alongside(a: ShipState, b: ShipState, pack: RiverPack): boolean {
  const hull = (s: ShipState) => {
    const c = pack.classes[s.classKey]!
    return hullPolygon(s.pose, { length: c.length, beam: c.beam })
  }
  return gapBetween(hull(a), hull(b)) <= inches(pack.tables.boarding.alongsideGapInches)
}

/** Whether a ship can take or be taken in tow: afloat, not stuck, not at anchor, not held in a ram. */
const free = (state: RiverState, s: ShipState | undefined): s is ShipState =>
  !!s &&
  s.status === 'afloat' &&
  !s.aground &&
  !s.anchored &&
  !(s.id in state.exited) &&
  !state.jams.some((j) => j.until >= state.move && (j.a === s.id || j.b === s.id))

/**
 * The tows that hold this move (ruling RC-49): towed ship id -> tow id, and what became of the tows
 * that stood (cast off, or parted because either ship is sunk, stuck, at anchor, held or gone). A new
 * tow needs the friend stopped last move and alongside; one tow a ship, and a ship in tow tows nobody.
 */
export function towPairs(state: RiverState, orders: Record<string, ShipOrder>, pack: RiverPack) {
  const pairs = new Map<string, string>()
  const ended: { tow: string; towed: string; how: 'cast off' | 'parted' }[] = []
  const ids = Object.keys(state.ships).sort()
  for (const id of ids) {
    const tow = state.ships[id]!
    const standing = tow.towing
    if (standing && orders[id]?.castOff) {
      ended.push({ tow: id, towed: standing, how: 'cast off' })
      continue
    }
    const target = orders[id]?.tow ?? standing
    if (!target) continue
    const towed = state.ships[target]
    const holds =
      free(state, tow) &&
      free(state, towed) &&
      tow.side === towed.side &&
      towed.speed === 0 &&
      !pairs.has(target) &&
      !pairs.has(id) &&
      ![...pairs.values()].includes(target) &&
      alongside(tow, towed, pack)
    if (holds) pairs.set(target, id)
    else if (standing) ended.push({ tow: id, towed: standing, how: 'parted' })
  }
  return { pairs, ended }
}

/** The towed ship is carried rigidly: she keeps her place and heading relative to the tow's reference point. */
export function carry(towBefore: ShipState['pose'], towAfter: ShipState['pose'], towed: ShipState['pose']) {
  const turned = towAfter.heading - towBefore.heading
  const r = distance(towBefore.pos, towed.pos)
  const pos = r === 0 ? towAfter.pos : advance(towAfter.pos, normalise(headingTo(towBefore.pos, towed.pos) + turned), r)
  return { pos, heading: normalise(towed.heading + turned) }
}
