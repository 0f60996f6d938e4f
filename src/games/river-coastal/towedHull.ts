// The ship in tow on the way (ruling RC-72, after RC-49): the pair is one rigid body, so at each
// increment the tow takes, the towed hull is carried to her new place and tested there as any moving
// hull is (movement.ts): the table edge, the land, a spar chain, and every other hull afloat. What she
// meets stops the pair; the caller applies it. Shoals, stakes, wrecks and minefields are entered by
// the caller's hazard test once the increment is taken, as for any ship.
import type { Point } from '../kit/geometry.ts'
import { type ContactClass, type Contender, classifyContact } from './contact.ts'
import { type HullSize, hullPolygon, type Pose } from './hull.ts'
import { shapesTouch } from './shapes.ts'
import { carry } from './towing.ts'

export interface CarriedHull {
  id: string
  pose: Pose
  hull: HullSize
}

export type CarriedStep =
  | { kind: 'clear'; pose: Pose }
  | { kind: 'edge'; pose: Pose }
  | { kind: 'land'; land: string }
  | { kind: 'chain'; chain: string }
  | { kind: 'hull'; other: string; contact: ContactClass }

export interface CarryTable {
  land: { id: string; polygon: Point[] }[]
  chains: { id: string; polygon: Point[] }[]
  /** Whether a point is off the table. */
  off: (p: Point) => boolean
}

/**
 * Where the towed hull goes when the tow steps from `towBefore` to `towNext`, and what it meets there.
 * `others` are the hulls afloat other than the pair. The towed ship has no way of her own (RC-49), so a
 * bow contact she would strike is only a collision (no ram, no slide): she cannot ram, and the line
 * holds her to the tow's course.
 */
export function carriedStep(
  towBefore: Pose,
  towNext: Pose,
  towed: CarriedHull,
  others: Contender[],
  table: CarryTable,
  towSpeed: number,
  minRamAngle: number,
): CarriedStep {
  const pose = carry(towBefore, towNext, towed.pose)
  if (table.off(pose.pos)) return { kind: 'edge', pose }
  const hull = hullPolygon(pose, towed.hull)
  const land = table.land.find((l) => shapesTouch(hull, l.polygon))
  if (land) return { kind: 'land', land: land.id }
  // Ruling RC-19: a chain is met before it is crossed; the towed ship may not try it (RC-74).
  const was = hullPolygon(towed.pose, towed.hull)
  const chain = table.chains.find((c) => shapesTouch(hull, c.polygon) && !shapesTouch(was, c.polygon))
  if (chain) return { kind: 'chain', chain: chain.id }
  const hit = others.find((o) => shapesTouch(hull, hullPolygon(o.pose, o.hull)))
  if (!hit) return { kind: 'clear', pose }
  const c = classifyContact({ ...towed, pose, speed: towSpeed }, hit, minRamAngle)
  const contact: ContactClass = c.striker === towed.id ? { ...c, kind: 'collision' } : c
  return { kind: 'hull', other: hit.id, contact }
}
