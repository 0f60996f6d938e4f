// Reading a figure's SVG as a reader sees it: every piece of text drawn, where it stands and how
// much room it takes (by the label layout's own width estimate), and the dots of the places; from
// these, what overlaps what and what leaves the picture.
import { type Box, overlap, textWidth } from '../../src/games/kit/labelLayout.ts'

export interface DrawnText {
  text: string
  box: Box
}

/** How far a line of text reaches above and below its baseline, as a share of the font size. */
const ASCENT = 0.76
const DESCENT = 0.22

const attrsOf = (tag: string) =>
  Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!])) as Record<string, string>

const decode = (t: string) =>
  t
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&')

/** The width and height the root element gives the picture. */
export function pictureSize(svg: string): { width: number; height: number } {
  const root = attrsOf(/<svg[^>]*>/.exec(svg)![0])
  return { width: Number(root.width), height: Number(root.height) }
}

/**
 * Every non-empty <text> of the figure with the box its glyphs take. A text moved by a transform
 * other than a translation cannot be measured this way and throws.
 */
export function drawnTexts(svg: string): DrawnText[] {
  const out: DrawnText[] = []
  for (const m of svg.matchAll(/<text\b([^>]*)>([\s\S]*?)<\/text>/g)) {
    const a = attrsOf(m[1]!)
    const text = decode(m[2]!)
    if (!text.trim()) continue
    let x = Number(a.x ?? 0)
    let y = Number(a.y ?? 0)
    if (a.transform) {
      const t = /^translate\(\s*([-\d.]+)[ ,]+([-\d.]+)\s*\)$/.exec(a.transform)
      if (!t) throw new Error(`a text drawn with transform ${a.transform}: ${text}`)
      x += Number(t[1])
      y += Number(t[2])
    }
    const size = Number(a['font-size'] ?? 16)
    const w = textWidth({ text, size, bold: a['font-weight'] === 'bold' })
    const left = a['text-anchor'] === 'middle' ? x - w / 2 : a['text-anchor'] === 'end' ? x - w : x
    out.push({ text, box: [left, y - ASCENT * size, left + w, y + DESCENT * size] })
  }
  return out
}

/** The dots of a map: small circles and small squares (a place's mark). */
export function drawnDots(svg: string, largest = 6): Box[] {
  const dots: Box[] = []
  for (const m of svg.matchAll(/<circle\b([^>]*)>/g)) {
    const a = attrsOf(m[1]!)
    const r = Number(a.r)
    if (r <= largest) dots.push([+a.cx! - r, +a.cy! - r, +a.cx! + r, +a.cy! + r])
  }
  for (const m of svg.matchAll(/<rect\b([^>]*)>/g)) {
    const a = attrsOf(m[1]!)
    const w = Number(a.width)
    if (w <= 2 * largest && Number(a.height) === w) dots.push([+a.x!, +a.y!, +a.x! + w, +a.y! + w])
  }
  return dots
}

const shown = (b: Box) => `[${b.map((n) => Math.round(n)).join(',')}]`

/**
 * What is wrong with the figure's text: two texts whose boxes overlap, a text that leaves the
 * picture, and (when `dots` is set) a text over a place's dot. Empty when nothing is.
 */
export function textFaults(svg: string, opts: { dots?: boolean } = {}): string[] {
  const { width, height } = pictureSize(svg)
  const texts = drawnTexts(svg)
  const faults: string[] = []
  for (const [i, a] of texts.entries()) {
    if (a.box[0] < 0 || a.box[1] < 0 || a.box[2] > width || a.box[3] > height)
      faults.push(`"${a.text}" ${shown(a.box)} leaves the ${width}x${height} picture`)
    for (const b of texts.slice(i + 1))
      if (overlap(a.box, b.box)) faults.push(`"${a.text}" ${shown(a.box)} overlaps "${b.text}" ${shown(b.box)}`)
  }
  if (opts.dots)
    for (const d of drawnDots(svg))
      for (const t of texts) if (overlap(t.box, d)) faults.push(`"${t.text}" ${shown(t.box)} covers a dot ${shown(d)}`)
  return faults
}

/** Words in a picture's visible text that only make sense with a mouse in hand. */
export function mouseWords(svg: string): string[] {
  return drawnTexts(svg)
    .map((t) => t.text)
    .filter((t) => /\b(hover|click|mouse|tooltip)/i.test(t))
}
