// The helm of a ship steered by the judge (digest §4.4, ruling RC-54): given a goal (a point to
// reach, perhaps a heading and speed to match there), choose this move's speed and one turn within
// the rules a player's order obeys (§7 L441: two knots of change, no astern; §7 L471: the class
// radius), then look along the plotted track, set by the current, in half-inch steps and refuse any course that would
// take her ashore, into the 1" shore margin, onto a shoal she draws too much for, onto stakes, into
// a minefield she knows of (a Reckless captain ignores them, §4 L175), off a side of the table, or
// against another hull her side knows of (ruling RC-62): friends where their ordered speed carries
// them along their heading, enemies where they were last seen, less any she is ordered to ram.
// A ship with a friend in tow looks ahead for the towed hull too, carried with her (ruling RC-72).
// A refused course gives way to the sharpest turns either side, then to less speed.
import { advance, angleDiff, distance, normalise, type Point, pointInPolygon } from '../kit/geometry.ts'
import { type CurrentZone, currentAt, driftPerMove } from './current.ts'
import { type HullSize, hullPolygon, type Pose } from './hull.ts'
import { buildPlan, type PlottedTurn, startCursor, stepAlong } from './plan.ts'
import { gapBetween, shapesTouch } from './shapes.ts'
import { bearingFrom } from './sight.ts'
import { carry } from './towing.ts'
import { maxTurnDegrees } from './turning.ts'

export interface Helm {
  pose: Pose
  hull: HullSize
  /** Tenths of a foot. */
  draught: number
  /** Speed last move, knots. */
  speed: number
  maxSpeed: number
  maxChange: number
  radius: number
  avoidMines: boolean
  spv: number
  /** Ruling RC-72: the friend she has in tow, carried with her; her trouble is the tow's trouble. */
  towed?: { id: string; pose: Pose; hull: HullSize; draught: number }
}

export interface Waters {
  width: number
  length: number
  land: Point[][]
  shoreBuffer: number
  hazards: { kind: 'sandbar' | 'stakes' | 'wreck' | 'chain'; depth?: number; polygon: Point[] }[]
  minefields: Point[][]
  lookAhead: number
  current: CurrentZone[]
  halfDriftFromSpv: number
}

/** Another hull in the look-ahead: she is carried `speed` knots along her heading through the move. */
export interface OtherHull {
  id: string
  pose: Pose
  hull: HullSize
  speed: number
}

export interface Goal {
  point: Point
  /** Knots wanted before the two-knot limit. */
  speed: number
  /** Steer to this heading instead of toward the point (station kept, enemy alongside). */
  heading?: number
}

export interface Course {
  speed: number
  turns: PlottedTurn[]
  /** False when no course within the rules kept clear: the slowest one toward the goal is taken. */
  safe: boolean
}

/** The hazards a hull at `pose` is in, as keys: only new ones count against a course. */
function trouble(h: Helm, pose: Pose, w: Waters, others: Pose[] = [], hulls: OtherHull[] = []): Set<string> {
  const out = new Set<string>()
  const hullTrouble = (at: Pose, size: HullSize, draught: number, key: string, skip?: string) => {
    const hull = hullPolygon(at, size)
    w.land.forEach((l, i) => {
      if (shapesTouch(hull, l) || gapBetween(hull, l) <= w.shoreBuffer) out.add(`${key}land${i}`)
    })
    w.hazards.forEach((z, i) => {
      // Ruling RC-11: a shoal matters only to a ship drawing at least its depth.
      if (z.kind === 'sandbar' && z.depth !== undefined && draught < z.depth) return
      if (shapesTouch(hull, z.polygon)) out.add(`${key}hazard${i}`)
    })
    if (h.avoidMines) w.minefields.forEach((f, i) => pointInPolygon(at.pos, f) && out.add(`${key}mines${i}`))
    if (at.pos.x < 0 || at.pos.x > w.width) out.add(`${key}side`)
    others.forEach((o, i) => {
      const other = hulls[i]!
      if (other.id !== skip && shapesTouch(hull, hullPolygon(o, other.hull))) out.add(`${key}ship:${other.id}`)
    })
  }
  hullTrouble(pose, h.hull, h.draught, '', h.towed?.id)
  // Ruling RC-72: the ship in tow goes where the pair carries her, and meets what lies there.
  if (h.towed) hullTrouble(carry(h.pose, pose, h.towed.pose), h.towed.hull, h.towed.draught, 'towed:', h.towed.id)
  return out
}

/** Where a course ends, or null if it runs into trouble on the way (the current's set included, §7 L455-463). */
function clearEnd(h: Helm, speed: number, turns: PlottedTurn[], w: Waters, hulls: OtherHull[]): Point | null {
  const plan = buildPlan(speed, h.radius, turns)
  const rule = { speed, spv: h.spv, held: false, halfFromSpv: w.halfDriftFromSpv }
  const drift = driftPerMove(currentAt(w.current, h.pose.pos), rule)
  const fastest = Math.max(0, ...hulls.map((o) => Math.abs(o.speed) * 1000))
  const steps = Math.max(
    1,
    Math.ceil(Math.max(plan.distance, Math.abs(drift.x) + Math.abs(drift.y), fastest) / w.lookAhead),
  )
  const at = (k: number): Pose[] =>
    hulls.map((o) => {
      const run = Math.floor((k * Math.abs(o.speed) * 1000) / steps)
      return {
        pos: advance(o.pose.pos, normalise(o.pose.heading + (o.speed < 0 ? 18000 : 0)), run),
        heading: o.pose.heading,
      }
    })
  const start = trouble(h, h.pose, w, at(0), hulls)
  let water = { pose: h.pose, cursor: startCursor(h.pose.heading) }
  let pos = h.pose.pos
  for (let k = 1; k <= steps; k++) {
    const ds = Math.floor((k * plan.distance) / steps) - Math.floor(((k - 1) * plan.distance) / steps)
    water = stepAlong(plan, water.cursor, water.pose, ds)
    pos = {
      x: water.pose.pos.x + Math.floor((k * drift.x) / steps),
      y: water.pose.pos.y + Math.floor((k * drift.y) / steps),
    }
    for (const key of trouble(h, { pos, heading: water.pose.heading }, w, at(k), hulls))
      if (!start.has(key)) return null
  }
  return pos
}

/** The legal speeds this move for a ship that will not go astern: she comes to a stop first. */
export function helmSpeeds(h: Helm): { lo: number; hi: number } {
  if (h.speed < 0) {
    const v = Math.min(0, h.speed + h.maxChange)
    return { lo: v, hi: v }
  }
  const hi = Math.max(0, Math.min(h.maxSpeed, h.speed + h.maxChange))
  return { lo: Math.min(hi, Math.max(0, h.speed - h.maxChange)), hi }
}

export function steer(h: Helm, goal: Goal, w: Waters, others: OtherHull[] = []): Course {
  const { lo, hi } = helmSpeeds(h)
  const wanted = Math.max(lo, Math.min(hi, goal.speed))
  const turnFor = (speed: number, rel: number): PlottedTurn[] => {
    const most = maxTurnDegrees(Math.abs(speed) * 1000, h.radius)
    const deg = Math.min(Math.floor(Math.abs(rel) / 100), most)
    return deg > 0 ? [{ dir: rel < 0 ? -1 : 1, degrees: deg, at: 0 }] : []
  }
  const relWanted =
    goal.heading === undefined ? bearingFrom(h.pose, goal.point) : angleDiff(h.pose.heading, goal.heading)
  for (let speed = wanted; speed >= lo; speed--) {
    const most = maxTurnDegrees(Math.abs(speed) * 1000, h.radius) * 100
    const side = relWanted < 0 ? -1 : 1
    const options = [relWanted, side * most, -side * most, (side * most) / 2, (-side * most) / 2, 0]
    let best: { turns: PlottedTurn[]; d: number } | null = null
    for (const [i, rel] of options.entries()) {
      const turns = turnFor(speed, rel)
      const end = clearEnd(h, speed, turns, w, others)
      if (!end) continue
      if (i === 0) return { speed, turns, safe: true }
      const d = distance(end, goal.point)
      if (!best || d < best.d) best = { turns, d }
    }
    if (best) return { speed, turns: best.turns, safe: true }
    if (speed === 0) break
  }
  // Ruling RC-62: with no course clear of the hulls too, the land, shoals and mines come first.
  if (others.length) return steer(h, goal, w)
  return { speed: lo, turns: turnFor(lo, relWanted), safe: false }
}

/** A point `gap` beyond the edges of two hulls, on a bearing relative to `from`'s heading. */
export function stationPoint(from: Pose, relative: number, centreGap: number): Point {
  return advance(from.pos, normalise(from.heading + relative), centreGap)
}
