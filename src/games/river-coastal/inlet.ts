// The "control the islands' inlet area" card (rulebook §6 L403, digest §2.6 and A13, ruling RC-82).
// The area is the water about the two small islands of the random table's ISLANDS card (§5 L265):
// the rectangle that bounds both islands, grown by the pack's margin, so the channel between them
// and the water on either hand. As with the downstream area (ruling RC-65) control is judged when
// the game ends: a ship of the side lies in it able to move, and no enemy ship afloat does.
import { type Point, pointInPolygon } from '../kit/geometry.ts'
import type { RiverPack } from './pack.ts'
import type { Scenario, Side } from './scenario.ts'
import { canMove } from './ship.ts'
import type { RiverState } from './state.ts'
import { inches } from './units.ts'

/** The inlet area, or null on a table without the two islands. */
export function inletArea(state: RiverState, sc: Scenario, pack: RiverPack): Point[] | null {
  const square = (state.table?.draw.cards.indexOf('ISLANDS') ?? -1) + 1
  if (!square) return null
  const islands = sc.land.filter((l) => l.id.startsWith(`sq${square}-island`))
  if (!islands.length) return null
  const pts = islands.flatMap((l) => l.polygon)
  const m = inches(pack.tables.objectives.inletMarginInches ?? 0)
  const [x0, x1] = [Math.min(...pts.map((p) => p.x)) - m, Math.max(...pts.map((p) => p.x)) + m]
  const [y0, y1] = [Math.min(...pts.map((p) => p.y)) - m, Math.max(...pts.map((p) => p.y)) + m]
  return [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ]
}

/** Whether `side` holds the inlet now: a ship of hers in it, afloat, not aground and able to move (a prize she sails counts), and no enemy afloat in it. */
export function holdsInlet(side: Side, state: RiverState, sc: Scenario, pack: RiverPack): boolean {
  const area = inletArea(state, sc, pack)
  if (!area) return false
  const inside = Object.values(state.ships).filter(
    (s) => s.status === 'afloat' && !(s.id in state.exited) && pointInPolygon(s.pose.pos, area),
  )
  const able = inside.some(
    (s) => s.side === side && !s.aground && canMove(s, pack.classes[s.classKey]!.maxSpeed, state.move),
  )
  return able && !inside.some((s) => s.side !== side)
}
