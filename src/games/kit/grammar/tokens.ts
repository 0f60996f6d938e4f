// Splits an order line into words and signs for the grammar's parser.

export interface Token {
  /** As written. */
  text: string
  upper: string
  /** Where it starts in the line (for a part that takes the rest of the line as written). */
  start: number
}

/** The signs that stand as tokens of their own, with or without spaces around them. */
export const SIGNS = [':', ',', '='] as const

export function isSign(t: Token | undefined): boolean {
  return t !== undefined && (SIGNS as readonly string[]).includes(t.text)
}

/**
 * The judge's echo ends an order with a note in brackets (`CSE CONN (1 of 3 CSE points left)`); a
 * player who mails the echo back means the order, so a closing bracketed note is read as a comment.
 */
export function withoutNote(line: string): string {
  const m = /^(.*?\S)\s*\([^()]*\)$/.exec(line.trim())
  return m ? m[1]! : line.trim()
}

export function tokenize(line: string): Token[] {
  const tokens: Token[] = []
  for (const m of line.matchAll(/[:,=]|[^\s:,=]+/g)) {
    tokens.push({ text: m[0], upper: m[0].toUpperCase(), start: m.index })
  }
  return tokens
}

/** Tokens written back as a line: no space before a comma or colon. */
export function joinTokens(words: readonly string[]): string {
  let out = ''
  for (const w of words) {
    if (!out) out = w
    else if (w === ',' || w === ':' || w.startsWith(',') || w.startsWith(':')) out += w
    else out += ` ${w}`
  }
  return out
}
