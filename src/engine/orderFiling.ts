// Orders for the open point: each message gets a receipt; a later accepted set replaces the earlier
// one; refused sets say why, line by line, and are kept too. What is still missing.
import type { Awaited } from '../games/contract.ts'
import { sha256Hex } from '../util/canonical.ts'
import type { NewEvent, StoredEvent } from '../log/store.ts'
import type { Letter } from '../reports/render.ts'
import { readScript } from '../orders/script.ts'
import { gameStream, type OrdersAccepted, type OrdersRejected } from './events.ts'
import type { GameFold } from './fold.ts'
import { boundLineErrors, screenLongLines, tooManyLines, unreadTailError } from './orderLimits.ts'
import { inProgress } from './clock/lifecycle.ts'
import { mailed } from './houseSeat.ts'
import * as acknowledging from './acknowledging.ts'
import type { JudgeContext as Judge } from './judgeContext.ts'
import type { SubmitMeta, SubmitResult } from './calls.ts'

/** Orders for a role at the open point; a later accepted set replaces the earlier one. */
export function submitOrders(j: Judge, game: string, role: string, text: string, meta: SubmitMeta = {}): SubmitResult {
  return j.o.store.transaction(() => {
    const p = planOrders(j, game, role, text, meta)
    const [stored] = j.o.store.append(gameStream(game), p.fold.version, [p.event])
    const ack = p.ack(j.load(game), stored!)
    if (ack) j.o.outbox.enqueue(ack, { game, kind: 'ack' })
    return p.result
  })
}

/**
 * What filing a message of orders writes, decided from the game's fold and nothing else: the one
 * event to append after `fold`, the answer, and the acknowledgement, made from the game as it
 * stands after the event (none for a seat with no player to tell). submitOrders writes it on the
 * judge's store; the async intake writes it in its batch.
 */
export interface OrdersPlan {
  fold: GameFold
  event: NewEvent
  result: SubmitResult
  ack(after: GameFold, stored: StoredEvent): Letter | null
}

export function planOrders(j: Judge, game: string, role: string, text: string, meta: SubmitMeta = {}): OrdersPlan {
  const fold = j.load(game)
  const awaited = fold.ruleset.awaiting(fold.state).find((a) => a.kind === 'orders' && a.role === role)
  const label = awaited && awaited.kind === 'orders' ? awaited.label : `point ${fold.point}`
  const receipt = receiptFor(fold, game, role)
  const base = {
    receipt,
    point: fold.point,
    textHash: sha256Hex(text),
    messageId: meta.messageId ?? null,
    from: meta.from ?? null,
  }
  const filing: Filing = { j, fold, game, role, text, meta, base, label, awaited: !!awaited }
  const { event, result, closed } = verdictOn(filing)
  const player = fold.players.get(role)
  const tells = !!player && !fold.ejected.has(role) && !meta.standby && mailed(player)
  return {
    fold,
    event,
    result,
    ack: (after, stored) =>
      tells
        ? acknowledging.ackLetter(j, after, role, stored.data as OrdersAccepted | OrdersRejected, result, meta, closed)
        : null,
  }
}

/** One order message being filed, and what every verdict on it shares. */
interface Filing {
  j: Judge
  fold: GameFold
  game: string
  role: string
  text: string
  meta: SubmitMeta
  base: Pick<OrdersRejected, 'receipt' | 'point' | 'textHash' | 'messageId' | 'from'>
  label: string
  /** Whether the game awaits this role's orders now. */
  awaited: boolean
}

/**
 * The event a message files and the answer it gets; `closed` says why nothing could be filed
 * whatever the text said (the acknowledgement then advises no new set).
 */
interface Verdict {
  event: NewEvent
  result: SubmitResult
  closed: acknowledging.Closed
}

function verdictOn(f: Filing): Verdict {
  const { j, fold, game, role } = f
  const late =
    !f.meta.standby &&
    !fold.paused &&
    !!fold.deadline &&
    j.o.clock().getTime() > new Date(fold.deadline.deadline).getTime()
  if (!fold.players.has(role)) {
    const message = `game ${game} has no role "${role}"; roles: ${[...fold.players.keys()].join(', ')}`
    return rejected(f, [{ line: 0, text: '', message }], null)
  }
  if (fold.finished || !f.awaited || (inProgress(fold) && !late) || fold.ejected.has(role)) {
    const closed = !fold.finished && !fold.ejected.has(role) && !f.awaited ? 'not-open' : 'closed'
    const why = fold.finished
      ? 'the game is over'
      : fold.ejected.has(role)
        ? `the ${role} player was removed from the game; the moderator will name a replacement`
        : inProgress(fold)
          ? `the resolution of ${f.label} is in progress: the orders for it are closed`
          : notOpen(j, fold, role)
    return rejected(f, [{ line: 0, text: '', message: why }], closed)
  }
  if (late) {
    // One reply for every late set, whether the resolution has begun (waiting on a question) or not.
    const message = `late: the deadline for ${f.label} passed at ${j.when(fold, fold.deadline!.deadline, role)}; the orders on file (if any) will be used`
    return rejected(f, [{ line: 0, text: '', message }], 'late')
  }
  return parsedVerdict(f)
}

/** A refused set: kept for the moderator alone when the role is unknown, else for the role. */
function rejected(f: Filing, errors: OrdersRejected['errors'], closed: acknowledging.Closed): Verdict {
  const known = f.fold.players.has(f.role)
  return {
    event: {
      type: 'OrdersRejected',
      data: { ...f.base, role: known ? f.role : null, errors } satisfies OrdersRejected,
      audience: known ? { kind: 'roles', roles: [f.role] } : { kind: 'moderator' },
      causation: f.meta.messageId ?? null,
    },
    result: { receipt: f.base.receipt, accepted: false, errors, label: f.label },
    closed,
  }
}

/** The open point takes orders: the game's parser decides, line by line. */
function parsedVerdict(f: Filing): Verdict {
  const { fold, role, text, meta } = f
  const ruleset = fold.ruleset
  // The game never sees an over-long line; what goes back and into the log is bounded.
  // Too many lines are refused unparsed: blanking them all makes the parser's work nothing.
  const tooMany = tooManyLines(text)
  const screened = tooMany ? { text: '', errors: [tooMany] } : screenLongLines(text)
  const parsed = tooMany
    ? { commands: [], normalised: [], errors: [], warnings: [] }
    : ruleset.parseOrders(fold.state, role, screened.text)
  const unread = meta.unreadFrom ? [unreadTailError(meta.unreadFrom)] : []
  if (screened.errors.length || parsed.errors.length || unread.length) {
    const all = [...screened.errors, ...parsed.errors, ...unread]
    return rejected(f, boundLineErrors(all.sort((a, b) => a.line - b.line)), null)
  }
  const data: OrdersAccepted = {
    ...f.base,
    role,
    turn: ruleset.turnOf(fold.state),
    commands: parsed.commands as unknown[],
    normalised: parsed.normalised,
    warnings: boundLineErrors(parsed.warnings, 'notes'),
    salt: readScript(text).envelope.salt ?? null,
    replaces: fold.orders.get(role)?.receipt ?? null,
    text,
    ...(meta.authenticatedBy ? { authenticatedBy: meta.authenticatedBy } : {}),
  }
  return {
    event: {
      type: 'OrdersAccepted',
      data,
      audience: { kind: 'roles', roles: [role] },
      causation: meta.messageId ?? null,
    },
    result: { receipt: f.base.receipt, accepted: true, errors: [], label: f.label },
    closed: null,
  }
}

/** Roles whose orders are still missing at the open point. */
export function missing(fold: GameFold): Awaited[] {
  return fold.ruleset.awaiting(fold.state).filter((a) => a.kind === 'orders' && !fold.orders.has(a.role) && !a.optional)
}

/**
 * Why a role's orders are not taken now, and when they will be: the game's own explanation (its
 * parser's whole-set refusal of an empty set, as `pbem check` shows it) when it gives one.
 */
function notOpen(j: Judge, fold: GameFold, role: string): string {
  const own = fold.ruleset.parseOrders(fold.state, role, '').errors.find((e) => e.line === 0)
  const now = `no orders are awaited from ${role} now (awaiting ${j.awaitingText(fold, { kind: 'role', role })})`
  return own ? `${now}: ${own.message}` : `${now}; the judge's next report to you says when they are due`
}

/**
 * The next receipt of this role at the open point: numbered among the role's own mails only, since a
 * count over the whole game would tell a player how many mails the other side sent.
 */
function receiptFor(fold: GameFold, game: string, role: string): string {
  const who = fold.players.has(role) ? role : 'nobody'
  // Counted in place: a game's receipts grow with every mail, and copying them per order made
  // filing cost more the longer the game had run.
  let mine = 0
  for (const r of fold.receipts.values()) if (r.data.point === fold.point && (r.data.role ?? 'nobody') === who) mine++
  return `${game}/${fold.point}/${who}-${mine + 1}`
}
