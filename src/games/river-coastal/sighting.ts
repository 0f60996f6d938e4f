// Who sees whom at the end of movement (rulebook §9 L537, digest §3.9): a side sees an enemy ship
// when any of its ships afloat, or its forts, has a clear line to it within 50" (or the fog's reach);
// from a balloon aloft no ship screens and the 50" limit does not hold (balloons.ts, ruling RC-73).
// Land, forts and standing buildings hide what lies behind them (digest §3.8, ruling RC-100).
import { type Point, pointInPolygon } from '../kit/geometry.ts'
import { balloonAloft } from './balloons.ts'
import type { RiverPack } from './pack.ts'
import type { Scenario, Side } from './scenario.ts'
import { centreOf } from './shapes.ts'
import { canSee, type Sighted } from './sight.ts'
import type { RiverState } from './state.ts'
import { smokeScreens } from './smoke.ts'

export function sightedShip(state: RiverState, id: string, pack: RiverPack): Sighted {
  const s = state.ships[id]!
  const c = pack.classes[s.classKey]!
  return { id, pose: s.pose, hull: { length: c.length, beam: c.beam }, spv: s.spv }
}

/** Ships that are on the table and not sunk: these can see and be seen. */
export const present = (state: RiverState) =>
  Object.values(state.ships).filter(
    (s) => (s.status === 'afloat' || s.status === 'abandoned') && !(s.id in state.exited),
  )

/** The sight rules now: range (fog) and smoke. */
export const sightRules = (state: RiverState, pack: RiverPack) => ({
  maxRange: sightRange(state, pack),
  smoke: smokeScreens(state),
})

export function sightRange(state: RiverState, pack: RiverPack): number {
  const max = pack.tables.visibility.maxSightInches * 1000
  return state.fog === undefined ? max : Math.min(max, state.fog)
}

/**
 * What hides a ship from an eye (§9 L537, digest §3.8, ruling RC-100): the land, every fort's
 * footprint and every building not destroyed (rubble too), less any the eye stands in, as a fort's
 * garrison looks out over its own walls and point.
 */
export function screensFrom(eye: Point, state: RiverState, sc: Scenario): Point[][] {
  const standing = sc.buildings.filter((b) => !state.buildings?.[b.id]?.destroyed)
  return [...sc.land, ...sc.forts, ...standing].map((x) => x.polygon).filter((p) => !pointInPolygon(eye, p))
}

/** The enemy ship ids one side can see now. */
export function seenBy(side: Side, state: RiverState, sc: Scenario, pack: RiverPack): string[] {
  const ships = present(state)
  const all = ships.map((s) => sightedShip(state, s.id, pack))
  const observers: Sighted[] = [
    ...all.filter((o) => state.ships[o.id]!.side === side && state.ships[o.id]!.status === 'afloat'),
    ...sc.forts
      .filter((f) => f.side === side)
      .map((f) => ({ id: f.id, pose: { pos: centreOf(f.polygon), heading: 0 }, hull: { length: 1, beam: 1 }, spv: 0 })),
  ]
  const rules = sightRules(state, pack)
  // §7 L485 ruling RC-73: from a balloon aloft no ship screens and the 50" limit is lifted; fog still holds.
  const aloft = observers.filter((o) => state.ships[o.id] && balloonAloft(state.ships[o.id]!, state.move, pack.tables))
  const high = { ...rules, maxRange: state.fog ?? Number.MAX_SAFE_INTEGER }
  const landFor = (o: Sighted) => screensFrom(o.pose.pos, state, sc)
  return all
    .filter((t) => state.ships[t.id]!.side !== side)
    .filter(
      (t) =>
        observers.some((o) => canSee(o, t, all, landFor(o), rules)) ||
        aloft.some((o) => canSee(o, t, [], landFor(o), high)),
    )
    .map((t) => t.id)
    .sort()
}
