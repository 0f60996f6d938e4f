/**
 * SMTP delivery of the outbox (nodemailer), with an archive copy and crash safety.
 *
 * SmtpTransport sends the exact composed bytes of a row (`raw`) with an explicit envelope. When an
 * archive address is configured it is one more envelope recipient of the SAME transaction, so the
 * single 250 reply that makes a row "sent" also covers its archive copy.
 *
 * The window between the server's 250 and the outbox row's sent_at: just before handing a row to
 * SMTP the transport stamps outbox.send_started_at (a group of rows sent side by side on the
 * pooled connections is stamped in one write, willSend). A row with send_started_at and no
 * sent_at is "in doubt". resolveInDoubt() looks such rows' Message-IDs up in the archive mailbox over IMAP
 * (waiting a few seconds when the attempt was recent: the archive copy lands 20-50 ms after the
 * 250); a row found there is marked sent without sending it again, the others are released to be
 * sent. drainOutboxResolving() runs it before every drain. With several judges a row is settled by
 * the judge that claimed it, or by any judge once that claim has lapsed (claimInDoubt: the
 * exactly-once argument is in outboxClaim.ts). A row's Message-ID never changes, so a
 * duplicate that still slips through (no archive configured) is recognisable by receivers.
 */
import {
  type AsyncDatabase,
  claimRowsInDoubt,
  clearSendStarted,
  confirmRowInDoubt,
  type DoubtRow,
  findRowsInDoubt,
  holdRowInDoubt,
  noteSend,
  releaseRowInDoubt,
  stampSendsStarted,
} from '../engine/mailStore.ts'
import { ImapFlow } from 'imapflow'
import nodemailer, { type Transporter } from 'nodemailer'
import addressparser from 'nodemailer/lib/addressparser/index.js'
import { CLAIM_MS, LOCAL_OWNER } from './outboxClaim.ts'
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js'
import { connectImap, type ImapAccount, imapLoginOptions, type TlsMode } from './imapAccount.ts'
import { drainOutbox, type MailTransport, type OutboundMail, SMTP_PARALLEL } from './outbound.ts'
import type { AccessTokens } from './oauth.ts'
import type { DkimSettings } from './oauthConfig.ts'
import { listIdFor, withHeaders } from './dkim.ts'

export interface SmtpAccount {
  host: string
  port: number
  /** 'tls' = implicit TLS (465), 'starttls' = require STARTTLS, 'none' = plain (STARTTLS ignored) */
  tls: TlsMode
  user?: string | null
  pass?: string | null
  /** log in by OAuth2 access token (SASL XOAUTH2) as `user` instead of with `pass` */
  tokens?: AccessTokens | null
}

export interface SmtpTransportOptions extends SmtpAccount {
  /** every message is also delivered here, in the same SMTP transaction */
  archiveAddress?: string | null
  /** MAIL FROM; default: the address in the message's From */
  envelopeFrom?: string | null
  /** the outbox database (its async handle): send_started_at is stamped here before each send */
  db?: AsyncDatabase
  clock?: () => Date
  /** socket timeouts (default 30 s) */
  timeoutMs?: number
  /** connections kept open, one message in flight on each (default SMTP_PARALLEL) */
  parallel?: number
  /** sign every message with this key */
  dkim?: DkimSettings | null
  /** the judge's domain: a letter of a game gets a List-Id under it */
  mailDomain?: string | null
}

/** nodemailer's auth for an account: a password, or XOAUTH2 with tokens from `tokens`. */
export function smtpAuth(a: SmtpAccount): SMTPTransport.Options['auth'] | undefined {
  if (a.tokens && a.user) return { type: 'OAuth2', user: a.user }
  return a.user ? { user: a.user, pass: a.pass ?? '' } : undefined
}

/**
 * Hands nodemailer its access tokens: a fresh one when the server refused the last (`renew`),
 * otherwise the cached one until it is about to expire.
 */
export function provideTokens(transport: Transporter, tokens: AccessTokens): void {
  transport.set('oauth2_provision_cb', (_user: string, renew: boolean, cb: (e: Error | null, t?: string) => void) => {
    if (renew) tokens.refused()
    tokens.token().then(
      (t) => cb(null, t),
      (e: Error) => cb(e),
    )
  })
}

/** All addresses of an address-list header value, without names. */
export function addressesOf(value: string): string[] {
  return addressparser(value, { flatten: true })
    .map((a) => a.address)
    .filter((a): a is string => typeof a === 'string' && a.includes('@'))
}

export class SmtpTransport implements MailTransport {
  readonly name = 'smtp'
  readonly options: SmtpTransportOptions
  readonly parallel: number
  private readonly transport: Transporter<SMTPTransport.SentMessageInfo>
  /** rows whose send_started_at willSend() stamped, not yet handed to send() */
  private readonly stamped = new Set<number>()

  constructor(o: SmtpTransportOptions) {
    this.options = o
    const timeout = o.timeoutMs ?? 30_000
    this.parallel = Math.max(1, o.parallel ?? SMTP_PARALLEL)
    this.transport = nodemailer.createTransport({
      host: o.host,
      port: o.port,
      secure: o.tls === 'tls',
      ...(o.tls === 'none' ? { ignoreTLS: true } : {}),
      ...(o.tls === 'starttls' ? { requireTLS: true } : {}),
      ...(smtpAuth(o) ? { auth: smtpAuth(o) } : {}),
      ...(o.dkim
        ? { dkim: { domainName: o.dkim.domain, keySelector: o.dkim.selector, privateKey: o.dkim.privateKey } }
        : {}),
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      // Connections kept open and reused (RSET between messages), one message at a time on each:
      // a new connection per message (TCP, greeting, EHLO, QUIT) cost more than the message. A
      // send is still one MAIL/RCPT/DATA exchange, so a row is in doubt in the same cases as before.
      pool: true,
      maxConnections: this.parallel,
      maxMessages: 1000,
    })
    if (o.tokens && o.user) provideTokens(this.transport, o.tokens)
  }

  /** The bytes that go out: the composed message with its game's List-Id (signed by DKIM after). */
  wire(mail: OutboundMail, eml: Buffer): Buffer {
    const listId = this.options.mailDomain ? listIdFor(mail.messageId, this.options.mailDomain) : null
    return listId ? withHeaders(eml, { 'List-Id': listId }) : eml
  }

  /** MAIL FROM and RCPT TO for a row: its To addresses, then the archive address. */
  envelope(mail: OutboundMail): { from: string; to: string[] } {
    const from = this.options.envelopeFrom ?? addressesOf(mail.from)[0]
    if (!from) throw new Error(`no envelope sender: From "${mail.from}" has no address`)
    const to = addressesOf(mail.to)
    if (to.length === 0) throw new Error(`no recipient in "${mail.to}"`)
    const archive = this.options.archiveAddress
    if (archive && !to.some((a) => a.toLowerCase() === archive.toLowerCase())) to.push(archive)
    return { from, to }
  }

  /** Stamps send_started_at on a group of rows about to be sent, in one transaction (one sync, not one per row). */
  async willSend(outboxIds: number[]): Promise<void> {
    const db = this.options.db
    if (!db) return
    await stampSendsStarted(db, outboxIds, this.now())
    for (const id of outboxIds) this.stamped.add(id)
  }

  private now(): string {
    return (this.options.clock ?? (() => new Date()))().toISOString()
  }

  async send(mail: OutboundMail, eml: Buffer, outboxId: number): Promise<void> {
    const envelope = this.envelope(mail)
    const db = this.options.db
    if (!this.stamped.delete(outboxId) && db) await stampSendsStarted(db, [outboxId], this.now())
    let info: SMTPTransport.SentMessageInfo
    try {
      info = await this.transport.sendMail({ envelope, raw: this.wire(mail, eml) })
    } catch (e) {
      // A reply code, or a failure before the session began, means the server did not take the
      // message: the row is not in doubt. A broken connection later on may have come after the 250.
      const err = e as { responseCode?: number; command?: string }
      if ((typeof err.responseCode === 'number' || err.command === 'CONN') && db) await clearSendStarted(db, outboxId)
      throw e
    }
    if (info.rejected.length > 0 && db) {
      const rejected = info.rejected
        .map((a: string | { address: string }) => (typeof a === 'string' ? a : a.address))
        .join(', ')
      await noteSend(
        db,
        outboxId,
        `accepted for ${info.accepted.length} recipient(s); rejected: ${rejected}`.slice(0, 2000),
      )
    }
  }

  /** Connects and logs in without sending (a refused log-in rejects). */
  async verify(): Promise<void> {
    await this.transport.verify()
  }

  close(): void {
    this.transport.close()
  }
}

/** Where sent mail can be found again by Message-ID. */
export interface ArchiveLookup {
  /** the subset of `messageIds` (without <>) present in the archive */
  find(messageIds: string[]): Promise<Set<string>>
  close?(): Promise<void>
}

/** The archive mailbox read over IMAP (one connection per lookup). */
export class ImapArchive implements ArchiveLookup {
  readonly account: ImapAccount & { mailbox: string }
  constructor(account: ImapAccount & { mailbox?: string }) {
    this.account = { ...account, mailbox: account.mailbox ?? 'INBOX' }
  }

  async find(messageIds: string[]): Promise<Set<string>> {
    const found = new Set<string>()
    if (messageIds.length === 0) return found
    const client = new ImapFlow({ ...(await imapLoginOptions(this.account)), disableAutoIdle: true })
    client.on('error', () => {})
    await connectImap(client, this.account)
    try {
      const lock = await client.getMailboxLock(this.account.mailbox, { readOnly: true })
      try {
        for (const id of messageIds) {
          const uids = await client.search({ header: { 'message-id': `<${id}>` } }, { uid: true })
          if (uids && uids.length > 0) found.add(id)
        }
      } finally {
        lock.release()
      }
    } finally {
      await client.logout().catch(() => client.close())
    }
    return found
  }
}

export interface InDoubtOptions {
  /** null: no archive to check, so rows in doubt are sent again */
  archive: ArchiveLookup | null
  clock?: () => Date
  /** how long after its send attempt a row's archive copy may still be on its way (default 5 s) */
  waitMs?: number
  /** pause between archive searches while waiting (default 250 ms) */
  pollMs?: number
  /** when the archive cannot be read, rows in doubt are held back this long (default 60 s) */
  holdMs?: number
  log?: (line: string) => void
  /** this judge (outboxClaim.ts): a row another judge claimed is in doubt only once the claim lapses */
  owner?: string
  /** how long this judge's claims last (default CLAIM_MS) */
  claimMs?: number
}

export interface InDoubtResult {
  /** found in the archive: marked sent, not sent again (outbox ids) */
  confirmed: number[]
  /** not in the archive: released to be sent again */
  released: number[]
  /** the archive could not be read: held back until holdMs from now */
  held: number[]
}

/**
 * Outbox rows whose send began but was never recorded as done, and that are due; a row another
 * judge claimed (and may still be sending) only once its claim has lapsed. A read: resolveInDoubt
 * takes such rows over with claimInDoubt before it settles them.
 */
export function rowsInDoubt(db: AsyncDatabase, now: Date, owner = LOCAL_OWNER): Promise<DoubtRow[]> {
  return findRowsInDoubt(db, now.toISOString(), owner)
}

/**
 * Claims for `owner` every due row in doubt that nobody else holds (rowsInDoubt's rows) until now +
 * claimMs, in one statement, and returns them. Settling another judge's row in doubt is safe only
 * because of this takeover (the argument in outboxClaim.ts's header): its claim has lapsed, so that
 * judge's SMTP exchange for the row is over, whatever the server answered; and from this statement
 * on that judge's renewal is refused, so, dead or only slow, it will not send the row again. What
 * is left to decide is whether the server took it, which the archive tells.
 */
export function claimInDoubt(
  db: AsyncDatabase,
  now: Date,
  owner = LOCAL_OWNER,
  claimMs = CLAIM_MS,
): Promise<DoubtRow[]> {
  return claimRowsInDoubt(db, now.toISOString(), owner, new Date(now.getTime() + claimMs).toISOString())
}

/**
 * Settles every due row in doubt: found in the archive → sent_at set (send_note says why),
 * otherwise send_started_at cleared so the next drain sends it. Call it before draining.
 */
export async function resolveInDoubt(db: AsyncDatabase, o: InDoubtOptions): Promise<InDoubtResult> {
  const clock = o.clock ?? (() => new Date())
  const log = o.log ?? (() => {})
  const result: InDoubtResult = { confirmed: [], released: [], held: [] }
  const owner = o.owner ?? LOCAL_OWNER
  let pending = await claimInDoubt(db, clock(), owner, o.claimMs)
  if (pending.length === 0) return result

  // Each settlement applies only while the row is still ours: a wait on the archive longer than the
  // claim would let yet another judge take it over, and then that judge settles it.
  const release = (note: string, id: number) => releaseRowInDoubt(db, id, owner, note)
  if (!o.archive) {
    for (const r of pending) {
      await release('in doubt after an interrupted send; no archive to check: sent again', r.id)
      result.released.push(r.id)
    }
    log(`outbox: ${pending.length} mail(s) in doubt, no archive to check: sending again`)
    return result
  }

  const waitMs = o.waitMs ?? 5000
  const started = Date.now()
  const latest = Math.max(...pending.map((r) => Date.parse(r.send_started_at)).filter(Number.isFinite))
  for (;;) {
    let found: Set<string>
    try {
      found = await o.archive.find(pending.map((r) => r.message_id))
    } catch (e) {
      const hold = new Date(clock().getTime() + (o.holdMs ?? 60_000)).toISOString()
      const why = e instanceof Error ? e.message : String(e)
      for (const r of pending) {
        await holdRowInDoubt(
          db,
          r.id,
          hold,
          `in doubt; the archive could not be read (${why}): held back`.slice(0, 2000),
        )
        result.held.push(r.id)
      }
      log(`outbox: ${pending.length} mail(s) in doubt held back: archive lookup failed: ${why}`)
      return result
    }
    for (const r of pending.filter((p) => found.has(p.message_id))) {
      await confirmRowInDoubt(
        db,
        r.id,
        owner,
        clock().toISOString(),
        'in doubt after an interrupted send; found in the archive: not sent again',
      )
      result.confirmed.push(r.id)
    }
    pending = pending.filter((p) => !found.has(p.message_id))
    const waitedEnough = clock().getTime() - latest >= waitMs || Date.now() - started >= waitMs
    if (pending.length === 0 || waitedEnough) break
    await new Promise((r) => setTimeout(r, o.pollMs ?? 250))
  }
  for (const r of pending) {
    await release('in doubt after an interrupted send; not in the archive: sent again', r.id)
    result.released.push(r.id)
  }
  if (result.confirmed.length || result.released.length)
    log(
      `outbox: in doubt: ${result.confirmed.length} found in the archive (not resent), ${result.released.length} to send again`,
    )
  return result
}

/** resolveInDoubt(), then drainOutbox() through the transport. */
export async function drainOutboxResolving(
  db: AsyncDatabase,
  transport: MailTransport,
  clock: () => Date,
  opts: Omit<InDoubtOptions, 'clock'> & { limit?: number; maxAttempts?: number },
): Promise<{ sent: number; failed: number } & InDoubtResult> {
  const doubt = await resolveInDoubt(db, { ...opts, clock })
  const drained = await drainOutbox(db, transport, clock, {
    ...(opts.owner !== undefined ? { owner: opts.owner } : {}),
    ...(opts.limit !== undefined ? { limit: opts.limit } : {}),
    ...(opts.maxAttempts !== undefined ? { maxAttempts: opts.maxAttempts } : {}),
    ...(opts.claimMs !== undefined ? { claimMs: opts.claimMs } : {}),
  })
  return { ...drained, ...doubt }
}
