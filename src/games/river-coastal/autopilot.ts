// The helm of a ship steered by the judge (digest §4.4, ruling RC-54): given a goal (a point to
// reach, perhaps a heading and speed to match there), choose this move's speed and one turn within
// the rules a player's order obeys (§7 L441: two knots of change, no astern; §7 L471: the class
// radius), then look along the plotted track, set by the current, in half-inch steps and refuse any course that would
// take her ashore, into the 1" shore margin, onto a shoal she draws too much for, onto stakes, into
// a minefield she knows of (a Reckless captain ignores them, §4 L175), off a side of the table, or
// against another hull her side knows of (ruling RC-62): friends where their ordered speed carries
// them along their heading, enemies where they were last seen, less any she is ordered to ram.
// A ship with a friend in tow looks ahead for the towed hull too, carried with her (ruling RC-72).
// Ruling RC-80: a course must also leave her room to stop beyond it. At the wanted speed the wanted
// course comes first, then another turn that gains ground; at each lower speed, then each higher,
// the wanted course if it gains ground, else another turn that does. Going round a hull lying still
// or a wreck (RC-107) the course for the point abeam comes before any other. Only when no course
// leaves room is the first course clear for this move taken.
import {
  advance,
  angleDiff,
  cosOf,
  distance,
  headingTo,
  normalise,
  type Point,
  pointInPolygon,
  sinOf,
  TABLE_SCALE,
} from '../kit/geometry.ts'
import { type CurrentZone, currentAt, driftPerMove } from './current.ts'
import { type HullSize, hullPolygon, type Pose } from './hull.ts'
import { buildPlan, type PlottedTurn, type Steering, startCursor, stepAlong } from './plan.ts'
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
  /** Steering damage forces on her this move (ruling RC-80: the look-ahead follows it); free if not given. */
  steering?: Steering
  /** The most she may make astern from a stop (§7 L453); the helm never backs her off if not given. */
  astern?: number
}

export interface Waters {
  width: number
  length: number
  land: Point[][]
  shoreBuffer: number
  hazards: { kind: 'sandbar' | 'stakes' | 'wreck' | 'chain'; depth?: number; polygon: Point[] }[]
  minefields: Point[][]
  lookAhead: number
  /** Water kept beyond the hull against hazards and land (ruling RC-80); none if not given. */
  seaRoom?: number
  current: CurrentZone[]
  halfDriftFromSpv: number
}

/** Another hull in the look-ahead: she is carried `speed` knots along her heading through the move. */
export interface OtherHull {
  id: string
  pose: Pose
  hull: HullSize
  speed: number
  /** False for an enemy seen under way: the look-ahead takes her as standing (ruling RC-62), but not as lying still (RC-107). */
  still?: boolean
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
  // Ruling RC-80: the movement's sub-steps round differently from these steps, so keep a little water.
  const room = w.seaRoom ?? 0
  const out = new Set<string>()
  const hullTrouble = (at: Pose, size: HullSize, draught: number, key: string, skip?: string) => {
    const hull = hullPolygon(at, size)
    const wide = room ? hullPolygon(at, { length: size.length + 2 * room, beam: size.beam + 2 * room }) : hull
    w.land.forEach((l, i) => {
      if (shapesTouch(hull, l) || gapBetween(hull, l) <= w.shoreBuffer + room) out.add(`${key}land${i}`)
    })
    w.hazards.forEach((z, i) => {
      // Ruling RC-11: a shoal matters only to a ship drawing at least its depth.
      if (z.kind === 'sandbar' && z.depth !== undefined && draught < z.depth) return
      if (shapesTouch(wide, z.polygon)) out.add(`${key}hazard${i}`)
    })
    if (h.avoidMines) w.minefields.forEach((f, i) => pointInPolygon(at.pos, f) && out.add(`${key}mines${i}`))
    // Ruling RC-80: the whole hull stays on the table, not just her reference point.
    if (hull.some((p) => p.x < 0 || p.x > w.width)) out.add(`${key}side`)
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
function clearEnd(h: Helm, speed: number, turns: PlottedTurn[], w: Waters, hulls: OtherHull[]): Pose | null {
  const plan = buildPlan(speed, h.radius, turns, h.steering)
  const rule = { speed, spv: h.spv, held: false, halfFromSpv: w.halfDriftFromSpv }
  // As the movement does, each step takes the current where she is then, not where she started.
  const strongest = driftPerMove(Math.max(0, ...w.current.map((c) => c.knots)), rule)
  const fastest = Math.max(0, ...hulls.map((o) => Math.abs(o.speed) * 1000))
  const steps = Math.max(
    1,
    Math.ceil(Math.max(plan.distance, Math.abs(strongest.x) + Math.abs(strongest.y), fastest) / w.lookAhead),
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
  // Already within the sea room of a danger but not in it: she keeps the water she has, to the
  // nearest halving of the sea room, since the bare hull leaves nothing for the movement's rounding.
  const inBare = trouble(h, h.pose, { ...w, seaRoom: 0 }, at(0), hulls)
  let inner = { ...w, seaRoom: w.seaRoom ?? 0 }
  let inInner = start
  while (inner.seaRoom > 0 && [...inInner].some((key) => !inBare.has(key))) {
    inner = { ...w, seaRoom: Math.floor(inner.seaRoom / 2) }
    inInner = trouble(h, h.pose, inner, at(0), hulls)
  }
  const near = inner.seaRoom < (w.seaRoom ?? 0)
  let water = { pose: h.pose, cursor: startCursor(h.pose.heading) }
  let pos = h.pose.pos
  let heading = h.pose.heading
  let set = { x: 0, y: 0 }
  const part = (total: number, k: number) => Math.floor((k * total) / steps) - Math.floor(((k - 1) * total) / steps)
  for (let k = 1; k <= steps; k++) {
    const drift = driftPerMove(currentAt(w.current, pos), rule)
    set = { x: set.x + part(drift.x, k), y: set.y + part(drift.y, k) }
    water = stepAlong(plan, water.cursor, water.pose, part(plan.distance, k))
    pos = { x: water.pose.pos.x + set.x, y: water.pose.pos.y + set.y }
    heading = water.pose.heading
    for (const key of trouble(h, { pos, heading }, w, at(k), hulls)) if (!start.has(key)) return null
    if (near) for (const key of trouble(h, { pos, heading }, inner, at(k), hulls)) if (!inInner.has(key)) return null
  }
  return { pos, heading }
}

/**
 * Ruling RC-80: room to stop. From where a course ends, at the speed it ends with, she must be able
 * to come to a stop, slowing all she may each move (§7 L441), either straight on or turning her
 * hardest to one side all the way, clear of the waters' dangers. Of the other hulls only those
 * lying still count (ruling RC-107): where a moving one will be in the moves after is not known, but
 * a hull lying still will lie there yet. Once stopped, the current is the next move's helm's.
 */
function roomBeyond(h: Helm, end: Pose, speed: number, w: Waters, standing: OtherHull[] = []): boolean {
  return ([0, 1, -1] as const).some((dir) => {
    let pose = end
    let v = speed
    // A pack with no speed change could never stop: give up after as many moves as any game has.
    for (let k = 0; k < 24; k++) {
      const next: Helm = { ...h, pose, speed: v }
      v = helmSpeeds(next).lo
      if (v === 0) return true
      const most = maxTurnDegrees(Math.abs(v) * 1000, h.radius)
      const beyond = clearEnd(next, v, dir && most ? [{ dir, degrees: most, at: 0 }] : [], w, standing)
      if (!beyond) return false
      pose = beyond
    }
    return false
  })
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

/**
 * The course the judge's helm takes. Each pass asks for less: first clear of everything with the
 * sea room kept (ruling RC-80); then with half of it, then with the bare hull clear (the sea room
 * only covers the movement's rounding, so shaving it beats stopping and drifting onto the danger it
 * guards); then, with no course clear of the hulls as well, the land, shoals and mines alone in the
 * same steps (ruling RC-62: a collision is the lesser harm). Failing all, the slowest course toward
 * the goal, marked unsafe.
 */
export function steer(h: Helm, goal: Goal, w: Waters, others: OtherHull[] = []): Course {
  const room = w.seaRoom ?? 0
  const rooms = room ? [room, Math.floor(room / 2), 0] : [0]
  for (const hulls of others.length ? [others, []] : [others])
    for (const seaRoom of rooms) {
      const waters = { ...w, seaRoom }
      const round = roundStanding(h, goal, waters, hulls)
      const c = clearCourse(h, round, waters, hulls, round !== goal)
      if (c) return (hulls.length && c.speed === 0 && backOff(h, goal, waters, hulls)) || c
    }
  const { lo } = helmSpeeds(h)
  return { speed: lo, turns: turnFor(h, lo, relativeGoal(h, goal)), safe: false }
}

/**
 * §11 L987, §7 L449 (ruling RC-106): a ship lying stopped with a hull in her way, wanting way on
 * and clear of it only by staying where she is, backs off as the rammer does: astern at two knots
 * (less if she may make less astern), straight, when that is clear and leaves her room. Staying put
 * would keep her there as long as the other hull lies there; the next move she comes to a stop
 * again (§7 L441, L449) with water ahead to turn in.
 */
function backOff(h: Helm, goal: Goal, w: Waters, others: OtherHull[]): Course | null {
  if (h.speed !== 0 || goal.speed <= 0 || !h.astern) return null
  // Only hulls hold her: with them left out she would go ahead (ruling RC-62).
  const free = clearCourse(h, goal, w, [])
  if (!free || free.speed <= 0) return null
  const speed = -Math.min(h.maxChange, h.astern)
  const end = clearEnd(h, speed, [], w, others)
  return end && roomBeyond(h, end, speed, w, lyingStill(others)) ? { speed, turns: [], safe: true } : null
}

const relativeGoal = (h: Helm, goal: Goal) =>
  goal.heading === undefined ? bearingFrom(h.pose, goal.point) : angleDiff(h.pose.heading, goal.heading)

/** One turn toward a relative bearing, as sharp as her radius allows at `speed`. */
function turnFor(h: Helm, speed: number, rel: number): PlottedTurn[] {
  const most = maxTurnDegrees(Math.abs(speed) * 1000, h.radius)
  const deg = Math.min(Math.floor(Math.abs(rel) / 100), most)
  return deg > 0 ? [{ dir: rel < 0 ? -1 : 1, degrees: deg, at: 0 }] : []
}

/**
 * The course clear of the waters and hulls given, with room beyond if any has it (ruling RC-80);
 * null if none is clear. The speeds are tried from the wanted one down to the least she may make,
 * then up to the most (a current may set her into danger when slow). At each the helm takes the
 * wanted course (turned toward the goal as far as her radius allows) if it has room, at the wanted
 * speed or when it ends nearer the goal than she is now; else the course with room ending nearest
 * the goal, if that is nearer than she is now. So a turn that gains nothing gives way to the wanted
 * course slower. `passing` (her goal moved abeam of a hull lying still or a wreck, ruling RC-107):
 * the wanted course comes before any other, at the wanted speed whenever it has room and at another
 * speed when it gains ground, since a turn off the way round may gain on the point abeam and still
 * leave her no way to it (Passing the Fort's channel, the minefield squares on one side). With nothing gaining ground, the first speed with room takes its wanted
 * course else its course nearest the goal; with no room anywhere, the first course clear for this move.
 */
function clearCourse(h: Helm, goal: Goal, w: Waters, others: OtherHull[], passing = false): Course | null {
  const { lo, hi } = helmSpeeds(h)
  const wanted = Math.max(lo, Math.min(hi, goal.speed))
  const relWanted = relativeGoal(h, goal)
  const still = lyingStill(others)
  const now = distance(h.pose.pos, goal.point)
  const speeds = [...Array(wanted - lo + 1).keys()].map((k) => wanted - k)
  for (let v = wanted + 1; v <= hi; v++) speeds.push(v)
  // Each speed's wanted course is looked at once, and only when it is reached (the look-ahead is the cost).
  const at = speeds.map((speed) => {
    const option = courseOption(h, speed, goal, w, others, still)
    let want: Option | null | undefined
    return { speed, option, want: () => (want === undefined ? (want = option(relWanted)) : want) }
  })
  const gains = (speed: number, want: Option | null) => !!want?.room && (speed === wanted || want.d < now)
  const wantedFirst = passing ? at.find((a) => gains(a.speed, a.want())) : undefined
  if (wantedFirst) return { speed: wantedFirst.speed, turns: wantedFirst.want()!.turns, safe: true }
  let slack: Course | null = null
  let fallback: Course | null = null
  for (const a of at) {
    const { speed } = a
    const want = a.want()
    if (gains(speed, want)) return { speed, turns: want!.turns, safe: true }
    const { roomy, any } = otherCourses(h, speed, relWanted, a.option)
    if (roomy && roomy.d < now) return { speed, turns: roomy.turns, safe: true }
    const first = want?.room ? want : roomy
    if (first && !slack) slack = { speed, turns: first.turns, safe: true }
    const clear = want ?? any
    if (clear && !fallback) fallback = { speed, turns: clear.turns, safe: true }
  }
  return slack ?? fallback
}

/** A course at one speed: its turns, how far from the goal it ends, and whether it leaves room beyond (RC-80). */
interface Option {
  turns: PlottedTurn[]
  d: number
  room: boolean
}

/** The course at `speed` turned toward a relative bearing, if it is clear for the move. */
const courseOption =
  (h: Helm, speed: number, goal: Goal, w: Waters, others: OtherHull[], still: OtherHull[]) =>
  (rel: number): Option | null => {
    const turns = turnFor(h, speed, rel)
    const end = clearEnd(h, speed, turns, w, others)
    return end && { turns, d: distance(end.pos, goal.point), room: roomBeyond(h, end, speed, w, still) }
  }

/**
 * The other courses at one speed (the hardest turn either way, half of it either way, straight
 * on): the one with room ending nearest the goal, and the one clear for the move ending nearest it.
 */
function otherCourses(
  h: Helm,
  speed: number,
  relWanted: number,
  option: (rel: number) => Option | null,
): { roomy: Option | null; any: Option | null } {
  const most = maxTurnDegrees(Math.abs(speed) * 1000, h.radius) * 100
  const side = relWanted < 0 ? -1 : 1
  let roomy: Option | null = null
  let any: Option | null = null
  for (const rel of [side * most, -side * most, (side * most) / 2, (-side * most) / 2, 0]) {
    const o = option(rel)
    if (!o) continue
    if (!any || o.d < any.d) any = o
    if (o.room && (!roomy || o.d < roomy.d)) roomy = o
  }
  return { roomy, any }
}

const lyingStill = (others: OtherHull[]) => others.filter((o) => o.speed === 0 && o.still !== false)

/**
 * Ruling RC-107: a way round a hull lying still (one her side knows stopped, at anchor or aground,
 * an enemy where it was seen, or a known wreck) that lies across the straight way to the point she
 * makes for. She makes instead for a point abeam of it (a half length short of its near end while
 * that is ahead, else a half length past its far end, but never nearer than this move may carry
 * her), on the side where a hull of hers would lie clear of the land, shoals, mines and the table's
 * sides (the nearer side if both are, the side she is on if they tie); with no water either side
 * she keeps her goal and the look-ahead stops her short. Her speed is the goal's: she still must have room to stop (ruling RC-80).
 */
function roundStanding(h: Helm, goal: Goal, w: Waters, others: OtherHull[]): Goal {
  if (goal.heading !== undefined || goal.speed <= 0) return goal
  const still = [
    ...lyingStill(others).map((o) => hullPolygon(o.pose, o.hull)),
    ...w.hazards.filter((z) => z.kind === 'wreck').map((z) => z.polygon),
  ]
  const from = h.pose.pos
  const to = headingTo(from, goal.point)
  const far = distance(from, goal.point)
  const [sin, cos] = [sinOf(to), cosOf(to)]
  // Each corner as inches along the way and abeam of it (starboard positive).
  const frame = (p: Point) => ({
    along: Math.round(((p.x - from.x) * sin + (p.y - from.y) * cos) / TABLE_SCALE),
    abeam: Math.round(((p.x - from.x) * cos - (p.y - from.y) * sin) / TABLE_SCALE),
  })
  const half = Math.ceil(h.hull.beam / 2) + (w.seaRoom ?? 0)
  let block: { near: number; end: number; port: number; starboard: number } | null = null
  for (const poly of still) {
    const corners = poly.map(frame)
    const near = Math.min(...corners.map((c) => c.along))
    const end = Math.max(...corners.map((c) => c.along))
    const port = Math.min(...corners.map((c) => c.abeam))
    const starboard = Math.max(...corners.map((c) => c.abeam))
    const across = port < half && starboard > -half
    // One reaching to her goal or beyond is what she makes for, or lies beside it: nothing to pass.
    if (!across || end <= 0 || end >= far || (block && block.near <= near)) continue
    block = { near, end, port, starboard }
  }
  if (!block) return goal
  const at = (along: number, abeam: number) => ({
    x: from.x + Math.round((along * sin + abeam * cos) / TABLE_SCALE),
    y: from.y + Math.round((along * cos - abeam * sin) / TABLE_SCALE),
  })
  const b = block
  const dry = (abeam: number) =>
    [b.near, (b.near + b.end) >> 1, b.end].every(
      (along) => trouble({ ...h, towed: undefined }, { pos: at(along, abeam), heading: to }, w).size === 0,
    )
  // A step of water to spare if there is one, else a half, else a quarter, else the least there is.
  const sides = [w.lookAhead, w.lookAhead >> 1, w.lookAhead >> 2, 1].flatMap((spare) =>
    [b.starboard + half + spare, b.port - half - spare].sort((x, y) => Math.abs(x) - Math.abs(y)),
  )
  const side = sides.find(dry)
  if (side === undefined) return goal
  // Abeam with her whole hull before her stem reaches it; once that is behind her, abeam of its far
  // end. Never nearer than this move may carry her: a point she would pass mid-move, one turn and
  // then straight on (§7 L471), would swing her across the water to the far side.
  const hullLength = h.hull.length
  const before = b.near - Math.ceil(hullLength / 2)
  const travel = Math.min(goal.speed, h.speed + h.maxChange) * 1000
  const along = Math.max(before > w.lookAhead ? before : b.end + Math.ceil(hullLength / 2), travel)
  return { ...goal, point: at(along, side) }
}

/** A point `gap` beyond the edges of two hulls, on a bearing relative to `from`'s heading. */
export function stationPoint(from: Pose, relative: number, centreGap: number): Point {
  return advance(from.pos, normalise(from.heading + relative), centreGap)
}
