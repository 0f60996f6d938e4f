// Line of sight, arcs of fire, range and aspect (rulebook §9 L537, L595-601, L625, L641-649;
// digest §3.7-3.8). A target is seen if any of its stem, reference point or stern is in sight;
// a gun ranges on the nearest of those points inside its arc.
import { angleDiff, distance, headingTo, lineOfSight, type Point } from '../kit/geometry.ts'
import type { Quadrant } from './derive.ts'
import { type HullSize, hullPolygon, type Pose, samplePoints } from './hull.ts'

export interface Sighted {
  id: string
  pose: Pose
  hull: HullSize
  spv: number
}

export interface SightRules {
  /** min(50", fog visibility), table units. */
  maxRange: number
  /** Smoke clouds (smoke.ts): each blocks the sight of all but its maker. */
  smoke?: { owner: string; polygon: Point[] }[]
}

/** Whether `observer` sees `target`: within range and clear of land and of ships at least as large (ruling RC-21). */
export function canSee(
  observer: Sighted,
  target: Sighted,
  others: Sighted[],
  land: Point[][],
  rules: SightRules,
): boolean {
  const screens = others
    .filter((o) => o.id !== observer.id && o.id !== target.id && o.spv >= target.spv)
    .map((o) => hullPolygon(o.pose, o.hull))
  const smoke = (rules.smoke ?? [])
    .filter((c) => c.owner !== observer.id && c.owner !== target.id)
    .map((c) => c.polygon)
  const blockers = [...land, ...screens, ...smoke]
  return Object.values(samplePoints(target.pose, target.hull)).some(
    (p) => distance(observer.pose.pos, p) <= rules.maxRange && lineOfSight(observer.pose.pos, p, blockers),
  )
}

/** Relative bearing of a point from a ship's bow, -17999..18000 (port negative). */
export const bearingFrom = (from: Pose, p: Point): number => angleDiff(from.heading, headingTo(from.pos, p))

/** The quadrant of a relative bearing (turret arcs, §9 L643): F -45..45, S 45..135, A beyond 135, P -135..-45. */
export function quadrantOf(bearing: number): Quadrant {
  if (Math.abs(bearing) <= 4500) return 'F'
  if (Math.abs(bearing) >= 13500) return 'A'
  return bearing > 0 ? 'S' : 'P'
}

export type Arc = { kind: 'sector'; centre: number; half: number } | { kind: 'quadrant'; facing: Quadrant }

/** Whether a relative bearing lies in an arc: a sector about a centre line, or a turret's quadrant. */
export function inArc(arc: Arc, bearing: number): boolean {
  if (arc.kind === 'quadrant') return quadrantOf(bearing) === arc.facing
  return Math.abs(angleDiff(arc.centre, bearing)) <= arc.half
}

/** Range from the firer's reference point to the nearest target point inside the arc, or null if none is. */
export function rangeInArc(firer: Pose, arc: Arc, target: Pose, hull: HullSize): number | null {
  const inside = Object.values(samplePoints(target, hull)).filter((p) => inArc(arc, bearingFrom(firer, p)))
  if (!inside.length) return null
  return Math.min(...inside.map((p) => distance(firer.pos, p)))
}

/** Bow or stern on (§9 L625): the firer lies within `cone` of the target's bow or stern line (ruling RC-28). */
export function bowOrSternOn(target: Pose, firer: Point, cone: number): boolean {
  const phi = Math.abs(angleDiff(target.heading, headingTo(target.pos, firer)))
  return phi <= cone || phi >= 18000 - cone
}

const ORDER: Quadrant[] = ['F', 'S', 'A', 'P']
/** Quarter turns between two turret facings (0..2). */
export function quadrantSteps(a: Quadrant, b: Quadrant): number {
  const d = Math.abs(ORDER.indexOf(a) - ORDER.indexOf(b))
  return Math.min(d, 4 - d)
}

/** §9 L643-645 (ruling RC-29): a turret turns one quadrant per inch moved; it cannot face a forbidden quadrant. */
export function turretCanFace(
  from: Quadrant,
  to: Quadrant,
  moved: number,
  forbidden: Quadrant[],
  perInch: number,
): boolean {
  return !forbidden.includes(to) && quadrantSteps(from, to) <= Math.floor((moved * perInch) / 1000)
}
