// What becomes of one message once it is read: refused, answered, run as a command or filed as
// orders, with exactly one MailReceived record and the notices the reply limit allows.
import type { Judge, Outbox } from '../engine/judge.ts'
import type { MailEvent } from '../engine/mailLedger.ts'
import type { Letter } from '../reports/render.ts'
import type { AuthResults } from './auth.ts'
import { deliveryFailedEvent, type ParsedBounce } from './bounces.ts'
import { messageAnswers } from './answerLines.ts'
import { helpText, mailCommandWord, misspeltCommand, runMailCommand } from './commands.ts'
import { runModeratorCommand } from './moderator.ts'
import { sha256Hex, type InboundMail } from './inbound.ts'
import { fromPlayerOfRecord, identify, ownMessage } from './identity.ts'
import { DEFAULT_REPLY_LIMIT } from './replyLog.ts'
import { type IntakeWrites, syncWrites } from './intakeWrites.ts'
import { extractOrders } from './reading.ts'
import { boundNotes, MAX_RECORDED_FIELD, unreadRefusal } from './intakeRefusals.ts'
import type { IntakeDeps, Recorded } from './intakeTypes.ts'

export type { IntakeDeps, IntakeOutcome, Recorded } from './intakeTypes.ts'

export class Intake {
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
    private readonly contentHash: string | null,
    private readonly writes: IntakeWrites = syncWrites(deps),
  ) {
    // The record keeps what identifies the message, not a hostile sender's megabyte of header.
    this.base = {
      rawHash: mail.rawHash,
      messageId: mail.messageId.slice(0, MAX_RECORDED_FIELD),
      from: mail.from.address.slice(0, MAX_RECORDED_FIELD),
      subject: mail.subject.slice(0, MAX_RECORDED_FIELD),
      size: mail.size,
      source,
    }
    this.outbox = {
      enqueue: (letter: Letter, meta: { game: string | null; kind: string }) =>
        this.writes.enqueue(letter, meta, { messageId: this.mail.messageId }),
    }
  }

  decide(read: {
    oversized: boolean
    limit: number
    bounces: ParsedBounce[]
    unreadable: string | null
    cutShort: string | null
  }): Recorded {
    const { deps, mail } = this
    const { bounces } = read
    const judge = this.writes.judge
    const sender = mail.from.address

    // Robots and ourselves: recorded, never answered.
    const own = ownMessage(judge, mail)
    if (own) return this.record('ignored-automated', { detail: own })
    if (bounces.length) {
      const events: MailEvent[] = bounces.map((b) => ({
        type: 'DeliveryFailed',
        data: deliveryFailedEvent(this.writes.outboxRow, b, mail.messageId),
        audience: { kind: 'moderator' },
        causation: mail.messageId,
      }))
      this.writes.recordMail(events)
      const what = bounces.map((b) => `${b.recipient} ${b.action}${b.status ? ` (${b.status})` : ''}`).join(', ')
      return this.record('ignored-automated', { detail: `bounce: ${what}` })
    }
    if (mail.automated) return this.record('ignored-automated', { detail: mail.automated })
    if (!sender) return this.record('unidentified', { detail: 'no From address: nobody to answer' })

    // The rate limit silences the judge's notices to a sender (a loop with a robot that does not
    // say so); it never stops a player's keyed orders or commands, which are always filed and answered,
    // nor the notices about the player's own mail (fromPlayerOfRecord, or once his key is checked).
    this.replyLimit = deps.replyLimit ?? (Number(process.env.PBEM_REPLY_LIMIT) || DEFAULT_REPLY_LIMIT)
    this.silenced = !fromPlayerOfRecord(judge, mail) && this.writes.repliesLastHour(sender) >= this.replyLimit

    const refusal = unreadRefusal(read, mail.size)
    if (refusal)
      return this.record(refusal.outcome, { detail: refusal.detail }, () =>
        this.reply(sender, refusal.subject, refusal.text),
      )

    const extracted = extractOrders(mail)
    this.notes = boundNotes(extracted.notes)
    const text = extracted.text
    if (!text.trim()) {
      const unread = this.notes.filter((n) => n.startsWith('attachment ') || n.startsWith('... and '))
      return this.record('command', { detail: 'empty message: answered with HELP' }, () =>
        this.reply(
          sender,
          'Your message was empty',
          `The judge found nothing to read in your message${unread.length ? ` (${unread.join('; ')})` : ''}. Quoted text, signatures and taglines are left out: write your orders above the quoted report, or start them with the GAME line.\n\n${helpText()}`,
        ),
      )
    }

    const id = identify(mail, text)
    return this.forGame(id, text, extracted)
  }

  /** A message that names (or fails to name) its game and role: routed to the moderator's commands or a player's. */
  private forGame(
    id: ReturnType<typeof identify>,
    text: string,
    extracted: ReturnType<typeof extractOrders>,
  ): Recorded {
    const { deps, mail } = this
    const judge = this.writes.judge
    const sender = mail.from.address
    if (!id.game && /^[ \t]*HELP\b/im.test(text)) {
      return this.record('command', { detail: 'HELP' }, () => this.reply(sender, 'How to send orders', helpText()))
    }
    if (!id.game || !id.role) {
      return this.record('unidentified', { detail: 'no GAME line and no game in the address' }, () =>
        this.reply(
          sender,
          'Which game?',
          `The judge could not tell which game and role this message is for. Start your orders with a line\n\n  GAME <game> <role>\n  KEY <your key>\n\nor reply to the judge's last report, whose reply address carries both.\n\n${helpText()}`,
        ),
      )
    }
    const game = id.game
    const role = id.role
    if (!judge.hasGame(game)) {
      return this.record('unidentified', { game, role, detail: 'unknown game' }, () =>
        this.reply(
          sender,
          `No game "${game}"`,
          `There is no game "${game}" on this judge. Check the GAME line against the judge's last report to you (its reply address carries the game).`,
        ),
      )
    }
    if (role === 'moderator') {
      const r = this.writes.viaJudge(() =>
        runModeratorCommand({
          judge,
          db: deps.db,
          outbox: this.outbox,
          clock: deps.clock,
          mail,
          game,
          body: text,
          key: id.key,
          // Refusals of unkeyed moderator mail go out under the same limit as every notice, to the
          // forger and to the moderator alike: forged commands cannot be turned into a mail flood.
          mayNotify: (to: string) => this.mayNotify(to),
        }),
      )
      return this.record('command', {
        game,
        role,
        detail: `moderator: ${r.outcome}: ${r.lines.join('; ').slice(0, 400)}`,
      })
    }
    return this.forPlayer(game, role, id, text, extracted)
  }

  /** A player's message: refused without his key; else his answers, command or orders are filed. */
  private forPlayer(
    game: string,
    role: string,
    id: ReturnType<typeof identify>,
    text: string,
    extracted: ReturnType<typeof extractOrders>,
  ): Recorded {
    const { mail } = this
    const judge = this.writes.judge
    const sender = mail.from.address
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
    // Players read no DKIM/SPF results (jargon to most); the moderator's copy of a warning keeps them.
    const authLine = this.auth ? ` Mail authentication of that message: ${this.auth.summary}.` : ''
    if (!id.key || !judge.checkKey(fold, role, id.key)) {
      const why = id.key ? 'the key does not match' : 'no key was given'
      return this.record('refused', { game, role, detail: why }, () => {
        const self = player.address === sender
        this.reply(
          sender,
          `Orders for ${game} not accepted: ${why}`,
          `Orders for ${game} (${role}) need the player's key: a line KEY <key>, or a reply to the judge's last report. ${why === 'the key does not match' ? 'The key given does not match. ' : ''}Nothing of this message is on file.${self ? '\n\nIf you did not send this message, someone else used your address. Nothing changed.' : ''}`,
        )
        if (!self) {
          const warning = `A message from ${sender} tried to send orders for ${role} in ${game} without a valid key. It was refused and nothing changed.`
          this.reply(
            player.address,
            `Someone sent orders for your role in ${game} without your key`,
            warning,
            'third-party',
          )
          this.toModerator(`Orders for ${role} in ${game} without the key, from ${sender}`, `${warning}${authLine}`)
        }
      })
    }

    const via = id.via ?? 'key'
    return this.fileFromPlayer(game, role, fold, player, { text, extracted, authLine, via })
  }

  /** A keyed player's message: answers to questions, a mail command, or orders (a second address is told of). */
  private fileFromPlayer(
    game: string,
    role: string,
    fold: ReturnType<Judge['load']>,
    player: { address: string },
    message: { text: string; extracted: ReturnType<typeof extractOrders>; authLine: string; via: string },
  ): Recorded {
    const { text, extracted, authLine, via } = message
    const { deps, mail } = this
    // The judge the answers and commands write through: in a batch, the batch's (planningJudge.ts).
    const judge = this.writes.judge
    const sender = mail.from.address
    // Past the key check the sender is the player himself (or holds his key): the notices about
    // his own mail are his, and the limit meant for strangers does not silence them.
    if (player.address === sender) this.silenced = false
    const word = mailCommandWord(text)
    // Answers to questions may come alone or with orders: the answers are recorded first, then the
    // rest is filed as orders (the answers and the orders are inputs of the same resolution).
    const decided = messageAnswers(text, word)
    // One mail, one acknowledgement: answers that come with orders are told in the orders' one.
    let answers: string | undefined
    if (decided?.answers.length) {
      const withOrders = decided.orders !== null
      const r = judge.answer(game, role, decided.answers, { messageId: mail.messageId, mail: !withOrders })
      if (!withOrders) return this.record('command', { game, role, detail: 'DECIDE' })
      answers = r.ok ? r.message : (r.message ?? `Not recorded: ${r.error}`)
    } else if (word) {
      runMailCommand({
        judge,
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

    // A lone line that is no order but nearly a mail command is answered as the command it missed.
    const typo = decided?.answers.length ? null : misspeltCommand(text)
    if (typo && fold.ruleset.parseOrders(fold.state, role, text).errors.length) {
      return this.record('command', { game, role, detail: `unknown command ${typo.written}` }, () =>
        this.reply(
          sender,
          `Unknown command ${typo.written}: did you mean ${typo.meant}?`,
          `The judge knows no command ${typo.written} and read no orders in your message: nothing is on file from it. Did you mean ${typo.meant}? Send it again with ${typo.meant} on the first line.\n\n${helpText()}`,
        ),
      )
    }

    const result = this.writes.submitOrders(game, role, decided?.orders ?? text, {
      messageId: mail.messageId,
      from: sender,
      subject: mail.subject,
      authenticatedBy: via,
      readNotes: this.notes,
      ...(answers ? { answers } : {}),
      ...(extracted.unreadFrom ? { unreadFrom: extracted.unreadFrom } : {}),
    })
    // The judge's acknowledgement goes to the player of record through its own outbox. It is not
    // counted: a player's own orders never use up the notices the limit allows him.
    const outcome: Recorded = result.accepted ? 'orders-accepted' : 'orders-rejected'
    this.append(outcome, {
      game,
      role,
      receipt: result.receipt,
      detail: result.accepted ? `filed (${extracted.source})` : `${result.errors.length} error(s)`,
    })
    if (player.address !== sender) {
      this.reply(
        sender,
        `Orders for ${game} received from a second address (receipt ${result.receipt})`,
        `Your message was authenticated by the ${role} key. The acknowledgement goes to the player of record, ${player.address}; receipt ${result.receipt}.`,
      )
      const warning = `Orders carrying the ${role} key arrived from ${sender} and were ${result.accepted ? 'accepted' : 'not accepted'} (receipt ${result.receipt}).`
      this.reply(
        player.address,
        `Orders for ${role} in ${game} came from ${sender}`,
        `${warning.replace(`the ${role} key`, 'your key')} If that was not you, ask the moderator for a new key.`,
        'security',
      )
      this.toModerator(`Orders for ${role} in ${game} came from ${sender}`, `${warning}${authLine}`)
    }
    return outcome
  }

  // ---------------------------------------------------------------------------- records

  private append(
    outcome: Recorded,
    r: { game?: string | null; role?: string | null; receipt?: string | null; detail: string },
  ): void {
    const { deps, base } = this
    this.writes.recordSeen({
      rawHash: base.rawHash,
      messageId: base.messageId,
      receivedAt: deps.clock().toISOString(),
      source: base.source,
      outcome,
      contentHash: this.contentHash,
    })
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
    this.writes.recordMail([{ type: 'MailReceived', data, audience: { kind: 'moderator' }, causation: base.messageId }])
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
   * A notice from the judge. 'threaded' answers the inbound message's sender. A 'third-party'
   * notice (to the player of record) keeps to that address's rate limit too, so that forged mail
   * from many addresses cannot flood a player. A 'security' notice (the player's key was used from
   * another address) is never held back: it is the one mail the player must not miss.
   */
  private reply(
    to: string,
    subject: string,
    text: string,
    mode: 'threaded' | 'third-party' | 'security' = 'threaded',
  ): void {
    const { deps, mail } = this
    const threaded = mode === 'threaded'
    if (mode !== 'security' && (threaded ? this.silenced : !this.mayNotify(to))) {
      this.notes.push(`not answered: ${this.replyLimit} replies to ${to} in the last hour`)
      return
    }
    const id = `notice.${deps.clock().getTime()}.${++Intake.seq}.${sha256Hex(Buffer.from(`${mail.messageId}|${to}|${subject}|${text}`)).slice(0, 10)}@${deps.judge.mailDomain}`
    this.outbox.enqueue(
      {
        messageId: id,
        from: deps.judge.fromAddress,
        to,
        subject: `[judge] ${subject}`,
        text: deps.judge.templates.render(null, 'notice.txt', { body: text }),
        ...(threaded ? { inReplyTo: mail.messageId, references: [...mail.references, mail.messageId] } : {}),
      },
      { game: null, kind: 'notice' },
    )
  }

  /** The moderator's copy of a warning to a player, with what players are spared (the DKIM/SPF results). */
  private toModerator(subject: string, text: string): void {
    const moderator = this.deps.judge.moderatorAddress
    if (moderator) this.reply(moderator, `${subject} (moderator)`, text, 'third-party')
  }

  /** Whether a notice to `to` is still within the hourly limit (a note records one held back). */
  private mayNotify(to: string): boolean {
    return this.writes.repliesLastHour(to) < this.replyLimit
  }

  /** Records a message the intake failed on (see recordIntakeFailure) and tells its sender and the moderator. */
  failed(reason: string): Recorded {
    const { deps, mail } = this
    this.replyLimit = deps.replyLimit ?? (Number(process.env.PBEM_REPLY_LIMIT) || DEFAULT_REPLY_LIMIT)
    const sender = mail.from.address
    const person = sender && !mail.automated && !ownMessage(deps.judge, mail)
    this.silenced =
      !person ||
      (!fromPlayerOfRecord(this.writes.judge, mail) && this.writes.repliesLastHour(sender) >= this.replyLimit)
    return this.record('failed', { detail: `intake failed: ${reason}` }, () => {
      if (person)
        this.reply(
          sender,
          'Your message could not be processed',
          `The judge failed on your message (${reason}). Nothing of it is on file; orders you sent earlier stand. The moderator has been told. You may send it again.`,
        )
      const moderator = deps.judge.moderatorAddress
      if (moderator)
        this.reply(
          moderator,
          'The intake failed on a message',
          `The judge failed on a message from ${sender || '(no From address)'} (Message-ID ${this.base.messageId}, ${mail.size} bytes, via ${this.base.source}): ${reason}. It was set aside (failed/ or the Failed mailbox) and recorded in the mail log (pbem mail log).`,
          'third-party',
        )
    })
  }
}
