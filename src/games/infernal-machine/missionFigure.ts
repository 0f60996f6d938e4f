// A picture of the boat's situation on the Mission Board (p.15-17): the positions and their
// connections, laid out by steps from the launch position; the fishboat where it is with its
// elevation against the bottom; the enemy's printed target icons, eyes and obstructions; and the
// way the drift would carry the boat. Only what the captain may see: the printed board and his boat.
import type { Figure } from '../contract.ts'
import type { MissionBoard } from './boardsPack.ts'
import type { Campaign } from './campaign.ts'
import type { Mission } from './mission.ts'
import type { ImPack } from './pack.ts'
import {
  BASELINE,
  type Box,
  FIGURE_FONT,
  LINE_HEIGHT,
  type LabelLine,
  layoutLabels,
  segmentBoxes,
  textWidth,
} from '../kit/labelLayout.ts'
import { ELEVATION_WORDS, elevationIndex, type Side } from './terms.ts'

/** What the picture reads of a mission (kept after it ends, for the report of that resolution). */
export interface MissionView {
  side: Side
  board: string
  launch: string
  position: string
  elevation: number
  drift: string
  driftDirection: 'ebb' | 'flood'
  turn: number
  ended?: string
}

export const missionView = (m: Mission): MissionView => ({
  side: m.side,
  board: m.board,
  launch: m.launch,
  position: m.position,
  elevation: m.boat.elevation,
  drift: m.drift,
  driftDirection: m.driftDirection,
  turn: m.turn,
  ...(m.ended ? { ended: m.ended } : {}),
})

/** Columns by steps from the launch position (unconnected positions last), rows in board order. */
function layout(b: MissionBoard, from: string): Map<string, { x: number; y: number }> {
  const step = new Map<string, number>([[from, 0]])
  const queue = [from]
  while (queue.length) {
    const at = queue.shift()!
    for (const c of b.connections) {
      const next = c.from === at ? c.to : c.to === at ? c.from : null
      if (next && !step.has(next)) {
        step.set(next, step.get(at)! + 1)
        queue.push(next)
      }
    }
  }
  const last = Math.max(0, ...step.values()) + 1
  const rows = new Map<number, number>()
  const out = new Map<string, { x: number; y: number }>()
  for (const p of b.positions) {
    const col = step.get(p.id) ?? last
    const row = rows.get(col) ?? 0
    rows.set(col, row + 1)
    out.set(p.id, { x: 70 + col * 180, y: 50 + row * 100 })
  }
  return out
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;')

const NODE_R = 14
const NAME_SIZE = 11
const NOTE_SIZE = 10
const CAPTION_SIZE = 12
const MARK_COLOUR = '#700'

/** What the captain sees printed at a position: launch, the enemy's eyes, an obstruction, targets. */
function marksAt(pack: ImPack, p: MissionBoard['positions'][number], side: Side): string[] {
  const enemy: Side = side === 'CSA' ? 'USA' : 'CSA'
  return [
    p.launch?.includes(side) ? 'launch' : '',
    p.enemyEyes?.[enemy] ? 'enemy eyes' : '',
    p.obstruction && p.obstruction !== side ? 'obstruction' : '',
    ...(p.targets ?? [])
      .filter((t) => pack.tactical.targets.find((x) => x.id === t.marker)?.side === enemy)
      .map((t) => `target ${t.marker}${t.dn ? ' DN' : ''}`),
  ].filter(Boolean)
}

/** A position's label: its name, its bottom, then each mark on a line of its own. */
function labelLines(p: MissionBoard['positions'][number], marks: string[]): LabelLine[] {
  return [
    { text: p.name, size: NAME_SIZE, bold: true },
    { text: `bottom ${ELEVATION_WORDS[elevationIndex(p.bottom)]}`, size: NOTE_SIZE },
    ...marks.map((m) => ({ text: m, size: NOTE_SIZE })),
  ]
}

/** The caption under the board, in lines that fit the picture's width. */
function captionLines(caption: string, width: number): string[] {
  const lines: string[] = []
  for (const part of caption.split('; ')) {
    const last = lines.at(-1)
    const joined = last === undefined ? part : `${last}; ${part}`
    if (last !== undefined && textWidth({ text: joined, size: CAPTION_SIZE }) <= width - 20)
      lines[lines.length - 1] = joined
    else lines.push(part)
  }
  return lines
}

/** The boat on the board where a mission left it: the position filled, the drift dashed toward where it would carry the boat. */
export function missionFigure(pack: ImPack, v: MissionView): Figure | null {
  const b = pack.boards.get(v.board)
  if (!b) return null
  const at = layout(b, v.launch)
  const here = at.get(v.position)!
  const toward = b.positions.find((p) => p.id === v.position)?.[v.driftDirection]
  const drift = toward
    ? `<line x1="${here.x}" y1="${here.y}" x2="${(here.x + at.get(toward)!.x) / 2}" y2="${(here.y + at.get(toward)!.y) / 2}" stroke="#06c" stroke-width="3" stroke-dasharray="6 3"/>`
    : ''
  const caption = `the fishboat ${v.ended ? `(mission ${v.ended}) ` : ''}at ${b.positions.find((p) => p.id === v.position)?.name ?? v.position}, ${ELEVATION_WORDS[v.elevation]}; drift ${v.drift}, ${v.driftDirection}${toward ? ` (the dashed arrow: toward ${toward})` : ' (no position that way)'}`
  return boardFigure(pack, b, at, {
    side: v.side,
    fill: (id) => (id === v.position ? '#036' : '#fff'),
    overlay: drift,
    caption,
    title: `${b.name} board, turn ${v.turn}: ${caption}`,
  })
}

/**
 * The boat in the shop between missions (p.47, p.56): the board of the shop's location, its launch
 * positions filled light (where a Mission action puts the boat), and the boat as built in the caption.
 */
export function shopFigure(pack: ImPack, c: Campaign): Figure | null {
  const location = pack.campaign.locations.find((l) => l.id === c.location)
  const b = location && pack.boards.get(location.board)
  if (!b) return null
  const launches = b.positions.filter((p) => p.launch?.includes(c.side))
  const at = layout(b, launches[0]?.id ?? b.positions[0]!.id)
  const boat = c.boat.tiles.length ? `tiles ${c.boat.tiles.join('-')}` : 'no tile built yet'
  const from = launches.length
    ? `; it would launch from ${launches.map((p) => p.name).join(' or ')} (filled light)`
    : ''
  const caption = `the fishboat in the shop at ${location.name}: ${boat}${from}`
  return boardFigure(pack, b, at, {
    side: c.side,
    fill: (id) => (launches.some((p) => p.id === id) ? '#cde' : '#fff'),
    overlay: '',
    caption,
    title: `${b.name} board, ${c.season} ${c.year}: ${caption}`,
  })
}

interface Drawing {
  side: Side
  /** Each position's fill: the boat's, a launch position's, or plain. */
  fill: (id: string) => string
  /** Drawn over the connections, under the positions. */
  overlay: string
  caption: string
  title: string
}

function boardFigure(pack: ImPack, b: MissionBoard, at: Map<string, { x: number; y: number }>, d: Drawing): Figure {
  const lines = b.connections
    .map((c) => {
      const p = at.get(c.from)!
      const q = at.get(c.to)!
      return `<line x1="${p.x}" y1="${p.y}" x2="${q.x}" y2="${q.y}" stroke="#999"/>`
    })
    .join('')
  const marks = new Map(b.positions.map((p) => [p.id, marksAt(pack, p, d.side)]))
  const width = Math.max(...[...at.values()].map((p) => p.x)) + 200
  const captions = captionLines(d.caption, width)
  const boardBottom = Math.max(...[...at.values()].map((p) => p.y)) + 110
  const height = boardBottom + captions.length * 16 + 10
  const labels = layoutLabels(
    b.positions.map((p) => ({ id: p.id, ...at.get(p.id)!, radius: NODE_R, lines: labelLines(p, marks.get(p.id)!) })),
    [
      ...[...at.values()].map(({ x, y }): Box => [x - NODE_R, y - NODE_R, x + NODE_R, y + NODE_R]),
      ...b.connections.flatMap((c) => {
        const p = at.get(c.from)!
        const q = at.get(c.to)!
        return segmentBoxes(p.x, p.y, q.x, q.y)
      }),
    ],
    [2, 2, width - 2, boardBottom],
  )
  const nodes = b.positions
    .map((p) => {
      const { x, y } = at.get(p.id)!
      const targeted = marks.get(p.id)!.some((m) => m.startsWith('target'))
      return `<circle cx="${x}" cy="${y}" r="${NODE_R}" fill="${d.fill(p.id)}" stroke="${targeted ? MARK_COLOUR : '#333'}" stroke-width="2"/>`
    })
    .join('')
  const texts = labels
    .map((l) => {
      const p = b.positions.find((q) => q.id === l.id)!
      const { x, y } = at.get(p.id)!
      const leader = l.leader
        ? `<line x1="${x}" y1="${y}" x2="${Math.min(Math.max(x, l.box[0]), l.box[2])}" y2="${Math.min(Math.max(y, l.box[1]), l.box[3])}" stroke="#333" stroke-width="0.6"/>`
        : ''
      let top = l.box[1] + 1
      return (
        leader +
        labelLines(p, marks.get(p.id)!)
          .map((line, i) => {
            top += line.size * LINE_HEIGHT
            const look = i === 0 ? ' font-weight="bold"' : i > 1 ? ` fill="${MARK_COLOUR}"` : ''
            return `<text x="${l.box[0] + 2}" y="${Math.round((top - line.size * BASELINE) * 10) / 10}" font-size="${line.size}"${look}>${esc(line.text)}</text>`
          })
          .join('')
      )
    })
    .join('')
  const captionSvg = captions
    .map((c, i) => `<text x="10" y="${boardBottom + 16 + i * 16}" font-size="${CAPTION_SIZE}">${esc(c)}</text>`)
    .join('')
  return {
    name: 'mission',
    title: d.title,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="${FIGURE_FONT}">${lines}${d.overlay}${nodes}${texts}${captionSvg}</svg>`,
  }
}
