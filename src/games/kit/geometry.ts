// Fixed-point geometry for games on a virtual table (ships that move in inches and turn in degrees).
// Every value a game stores or decides on is an integer, and the trigonometry comes from a committed
// table rather than Math.sin, whose last bits may differ between engines: so every Node version on
// every machine folds the same state from the same log.
//
// Units: positions in thousandths of an inch (x east, y north, within +/-1,000,000 so that products
// stay exact in a double); headings in hundredths of a degree, 0 = north, clockwise, 0..35999.
// Rounding is half away from zero throughout.

export const UNITS_PER_INCH = 1000
export const FULL_CIRCLE = 36000
export const TABLE_SCALE = 65536
export const MAX_COORD = 1_000_000

export interface Point {
  x: number
  y: number
}

/** sin of each whole degree 0..90, times 65536, rounded (computed once and committed). */
const SIN_DEGREES = [
  0, 1144, 2287, 3430, 4572, 5712, 6850, 7987, 9121, 10252, 11380, 12505, 13626, 14742, 15855, 16962, 18064, 19161,
  20252, 21336, 22415, 23486, 24550, 25607, 26656, 27697, 28729, 29753, 30767, 31772, 32768, 33754, 34729, 35693, 36647,
  37590, 38521, 39441, 40348, 41243, 42126, 42995, 43852, 44695, 45525, 46341, 47143, 47930, 48703, 49461, 50203, 50931,
  51643, 52339, 53020, 53684, 54332, 54963, 55578, 56175, 56756, 57319, 57865, 58393, 58903, 59396, 59870, 60326, 60764,
  61183, 61584, 61966, 62328, 62672, 62997, 63303, 63589, 63856, 64104, 64332, 64540, 64729, 64898, 65048, 65177, 65287,
  65376, 65446, 65496, 65526, 65536,
] as const

/** Integer division rounded half away from zero. */
export function divRound(a: number, b: number): number {
  const q = Math.abs(a) * 2 + Math.abs(b)
  const r = Math.floor(q / (2 * Math.abs(b)))
  return Math.sign(a) * Math.sign(b) < 0 ? -r : r
}

function checkSafe(n: number, what: string): number {
  if (!Number.isSafeInteger(n)) throw new Error(`fixed-point ${what} out of range: ${n}`)
  return n
}

/** A heading brought into 0..35999. */
export function normalise(h: number): number {
  return ((h % FULL_CIRCLE) + FULL_CIRCLE) % FULL_CIRCLE
}

/** sin in the first quadrant (0..9000 hundredths of a degree), interpolated between whole degrees. */
function sinQuarter(h: number): number {
  const deg = Math.floor(h / 100)
  if (deg >= 90) return TABLE_SCALE
  const a = SIN_DEGREES[deg]!
  const b = SIN_DEGREES[deg + 1]!
  return a + divRound((b - a) * (h % 100), 100)
}

/** sin of a heading, times 65536. */
export function sinOf(heading: number): number {
  const h = normalise(heading)
  if (h <= 9000) return sinQuarter(h)
  if (h <= 18000) return sinQuarter(18000 - h)
  if (h <= 27000) return -sinQuarter(h - 18000)
  return -sinQuarter(36000 - h)
}

/** cos of a heading, times 65536. */
export function cosOf(heading: number): number {
  return sinOf(heading + 9000)
}

export const add = (a: Point, b: Point): Point => ({ x: a.x + b.x, y: a.y + b.y })
export const sub = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y })
/** A vector scaled by num/den, rounded. */
export const scale = (v: Point, num: number, den: number): Point => ({
  x: divRound(v.x * num, den),
  y: divRound(v.y * num, den),
})

/** Exact integer square root (floor). */
export function isqrt(n: number): number {
  checkSafe(n, 'square')
  if (n < 0) throw new Error('isqrt of a negative number')
  if (n < 2) return n
  let x = Math.floor(Math.sqrt(n))
  // Math.sqrt is exact enough to start from; settle the last unit with integers.
  while (x * x > n) x--
  while ((x + 1) * (x + 1) <= n) x++
  return x
}

export function distanceSquared(a: Point, b: Point): number {
  const d = sub(b, a)
  return checkSafe(d.x * d.x + d.y * d.y, 'distance')
}

/** Distance, rounded to the nearest unit. */
export function distance(a: Point, b: Point): number {
  const s = distanceSquared(a, b)
  const r = isqrt(s)
  // Round to nearest: compare with the midpoint (r + 1/2)^2 = r^2 + r + 1/4.
  return s - r * r > r ? r + 1 : r
}

/** The point `dist` units from `p` along `heading`. */
export function advance(p: Point, heading: number, dist: number): Point {
  return {
    x: p.x + divRound(dist * sinOf(heading), TABLE_SCALE),
    y: p.y + divRound(dist * cosOf(heading), TABLE_SCALE),
  }
}

/** The heading from `a` to `b` (0 when they coincide), found by bisection on the table. */
export function headingTo(a: Point, b: Point): number {
  const d = sub(b, a)
  if (d.x === 0 && d.y === 0) return 0
  const ax = Math.abs(d.x)
  const ay = Math.abs(d.y)
  // The angle q in 0..9000 from north toward east with tan q = ax / ay: the largest q with sin q * ay <= cos q * ax.
  let lo = 0
  let hi = 9000
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (sinOf(mid) * ay <= cosOf(mid) * ax) lo = mid
    else hi = mid - 1
  }
  // Take the nearer of lo and lo + 1.
  const err = (q: number) => Math.abs(sinOf(q) * ay - cosOf(q) * ax)
  const q = lo < 9000 && err(lo + 1) < err(lo) ? lo + 1 : lo
  if (d.x >= 0 && d.y >= 0) return q
  if (d.x >= 0) return normalise(18000 - q)
  if (d.y < 0) return normalise(18000 + q)
  return normalise(36000 - q)
}

/** A heading turned by a signed angle (positive to starboard, clockwise). */
export const turn = (heading: number, by: number): number => normalise(heading + by)

/** The signed smallest angle from `a` to `b`, in -17999..18000. */
export function angleDiff(a: number, b: number): number {
  const d = normalise(b - a)
  return d > 18000 ? d - FULL_CIRCLE : d
}

export type Arc = 'bow' | 'starboard' | 'stern' | 'port'

/**
 * Where `target` lies as seen from a ship at `from` heading `heading`: within `bowHalf` of the bow,
 * within `sternHalf` of the stern, else on the beam to starboard or port.
 */
export function arcOf(from: Point, heading: number, target: Point, bowHalf: number, sternHalf: number): Arc {
  const rel = angleDiff(heading, headingTo(from, target))
  if (Math.abs(rel) <= bowHalf) return 'bow'
  if (Math.abs(rel) >= 18000 - sternHalf) return 'stern'
  return rel > 0 ? 'starboard' : 'port'
}

/** Sign of the turn a -> b -> c: 1 counterclockwise, -1 clockwise, 0 in line. */
export function orientation(a: Point, b: Point, c: Point): number {
  return Math.sign(checkSafe((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x), 'cross product'))
}

function onSegment(a: Point, b: Point, p: Point): boolean {
  return (
    orientation(a, b, p) === 0 &&
    Math.min(a.x, b.x) <= p.x &&
    p.x <= Math.max(a.x, b.x) &&
    Math.min(a.y, b.y) <= p.y &&
    p.y <= Math.max(a.y, b.y)
  )
}

/** Whether segments ab and cd meet (touching and overlapping in line count). */
export function segmentsIntersect(a: Point, b: Point, c: Point, d: Point): boolean {
  const o1 = orientation(a, b, c)
  const o2 = orientation(a, b, d)
  const o3 = orientation(c, d, a)
  const o4 = orientation(c, d, b)
  if (o1 !== o2 && o3 !== o4 && o1 * o2 <= 0 && o3 * o4 <= 0) return true
  return onSegment(a, b, c) || onSegment(a, b, d) || onSegment(c, d, a) || onSegment(c, d, b)
}

/** Whether `p` is inside a polygon (its boundary counts as inside). */
export function pointInPolygon(p: Point, polygon: Point[]): boolean {
  let inside = false
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!
    const b = polygon[j]!
    if (onSegment(a, b, p)) return true
    // Ray to the east: count the edges it crosses, each edge half-open at its upper end.
    if (a.y > p.y !== b.y > p.y) {
      const cross = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
      if (b.y > a.y ? cross > 0 : cross < 0) inside = !inside
    }
  }
  return inside
}

/**
 * Whether the boxes around two sets of points meet (touching counts). Shapes whose boxes do not meet
 * cannot touch, so the exact tests below, which look at every pair of edges, are asked only of
 * shapes that are near each other.
 */
export function boxesMeet(a: readonly Point[], b: readonly Point[]): boolean {
  const [ax0, ay0, ax1, ay1] = boxOf(a)
  const [bx0, by0, bx1, by1] = boxOf(b)
  return ax0 <= bx1 && bx0 <= ax1 && ay0 <= by1 && by0 <= ay1
}

function boxOf(points: readonly Point[]): [number, number, number, number] {
  let x0 = Infinity
  let y0 = Infinity
  let x1 = -Infinity
  let y1 = -Infinity
  for (const p of points) {
    if (p.x < x0) x0 = p.x
    if (p.x > x1) x1 = p.x
    if (p.y < y0) y0 = p.y
    if (p.y > y1) y1 = p.y
  }
  return [x0, y0, x1, y1]
}

/** Whether a segment touches or enters a polygon. */
export function segmentHitsPolygon(a: Point, b: Point, polygon: Point[]): boolean {
  if (!boxesMeet([a, b], polygon)) return false
  if (pointInPolygon(a, polygon) || pointInPolygon(b, polygon)) return true
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++)
    if (segmentsIntersect(a, b, polygon[j]!, polygon[i]!)) return true
  return false
}

/** Whether the line from `a` to `b` is clear of every obstacle. */
export function lineOfSight(a: Point, b: Point, obstacles: Point[][]): boolean {
  return !obstacles.some((o) => segmentHitsPolygon(a, b, o))
}

/** Distance from `p` to the segment ab, rounded. */
export function distanceToSegment(p: Point, a: Point, b: Point): number {
  const ab = sub(b, a)
  const len2 = ab.x * ab.x + ab.y * ab.y
  if (len2 === 0) return distance(p, a)
  const t = (p.x - a.x) * ab.x + (p.y - a.y) * ab.y
  if (t <= 0) return distance(p, a)
  if (t >= len2) return distance(p, b)
  // The perpendicular distance is |cross| / |ab|.
  const cross = Math.abs(ab.x * (p.y - a.y) - ab.y * (p.x - a.x))
  const len = isqrt(len2)
  return divRound(cross, len)
}

/** A ship's hull as a rectangle: its centre, heading, length and beam. */
export function hull(centre: Point, heading: number, length: number, beam: number): Point[] {
  const bow = advance(centre, heading, divRound(length, 2))
  const stern = advance(centre, heading + 18000, divRound(length, 2))
  const half = divRound(beam, 2)
  return [
    advance(bow, heading + 9000, half),
    advance(stern, heading + 9000, half),
    advance(stern, heading - 9000, half),
    advance(bow, heading - 9000, half),
  ]
}

/** Whether two convex polygons overlap (touching counts), by the separating axis test on integer projections. */
export function polygonsOverlap(p: Point[], q: Point[]): boolean {
  if (!boxesMeet(p, q)) return false
  for (const poly of [p, q])
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
      const axis = { x: -(poly[i]!.y - poly[j]!.y), y: poly[i]!.x - poly[j]!.x }
      const project = (pts: Point[]) => pts.map((v) => v.x * axis.x + v.y * axis.y)
      const a = project(p)
      const b = project(q)
      if (Math.max(...a) < Math.min(...b) || Math.max(...b) < Math.min(...a)) return false
    }
  return true
}

/** A move split into `n` sub-steps whose positions land exactly on the end (no drift). */
export function subSteps(from: Point, to: Point, n: number): Point[] {
  if (!Number.isInteger(n) || n < 1) throw new Error('sub-steps: a whole number of at least 1')
  const d = sub(to, from)
  return Array.from({ length: n }, (_, i) => add(from, scale(d, i + 1, n)))
}
