/**
 * Inbound mail parsing, shared by every intake (drop folder now; IMAP and the loopback SMTP
 * listener later). Takes the raw RFC 5322 bytes, returns a plain, source-independent record.
 *
 * MIME decoding (base64, quoted-printable, charsets such as windows-1252 and ISO-8859-1,
 * RFC 2047 encoded words) is mailparser's; this module picks the fields the judge needs,
 * normalises them, and recognises mail sent by robots so that we never answer it.
 */
import { createHash } from 'node:crypto'
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser'
import addressparser from 'nodemailer/lib/addressparser/index.js'
import { plainTextOf, renderable } from './htmlText.ts'

export interface InboundMail {
  /** Message-ID header value without <>, or 'sha256-' + rawHash when the header is absent */
  messageId: string
  /** sha256 hex of the raw bytes */
  rawHash: string
  /** first From address; address lower-cased, '' when missing */
  from: { address: string; name: string }
  /** To + Cc + Delivered-To + X-Original-To addresses, lower-case, de-duplicated, in that order */
  to: string[]
  subject: string
  /** Date header as ISO-8601 UTC, null when absent or unparseable */
  date: string | null
  /** first message id of In-Reply-To, without <> */
  inReplyTo: string | null
  /** References ids without <>, oldest first */
  references: string[]
  /**
   * The best plain text: the text/plain part; for HTML-only mail the HTML rendered to text by
   * mailparser (html-to-text: block elements become line breaks, no tags or entities left).
   * Line ends are '\n', non-breaking spaces are plain spaces, trailing blanks of each line removed.
   */
  text: string
  /** text/plain attachments only, decoded with their charset */
  textAttachments: { filename: string; text: string }[]
  /** a reason when the mail comes from a robot (auto-reply, bounce, list), null otherwise */
  automated: string | null
  /** raw size in bytes */
  size: number
  /**
   * Where `text` came from: a text/plain part ('plain'), the rendering of the HTML because the
   * message has no (or only a blank) text/plain part ('html'), or nothing at all ('none').
   * Optional so that hand-built records (tests, other intakes) need not say.
   */
  textFrom?: 'plain' | 'html' | 'none'
  /** every attachment, text or not: name, MIME type and decoded size in bytes */
  attachments?: { filename: string; contentType: string; size: number }[]
  /** the X-Mailer header, null when absent (the judge marks its own mail 'acw-pbem') */
  xMailer?: string | null
}

export const DEFAULT_MAX_INBOUND_BYTES = 2 * 1024 * 1024

export class MailTooLargeError extends Error {
  readonly size: number
  readonly limit: number
  constructor(size: number, limit: number) {
    super(`message of ${size} bytes exceeds the ${limit} byte limit`)
    this.name = 'MailTooLargeError'
    this.size = size
    this.limit = limit
  }
}

export function sha256Hex(raw: Buffer): string {
  return createHash('sha256').update(raw).digest('hex')
}

const PARSE_OPTIONS = {
  keepCidLinks: true, // do not inline images into the HTML: we never show it
  skipTextToHtml: true,
  skipTextLinks: true,
  skipImageLinks: true,
}

/** HTML as text: rendered as mailparser renders an HTML-only message, or by the linear pass when that would take too long. */
async function htmlAsText(html: string): Promise<string> {
  if (!renderable(html)) return plainTextOf(html)
  try {
    return await renderHtml(html)
  } catch {
    return plainTextOf(html) // the renderer gave up on it
  }
}

/** HTML rendered to text exactly as mailparser renders an HTML-only message. */
async function renderHtml(html: string): Promise<string> {
  const wrapped = Buffer.concat([
    Buffer.from('Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n'),
    Buffer.from(Buffer.from(html, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n')),
  ])
  return (await simpleParser(wrapped, PARSE_OPTIONS)).text ?? ''
}

/**
 * Parses one raw message. Throws MailTooLargeError, without parsing anything, when
 * raw.length > maxBytes (default 2 MiB).
 */
export async function parseInbound(raw: Buffer, opts?: { maxBytes?: number }): Promise<InboundMail> {
  const limit = opts?.maxBytes ?? DEFAULT_MAX_INBOUND_BYTES
  if (raw.length > limit) throw new MailTooLargeError(raw.length, limit)

  const rawHash = sha256Hex(raw)
  // HTML is rendered to text below, only when there is no plain text, and only when the renderer
  // can do it in reasonable time (htmlText.ts).
  const parsed = await simpleParser(raw, { ...PARSE_OPTIONS, skipHtmlToText: true })
  const headers = rawHeaders(parsed)

  const messageId = boundedMessageId(firstMessageId(parsed.messageId))
  const fromAddr = flattenAddresses(parsed.from)[0]

  const to = new Set<string>()
  for (const a of [...flattenAddresses(parsed.to), ...flattenAddresses(parsed.cc)]) to.add(a.address)
  for (const key of ['delivered-to', 'x-original-to']) {
    for (const value of headers.get(key) ?? []) {
      for (const a of addressparser(value, { flatten: true })) {
        if (a.address) to.add(a.address.toLowerCase())
      }
    }
  }
  to.delete('')

  const dateRaw = headers.get('date')?.[0]
  const dateParsed = dateRaw === undefined ? null : new Date(dateRaw)
  const date = dateParsed && !Number.isNaN(dateParsed.getTime()) ? dateParsed.toISOString() : null

  // Replies thread on the last few: a sender's 40,000 references are not copied into every answer.
  const references = ([] as string[])
    .concat(parsed.references ?? [])
    .flatMap((r) => r.split(/\s+/))
    .map(stripAngles)
    .filter((r) => r.length > 0 && r.length <= MAX_MESSAGE_ID_CHARS)
    .slice(-MAX_REFERENCES)

  const textAttachments: InboundMail['textAttachments'] = []
  const attachments: NonNullable<InboundMail['attachments']> = parsed.attachments.map((a) => ({
    filename: a.filename ?? '',
    contentType: a.contentType.toLowerCase(),
    size: a.size ?? a.content.length,
  }))
  for (const att of parsed.attachments) {
    if (att.contentType.toLowerCase() !== 'text/plain') continue
    const ct = att.headers.get('content-type') as { params?: Record<string, string> } | undefined
    textAttachments.push({
      filename: att.filename ?? '',
      text: normaliseText(decodeCharset(att.content, ct?.params?.charset)),
    })
  }

  // Which part the text comes from: the text/plain part, else the HTML rendered to text. A blank
  // text/plain part next to real HTML (some webmailers) counts as none.
  let text = normaliseText(parsed.text ?? '')
  let textFrom: NonNullable<InboundMail['textFrom']> = text.trim() ? 'plain' : 'none'
  if (!text.trim() && typeof parsed.html === 'string' && parsed.html.trim()) {
    textFrom = 'html'
    text = normaliseText(await htmlAsText(parsed.html))
    if (!text.trim()) textFrom = 'none'
  }

  return {
    messageId: messageId ?? `sha256-${rawHash}`,
    rawHash,
    from: { address: withoutControls(fromAddr?.address ?? ''), name: withoutControls(fromAddr?.name ?? '') },
    to: [...to],
    subject: withoutControls(parsed.subject ?? ''),
    date,
    inReplyTo: boundedMessageId(firstMessageId(parsed.inReplyTo)),
    references,
    text,
    textAttachments,
    automated: automatedReason(parsed, headers, fromAddr?.address ?? ''),
    size: raw.length,
    textFrom,
    attachments,
    xMailer: headers.get('x-mailer')?.[0] ?? null,
  }
}

/** Why a message looks machine-sent (RFC 3834 and common practice), or null. */
function automatedReason(parsed: ParsedMail, headers: Map<string, string[]>, from: string): string | null {
  const ct = parsed.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined
  if (ct?.value?.toLowerCase() === 'multipart/report') {
    return `multipart/report (${ct.params?.['report-type'] ?? 'unknown'})`
  }
  const local = from.split('@')[0] ?? ''
  if (local === 'mailer-daemon' || local === 'postmaster') return `sender ${local}`
  for (const v of headers.get('return-path') ?? []) {
    if (/^<\s*>$/.test(v.trim())) return 'empty Return-Path'
  }
  const autoSubmitted = headers.get('auto-submitted')?.[0]
  if (autoSubmitted !== undefined) {
    const kind = autoSubmitted.split(/[;(\s]/)[0]?.toLowerCase() ?? ''
    if (kind !== 'no') return `Auto-Submitted: ${kind}`
  }
  const precedence = headers.get('precedence')?.[0]?.trim().toLowerCase()
  if (precedence === 'bulk' || precedence === 'list' || precedence === 'junk') return `Precedence: ${precedence}`
  if (headers.has('list-id')) return 'List-Id'
  // de-facto vacation markers (Exchange, many autoresponders)
  for (const key of ['x-autoreply', 'x-autorespond']) {
    if (headers.has(key)) return key === 'x-autoreply' ? 'X-Autoreply' : 'X-Autorespond'
  }
  return null
}

/** Top-level header values by lower-case name, unfolded, in order of appearance. */
function rawHeaders(parsed: ParsedMail): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const { key, line } of parsed.headerLines) {
    const colon = line.indexOf(':')
    const value = (colon < 0 ? '' : line.slice(colon + 1)).replace(/\r?\n[ \t]+/g, ' ').trim()
    const k = key.toLowerCase()
    const list = out.get(k)
    if (list) list.push(value)
    else out.set(k, [value])
  }
  return out
}

function flattenAddresses(obj: AddressObject | AddressObject[] | undefined): { address: string; name: string }[] {
  const out: { address: string; name: string }[] = []
  type Entry = { address?: string | undefined; name?: string | undefined; group?: Entry[] | undefined }
  const walk = (list: Entry[]): void => {
    for (const e of list) {
      if (e.group) walk(e.group)
      else if (e.address) out.push({ address: e.address.toLowerCase(), name: e.name ?? '' })
    }
  }
  for (const o of ([] as AddressObject[]).concat(obj ?? [])) walk(o.value)
  return out
}

const MAX_REFERENCES = 20
const MAX_MESSAGE_ID_CHARS = 250

/** An over-long Message-ID stands in as its hash: it is echoed into replies and records. */
function boundedMessageId(id: string | null): string | null {
  if (id === null || id.length <= MAX_MESSAGE_ID_CHARS) return id
  return `long-${createHash('sha256').update(id).digest('hex')}`
}

/** Header text decoded from encoded words may hold line breaks: they must never reach a reply's header. */
function withoutControls(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ')
}

function stripAngles(id: string): string {
  return id.trim().replace(/^<+/, '').replace(/>+$/, '').trim()
}

function firstMessageId(value: string | undefined): string | null {
  if (!value) return null
  const bracketed = /<([^<>\s]+)>/.exec(value)
  const id = bracketed ? bracketed[1]! : stripAngles(value.split(/\s+/)[0] ?? '')
  return id.length > 0 ? id : null
}

function decodeCharset(content: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset?.trim() || 'utf-8').decode(content)
  } catch {
    return new TextDecoder('utf-8').decode(content) // unknown label: best effort
  }
}

function normaliseText(text: string): string {
  // Line by line: a trailing-blank regular expression over the whole text is quadratic on a long
  // run of blanks that does not end a line, which a hostile mail can supply.
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map(trimTrailingBlanks)
    .join('\n')
}

function trimTrailingBlanks(line: string): string {
  let end = line.length
  while (end > 0 && (line.charCodeAt(end - 1) === 32 || line.charCodeAt(end - 1) === 9)) end--
  return end === line.length ? line : line.slice(0, end)
}

/** A message read from its header alone (too large, or MIME the parser gave up on). */
export async function headerOnly(raw: Buffer, rawHash: string): Promise<InboundMail> {
  const blank: InboundMail = {
    messageId: `sha256-${rawHash}`,
    rawHash,
    from: { address: '', name: '' },
    to: [],
    subject: '',
    date: null,
    inReplyTo: null,
    references: [],
    text: '',
    textAttachments: [],
    automated: null,
    size: raw.length,
    attachments: [],
  }
  try {
    const head = await parseInbound(headerPart(raw), { maxBytes: Number.MAX_SAFE_INTEGER })
    return {
      ...head,
      rawHash,
      size: raw.length,
      messageId: head.messageId.startsWith('sha256-') ? blank.messageId : head.messageId,
      text: '',
      textAttachments: [],
      attachments: [],
    }
  } catch {
    return blank // not even a header to read: recorded, with nobody to answer
  }
}

/** The header of a raw message (up to 256 KiB), followed by an empty body. */
function headerPart(raw: Buffer): Buffer {
  const window = raw.subarray(0, 256 * 1024)
  const crlf = window.indexOf('\r\n\r\n')
  const lf = window.indexOf('\n\n')
  const ends = [crlf, lf].filter((i) => i >= 0)
  const end = ends.length ? Math.min(...ends) : window.lastIndexOf('\n')
  return Buffer.concat([window.subarray(0, Math.max(0, end)), Buffer.from('\r\n\r\n')])
}
