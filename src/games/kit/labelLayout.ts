// Placing map labels so that none overlaps another: each label is a box measured from
// its text, tried at positions around its anchor, ring by ring further out, until it touches no
// label placed before it, no obstacle (the dots) and stays inside its panel. Pure and deterministic.

/** The family every figure is drawn in, whose advance widths `measure` estimates; the engine's
 * rasteriser loads it (src/reports/pictures.ts). */
export const FIGURE_FONT = 'DejaVu Sans'

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
  /** The radius of the anchor's mark when it is more than a dot: the label keeps clear of it. */
  radius?: number
  /** The anchor's own mark when it is more than a dot (a hull, a town): the label keeps off it too. */
  mark?: Box
  /** A label that means something only right beside its anchor: never stood off, left out instead. */
  leaderless?: boolean
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

/** How wide a line of text is drawn, by the same estimate as the layout's boxes. */
export const textWidth = (l: LabelLine) => [...l.text].reduce((n, c) => n + charWidth(c, !!l.bold), 0) * l.size

/** The width and height a label's lines take, rounded up so that the drawn text stays inside. */
export function measure(lines: LabelLine[]): { w: number; h: number } {
  const w = Math.max(...lines.map(textWidth))
  const h = lines.reduce((n, l) => n + l.size * LINE_HEIGHT, 0)
  return { w: Math.ceil(w + 2 * PAD), h: Math.ceil(h + PAD) }
}

export const overlap = (a: Box, b: Box) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
const inside = (a: Box, b: Box) => a[0] >= b[0] && a[1] >= b[1] && a[2] <= b[2] && a[3] <= b[3]

/**
 * Where a w x h box may stand around a request's anchor: beside its mark (the dot, or the mark's own
 * box) first, then ring by ring outwards.
 */
function* candidates(q: LabelRequest, w: number, h: number): Generator<{ box: Box; leader: boolean }> {
  const { x, y } = q
  const radius = q.radius ?? 0
  const [x0, y0, x1, y1] = q.mark ?? [x - radius, y - radius, x + radius, y + radius]
  const gap = 5
  const near: [number, number][] = [
    [x1 + gap, y - h / 2],
    [x0 - gap - w, y - h / 2],
    [x - w / 2, y0 - gap - h],
    [x - w / 2, y1 + gap],
    [x1 + gap, y - h],
    [x1 + gap, y],
    [x0 - gap - w, y - h],
    [x0 - gap - w, y],
  ]
  for (const [bx, by] of near) yield { box: [bx, by, bx + w, by + h], leader: false }
  const reach = Math.max(radius, x1 - x, x - x0, y1 - y, y - y0)
  for (let r = 14 + reach; r <= 260 + reach; r += r < 60 + reach ? 10 : 20) {
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

/** A line drawn on the figure as obstacles: small boxes along it, so that no label covers it. */
export function segmentBoxes(x1: number, y1: number, x2: number, y2: number, halfWidth = 1.5): Box[] {
  const steps = Math.max(1, Math.ceil(Math.hypot(x2 - x1, y2 - y1) / 4))
  return Array.from({ length: steps + 1 }, (_, i): Box => {
    const x = x1 + ((x2 - x1) * i) / steps
    const y = y1 + ((y2 - y1) * i) / steps
    return [x - halfWidth, y - halfWidth, x + halfWidth, y + halfWidth]
  })
}

/** How close a label standing off from its anchor may come to another place's dot. */
const CLEAR = 14

/** How far a box is from a point: 0 inside it. */
const distance = (b: Box, x: number, y: number) =>
  Math.hypot(Math.max(b[0] - x, 0, x - b[2]), Math.max(b[1] - y, 0, y - b[3]))

/**
 * Places every label of `requests` (in the order given: put the ones that matter most first)
 * inside `bounds`, clear of `obstacles` and of each other. Every label first tries the spots next
 * to its anchor, before any label is sent further out; a label stands no nearer to another of
 * `points` (by default the other anchors) than to its own, or than CLEAR when it stands off (so
 * that it is not read as the label of the dot it sits by), unless there is no such room at all. A label that finds no room is left out of the result; the caller decides what to
 * do with it.
 */
export function layoutLabels(
  requests: LabelRequest[],
  obstacles: Box[],
  bounds: Box,
  points: [number, number][] = requests.map((r) => [r.x, r.y]),
): PlacedLabel[] {
  const placed = new Map<string, PlacedLabel>()
  const fits = (r: LabelRequest, box: Box, strict: boolean) => {
    if (!inside(box, bounds) || [...placed.values()].some((t) => overlap(t.box, box))) return false
    const own: Box = [r.x - 1, r.y - 1, r.x + 1, r.y + 1]
    if ((r.mark && overlap(r.mark, box)) || obstacles.some((o) => !overlap(o, own) && overlap(o, box))) return false
    if (!strict) return true
    const near = Math.min(distance(box, r.x, r.y), CLEAR)
    return !points.some(([x, y]) => (x !== r.x || y !== r.y) && distance(box, x, y) < near)
  }
  const pass = (nearOnly: boolean, strict: boolean) => {
    for (const r of requests) {
      if (placed.has(r.id)) continue
      const { w, h } = measure(r.lines)
      for (const c of candidates(r, w, h)) {
        if ((nearOnly || r.leaderless) && c.leader) break
        const box = rounded(c.box)
        if (!fits(r, box, strict)) continue
        placed.set(r.id, { id: r.id, box, leader: c.leader })
        break
      }
    }
  }
  pass(true, true)
  makeRoom(requests, placed, fits)
  pass(false, true)
  pass(false, false)
  return requests.flatMap((r) => (placed.has(r.id) ? [placed.get(r.id)!] : []))
}

const rounded = (b: Box) => b.map((n) => Math.round(n * 10) / 10) as Box

/** The spots right next to an anchor, where a label needs no leader. */
function nearSpots(r: LabelRequest): Box[] {
  const { w, h } = measure(r.lines)
  return [...candidates(r, w, h)].filter((c) => !c.leader).map((c) => rounded(c.box))
}

/**
 * For a label that found no spot next to its anchor: when a single neighbour's label stands in the
 * way of one of those spots and can itself move to another spot next to its own anchor, it moves.
 */
function makeRoom(
  requests: LabelRequest[],
  placed: Map<string, PlacedLabel>,
  fits: (r: LabelRequest, box: Box, strict: boolean) => boolean,
) {
  const byId = new Map(requests.map((r) => [r.id, r]))
  for (const r of requests) {
    if (placed.has(r.id)) continue
    for (const box of nearSpots(r)) {
      const blockers = [...placed.values()].filter((p) => overlap(p.box, box))
      const moved = blockers[0]
      if (blockers.length !== 1 || !moved || moved.leader) continue
      placed.delete(moved.id)
      if (fits(r, box, true)) {
        placed.set(r.id, { id: r.id, box, leader: false })
        const other = byId.get(moved.id)!
        const spot = nearSpots(other).find((b) => fits(other, b, true))
        if (spot) {
          placed.set(moved.id, { id: moved.id, box: spot, leader: false })
          break
        }
        placed.delete(r.id)
      }
      placed.set(moved.id, moved)
    }
  }
}
