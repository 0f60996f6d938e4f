// One intake for every inbound path (drop folder now; IMAP and the SMTP listener feed it too):
// parse, absorb duplicates, ignore robots, find the game and role, authenticate by key, file the
// orders through the judge, and record what became of the message. Nothing is dropped silently.
import type { Database } from 'better-sqlite3'
import type { Judge, Outbox } from '../engine/judge.ts'
import { MAIL_STREAM } from '../engine/events.ts'
import type { EventStore } from '../log/store.ts'
import { readScript } from '../orders/script.ts'
import { MailTooLargeError, parseInbound, sha256Hex, type InboundMail } from './inbound.ts'

export interface IntakeDeps {
  judge: Judge
  store: EventStore
  db: Database
  outbox: Outbox
  clock: () => Date
  maxBytes?: number
}

export type IntakeOutcome = 'orders-accepted' | 'orders-rejected' | 'refused' | 'ignored-automated' | 'duplicate' | 'command' | 'unidentified'

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

export async function handleInbound(raw: Buffer, source: string, deps: IntakeDeps): Promise<IntakeOutcome> {
  const rawHash = sha256Hex(raw)
  if (seen(deps.db, rawHash, null)) return 'duplicate'
  let mail: InboundMail
  try {
    mail = await parseInbound(raw, deps.maxBytes !== undefined ? { maxBytes: deps.maxBytes } : {})
  } catch (e) {
    if (!(e instanceof MailTooLargeError)) throw e
    const from = /^From:.*?([^\s<>"]+@[^\s<>"]+)/im.exec(raw.subarray(0, 65536).toString('latin1'))?.[1] ?? null
    return record(deps, { rawHash, messageId: `sha256-${rawHash}`, from: from ?? '', subject: '', size: raw.length, source }, 'refused', null, null, null, `message of ${raw.length} bytes is over the ${e.limit}-byte limit`, () => {
      if (from) reply(deps, from, null, 'Your message was too large', `Your message of ${Math.round(raw.length / 1024)} KiB is larger than the judge accepts (${Math.round(e.limit / 1024)} KiB). Nothing of it is on file. Send your orders as plain text in the body of the mail, without attachments.`)
    })
  }
  if (seen(deps.db, rawHash, mail.messageId)) return 'duplicate'
  const base = { rawHash, messageId: mail.messageId, from: mail.from.address, subject: mail.subject, size: mail.size, source }
  if (mail.automated) return record(deps, base, 'ignored-automated', null, null, null, mail.automated, () => {})

  const body = pickBody(mail)
  const id = identify(mail, body)
  if (/^\s*HELP\b/im.test(body) && !id.game) {
    return record(deps, base, 'command', null, null, null, 'HELP', () => reply(deps, mail.from.address, mail, 'How to send orders', helpText(deps.judge)))
  }
  if (!id.game || !id.role) {
    return record(deps, base, 'unidentified', null, null, null, 'no GAME line and no game in the address', () =>
      reply(deps, mail.from.address, mail, 'Which game?', `The judge could not tell which game and role this message is for. Start your orders with a line\n\n  GAME <game> <role>\n  KEY <your key>\n\nor reply to the judge's last report, whose reply address carries both.\n\n${helpText(deps.judge)}`),
    )
  }
  const game = id.game
  const role = id.role
  if (!deps.judge.games().includes(game)) {
    return record(deps, base, 'unidentified', game, role, null, 'unknown game', () => reply(deps, mail.from.address, mail, `No game "${game}"`, `There is no game "${game}" on this judge. Games: ${deps.judge.games().join(', ') || 'none'}.`))
  }
  const fold = deps.judge.load(game)
  const player = fold.players.get(role)
  if (!player) {
    return record(deps, base, 'unidentified', game, role, null, 'unknown role', () => reply(deps, mail.from.address, mail, `No role "${role}" in ${game}`, `Game ${game} has the roles ${[...fold.players.keys()].join(', ')}.`))
  }
  if (!id.key || !deps.judge.checkKey(fold, role, id.key)) {
    const why = id.key ? 'the key does not match' : 'no key was given'
    return record(deps, base, 'refused', game, role, null, why, () => {
      reply(deps, mail.from.address, mail, `Orders for ${game} not accepted: ${why}`, `Orders for ${game} (${role}) need the player's key: a line KEY <key>, or a reply to the judge's last report. ${why === 'the key does not match' ? 'The key given does not match. ' : ''}Nothing of this message is on file.`)
      if (player.address !== mail.from.address) reply(deps, player.address, null, `Someone sent orders for your role in ${game} without your key`, `A message from ${mail.from.address} tried to send orders for ${role} in ${game} without a valid key. It was refused and nothing changed.`)
    })
  }
  let receipt: string | null = null
  let accepted = false
  deps.store.transaction(() => {
    const result = deps.judge.submitOrders(game, role, body, {
      messageId: mail.messageId,
      from: mail.from.address,
      subject: mail.subject,
      authenticatedBy: id.via ?? 'key',
    })
    receipt = result.receipt
    accepted = result.accepted
    appendRecord(deps, base, accepted ? 'orders-accepted' : 'orders-rejected', game, role, receipt, accepted ? 'filed' : `${result.errors.length} error(s)`)
    if (player.address !== mail.from.address) {
      reply(deps, mail.from.address, mail, `Orders for ${game} received from a second address (receipt ${receipt})`, `Your message was authenticated by the ${role} key. The acknowledgement goes to the player of record, ${player.address}; receipt ${receipt}.`)
      reply(deps, player.address, null, `Orders for ${role} in ${game} came from ${mail.from.address}`, `Orders carrying your key arrived from ${mail.from.address} and were ${accepted ? 'accepted' : 'not accepted'} (receipt ${receipt}). If that was not you, ask the moderator for a new key.`)
    }
  })
  return accepted ? 'orders-accepted' : 'orders-rejected'
}

/** The body holds the orders unless it has none and a plain-text attachment does. */
function pickBody(mail: InboundMail): string {
  const hasOrders = (t: string) => readScript(t).lines.length > 0 || readScript(t).envelope.game !== undefined
  if (hasOrders(mail.text)) return mail.text
  return mail.textAttachments.find((a) => hasOrders(a.text))?.text ?? mail.text
}

function identify(mail: InboundMail, body: string): Identity {
  const env = readScript(body).envelope
  const addressed = mail.to.map(parseReplyAddress).find((a) => a !== null) ?? null
  const game = env.game?.toLowerCase() ?? addressed?.game ?? null
  const role = env.role ?? addressed?.role ?? null
  if (env.key) return { game, role, key: env.key, via: 'key' }
  if (addressed && addressed.game === game && addressed.role === role && addressed.key) return { game, role, key: addressed.key, via: 'address-key' }
  return { game, role, key: null, via: null }
}

function seen(db: Database, rawHash: string, messageId: string | null): boolean {
  const row = messageId
    ? db.prepare('SELECT 1 FROM mail_seen WHERE raw_hash = ? OR message_id = ?').get(rawHash, messageId)
    : db.prepare('SELECT 1 FROM mail_seen WHERE raw_hash = ?').get(rawHash)
  return row !== undefined
}

type Base = { rawHash: string; messageId: string; from: string; subject: string; size: number; source: string }

function appendRecord(deps: IntakeDeps, base: Base, outcome: Exclude<IntakeOutcome, 'duplicate'>, game: string | null, role: string | null, receipt: string | null, detail: string): void {
  deps.db.prepare('INSERT OR IGNORE INTO mail_seen (raw_hash, message_id, received_at, source, outcome) VALUES (?, ?, ?, ?, ?)').run(base.rawHash, base.messageId, deps.clock().toISOString(), base.source, outcome)
  deps.store.append(MAIL_STREAM, deps.store.version(MAIL_STREAM), [
    { type: 'MailReceived', data: { ...base, outcome, game, role, receipt, detail }, audience: { kind: 'moderator' }, causation: base.messageId },
  ])
}

function record(deps: IntakeDeps, base: Base, outcome: Exclude<IntakeOutcome, 'duplicate'>, game: string | null, role: string | null, receipt: string | null, detail: string, replies: () => void): IntakeOutcome {
  deps.store.transaction(() => {
    appendRecord(deps, base, outcome, game, role, receipt, detail)
    replies()
  })
  return outcome
}

let replySeq = 0
function reply(deps: IntakeDeps, to: string, inReplyTo: InboundMail | null, subject: string, text: string): void {
  const id = `notice.${deps.clock().getTime()}.${++replySeq}.${sha256Hex(Buffer.from(to + subject + text)).slice(0, 10)}@${deps.judge.mailDomain}`
  deps.outbox.enqueue(
    {
      messageId: id,
      from: `Sea judge <${deps.judge.judgeAddress}>`,
      to,
      subject: `[judge] ${subject}`,
      text: deps.judge.templates.render(null, 'notice.txt', { body: text }),
      ...(inReplyTo ? { inReplyTo: inReplyTo.messageId, references: [...inReplyTo.references, inReplyTo.messageId] } : {}),
    },
    { game: null, kind: 'notice' },
  )
}

function helpText(judge: Judge): string {
  return [
    'Send orders in the body of a plain mail, one command a line:',
    '  GAME <game> <role>      which game and role (or reply to a report)',
    '  KEY <key>               your key (it is also in the reply address of every report)',
    '  SALT <word>             optional: mixed into the dice after the commitment',
    '  # ...                   a comment; quoted lines (>) and everything after a "--" signature are ignored',
    'A later set of orders before the deadline replaces the earlier one. Every message gets a receipt.',
    `Games on this judge: ${judge.games().join(', ') || 'none'}.`,
  ].join('\n')
}
