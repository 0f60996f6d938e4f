// A ship's plotted move as a chain of legs in water distance (digest §3.3): straight runs and arcs
// at the class radius. A plan always adds up to the move's distance; a turn that does not fit is
// cut short (the order parser refuses it first, with the legal range). Forced steering from damage
// (tables 2 and 4, ruling RC-34) replaces the plotted turns.
import { advance, normalise, type Point } from '../kit/geometry.ts'
import type { Pose } from './hull.ts'
import { arcLengthFor, turnOver } from './turning.ts'

export type Leg = { kind: 'straight'; length: number } | { kind: 'arc'; dir: 1 | -1; length: number; angle: number }

export interface Plan {
  /** Water distance this move, table units (speed in knots x 1000). */
  distance: number
  astern: boolean
  radius: number
  legs: Leg[]
}

/** A plotted turn: port (-1) or starboard (+1), whole degrees, starting `at` table units into the move. */
export interface PlottedTurn {
  dir: 1 | -1
  degrees: number
  at: number
}

export type Steering = 'free' | 'hardPort' | 'hardStarboard' | 'straight'

const FORCED: Record<string, Steering> = {
  hardPort: 'hardPort',
  hardStarboard: 'hardStarboard',
  sameCourse: 'straight',
  straightAhead: 'straight',
}

/** The steering damage forces on a ship this move (tables 2 and 4, ruling RC-34), else free. */
export function forcedSteering(effects: { kind: string; until: number | 'game' }[], move: number): Steering {
  const active = effects.filter((e) => e.until === 'game' || e.until >= move)
  return active.map((e) => FORCED[e.kind]).find(Boolean) ?? 'free'
}

/** A turn with no end: the hard-over steering of a jammed rudder. */
const ENDLESS = Number.MAX_SAFE_INTEGER

export function buildPlan(speed: number, radius: number, turns: PlottedTurn[], steering: Steering = 'free'): Plan {
  const distance = Math.abs(speed) * 1000
  const plan: Plan = { distance, astern: speed < 0, radius, legs: [] }
  if (distance === 0) return plan
  if (steering === 'hardPort' || steering === 'hardStarboard') {
    plan.legs.push({ kind: 'arc', dir: steering === 'hardPort' ? -1 : 1, length: distance, angle: ENDLESS })
    return plan
  }
  let used = 0
  const sorted = steering === 'straight' ? [] : [...turns].sort((a, b) => a.at - b.at)
  for (const t of sorted) {
    const start = Math.max(t.at, used)
    if (start >= distance) break
    if (start > used) plan.legs.push({ kind: 'straight', length: start - used })
    const angle = t.degrees * 100
    const length = Math.min(arcLengthFor(angle, radius), distance - start)
    plan.legs.push({ kind: 'arc', dir: t.dir, length, angle })
    used = start + length
  }
  if (used < distance) plan.legs.push({ kind: 'straight', length: distance - used })
  return plan
}

/** How far along a plan a ship is: the leg, the distance into it, and the heading the leg began on. */
export interface Cursor {
  leg: number
  into: number
  legHeading: number
}

export const startCursor = (heading: number): Cursor => ({ leg: 0, into: 0, legHeading: heading })

function headingIn(leg: Leg, legHeading: number, s: number, radius: number): number {
  if (leg.kind === 'straight') return legHeading
  return normalise(legHeading + leg.dir * Math.min(leg.angle, turnOver(s, radius)))
}

/** Moves a pose `ds` further along the plan: positions follow the chord at the mid-step heading. */
export function stepAlong(plan: Plan, cursor: Cursor, pose: Pose, ds: number): { pose: Pose; cursor: Cursor } {
  let pos: Point = pose.pos
  let heading = pose.heading
  let { leg, into, legHeading } = cursor
  let left = ds
  while (left > 0 && leg < plan.legs.length) {
    const l = plan.legs[leg]!
    const d = Math.min(left, l.length - into)
    const mid = headingIn(l, legHeading, into + Math.floor(d / 2), plan.radius)
    pos = advance(pos, plan.astern ? mid + 18000 : mid, d)
    into += d
    left -= d
    heading = headingIn(l, legHeading, into, plan.radius)
    if (into >= l.length) {
      leg++
      into = 0
      legHeading = heading
    }
  }
  return { pose: { pos, heading }, cursor: { leg, into, legHeading } }
}

/** The rest of a plan run straight on a new heading (after a slide, digest §3.6). */
export function straightRemainder(plan: Plan, cursor: Cursor): Plan {
  let left = 0
  for (let i = cursor.leg; i < plan.legs.length; i++)
    left += plan.legs[i]!.length - (i === cursor.leg ? cursor.into : 0)
  return { ...plan, distance: left, legs: left > 0 ? [{ kind: 'straight', length: left }] : [] }
}
