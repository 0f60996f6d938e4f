// The plot's text on the table (plot.ts): the forts', the ships', the towns' labels and the reach
// marked on each gun arc, all placed together by the kit's label layout so that none covers
// another, a hull, a fort or the current's arrows; a label with no room beside its mark stands off
// with a thin line back to it, and a reach mark with no room is left out (the key explains arcs).
import { BASELINE, type Box, LINE_HEIGHT, layoutLabels } from '../kit/labelLayout.ts'
import type { Point } from '../kit/geometry.ts'
import { type Frame, type PlotLabel, text } from './plotFrame.ts'

export type { PlotLabel }

/** A polygon's box on the picture. */
export function polygonBox(f: Frame, poly: Point[]): Box {
  const xs = poly.map((p) => f.x(p.x))
  const ys = poly.map((p) => f.y(p.y))
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]
}

const r1 = (n: number) => Math.round(n * 10) / 10

/** The labels laid out on the table and drawn, leaders first. */
export function drawPlotLabels(f: Frame, labels: PlotLabel[], obstacles: Box[]): string[] {
  // The same reach twice at one point (two gun groups with one range) is marked once.
  const kept = labels.filter(
    (l, i) =>
      !labels
        .slice(0, i)
        .some(
          (o) => o.beside && l.beside && o.lines[0]!.text === l.lines[0]!.text && Math.hypot(o.x - l.x, o.y - l.y) < 14,
        ),
  )
  const table: Box = [f.x(0), f.y(f.sc.length), f.x(f.sc.width), f.y(0)]
  const inside = kept.filter((l) => l.x > table[0] && l.x < table[2] && l.y > table[1] && l.y < table[3])
  const placed = layoutLabels(
    inside.map((l) => ({
      id: l.id,
      x: l.x,
      y: l.y,
      lines: l.lines,
      ...(l.radius ? { radius: l.radius } : {}),
      ...(l.mark ? { mark: l.mark } : {}),
      ...(l.beside ? { leaderless: true } : {}),
    })),
    obstacles,
    [table[0] + 1, table[1] + 1, table[2] - 1, table[3] - 1],
  )
  const byId = new Map(inside.map((l) => [l.id, l]))
  const leaders: string[] = []
  const texts: string[] = []
  for (const { id, box, leader } of placed) {
    const l = byId.get(id)!
    if (leader)
      leaders.push(
        `<line class="leader" x1="${l.x}" y1="${l.y}" x2="${r1(Math.min(Math.max(l.x, box[0]), box[2]))}" y2="${r1(Math.min(Math.max(l.y, box[1]), box[3]))}" stroke="#333" stroke-width="0.6"/>`,
      )
    const left = box[2] <= l.x
    let top = box[1] + 1
    const lines = l.lines.map((line) => {
      top += line.size * LINE_HEIGHT
      const attrs = `font-size="${line.size}"${line.bold ? ' font-weight="bold"' : ''}${left ? ' text-anchor="end"' : ''} ${line.attrs}`
      return text(r1(left ? box[2] - 2 : box[0] + 2), r1(top - line.size * BASELINE), line.text, attrs.trim())
    })
    texts.push(l.className ? `<g class="${l.className}">${lines.join('')}</g>` : lines.join(''))
  }
  return [...leaders, ...texts]
}
