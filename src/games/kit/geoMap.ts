// Maps on real geography for strategic games: the land from Natural Earth (world-atlas,
// read with topojson-client) projected with d3-geo onto the extent a figure shows, then the game's
// places (a dot, a label, a badge of what stands there) and the links between them. The labels are
// placed by labelLayout: next to their dot when there is room, further out with a line back to it
// when not, never over another label, a dot, the title or the legend. Pure: the same input gives
// the same SVG.
import { geoConicConformal, geoEquirectangular, geoPath, type GeoProjection } from 'd3-geo'
import type { FeatureCollection, Geometry } from 'geojson'
import { feature } from 'topojson-client'
import type { Topology } from 'topojson-specification'
import land50 from 'world-atlas/land-50m.json' with { type: 'json' }
import land110 from 'world-atlas/land-110m.json' with { type: 'json' }
import { BASELINE, type Box, type LabelLine, LINE_HEIGHT, layoutLabels, measure } from './labelLayout.ts'

export interface GeoPlace {
  id: string
  lon: number
  lat: number
  label: string
  /** Fill of the dot: who holds the place, in the game's colours. */
  fill: string
  /** A short line drawn under the label: what stands there. */
  badge?: string
  /** A larger dot for a place that matters more (a city or port). */
  major?: boolean
}

export interface GeoLink {
  from: [number, number]
  to: [number, number]
  colour: string
  dashed?: boolean
}

export interface GeoMapSpec {
  title: string
  width: number
  height: number
  /** [[west, south], [east, north]] in degrees. */
  extent: [[number, number], [number, number]]
  /** A conic projection for a theatre (true shapes), a plate carrée for the whole world. */
  projection: 'theatre' | 'world'
  places: GeoPlace[]
  links: GeoLink[]
  legend: string[]
}

export const GEO_FONT = 'DejaVu Sans, Arial, Helvetica, sans-serif'

const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const r1 = (n: number) => Math.round(n * 10) / 10

/** Natural Earth's land: the 1:50m set for a theatre, the 1:110m set for the world. */
export function landOf(fine: boolean): FeatureCollection<Geometry> {
  // Decoded once per process: every figure of every report draws the same coasts.
  let land = lands.get(fine)
  if (!land) {
    const topo = (fine ? land50 : land110) as unknown as Topology
    land = feature(topo, topo.objects.land!) as unknown as FeatureCollection<Geometry>
    lands.set(fine, land)
  }
  return land
}
const lands = new Map<boolean, FeatureCollection<Geometry>>()

function projectionFor(spec: GeoMapSpec): GeoProjection {
  const [[w, s], [e, n]] = spec.extent
  // The corners and edge midpoints of the extent (a polygon would need the sphere's winding order).
  const frame = {
    type: 'MultiPoint' as const,
    coordinates: [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [(w + e) / 2, n],
      [(w + e) / 2, s],
      [w, (s + n) / 2],
      [e, (s + n) / 2],
    ],
  }
  const base =
    spec.projection === 'theatre'
      ? geoConicConformal()
          .parallels([s + (n - s) / 4, n - (n - s) / 4])
          .rotate([-(w + e) / 2, 0])
      : geoEquirectangular()
  return base.fitExtent(
    [
      [8, 28],
      [spec.width - 8, spec.height - 8],
    ],
    frame,
  )
}

const landPaths = new Map<string, string>()

/**
 * The land's outline as an SVG path. A theatre's is clipped to the figure with a margin: the rest of
 * the world's coasts are off the picture, and drawn they made the SVG a megabyte that every report
 * parsed again; the margin keeps the outline the clip draws along its edge off the picture, so the
 * pixels are those of the unclipped land. The world's figure shows all of it and is drawn whole.
 */
function landPath(projection: GeoProjection, spec: GeoMapSpec): string {
  const theatre = spec.projection === 'theatre'
  const m = 50
  const clip: [[number, number], [number, number]] = [
    [-m, -m],
    [spec.width + m, spec.height + m],
  ]
  return geoPath(theatre ? projection.clipExtent(clip) : projection)(landOf(theatre)) ?? ''
}

/** The figure as SVG text. */
export function geoMapSvg(spec: GeoMapSpec): string {
  const projection = projectionFor(spec)
  // The coast depends only on the frame: drawn once per frame and reused.
  const frameKey = JSON.stringify([spec.width, spec.height, spec.extent, spec.projection])
  let land = landPaths.get(frameKey)
  if (land === undefined) {
    land = landPath(projection, spec)
    landPaths.set(frameKey, land)
  }
  const at = (lon: number, lat: number): [number, number] => {
    const p = projection([lon, lat]) ?? [0, 0]
    return [r1(p[0]), r1(p[1])]
  }
  const inside = (x: number, y: number) => x >= 0 && y >= 20 && x <= spec.width && y <= spec.height
  const links = spec.links
    .map((l) => [at(...l.from), at(...l.to), l] as const)
    .filter(([a, b]) => inside(...a) || inside(...b))
    .map(
      ([a, b, l]) =>
        `<line x1="${a[0]}" y1="${a[1]}" x2="${b[0]}" y2="${b[1]}" stroke="${l.colour}" stroke-width="1.2"${l.dashed ? ' stroke-dasharray="4 3"' : ''}/>`,
    )
  const dots = [...spec.places].map((p) => ({ p, at: at(p.lon, p.lat) })).filter(({ at: [x, y] }) => inside(x, y))
  const legendTop = spec.height - 10 - spec.legend.length * 12
  const labels = placeLabels(spec, dots, legendTop)
  const byId = new Map(dots.map((d) => [d.p.id, d]))
  const leaders = labels.flatMap(({ id, box, leader }) => {
    if (!leader) return []
    const [x, y] = byId.get(id)!.at
    const tx = Math.min(Math.max(x, box[0]), box[2])
    const ty = Math.min(Math.max(y, box[1]), box[3])
    return [`<line x1="${x}" y1="${y}" x2="${r1(tx)}" y2="${r1(ty)}" stroke="#1b2631" stroke-width="0.6"/>`]
  })
  const boxOf = new Map(labels.map((l) => [l.id, l.box]))
  const places = dots.map(({ p, at: [x, y] }) => {
    const box = boxOf.get(p.id)
    return (
      `<circle cx="${x}" cy="${y}" r="${p.major ? 4 : 2.8}" fill="${p.fill}" stroke="#222" stroke-width="0.8"/>` +
      (box ? labelSvg(p, box, box[2] <= x) : '')
    )
  })
  const legend = spec.legend.map(
    (l, i) => `<text x="10" y="${spec.height - 10 - (spec.legend.length - 1 - i) * 12}" font-size="9">${esc(l)}</text>`,
  )
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width}" height="${spec.height}" viewBox="0 0 ${spec.width} ${spec.height}" font-family="${GEO_FONT}">`,
    `<rect width="${spec.width}" height="${spec.height}" fill="#dbe9f4"/>`,
    `<path d="${land}" fill="#efe8d8" stroke="#9b8f74" stroke-width="0.6"/>`,
    ...links,
    ...leaders,
    ...places,
    `<text x="10" y="18" font-size="13" font-weight="bold">${esc(spec.title)}</text>`,
    ...legend,
    '</svg>',
  ].join('\n')
}

const LABEL_SIZE = 9
/** A pale rim round each letter: a label stays readable where a link or a coast runs under it. */
const HALO = ' stroke="#ffffff" stroke-opacity="0.8" stroke-width="2.2" stroke-linejoin="round" paint-order="stroke"'
const BADGE_SIZE = 8.5
/** Pieces on one line of a badge: a crowded port's list wraps instead of running across the map. */
const BADGE_WORDS = 4

/** A place's label block: its name, then what stands there a few pieces a line. */
function linesOf(p: GeoPlace): LabelLine[] {
  const words = p.badge ? p.badge.split(' ') : []
  const badge: LabelLine[] = []
  for (let i = 0; i < words.length; i += BADGE_WORDS)
    badge.push({ text: words.slice(i, i + BADGE_WORDS).join(' '), size: BADGE_SIZE })
  return [{ text: p.label, size: LABEL_SIZE }, ...badge]
}

function placeLabels(spec: GeoMapSpec, dots: { p: GeoPlace; at: [number, number] }[], legendTop: number) {
  const obstacles: Box[] = dots.map(({ p, at: [x, y] }) => {
    const r = (p.major ? 4 : 2.8) + 1
    return [x - r, y - r, x + r, y + r]
  })
  obstacles.push([0, 0, measure([{ text: spec.title, size: 13, bold: true }]).w + 10, 24])
  if (spec.legend.length)
    obstacles.push([
      0,
      legendTop,
      Math.max(...spec.legend.map((l) => measure([{ text: l, size: 9 }]).w)) + 10,
      spec.height,
    ])
  // The biggest blocks first (they have the fewest places to go), then north to south.
  const order = [...dots].sort(
    (a, b) => linesOf(b.p).length - linesOf(a.p).length || a.at[1] - b.at[1] || a.at[0] - b.at[0],
  )
  return layoutLabels(
    order.map(({ p, at: [x, y] }) => ({ id: p.id, x, y, lines: linesOf(p) })),
    obstacles,
    [2, 2, spec.width - 2, spec.height - 2],
  )
}

/** The label's lines in its box; a box to the left of its dot is set flush right, toward the dot. */
function labelSvg(p: GeoPlace, box: Box, toTheLeft: boolean): string {
  let top = box[1] + 1
  const x = toTheLeft ? `${r1(box[2] - 2)}" text-anchor="end` : r1(box[0] + 2)
  return linesOf(p)
    .map((l, i) => {
      top += l.size * LINE_HEIGHT
      const fill = i ? ' fill="#4a2a00"' : ''
      return `<text x="${x}" y="${r1(top - l.size * BASELINE)}" font-size="${l.size}"${fill}${HALO}>${esc(l.text)}</text>`
    })
    .join('')
}
