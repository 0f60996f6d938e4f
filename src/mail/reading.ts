// Reading a mail for orders: which text holds
// the orders, with quoted replies, signatures and provider taglines taken out.
//
// Two readers vote and the more careful one wins:
//  - email-reply-parser (crisp-oss) finds quoted fragments: `>` lines and the blocks under the
//    quote headers it knows ("On ... wrote:" in a dozen languages, Outlook "From:" blocks, ...);
//  - the grammar's own envelope: a `GAME` line starts the orders, even where the library would
//    call it quoted or a signature; the orders run until END, a signature, a tagline or a reply
//    header (readScript's rules, plus the headers and taglines of many more clients).
// The library only ever removes quoted text here. Where it would call order lines a signature
// (a "---" or "====" separator, which it takes for a signature delimiter) they are kept.
//
// The text returned keeps the player's line numbers: dropped lines become blank lines, so an
// error "line 7" in the acknowledgement is line 7 of what the player sent.
import { isBlankOrComment } from '../orders/script.ts'
import type { InboundMail } from './inbound.ts'
import {
  BARE_NAME,
  END_MARKER,
  ENVELOPE_LINE,
  findHeaders,
  GAME_LINE,
  GREETING,
  GT,
  libraryVerdicts,
  SALUTATION,
  salutationEnds,
  SEPARATOR,
  SIGNATURE,
  TAGLINE,
} from './quoting.ts'

export interface ExtractedOrders {
  /** the text to file as orders (dropped lines blanked, trailing blank lines removed) */
  text: string
  source: 'body' | 'attachment' | 'html'
  /** what the reader left out or chose, in words a moderator or player can follow */
  notes: string[]
  /** the attachment's file name when source is 'attachment' */
  attachment?: string
  /** text past the read limit that was still being read as orders (see ReadText.unreadFrom) */
  unreadFrom?: UnreadTail
}

export interface ReadText {
  text: string
  notes: string[]
  /** the (first) GAME line kept, 1-based, or null */
  gameLine: number | null
  /** number of non-blank lines kept */
  kept: number
  /** where text the reading had not finished with was left unread (past MAX_READ_CHARS): orders must not be filed from it */
  unreadFrom?: UnreadTail
}

/** Text past the read limit while orders were still being read: the line it starts on and its length. */
export interface UnreadTail {
  line: number
  chars: number
}

/** Bodies longer than this are read only up to here (orders are short; the rest is quoted). */
const MAX_READ_CHARS = 256 * 1024
export function extractOrders(mail: InboundMail): ExtractedOrders {
  const viaHtml = mail.textFrom === 'html'
  const forwarded = FORWARD_SUBJECT.test(mail.subject)
  const body = readText(mail.text, { forwarded })
  const bodyNotes = viaHtml
    ? ['the message has no plain-text part: its HTML was read as text', ...body.notes]
    : body.notes
  const source: ExtractedOrders['source'] = viaHtml ? 'html' : 'body'
  const otherAttachments = (mail.attachments ?? []).filter((a) => a.contentType !== 'text/plain')
  const unread = otherAttachments.map((a) =>
    a.contentType.startsWith('image/')
      ? `attachment ${a.filename || '(unnamed)'} (${a.contentType}, ${kib(a.size)}) is an image and was ignored: orders are read only from text`
      : `attachment ${a.filename || '(unnamed)'} (${a.contentType}, ${kib(a.size)}) was not read: the judge reads orders only as plain text`,
  )

  const attachments = mail.textAttachments.map((a) => ({ name: a.filename || '(unnamed)', read: readText(a.text) }))
  const fromAttachment = (a: (typeof attachments)[number], why: string): ExtractedOrders => ({
    text: a.read.text,
    source: 'attachment',
    attachment: a.name,
    ...(a.read.unreadFrom ? { unreadFrom: a.read.unreadFrom } : {}),
    notes: [
      `orders read from the attached file ${a.name} ${why}`,
      ...a.read.notes.map((n) => `${a.name}: ${n}`),
      ...unread,
    ],
  })

  const fromBody: ExtractedOrders = {
    text: body.text,
    source,
    notes: [...bodyNotes, ...unread],
    ...(body.unreadFrom ? { unreadFrom: body.unreadFrom } : {}),
  }
  if (body.gameLine !== null) return fromBody
  const withGame = attachments.find((a) => a.read.gameLine !== null)
  if (withGame)
    return fromAttachment(
      withGame,
      body.kept ? '(it has the GAME line; the body has none)' : '(the body holds no orders)',
    )
  const withText = attachments.find((a) => a.read.kept > 0)
  if (withText && (body.kept === 0 || looksLikeCoverNote(body.text)))
    return fromAttachment(withText, body.kept ? '(the body only points to it)' : '(the body holds no orders)')
  return fromBody
}

const FORWARD_SUBJECT = /^\s*(fwd?|wg|tr|rv|enc|doorst|vs)\s*:/i

/** A short body that only says the orders are attached. */
function looksLikeCoverNote(text: string): boolean {
  const lines = text.split('\n').filter((l) => l.trim())
  return (
    lines.length <= 5 &&
    /\b(attach|anbei|angeh[äa]ngt|anhang|ci-joint|pi[eè]ce jointe|adjunt|allegat|bijlage|enclosed|file)/i.test(text)
  )
}

function kib(n: number): string {
  return n < 1024 ? `${n} bytes` : `${Math.round(n / 1024)} KiB`
}

// ------------------------------------------------------------------------------ reading one text

/** Reads one text (a body or an attachment) for orders; see the module comment. */
export function readText(input: string, opts: { forwarded?: boolean } = {}): ReadText {
  const notes: string[] = []
  const { text: visible, removed } = withoutInvisibles(input)
  if (removed)
    notes.push(
      `${removed} invisible character(s) (zero-width, soft hyphen, byte-order mark, non-breaking space) removed`,
    )
  const { source, tail } = readablePart(visible.replace(/\r\n?/g, '\n'), notes)
  const r = new Reading(source.split('\n'))
  const { lines, keep } = r
  // The grammar's envelope: the first GAME line that is not quoted with `>` and not inside a
  // quoted block below a reply header, unless that block is a forwarded message (one's own orders
  // forwarded from another account). The library's verdict does not count here.
  const g = r.gameLine(opts.forwarded === true || r.firstBlock?.kind === 'forward')
  if (g >= 0) {
    r.readFromGame(g)
    // KEY and SALT lines written above the GAME line still belong to the envelope.
    for (let i = 0; i < g; i++) if (!r.gt[i] && r.lib[i] !== 'quoted' && ENVELOPE_LINE.test(lines[i]!)) keep[i] = true
    const before = lines.slice(0, g).filter((l, i) => l.trim() && !keep[i] && !r.gt[i]).length
    if (before) notes.push(`${before} line(s) above the GAME line were not read as orders`)
    if (g > r.blockAt) notes.push(`orders read from the forwarded message starting at line ${r.blockAt + 1}`)
  } else r.readFree()
  // A message of greetings alone ("hello?") is what the sender said: it is kept, to be answered.
  if (!keep.some((k, i) => k && lines[i]!.trim())) for (const i of r.greetings) keep[i] = true
  const name = trailingName(lines, keep)
  if (name !== null) {
    keep[name] = false
    notes.push(`reading stopped at the signature "${lines[name]!.trim()}" (line ${name + 1})`)
  }
  if (r.quotedDropped) notes.push(`${r.quotedDropped} quoted line(s) ignored`)
  if (r.stopNote) notes.push(`reading stopped at ${r.stopNote}`)
  if (r.libSaved)
    notes.push(`${r.libSaved} line(s) kept that the reply parser would have dropped as a signature or quote`)
  const out = lines.map((l, i) => (keep[i] ? l : ''))
  while (out.length && !out[out.length - 1]!.trim()) out.pop()
  const text = out.length ? `${out.join('\n')}\n` : ''
  const kept = out.filter((l) => l.trim()).length
  // Text left unread matters only if the reading had not already stopped (a signature, a quote).
  const unreadFrom = tail && !r.stopNote ? { unreadFrom: tail } : {}
  return { text, notes, gameLine: g >= 0 ? g + 1 : null, kept, ...unreadFrom }
}

/** The text cut to what is read; the cut falls on a line boundary: half a line read as an order could mean something else. */
function readablePart(text: string, notes: string[]): { source: string; tail: UnreadTail | null } {
  if (text.length <= MAX_READ_CHARS) return { source: text, tail: null }
  const cut = text.lastIndexOf('\n', MAX_READ_CHARS - 1) + 1
  const rest = text.slice(cut)
  const source = text.slice(0, cut)
  notes.push(`only the first ${MAX_READ_CHARS / 1024} KiB of the text were read`)
  return { source, tail: saysSomething(rest) ? { line: countLines(source) + 1, chars: rest.length } : null }
}

/** One text being read line by line: which lines are kept, and what the notes will say. */
class Reading {
  readonly keep: boolean[]
  readonly lib: ReturnType<typeof libraryVerdicts>
  readonly headerLine = new Set<number>()
  readonly firstBlock: ReturnType<typeof findHeaders>[number] | undefined
  /** The first line of the first quoted block below a reply header (the text's length if none). */
  readonly blockAt: number
  /** Lines quoted with `>`. */
  readonly gt: boolean[]
  quotedDropped = 0
  libSaved = 0
  stopNote: string | null = null
  keptAny = false
  /** Greeting lines skipped before anything was read. */
  readonly greetings: number[] = []

  constructor(readonly lines: string[]) {
    this.keep = lines.map(() => false)
    this.lib = libraryVerdicts(lines)
    const headers = findHeaders(lines)
    for (const h of headers) for (let k = h.at; k < h.at + h.span; k++) this.headerLine.add(k)
    this.firstBlock = headers.find((h) => h.style === 'block')
    this.blockAt = this.firstBlock ? this.firstBlock.at : lines.length
    this.gt = lines.map((l) => GT.test(l))
  }

  private boundary = (k: number) => k >= this.blockAt || this.gt[k]! || this.headerLine.has(k)

  private take(i: number): void {
    this.keep[i] = true
    this.keptAny = true
  }

  /**
   * A signature, tagline, END or reply header ends the orders. A closing word ("Thanks!") ends
   * them only after something was read and with no more than a short signature after it.
   */
  private stopAt(i: number, region: 'game' | 'free'): string | null {
    const l = this.lines[i]!
    if (END_MARKER.test(l)) return `END at line ${i + 1}`
    if (SIGNATURE.test(l)) return `the signature from line ${i + 1}`
    if (TAGLINE.test(l)) return `the tagline "${l.trim().slice(0, 60)}" (line ${i + 1})`
    if (this.keptAny && salutationEnds(this.lines, i, this.boundary))
      return `the closing "${l.trim()}" and what follows (from line ${i + 1})`
    if (region === 'game' && this.headerLine.has(i)) return `the quoted message from line ${i + 1}`
    return null
  }

  /** A line that is never an order: a separator, or a greeting or closing word alone before anything was read. */
  private skippable(i: number): boolean {
    const l = this.lines[i]!
    if (SEPARATOR.test(l) || (!this.keptAny && SALUTATION.test(l))) return true
    if (this.keptAny || !GREETING.test(l)) return false
    this.greetings.push(i)
    return true
  }

  /** The first GAME line outside quotes (inside a forwarded block too when `forwarded`), or -1. */
  gameLine(forwarded: boolean): number {
    for (let i = 0; i < this.lines.length; i++)
      if (!this.gt[i] && !this.headerLine.has(i) && (i < this.blockAt || forwarded) && GAME_LINE.test(this.lines[i]!))
        return i
    return -1
  }

  /** From the GAME line on: `>` quotes are skipped, a stop ends the reading. */
  readFromGame(start: number): void {
    for (let i = start; i < this.lines.length; i++) {
      if (this.gt[i]) {
        if (this.lines[i]!.replace(/^[\s>]+/, '').trim()) this.quotedDropped++
        continue
      }
      const stop = this.stopAt(i, 'game')
      if (stop) {
        this.stopNote = stop
        break
      }
      if (this.skippable(i)) continue
      if (this.lib[i] !== 'visible' && this.lines[i]!.trim()) this.libSaved++
      this.take(i)
    }
  }

  /** Without a GAME line: everything above the first quoted block that is not quoted. */
  readFree(): void {
    const { lines, blockAt } = this
    for (let i = 0; i < lines.length; i++) {
      if (i >= blockAt) {
        if (lines.slice(i).some((l) => l.trim())) this.stopNote = `the quoted message from line ${blockAt + 1}`
        break
      }
      if (this.gt[i] || this.headerLine.has(i) || this.lib[i] === 'quoted') {
        if (lines[i]!.replace(/^[\s>]+/, '').trim()) this.quotedDropped++
        continue
      }
      // Quoted lines were skipped above, so new text below a `>` quote (bottom-posting) is read;
      // a signature or tagline ends it all.
      const stop = this.stopAt(i, 'free')
      if (stop) {
        this.stopNote = stop
        break
      }
      if (this.skippable(i)) continue
      if (this.lib[i] === 'signature' && lines[i]!.trim()) this.libSaved++
      this.take(i)
    }
  }
}

/**
 * The line of a bare signature name ending what was read ("Bob" after a blank line), or null: the
 * last line kept, alone after a blank line, with orders kept above it. Closing words get the same
 * treatment in salutationEnds; a name alone is as much a signature.
 */
function trailingName(lines: string[], keep: boolean[]): number | null {
  const said = (i: number) => keep[i]! && lines[i]!.trim() !== ''
  let last = keep.length - 1
  while (last >= 0 && !said(last)) last--
  if (last < 1 || !BARE_NAME.test(lines[last]!) || lines[last - 1]!.trim()) return null
  for (let i = 0; i < last; i++) if (said(i)) return last
  return null
}

/** Characters web mail copies along that no reader sees: dropped, and non-breaking spaces become spaces. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g
const ODD_SPACE = /[\u00A0\u2007\u202F]/g

/** The text without invisible characters, and how many there were (line numbers stay as sent). */
export function withoutInvisibles(text: string): { text: string; removed: number } {
  let removed = 0
  const out = text
    .replace(INVISIBLE, () => {
      removed++
      return ''
    })
    .replace(ODD_SPACE, () => {
      removed++
      return ' '
    })
  return { text: out, removed }
}

/** Whether unread text holds anything the orders could mean: a line neither blank, a comment nor quoted. */
function saysSomething(text: string): boolean {
  return text.split('\n').some((l) => !GT.test(l) && !isBlankOrComment(l))
}

function countLines(text: string): number {
  let n = 0
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++
  return n
}
