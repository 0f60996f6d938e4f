// Reading a mail for orders (DESIGN.md section 6; anchors section 3 items 2-3): which text holds
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
import EmailReplyParser from 'email-reply-parser'
import { isBlankOrComment } from '../orders/script.ts'
import type { InboundMail } from './inbound.ts'

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
/** Lines handed to the reply parser are cut to this length (its regexes backtrack on long lines). */
const MAX_LIB_LINE = 1000
/**
 * The reply parser sees this much of a text at most: its cost grows with the square of the lines it
 * is given (some of its regexes scan the whole text per line), 4 s for 16,000 blank lines. Quotes
 * it would find further down are still caught by the judge's own rules (`>` lines, reply headers).
 */
const MAX_LIB_CHARS = 32 * 1024
const MAX_LIB_LINES = 1500

export function extractOrders(mail: InboundMail): ExtractedOrders {
  const viaHtml = mail.textFrom === 'html'
  const forwarded = FORWARD_SUBJECT.test(mail.subject)
  const body = readText(mail.text, { forwarded })
  const bodyNotes = viaHtml
    ? ['the message has no plain-text part: its HTML was read as text', ...body.notes]
    : body.notes
  const source: ExtractedOrders['source'] = viaHtml ? 'html' : 'body'
  const otherAttachments = (mail.attachments ?? []).filter((a) => a.contentType !== 'text/plain')
  const unread = otherAttachments.map(
    (a) =>
      `attachment ${a.filename || '(unnamed)'} (${a.contentType}, ${kib(a.size)}) was not read: the judge reads orders only as plain text`,
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

// ------------------------------------------------------------------------------ line rules

const SIGNATURE = /^(--|-- |__+|—+)\s*$/
/** Lines that separate, not sign: the reply parser takes `---`, `====`, `++++` for a signature. */
const SEPARATOR = /^\s*(-{3,}|={2,}|\+{2,}|\*{3,}|~{3,}|#{3,})\s*$/
const END_MARKER = /^\s*(END|ENDORDERS|END ORDERS)\s*$/i
const GT = /^\s*>/
const GAME_LINE = /^\s*GAME\s+\S+/i
const ENVELOPE_LINE = /^\s*(KEY|SALT)\s+\S+/i

/** Provider and client taglines (English and the languages the reply parser knows, and more). */
const TAGLINE = new RegExp(
  '^\\s*(' +
    [
      'Sent from (my|Yahoo|Mail for|Outlook|the .{1,30} app|AOL|Samsung|Proton|BlackBerry|Zoho)',
      'Sent (with|via|using) ',
      'Get Outlook for ',
      'Download Outlook for ',
      'Von meinem .{1,40} gesendet',
      'Gesendet (von|mit) ',
      'Envoy[ée] (de|depuis|à partir de) ',
      'T[ée]l[ée]charger Outlook pour ',
      'Enviado (desde|do|de) ',
      'Inviato da ',
      'Verzonden (vanaf|met) ',
      'Verstuurd vanaf ',
      'Skickat fr[åa]n ',
      'Sendt fra ',
      'Wys[łl]ane z ',
      'Yahoo Mail: ',
    ].join('|') +
    ')',
  'i',
)

/** Closing words that start a signature when only a few short lines follow them. */
const SALUTATION =
  /^\s*(regards|best regards|kind regards|warm regards|many regards|cheers|best|best wishes|all the best|thanks|many thanks|thank you|thx|yours|yours truly|sincerely|mit freundlichen gr(ü|ue)(ß|ss)en|viele gr(ü|ue)(ß|ss)e|gr(ü|ue)(ß|ss)e|gru(ß|ss)|cordialement|bien (à|a) vous|saludos|un saluto|cordiali saluti|met vriendelijke groet|groeten)\s*[,.!]*\s*$/i

/** The first line of an attribution ("On <date>, <name> wrote:") in many clients and languages. */
const ATTRIBUTION_START =
  /^\s*(On|Am|Le|El|Op|Il|Em|Den|Dne|W dniu|Dnia|Il giorno|Pada|Na|\d{1,4}[./-]\d{1,2}[./-]\d{1,4})\b/i
const ATTRIBUTION_END =
  /\b(wrote|writes|schrieb|a [ée]crit|escribi[óo]|schreef|ha scritto|scrisse|escreveu|skrev|napisa[łl]\S*|pisze|kirjoitti|napsal|написал\S*|yazd[ıi])\s*:?\s*$/i
/** "Name <address> wrote:" with no date in front, or "Name <address> schrieb am <date>:". */
const ATTRIBUTION_SHORT =
  /^\s*[^\s>].{0,200}\b(wrote|schrieb|a [ée]crit|escribi[óo]|schreef|ha scritto|escreveu|skrev)\s*:\s*$/i
const ATTRIBUTION_MID =
  /^\s*[^\s>].{0,200}(@|\d).{0,100}\b(wrote|schrieb|a [ée]crit|escribi[óo]|schreef|ha scritto|escreveu|skrev)\b.{0,80}:\s*$/i
const ORIGINAL_MESSAGE =
  /^\s*-{2,}\s*(Original Message|Urspr[üu]ngliche Nachricht|Message d'origine|Mensaje original|Messaggio originale|Oorspronkelijk bericht|Originalmeddelande|Opprinnelig melding|Oprindelig meddelelse|Mensagem original|Alkuper[äa]inen viesti|Wiadomo[śs][ćc] oryginalna)\s*-{2,}\s*$/i
const FORWARD_MARKER =
  /^\s*(-{2,}\s*(Forwarded message|Forwarded Message|Weitergeleitete Nachricht|Message transf[ée]r[ée]|Mensaje reenviado|Messaggio inoltrato|Doorgestuurd bericht)\s*-{2,}|Begin forwarded message:?)\s*$/i
const HEADER_FROM = /^\s*\*?(From|Von|De|Da|Van|Fra|Fr[åa]n|Od|L[äa]hett[äa]j[äa])\s*:\*?\s*\S/i
const HEADER_NEXT =
  /^\s*\*?(Sent|Date|Gesendet|Datum|Envoy[ée]|Enviado|Fecha|Inviato|Data|Verzonden|Skickat|Sendt|Wys[łl]ano|L[äa]hetetty|To|An|[ÀA]|Para|Aan|Till|Til|Do|Subject|Betreff|Objet|Asunto|Oggetto|Onderwerp|[ÄA]mne|Emne|Temat|Cc)\s*:\*?/i
const RULE_LINE = /^\s*(_{10,}|-{10,}|—{5,})\s*$/

interface Header {
  /** first line of the header */
  at: number
  /** lines the header itself spans */
  span: number
  /** 'gt': the quote below is marked with `>`; 'block': everything below is the quoted message */
  style: 'gt' | 'block'
  kind: 'attribution' | 'original' | 'outlook' | 'forward'
}

/** Reply and forward headers the judge knows, in order. */
function findHeaders(lines: string[]): Header[] {
  const out: Header[] = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (GT.test(line) || !line.trim()) continue
    let h: Omit<Header, 'style'> | null = null
    if (ORIGINAL_MESSAGE.test(line)) h = { at: i, span: 1, kind: 'original' }
    else if (FORWARD_MARKER.test(line)) h = { at: i, span: 1, kind: 'forward' }
    else if (RULE_LINE.test(line) && outlookBlockAt(lines, nextNonBlank(lines, i + 1)) > 0)
      h = {
        at: i,
        span: nextNonBlank(lines, i + 1) - i + outlookBlockAt(lines, nextNonBlank(lines, i + 1)),
        kind: 'outlook',
      }
    else if (outlookBlockAt(lines, i) > 0) h = { at: i, span: outlookBlockAt(lines, i), kind: 'outlook' }
    else {
      const span = attributionAt(lines, i)
      if (span > 0) h = { at: i, span, kind: 'attribution' }
    }
    if (!h) continue
    const next = nextNonBlank(lines, h.at + h.span)
    const style = next < lines.length && GT.test(lines[next]!) ? 'gt' : 'block'
    out.push({ ...h, style })
    i = h.at + h.span - 1
  }
  return out
}

/** Lines of an Outlook-style header block ("From: ..." then "Sent:/Date:/To:/Subject:" lines), or 0. */
function outlookBlockAt(lines: string[], i: number): number {
  if (i >= lines.length || !HEADER_FROM.test(lines[i]!)) return 0
  let j = i + 1
  let fields = 0
  while (j < lines.length && j <= i + 8) {
    const l = lines[j]!
    if (HEADER_NEXT.test(l)) fields++
    else if (l.trim() && fields === 0 && j === i + 1) {
      // a From: line wrapped onto a second line
    } else break
    j++
  }
  return fields >= 1 ? j - i : 0
}

/** Lines spanned by an attribution line ("On ..., X wrote:", up to four wrapped lines), or 0. */
function attributionAt(lines: string[], i: number): number {
  const first = lines[i]!
  if ((ATTRIBUTION_SHORT.test(first) || ATTRIBUTION_MID.test(first)) && first.length < 300) return 1
  if (!ATTRIBUTION_START.test(first)) return 0
  let joined = ''
  for (let k = 0; k < 4 && i + k < lines.length; k++) {
    const l = lines[i + k]!
    if (!l.trim() || (k > 0 && GT.test(l))) return 0
    joined += (k ? ' ' : '') + l.trim()
    if (joined.length > 400) return 0
    if ((ATTRIBUTION_END.test(joined) && /[:：]\s*$/.test(joined)) || /\bwrote\s*:?\s*$/i.test(joined)) return k + 1
  }
  return 0
}

function nextNonBlank(lines: string[], from: number): number {
  let i = from
  while (i < lines.length && !lines[i]!.trim()) i++
  return i
}

/** A salutation starts the signature when at most three short lines follow it before the quote. */
function salutationEnds(lines: string[], i: number, boundary: (k: number) => boolean): boolean {
  if (!SALUTATION.test(lines[i]!)) return false
  const rest: string[] = []
  // Stops at the fourth line: scanning on to the quote would make a mail of many closings quadratic.
  for (let k = i + 1; k < lines.length && !boundary(k) && rest.length <= 3; k++)
    if (lines[k]!.trim()) rest.push(lines[k]!)
  return rest.length <= 3 && rest.every((l) => l.trim().length <= 60 && !GAME_LINE.test(l))
}

// ------------------------------------------------------------------------------ the library

type LibVerdict = 'visible' | 'quoted' | 'signature'

/**
 * What email-reply-parser makes of each line. The library works on fragments of text; they are
 * mapped back onto the lines (it drops a fragment's leading blank line and joins wrapped quote
 * headers). Where the mapping fails the remaining lines count as visible: the library can then
 * take nothing away.
 */
export function libraryVerdicts(lines: string[]): LibVerdict[] {
  const out: LibVerdict[] = lines.map(() => 'visible')
  const cut: string[] = []
  let size = 0
  for (const l of lines) {
    const c = l.length > MAX_LIB_LINE ? l.slice(0, MAX_LIB_LINE) : l
    size += c.length + 1
    if (size > MAX_LIB_CHARS || cut.length >= MAX_LIB_LINES) break
    cut.push(c)
  }
  let fragments
  try {
    fragments = new EmailReplyParser().read(cut.join('\n')).getFragments()
  } catch {
    return out
  }
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ')
  let i = 0
  for (const f of fragments) {
    const verdict: LibVerdict = f.isQuoted() ? 'quoted' : f.isSignature() ? 'signature' : 'visible'
    for (const fl of f.getContent().split('\n')) {
      const target = norm(fl)
      if (!target) {
        if (i < cut.length && !cut[i]!.trim()) out[i++] = verdict
        continue
      }
      while (i < cut.length && !cut[i]!.trim()) out[i++] = verdict
      if (i >= cut.length) return out
      let acc = norm(cut[i]!)
      let j = i + 1
      while (acc !== target && acc.length < target.length && j < cut.length && target.startsWith(acc))
        acc = norm(`${acc} ${cut[j++]!}`)
      if (acc !== target) {
        for (let k = i; k < out.length; k++) out[k] = 'visible'
        return out
      }
      for (let k = i; k < j; k++) out[k] = verdict
      i = j
    }
  }
  return out
}

// ------------------------------------------------------------------------------ reading one text

/** Reads one text (a body or an attachment) for orders; see the module comment. */
export function readText(input: string, opts: { forwarded?: boolean } = {}): ReadText {
  const notes: string[] = []
  let source = input.replace(/\r\n?/g, '\n')
  // The cut falls on a line boundary: half a line read as an order could mean something else.
  let tail: UnreadTail | null = null
  if (source.length > MAX_READ_CHARS) {
    const cut = source.lastIndexOf('\n', MAX_READ_CHARS - 1) + 1
    const rest = source.slice(cut)
    source = source.slice(0, cut)
    if (saysSomething(rest)) tail = { line: countLines(source) + 1, chars: rest.length }
    notes.push(`only the first ${MAX_READ_CHARS / 1024} KiB of the text were read`)
  }
  const lines = source.split('\n')
  const n = lines.length
  const keep: boolean[] = lines.map(() => false)
  const lib = libraryVerdicts(lines)
  const headers = findHeaders(lines)
  const headerLine = new Set<number>()
  for (const h of headers) for (let k = h.at; k < h.at + h.span; k++) headerLine.add(k)
  const firstBlock = headers.find((h) => h.style === 'block')
  const blockAt = firstBlock ? firstBlock.at : n
  const gt = lines.map((l) => GT.test(l))

  let quotedDropped = 0
  let libSaved = 0
  let stopNote: string | null = null

  const boundary = (k: number) => k >= blockAt || gt[k]! || headerLine.has(k)
  let keptAny = false
  const take = (i: number) => {
    keep[i] = true
    keptAny = true
  }
  // A signature, tagline, END or reply header ends the orders. A closing word ("Thanks!") ends
  // them only after something was read and with no more than a short signature after it.
  const stopAt = (i: number, region: 'game' | 'free'): string | null => {
    const l = lines[i]!
    if (END_MARKER.test(l)) return `END at line ${i + 1}`
    if (SIGNATURE.test(l)) return `the signature from line ${i + 1}`
    if (TAGLINE.test(l)) return `the tagline "${l.trim().slice(0, 60)}" (line ${i + 1})`
    if (keptAny && salutationEnds(lines, i, boundary))
      return `the closing "${l.trim()}" and what follows (from line ${i + 1})`
    if (region === 'game' && headerLine.has(i)) return `the quoted message from line ${i + 1}`
    return null
  }
  /** A line that is never an order: a separator, or a greeting word alone before anything was read. */
  const skippable = (i: number) => SEPARATOR.test(lines[i]!) || (!keptAny && SALUTATION.test(lines[i]!))

  // The grammar's envelope: the first GAME line that is not quoted with `>` and not inside a
  // quoted block below a reply header, unless that block is a forwarded message (one's own orders
  // forwarded from another account). The library's verdict does not count here.
  const forwarded = opts.forwarded === true || firstBlock?.kind === 'forward'
  let g = -1
  for (let i = 0; i < n; i++) {
    if (!gt[i] && !headerLine.has(i) && (i < blockAt || forwarded) && GAME_LINE.test(lines[i]!)) {
      g = i
      break
    }
  }

  const readFrom = (start: number): void => {
    for (let i = start; i < n; i++) {
      if (gt[i]) {
        if (lines[i]!.replace(/^[\s>]+/, '').trim()) quotedDropped++
        continue
      }
      const stop = stopAt(i, 'game')
      if (stop) {
        stopNote = stop
        break
      }
      if (skippable(i)) continue
      if (lib[i] !== 'visible' && lines[i]!.trim()) libSaved++
      take(i)
    }
  }

  if (g >= 0) {
    readFrom(g)
    // KEY and SALT lines written above the GAME line still belong to the envelope.
    for (let i = 0; i < g; i++) if (!gt[i] && lib[i] !== 'quoted' && ENVELOPE_LINE.test(lines[i]!)) keep[i] = true
    const before = lines.slice(0, g).filter((l, i) => l.trim() && !keep[i] && !gt[i]).length
    if (before) notes.push(`${before} line(s) above the GAME line were not read as orders`)
    if (g > blockAt) notes.push(`orders read from the forwarded message starting at line ${blockAt + 1}`)
  } else {
    for (let i = 0; i < n; i++) {
      if (i >= blockAt) {
        if (lines.slice(i).some((l) => l.trim())) stopNote = `the quoted message from line ${blockAt + 1}`
        break
      }
      if (gt[i] || headerLine.has(i) || lib[i] === 'quoted') {
        if (lines[i]!.replace(/^[\s>]+/, '').trim()) quotedDropped++
        continue
      }
      // Quoted lines were skipped above, so new text below a `>` quote (bottom-posting) is read;
      // a signature or tagline ends it all.
      const stop = stopAt(i, 'free')
      if (stop) {
        stopNote = stop
        break
      }
      if (skippable(i)) continue
      if (lib[i] === 'signature' && lines[i]!.trim()) libSaved++
      take(i)
    }
  }

  if (quotedDropped) notes.push(`${quotedDropped} quoted line(s) ignored`)
  if (stopNote) notes.push(`reading stopped at ${stopNote}`)
  if (libSaved) notes.push(`${libSaved} line(s) kept that the reply parser would have dropped as a signature or quote`)

  const out = lines.map((l, i) => (keep[i] ? l : ''))
  while (out.length && !out[out.length - 1]!.trim()) out.pop()
  const text = out.length ? `${out.join('\n')}\n` : ''
  const kept = out.filter((l) => l.trim()).length
  // Text left unread matters only if the reading had not already stopped (a signature, a quote).
  const unreadFrom = tail && !stopNote ? { unreadFrom: tail } : {}
  return { text, notes, gameLine: g >= 0 ? g + 1 : null, kept, ...unreadFrom }
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
