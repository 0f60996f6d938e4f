// A ship steered by her directive (digest §4.4, ruling RC-54): the goal each directive sets this
// move, from the positions at its start (a friend's station is where her last speed and heading
// will carry her), handed to the helm (autopilot.ts). Her guns fire at the directive's enemy, else
// at the nearest one in reach, and her turrets train on it as far as the inches moved allow (§9 L645).
import { advance, distance, type Point } from '../kit/geometry.ts'
import { type Course, type Goal, type Helm, type OtherHull, stationPoint, steer, type Waters } from './autopilot.ts'
import type { Quadrant } from './derive.ts'
import { describeDirective } from './directives.ts'
import type { Directive } from './stateTypes.ts'
import { commanded } from './fleetCommand.ts'
import type { FireOrder, ShipOrder } from './orderTypes.ts'
import type { RiverPack } from './pack.ts'
import type { Scenario, Side } from './scenario.ts'
import { maxSpeedNow, type ShipState } from './ship.ts'
import { bearingFrom, quadrantOf, quadrantSteps } from './sight.ts'
import { otherSide, type RiverState } from './state.ts'
import { inches } from './units.ts'
import { radiusOf } from './radius.ts'
import { balloonSpeed } from './balloons.ts'
import { towSpeedCap } from './towing.ts'
import { forcedSteering } from './plan.ts'
import { gunBar } from './gunnery.ts'

export interface Piloted {
  order: ShipOrder
  /** The directive after this move (a patrol turns at its ends). */
  directive: Directive
  note: string
}

const RELATIVE = { AHEAD: 0, STARBOARD: 9000, ASTERN: 18000, PORT: -9000 } as const

/** The waters as her side knows them: the table, and the wrecks it knows of (ruling RC-20). */
export function waters(sc: Scenario, pack: RiverPack, state?: RiverState, side?: Side): Waters {
  const t = pack.tables
  const known = (state?.wrecks ?? []).filter((w) => side !== undefined && w.knownTo.includes(side))
  return {
    width: sc.width,
    length: sc.length,
    land: sc.land.map((l) => l.polygon),
    shoreBuffer: inches(t.hazards.shoreBufferInches),
    hazards: [...sc.hazards, ...known.map((w) => ({ kind: 'wreck' as const, polygon: w.polygon }))],
    minefields: sc.minefields.map((m) => m.polygon),
    lookAhead: inches(t.directives.lookAheadInches),
    seaRoom: inches(t.directives.seaRoomInches ?? 0),
    current: sc.current,
    halfDriftFromSpv: t.movement.driftHalfFromSpv,
  }
}

export function helmOf(state: RiverState, s: ShipState, pack: RiverPack): Helm {
  const c = pack.classes[s.classKey]!
  const max = maxSpeedNow(s, c.maxSpeed, state.move)
  // Rulings RC-49, RC-72, RC-73: a tow keeps to half her speed and clear of trouble for her friend too;
  // a ship towing an inflated balloon to the balloon speed.
  const towed = s.towing ? state.ships[s.towing] : undefined
  const tc = towed && pack.classes[towed.classKey]!
  const caps = [max, towed ? towSpeedCap(max) : max, balloonSpeed(s, max, pack.tables)]
  const rev = pack.tables.movement.reverseFractionOfMax
  return {
    ...(towed && tc
      ? {
          towed: { id: towed.id, pose: towed.pose, hull: { length: tc.length, beam: tc.beam }, draught: towed.draught },
        }
      : {}),
    pose: s.pose,
    hull: { length: c.length, beam: c.beam },
    draught: s.draught,
    speed: s.speed,
    maxSpeed: Math.min(...caps),
    maxChange: pack.tables.movement.maxSpeedChange,
    radius: radiusOf(s, pack),
    avoidMines: commanded(state, s).captain.quality !== 'reckless',
    spv: s.spv,
    steering: forcedSteering(s.effects, state.move),
    // §7 L453: a third of her top speed astern, all of it for a double-ender (ruling RC-106 backs her off).
    astern: c.doubleEnder ? max : Math.floor((max * rev.num) / rev.den),
  }
}

const afloatHull = (x: ShipState) => x.status !== 'sunk' && x.status !== 'exploded'

/**
 * The other hulls her helm keeps clear of (ruling RC-62), from what her side knows: each friend
 * carried by the speed written for her this move (else her last), each enemy the side saw at the end
 * of last move standing where it was seen. Enemies she is ordered to ram are left out: a named
 * target, or every enemy for a RAM with none named.
 */
export function hullsAround(
  state: RiverState,
  s: ShipState,
  pack: RiverPack,
  written: Record<string, ShipOrder> = {},
  ramming?: { target?: string },
): OtherHull[] {
  const shape = (x: ShipState, speed: number): OtherHull => {
    const c = pack.classes[x.classKey]!
    return { id: x.id, pose: x.pose, hull: { length: c.length, beam: c.beam }, speed }
  }
  const seen = new Set(state.seen[s.side])
  const out: OtherHull[] = []
  for (const x of Object.values(state.ships).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (x.id === s.id || !afloatHull(x) || x.id in state.exited) continue
    if (x.side === s.side) {
      const o = written[x.id]
      out.push(shape(x, x.aground || x.anchored ? 0 : o && !o.helmFree ? o.speed : x.speed))
    } else if (seen.has(x.id) && !(ramming && (ramming.target === undefined || ramming.target === x.id)))
      out.push({ ...shape(x, 0), still: x.speed === 0 || x.anchored === true || x.aground === true })
  }
  return out
}

/** Enemy ships the side saw at the end of last move, still on the table and afloat. */
function enemiesSeen(state: RiverState, s: ShipState): ShipState[] {
  return state.seen[s.side]
    .map((id) => state.ships[id]!)
    .filter((e) => e.status === 'afloat' && !(e.id in state.exited) && e.side === otherSide(s.side))
}

const nearestTo = (p: Point, ships: ShipState[]) =>
  [...ships].sort((a, b) => distance(p, a.pose.pos) - distance(p, b.pose.pos) || (a.id < b.id ? -1 : 1))[0]

/** The most knots from which a ship can still stop within `dist`, slowing `change` a move (§7 L441). */
export function brakingSpeed(dist: number, change: number): number {
  let v = 0
  const run = (x: number) => {
    let total = 0
    for (let k = x; k > 0; k -= change) total += k * 1000
    return total
  }
  while (run(v + 1) <= dist) v++
  return v
}

/** Where a friend's station will be at the end of the move, and how to get there. */
function stationGoal(
  s: ShipState,
  f: ShipState,
  place: keyof typeof RELATIVE,
  gap: number,
  pack: RiverPack,
  written: Record<string, ShipOrder>,
): Goal {
  const arrive = inches(pack.tables.directives.arriveInches)
  const me = pack.classes[s.classKey]!
  const fc = pack.classes[f.classKey]!
  const lengthwise = place === 'AHEAD' || place === 'ASTERN'
  const centres = gap + Math.floor((lengthwise ? fc.length + me.length : fc.beam + me.beam) / 2)
  const o = written[f.id]
  const v = o && !o.helmFree ? o.speed : f.speed
  const carried = advance(f.pose.pos, v < 0 ? f.pose.heading + 18000 : f.pose.heading, Math.abs(v) * 1000)
  const point = stationPoint({ pos: carried, heading: f.pose.heading }, RELATIVE[place], centres)
  const dist = distance(s.pose.pos, point)
  const behind = Math.abs(bearingFrom(s.pose, point)) > 9000
  if (dist <= arrive) return { point, speed: Math.max(0, v), heading: f.pose.heading }
  if (behind) return { point, speed: Math.max(0, v - Math.ceil(dist / 1000)), heading: f.pose.heading }
  return { point, speed: Math.round(dist / 1000) }
}

/** What a directive makes for this move: the goal, the enemy she is after if any, and the directive after. */
function directiveGoal(
  state: RiverState,
  s: ShipState,
  d: Directive,
  pack: RiverPack,
  helm: Helm,
  written: Record<string, ShipOrder>,
): { goal: Goal; enemy?: ShipState; next: Directive } {
  const t = pack.tables.directives
  const arrive = inches(t.arriveInches)
  const ahead: Goal = { point: advance(s.pose.pos, s.pose.heading, 12_000), speed: s.speed }
  const live = (id: string) => {
    const x = state.ships[id]
    return x && x.status === 'afloat' && !(x.id in state.exited) ? x : undefined
  }
  const closeOn = (e: ShipState): Goal =>
    distance(s.pose.pos, e.pose.pos) <= inches(t.closeInches)
      ? { point: e.pose.pos, speed: Math.max(0, e.speed), heading: e.pose.heading }
      : { point: e.pose.pos, speed: helm.maxSpeed }
  // She makes for a point no faster than she can stop there, two knots off a move.
  const makeFor = (p: Point): Goal => ({
    point: p,
    speed: distance(s.pose.pos, p) <= arrive ? 0 : brakingSpeed(distance(s.pose.pos, p), helm.maxChange),
  })
  switch (d.kind) {
    case 'STATION':
    case 'FOLLOW': {
      const f = live(d.ship)
      return {
        goal: f ? stationGoal(s, f, d.kind === 'FOLLOW' ? 'ASTERN' : d.place, d.gap, pack, written) : ahead,
        next: d,
      }
    }
    case 'GUARD': {
      const f = live(d.ship)
      if (!f) return { goal: ahead, next: d }
      const enemy = nearestTo(
        f.pose.pos,
        enemiesSeen(state, s).filter((e) => distance(e.pose.pos, f.pose.pos) <= d.gap),
      )
      if (enemy) return { goal: closeOn(enemy), enemy, next: d }
      if (distance(s.pose.pos, f.pose.pos) > d.gap)
        return { goal: { point: f.pose.pos, speed: helm.maxSpeed }, next: d }
      return { goal: { point: f.pose.pos, speed: Math.max(0, f.speed), heading: f.pose.heading }, next: d }
    }
    case 'ENGAGE': {
      const seen = enemiesSeen(state, s)
      const enemy = seen.find((e) => e.id === d.target) ?? nearestTo(s.pose.pos, seen)
      return enemy ? { goal: closeOn(enemy), enemy, next: d } : { goal: ahead, next: d }
    }
    case 'STEAM-TO':
      return { goal: makeFor(d.to), next: d }
    case 'HOLD':
      return { goal: makeFor(d.at), next: d }
    case 'PATROL': {
      let toB = d.toB
      if (distance(s.pose.pos, toB ? d.b : d.a) <= inches(t.patrolTurnInches)) toB = !toB
      return { goal: { point: toB ? d.b : d.a, speed: helm.maxSpeed }, next: { ...d, toB } }
    }
  }
  return { goal: ahead, next: d }
}

export function pilotOrder(
  state: RiverState,
  s: ShipState,
  d: Directive,
  sc: Scenario,
  pack: RiverPack,
  /** Her side's written lines this move: a friend's station follows the speed she was ordered. */
  written: Record<string, ShipOrder> = {},
): Piloted {
  const arrive = inches(pack.tables.directives.arriveInches)
  const helm = helmOf(state, s, pack)
  const { goal, enemy, next } = directiveGoal(state, s, d, pack, helm, written)
  const course: Course = steer(
    helm,
    goal,
    waters(sc, pack, state, s.side),
    hullsAround(state, s, pack, written, written[s.id]?.ram),
  )
  const target = enemy ?? nearestTo(s.pose.pos, enemiesSeen(state, s))
  const order: ShipOrder = {
    ship: s.id,
    speed: course.speed,
    turns: course.turns,
    fire: fireAt(s, pack, state.move, enemy?.id),
    turrets: target ? trainTurrets(s, pack, target.pose.pos, course.speed) : {},
  }
  // Holding a point: once stopped there, the anchor goes down (§12 L1143 needs her stopped both moves);
  // at anchor she stays there, and any other directive weighs it first.
  const there = distance(s.pose.pos, goal.point) <= arrive
  if (d.kind === 'HOLD' && there && s.speed === 0 && course.speed === 0 && !s.anchored) order.anchor = 'DROP'
  if (s.anchored && (d.kind === 'HOLD' || course.speed === 0)) Object.assign(order, { speed: 0, turns: [] })
  else if (s.anchored) order.anchor = 'WEIGH'
  const note = `${s.name} keeps to her directive, ${describeDirective(d)}${course.safe ? '' : ': no clear course, she slows'}`
  return { order, directive: next, note }
}

/** Every gun that can fire this move at the directive's enemy, else at the nearest enemy in reach. */
function fireAt(s: ShipState, pack: RiverPack, move: number, target?: string): FireOrder[] {
  const guns = pack.classes[s.classKey]!.guns.filter((g) => !gunBar(g.gun, s.guns[g.id]!, move, pack.tables)).map(
    (g) => g.id,
  )
  if (!guns.length) return []
  return [{ selection: 'ALL', guns, target: target ?? 'NEAREST', ...(target ? { orElse: 'NEAREST' } : {}) }]
}

/** Each turret turned toward a point, as far as the inches moved allow (§9 L645, ruling RC-29). */
function trainTurrets(s: ShipState, pack: RiverPack, p: Point, speed: number): Record<string, Quadrant> {
  const out: Record<string, Quadrant> = {}
  const steps = Math.floor((Math.abs(speed) * 1000 * pack.tables.arcs.turretStepsPerInch) / 1000)
  const want = quadrantOf(bearingFrom(s.pose, p))
  for (const tu of pack.classes[s.classKey]!.turrets) {
    const from = s.turrets[tu.id]!.facing
    if (want !== from && !tu.forbidden.includes(want) && quadrantSteps(from, want) <= steps) out[tu.id] = want
  }
  return out
}

/**
 * A silent ship with no directive holds her speed and heading (digest §1.3 step 0), unless that
 * would run her into trouble the helm can see: then she takes the clear course nearest her heading,
 * or slows (ruling RC-54). Null when holding on is clear.
 */
export function holdCourse(
  state: RiverState,
  s: ShipState,
  sc: Scenario,
  pack: RiverPack,
  written: Record<string, ShipOrder> = {},
): Piloted | null {
  const helm = helmOf(state, s, pack)
  // Ruling RC-80: a stopped ship is steered too when the current would set her into danger.
  if (s.anchored || s.speed < 0 || (s.speed === 0 && s.aground)) return null
  const goal: Goal = { point: advance(s.pose.pos, s.pose.heading, 12_000), speed: s.speed }
  const course = steer(helm, goal, waters(sc, pack, state, s.side), hullsAround(state, s, pack, written))
  if (course.speed === s.speed && !course.turns.length) return null
  const turn = course.turns[0]
  const how = turn
    ? `turns ${turn.dir < 0 ? 'to port' : 'to starboard'} ${turn.degrees}`
    : course.speed > s.speed
      ? `goes ahead at ${course.speed}`
      : `slows to ${course.speed}`
  return {
    order: { ship: s.id, speed: course.speed, turns: course.turns, fire: [], turrets: {} },
    directive: { kind: 'HOLD', at: s.pose.pos },
    note: `${s.name} has no orders and holds on, but ${how} to keep clear of danger ahead`,
  }
}
