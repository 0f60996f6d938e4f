// HTML-only mail read as text. mailparser's renderer (html-to-text over htmlparser2) gives the best
// text for what real clients send, but its cost grows with the square of the nesting depth: 200,000
// nested <div>s block the judge for 14 s before it gives up. Real mail is shallow and small, so it
// goes to the renderer; anything deeper or larger than any client writes is read by a plain linear
// pass that keeps the text and turns block ends into line breaks.

/** Larger HTML is read by the linear pass. */
export const MAX_RENDERED_HTML_CHARS = 512 * 1024
/** Deeper nesting (open tags not yet closed) is read by the linear pass. */
export const MAX_RENDERED_HTML_DEPTH = 400

const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
])

/** Whether the full renderer can read this HTML in reasonable time. */
export function renderable(html: string): boolean {
  return html.length <= MAX_RENDERED_HTML_CHARS && nestingDepth(html) <= MAX_RENDERED_HTML_DEPTH
}

/** The deepest run of open elements, counted in one pass over the tags. */
export function nestingDepth(html: string): number {
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)[^<>]*?(\/?)>/g
  let depth = 0
  let deepest = 0
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    const name = m[2]!.toLowerCase()
    if (m[1]) depth = Math.max(0, depth - 1)
    else if (!m[3] && !VOID_ELEMENTS.has(name)) deepest = Math.max(deepest, ++depth)
  }
  return deepest
}

const BLOCK_END =
  /<\/?(p|div|tr|li|h[1-6]|table|blockquote|pre|ul|ol|section|article|header|footer)\b[^<>]*>|<br\b[^<>]*>/gi
const ANY_TAG = /<[^<>]*>/g
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** Text of any HTML in linear time: block boundaries become line breaks, tags go, entities are decoded. */
export function plainTextOf(html: string): string {
  return withoutHiddenElements(html)
    .replace(BLOCK_END, '\n')
    .replace(ANY_TAG, '')
    .replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, code: string) => {
      if (code[0] !== '#') return ENTITIES[code.toLowerCase()] ?? whole
      const n = code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1))
      return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole
    })
}

/**
 * The HTML without <script>, <style> and <head> elements. Searched with indexOf, remembering an
 * element whose closing tag is nowhere further on, so that thousands of unclosed openings cost one
 * pass, not one pass each.
 */
function withoutHiddenElements(html: string): string {
  const lower = html.toLowerCase()
  const opening = /<(script|style|head)\b[^<>]*>/g
  const unclosed = new Set<string>()
  let out = ''
  let from = 0
  for (let m = opening.exec(lower); m; m = opening.exec(lower)) {
    const name = m[1]!
    if (unclosed.has(name)) continue
    const close = lower.indexOf(`</${name}`, opening.lastIndex)
    if (close < 0) {
      unclosed.add(name)
      continue
    }
    const end = lower.indexOf('>', close)
    out += html.slice(from, m.index)
    from = end < 0 ? html.length : end + 1
    opening.lastIndex = from
  }
  return out + html.slice(from)
}
