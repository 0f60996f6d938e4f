// Bounces: delivery failures and bounces are recorded, never lost.
// A delivery status notification (RFC 3464: multipart/report; report-type=delivery-status) or a
// plain bounce from MAILER-DAEMON (qmail, Exim, old sendmail) is read into who could not be
// reached, why, and which of our messages it was. The intake records each failed recipient as a
// DeliveryFailed event in the system:mail stream and never answers the bounce.
import { simpleParser } from 'mailparser'
import type { MailLedger } from '../engine/mailLedger.ts'
import type { InboundMail } from './inbound.ts'

export interface DeliveryFailure {
  /** the address that could not be reached, lower-case */
  recipient: string
  /** RFC 3463 enhanced status code, e.g. "5.1.1"; "" when the bounce gives none */
  status: string
  /** RFC 3464 action: failed, delayed, ... ('failed' for plain bounces that give up) */
  action: string
  /** the remote server's words, e.g. "smtp; 550 5.1.1 User unknown" */
  diagnostic: string
  /** Message-ID (without <>) of our message that bounced, when the bounce quotes it */
  originalMessageId: string | null
}

export interface ParsedBounce extends DeliveryFailure {
  format: 'dsn' | 'plain'
  reportingMta: string | null
}

/** The DeliveryFailed event as stored (events/DeliveryFailed.v1.schema.json). */
export interface DeliveryFailed extends DeliveryFailure {
  format: 'dsn' | 'plain'
  reportingMta: string | null
  /** Message-ID of the bounce itself */
  bounceMessageId: string
  /** the outbox row of the message that bounced, when it is ours */
  outboxId: number | null
  game: string | null
  kind: string | null
}

/** A message that may be a bounce: a report, or a robot sender with a bounce-like subject. */
export function mayBeBounce(mail: InboundMail): boolean {
  if (mail.automated?.startsWith('multipart/report')) return true
  const local = mail.from.address.split('@')[0] ?? ''
  const robot =
    local === 'mailer-daemon' ||
    local === 'postmaster' ||
    mail.automated === 'empty Return-Path' ||
    mail.from.address === ''
  return robot && BOUNCE_SUBJECT.test(mail.subject)
}

const BOUNCE_SUBJECT =
  /undeliver|undelivered|delivery (status )?notification|delivery fail|failure notice|returned mail|returned to sender|mail delivery|could not be delivered|non[- ]?delivery|nicht zustellbar|unzustellbar|non remis|no entregado|delayed mail|warning: could not send/i

/** Every recipient the bounce reports as failed (or delayed), first the DSN's, else the plain text's. */
export async function parseBounces(raw: Buffer): Promise<ParsedBounce[]> {
  const parsed = await simpleParser(raw, {
    keepDeliveryStatus: true,
    skipHtmlToText: false,
    skipTextToHtml: true,
    skipImageLinks: true,
    skipTextLinks: true,
  })
  const original = originalMessageId(
    parsed.attachments.map((a) => ({ type: a.contentType.toLowerCase(), text: a.content.toString('utf8') })),
    parsed.text ?? '',
  )
  const status = parsed.attachments.find(
    (a) =>
      a.contentType.toLowerCase() === 'message/delivery-status' ||
      a.contentType.toLowerCase() === 'message/global-delivery-status',
  )
  if (status) {
    const dsn = parseDeliveryStatus(status.content.toString('utf8'))
    const failed = dsn.recipients.filter((r) => r.action === 'failed' || r.action === 'delayed')
    if (failed.length)
      return failed.map((r) => ({
        ...r,
        originalMessageId: original,
        format: 'dsn' as const,
        reportingMta: dsn.reportingMta,
      }))
    if (dsn.recipients.length) return []
  }
  const plain = parsePlainBounce(parsed.text ?? '')
  return plain ? [{ ...plain, originalMessageId: original, format: 'plain', reportingMta: null }] : []
}

/** The first failed recipient of a bounce, or null when the message is no bounce. */
export async function parseBounce(raw: Buffer): Promise<DeliveryFailure | null> {
  const all = await parseBounces(raw)
  const first = all.find((b) => b.action === 'failed') ?? all[0]
  if (!first) return null
  return {
    recipient: first.recipient,
    status: first.status,
    action: first.action,
    diagnostic: first.diagnostic,
    originalMessageId: first.originalMessageId,
  }
}

// ------------------------------------------------------------------------------ DSN

/** Header-like field blocks separated by blank lines, continuation lines unfolded. */
function fieldBlocks(text: string): Map<string, string>[] {
  const blocks: Map<string, string>[] = []
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const fields = new Map<string, string>()
    let last: string | null = null
    for (const line of chunk.split('\n')) {
      if (/^[ \t]/.test(line) && last) {
        fields.set(last, `${fields.get(last)} ${line.trim()}`)
        continue
      }
      const m = /^([A-Za-z0-9-]+)\s*:\s*(.*)$/.exec(line)
      if (!m) continue
      last = m[1]!.toLowerCase()
      if (!fields.has(last)) fields.set(last, m[2]!.trim())
    }
    if (fields.size) blocks.push(fields)
  }
  return blocks
}

function addressOf(field: string | undefined): string {
  if (!field) return ''
  const value = field.includes(';') ? field.slice(field.indexOf(';') + 1) : field
  return value.trim().replace(/^<|>$/g, '').trim().toLowerCase()
}

export function parseDeliveryStatus(text: string): {
  reportingMta: string | null
  recipients: Omit<DeliveryFailure, 'originalMessageId'>[]
} {
  const blocks = fieldBlocks(text)
  const head = blocks.find((b) => b.has('reporting-mta'))
  const reportingMta = head ? addressOf(head.get('reporting-mta')) : null
  const recipients = blocks
    .filter((b) => b.has('final-recipient') || b.has('original-recipient'))
    .map((b) => ({
      recipient: addressOf(b.get('final-recipient') ?? b.get('original-recipient')),
      action: (b.get('action') ?? '').toLowerCase().split(/[\s(]/)[0] ?? '',
      status: /\d\.\d{1,3}\.\d{1,3}/.exec(b.get('status') ?? '')?.[0] ?? '',
      diagnostic: (b.get('diagnostic-code') ?? '').replace(/\s+/g, ' ').trim(),
    }))
  return { reportingMta, recipients }
}

// ------------------------------------------------------------------------------ plain bounces

const COPY_MARKER =
  /^\s*(-{2,}.*(below this line|copy of the message|original message|returned message|message follows).*|------ This is a copy.*|Below this line is a copy of the message\.?|-{3,}\s*Original message\s*-{3,})\s*$/im
const ADDRESS = /<?([a-z0-9._%+'=-]+@[a-z0-9.-]+\.[a-z]{2,})>?/i

export function parsePlainBounce(text: string): Omit<DeliveryFailure, 'originalMessageId'> | null {
  const normalised = text.replace(/\r\n?/g, '\n')
  const marker = COPY_MARKER.exec(normalised)
  const report = marker ? normalised.slice(0, marker.index) : normalised
  const lines = report.split('\n')
  let recipient = ''
  let at = -1
  // qmail "<x@y>:" and Exim's indented address alone on a line come first; then any "<x@y>".
  for (let i = 0; i < lines.length; i++) {
    const m = /^\s*<?([^\s<>@]+@[^\s<>]+?)>?:?\s*$/.exec(lines[i]!)
    if (m) {
      recipient = m[1]!.toLowerCase()
      at = i
      break
    }
  }
  if (!recipient) recipient = (ADDRESS.exec(report)?.[1] ?? '').toLowerCase()
  if (!recipient) return null
  const enhanced = /\b([245]\.\d{1,3}\.\d{1,3})\b/.exec(report)?.[1]
  const basic = /\b([45]\d\d)[\s-]/.exec(report)?.[1]
  const status = enhanced ?? (basic ? `${basic[0]}.0.0` : '')
  const coded = (l: string) => /\b[45]\d\d[\s-]|\b[245]\.\d{1,3}\.\d{1,3}\b/.test(l) && !/^\s*(Received|Date):/i.test(l)
  // The words under the failed address say why; else the first line with a reply code.
  const under = at >= 0 ? lines.slice(at + 1, at + 8).filter((l) => l.trim()) : []
  const diagnosticLine =
    under.find(coded) ??
    under.find((l) => !/^\s*host\b/i.test(l)) ??
    lines.find(coded) ??
    lines.find((l) => /said:|error|unknown|rejected|refused|does not exist|full/i.test(l)) ??
    ''
  const temporary =
    /\b(delayed|will (keep )?try|retry|temporar|not yet been delivered|still trying)\b/i.test(report) ||
    status.startsWith('4')
  const permanent =
    /\b(permanent|given up|giving up|failed|could not be delivered|undeliverable|unknown)\b/i.test(report) ||
    status.startsWith('5')
  if (!temporary && !permanent) return null
  const action = status.startsWith('5')
    ? 'failed'
    : status.startsWith('4')
      ? 'delayed'
      : permanent
        ? 'failed'
        : 'delayed'
  return { recipient, status, action, diagnostic: diagnosticLine.replace(/\s+/g, ' ').trim() }
}

function originalMessageId(parts: { type: string; text: string }[], body: string): string | null {
  const pick = (text: string) => /^Message-ID:\s*<([^<>\s]+)>/im.exec(text)?.[1] ?? null
  for (const p of parts) {
    if (
      p.type === 'message/rfc822' ||
      p.type === 'text/rfc822-headers' ||
      p.type === 'message/rfc822-headers' ||
      p.type === 'message/global' ||
      p.type === 'message/global-headers'
    ) {
      const id = pick(p.text)
      if (id) return id
    }
  }
  const marker = COPY_MARKER.exec(body.replace(/\r\n?/g, '\n'))
  return marker ? pick(body.replace(/\r\n?/g, '\n').slice(marker.index)) : null
}

// ------------------------------------------------------------------------------ the record

/** Our outbox row of a Message-ID (its id, game and kind), or null: how a bounce is linked to it. */
export type OutboxRowOf = (messageId: string) => { id: number; game: string | null; kind: string } | null

/** The DeliveryFailed event for one parsed bounce, linked to our outbox row when it was ours. */
export function deliveryFailedEvent(rowOf: OutboxRowOf, bounce: ParsedBounce, bounceMessageId: string): DeliveryFailed {
  const row = bounce.originalMessageId ? rowOf(bounce.originalMessageId) : null
  return {
    recipient: bounce.recipient,
    status: bounce.status,
    action: bounce.action,
    diagnostic: bounce.diagnostic,
    originalMessageId: bounce.originalMessageId,
    format: bounce.format,
    reportingMta: bounce.reportingMta,
    bounceMessageId,
    outboxId: row?.id ?? null,
    game: row?.game ?? null,
    kind: row?.kind ?? null,
  }
}

/** Every delivery failure on record, oldest first, for the moderator. */
export function deliveryFailures(ledger: MailLedger): (DeliveryFailed & { recordedAt: string; position: number })[] {
  return ledger
    .events()
    .filter((e) => e.type === 'DeliveryFailed')
    .map((e) => ({ ...(e.data as DeliveryFailed), recordedAt: e.recordedAt, position: e.position }))
}
