// Marks on each reader's plot (view.ts) besides the hulls: a town's buildings, shaded by what is
// left of them (§9 L881-911, buildings.ts), and flames on the ships in the reader's sight that are
// burning: a fire ship alight (§9 L543) or a ship that caught fire (L547-553, ruling RC-90). Only
// the ships the reader may see are passed in, so a fire out of sight draws nothing.
import type { Point } from '../kit/geometry.ts'
import type { Scenario } from './scenario.ts'
import type { RiverState } from './state.ts'

type Draw = { x: (u: number) => number; y: (u: number) => number; pts: (poly: Point[]) => string }

/** The buildings: brown standing, lighter as rubble, grey once destroyed (public, as forts are). */
export function buildingMarks(state: RiverState, sc: Scenario, d: Draw): string[] {
  return sc.buildings.map((b) => {
    const bs = state.buildings?.[b.id]
    const fill = bs?.destroyed ? '#8a8a8a' : bs?.rubble ? '#c9a27e' : '#6b3a1e'
    const how = bs?.destroyed ? 'destroyed' : bs?.rubble ? 'rubble' : 'standing'
    return `<polygon points="${d.pts(b.polygon)}" fill="${fill}" stroke="#3b2010"><title>${b.name}: ${how}</title></polygon>`
  })
}

/** What a reader sees burning aboard a ship: a fire ship alight, or a ship on fire. */
export function burning(s: RiverState['ships'][string]): 'alight' | 'on fire' | null {
  if (s.blaze?.alight) return 'alight'
  return s.fire ? 'on fire' : null
}

/** A flame beside each burning ship among those the reader sees (afloat or abandoned, on the table). */
export function fireMarks(state: RiverState, visible: string[], d: Draw): string[] {
  const out: string[] = []
  for (const id of visible) {
    const s = state.ships[id]!
    const how = burning(s)
    if (!how || s.status === 'sunk' || s.status === 'exploded' || id in state.exited) continue
    const [x, y] = [d.x(s.pose.pos.x), d.y(s.pose.pos.y)]
    out.push(
      `<circle class="fire" cx="${x}" cy="${y}" r="6" fill="#ff8c00" fill-opacity="0.8" stroke="#d01010"><title>${s.name} ${how}</title></circle>`,
    )
  }
  return out
}
