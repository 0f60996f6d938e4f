// A picture of the boat's situation on the Mission Board (p.15-17): the positions and their
// connections, laid out by steps from the launch position; the fishboat where it is with its
// elevation against the bottom; the enemy's printed target icons, eyes and obstructions; and the
// way the drift would carry the boat. Only what the captain may see: the printed board and his boat.
import type { Figure } from '../contract.ts'
import type { MissionBoard } from './boardsPack.ts'
import type { Mission } from './mission.ts'
import type { ImPack } from './pack.ts'
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
    out.set(p.id, { x: 70 + col * 150, y: 50 + row * 90 })
  }
  return out
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;')

export function missionFigure(pack: ImPack, v: MissionView): Figure | null {
  const b = pack.boards.get(v.board)
  if (!b) return null
  const at = layout(b, v.launch)
  const enemy: Side = v.side === 'CSA' ? 'USA' : 'CSA'
  const lines = b.connections
    .map((c) => {
      const p = at.get(c.from)!
      const q = at.get(c.to)!
      return `<line x1="${p.x}" y1="${p.y}" x2="${q.x}" y2="${q.y}" stroke="#999"/>`
    })
    .join('')
  const nodes = b.positions
    .map((p) => {
      const { x, y } = at.get(p.id)!
      const marks = [
        p.launch?.includes(v.side) ? 'launch' : '',
        p.enemyEyes?.[enemy] ? 'enemy eyes' : '',
        p.obstruction && p.obstruction !== v.side ? 'obstruction' : '',
        ...(p.targets ?? [])
          .filter((t) => pack.tactical.targets.find((x) => x.id === t.marker)?.side === enemy)
          .map((t) => `target ${t.marker}${t.dn ? ' DN' : ''}`),
      ].filter(Boolean)
      const here = p.id === v.position
      return [
        `<circle cx="${x}" cy="${y}" r="14" fill="${here ? '#036' : '#fff'}" stroke="${marks.some((m) => m.startsWith('target')) ? '#700' : '#333'}" stroke-width="2"/>`,
        `<text x="${x - 40}" y="${y - 20}" font-size="11">${esc(p.name)} (bottom ${ELEVATION_WORDS[elevationIndex(p.bottom)]})</text>`,
        marks.length
          ? `<text x="${x - 40}" y="${y + 28}" font-size="10" fill="#700">${esc(marks.join(', '))}</text>`
          : '',
      ].join('')
    })
    .join('')
  const here = at.get(v.position)!
  const toward = b.positions.find((p) => p.id === v.position)?.[v.driftDirection]
  const drift = toward
    ? `<line x1="${here.x}" y1="${here.y}" x2="${(here.x + at.get(toward)!.x) / 2}" y2="${(here.y + at.get(toward)!.y) / 2}" stroke="#06c" stroke-width="3" stroke-dasharray="6 3"/>`
    : ''
  const width = Math.max(...[...at.values()].map((p) => p.x)) + 150
  const height = Math.max(...[...at.values()].map((p) => p.y)) + 70
  const caption = `the fishboat ${v.ended ? `(mission ${v.ended}) ` : ''}at ${b.positions.find((p) => p.id === v.position)?.name ?? v.position}, ${ELEVATION_WORDS[v.elevation]}; drift ${v.drift}, ${v.driftDirection}${toward ? ` (the dashed arrow: toward ${toward})` : ' (no position that way)'}`
  return {
    name: 'mission',
    title: `${b.name} board, turn ${v.turn}: ${caption}`,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${lines}${drift}${nodes}<text x="10" y="${height - 10}" font-size="12">${esc(caption)}</text></svg>`,
  }
}
