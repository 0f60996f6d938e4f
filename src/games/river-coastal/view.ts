// What each reader may see (digest §3.9, §8 reports): a side sees its own ships in full and the
// enemy ships it has in sight, never their SPV or crew; it sees every minefield square but knows
// which are real only for its own. An observer sees only what both sides could; the moderator all.
import type { Viewer } from '../contract.ts'
import type { RiverPack } from './pack.ts'
import { flagshipOf } from './flagship.ts'
import { burning } from './plotMarks.ts'
import { SIDES, type Scenario, type Side } from './scenario.ts'
import type { RiverState } from './state.ts'

const inch = (u: number) => Math.round(u / 10) / 100

/** The ships this reader may know of: own side, plus enemies in sight; for observers, ships the enemy has seen. */
export function visibleShips(state: RiverState, viewer: Viewer): string[] {
  const all = Object.values(state.ships)
  if (viewer.kind === 'moderator') return all.map((s) => s.id)
  const seenByEnemy = (id: string, side: Side) => state.seen[side === 'USA' ? 'CSA' : 'USA'].includes(id)
  if (viewer.kind === 'observer') return all.filter((s) => seenByEnemy(s.id, s.side)).map((s) => s.id)
  return all.filter((s) => s.side === viewer.role || state.seen[viewer.role as Side]?.includes(s.id)).map((s) => s.id)
}

export function riverView(state: RiverState, viewer: Viewer, sc: Scenario, pack: RiverPack) {
  const mine = (side: string) => viewer.kind === 'moderator' || (viewer.kind === 'role' && viewer.role === side)
  const shown = new Set(visibleShips(state, viewer))
  const ships = [...shown].map((id) => {
    const s = state.ships[id]!
    const base = {
      id,
      name: s.name,
      side: s.side,
      class: pack.classes[s.classKey]!.name,
      x: inch(s.pose.pos.x),
      y: inch(s.pose.pos.y),
      heading: Math.round(s.pose.heading / 100),
      status: s.status,
      ...(state.exited[id] ? { exited: state.exited[id] } : {}),
      // Flames are seen by whoever sees the ship (ruling RC-90).
      ...(burning(s) ? { burning: burning(s)! } : {}),
    }
    if (!mine(s.side)) return base
    return {
      ...base,
      speed: s.speed,
      spv: s.spv,
      pv: s.pv,
      cpvLost: s.cpvLost,
      crew: s.crew,
      draught: s.draught / 10,
      captain: s.captain,
      guns: s.guns,
      effects: s.effects,
      anchored: s.anchored ?? false,
    }
  })
  return {
    scenario: sc.title,
    // The stage the side's orders are for: a hidden deployment reads places, a move reads ship orders.
    phase: state.phase,
    move: state.move,
    moves: state.moves,
    fog: state.fog === undefined ? null : inch(state.fog),
    ships,
    forts: sc.forts.map((f) => ({
      id: f.id,
      name: f.name,
      side: f.side,
      fpv: state.forts[f.id]!.fpv,
      silenced: state.forts[f.id]!.silenced,
    })),
    // A building stands in the open: its BPV is known to all, as a fort's FPV (ruling RC-88).
    buildings: sc.buildings.map((b) => ({
      id: b.id,
      name: b.name,
      side: b.side,
      town: b.town,
      bpv: state.buildings?.[b.id]?.bpv ?? b.bpv,
      bpvStart: b.bpv,
      rubble: state.buildings?.[b.id]?.rubble ?? false,
      destroyed: state.buildings?.[b.id]?.destroyed ?? false,
    })),
    commanders: SIDES.filter((side) => mine(side)).map((side) => ({ side, ...state.commanders[side] })),
    // The flag is flown (§4 L133-143, flagship.ts): a reader knows a side's flagship once it is
    // nominated (or the scenario's, where the side has none to nominate) if she is his own side's
    // or a ship he sees; null otherwise.
    flagships: Object.fromEntries(
      SIDES.map((side) => {
        const id = sc.nominateFlagship.includes(side) && !state.flagships?.[side] ? null : flagshipOf(state, sc, side)
        return [side, id && (mine(side) || shown.has(id)) ? id : null]
      }),
    ),
    objectives: SIDES.filter((side) => mine(side)).map((side) => ({
      side,
      kept: state.objectives[side],
      dealt: state.dealt?.[side] ?? [],
    })),
    // Parties ashore are in the open: every reader sees them.
    parties: state.parties.map((p) => ({ side: p.side, x: inch(p.pos.x), y: inch(p.pos.y), goal: p.goal })),
    placesTaken: state.placesTaken,
    minefields: sc.minefields.map((m) => ({ id: m.id, owner: m.owner, ...(mine(m.owner) ? { real: m.real } : {}) })),
    ...(state.finished ? { finished: state.finished } : {}),
  }
}
