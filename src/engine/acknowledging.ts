// The acknowledgement of a set of orders: what was accepted or refused, line by line, with the
// reply address and key, kept within the mail's size limits (orderLimits.ts).
import type { LineError } from '../games/contract.ts'
import type { Letter } from '../reports/render.ts'
import type { OrdersAccepted, OrdersRejected } from './events.ts'
import type { GameFold } from './fold.ts'
import { playerKey, serverSecret } from './keys.ts'
import { boundList, ORDER_LIMITS } from './orderLimits.ts'
import type { JudgeContext as Judge } from './judgeContext.ts'
import type { SubmitMeta, SubmitResult } from './calls.ts'

/** Why a set was refused whatever it said: its step is not open yet, it came late, or orders are closed. */
export type Closed = 'not-open' | 'late' | 'closed' | null

/** What the acknowledgement advises: never a new set where none can be taken. */
function adviceFor(accepted: boolean, closed: Closed): string {
  if (accepted) return 'Send a new complete set before the deadline to replace these orders.'
  if (closed === 'not-open') return 'Nothing was filed. Keep these orders and send them once your step opens (above).'
  if (closed === 'late') return 'Nothing was filed, and no set can be filed for this step any more.'
  if (closed === 'closed') return 'Nothing was filed.'
  return 'Correct the lines above and send the complete set again before the deadline; what is on file stands until then.'
}

/** A subject answered: one `Re:`, and the game's tag only once (the acknowledgement's own). */
export function answeredSubject(subject: string, game: string): string {
  const tag = `[${game}]`.toLowerCase()
  let rest = subject.trim()
  for (;;) {
    const next = rest.replace(/^(re|aw|sv|antw|fwd?|wg)\s*(\[\d+\])?\s*:\s*/i, '')
    const untagged = next.toLowerCase().startsWith(tag) ? next.slice(tag.length).trim() : next
    if (untagged === rest) return rest
    rest = untagged
  }
}

export function ackLetter(
  j: Judge,
  fold: GameFold,
  role: string,
  data: OrdersAccepted | OrdersRejected,
  result: SubmitResult,
  meta: SubmitMeta,
  closed: Closed = null,
): Letter {
  const game = fold.created.game
  const player = fold.players.get(role)!
  const key = playerKey(serverSecret(j.o.db), game, role, player.keyGeneration)
  const onFile = fold.orders.get(role) ?? null
  const echo = (lines: readonly string[], budget: number) =>
    boundList(lines, budget, (n) => `... and ${n} more lines (all on file: ORDERS by mail lists them)`)
  const modelWithin = (budget: number) => ({
    game,
    roleUpper: role.toUpperCase(),
    label: result.label,
    accepted: result.accepted,
    receipt: result.receipt,
    point: data.point,
    errors: errorsWithin(result.errors, budget),
    warnings: 'warnings' in data ? data.warnings : [],
    normalised: echo('normalised' in data ? data.normalised : [], budget),
    replaces: 'replaces' in data ? data.replaces : null,
    onFile: onFile && { ...onFile, normalised: echo(onFile.normalised, budget) },
    deadline: j.when(fold, fold.deadline?.deadline ?? null, role),
    deadlinePassed: closed === 'late',
    reading: meta.readNotes ?? [],
    answers: meta.answers ? meta.answers.split('\n') : [],
    advice: adviceFor(result.accepted, closed),
  })
  // The echoed orders and the errors quoted are cut until the whole mail fits its size: both
  // parts as they go on the wire (HTML escaping and transfer encoding can triple a hostile line).
  let budget = ORDER_LIMITS.maxAckTextBytes / 3
  let text = j.templates.render(null, 'ack.txt', modelWithin(budget))
  let html = j.templates.render(null, 'ack.html', modelWithin(budget))
  while (
    budget > 256 &&
    (Buffer.byteLength(text) > ORDER_LIMITS.maxAckTextBytes ||
      wireBytes(text) + wireBytes(html) > ORDER_LIMITS.maxAckWireBytes)
  ) {
    budget /= 2
    text = j.templates.render(null, 'ack.txt', modelWithin(budget))
    html = j.templates.render(null, 'ack.html', modelWithin(budget))
  }
  const safe = result.receipt.replace(/[^A-Za-z0-9.-]/g, '.')
  // Acknowledgements go to the player of record; a sender at another address is copied by the mail layer.
  return {
    messageId: `ack.${safe}@${j.mailDomain}`,
    from: j.fromAddress,
    to: player.address,
    replyTo: j.replyAddress(game, role, key),
    subject:
      `[${game}] Orders ${result.accepted ? 'accepted' : 'NOT accepted'}: ${result.label} (receipt ${result.receipt})${meta.subject && answeredSubject(meta.subject, game) ? ` Re: ${answeredSubject(meta.subject, game)}` : ''}`.slice(
        0,
        200,
      ),
    text,
    html,
    ...(meta.messageId ? { inReplyTo: meta.messageId, references: [meta.messageId] } : {}),
  }
}

/** The errors quoted in an acknowledgement within `budget` characters, then one line counting the rest. */
function errorsWithin(errors: readonly LineError[], budget: number): LineError[] {
  const kept: LineError[] = []
  let used = 0
  for (const e of errors) {
    used += e.text.length + e.message.length + (e.suggestion?.length ?? 0) + 16
    if (used > budget && kept.length) break
    kept.push(e)
  }
  const more = errors.length - kept.length
  if (more <= 0) return [...errors]
  return [...kept, { line: errors[kept.length]!.line, text: '', message: `... and ${more} more errors like these` }]
}

/**
 * What a mail part may weigh on the wire, at most: quoted-printable writes "=" and every byte
 * beyond ASCII as three characters, base64 four for three, and both break lines.
 */
export function wireBytes(part: string): number {
  const bytes = Buffer.byteLength(part)
  let qp = 0
  for (const ch of part) qp += ch === '=' ? 3 : ch.charCodeAt(0) < 128 ? 1 : 3 * Buffer.byteLength(ch)
  return Math.ceil(Math.max(qp, (bytes * 4) / 3) * (78 / 76))
}
