// What each reader may see (digest §3.9, §8 reports): a side sees its own ships in full and the
// enemy ships it has in sight, never their SPV or crew; it sees every minefield square but knows
// which are real only for its own. An observer sees only what both sides could; the moderator all.
import type { Viewer } from '../contract.ts'
import { hullPolygon } from './hull.ts'
import type { RiverPack } from './pack.ts'
import { buildingMarks, burning, fireMarks } from './plotMarks.ts'
import { plotMarks } from './smokeWreckMarks.ts'
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
  const ships = visibleShips(state, viewer).map((id) => {
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
    }
  })
  return {
    scenario: sc.title,
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

const COLOUR: Record<Side, string> = { USA: '#1f3f8f', CSA: '#8f1f1f' }

/** The reader's plot: 10 px to the inch, upstream at the top. */
export function plotSvg(state: RiverState, viewer: Viewer, sc: Scenario, pack: RiverPack): string {
  const px = (u: number) => Math.round(u / 100)
  const h = px(sc.length)
  const pts = (poly: { x: number; y: number }[]) => poly.map((p) => `${px(p.x)},${h - px(p.y)}`).join(' ')
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px(sc.width)}" height="${h}" viewBox="0 0 ${px(sc.width)} ${h}">`,
    `<rect width="${px(sc.width)}" height="${h}" fill="#cfe3ef"/>`,
  ]
  for (const l of sc.land) parts.push(`<polygon points="${pts(l.polygon)}" fill="#b9a77a"/>`)
  for (const z of sc.hazards)
    parts.push(
      // Ruling RC-19: a spar chain or boom is a line, not an area.
      z.kind === 'chain'
        ? `<polyline points="${pts(z.polygon)}" fill="none" stroke="#5a3a1a" stroke-width="2"><title>${z.id}</title></polyline>`
        : `<polygon points="${pts(z.polygon)}" fill="#e8d9a8" stroke="#a08850"/>`,
    )
  for (const m of sc.minefields) {
    const known = viewer.kind === 'moderator' || (viewer.kind === 'role' && viewer.role === m.owner)
    parts.push(
      `<polygon points="${pts(m.polygon)}" fill="none" stroke="#c03030" stroke-dasharray="4 3" stroke-width="${known && m.real ? 2 : 1}"/>`,
    )
  }
  for (const p of sc.places)
    parts.push(`<polygon points="${pts(p.polygon)}" fill="#a0522d"><title>${p.name}</title></polygon>`)
  parts.push(...buildingMarks(state, sc, { px, h, pts }))
  for (const p of state.parties)
    parts.push(`<circle cx="${px(p.pos.x)}" cy="${h - px(p.pos.y)}" r="3" fill="${COLOUR[p.side]}"/>`)
  for (const f of sc.forts)
    parts.push(`<polygon points="${pts(f.polygon)}" fill="#777"><title>${f.name}</title></polygon>`)
  parts.push(...plotMarks(state, viewer, sc, pack, pts)) // wrecks and smoke the reader knows of (RC-78)
  for (const id of visibleShips(state, viewer)) {
    const s = state.ships[id]!
    if (s.status === 'sunk' || s.status === 'exploded' || id in state.exited) continue
    const c = pack.classes[s.classKey]!
    const hull = hullPolygon(s.pose, { length: c.length, beam: c.beam })
    const fill = s.status === 'afloat' ? COLOUR[s.side] : '#999'
    parts.push(`<polygon points="${pts(hull)}" fill="${fill}"><title>${s.name}</title></polygon>`)
    parts.push(
      `<text x="${px(s.pose.pos.x) + 8}" y="${h - px(s.pose.pos.y)}" font-size="10" font-family="sans-serif">${id}</text>`,
    )
    // Ruling RC-73: a balloon inflated over a ship the reader sees.
    if (s.balloon?.raisedIn !== undefined)
      parts.push(
        `<circle cx="${px(s.pose.pos.x) - 8}" cy="${h - px(s.pose.pos.y) - 8}" r="4" fill="#f4efdc" stroke="#333"><title>${s.name}'s balloon</title></circle>`,
      )
  }
  parts.push(...fireMarks(state, visibleShips(state, viewer), { px, h, pts }))
  parts.push('</svg>')
  return parts.join('\n')
}
