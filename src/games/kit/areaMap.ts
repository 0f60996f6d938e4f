// Drawing an area map for any game played on areas: each area at its position
// from the game's data pack, links between areas (an edge wrap drawn off the map's side), units as
// the reader may know them, and marks for what the reader was shown this resolution. The game builds
// the model from its own view; the result is SVG text, which the engine rasterises.

/** An area map as one reader may see it. Model x/y are 0..1000 west to east and 0..500 north to south. */
export interface AreaMapModel {
  title: string
  areas: {
    id: string
    x: number
    y: number
    /** A key of `areaStyles`. */
    style: string
    /** Nationalities (or names) of the ports in the area: a small square with them as its tooltip. */
    ports: string[]
    /** A letter or two drawn beside the area (a game's marker, e.g. a hunting ground). */
    badge?: string
  }[]
  /** How each kind of area is drawn, and its legend entry. */
  areaStyles: Record<string, { fill: string; radius: number; label: string }>
  links: { from: string; to: string; wrap: boolean }[]
  units: { area: string; label: string; side: 'own' | 'enemy' | 'other' }[]
  marks: { area: string; kind: 'raid' | 'combat' | 'spot' | 'blockade' | 'loss'; text: string }[]
}

const WIDTH = 1000
const HEIGHT = 500
const MARGIN = 20
/** The family the engine's rasteriser loads (src/reports/pictures.ts). */
export const FIGURE_FONT = 'DejaVu Sans'
const FONT = FIGURE_FONT

const MARK_STYLE: Record<AreaMapModel['marks'][number]['kind'], { fill: string; symbol: string }> = {
  raid: { fill: '#c0392b', symbol: '$' },
  combat: { fill: '#8e44ad', symbol: '✕' },
  spot: { fill: '#e67e22', symbol: '!' },
  blockade: { fill: '#2c3e50', symbol: '#' },
  loss: { fill: '#000000', symbol: '†' },
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Model x/y are 0..1000 west to east and 0..500 north to south. */
export function areaMapSvg(model: AreaMapModel): string {
  const px = (x: number) => MARGIN + (x / 1000) * (WIDTH - 2 * MARGIN)
  const py = (y: number) => MARGIN + 16 + (y / 500) * (HEIGHT - 2 * MARGIN - 16)
  const at = new Map(model.areas.map((a) => [a.id, a]))
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT + 60}" viewBox="0 0 ${WIDTH} ${HEIGHT + 60}" font-family="${FONT}">`,
    `<rect width="100%" height="100%" fill="#eaf2f8"/>`,
    `<text x="${MARGIN}" y="${MARGIN + 4}" font-size="14" font-weight="bold" fill="#1b2631">${esc(model.title)}</text>`,
  ]
  for (const l of model.links) {
    const a = at.get(l.from)
    const b = at.get(l.to)
    if (!a || !b || l.from > l.to) continue
    if (l.wrap) {
      // An edge wrap leaves the map on one side and comes back on the other.
      const [west, east] = a.x < b.x ? [a, b] : [b, a]
      out.push(
        `<line x1="${px(west.x)}" y1="${py(west.y)}" x2="${MARGIN}" y2="${py((west.y + east.y) / 2)}" stroke="#7fb3d5" stroke-dasharray="4 3"/>`,
      )
      out.push(
        `<line x1="${px(east.x)}" y1="${py(east.y)}" x2="${WIDTH - MARGIN}" y2="${py((west.y + east.y) / 2)}" stroke="#7fb3d5" stroke-dasharray="4 3"/>`,
      )
    } else
      out.push(
        `<line x1="${px(a.x)}" y1="${py(a.y)}" x2="${px(b.x)}" y2="${py(b.y)}" stroke="#aed6f1" stroke-width="1"/>`,
      )
  }
  for (const a of model.areas) {
    const x = px(a.x)
    const y = py(a.y)
    const style = model.areaStyles[a.style] ?? { fill: '#ffffff', radius: 6 }
    out.push(
      `<circle cx="${x}" cy="${y}" r="${style.radius}" fill="${style.fill}" stroke="#5d6d7e" stroke-width="0.8"/>`,
    )
    if (a.ports.length)
      out.push(
        `<rect x="${x + 4}" y="${y - 10}" width="6" height="6" fill="#7d6608"><title>${esc(a.ports.join(', '))}</title></rect>`,
      )
    if (a.badge) out.push(`<text x="${x - 11}" y="${y - 5}" font-size="8" fill="#1a5276">${esc(a.badge)}</text>`)
    out.push(`<text x="${x + 6}" y="${y + 11}" font-size="8" fill="#34495e">${esc(a.id)}</text>`)
  }
  const stacked = new Map<string, number>()
  for (const u of model.units) {
    const a = at.get(u.area)
    if (!a) continue
    const n = stacked.get(u.area) ?? 0
    stacked.set(u.area, n + 1)
    const color = u.side === 'own' ? '#1e8449' : u.side === 'enemy' ? '#922b21' : '#5d6d7e'
    out.push(
      `<text x="${px(a.x) + 12}" y="${py(a.y) - 2 + n * 10}" font-size="9" font-weight="bold" fill="${color}">${esc(u.label)}</text>`,
    )
  }
  const marked = new Map<string, Set<string>>()
  for (const m of model.marks) {
    const a = at.get(m.area)
    const kinds = marked.get(m.area) ?? marked.set(m.area, new Set()).get(m.area)!
    if (!a || kinds.has(m.kind)) continue
    // Several kinds of event in one area sit side by side rather than on top of each other.
    const x = px(a.x) - 14 * kinds.size
    kinds.add(m.kind)
    const style = MARK_STYLE[m.kind]
    out.push(
      `<g><circle cx="${x}" cy="${py(a.y)}" r="9" fill="#ffffff" fill-opacity="0.6" stroke="${style.fill}" stroke-width="2"/><text x="${x - 4}" y="${py(a.y) + 4}" font-size="11" fill="${style.fill}">${style.symbol}</text><title>${esc(m.text)}</title></g>`,
    )
  }
  const legend = [
    ['#1e8449', 'own units'],
    ['#922b21', 'enemy units (as last seen)'],
    ...Object.values(model.areaStyles).map((s) => [s.fill, s.label]),
    ['#7d6608', 'port'],
  ]
  legend.forEach(([color, label], i) => {
    out.push(
      `<rect x="${MARGIN + i * 175}" y="${HEIGHT + 22}" width="10" height="10" fill="${color}"/><text x="${MARGIN + i * 175 + 14}" y="${HEIGHT + 31}" font-size="10">${esc(label!)}</text>`,
    )
  })
  Object.entries(MARK_STYLE).forEach(([kind, s], i) => {
    out.push(
      `<text x="${MARGIN + i * 120}" y="${HEIGHT + 50}" font-size="10" fill="${s.fill}">${s.symbol} ${kind}</text>`,
    )
  })
  out.push('</svg>')
  return out.join('\n')
}
