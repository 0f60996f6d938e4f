// Simultaneous movement (rulebook §7 L429-431, digest §1.5 and §3.5). Every ship follows its plan
// in sub-steps of at most a quarter inch, fastest first within a sub-step (ties by id, so the order
// ships are listed in never matters). After each increment the hull is tested against land, the
// other hulls and the hazards; a contact is classified once per pair and applied at once. Hazard
// dice are the caller's: `check` answers each entry, so this function stays pure. A ship in tow is
// not stepped herself: each increment her tow takes carries her, and she is tested where she is
// carried (towedHull.ts, ruling RC-72).
import { add, type Point, pointInPolygon } from '../kit/geometry.ts'
import { type ContactKind, classifyContact, type Contender, slideHeading } from './contact.ts'
import { type CurrentZone, currentAt, driftPerMove } from './current.ts'
import { type HullSize, hullPolygon, type Pose } from './hull.ts'
import { type Cursor, type Plan, startCursor, stepAlong, straightRemainder } from './plan.ts'
import { gapBetween, shapesTouch } from './shapes.ts'
import { carriedStep } from './towedHull.ts'

export interface Mover {
  id: string
  pose: Pose
  hull: HullSize
  plan: Plan
  /** Ordered water speed, knots, signed (0 = drifting unless held). */
  speed: number
  spv: number
  /** Present draught, tenths of a foot. */
  draught: number
  /** Aground, anchored or docked: neither moves nor drifts. */
  held: boolean
  /** A ship in tow: carried by this tow and tested where she is carried (ruling RC-72), never stepped herself. */
  towedBy?: string
}

export interface TableGeometry {
  width: number
  length: number
  land: { id: string; polygon: Point[] }[]
  hazards: { id: string; kind: 'sandbar' | 'stakes' | 'wreck' | 'chain'; depth?: number; polygon: Point[] }[]
  minefields: { id: string; polygon: Point[] }[]
  current: CurrentZone[]
}

export interface MoveRules {
  maxStep: number
  minSubSteps: number
  shoreBuffer: number
  minRamAngle: number
  halfDriftFromSpv: number
}

export type HazardKind = 'land' | 'shore' | 'sandbar' | 'stakes' | 'wreck' | 'chain' | 'mine'
export type HazardOutcome = 'pass' | 'stuck' | 'sunk'
export interface HazardEntry {
  ship: string
  hazard: string
  kind: HazardKind
  quarter: number
}
export type HazardCheck = (e: HazardEntry) => HazardOutcome

export interface Contact {
  kind: ContactKind
  striker: string
  other: string
  angle: number
  quarter: number
}

export interface MoveResult {
  poses: Record<string, Pose>
  contacts: Contact[]
  hazards: (HazardEntry & { outcome: HazardOutcome })[]
  stopped: Record<string, 'ram' | 'blocked' | 'aground' | 'land'>
  exited: Record<string, 'upstream' | 'downstream' | 'side'>
  sunk: string[]
  /** Water distance each ship covered, table units (turret turning depends on it). */
  moved: Record<string, number>
  subSteps: number
  /** Every ship's pose at the end of each quarter of the move (move-1 fire, §9 L607). */
  quarters: Record<string, Pose>[]
}

/** The k-th of n near-equal whole parts of `total` (they add up to it exactly). */
const part = (total: number, k: number, n: number) => Math.floor((k * total) / n) - Math.floor(((k - 1) * total) / n)

interface Live {
  m: Mover
  pose: Pose
  plan: Plan
  cursor: Cursor
  active: boolean
  inside: Set<string>
  moved: number
}

/** One movement in progress: the table, its rules, the hazard question, each ship's state and the result so far. */
interface Sim {
  table: TableGeometry
  rules: MoveRules
  check: HazardCheck
  live: Map<string, Live>
  result: MoveResult
  /** Pairs of hulls already in contact this move. */
  paired: Set<string>
}

const gone = (sim: Sim, id: string) => id in sim.result.exited || sim.result.sunk.includes(id)
const contender = (l: Live): Contender => ({ id: l.m.id, pose: l.pose, hull: l.m.hull, speed: l.m.speed })
// Ruling RC-72: a tow and the ship she tows are one body; their hulls never meet each other.
const partners = (a: Live, b: Live) => a.m.towedBy === b.m.id || b.m.towedBy === a.m.id
const towedOf = (sim: Sim, l: Live) => [...sim.live.values()].find((o) => o.m.towedBy === l.m.id && !gone(sim, o.m.id))
function hold(sim: Sim, l: Live, why: MoveResult['stopped'][string]) {
  sim.result.stopped[l.m.id] ??= why
  l.active = false
}

/** The hazards a ship enters with this increment, each tested once; a stuck ship stops where she is. */
function enterHazards(sim: Sim, l: Live, pose: Pose, quarter: number) {
  const { result } = sim
  const now = hazardsTouched(l, pose, sim.table, sim.rules)
  for (const h of now) {
    if (l.inside.has(h)) continue
    const [kind, id] = h.split(':') as [HazardKind, string]
    const outcome = sim.check({ ship: l.m.id, hazard: id, kind, quarter })
    result.hazards.push({ ship: l.m.id, hazard: id, kind, quarter, outcome })
    if (outcome === 'sunk') result.sunk.push(l.m.id)
    if (outcome === 'stuck') {
      result.stopped[l.m.id] = 'aground'
      l.active = false
    }
    if (outcome !== 'pass') break
  }
  l.inside = now
}

/** Ruling RC-72: the towed hull's next pose, or 'stopped' when what she meets stops the pair (undefined: she left the table). */
function carryTowed(sim: Sim, l: Live, towed: Live, next: Pose, quarter: number): Pose | 'stopped' | undefined {
  const { table, result, live, paired } = sim
  const others = [...live.values()].filter((o) => o !== l && o !== towed && !gone(sim, o.m.id)).map(contender)
  const where = {
    land: table.land,
    chains: table.hazards.filter((h) => h.kind === 'chain'),
    off: (p: Point) => edgeCrossed(p, table) !== null,
  }
  const ship = { id: towed.m.id, pose: towed.pose, hull: towed.m.hull }
  const step = carriedStep(l.pose, next, ship, others, where, l.m.speed, sim.rules.minRamAngle)
  if (step.kind === 'clear') return step.pose
  if (step.kind === 'edge') {
    result.exited[towed.m.id] = edgeCrossed(step.pose.pos, table)!
    return undefined
  }
  if (step.kind === 'land') {
    result.hazards.push({ ship: towed.m.id, hazard: step.land, kind: 'land', quarter, outcome: 'stuck' })
    hold(sim, towed, 'land')
  } else if (step.kind === 'chain') {
    const outcome = sim.check({ ship: towed.m.id, hazard: step.chain, kind: 'chain', quarter })
    result.hazards.push({ ship: towed.m.id, hazard: step.chain, kind: 'chain', quarter, outcome })
  } else {
    const key = [towed.m.id, step.other].sort().join('+')
    if (!paired.has(key)) {
      paired.add(key)
      result.contacts.push({ ...step.contact, quarter })
      if (step.contact.kind === 'ram') {
        // Another ship's bow into the ship in tow at 45-90 degrees stops both (§11 L985).
        live.get(step.other)!.active = false
        result.stopped[step.other] = 'ram'
        result.stopped[towed.m.id] = 'ram'
      }
    }
  }
  hold(sim, towed, 'blocked')
  hold(sim, l, 'blocked')
  return 'stopped'
}

/** Her increment meets another hull: a ram stops both; a slide turns the slider onto the other's keel line. */
function meetHull(sim: Sim, l: Live, hit: Live, next: Pose, quarter: number) {
  const { result, live, paired } = sim
  const key = [l.m.id, hit.m.id].sort().join('+')
  if (paired.has(key)) {
    // Already in contact this move: the ship is held against the other hull.
    result.stopped[l.m.id] ??= 'blocked'
    l.active = false
    return
  }
  paired.add(key)
  const c = classifyContact({ ...contender(l), pose: next }, contender(hit), sim.rules.minRamAngle)
  result.contacts.push({ ...c, quarter })
  if (c.kind === 'ram') {
    for (const x of [l, hit]) {
      x.active = false
      result.stopped[x.m.id] = 'ram'
    }
    return
  }
  // The slider turns onto the other's keel line and runs out its move straight (digest §3.6).
  const slider = c.striker === l.m.id ? l : hit
  const along = slider === l ? hit : l
  const turned = { pos: slider.pose.pos, heading: slideHeading(slider.pose.heading, along.pose.heading) }
  const turnedHull = hullPolygon(turned, slider.m.hull)
  const clash = [...live.values()].some(
    (o) => o !== slider && !gone(sim, o.m.id) && shapesTouch(turnedHull, hullPolygon(o.pose, o.m.hull)),
  )
  // Ruling RC-72: a tow or a ship in tow cannot swing onto another keel line; the line holds her.
  if (clash || slider.m.towedBy || towedOf(sim, slider)) {
    // No room to swing onto the other's keel line: the slider is held where it is.
    slider.active = false
    result.stopped[slider.m.id] ??= 'blocked'
  } else {
    slider.pose = turned
    slider.plan = straightRemainder(slider.plan, slider.cursor)
    slider.cursor = startCursor(turned.heading)
  }
}

/** What stops her increment before it is taken: the table's edge, the land, a chain she does not get over. */
function blockedAhead(sim: Sim, l: Live, next: Pose, quarter: number): boolean {
  const { table, result } = sim
  const edge = edgeCrossed(next.pos, table)
  if (edge) {
    result.exited[l.m.id] = edge
    return true
  }
  const hull = hullPolygon(next, l.m.hull)
  const land = table.land.find((x) => shapesTouch(hull, x.polygon))
  if (land) {
    result.hazards.push({ ship: l.m.id, hazard: land.id, kind: 'land', quarter, outcome: 'stuck' })
    result.stopped[l.m.id] = 'land'
    l.active = false
    return true
  }
  // §8 L523-527 ruling RC-19: a spar chain is met before it is crossed; a ship that may not or
  // does not get over it stops short of it, the increment not taken.
  const chain = table.hazards.find(
    (h) => h.kind === 'chain' && shapesTouch(hull, h.polygon) && !shapesTouch(hullPolygon(l.pose, l.m.hull), h.polygon),
  )
  if (!chain) return false
  const outcome = sim.check({ ship: l.m.id, hazard: chain.id, kind: 'chain', quarter })
  result.hazards.push({ ship: l.m.id, hazard: chain.id, kind: 'chain', quarter, outcome })
  if (outcome === 'pass') return false
  result.stopped[l.m.id] = 'blocked'
  l.active = false
  return true
}

/** One ship's k-th increment of n: her plan's share and the current's, unless something stops it. */
function stepShip(sim: Sim, l: Live, k: number, n: number, quarter: number) {
  const { table, rules, live } = sim
  const ds = part(l.plan.distance, k, n)
  const drift = driftPerMove(currentAt(table.current, l.pose.pos), {
    speed: l.m.speed,
    spv: l.m.spv,
    held: false,
    halfFromSpv: rules.halfDriftFromSpv,
  })
  const dPart = { x: part(drift.x, k, n), y: part(drift.y, k, n) }
  if (ds === 0 && dPart.x === 0 && dPart.y === 0) return
  const stepped = stepAlong(l.plan, l.cursor, l.pose, ds)
  const next: Pose = { pos: add(stepped.pose.pos, dPart), heading: stepped.pose.heading }
  if (blockedAhead(sim, l, next, quarter)) return
  const hull = hullPolygon(next, l.m.hull)
  const hit = [...live.values()].find(
    (o) => o !== l && !gone(sim, o.m.id) && !partners(l, o) && shapesTouch(hull, hullPolygon(o.pose, o.m.hull)),
  )
  if (hit) return meetHull(sim, l, hit, next, quarter) // the increment that met the other hull is not taken
  // Ruling RC-72: the ship in tow is carried to her place for this increment and meets what lies there.
  const towed = towedOf(sim, l)
  if (towed && !towed.active) return hold(sim, l, 'blocked') // she is stopped: the line holds the tow too
  const carried = towed && carryTowed(sim, l, towed, next, quarter)
  if (carried === 'stopped') return
  l.moved += ds
  l.pose = next
  l.cursor = stepped.cursor
  enterHazards(sim, l, next, quarter)
  if (towed && carried) {
    towed.moved += ds
    towed.pose = carried
    enterHazards(sim, towed, carried, quarter)
    if (!towed.active) hold(sim, l, 'blocked')
  }
}

export function simulateMove(movers: Mover[], table: TableGeometry, rules: MoveRules, check: HazardCheck): MoveResult {
  const fastestKnots = Math.max(0, ...table.current.map((c) => c.knots))
  const longest = Math.max(0, ...movers.map((m) => m.plan.distance)) + fastestKnots * 1000
  const n = Math.max(rules.minSubSteps, Math.ceil(longest / rules.maxStep))
  const order = [...movers].sort((a, b) => Math.abs(b.speed) - Math.abs(a.speed) || (a.id < b.id ? -1 : 1))
  const live = new Map<string, Live>()
  for (const m of order) {
    const l: Live = {
      m,
      pose: m.pose,
      plan: m.plan,
      cursor: startCursor(m.pose.heading),
      active: !m.held,
      inside: new Set(),
      moved: 0,
    }
    l.inside = hazardsTouched(l, l.pose, table, rules)
    live.set(m.id, l)
  }
  const result: MoveResult = {
    poses: {},
    contacts: [],
    hazards: [],
    stopped: {},
    exited: {},
    sunk: [],
    moved: {},
    subSteps: n,
    quarters: [],
  }
  const sim: Sim = { table, rules, check, live, result, paired: new Set() }
  for (let k = 1; k <= n; k++) {
    const quarter = Math.ceil((4 * k) / n)
    for (const l of live.values()) if (l.active && !gone(sim, l.m.id) && !l.m.towedBy) stepShip(sim, l, k, n, quarter)
    if (k === n || Math.ceil((4 * (k + 1)) / n) !== quarter)
      result.quarters.push(Object.fromEntries([...live.values()].map((l) => [l.m.id, l.pose])))
  }
  for (const l of live.values()) {
    result.poses[l.m.id] = l.pose
    result.moved[l.m.id] = l.moved
  }
  return result
}

/** The hazards a ship is in, as "kind:id": shore buffer, shoals deeper than it draws, stakes, minefields. */
function hazardsTouched(l: Live, pose: Pose, table: TableGeometry, rules: MoveRules): Set<string> {
  const hull = hullPolygon(pose, l.m.hull)
  const out = new Set<string>()
  for (const land of table.land) if (gapBetween(hull, land.polygon) <= rules.shoreBuffer) out.add(`shore:${land.id}`)
  for (const h of table.hazards) {
    // Ruling RC-11: a shoal is tested only when the ship draws at least its depth.
    if (h.kind === 'sandbar' && h.depth !== undefined && l.m.draught < h.depth) continue
    if (h.kind === 'chain') continue // met before the increment is taken
    if (shapesTouch(hull, h.polygon)) out.add(`${h.kind}:${h.id}`)
  }
  for (const f of table.minefields) if (pointInPolygon(pose.pos, f.polygon)) out.add(`mine:${f.id}`)
  return out
}

function edgeCrossed(p: Point, table: TableGeometry): 'upstream' | 'downstream' | 'side' | null {
  if (p.y > table.length) return 'upstream'
  if (p.y < 0) return 'downstream'
  if (p.x < 0 || p.x > table.width) return 'side'
  return null
}
