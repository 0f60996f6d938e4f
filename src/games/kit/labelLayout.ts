// Placing map labels so that none overlaps another: each label is a box measured from
// its text, tried at positions around its anchor, ring by ring further out, until it touches no
// label placed before it, no obstacle (the dots) and stays inside its panel. Pure and deterministic.

/** x0, y0, x1, y1 in figure pixels. */
export type Box = [number, number, number, number]

export interface LabelLine {
  text: string
  size: number
  bold?: boolean
}

export interface LabelRequest {
  id: string
  /** The anchor (the place's dot). */
  x: number
  y: number
  lines: LabelLine[]
}

export interface PlacedLabel {
  id: string
  box: Box
  /** True when the label stands away from its anchor and needs a line back to it. */
  leader: boolean
}

/** Line height as a multiple of the font size; the baseline sits BASELINE em above a line's foot. */
export const LINE_HEIGHT = 1.25
export const BASELINE = 0.27
const PAD = 2

// Advance widths of DejaVu Sans (the engine's figure font) in em, rounded up; anything else wide.
const NARROW = new Set([..."iljI.,:;!|'()[]"])
const DIGITS = new Set([...'0123456789'])
function charWidth(c: string, bold: boolean): number {
  const w =
    c === ' '
      ? 0.33
      : NARROW.has(c)
        ? 0.4
        : DIGITS.has(c)
          ? 0.66
          : c >= 'a' && c <= 'z'
            ? 0.64
            : c === '?' || c === '-'
              ? 0.55
              : c >= 'A' && c <= 'Z'
                ? c === 'M' || c === 'W'
                  ? 1.0
                  : 0.8
                : 1.0
  return bold ? w * 1.12 : w
}

/** The width and height a label's lines take, rounded up so that the drawn text stays inside. */
export function measure(lines: LabelLine[]): { w: number; h: number } {
  const w = Math.max(...lines.map((l) => [...l.text].reduce((n, c) => n + charWidth(c, !!l.bold), 0) * l.size))
  const h = lines.reduce((n, l) => n + l.size * LINE_HEIGHT, 0)
  return { w: Math.ceil(w + 2 * PAD), h: Math.ceil(h + PAD) }
}

export const overlap = (a: Box, b: Box) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
const inside = (a: Box, b: Box) => a[0] >= b[0] && a[1] >= b[1] && a[2] <= b[2] && a[3] <= b[3]

/** Where a w x h box may stand around (x, y): next to the anchor first, then ring by ring outwards. */
function* candidates(x: number, y: number, w: number, h: number): Generator<{ box: Box; leader: boolean }> {
  const gap = 5
  const near: [number, number][] = [
    [x + gap, y - h / 2],
    [x - gap - w, y - h / 2],
    [x - w / 2, y - gap - h],
    [x - w / 2, y + gap],
    [x + gap, y - h],
    [x + gap, y],
    [x - gap - w, y - h],
    [x - gap - w, y],
  ]
  for (const [bx, by] of near) yield { box: [bx, by, bx + w, by + h], leader: false }
  for (let r = 14; r <= 260; r += r < 60 ? 10 : 20) {
    const steps = Math.max(12, Math.round(r / 4))
    for (let i = 0; i < steps; i++) {
      const a = (2 * Math.PI * i) / steps
      const cx = x + Math.cos(a) * r
      const cy = y + Math.sin(a) * r * 0.8
      // The box's nearest corner or edge to the anchor lands on the ring.
      const bx = Math.cos(a) >= 0.3 ? cx : Math.cos(a) <= -0.3 ? cx - w : cx - w / 2
      const by = Math.sin(a) >= 0.3 ? cy : Math.sin(a) <= -0.3 ? cy - h : cy - h / 2
      yield { box: [bx, by, bx + w, by + h], leader: true }
    }
  }
}

/**
 * Places every label of `requests` (in the order given: put the ones that matter most first)
 * inside `bounds`, clear of `obstacles` and of each other. A label that finds no room is left out
 * of the result; the caller decides what to do with it.
 */
export function layoutLabels(requests: LabelRequest[], obstacles: Box[], bounds: Box): PlacedLabel[] {
  const taken: Box[] = []
  const placed: PlacedLabel[] = []
  for (const r of requests) {
    const { w, h } = measure(r.lines)
    const own: Box = [r.x - 1, r.y - 1, r.x + 1, r.y + 1]
    for (const c of candidates(r.x, r.y, w, h)) {
      const box = c.box.map((n) => Math.round(n * 10) / 10) as Box
      if (!inside(box, bounds)) continue
      if (taken.some((t) => overlap(t, box))) continue
      if (obstacles.some((o) => !overlap(o, own) && overlap(o, box))) continue
      taken.push(box)
      placed.push({ id: r.id, box, leader: c.leader })
      break
    }
  }
  return placed
}
