// Deliverability of the judge's letters: the List-Id naming the game a letter belongs to (so a
// player's filters and the provider's bulk-mail heuristics see one list per game), added to the
// composed bytes before they are DKIM-signed on the way out.

/** Kinds of the judge's Message-IDs whose second label is the game: `<kind>.<game>.…@domain`. */
const GAME_KINDS = new Set([
  'report',
  'ack',
  'press',
  'decision',
  'rekey',
  'replaced',
  'ejected',
  'correction',
  'readj-preview',
  'preview',
  'mod',
  'cmd',
])

/** The game a judge's Message-ID belongs to (through copies and repeats), or null. */
export function gameOfMessageId(messageId: string): string | null {
  let id = messageId.replace(/^<|>$/g, '')
  for (;;) {
    const wrapped = /^(?:copy\.|again\.[0-9a-f]{16}\.)(.+)$/.exec(id)
    if (!wrapped) break
    id = wrapped[1]!
  }
  const m = /^([a-z-]+)\.([a-z0-9][a-z0-9-]{1,31})\.[^@]*@/.exec(id)
  return m && GAME_KINDS.has(m[1]!) ? m[2]! : null
}

/** `List-Id: "acw-pbem game <game>" <<game>.<domain>>` (RFC 2919), or null for mail of no game. */
export function listIdFor(messageId: string, mailDomain: string): string | null {
  const game = gameOfMessageId(messageId)
  return game ? `"acw-pbem game ${game}" <${game}.${mailDomain.toLowerCase()}>` : null
}

/** The header block of a composed message (up to the first empty line), as text. */
function headerBlock(eml: Buffer): { head: string; end: number } {
  const crlf = eml.indexOf('\r\n\r\n')
  const lf = eml.indexOf('\n\n')
  const end = crlf >= 0 && (lf < 0 || crlf < lf) ? crlf : lf
  return { head: eml.subarray(0, end < 0 ? eml.length : end).toString('latin1'), end }
}

/** Whether the message already has header `name`. */
export function hasHeader(eml: Buffer, name: string): boolean {
  return new RegExp(`^${name.replace(/[-]/g, '\\-')}:`, 'im').test(headerBlock(eml).head)
}

/** The message with headers added at its top (those it already has are left as they are). */
export function withHeaders(eml: Buffer, headers: Record<string, string>): Buffer {
  const nl = eml.includes('\r\n') ? '\r\n' : '\n'
  const lines = Object.entries(headers)
    .filter(([k]) => !hasHeader(eml, k))
    .map(([k, v]) => `${k}: ${v.replace(/[\r\n]+/g, ' ')}${nl}`)
  return lines.length ? Buffer.concat([Buffer.from(lines.join(''), 'latin1'), eml]) : eml
}
