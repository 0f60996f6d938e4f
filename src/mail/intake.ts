// One intake for every inbound path (drop folder, IMAP and the SMTP listener all feed it):
// parse, absorb duplicates, never answer robots or ourselves (bounces are recorded as
// DeliveryFailed), keep to a reply rate limit, read the orders out of the mail (reading.ts), find
// the game and role, authenticate by key, then run a mail command or file the orders through the
// judge, and record what became of the message (MailReceived, with the DKIM/SPF/DMARC results).
// Nothing is dropped silently: every message that is not a duplicate gets exactly one MailReceived.
import type { Database } from 'better-sqlite3'
import type { Judge, Outbox } from '../engine/judge.ts'
import { MAIL_STREAM } from '../engine/events.ts'
import type { EventStore, NewEvent } from '../log/store.ts'
import type { Letter } from '../reports/render.ts'
import { readScript } from '../orders/script.ts'
import { authResults, type AuthResults, type DnsResolver } from './auth.ts'
import { deliveryFailedEvent, mayBeBounce, parseBounces, type ParsedBounce } from './bounces.ts'
import { helpText, mailCommandWord, runMailCommand } from './commands.ts'
import { runModeratorCommand } from './moderator.ts'
import { DEFAULT_MAX_INBOUND_BYTES, parseInbound, sha256Hex, type InboundMail } from './inbound.ts'
import { X_MAILER } from './outbound.ts'
import { extractOrders } from './reading.ts'

export interface IntakeDeps {
  judge: Judge
  store: EventStore
  db: Database
  outbox: Outbox
  clock: () => Date
  /** larger messages are refused politely (default 2 MiB) */
  maxBytes?: number
  /** replies to one address per hour before the intake records and stays silent (default 20, or PBEM_REPLY_LIMIT) */
  replyLimit?: number
  /** DKIM/SPF/DMARC checking: a DNS resolver and timeout (default: offline unless PBEM_DNS=system); false skips it */
  auth?: { resolver?: DnsResolver; timeoutMs?: number } | false
}

/** What the SMTP listener knows of the connection; IMAP and the drop folder know nothing. */
export interface InboundEnvelope {
  ip?: string
  helo?: string
  /** MAIL FROM */
  sender?: string
}

export type IntakeOutcome =
  | 'orders-accepted'
  | 'orders-rejected'
  | 'refused'
  | 'ignored-automated'
  | 'duplicate'
  | 'command'
  | 'unidentified'

export const DEFAULT_REPLY_LIMIT = 20

interface Identity {
  game: string | null
  role: string | null
  key: string | null
  via: 'address-key' | 'key' | null
}

/** `orders+<game>.<role>.<key>@domain`, the reply address of everything the judge sends. */
export function parseReplyAddress(address: string): { game: string; role: string; key: string | null } | null {
  const m = /^[^+@]+\+([a-z0-9-]+)\.([a-z]+)(?:\.([a-z0-9]+))?@/i.exec(address)
  return m ? { game: m[1]!.toLowerCase(), role: m[2]!.toLowerCase(), key: m[3] ?? null } : null
}

export async function handleInbound(
  raw: Buffer,
  source: string,
  deps: IntakeDeps,
  envelope: InboundEnvelope = {},
): Promise<IntakeOutcome> {
  const rawHash = sha256Hex(raw)
  if (seen(deps.db, rawHash, null)) return 'duplicate'
  const limit = deps.maxBytes ?? DEFAULT_MAX_INBOUND_BYTES
  const oversized = raw.length > limit
  let mail: InboundMail
  if (oversized) {
    // Only the header is read: enough to de-duplicate, to spot a robot and to answer a person.
    const head = await parseInbound(headerPart(raw), { maxBytes: Number.MAX_SAFE_INTEGER })
    mail = {
      ...head,
      rawHash,
      size: raw.length,
      messageId: head.messageId.startsWith('sha256-') ? `sha256-${rawHash}` : head.messageId,
      text: '',
      textAttachments: [],
      attachments: [],
    }
  } else {
    mail = await parseInbound(raw, { maxBytes: limit })
  }
  if (seen(deps.db, rawHash, mail.messageId)) return 'duplicate'

  const auth =
    deps.auth === false || oversized
      ? null
      : await authResults(raw, {
          ...envelope,
          ...(deps.auth?.resolver ? { resolver: deps.auth.resolver } : {}),
          ...(deps.auth?.timeoutMs ? { timeoutMs: deps.auth.timeoutMs } : {}),
          mta: deps.judge.mailDomain,
        })
  const bounces = !oversized && mayBeBounce(mail) ? await parseBounces(raw).catch(() => [] as ParsedBounce[]) : []

  // Everything from here is synchronous, in one transaction: the duplicate check again (another
  // path may have delivered the same message meanwhile), the decision, the record and the replies.
  return deps.store.transaction(() => {
    if (seen(deps.db, rawHash, mail.messageId)) return 'duplicate'
    return new Intake(deps, mail, source, auth).decide(oversized, limit, bounces)
  })
}

type Recorded = Exclude<IntakeOutcome, 'duplicate'>

class Intake {
  private readonly base: {
    rawHash: string
    messageId: string
    from: string
    subject: string
    size: number
    source: string
  }
  private notes: string[] = []
  private replyLimit = DEFAULT_REPLY_LIMIT
  /** Over the rate limit: notices to the sender are recorded, not sent. */
  private silenced = false
  /** the outbox, counting every letter for the rate limit */
  private readonly outbox: Outbox

  constructor(
    private readonly deps: IntakeDeps,
    private readonly mail: InboundMail,
    source: string,
    private readonly auth: AuthResults | null,
  ) {
    this.base = {
      rawHash: mail.rawHash,
      messageId: mail.messageId,
      from: mail.from.address,
      subject: mail.subject,
      size: mail.size,
      source,
    }
    this.outbox = {
      enqueue: (letter: Letter, meta: { game: string | null; kind: string }) => {
        deps.outbox.enqueue(letter, meta)
        this.countReply(letter.to, meta.kind)
      },
    }
  }

  decide(oversized: boolean, limit: number, bounces: ParsedBounce[]): Recorded {
    const { deps, mail } = this
    const judge = deps.judge
    const sender = mail.from.address

    // Robots and ourselves: recorded, never answered.
    const own = ownMessage(judge, mail)
    if (own) return this.record('ignored-automated', { detail: own })
    if (bounces.length) {
      const events: NewEvent[] = bounces.map((b) => ({
        type: 'DeliveryFailed',
        data: deliveryFailedEvent(deps.db, b, mail.messageId),
        audience: { kind: 'moderator' },
        causation: mail.messageId,
      }))
      deps.store.append(MAIL_STREAM, deps.store.version(MAIL_STREAM), events)
      const what = bounces.map((b) => `${b.recipient} ${b.action}${b.status ? ` (${b.status})` : ''}`).join(', ')
      return this.record('ignored-automated', { detail: `bounce: ${what}` })
    }
    if (mail.automated) return this.record('ignored-automated', { detail: mail.automated })
    if (!sender) return this.record('unidentified', { detail: 'no From address: nobody to answer' })

    // The rate limit silences the judge's notices to a sender (a loop with a robot that does not
    // say so); it never stops a player's keyed orders or commands, which are always filed and answered.
    this.replyLimit = deps.replyLimit ?? (Number(process.env.PBEM_REPLY_LIMIT) || DEFAULT_REPLY_LIMIT)
    this.silenced = this.repliesLastHour(sender) >= this.replyLimit

    if (oversized) {
      return this.record('refused', { detail: `message of ${mail.size} bytes is over the ${limit}-byte limit` }, () =>
        this.reply(
          sender,
          'Your message was too large',
          `Your message of ${Math.round(mail.size / 1024)} KiB is larger than the judge accepts (${Math.round(limit / 1024)} KiB). Nothing of it is on file. Send your orders as plain text in the body of the mail, without attachments.`,
        ),
      )
    }

    const read = extractOrders(mail)
    this.notes = read.notes
    const text = read.text
    if (!text.trim()) {
      const unread = read.notes.filter((n) => n.startsWith('attachment '))
      return this.record('command', { detail: 'empty message: answered with HELP' }, () =>
        this.reply(
          sender,
          'Your message was empty',
          `The judge found nothing to read in your message${unread.length ? ` (${unread.join('; ')})` : ''}. Quoted text, signatures and taglines are left out: write your orders above the quoted report, or start them with the GAME line.\n\n${helpText(judge)}`,
        ),
      )
    }

    const id = identify(mail, text)
    if (!id.game && /^\s*HELP\b/im.test(text)) {
      return this.record('command', { detail: 'HELP' }, () => this.reply(sender, 'How to send orders', helpText(judge)))
    }
    if (!id.game || !id.role) {
      return this.record('unidentified', { detail: 'no GAME line and no game in the address' }, () =>
        this.reply(
          sender,
          'Which game?',
          `The judge could not tell which game and role this message is for. Start your orders with a line\n\n  GAME <game> <role>\n  KEY <your key>\n\nor reply to the judge's last report, whose reply address carries both.\n\n${helpText(judge)}`,
        ),
      )
    }
    const game = id.game
    const role = id.role
    if (!judge.games().includes(game)) {
      return this.record('unidentified', { game, role, detail: 'unknown game' }, () =>
        this.reply(
          sender,
          `No game "${game}"`,
          `There is no game "${game}" on this judge. Games: ${judge.games().join(', ') || 'none'}.`,
        ),
      )
    }
    if (role === 'moderator') {
      const r = runModeratorCommand({
        judge,
        store: deps.store,
        db: deps.db,
        outbox: this.outbox,
        clock: deps.clock,
        mail,
        game,
        body: text,
        key: id.key,
      })
      return this.record('command', {
        game,
        role,
        detail: `moderator: ${r.outcome}: ${r.lines.join('; ').slice(0, 400)}`,
      })
    }
    const fold = judge.load(game)
    const player = fold.players.get(role)
    if (!player) {
      return this.record('unidentified', { game, role, detail: 'unknown role' }, () =>
        this.reply(
          sender,
          `No role "${role}" in ${game}`,
          `Game ${game} has the roles ${[...fold.players.keys()].join(', ')}.`,
        ),
      )
    }
    const authLine = this.auth ? ` Mail authentication of that message: ${this.auth.summary}.` : ''
    if (!id.key || !judge.checkKey(fold, role, id.key)) {
      const why = id.key ? 'the key does not match' : 'no key was given'
      return this.record('refused', { game, role, detail: why }, () => {
        const self = player.address === sender
        this.reply(
          sender,
          `Orders for ${game} not accepted: ${why}`,
          `Orders for ${game} (${role}) need the player's key: a line KEY <key>, or a reply to the judge's last report. ${why === 'the key does not match' ? 'The key given does not match. ' : ''}Nothing of this message is on file.${self ? `\n\nIf you did not send this message, someone else used your address.${authLine} Nothing changed.` : ''}`,
        )
        if (!self)
          this.reply(
            player.address,
            `Someone sent orders for your role in ${game} without your key`,
            `A message from ${sender} tried to send orders for ${role} in ${game} without a valid key. It was refused and nothing changed.${authLine}`,
            false,
          )
      })
    }

    const word = mailCommandWord(text)
    if (word) {
      runMailCommand({
        judge,
        store: deps.store,
        db: deps.db,
        outbox: this.outbox,
        clock: deps.clock,
        mail,
        game,
        role,
        body: text,
        word,
      })
      return this.record('command', { game, role, detail: word })
    }

    const result = judge.submitOrders(game, role, text, {
      messageId: mail.messageId,
      from: sender,
      subject: mail.subject,
      authenticatedBy: id.via ?? 'key',
    })
    // The judge's acknowledgement goes to the player of record through its own outbox.
    this.countReply(player.address, 'ack')
    const outcome: Recorded = result.accepted ? 'orders-accepted' : 'orders-rejected'
    this.append(outcome, {
      game,
      role,
      receipt: result.receipt,
      detail: result.accepted ? `filed (${read.source})` : `${result.errors.length} error(s)`,
    })
    if (player.address !== sender) {
      this.reply(
        sender,
        `Orders for ${game} received from a second address (receipt ${result.receipt})`,
        `Your message was authenticated by the ${role} key. The acknowledgement goes to the player of record, ${player.address}; receipt ${result.receipt}.`,
      )
      this.reply(
        player.address,
        `Orders for ${role} in ${game} came from ${sender}`,
        `Orders carrying your key arrived from ${sender} and were ${result.accepted ? 'accepted' : 'not accepted'} (receipt ${result.receipt}). If that was not you, ask the moderator for a new key.${authLine}`,
        false,
      )
    }
    return outcome
  }

  // ---------------------------------------------------------------------------- records

  private append(
    outcome: Recorded,
    r: { game?: string | null; role?: string | null; receipt?: string | null; detail: string },
  ): void {
    const { deps, base } = this
    deps.db
      .prepare(
        'INSERT OR IGNORE INTO mail_seen (raw_hash, message_id, received_at, source, outcome) VALUES (?, ?, ?, ?, ?)',
      )
      .run(base.rawHash, base.messageId, deps.clock().toISOString(), base.source, outcome)
    const data = {
      ...base,
      outcome,
      game: r.game ?? null,
      role: r.role ?? null,
      receipt: r.receipt ?? null,
      detail: r.detail,
      ...(this.auth ? { auth: this.auth } : {}),
      ...(this.notes.length ? { notes: this.notes } : {}),
    }
    deps.store.append(MAIL_STREAM, deps.store.version(MAIL_STREAM), [
      { type: 'MailReceived', data, audience: { kind: 'moderator' }, causation: base.messageId },
    ])
  }

  private record(
    outcome: Recorded,
    r: { game?: string | null; role?: string | null; receipt?: string | null; detail: string },
    replies: () => void = () => {},
  ): Recorded {
    // Replies first, so the record says which of them the rate limit held back.
    replies()
    this.append(outcome, r)
    return outcome
  }

  // ---------------------------------------------------------------------------- replies

  private static seq = 0

  /**
   * A notice from the judge; `threaded` answers the inbound message. A notice to a third party
   * (the player of record) keeps to that address's rate limit too, so that forged mail from many
   * addresses cannot flood a player.
   */
  private reply(to: string, subject: string, text: string, threaded = true): void {
    const { deps, mail } = this
    if (threaded ? this.silenced : this.repliesLastHour(to) >= this.replyLimit) {
      this.notes.push(`not answered: ${this.replyLimit} replies to ${to} in the last hour`)
      return
    }
    const id = `notice.${deps.clock().getTime()}.${++Intake.seq}.${sha256Hex(Buffer.from(`${mail.messageId}|${to}|${subject}|${text}`)).slice(0, 10)}@${deps.judge.mailDomain}`
    this.outbox.enqueue(
      {
        messageId: id,
        from: `Sea judge <${deps.judge.judgeAddress}>`,
        to,
        subject: `[judge] ${subject}`,
        text: deps.judge.templates.render(null, 'notice.txt', { body: text }),
        ...(threaded ? { inReplyTo: mail.messageId, references: [...mail.references, mail.messageId] } : {}),
      },
      { game: null, kind: 'notice' },
    )
  }

  private countReply(to: string, kind: string): void {
    const address = (/<([^<>]+)>/.exec(to)?.[1] ?? to).trim().toLowerCase()
    const now = this.deps.clock()
    this.deps.db
      .prepare('INSERT INTO intake_replies (address, sent_at, message_id, kind) VALUES (?, ?, ?, ?)')
      .run(address, now.toISOString(), this.mail.messageId, kind)
    this.deps.db
      .prepare('DELETE FROM intake_replies WHERE sent_at < ?')
      .run(new Date(now.getTime() - 2 * 86400_000).toISOString())
  }

  private repliesLastHour(address: string): number {
    const since = new Date(this.deps.clock().getTime() - 3600_000).toISOString()
    return (
      this.deps.db
        .prepare('SELECT COUNT(*) AS n FROM intake_replies WHERE address = ? AND sent_at > ?')
        .get(address.toLowerCase(), since) as { n: number }
    ).n
  }
}

/** Why the message is the judge's own (echoed back, or from its own address), or null. */
export function ownMessage(judge: Judge, mail: InboundMail): string | null {
  const mailer = mail.xMailer?.trim() ?? ''
  if (mailer.toLowerCase().startsWith(X_MAILER)) return `our own message (X-Mailer: ${mailer})`
  const domain = judge.mailDomain.toLowerCase()
  const [local = '', at = ''] = mail.from.address.split('@')
  if (at === domain && (local === 'orders' || local.startsWith('orders+')))
    return `from the judge's own address ${mail.from.address}`
  if (mail.from.address === judge.judgeAddress.toLowerCase()) return `from the judge's own address ${mail.from.address}`
  const ownId = /^(report|ack|notice|cmd|copy)\.(.+)@(.+)$/.exec(mail.messageId)
  if (ownId && ownId[3]!.toLowerCase() === domain) return `our own message (Message-ID ${mail.messageId})`
  return null
}

function identify(mail: InboundMail, body: string): Identity {
  const env = readScript(body).envelope
  const addressed = mail.to.map(parseReplyAddress).find((a) => a !== null) ?? null
  const game = env.game?.toLowerCase() ?? addressed?.game ?? null
  const role = env.role ?? addressed?.role ?? null
  if (env.key) return { game, role, key: env.key, via: 'key' }
  if (addressed && addressed.game === game && addressed.role === role && addressed.key)
    return { game, role, key: addressed.key, via: 'address-key' }
  return { game, role, key: null, via: null }
}

function seen(db: Database, rawHash: string, messageId: string | null): boolean {
  const row = messageId
    ? db.prepare('SELECT 1 FROM mail_seen WHERE raw_hash = ? OR message_id = ?').get(rawHash, messageId)
    : db.prepare('SELECT 1 FROM mail_seen WHERE raw_hash = ?').get(rawHash)
  return row !== undefined
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
