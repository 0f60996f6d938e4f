// The current as a vector (digest §3.4, ruling RC-10): it always sets downstream (toward y = 0),
// with the speed of the zone the reference point is in; the scenario's zones are checked in order.
// Added as a vector, it gives the rulebook's "add the current going downstream, take it off going
// upstream" (§7 L459) and sets a ship crossing the river downstream as it should.
import { type Point, pointInPolygon } from '../kit/geometry.ts'

export interface CurrentZone {
  knots: number
  polygon: Point[]
}

/** Knots of current at a point (0 outside every zone). */
export function currentAt(zones: CurrentZone[], p: Point): number {
  return zones.find((z) => pointInPolygon(p, z.polygon))?.knots ?? 0
}

export interface DriftRule {
  /** Ordered water speed this move (0 = not under way). */
  speed: number
  spv: number
  /** Anchored, docked or aground: held in place. */
  held: boolean
  /** §7 L463: from this SPV a drifting ship takes half the current (ruling RC-15: exactly 80 counts). */
  halfFromSpv: number
}

/**
 * The current's displacement over one whole move, table units. Under way: the full current. Stopped
 * and not held: drifting, at half the current from `halfFromSpv` SPV up (§7 L463, ruling RC-15).
 */
export function driftPerMove(knots: number, rule: DriftRule): Point {
  if (rule.held || knots === 0) return { x: 0, y: 0 }
  const full = knots * 1000
  const amount = rule.speed === 0 && rule.spv >= rule.halfFromSpv ? Math.floor(full / 2) : full
  return { x: 0, y: -amount }
}
