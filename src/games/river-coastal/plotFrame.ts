// The plot's frame (plot.ts): table units to pixels, the grid in inches with its rulers, the current's
// arrows, and the drawing helpers the marks share; for an own ship the arcs and range bands of the guns
// that can fire next move (§9 L595-601, L641-649) and her turning circles at her present speed (§7 L471).
import { type Box, FIGURE_FONT, type LabelLine, textWidth } from '../kit/labelLayout.ts'
import type { Point } from '../kit/geometry.ts'
import type { GunMount } from './derive.ts'
import { gunBar } from './gunnery.ts'
import type { RiverPack } from './pack.ts'
import { radiusOf } from './radius.ts'
import type { Scenario, Side } from './scenario.ts'
import { centreOf } from './shapes.ts'
import type { RiverState } from './state.ts'

/** Pixels to the inch, and the margins: rulers and title above and left, the legend to the right. */
export const S = 12
export const LEFT = 44
export const TOP = 66
const BOTTOM = 40
export const LEGEND = 266
export const COLOUR: Record<Side, string> = { USA: '#1f3f8f', CSA: '#8f1f1f' }
export const SIDE_NAME: Record<Side, string> = { USA: 'Union', CSA: 'Confederate' }

export const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** Where table units fall on the picture. */
export interface Frame {
  sc: Scenario
  x: (u: number) => number
  y: (u: number) => number
  pt: (p: Point) => string
  pts: (poly: Point[]) => string
  /** A point `dist` table units from `from` on an absolute heading in centi-degrees. */
  toward: (from: Point, heading: number, dist: number) => string
  width: number
  height: number
  mapRight: number
  mapBottom: number
}

export function frameOf(sc: Scenario): Frame {
  const r = (n: number) => Math.round(n * 10) / 10
  const x = (u: number) => r(LEFT + (u * S) / 1000)
  const y = (u: number) => r(TOP + ((sc.length - u) * S) / 1000)
  const pt = (p: Point) => `${x(p.x)},${y(p.y)}`
  const mapRight = LEFT + (sc.width * S) / 1000
  const mapBottom = TOP + (sc.length * S) / 1000
  return {
    sc,
    x,
    y,
    pt,
    pts: (poly) => poly.map(pt).join(' '),
    toward: (from, heading, dist) => {
      const a = (heading / 100) * (Math.PI / 180)
      return `${r(x(from.x) + (Math.sin(a) * dist * S) / 1000)},${r(y(from.y) - (Math.cos(a) * dist * S) / 1000)}`
    },
    width: Math.ceil(mapRight + 12 + LEGEND),
    height: Math.ceil(mapBottom + BOTTOM),
    mapRight,
    mapBottom,
  }
}

export const text = (x: number, y: number, body: string, attrs = '') =>
  `<text x="${x}" y="${y}"${attrs.includes('font-size=') ? '' : ' font-size="11"'} font-family="${FIGURE_FONT}"${attrs ? ` ${attrs}` : ''}>${esc(body)}</text>`

/** The water, a grid line every 2" (every 6" darker) and the rulers, labelled every 6". */
export function gridAndRulers(f: Frame): string[] {
  const { sc } = f
  const out = [
    `<rect x="${LEFT}" y="${TOP}" width="${f.mapRight - LEFT}" height="${f.mapBottom - TOP}" fill="#dcecf5"/>`,
  ]
  const grid: string[] = []
  const rulers: string[] = []
  for (let i = 0; i * 1000 <= sc.width; i += 2) {
    const gx = f.x(i * 1000)
    grid.push(
      `<line class="grid" x1="${gx}" y1="${TOP}" x2="${gx}" y2="${f.mapBottom}" stroke="${i % 6 ? '#c4dae8' : '#8fb3c9'}" stroke-width="${i % 6 ? 0.5 : 1}"/>`,
    )
    if (i % 6 === 0) {
      rulers.push(text(gx, TOP - 6, String(i), 'text-anchor="middle" class="ruler"'))
      rulers.push(text(gx, f.mapBottom + 13, String(i), 'text-anchor="middle" class="ruler"'))
    }
  }
  for (let j = 0; j * 1000 <= sc.length; j += 2) {
    const gy = f.y(j * 1000)
    grid.push(
      `<line class="grid" x1="${LEFT}" y1="${gy}" x2="${f.mapRight}" y2="${gy}" stroke="${j % 6 ? '#c4dae8' : '#8fb3c9'}" stroke-width="${j % 6 ? 0.5 : 1}"/>`,
    )
    if (j % 6 === 0) rulers.push(text(LEFT - 4, gy + 4, String(j), 'text-anchor="end" class="ruler"'))
  }
  for (let i = 0; i * 1000 <= sc.width; i++) {
    const tick = i % 6 === 0 ? 6 : 3
    rulers.push(`<line x1="${f.x(i * 1000)}" y1="${TOP}" x2="${f.x(i * 1000)}" y2="${TOP - tick}" stroke="#333"/>`)
  }
  for (let j = 0; j * 1000 <= sc.length; j++) {
    const tick = j % 6 === 0 ? 6 : 3
    rulers.push(`<line x1="${LEFT}" y1="${f.y(j * 1000)}" x2="${LEFT - tick}" y2="${f.y(j * 1000)}" stroke="#333"/>`)
  }
  out.push(...grid, ...rulers)
  out.push(text(LEFT - 30, TOP - 9, 'in.', 'class="ruler"'))
  out.push(
    `<rect x="${LEFT}" y="${TOP}" width="${f.mapRight - LEFT}" height="${f.mapBottom - TOP}" fill="none" stroke="#333"/>`,
  )
  return out
}

/** One arrow downstream in each zone of current, with its knots (digest §3.4: it sets toward y = 0). */
export function currentArrows(f: Frame): string[] {
  return f.sc.current
    .filter((c) => c.knots > 0)
    .map((c) => {
      const m = centreOf(c.polygon)
      const [x, y0, y1] = [f.x(m.x), f.y(m.y) - 14, f.y(m.y) + 14]
      return `<g class="current"><line x1="${x}" y1="${y0}" x2="${x}" y2="${y1}" stroke="#2a6f97" stroke-width="2"/><polygon points="${x - 5},${y1 - 6} ${x + 5},${y1 - 6} ${x},${y1 + 2}" fill="#2a6f97"/>${text(x + 7, f.y(m.y) + 4, `${c.knots} kn`, 'fill="#2a6f97"')}</g>`
    })
}

/** Where the current's arrows and their knots stand: no label covers them. */
export function currentBoxes(f: Frame): [number, number, number, number][] {
  return f.sc.current
    .filter((c) => c.knots > 0)
    .map((c) => {
      const m = centreOf(c.polygon)
      return [f.x(m.x) - 6, f.y(m.y) - 15, f.x(m.x) + 7 + textWidth({ text: `${c.knots} kn`, size: 11 }), f.y(m.y) + 17]
    })
}

/** A wedge from `at` about an absolute heading, `half` either side, out to `reach` (centi-degrees, table units). */
export function wedge(f: Frame, at: Point, centre: number, half: number, reach: number, style: string): string {
  if (half >= 18000) {
    const rx = (reach * S) / 1000
    return `<circle cx="${f.x(at.x)}" cy="${f.y(at.y)}" r="${Math.round(rx * 10) / 10}" ${style}/>`
  }
  const rx = Math.round(((reach * S) / 1000) * 10) / 10
  const large = half * 2 > 18000 ? 1 : 0
  return `<path d="M${f.pt(at)} L${f.toward(at, centre - half, reach)} A${rx},${rx} 0 ${large} 1 ${f.toward(at, centre + half, reach)} Z" ${style}/>`
}

/** The band edges of a class of gun, table units, close to long. */
export const bandEdges = (cls: 'howitzer' | 'smoothbore' | 'rifle', pack: RiverPack) =>
  pack.tables.rangeBands[cls]!.map((b) => b.maxInches * 1000)

/** Each arc of the guns of an own ship that can fire next move, its range bands drawn as rings. */
export function gunArcs(
  f: Frame,
  s: RiverState['ships'][string],
  state: RiverState,
  pack: RiverPack,
): { marks: string[]; reaches: PlotLabel[] } {
  const c = pack.classes[s.classKey]!
  const a = pack.tables.arcs
  const groups = new Map<string, { centre: number; half: number; guns: GunMount[] }>()
  for (const g of c.guns) {
    if (gunBar(g.gun, s.guns[g.id]!, state.move, pack.tables)) continue
    const arc =
      g.mount === 'turret'
        ? {
            centre: { F: 0, S: 9000, A: 18000, P: -9000 }[s.turrets[g.turret]!.facing],
            half: a.turretQuadrantHalfDegrees * 100,
          }
        : { centre: g.centre * 100, half: (g.mount === 'pivot' ? a.pivotHalfDegrees : a.fixedHalfDegrees) * 100 }
    const cls = pack.tables.guns[g.gun]!.range
    const key = `${arc.centre}/${arc.half}/${cls}`
    const grp = groups.get(key) ?? { ...arc, guns: [] }
    grp.guns.push(g)
    groups.set(key, grp)
  }
  const out: string[] = []
  const reaches: PlotLabel[] = []
  const colour = COLOUR[s.side]
  for (const [key, grp] of groups) {
    const cls = pack.tables.guns[grp.guns[0]!.gun]!.range
    const edges = bandEdges(cls, pack)
    const centre = s.pose.heading + grp.centre
    const long = edges.at(-1)!
    out.push(
      `<g class="arc"><title>${esc(`${s.name} ${grp.guns.map((g) => g.id).join(', ')}: ${edges.map((e) => e / 1000).join('/')}" (close/medium/long)`)}</title>${wedge(f, s.pose.pos, centre, grp.half, long, `fill="${colour}" fill-opacity="0.035" stroke="${colour}" stroke-opacity="0.4" stroke-width="0.8"`)}`,
    )
    for (const e of edges.slice(0, -1))
      out.push(
        wedge(
          f,
          s.pose.pos,
          centre,
          grp.half,
          e,
          `class="ring" fill="none" stroke="${colour}" stroke-opacity="0.35" stroke-dasharray="3 3" stroke-width="0.7"`,
        ),
      )
    out.push('</g>')
    const [lx, ly] = f
      .toward(s.pose.pos, centre, long + 600)
      .split(',')
      .map(Number)
    reaches.push({
      id: `reach:${s.name}:${key}`,
      x: lx!,
      y: ly!,
      beside: true,
      className: 'ring-label',
      lines: [{ text: `${long / 1000}"`, size: 9, attrs: `fill="${colour}"` }],
    })
  }
  return { marks: out, reaches }
}

/** Her turning circles to port and starboard, the arc she can run at her present speed drawn bold (§7 L471). */
export function turningCircles(f: Frame, s: RiverState['ships'][string], pack: RiverPack): string[] {
  const radius = radiusOf(s, pack)
  const run = Math.abs(s.speed) * 1000
  if (!radius || !run) return []
  const rx = Math.round(((radius * S) / 1000) * 10) / 10
  const back = s.speed < 0 ? 18000 : 0
  return [-1, 1].map((dir) => {
    const centre = { heading: s.pose.heading + dir * 9000 }
    const c = f.toward(s.pose.pos, centre.heading, radius)
    const [cx, cy] = c.split(',').map(Number)
    // The point reached after `run` along the circle: the angle it subtends, capped at a half turn.
    const turn = Math.min(Math.PI, run / radius)
    const start = ((s.pose.heading - dir * 9000) / 100) * (Math.PI / 180)
    const end = start + dir * turn * (back ? -1 : 1)
    const px = (ang: number) =>
      `${Math.round((cx! + Math.sin(ang) * rx) * 10) / 10},${Math.round((cy! - Math.cos(ang) * rx) * 10) / 10}`
    return `<g class="turning"><circle cx="${cx}" cy="${cy}" r="${rx}" fill="none" stroke="#555" stroke-opacity="0.35" stroke-dasharray="1 3"/><path d="M${px(start)} A${rx},${rx} 0 0 ${dir > 0 === !back ? 1 : 0} ${px(end)}" fill="none" stroke="#333" stroke-width="1.2" stroke-opacity="0.7"/></g>`
  })
}

/** §9 L837-839: a mortar ship's band, 6" to her mortars' reach, as two dotted circles. */
export function mortarRings(
  f: Frame,
  s: RiverState['ships'][string],
  pack: RiverPack,
): { marks: string[]; reaches: PlotLabel[] } {
  const m = pack.classes[s.classKey]!.mortars
  if (!m.length) return { marks: [], reaches: [] }
  const t = pack.tables.mortars
  const reach = Math.max(...m.map((x) => t.rangeInches[x.kind])) * 1000
  const style = `class="mortar-ring" fill="none" stroke="#6b3a1e" stroke-opacity="0.6" stroke-dasharray="1 4" stroke-width="1.2"`
  const [lx, ly] = f
    .toward(s.pose.pos, 4500, reach + 500)
    .split(',')
    .map(Number)
  return {
    marks: [
      wedge(f, s.pose.pos, 0, 18000, t.minRangeInches * 1000, style),
      wedge(f, s.pose.pos, 0, 18000, reach, style),
    ],
    reaches: [
      {
        id: `mortar:${s.name}`,
        x: lx!,
        y: ly!,
        beside: true,
        lines: [{ text: `mortar ${reach / 1000}"`, size: 9, attrs: 'fill="#6b3a1e"' }],
      },
    ],
  }
}

/** One label: where it belongs, its lines and each line's drawing attributes. */
export interface PlotLabel {
  id: string
  x: number
  y: number
  radius?: number
  /** The mark itself (a hull, a town): the label keeps off it. */
  mark?: Box
  lines: (LabelLine & { attrs: string })[]
  /** A mark that only makes sense beside its point (a ring's reach): no leader, left out if crowded. */
  beside?: boolean
  className?: string
}
