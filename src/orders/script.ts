// The order-script reader shared by every game: it turns a mail body into numbered command lines
// and pulls out the envelope (GAME <id> <role>), KEY and SALT lines. Games parse the rest.

export interface ScriptLine {
  /** 1-based line number in the text as the player sent it. */
  line: number
  /** The line without comment, trimmed; original case kept for echoing. */
  text: string
  /** Upper-cased words of `text`. */
  words: string[]
}

export interface Envelope {
  game?: string
  role?: string
  key?: string
  salt?: string
  envelopeLine?: number
}

export interface Script {
  envelope: Envelope
  lines: ScriptLine[]
  /** Mail commands (HELP, STATUS, ...) found where orders would be; for the mail layer. */
  ignoredFrom?: number
}

const SIGNATURE = /^(--|-- |__+|—+)\s*$/
const QUOTE_HEADER = [
  /^On .{3,200} wrote:\s*$/i,
  /^-{2,}\s*Original Message\s*-{2,}$/i,
  /^-{2,}\s*Forwarded message\s*-{2,}$/i,
  /^From: .+$/,
  /^Sent from my /i,
  /^Get Outlook for /i,
]
const END_MARKER = /^(END|ENDORDERS|END ORDERS)$/i

/** Splits a mail body into command lines; stops at a signature, a quoted-reply header or END. */
export function readScript(body: string): Script {
  const envelope: Envelope = {}
  const lines: ScriptLine[] = []
  const raw = body.replace(/\r\n?/g, '\n').split('\n')
  let ignoredFrom: number | undefined
  for (let i = 0; i < raw.length; i++) {
    const number = i + 1
    const full = raw[i] ?? ''
    if (full.trimStart().startsWith('>')) continue
    const trimmed = full.trim()
    if (SIGNATURE.test(full) || QUOTE_HEADER.some((re) => re.test(trimmed)) || END_MARKER.test(trimmed)) {
      ignoredFrom = number
      break
    }
    const text = stripComment(full).trim()
    if (!text) continue
    const words = text.toUpperCase().split(/\s+/)
    const head = words[0]
    if (head === 'GAME' && words.length >= 2) {
      envelope.game = text.split(/\s+/)[1]
      envelope.role = words[2]?.toLowerCase()
      envelope.envelopeLine = number
      continue
    }
    if (head === 'KEY' && words.length === 2) {
      envelope.key = text.split(/\s+/)[1]
      continue
    }
    if (head === 'SALT' && words.length >= 2) {
      envelope.salt = text.split(/\s+/).slice(1).join(' ').slice(0, 64)
      continue
    }
    lines.push({ line: number, text, words })
  }
  return ignoredFrom === undefined ? { envelope, lines } : { envelope, lines, ignoredFrom }
}

/** True if the line says nothing to any game: blank, or only a comment. */
export function isBlankOrComment(line: string): boolean {
  return !/\S/.test(stripComment(line))
}

function stripComment(line: string): string {
  const hash = line.indexOf('#')
  return hash === -1 ? line : line.slice(0, hash)
}

/** Levenshtein distance, for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!
    prev[0] = i
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!
      prev[j] = Math.min(up + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1))
      diag = up
    }
  }
  return prev[b.length]!
}

/** The candidates closest to `input` (case-insensitive), best first; at most `max`. */
export function closest(input: string, candidates: Iterable<string>, max = 3): string[] {
  const needle = input.toUpperCase()
  const scored = [...new Set(candidates)].map((c) => {
    const hay = c.toUpperCase()
    const prefixBonus = hay.startsWith(needle) || needle.startsWith(hay) ? -1 : 0
    return { c, d: editDistance(needle, hay) + prefixBonus }
  })
  const limit = Math.max(2, Math.ceil(needle.length / 2))
  return scored
    .filter((s) => s.d <= limit)
    .sort((x, y) => x.d - y.d || x.c.localeCompare(y.c))
    .slice(0, max)
    .map((s) => s.c)
}

/** Map codes like C81: the known codes of the same letter nearest in number, then by spelling. */
export function nearestCodes(input: string, codes: Iterable<string>, max = 3): string[] {
  const m = /^([A-Z])(\d+)$/i.exec(input.trim())
  const all = [...codes]
  if (!m) return closest(input, all, max)
  const letter = m[1]!.toUpperCase()
  const n = Number(m[2])
  return all
    .filter((c) => c.startsWith(letter))
    .map((c) => ({ c, d: Math.abs(Number(c.slice(1)) - n) }))
    .sort((x, y) => x.d - y.d || x.c.localeCompare(y.c))
    .slice(0, max)
    .map((x) => x.c)
}
