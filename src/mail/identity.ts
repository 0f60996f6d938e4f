// Who a message says it is from and for: the judge's own mail echoed back, and the game, role and
// key read from the GAME and KEY lines or from the reply address the judge gave.
import type { Judge } from '../engine/judge.ts'
import { readScript } from '../orders/script.ts'
import type { InboundMail } from './inbound.ts'
import { X_MAILER } from './outbound.ts'

export interface Identity {
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

export function identify(mail: InboundMail, body: string): Identity {
  const env = readScript(body).envelope
  const addressed = mail.to.map(parseReplyAddress).find((a) => a !== null) ?? null
  const game = env.game?.toLowerCase() ?? addressed?.game ?? null
  const role = env.role ?? addressed?.role ?? null
  if (env.key) return { game, role, key: env.key, via: 'key' }
  if (addressed && addressed.game === game && addressed.role === role && addressed.key)
    return { game, role, key: addressed.key, via: 'address-key' }
  return { game, role, key: null, via: null }
}

/**
 * Whether the sender is the player of record of the game and role the message's reply address
 * names, with that player's key: his own mail, which the limit on notices to strangers never
 * silences. Read from the header alone, so that it holds for a message too large or too broken to read.
 */
export function fromPlayerOfRecord(judge: Judge, mail: InboundMail): boolean {
  const sender = mail.from.address.toLowerCase()
  const addressed = mail.to.map(parseReplyAddress).find((a) => a?.key) ?? null
  if (!sender || !addressed?.key || !judge.hasGame(addressed.game)) return false
  const fold = judge.load(addressed.game)
  const player = fold.players.get(addressed.role)
  return player?.address.toLowerCase() === sender && judge.checkKey(fold, addressed.role, addressed.key)
}
