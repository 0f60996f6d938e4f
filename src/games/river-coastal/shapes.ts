// Shape tests the kit does not have: polygons that may be concave (banks, shoals) against a hull,
// and the gap between two shapes (the 1" shore buffer of §8 L501).
import { boxesMeet, distanceToSegment, type Point, pointInPolygon, segmentsIntersect } from '../kit/geometry.ts'

const edges = (poly: Point[]): [Point, Point][] => poly.map((p, i) => [poly[(i + poly.length - 1) % poly.length]!, p])

/** Whether two simple polygons (either may be concave) touch or overlap. */
export function shapesTouch(a: Point[], b: Point[]): boolean {
  if (!boxesMeet(a, b)) return false
  if (a.some((p) => pointInPolygon(p, b)) || b.some((p) => pointInPolygon(p, a))) return true
  for (const [p, q] of edges(a)) for (const [r, s] of edges(b)) if (segmentsIntersect(p, q, r, s)) return true
  return false
}

/** The least distance between two polygons' outlines, 0 when they touch (table units). */
export function gapBetween(a: Point[], b: Point[]): number {
  if (shapesTouch(a, b)) return 0
  let best = Number.MAX_SAFE_INTEGER
  for (const p of a) for (const [r, s] of edges(b)) best = Math.min(best, distanceToSegment(p, r, s))
  for (const p of b) for (const [r, s] of edges(a)) best = Math.min(best, distanceToSegment(p, r, s))
  return best
}

/** The mean of a polygon's corners: where a fort's guns and look-outs stand (ruling RC-50). */
export const centreOf = (poly: Point[]): Point => ({
  x: Math.round(poly.reduce((a, p) => a + p.x, 0) / poly.length),
  y: Math.round(poly.reduce((a, p) => a + p.y, 0) / poly.length),
})
