/**
 * Outgoing mail: the outbox table and the transport seam (a message is composed in composeEml.ts).
 *
 * Flow: a caller that records events also calls enqueueMail() inside the same transaction;
 * a sender later calls drainOutbox() with a MailTransport (DropFolderTransport now, SMTP later).
 * A row is marked sent only after the transport resolved, so a crash in between re-sends the
 * same row: the drop folder then overwrites the same file, and a real transport sends the same
 * bytes with the same Message-ID (the Date header is the row's created_at, boundaries are
 * derived from the Message-ID), which receivers can de-duplicate.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  type AsyncDatabase,
  type AsyncStep,
  type Database,
  findOutboxRow,
  insertOutboxRow,
  type NewOutboxRow,
  outboxRowStep,
  recordSends,
  type SendOutcome,
} from '../engine/mailStore.ts'
import {
  INLINE_BELOW,
  loadBody,
  type PartSource,
  type PieceKeeper,
  pieceSteps,
  readParts,
  storeBody,
} from './mailParts.ts'
import { composeEml, type OutboundAttachment, type OutboundMail, unbracket } from './composeEml.ts'
import addressparser from 'nodemailer/lib/addressparser/index.js'
import { CLAIM_BATCH, claimDue, LOCAL_OWNER, renewClaims } from './outboxClaim.ts'

export type { OutboundAttachment, OutboundMail } from './composeEml.ts'
export { composeEml, MAIL_MAX_BYTES, X_MAILER } from './composeEml.ts'

export type StoredMail = Omit<OutboundMail, 'text'> & { text?: string; textParts?: string[]; htmlParts?: string[] }

/**
 * SMTP messages in flight at once by default (smtp.ts; kept here so that naming it loads no SMTP
 * code). The server's work for a message (its queue file written and synced) dominates a send and
 * runs side by side on several connections; a crash leaves up to this many rows in doubt, each
 * settled against the archive as one would be.
 */
export const SMTP_PARALLEL = 4

/** Where composed mail goes. Implementations must be safe to call again for the same row. */
export interface MailTransport {
  name: string
  send(mail: OutboundMail, eml: Buffer, outboxId: number): Promise<void>
  /** How many sends it takes at once (default 1): drainOutbox hands it the rows in groups of this many. */
  readonly parallel?: number
  /** Told a group's outbox ids before any of them goes to send() (SMTP marks them in doubt in one write). */
  willSend?(outboxIds: number[]): void | Promise<void>
}

/**
 * Embedded transport: writes every message as `<dir>/<outboxId 6 digits>-<recipient>.eml`
 * through a temporary file and a rename, so a reader never sees half a file and a re-send of
 * the same row overwrites the same file.
 */
export class DropFolderTransport implements MailTransport {
  readonly name = 'drop-folder'
  readonly dir: string
  private cleaning: Promise<void> | null = null

  constructor(dir: string) {
    this.dir = dir
  }

  fileFor(mail: OutboundMail, outboxId: number): string {
    return join(this.dir, `${String(outboxId).padStart(6, '0')}-${safeRecipient(mail.to)}.eml`)
  }

  async send(mail: OutboundMail, eml: Buffer, outboxId: number): Promise<void> {
    await mkdir(this.dir, { recursive: true })
    this.cleaning ??= removeLeftovers(this.dir)
    await this.cleaning
    const file = this.fileFor(mail, outboxId)
    const tmp = join(this.dir, `.tmp-${process.pid}-${randomBytes(6).toString('hex')}`)
    try {
      await writeFile(tmp, eml)
      await rename(tmp, file)
    } catch (e) {
      await rm(tmp, { force: true })
      throw e
    }
  }
}

/** Temporary files older than this were left by a writer that died (a live one renames within a second). */
const LEFTOVER_AGE_MS = 60_000

/** Removes `.tmp-*` files a killed writer left in `dir`; the mail they held is still queued and is written again. */
async function removeLeftovers(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[])
  for (const name of names) {
    if (!name.startsWith('.tmp-')) continue
    const file = join(dir, name)
    const st = await stat(file).catch(() => null)
    if (st?.isFile() && Date.now() - st.mtimeMs > LEFTOVER_AGE_MS) await rm(file, { force: true })
  }
}

/** The first address of `to`, lower-cased, reduced to [a-z0-9@._+-] (others become '_'). */
export function safeRecipient(to: string): string {
  const first = addressparser(to, { flatten: true })[0]?.address || to
  const safe = first
    .toLowerCase()
    .replace(/[^a-z0-9@._+-]/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 100)
  return safe || 'unknown'
}

/**
 * Queues one mail. Idempotent by message_id: a second call with the same id inserts nothing and
 * returns the existing row's id. Synchronous, so callers run it inside their own transaction.
 */
export function enqueueMail(
  db: Database,
  mail: OutboundMail,
  meta: { game: string | null; kind: string },
  now: Date,
): number {
  const row = outboxRowOf(mail, meta, now, db)
  const id = insertOutboxRow(db, row)
  if (id !== null) return id
  const found = findOutboxRow(db, row.messageId)
  if (!found) throw new Error(`enqueueMail: ${row.messageId} neither inserted nor found`)
  return found.id
}

/**
 * As enqueueMail, as the steps of a filing batch: the parts' writes, then the row's (a row with its
 * Message-ID there already stays, as enqueueMail's second call).
 */
export function enqueueMailSteps(
  engine: AsyncDatabase['engine'],
  mail: OutboundMail,
  meta: { game: string | null; kind: string },
  now: Date,
): AsyncStep[] {
  const steps: AsyncStep[] = []
  const keep = pieceSteps(engine, steps, now)
  const row = outboxRowOf(mail, meta, now, keep)
  return [...steps, outboxRowStep(engine, row)]
}

/** The outbox row of a mail, its long bodies and attachments kept as parts by `keep`. */
function outboxRowOf(
  mail: OutboundMail,
  meta: { game: string | null; kind: string },
  now: Date,
  keep: Database | PieceKeeper,
): NewOutboxRow {
  const messageId = unbracket(mail.messageId)
  if (!messageId) throw new Error('enqueueMail: empty messageId')
  const { text, html, ...rest } = mail
  const stored: StoredMail = { ...rest, messageId }
  if (text.length < INLINE_BELOW) stored.text = text
  else stored.textParts = storeBody(keep, text, now)
  if (html !== undefined && html.length < INLINE_BELOW) stored.html = html
  else if (html !== undefined) stored.htmlParts = storeBody(keep, html, now)
  if (mail.attachments?.length) stored.attachments = mail.attachments.map((a) => storePart(keep, a, now))
  return {
    messageId,
    game: meta.game,
    recipient: mail.to,
    kind: meta.kind,
    payload: JSON.stringify(stored),
    createdAt: now.toISOString(),
  }
}

function storePart(db: Database | PieceKeeper, a: OutboundAttachment, now: Date): OutboundAttachment {
  if (a.part !== undefined || a.parts !== undefined) return a
  const body = a.svg ?? a.content
  if (body === undefined) throw new Error(`enqueueMail: attachment ${a.filename} has no body`)
  return {
    filename: a.filename,
    contentType: a.contentType,
    ...(a.cid ? { cid: a.cid } : {}),
    parts: storeBody(db, body, now),
    ...(a.svg !== undefined ? { render: 'png' as const } : {}),
  }
}

/** The mail_parts a payload names (its bodies' and attachments'). */
export function partsOf(stored: StoredMail | OutboundMail): string[] {
  const s = stored as StoredMail
  return [
    ...(s.textParts ?? []),
    ...(s.htmlParts ?? []),
    ...(s.attachments ?? []).flatMap((a) => a.parts ?? (a.part !== undefined ? [a.part] : [])),
  ]
}

/** withParts over the async seam: every part the payload names read in one statement. */
export async function withPartsRead(db: AsyncDatabase, stored: StoredMail | OutboundMail): Promise<OutboundMail> {
  return withParts(await readParts(db, partsOf(stored)), stored)
}

/** An outbox payload with its bodies read back from mail_parts: the mail as it was queued. */
export function withParts(db: Database | PartSource, stored: StoredMail | OutboundMail): OutboundMail {
  const { textParts, htmlParts, ...mail } = stored as StoredMail
  const what = `mail ${mail.messageId}`
  return {
    ...mail,
    text: textParts !== undefined ? loadBody(db, textParts, `${what} text`) : (mail.text ?? ''),
    ...(htmlParts !== undefined ? { html: loadBody(db, htmlParts, `${what} html`) } : {}),
    ...(mail.attachments
      ? {
          attachments: mail.attachments.map((a) => {
            const parts = a.parts ?? (a.part !== undefined ? [a.part] : undefined)
            if (parts === undefined) return a
            const body = loadBody(db, parts, `attachment ${a.filename}`)
            const { part: _part, parts: _parts, render, ...rest } = a
            return render === 'png' ? { ...rest, svg: body } : { ...rest, content: body }
          }),
        }
      : {}),
  }
}

export const DEFAULT_MAX_ATTEMPTS = 10
const BACKOFF_BASE_MS = 30_000
const BACKOFF_CAP_MS = 3_600_000

/** Delay after a failed attempt, given the attempts made before it: 30 s * 2^n, capped at 1 h. */
export function backoffMs(attemptsBefore: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.min(attemptsBefore, 30), BACKOFF_CAP_MS)
}

interface OutboxRow {
  id: number
  payload: string
  created_at: string
  attempts: number
}

type Attempt = { row: OutboxRow; mail?: OutboundMail; eml?: Buffer; failure?: { error: unknown } }

/**
 * Sends the due rows (unsent, next_attempt_at null or <= now, attempts < maxAttempts, not claimed
 * by another judge than `owner`) in id order, at most `limit` (default 100), each claimed first, in
 * groups of the transport's `parallel` rows sent at once, the group's claims renewed just before; each group's outcomes are written in one
 * transaction (one durable write per group, not per mail). Success sets sent_at (and counts the
 * attempt); failure increments attempts, stores last_error and sets next_attempt_at = now +
 * backoffMs(attempts before). Rows that reach maxAttempts (default 10) stay unsent with their
 * last_error, for an operator to see. The Date header of every message is the row's created_at.
 */
export async function drainOutbox(
  db: AsyncDatabase,
  transport: MailTransport,
  now: () => Date,
  opts?: { maxAttempts?: number; limit?: number; owner?: string; claimMs?: number },
): Promise<{ sent: number; failed: number }> {
  const maxAttempts = opts?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS
  const limit = opts?.limit ?? 100
  const owner = opts?.owner ?? LOCAL_OWNER
  // Rows are claimed a few at a time just before they are sent, so that another judge draining the
  // same outbox does not send them a second time (outboxClaim.ts).
  const rows: OutboxRow[] = []
  for (let after = 0, left = limit; left > 0; ) {
    const batch = await claimDue(db, owner, now(), {
      maxAttempts,
      after,
      count: Math.min(left, CLAIM_BATCH),
      ...(opts?.claimMs ? { claimMs: opts.claimMs } : {}),
    })
    if (!batch.length) break
    rows.push(...batch)
    after = batch.at(-1)!.id
    left -= batch.length
  }

  const record = (attempts: Attempt[]) =>
    recordSends(
      db,
      attempts.map(({ row, failure }): SendOutcome => {
        if (!failure) return { id: row.id, sentAt: now().toISOString() }
        const e = failure.error
        const message = e instanceof Error ? `${e.name}: ${e.message}` : String(e)
        return {
          id: row.id,
          error: `${transport.name}: ${message}`.slice(0, 2000),
          retryAt: new Date(now().getTime() + backoffMs(row.attempts)).toISOString(),
          owner,
        }
      }),
    )

  let sent = 0
  let failed = 0
  const group = Math.max(1, transport.parallel ?? 1)
  for (let at = 0; at < rows.length; at += group) {
    const composed = await Promise.all(
      rows.slice(at, at + group).map(async (row): Promise<Attempt> => {
        try {
          const mail = await withPartsRead(db, JSON.parse(row.payload) as StoredMail)
          return { row, mail, eml: await composeEml(mail, new Date(row.created_at)) }
        } catch (error) {
          return { row, failure: { error } }
        }
      }),
    )
    // The claims are renewed just before the group is sent (outboxClaim.ts): every send starts with a
    // full claim ahead of it, and a row another judge took over after our claim lapsed (composing a
    // big report can take a while) is left to that judge, neither sent nor recorded here.
    const held = await renewClaims(
      db,
      owner,
      composed.map((a) => a.row.id),
      now(),
      opts?.claimMs,
    )
    const attempts = composed.filter((a) => held.has(a.row.id))
    const ready = attempts.filter((a) => !a.failure)
    try {
      if (ready.length) await transport.willSend?.(ready.map((a) => a.row.id))
      await Promise.all(
        ready.map(async (a) => {
          try {
            await transport.send(a.mail!, a.eml!, a.row.id)
          } catch (error) {
            a.failure = { error }
          }
        }),
      )
    } catch (error) {
      for (const a of ready) a.failure = { error }
    }
    await record(attempts)
    for (const a of attempts) a.failure ? failed++ : sent++
  }
  return { sent, failed }
}
