// The plot's legend panel (plot.ts), right of the table: north and upstream, a scale bar in inches,
// and a key to every mark the plot may carry.
import { COLOUR, type Frame, text, TOP } from './plotFrame.ts'
import type { Scenario } from './scenario.ts'

type Key = { draw: (x: number, y: number) => string; label: string }

const KEYS: Key[] = [
  {
    draw: (x, y) => `<rect x="${x}" y="${y - 4}" width="22" height="7" fill="${COLOUR.USA}"/>`,
    label: 'Union ship (bow stroke ahead)',
  },
  {
    draw: (x, y) => `<rect x="${x}" y="${y - 4}" width="22" height="7" fill="${COLOUR.CSA}"/>`,
    label: 'Confederate ship',
  },
  { draw: (x, y) => `<rect x="${x}" y="${y - 4}" width="22" height="7" fill="#999"/>`, label: 'abandoned or taken' },
  {
    draw: (x, y) => `<line x1="${x}" y1="${y}" x2="${x + 22}" y2="${y}" stroke="#333" stroke-dasharray="4 2"/>`,
    label: "last move's track",
  },
  {
    draw: (x, y) =>
      `<path d="M${x},${y + 5} L${x + 22},${y - 6} A14,14 0 0 1 ${x + 22},${y + 10} Z" fill="${COLOUR.USA}" fill-opacity="0.1" stroke="${COLOUR.USA}"/>`,
    label: 'arc and long range of guns that can fire',
  },
  {
    draw: (x, y) =>
      `<line x1="${x}" y1="${y}" x2="${x + 22}" y2="${y}" stroke="${COLOUR.USA}" stroke-dasharray="3 3"/>`,
    label: 'close / medium range band edge',
  },
  {
    draw: (x, y) =>
      `<path d="M${x},${y + 4} A12,12 0 0 1 ${x + 22},${y + 4}" fill="none" stroke="#333" stroke-width="1.2"/>`,
    label: 'turning circle: the run at her speed',
  },
  {
    draw: (x, y) =>
      `<line x1="${x}" y1="${y}" x2="${x + 22}" y2="${y}" stroke="#6b3a1e" stroke-dasharray="1 4" stroke-width="1.2"/>`,
    label: 'mortar band, 6" to its reach',
  },
  {
    draw: (x, y) =>
      `<line x1="${x + 11}" y1="${y - 7}" x2="${x + 11}" y2="${y + 5}" stroke="#2a6f97" stroke-width="2"/><polygon points="${x + 6},${y + 1} ${x + 16},${y + 1} ${x + 11},${y + 8}" fill="#2a6f97"/>`,
    label: 'current, knots (sets downstream)',
  },
  {
    draw: (x, y) => `<rect x="${x}" y="${y - 6}" width="22" height="11" fill="#b9a77a" stroke="#8c7a4e"/>`,
    label: 'land',
  },
  {
    draw: (x, y) => `<rect x="${x}" y="${y - 6}" width="22" height="11" fill="#e8d9a8" stroke="#a08850"/>`,
    label: 'shoal or sandbar',
  },
  {
    draw: (x, y) =>
      `<rect x="${x}" y="${y - 6}" width="22" height="11" fill="#d9c7a0" stroke="#5a3a1a" stroke-dasharray="2 2"/>`,
    label: 'stakes',
  },
  {
    draw: (x, y) => `<line x1="${x}" y1="${y}" x2="${x + 22}" y2="${y}" stroke="#5a3a1a" stroke-width="2.5"/>`,
    label: 'chain or boom',
  },
  {
    draw: (x, y) =>
      `<rect x="${x}" y="${y - 6}" width="22" height="11" fill="none" stroke="#c03030" stroke-dasharray="4 3"/>`,
    label: 'minefield (bold: known real)',
  },
  {
    draw: (x, y) => `<rect x="${x}" y="${y - 6}" width="22" height="11" fill="#777" stroke="#333"/>`,
    label: 'fort, its arc dashed',
  },
  { draw: (x, y) => `<rect x="${x}" y="${y - 6}" width="22" height="11" fill="#a0522d"/>`, label: 'town or port' },
  {
    draw: (x, y) => `<rect x="${x}" y="${y - 6}" width="22" height="11" fill="#6b3a1e"/>`,
    label: 'building (paler: rubble)',
  },
  {
    draw: (x, y) => `<rect x="${x}" y="${y - 6}" width="22" height="11" fill="#8a8a8a" fill-opacity="0.6"/>`,
    label: 'smoke (as far as you see it)',
  },
  {
    draw: (x, y) =>
      `<rect x="${x}" y="${y - 6}" width="22" height="11" fill="#3a3a3a" fill-opacity="0.5" stroke="#000" stroke-dasharray="2 2"/>`,
    label: 'wreck (those you know of)',
  },
  { draw: (x, y) => `<circle cx="${x + 11}" cy="${y}" r="5" fill="#ff8c00" stroke="#d01010"/>`, label: 'on fire' },
  { draw: (x, y) => `<circle cx="${x + 11}" cy="${y}" r="3.5" fill="${COLOUR.USA}"/>`, label: 'party ashore' },
  {
    draw: (x, y) => `<line x1="${x}" y1="${y + 4}" x2="${x + 22}" y2="${y - 4}" stroke="#333" stroke-width="0.6"/>`,
    label: 'from a label to its ship or fort',
  },
]

/** North and upstream, the scale bar and the key, in the panel right of the table. */
export function legend(f: Frame, sc: Scenario): string[] {
  const x0 = f.mapRight + 14
  const out: string[] = []
  // North: upstream is the top of the table, headings count from it clockwise.
  out.push(
    `<g class="north"><line x1="${x0 + 14}" y1="${TOP + 40}" x2="${x0 + 14}" y2="${TOP + 6}" stroke="#111" stroke-width="2"/><polygon points="${x0 + 8},${TOP + 14} ${x0 + 20},${TOP + 14} ${x0 + 14},${TOP + 2}" fill="#111"/>`,
    text(x0 + 28, TOP + 14, 'N, upstream', 'font-weight="bold"'),
    text(x0 + 28, TOP + 28, 'headings clockwise from N', 'font-size="10"'),
    '</g>',
  )
  // The scale bar: 12 inches in 3-inch steps.
  const y = TOP + 68
  const inch = f.x(1000) - f.x(0)
  const bar = [`<g class="scale-bar">`, text(x0, y - 10, 'Scale, inches of table', 'font-size="10"')]
  for (let i = 0; i < 4; i++)
    bar.push(
      `<rect x="${x0 + i * 3 * inch}" y="${y}" width="${3 * inch}" height="6" fill="${i % 2 ? '#fff' : '#333'}" stroke="#333"/>`,
    )
  for (let i = 0; i <= 12; i += 3)
    bar.push(text(x0 + i * inch, y + 18, String(i), 'text-anchor="middle" font-size="10"'))
  bar.push('</g>')
  out.push(...bar)
  let ky = y + 44
  out.push(text(x0, ky - 14, `Key (${sc.width / 1000}" x ${sc.length / 1000}" table)`, 'font-weight="bold"'))
  for (const k of KEYS) {
    out.push(`<g class="key">${k.draw(x0, ky)}${text(x0 + 30, ky + 4, k.label, 'font-size="10"')}</g>`)
    ky += 19
  }
  return out
}
