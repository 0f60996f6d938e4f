// What one order message may cost, whatever game reads it. A player's key is in the reply address
// of every report, so anyone a report was forwarded to can send orders: one 10 KB line repeating an
// area code once produced 2,500 errors each quoting the whole line (a 52 MB acknowledgement). The
// engine therefore screens the text before a game parses it and bounds what goes back and into the
// log: long lines are refused whole, errors are capped and quote a short excerpt, and the lists an
// acknowledgement echoes are cut to a budget.
import type { LineError } from '../games/contract.ts'
import { isBlankOrComment } from '../orders/script.ts'

export const ORDER_LIMITS = {
  /** A longer line is refused with one error and never reaches the game's parser. */
  maxLineChars: 1000,
  /**
   * Lines with something on them a message may hold; more are refused whole, unparsed. No game's
   * orders come near it (a turn's orders are a few dozen lines); it bounds what parsing and
   * "did you mean" suggestions cost: 13,000 misspelt lines took over a second.
   */
  maxOrderLines: 2000,
  /** Errors (and notes) listed per message; the rest are counted in one last line. */
  maxErrors: 50,
  /** Characters of the offending line quoted with an error. */
  excerptChars: 100,
  /** Characters of an error's message and suggestion. */
  messageChars: 240,
  /** Largest text part of an acknowledgement. */
  maxAckTextBytes: 64 * 1024,
  /** Largest text and HTML parts of an acknowledgement together, as sent (encoded): the whole mail stays under 100 KB. */
  maxAckWireBytes: 96_000,
} as const

/** The one error for a message with more than maxOrderLines lines other than blanks and comments, or null. */
export function tooManyLines(text: string): LineError | null {
  let count = 0
  let at = 0
  for (const line of text.split('\n')) {
    at++
    if (isBlankOrComment(line)) continue
    if (++count > ORDER_LIMITS.maxOrderLines)
      return {
        line: at,
        text: '',
        message: `the message has more than ${ORDER_LIMITS.maxOrderLines.toLocaleString('en-US')} order lines; none of them was read or filed`,
        suggestion: 'send the orders alone, without pasted reports or logs',
      }
  }
  return null
}

/** Blanks every over-long line (keeping line numbers) and says why, once per line. */
export function screenLongLines(text: string): { text: string; errors: LineError[] } {
  const lines = text.split('\n')
  const errors: LineError[] = []
  for (let i = 0; i < lines.length; i++) {
    // Characters as a person counts them (code points, not UTF-16 units), and not the spaces a
    // line ends with, which mail clients and transports drop or add unseen.
    const line = lines[i]!.trimEnd()
    if (line.length <= ORDER_LIMITS.maxLineChars) continue
    const length = codePoints(line)
    if (length <= ORDER_LIMITS.maxLineChars) continue
    errors.push({
      line: i + 1,
      text: excerpt(lines[i]!),
      message: `this line is ${length.toLocaleString('en-US')} characters long; an order line may have at most ${ORDER_LIMITS.maxLineChars.toLocaleString('en-US')}, so none of it was read`,
    })
    lines[i] = ''
  }
  return errors.length ? { text: lines.join('\n'), errors } : { text, errors }
}

/** The error for a message whose reader stopped part way (its size limit) while orders were still being read. */
export function unreadTailError(tail: { line: number; chars: number }): LineError {
  const kib = Math.max(1, Math.round(tail.chars / 1024)).toLocaleString('en-US')
  return {
    line: tail.line,
    text: '',
    message: `the message goes on for another ${kib} KiB from this line, more than the judge reads of one message; orders read only in part could mean something else, so none of this message was filed`,
    suggestion: 'send the orders in a shorter message, without the quoted text below them',
  }
}

/** The first maxErrors entries, each quoting an excerpt, then "... and N more". */
export function boundLineErrors(sorted: readonly LineError[], what = 'errors'): LineError[] {
  const kept: LineError[] = sorted.slice(0, ORDER_LIMITS.maxErrors).map((e) => ({
    line: e.line,
    text: excerpt(e.text),
    message: clip(e.message, ORDER_LIMITS.messageChars),
    ...(e.suggestion ? { suggestion: clip(e.suggestion, ORDER_LIMITS.messageChars) } : {}),
  }))
  const more = sorted.length - kept.length
  if (more > 0) {
    const from = sorted[kept.length]!.line
    kept.push({ line: from, text: '', message: `... and ${more.toLocaleString('en-US')} more ${what} like these` })
  }
  return kept
}

/** The first lines of a list that fit in `budget` characters, then a line saying how many were left out. */
export function boundList(lines: readonly string[], budget: number, more: (n: number) => string): string[] {
  const out: string[] = []
  let used = 0
  for (const line of lines) {
    used += line.length + 3
    if (used > budget) break
    out.push(line)
  }
  return out.length < lines.length ? [...out, more(lines.length - out.length)] : [...lines]
}

function excerpt(text: string): string {
  return clip(text, ORDER_LIMITS.excerptChars)
}

/** The number of characters (code points) in `text`. */
export function codePoints(text: string): number {
  let n = 0
  for (const _ of text) n++
  return n
}

/** At most `max` characters of `text` (never half of a surrogate pair), then "..." if cut. */
function clip(text: string, max: number): string {
  if (text.length <= max || codePoints(text) <= max) return text
  let out = ''
  let n = 0
  for (const ch of text) {
    if (n++ === max) break
    out += ch
  }
  return `${out}...`
}
