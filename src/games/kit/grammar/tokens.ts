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

/** Splits a line into words and signs (single characters: `:`, `,`, `=`, or the grammar's own). */
export function tokenize(line: string, signs: readonly string[] = SIGNS): Token[] {
  const set = signs.map((c) => c.replace(/[\\\]^-]/g, '\\$&')).join('')
  const tokens: Token[] = []
  for (const m of line.matchAll(new RegExp(`[${set}]|[^\\s${set}]+`, 'g'))) {
    tokens.push({ text: m[0], upper: m[0].toUpperCase(), start: m.index, sign: signs.includes(m[0]) })
  }
  return tokens
}

/** Tokens written back as a line: no space before a comma or colon. */
export function joinTokens(words: readonly string[]): string {
  let out = ''
  for (const w of words) {
    if (!out) out = w
    else if (/^[,:;]/.test(w)) out += w
    else out += ` ${w}`
  }
  return out
}
