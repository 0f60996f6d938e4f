// Mail that arrived cut short. MIME parsers are forgiving: a base64 body that stops mid-quantum
// decodes to fewer bytes, and a multipart whose closing delimiter never came yields the parts read
// so far. For orders that is the worst outcome: the player's lines are filed short without a word.
// These checks look at the raw bytes, in one linear pass each, for the two signs a cut leaves.

/** Why the message looks cut short, or null. */
export function cutShortReason(raw: Buffer): string | null {
  const text = raw.toString('latin1')
  return unclosedMultipart(text) ?? truncatedBase64(text)
}

const HEADER_END = /\r?\n\r?\n/

/** The top-level multipart's closing delimiter (`--boundary--`) is missing. */
function unclosedMultipart(text: string): string | null {
  const end = text.search(HEADER_END)
  const header = end < 0 ? text : text.slice(0, end)
  const contentType = headerValue(header, 'content-type')
  if (!contentType || !/^\s*multipart\//i.test(contentType)) return null
  const boundary = /boundary\s*=\s*(?:"([^"\r\n]{1,200})"|([^\s;"]{1,200}))/i.exec(contentType)
  const b = boundary?.[1] ?? boundary?.[2]
  if (!b) return null
  return text.includes(`--${b}--`, Math.max(end, 0))
    ? null
    : `its MIME multipart never ends (no closing "--${b}--" line)`
}

/** A base64-encoded part whose encoded length is not whole quanta of four characters. */
function truncatedBase64(text: string): string | null {
  const marker = /^content-transfer-encoding:[ \t]*base64[ \t]*\r?$/gim
  for (let m = marker.exec(text); m; m = marker.exec(text)) {
    const blank = /\r?\n\r?\n/g
    blank.lastIndex = m.index
    const headerEnd = blank.exec(text)
    if (!headerEnd) return 'a base64 part has no body'
    const bodyStart = headerEnd.index + headerEnd[0].length
    // The body runs to the next boundary line (a line starting with "--") or the end.
    let bodyEnd = text.indexOf('\n--', bodyStart - 1)
    if (bodyEnd < 0) bodyEnd = text.length
    if (!wholeBase64(text, bodyStart, bodyEnd)) return 'a base64-encoded part stops in the middle of its data'
    marker.lastIndex = Math.max(bodyEnd, marker.lastIndex)
  }
  return null
}

function wholeBase64(text: string, from: number, to: number): boolean {
  let count = 0
  let padding = 0
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i)
    if (c === 13 || c === 10 || c === 32 || c === 9) continue
    if (c === 61) padding++
    else if (padding > 0) return false // data after '=' padding
    count++
  }
  return count % 4 === 0 && padding <= 2
}

function headerValue(header: string, name: string): string | null {
  const lines = header.split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (line.slice(0, name.length + 1).toLowerCase() !== `${name}:`) continue
    let value = line.slice(name.length + 1)
    while (i + 1 < lines.length && /^[ \t]/.test(lines[i + 1]!)) value += ` ${lines[++i]!.trim()}`
    return value.trim()
  }
  return null
}
