// The lanes River and Coastal's house player runs its ships along to the far end of the table (§6
// L391-423, running ships through): straight up or down the table on an x clear by an inch of every
// minefield square (all are placed openly; which are real the side may not know), of the land, and
// of every shoal the ship draws too much for (§8). Where an enemy fort covers the passage, the
// armoured ships take the lane nearest it, so that its guns, which fire at the nearest ship (ruling
// RC-50), find them and not the wooden ships running beside them.
import type { RiverPack } from './pack.ts'
import type { Scenario } from './scenario.ts'
import { armoured, type SeenShip } from './houseSeen.ts'

/** A polygon's bounding box, in inches. */
function box(polygon: { x: number; y: number }[]) {
  const xs = polygon.map((p) => p.x / 1000)
  const ys = polygon.map((p) => p.y / 1000)
  return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) }
}

/** Where a ship was set up, else where she is: the lane is the same every move, so her directive stands. */
function setUp(ship: SeenShip, sc: Scenario) {
  const s = sc.ships.find((x) => x.id === ship.id)
  return s ? { x: s.pos.x / 1000, y: s.pos.y / 1000 } : { x: ship.x, y: ship.y }
}

/** A side's run: from `from` to its far end, as the span of y it crosses. */
function span(side: string, from: number, sc: Scenario): [number, number] {
  return side === 'USA' ? [from, sc.length / 1000] : [0, from]
}

/**
 * The boxes a runner keeps clear of, each with the berth she gives it in x: a minefield square by an
 * inch (only her reference point sets one off, §9 L811), the land by two (the helm's shore margin
 * and her beam, ruling RC-80), a shoal she draws too much for by an inch (§8, ruling RC-11).
 */
export function obstacles(ship: SeenShip, sc: Scenario) {
  const draught = (ship.draught ?? 0) * 10
  const shoals = sc.hazards.filter((h) => h.kind !== 'sandbar' || h.depth === undefined || draught >= h.depth)
  return [
    ...sc.minefields.map((m) => ({ ...box(m.polygon), berth: 1 })),
    ...sc.land.map((l) => ({ ...box(l.polygon), berth: 2 })),
    ...shoals.map((h) => ({ ...box(h.polygon), berth: 1 })),
  ]
}

/** The whole-inch x's a ship may run on from where she was set up to the side's far end, in runs of neighbours. */
function clearRuns(ship: SeenShip, side: string, sc: Scenario): number[][] {
  const [y0, y1] = span(side, setUp(ship, sc).y, sc)
  const blocks = obstacles(ship, sc)
  const clear = (x: number) => !blocks.some((b) => x > b.x0 - b.berth && x < b.x1 + b.berth && y1 > b.y0 && y0 < b.y1)
  const runs: number[][] = []
  for (let x = 1; x <= sc.width / 1000 - 1; x++) {
    if (!clear(x)) continue
    const last = runs.at(-1)
    if (last && last.at(-1) === x - 1) last.push(x)
    else runs.push([x])
  }
  return runs
}

/** The x of the enemy forts' centres, in inches. */
function fortXs(sc: Scenario, side: string): number[] {
  return sc.forts.filter((f) => f.side !== side).map((f) => (box(f.polygon).x0 + box(f.polygon).x1) / 2)
}

/**
 * The x each runner steers up or down the table on: in the run of clear lanes nearest where she was
 * set up, the one nearest her; or, with an enemy fort beside the passage, the armoured ships (the
 * one set up farthest ahead first) take the lanes nearest the fort and the wooden ones the lanes
 * farthest from it, every other lane while they last, so that ships running abreast keep two inches
 * between them and do not foul each other.
 */
export function lanes(pack: RiverPack, ships: SeenShip[], side: string, sc: Scenario | undefined): Map<string, number> {
  const out = new Map<string, number>()
  if (!sc) {
    for (const s of ships) out.set(s.id, Math.round(s.x))
    return out
  }
  const ahead = (s: SeenShip) => (side === 'USA' ? -setUp(s, sc).y : setUp(s, sc).y)
  const order = [...ships].sort((a, b) => ahead(a) - ahead(b) || (a.id < b.id ? -1 : 1))
  const forts = fortXs(sc, side)
  const byFort = (x: number) => Math.min(...forts.map((f) => Math.abs(f - x)))
  const taken = { armoured: 0, wooden: 0 }
  for (const ship of order) {
    const from = setUp(ship, sc)
    const runs = clearRuns(ship, side, sc)
    if (!runs.length) {
      out.set(ship.id, Math.round(from.x))
      continue
    }
    const gap = (run: number[]) => Math.min(...run.map((x) => Math.abs(x - from.x)))
    const run = [...runs].sort((a, b) => gap(a) - gap(b))[0]!
    if (!forts.length) {
      out.set(ship.id, [...run].sort((a, b) => Math.abs(a - from.x) - Math.abs(b - from.x) || a - b)[0]!)
      continue
    }
    const kind = armoured(pack, ship) ? 'armoured' : 'wooden'
    const sorted = [...run].sort((a, b) => (kind === 'armoured' ? 1 : -1) * (byFort(a) - byFort(b)) || a - b)
    out.set(ship.id, sorted[Math.min(2 * taken[kind]++, sorted.length - 1)]!)
  }
  return out
}

/** Whether the straight run from `a` to `b` keeps the berth of every obstacle box. */
export function clearRun(
  a: { x: number; y: number },
  b: { x: number; y: number },
  blocks: ReturnType<typeof obstacles>,
) {
  const steps = Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) * 2)
  for (let k = 0; k <= steps; k++) {
    const x = a.x + ((b.x - a.x) * k) / Math.max(1, steps)
    const y = a.y + ((b.y - a.y) * k) / Math.max(1, steps)
    if (blocks.some((o) => x > o.x0 - o.berth && x < o.x1 + o.berth && y > o.y0 - 1 && y < o.y1 + 1)) return false
  }
  return true
}

/**
 * A runner's directive: a patrol to the far end of the table on her lane (a patrol keeps her top
 * speed, where STEAM-TO would stop her short of the edge, so she crosses it and is run through, §6).
 * When the straight run there would cut a minefield's or the land's corner, the patrol goes first to
 * her lane one move's steaming ahead (§7 L441: her speed and two knots more), where she ends the move
 * near enough for the patrol to turn her up the lane (ruling RC-54: within its turning distance).
 */
export function runDirective(
  ship: SeenShip,
  lane: number,
  side: string,
  sc: Scenario | undefined,
  reach: number,
): string {
  const length = sc ? sc.length / 1000 : 72
  const farY = side === 'USA' ? Math.floor(length) : 0
  const end = `${lane},${farY}`
  if (!sc || clearRun(ship, { x: lane, y: farY }, obstacles(ship, sc))) return `PATROL ${end} ${end}`
  const across = Math.abs(lane - ship.x)
  const along = Math.sqrt(Math.max(reach * reach - across * across, (reach * reach) / 2))
  const y = Math.round(ship.y + (side === 'USA' ? along : -along))
  return `PATROL ${lane},${Math.max(0, Math.min(Math.floor(length), y))} ${end}`
}

/** Inches astern of her leader a runner in a column keeps (digest §4.4, FOLLOW). */
export const FOLLOW_GAP = 2

/** How far ahead in her lane, in inches, an enemy hull stands in a runner's way: about two moves' steaming. */
const BLOCK_AHEAD = 14
/** Inches either side of her lane an enemy hull blocks it: the passage under the fort is no wider. */
const BLOCK_ABEAM = 3

/**
 * The runners go through the one passage in a column (ruling RC-62: the helm steers round the hulls
 * it knows, and a faster ship running up her leader's lane at full speed strikes her and stops): the
 * armoured ships first, each in order of how far ahead she is, and each runner follows the one before
 * her on a lane within two inches of hers, unless she is already more than four inches ahead of her.
 */
export function columnLeaders(
  pack: RiverPack,
  own: SeenShip[],
  side: string,
  laneOf: Map<string, number>,
): Map<string, string> {
  const out = new Map<string, string>()
  const dir = side === 'USA' ? 1 : -1
  const order = [...own].sort((a, b) => Number(armoured(pack, b)) - Number(armoured(pack, a)) || (b.y - a.y) * dir)
  const lane = (s: SeenShip) => laneOf.get(s.id) ?? s.x
  order.forEach((s, i) => {
    const lead = order
      .slice(0, i)
      .reverse()
      .find((l) => Math.abs(lane(l) - lane(s)) <= 2)
    if (lead && (lead.y - s.y) * dir > -4) out.set(s.id, lead.id)
  })
  return out
}

/**
 * An enemy hull standing in a runner's lane ahead of her, or undefined. Ruling RC-62: a ship given a
 * RAM with no target may strike any enemy, so the helm drives her on past one in the passage rather
 * than stopping behind it under the fort's guns; with no target named there is no ram test (§11 L995).
 */
export function blocker(ship: SeenShip, lane: number, side: string, enemies: SeenShip[]): SeenShip | undefined {
  const dir = side === 'USA' ? 1 : -1
  return enemies.find((e) => {
    const ahead = (e.y - ship.y) * dir
    return ahead > 0 && ahead < BLOCK_AHEAD && Math.abs(e.x - lane) < BLOCK_ABEAM
  })
}
