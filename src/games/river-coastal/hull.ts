// A ship's footprint on the virtual table (digest §3.2): a rectangle of hull length and beam whose
// bow corners are drawn in to a stem, so that the front 15% is a pointed ram zone. The reference
// point the rulebook measures from (§7 L427, smokestack or pilot house) is the hull's centre.
import { advance, divRound, type Point } from '../kit/geometry.ts'

/** Where a ship is: its reference point and heading (kit units). */
export interface Pose {
  pos: Point
  heading: number
}

export interface HullSize {
  length: number
  beam: number
}

/** The bow zone's share of the hull length, in hundredths (digest §3.2). */
const BOW_ZONE_PERCENT = 15

const stemOf = (p: Pose, h: HullSize) => advance(p.pos, p.heading, divRound(h.length, 2))
const sternOf = (p: Pose, h: HullSize) => advance(p.pos, p.heading + 18000, divRound(h.length, 2))
/** The point on the keel where the bow zone begins. */
const shoulderOf = (p: Pose, h: HullSize) =>
  advance(p.pos, p.heading, divRound(h.length, 2) - divRound(h.length * BOW_ZONE_PERCENT, 100))

/** The hull outline, a convex pentagon clockwise from the stem. */
export function hullPolygon(p: Pose, h: HullSize): Point[] {
  const half = divRound(h.beam, 2)
  const shoulder = shoulderOf(p, h)
  const stern = sternOf(p, h)
  return [
    stemOf(p, h),
    advance(shoulder, p.heading + 9000, half),
    advance(stern, p.heading + 9000, half),
    advance(stern, p.heading - 9000, half),
    advance(shoulder, p.heading - 9000, half),
  ]
}

/** The ram zone: the triangle of stem and shoulders. */
export function bowZone(p: Pose, h: HullSize): Point[] {
  const hull = hullPolygon(p, h)
  return [hull[0]!, hull[1]!, hull[4]!]
}

/** The three points sighted and ranged on (digest §3.7): stem, reference point, stern. */
export function samplePoints(p: Pose, h: HullSize): { bow: Point; ref: Point; stern: Point } {
  return { bow: stemOf(p, h), ref: p.pos, stern: sternOf(p, h) }
}
