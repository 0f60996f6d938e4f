// Splits an order line into words and signs for the grammar's parser.

export interface Token {
  /** As written. */
  text: string
  upper: string
  /** Where it starts in the line (for a part that takes the rest of the line as written). */
  start: number
  /** One of the grammar's signs, which stand as tokens of their own. */
  sign: boolean
}

/** The signs that stand as tokens of their own, with or without spaces around them, unless a grammar says others. */
export const SIGNS: readonly string[] = [':', ',', '=']

export function isSign(t: Token | undefined): boolean {
  return t?.sign === true
}

/**
 * The judge's echo ends an order with a note in brackets (`CSE CONN (1 of 3 CSE points left)`); a
 * player who mails the echo back means the order, so a closing bracketed note is read as a comment.
 */
export function withoutNote(line: string): string {
  const m = /^(.*?\S)\s*\([^()]*\)$/.exec(line.trim())
  return m ? m[1]! : line.trim()
}

const quoted = (s: string) => s.replace(/[\\\]^$.*+?()[{}|/-]/g, '\\$&')

/**
 * Splits a line into words and signs (`:`, `,`, `=`, or the grammar's own). A sign of several
 * characters (`>=`) is matched before a shorter one it starts with; a word runs to the next sign.
 */
export function tokenize(line: string, signs: readonly string[] = SIGNS): Token[] {
  const long = signs.filter((c) => c.length > 1).sort((a, b) => b.length - a.length)
  const set = [...signs.filter((c) => c.length === 1), ...long.map((c) => c[0]!)].map(quoted).join('')
  const alts = [...long.map(quoted), ...(set ? [`[${set}]`] : []), set ? `[^\\s${set}]+` : '\\S+']
  const tokens: Token[] = []
  for (const m of line.matchAll(new RegExp(alts.join('|'), 'g'))) {
    tokens.push({ text: m[0], upper: m[0].toUpperCase(), start: m.index, sign: signs.includes(m[0]) })
  }
  return tokens
}

/**
 * Tokens written back as a line: no space before a comma or colon, and, where brackets are signs of
 * the grammar, none inside or before them (`F(A,B)`); elsewhere a bracket is a word like any other
 * and keeps its spaces, so the line reads back the same.
 */
export function joinTokens(words: readonly string[], tightBrackets = true): string {
  let out = ''
  let prev = ''
  for (const w of words) {
    const bracket = tightBrackets && (w === '(' || w === ')' || prev === '(')
    if (!out) out = w
    else if (/^[,:;]/.test(w) || bracket) out += w
    else out += ` ${w}`
    prev = w
  }
  return out
}
