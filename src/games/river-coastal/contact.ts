// Classifying a contact between two hulls (rulebook §11 L985-987, digest §3.6): a bow that meets
// the other hull at 45-90 degrees rams and both ships stop; a shallower bow contact slides along the
// other's side; two hulls meeting with no bow in it collide side to side, and the faster slides.
import { normalise, polygonsOverlap } from '../kit/geometry.ts'
import { bowZone, type HullSize, hullPolygon, type Pose } from './hull.ts'

export interface Contender {
  id: string
  pose: Pose
  hull: HullSize
  /** Ordered water speed, knots (sign = ahead or astern). */
  speed: number
}

export type ContactKind = 'ram' | 'slide' | 'collision'

export interface ContactClass {
  kind: ContactKind
  /** The ship whose bow struck (ram, slide) or the faster one (collision): the one that slides. */
  striker: string
  other: string
  /** The acute angle between the two keels, hundredths of a degree (0..9000). */
  angle: number
}

/** The acute angle between two keel lines (0..9000). */
export function keelAngle(a: number, b: number): number {
  const d = normalise(a - b) % 18000
  return Math.min(d, 18000 - d)
}

/** The faster ship, ties to the lower id: the rulebook moves the fastest ship first (§7 L431). */
const faster = (a: Contender, b: Contender) =>
  Math.abs(a.speed) > Math.abs(b.speed) || (Math.abs(a.speed) === Math.abs(b.speed) && a.id < b.id) ? a : b

export function classifyContact(a: Contender, b: Contender, minRamAngle: number): ContactClass {
  const aBow = polygonsOverlap(bowZone(a.pose, a.hull), hullPolygon(b.pose, b.hull))
  const bBow = polygonsOverlap(bowZone(b.pose, b.hull), hullPolygon(a.pose, a.hull))
  const angle = keelAngle(a.pose.heading, b.pose.heading)
  if (!aBow && !bBow) {
    const s = faster(a, b)
    return { kind: 'collision', striker: s.id, other: s === a ? b.id : a.id, angle }
  }
  const s = aBow && bBow ? faster(a, b) : aBow ? a : b
  return { kind: angle >= minRamAngle ? 'ram' : 'slide', striker: s.id, other: s === a ? b.id : a.id, angle }
}

/** The heading along the other ship's keel nearer to the slider's own (digest §3.6 step 4). */
export function slideHeading(own: number, otherKeel: number): number {
  const d = normalise(own - otherKeel)
  return d <= 9000 || d >= 27000 ? normalise(otherKeel) : normalise(otherKeel + 18000)
}
