// Maps on real geography for strategic games: the land from Natural Earth (world-atlas,
// read with topojson-client) projected with d3-geo onto the extent a figure shows, then the game's
// places (a dot, a label, a badge of what stands there) and the links between them. Labels that
// would overlap are moved down until they do not. Pure: the same input gives the same SVG.
import { geoConicConformal, geoEquirectangular, geoPath, type GeoProjection } from 'd3-geo'
import type { FeatureCollection, Geometry } from 'geojson'
import { feature } from 'topojson-client'
import type { Topology } from 'topojson-specification'
import land50 from 'world-atlas/land-50m.json' with { type: 'json' }
import land110 from 'world-atlas/land-110m.json' with { type: 'json' }

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

/** The figure as SVG text. */
export function geoMapSvg(spec: GeoMapSpec): string {
  const projection = projectionFor(spec)
  const path = geoPath(projection)
  // The coast depends only on the frame: drawn once per frame and reused.
  const frameKey = JSON.stringify([spec.width, spec.height, spec.extent, spec.projection])
  let land = landPaths.get(frameKey)
  if (land === undefined) {
    land = path(landOf(spec.projection === 'theatre')) ?? ''
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
  // Labels: to the right of their dot, pushed down past any label already placed that they would overlap.
  const taken: [number, number, number, number][] = []
  const overlaps = (b: [number, number, number, number]) =>
    taken.some((t) => b[0] < t[2] && t[0] < b[2] && b[1] < t[3] && t[1] < b[3])
  const places: string[] = []
  for (const p of [...spec.places].sort((a, b) => a.lat - b.lat || a.lon - b.lon).reverse()) {
    const [x, y] = at(p.lon, p.lat)
    if (!inside(x, y)) continue
    const lines = [p.label, ...(p.badge ? [p.badge] : [])]
    const w = Math.max(...lines.map((l) => l.length)) * 5.4 + 4
    const h = lines.length * 10 + 2
    let ly = y - 4
    let box: [number, number, number, number] = [x + 4, ly - 8, x + 4 + w, ly - 8 + h]
    for (let i = 0; i < 12 && overlaps(box); i++) {
      ly += 7
      box = [x + 4, ly - 8, x + 4 + w, ly - 8 + h]
    }
    taken.push(box)
    places.push(
      `<circle cx="${x}" cy="${y}" r="${p.major ? 4 : 2.8}" fill="${p.fill}" stroke="#222" stroke-width="0.8"/>` +
        `<text x="${r1(x + 6)}" y="${r1(ly)}" font-size="9">${esc(p.label)}</text>` +
        (p.badge
          ? `<text x="${r1(x + 6)}" y="${r1(ly + 10)}" font-size="8.5" fill="#4a2a00">${esc(p.badge)}</text>`
          : ''),
    )
  }
  const legend = spec.legend.map(
    (l, i) => `<text x="10" y="${spec.height - 10 - (spec.legend.length - 1 - i) * 12}" font-size="9">${esc(l)}</text>`,
  )
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width}" height="${spec.height}" viewBox="0 0 ${spec.width} ${spec.height}" font-family="${GEO_FONT}">`,
    `<rect width="${spec.width}" height="${spec.height}" fill="#dbe9f4"/>`,
    `<path d="${land}" fill="#efe8d8" stroke="#9b8f74" stroke-width="0.6"/>`,
    ...links,
    ...places,
    `<text x="10" y="18" font-size="13" font-weight="bold">${esc(spec.title)}</text>`,
    ...legend,
    '</svg>',
  ].join('\n')
}
