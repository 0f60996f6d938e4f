// The reader's plot (digest §8 reports): the table as a miniatures captain would draw it for his side,
// printable on A4 or Letter. A grid in inches with labelled rulers and a scale bar, upstream (north)
// at the top and the current's arrows; every ship the reader may see, named, with her heading, what
// her side may know of her speed and damage, and her track over the last move; for his own ships the
// arcs and range bands of the guns that can fire next move and the turning circles at her speed;
// forts with their guns and arc; shoals, obstructions, minefields, smoke and wrecks, and a legend.
// Only what the reader may see is drawn (view.ts visibleShips, smokeWreckMarks.ts).
import type { Viewer } from '../contract.ts'
import { type Box, FIGURE_FONT } from '../kit/labelLayout.ts'
import { hullPolygon } from './hull.ts'
import type { RiverPack } from './pack.ts'
import {
  bandEdges,
  COLOUR,
  currentArrows,
  currentBoxes,
  esc,
  type Frame,
  frameOf,
  gridAndRulers,
  gunArcs,
  mortarRings,
  SIDE_NAME,
  text,
  turningCircles,
  wedge,
} from './plotFrame.ts'
import { drawPlotLabels, type PlotLabel, polygonBox } from './plotLabels.ts'
import { legend } from './plotLegend.ts'
import { buildingMarks, fireMarks } from './plotMarks.ts'
import type { Scenario, Side } from './scenario.ts'
import { centreOf } from './shapes.ts'
import { plotMarks } from './smokeWreckMarks.ts'
import type { RiverState } from './state.ts'
import { visibleShips } from './view.ts'

/** The side a reader plays, if any. */
const sideOf = (viewer: Viewer): Side | null =>
  viewer.kind === 'role' && (viewer.role === 'USA' || viewer.role === 'CSA') ? viewer.role : null

/** Land, hazards, minefields, towns, buildings, parties ashore: the table's features. */
function features(state: RiverState, viewer: Viewer, f: Frame): string[] {
  const { sc } = f
  const out: string[] = []
  for (const l of sc.land)
    out.push(`<polygon class="land" points="${f.pts(l.polygon)}" fill="#b9a77a" stroke="#8c7a4e"/>`)
  for (const z of sc.hazards)
    out.push(
      // Ruling RC-19: a spar chain or boom is a line, not an area.
      z.kind === 'chain'
        ? `<polyline class="chain" points="${f.pts(z.polygon)}" fill="none" stroke="#5a3a1a" stroke-width="2.5"><title>${esc(z.id)}</title></polyline>`
        : z.kind === 'stakes'
          ? `<polygon class="stakes" points="${f.pts(z.polygon)}" fill="#d9c7a0" stroke="#5a3a1a" stroke-dasharray="2 2"><title>stakes</title></polygon>`
          : `<polygon class="shoal" points="${f.pts(z.polygon)}" fill="#e8d9a8" fill-opacity="0.8" stroke="#a08850"><title>shoal${z.depth === undefined ? '' : ` ${z.depth / 10} ft`}</title></polygon>`,
    )
  for (const m of sc.minefields) {
    const known = viewer.kind === 'moderator' || (viewer.kind === 'role' && viewer.role === m.owner)
    out.push(
      `<polygon class="minefield" points="${f.pts(m.polygon)}" fill="none" stroke="#c03030" stroke-dasharray="4 3" stroke-width="${known && m.real ? 2 : 1}"/>`,
    )
  }
  for (const p of sc.places) {
    out.push(
      `<polygon class="town" points="${f.pts(p.polygon)}" fill="#a0522d"><title>${esc(p.name)}</title></polygon>`,
    )
  }
  out.push(...buildingMarks(state, sc, f))
  for (const p of state.parties)
    out.push(`<circle class="party" cx="${f.x(p.pos.x)}" cy="${f.y(p.pos.y)}" r="3.5" fill="${COLOUR[p.side]}"/>`)
  return out
}

/** Each fort: its works, its arc out to its longest gun's reach, and its name, guns and FPV. */
function forts(state: RiverState, f: Frame, pack: RiverPack) {
  const out: string[] = []
  const labels: PlotLabel[] = []
  const boxes: Box[] = []
  for (const fort of f.sc.forts) {
    const fs = state.forts[fort.id]!
    const at = centreOf(fort.polygon)
    const working = fort.guns.filter((g) => !fs.gunsLost?.includes(g.id))
    const reach = Math.max(0, ...working.map((g) => bandEdges(pack.tables.guns[g.gun]!.range, pack).at(-1)!))
    const colour = COLOUR[fort.side]
    if (reach && !fs.silenced)
      out.push(
        wedge(
          f,
          at,
          fort.arcCentre,
          fort.arcHalf,
          reach,
          `class="fort-arc" fill="${colour}" fill-opacity="0.05" stroke="${colour}" stroke-opacity="0.5" stroke-dasharray="6 3"`,
        ),
      )
    out.push(
      `<polygon class="fort" points="${f.pts(fort.polygon)}" fill="#777" stroke="#333"><title>${esc(fort.name)}</title></polygon>`,
    )
    boxes.push(polygonBox(f, fort.polygon))
    const types = new Map<string, number>()
    for (const g of working) types.set(g.gun, (types.get(g.gun) ?? 0) + 1)
    const guns = [...types].map(([g, n]) => `${n} ${g}`).join(', ')
    const detail = `${working.length} guns${guns ? ` (${guns})` : ''}; ${fs.fpv} FPV${fs.silenced ? ', silenced' : ''}`
    labels.push({
      id: `fort:${fort.id}`,
      x: f.x(at.x),
      y: f.y(at.y),
      mark: polygonBox(f, fort.polygon),
      className: 'fort-label',
      lines: [
        { text: fort.name, size: 11, bold: true, attrs: `fill="${colour}" ${HALO}` },
        { text: detail, size: 10, attrs: HALO },
      ],
    })
  }
  return { marks: out, labels, boxes }
}

/** A white rim round the letters: a label stays readable over arcs, rings and the grid. */
const HALO = 'stroke="#fff" stroke-width="2.5" paint-order="stroke"'

/** The track of each ship over the last move, for the readers who saw her then as well. */
function tracks(state: RiverState, visible: string[], side: Side | null, viewer: Viewer, f: Frame): string[] {
  const out: string[] = []
  for (const id of visible) {
    const t = state.tracks?.[id]
    const s = state.ships[id]!
    if (!t || t.path.length < 2 || s.status === 'sunk' || s.status === 'exploded' || id in state.exited) continue
    if (viewer.kind !== 'moderator' && s.side !== side && !(side && t.seenBy.includes(side))) continue
    out.push(
      `<polyline class="track" points="${f.pts([...t.path, s.pose.pos])}" fill="none" stroke="${COLOUR[s.side]}" stroke-width="1.2" stroke-dasharray="4 2" stroke-opacity="0.8"/>`,
    )
  }
  return out
}

/** How far a ship moved over the last move, inches, from her track (what any watcher could measure). */
function moved(state: RiverState, id: string): number | null {
  const t = state.tracks?.[id]
  if (!t || !t.path.length) return null
  const path = [...t.path, state.ships[id]!.pose.pos]
  let d = 0
  for (let i = 1; i < path.length; i++) d += Math.hypot(path[i]!.x - path[i - 1]!.x, path[i]!.y - path[i - 1]!.y)
  return Math.round(d / 100) / 10
}

/** Each ship the reader sees: her hull and bow, and a label with her name, heading and what the reader may know of her. */
function ships(state: RiverState, visible: string[], side: Side | null, viewer: Viewer, f: Frame, pack: RiverPack) {
  const hulls: string[] = []
  const labels: PlotLabel[] = []
  const boxes: Box[] = []
  for (const id of visible) {
    const s = state.ships[id]!
    if (s.status === 'sunk' || s.status === 'exploded' || id in state.exited) continue
    const c = pack.classes[s.classKey]!
    const hull = hullPolygon(s.pose, { length: c.length, beam: c.beam })
    const fill = s.status === 'afloat' ? COLOUR[s.side] : '#999'
    const hullBox = polygonBox(f, hull)
    boxes.push(hullBox)
    hulls.push(
      `<polygon class="ship" points="${f.pts(hull)}" fill="${fill}" stroke="#111" stroke-width="0.6"><title>${esc(s.name)}</title></polygon>`,
    )
    // The bow: a short stroke ahead, so that her heading reads at a glance.
    const [bx, by] = f.toward(s.pose.pos, s.pose.heading, c.length / 2).split(',')
    const [tx, ty] = f.toward(s.pose.pos, s.pose.heading, c.length / 2 + 900).split(',')
    hulls.push(`<line class="bow" x1="${bx}" y1="${by}" x2="${tx}" y2="${ty}" stroke="${fill}" stroke-width="1.5"/>`)
    // Ruling RC-73: a balloon inflated over a ship the reader sees.
    if (s.balloon?.raisedIn !== undefined)
      hulls.push(
        `<circle cx="${f.x(s.pose.pos.x) - 8}" cy="${f.y(s.pose.pos.y) - 8}" r="4" fill="#f4efdc" stroke="#333"><title>${esc(s.name)}'s balloon</title></circle>`,
      )
    const own = viewer.kind === 'moderator' || s.side === side
    const hdg = `${Math.round(s.pose.heading / 100)}°`
    const went = moved(state, id)
    const what = own
      ? [hdg, `${s.speed} kn`, `${s.spv}/${s.spvStart} SPV`, s.anchored ? 'anchored' : '', s.aground ? 'aground' : '']
      : [hdg, went !== null && side && state.tracks?.[id]?.seenBy.includes(side) ? `moved ${went}"` : '']
    if (s.status !== 'afloat') what.push(s.status)
    if (s.fire || s.blaze?.alight) what.push('burning')
    labels.push({
      id: `ship:${id}`,
      x: f.x(s.pose.pos.x),
      y: f.y(s.pose.pos.y),
      // Her hull and the bow stroke ahead of it.
      mark: [
        Math.min(hullBox[0], +tx!) - 2,
        Math.min(hullBox[1], +ty!) - 2,
        Math.max(hullBox[2], +tx!) + 2,
        Math.max(hullBox[3], +ty!) + 2,
      ],
      className: 'ship-label',
      lines: [
        { text: `${id} ${s.name}`, size: 11, bold: true, attrs: `fill="${fill}" ${HALO}` },
        { text: what.filter(Boolean).join(', '), size: 10, attrs: HALO },
      ],
    })
  }
  return { hulls, labels, boxes }
}

/** The game and the time of the report the plot goes with, given by the engine (the rules know no clock). */
export interface PlotStamp {
  game: string
  at: string
}

/** The reader's plot, as SVG. */
export function plotSvg(state: RiverState, viewer: Viewer, sc: Scenario, pack: RiverPack, stamp?: PlotStamp): string {
  const f = frameOf(sc)
  const side = sideOf(viewer)
  const fortMarks = forts(state, f, pack)
  const visible = visibleShips(state, viewer)
  const reader =
    viewer.kind === 'moderator' ? 'moderator' : viewer.kind === 'observer' ? 'observer' : side ? SIDE_NAME[side] : ''
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${f.width}" height="${f.height}" viewBox="0 0 ${f.width} ${f.height}" font-family="${FIGURE_FONT}">`,
    `<rect width="${f.width}" height="${f.height}" fill="#fff"/>`,
    text(
      10,
      20,
      `ACW River and Coastal${stamp ? `, game ${stamp.game}` : ''}: ${sc.title}`,
      'class="title" font-size="16" font-weight="bold"',
    ),
    text(
      10,
      38,
      `${reader} plot, move ${state.move} of ${state.moves}${state.move > 1 ? ` (as move ${state.move - 1} ended)` : ' (the opening)'}${stamp ? `, ${stamp.at}` : ''}; ${state.fog === undefined ? 'clear, 50" sight' : `fog, ${state.fog / 1000}" sight`}`,
      'class="subtitle" font-size="12"',
    ),
    ...gridAndRulers(f),
    // What is drawn on the table stays on it: arcs and rings reaching past its edges are cut there.
    `<clipPath id="table"><rect x="${f.x(0)}" y="${f.y(sc.length)}" width="${f.x(sc.width) - f.x(0)}" height="${f.y(0) - f.y(sc.length)}"/></clipPath>`,
    '<g clip-path="url(#table)">',
    ...features(state, viewer, f),
    ...fortMarks.marks,
    ...plotMarks(state, viewer, sc, pack, f.pts), // wrecks and smoke the reader knows of (RC-78)
    ...currentArrows(f),
  ]
  const reaches: PlotLabel[] = []
  for (const id of visible) {
    const s = state.ships[id]!
    if (s.side !== side || s.status !== 'afloat' || id in state.exited) continue
    const arcs = gunArcs(f, s, state, pack)
    const mortar = mortarRings(f, s, pack)
    parts.push(...arcs.marks, ...mortar.marks, ...turningCircles(f, s, pack))
    reaches.push(...arcs.reaches, ...mortar.reaches)
  }
  const drawn = ships(state, visible, side, viewer, f, pack)
  parts.push(...tracks(state, visible, side, viewer, f), ...drawn.hulls, ...fireMarks(state, visible, f), '</g>')
  const towns: PlotLabel[] = sc.places.map((p) => ({
    id: `place:${p.id}`,
    x: f.x(p.centre.x),
    y: f.y(p.centre.y),
    mark: polygonBox(f, p.polygon),
    lines: [{ text: p.name, size: 11, attrs: `fill="#5a2d12" font-style="italic" ${HALO}` }],
  }))
  const obstacles = [...fortMarks.boxes, ...drawn.boxes, ...currentBoxes(f)]
  parts.push(
    ...drawPlotLabels(f, [...fortMarks.labels, ...drawn.labels, ...towns, ...reaches], obstacles),
    ...legend(f, sc),
    '</svg>',
  )
  return parts.join('\n')
}
