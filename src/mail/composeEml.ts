// Composing one outgoing message (MailComposer): byte-for-byte stable for the same mail and date,
// its pictures drawn to PNG only when it is composed, smaller until the mail fits.
import { createHash } from 'node:crypto'
import MailComposer from 'nodemailer/lib/mail-composer/index.js'

export const X_MAILER = 'acw-pbem'

export interface OutboundMail {
  /** without <> */
  messageId: string
  from: string
  to: string
  replyTo?: string
  subject: string
  text: string
  html?: string
  /** without <> */
  inReplyTo?: string
  /** without <>, oldest first */
  references?: string[]
  attachments?: OutboundAttachment[]
  /** extra headers; they may override the defaults Auto-Submitted and X-Mailer */
  headers?: Record<string, string>
}

/**
 * One attachment: its bytes (`content`, base64), or a picture's SVG source (`svg`) made into the
 * PNG the mail carries when the mail is composed. In an outbox row's payload the body is replaced by
 * `parts`, the SHA-256s of the mail_parts rows whose concatenation is the body (`part`, one hash,
 * in rows written before bodies were split; `render: 'png'` when that body is an SVG).
 */
export interface OutboundAttachment {
  filename: string
  contentType: string
  cid?: string
  content?: string
  svg?: string
  parts?: string[]
  part?: string
  render?: 'png'
}

/**
 * An outbox row's payload: the mail, with a long text or HTML body kept as mail_parts (`textParts`,
 * `htmlParts`, see mailParts.ts) in place of `text` / `html`, and attachments naming their parts.
 */

export const bracket = (id: string): string => `<${unbracket(id)}>`
export const unbracket = (id: string): string => id.trim().replace(/^<+/, '').replace(/>+$/, '').trim()

/** What a mail with pictures may weigh on the wire: its pictures are drawn smaller until it fits. */
export const MAIL_MAX_BYTES = 200 * 1024

/**
 * Builds the complete RFC 5322 message (CRLF line ends): multipart/alternative text + html when
 * html is given (inside multipart/mixed or multipart/related when there are attachments),
 * Message-ID <messageId>, Date from `date`, In-Reply-To / References (References defaults to
 * In-Reply-To), 'Auto-Submitted: auto-replied' and 'X-Mailer: acw-pbem' unless mail.headers
 * overrides them. The output is byte-for-byte stable for the same mail and date. A mail whose
 * pictures make it weigh more than MAIL_MAX_BYTES has them drawn again more economically
 * (pictures.ts, DRAWINGS), each way in turn, until it fits or no way is left.
 */
export async function composeEml(mail: OutboundMail, date: Date): Promise<Buffer> {
  const pictures = (mail.attachments ?? []).some((a) => a.content === undefined && a.svg !== undefined)
  const ways = pictures ? (await import('../reports/pictures.ts')).DRAWINGS.length : 1
  let eml = await composeDrawn(mail, date, 0)
  for (let way = 1; way < ways && eml.length > MAIL_MAX_BYTES; way++) eml = await composeDrawn(mail, date, way)
  return eml
}

/** The message with its pictures drawn the `way`-th way (pictures.ts, DRAWINGS). */
async function composeDrawn(mail: OutboundMail, date: Date, way: number): Promise<Buffer> {
  const attachments = await Promise.all((mail.attachments ?? []).map((a) => attachmentBytes(a, way)))
  const references = mail.references ?? (mail.inReplyTo ? [mail.inReplyTo] : undefined)
  const composer = new MailComposer({
    from: mail.from,
    to: mail.to,
    ...(mail.replyTo !== undefined ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    messageId: bracket(mail.messageId),
    date,
    ...(mail.inReplyTo ? { inReplyTo: bracket(mail.inReplyTo) } : {}),
    ...(references && references.length > 0 ? { references: references.map(bracket) } : {}),
    text: mail.text,
    ...(mail.html !== undefined ? { html: mail.html } : {}),
    attachments: attachments.map((a) => ({
      filename: a.filename,
      content: a.content,
      encoding: 'base64',
      contentType: a.contentType,
      ...(a.cid ? { cid: a.cid } : {}),
    })),
    headers: { 'Auto-Submitted': 'auto-replied', 'X-Mailer': X_MAILER, ...(mail.headers ?? {}) },
    baseBoundary: createHash('sha256').update(unbracket(mail.messageId)).digest('hex').slice(0, 24),
    newline: 'win',
    disableFileAccess: true,
    disableUrlAccess: true,
  })
  return composer.compile().build()
}

/** PNGs made lately, by the SHA-256 of their SVG: a picture sent to several readers is drawn once. */
const drawn = new Map<string, string>()
const DRAWN_KEPT = 16

/** The attachment with its bytes: a picture's SVG drawn now, the `way`-th way (resvg is loaded only when a picture is sent). */
async function attachmentBytes(a: OutboundAttachment, way: number): Promise<OutboundAttachment & { content: string }> {
  if (a.content !== undefined) return { ...a, content: a.content }
  if (a.svg === undefined) throw new Error(`attachment ${a.filename} has neither content nor a picture`)
  const key = `${way}:${createHash('sha256').update(a.svg).digest('hex')}`
  let png = drawn.get(key)
  if (png === undefined) {
    const { DRAWINGS, rasteriseAsync } = await import('../reports/pictures.ts')
    png = (await rasteriseAsync(a.svg, DRAWINGS[way])).toString('base64')
    if (drawn.size >= DRAWN_KEPT) drawn.delete(drawn.keys().next().value!)
    drawn.set(key, png)
  }
  return { filename: a.filename, contentType: a.contentType, ...(a.cid ? { cid: a.cid } : {}), content: png }
}
