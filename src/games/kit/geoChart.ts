// A map of places on real geography in panels: the world at a small scale and a
// crowded theatre as an inset at a larger one, each drawn over Natural Earth's land (world-atlas,
// topojson-client, d3-geo). Every place is a dot with a hover title; its label block (name, what
// stands there, marks) is placed by labelLayout so that no label overlaps another; a legend shows
// every colour the figure uses. Pure: the same input gives the same SVG.
import { geoConicConformal, geoEquirectangular, geoPath, type GeoProjection } from 'd3-geo'
import { landOf } from './geoMap.ts'
import { BASELINE, type Box, LINE_HEIGHT, type LabelLine, layoutLabels, measure } from './labelLayout.ts'

/** One run of text in a label line, in its own colour. */
export interface ChartRun {
  text: string
  colour: string
}

export interface ChartPlace {
  id: string
  lon: number
  lat: number
  /** Hover text: the place's full name and what the reader knows of it. */
  title: string
  dot: { fill: string; shape: 'circle' | 'square' }
  /** The label block, top line first: each line one or more coloured runs. */
  lines: { size: number; bold?: boolean; runs: ChartRun[] }[]
}

export interface ChartPanel {
  id: string
  /** Where the panel sits in the figure: x, y, width, height. */
  at: [number, number, number, number]
  /** [[west, south], [east, north]]: what the panel shows (a theatre panel fits it). */
  extent: [[number, number], [number, number]]
  /** 'world': plate carrée, `extent` west edge at the left; 'theatre': conic conformal (true shapes). */
  projection: 'world' | 'theatre'
  /** Places inside this extent get a dot here but their label in another panel (the inset's). */
  labelsElsewhere?: [[number, number], [number, number]]
  caption: string
}

export interface ChartLegendEntry {
  colour: string
  /** How the swatch is drawn: a dot, a square, a line, a filled block, or the colour's own text. */
  swatch: 'circle' | 'square' | 'line' | 'fill' | 'text'
  label: string
}

export interface ChartSpec {
  title: string
  width: number
  panels: ChartPanel[]
  places: ChartPlace[]
  legend: ChartLegendEntry[]
  /** Lines of plain legend text under the swatches. */
  notes: string[]
}

export const CHART_FONT = 'DejaVu Sans, Verdana, sans-serif'
export const CHART_COLOURS = {
  sea: '#cfe3f1',
  land: '#efe8d8',
  coast: '#9b8f74',
  ink: '#1b2631',
  leader: '#566573',
  frame: '#7d3c98',
}
const DOT_R = 3.5
const TITLE_SIZE = 15
const LEGEND_SIZE = 12

const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const r1 = (n: number) => Math.round(n * 10) / 10
const within = (lon: number, lat: number, e: [[number, number], [number, number]]) =>
  lon >= e[0][0] && lon <= e[1][0] && lat >= e[0][1] && lat <= e[1][1]

function projectionOf(p: ChartPanel): GeoProjection {
  const [x, y, w, h] = p.at
  const [[west, south], [east, north]] = p.extent
  if (p.projection === 'world') {
    // The extent's west edge at the left: rotate so the middle longitude is the centre.
    const span = east - west
    const scale = w / ((span * Math.PI) / 180)
    return geoEquirectangular()
      .rotate([-(west + span / 2), 0])
      .scale(scale)
      .translate([x + w / 2, y + (north * Math.PI * scale) / 180 + (h - ((north - south) * Math.PI * scale) / 180) / 2])
  }
  const frame = {
    type: 'MultiPoint' as const,
    coordinates: [west, (west + east) / 2, east].flatMap((lon) =>
      [south, (south + north) / 2, north].map((lat) => [lon, lat]),
    ),
  }
  return geoConicConformal()
    .parallels([south + (north - south) / 4, north - (north - south) / 4])
    .rotate([-(west + east) / 2, 0])
    .fitExtent(
      [
        [x + 6, y + 6],
        [x + w - 6, y + h - 6],
      ],
      frame,
    )
}

// The coastline of a panel depends on nothing but the panel: drawn once per process, reused by
// every later figure (a report goes to each reader every resolution).
const landPaths = new Map<string, string>()
function landPath(panel: ChartPanel, projection: GeoProjection): string {
  const key = JSON.stringify([panel.at, panel.extent, panel.projection])
  let d = landPaths.get(key)
  if (d === undefined) {
    // Only what the panel shows, to a tenth of a pixel: the whole world's 1:50m coast would make
    // a megabyte of SVG and a slow picture.
    const [x, y, w, h] = panel.at
    const clipped = projection.clipExtent([
      [x - 1, y - 1],
      [x + w + 1, y + h + 1],
    ])
    d = geoPath(clipped).digits(1)(landOf(panel.projection === 'theatre')) ?? ''
    landPaths.set(key, d)
  }
  return d
}

/** Where each place stands in each panel, and the label boxes: what the SVG draws and a test checks. */
export function chartLayout(spec: ChartSpec) {
  return spec.panels.map((panel) => {
    const projection = projectionOf(panel)
    const [x, y, w, h] = panel.at
    const bounds: Box = [x + 2, y + 2, x + w - 2, y + h - 2]
    const dots = spec.places
      .map((p) => {
        const [px, py] = projection([p.lon, p.lat]) ?? [Number.NaN, Number.NaN]
        return { place: p, x: r1(px), y: r1(py) }
      })
      .filter((d) => d.x > bounds[0] && d.x < bounds[2] && d.y > bounds[1] && d.y < bounds[3])
    const labelled = dots.filter(
      (d) => !panel.labelsElsewhere || !within(d.place.lon, d.place.lat, panel.labelsElsewhere),
    )
    const lineOf = (l: ChartPlace['lines'][number]): LabelLine => ({
      text: l.runs.map((r) => r.text).join(' '),
      size: l.size,
      ...(l.bold ? { bold: true } : {}),
    })
    // The biggest blocks first: they have the fewest places to go.
    const order = [...labelled].sort(
      (a, b) => b.place.lines.length - a.place.lines.length || a.place.id.localeCompare(b.place.id),
    )
    const obstacles: Box[] = dots.map((d) => [d.x - DOT_R - 1, d.y - DOT_R - 1, d.x + DOT_R + 1, d.y + DOT_R + 1])
    const captionBox: Box = [x, y, x + measure([{ text: panel.caption, size: LEGEND_SIZE }]).w + 6, y + 18]
    const labels = layoutLabels(
      order.map((d) => ({ id: d.place.id, x: d.x, y: d.y, lines: d.place.lines.map(lineOf) })),
      [...obstacles, captionBox],
      bounds,
    )
    return {
      panel,
      projection,
      dots,
      labels,
      unplaced: labelled.filter((d) => !labels.some((l) => l.id === d.place.id)),
    }
  })
}

function dotSvg(p: ChartPlace, x: number, y: number): string {
  const common = `fill="${p.dot.fill}" stroke="${CHART_COLOURS.ink}" stroke-width="0.8"`
  return p.dot.shape === 'square'
    ? `<rect x="${r1(x - DOT_R)}" y="${r1(y - DOT_R)}" width="${2 * DOT_R}" height="${2 * DOT_R}" ${common}/>`
    : `<circle cx="${x}" cy="${y}" r="${DOT_R}" ${common}/>`
}

/** The label's lines in its box; a box to the left of its dot is set flush right, toward the dot. */
function labelSvg(p: ChartPlace, box: Box, toTheLeft: boolean): string {
  let top = box[1] + 1
  const x = toTheLeft ? `${r1(box[2] - 2)}" text-anchor="end` : r1(box[0] + 2)
  return p.lines
    .map((l) => {
      top += l.size * LINE_HEIGHT
      const runs = l.runs.map((r, i) => `<tspan fill="${r.colour}">${i ? ' ' : ''}${esc(r.text)}</tspan>`)
      return `<text x="${x}" y="${r1(top - l.size * BASELINE)}" font-size="${l.size}"${l.bold ? ' font-weight="bold"' : ''}>${runs.join('')}</text>`
    })
    .join('')
}

/**
 * Figures drawn lately, by their spec: every new game of a scenario draws the same opening map for
 * each reader, and laying out its labels costs more than the rest of the game's creation.
 */
const drawn = new Map<string, { svg: string; height: number }>()
const DRAWN_KEPT = 32

/** The figure as SVG text; `height` is computed from the panels and the legend. */
export function geoChartSvg(spec: ChartSpec): { svg: string; height: number } {
  const key = JSON.stringify(spec)
  let figure = drawn.get(key)
  if (figure === undefined) {
    figure = drawChart(spec)
    if (drawn.size >= DRAWN_KEPT) drawn.delete(drawn.keys().next().value as string)
    drawn.set(key, figure)
  }
  return figure
}

function drawChart(spec: ChartSpec): { svg: string; height: number } {
  const layout = chartLayout(spec)
  const bottom = Math.max(...spec.panels.map((p) => p.at[1] + p.at[3]))
  const perRow = 3
  const colW = Math.floor((spec.width - 20) / perRow)
  const legendRows = Math.ceil(spec.legend.length / perRow)
  const legendTop = bottom + 12
  const notesTop = legendTop + legendRows * 17 + 4
  const height = notesTop + spec.notes.length * 15 + 8
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width}" height="${height}" viewBox="0 0 ${spec.width} ${height}" font-family="${CHART_FONT}">`,
    `<rect width="${spec.width}" height="${height}" fill="#ffffff"/>`,
    `<text x="10" y="${TITLE_SIZE + 4}" font-size="${TITLE_SIZE}" font-weight="bold" fill="${CHART_COLOURS.ink}">${esc(spec.title)}</text>`,
  ]
  for (const { panel, projection, dots, labels } of layout) {
    const [x, y, w, h] = panel.at
    const land = landPath(panel, projection)
    out.push(
      `<clipPath id="clip-${panel.id}"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath>`,
      `<g clip-path="url(#clip-${panel.id})"><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${CHART_COLOURS.sea}"/><path d="${land}" fill="${CHART_COLOURS.land}" stroke="${CHART_COLOURS.coast}" stroke-width="0.6"/></g>`,
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="${CHART_COLOURS.ink}" stroke-width="1"/>`,
    )
    if (panel.labelsElsewhere) {
      const [[west, south], [east, north]] = panel.labelsElsewhere
      const corners = [projection([west, north])!, projection([east, south])!]
      out.push(
        `<rect x="${r1(corners[0][0])}" y="${r1(corners[0][1])}" width="${r1(corners[1][0] - corners[0][0])}" height="${r1(corners[1][1] - corners[0][1])}" fill="none" stroke="${CHART_COLOURS.frame}" stroke-width="1.2" stroke-dasharray="5 3"/>`,
      )
    }
    const byId = new Map(dots.map((d) => [d.place.id, d]))
    for (const l of labels) {
      const d = byId.get(l.id)!
      if (!l.leader) continue
      const tx = Math.min(Math.max(d.x, l.box[0]), l.box[2])
      const ty = Math.min(Math.max(d.y, l.box[1]), l.box[3])
      out.push(
        `<line x1="${d.x}" y1="${d.y}" x2="${r1(tx)}" y2="${r1(ty)}" stroke="${CHART_COLOURS.leader}" stroke-width="0.7"/>`,
      )
    }
    for (const d of dots) out.push(`<g><title>${esc(d.place.title)}</title>${dotSvg(d.place, d.x, d.y)}</g>`)
    for (const l of labels) {
      const d = byId.get(l.id)!
      out.push(
        `<g class="label" data-place="${esc(l.id)}" data-panel="${panel.id}"><title>${esc(d.place.title)}</title>${labelSvg(d.place, l.box, l.box[2] <= d.x)}</g>`,
      )
    }
    out.push(
      `<text x="${x + 4}" y="${y + 14}" font-size="${LEGEND_SIZE}" font-weight="bold" fill="${CHART_COLOURS.ink}">${esc(panel.caption)}</text>`,
    )
  }
  out.push('<g id="legend">')
  spec.legend.forEach((e, i) => {
    const lx = 10 + (i % perRow) * colW
    const ly = legendTop + Math.floor(i / perRow) * 17
    const sw =
      e.swatch === 'circle'
        ? `<circle cx="${lx + 6}" cy="${ly + 6}" r="${DOT_R + 1}" fill="${e.colour}" stroke="${CHART_COLOURS.ink}" stroke-width="0.8"/>`
        : e.swatch === 'square'
          ? `<rect x="${lx + 2}" y="${ly + 2}" width="9" height="9" fill="${e.colour}" stroke="${CHART_COLOURS.ink}" stroke-width="0.8"/>`
          : e.swatch === 'line'
            ? `<line x1="${lx}" y1="${ly + 6}" x2="${lx + 14}" y2="${ly + 6}" stroke="${e.colour}" stroke-width="2"/>`
            : e.swatch === 'fill'
              ? `<rect x="${lx}" y="${ly}" width="14" height="12" fill="${e.colour}" stroke="${CHART_COLOURS.coast}" stroke-width="0.6"/>`
              : `<rect x="${lx}" y="${ly}" width="14" height="12" fill="${e.colour}"/>`
    out.push(
      `${sw}<text x="${lx + 20}" y="${ly + 10}" font-size="${LEGEND_SIZE}" fill="${CHART_COLOURS.ink}">${esc(e.label)}</text>`,
    )
  })
  spec.notes.forEach((n, i) =>
    out.push(
      `<text x="10" y="${notesTop + 11 + i * 15}" font-size="${LEGEND_SIZE}" fill="${CHART_COLOURS.ink}">${esc(n)}</text>`,
    ),
  )
  out.push('</g>', '</svg>')
  return { svg: out.join('\n'), height }
}
