// Orders for the open point: each message gets a receipt; a later accepted set replaces the earlier
// one; refused sets say why, line by line, and are kept too. What is still missing.
import type { Awaited } from '../games/contract.ts'
import { sha256Hex } from '../util/canonical.ts'
import type { NewEvent } from '../log/store.ts'
import { readScript } from '../orders/script.ts'
import { gameStream, type OrdersAccepted, type OrdersRejected } from './events.ts'
import type { GameFold } from './fold.ts'
import { boundLineErrors, screenLongLines, tooManyLines, unreadTailError } from './orderLimits.ts'
import { inProgress } from '../schedule/lifecycle.ts'
import * as reporting from './reporting.ts'
import type { JudgeContext as Judge } from './judgeContext.ts'
import type { SubmitMeta, SubmitResult } from './calls.ts'

/** Orders for a role at the open point; a later accepted set replaces the earlier one. */
export function submitOrders(j: Judge, game: string, role: string, text: string, meta: SubmitMeta = {}): SubmitResult {
  return j.o.store.transaction(() => {
    const fold = j.load(game)
    const ruleset = fold.ruleset
    const awaited = ruleset.awaiting(fold.state).find((a) => a.kind === 'orders' && a.role === role)
    const label = awaited && awaited.kind === 'orders' ? awaited.label : `point ${fold.point}`
    const textHash = sha256Hex(text)
    const receipt = receiptFor(fold, game, role)
    const base = { receipt, point: fold.point, textHash, messageId: meta.messageId ?? null, from: meta.from ?? null }
    let event: NewEvent
    let result: SubmitResult
    /** Why nothing could be filed whatever the text said: the acknowledgement then advises no new set. */
    let closed: reporting.Closed = null
    const late = !fold.paused && !!fold.deadline && j.o.clock().getTime() > new Date(fold.deadline.deadline).getTime()
    if (!fold.players.has(role)) {
      const errors = [
        {
          line: 0,
          text: '',
          message: `game ${game} has no role "${role}"; roles: ${[...fold.players.keys()].join(', ')}`,
        },
      ]
      event = {
        type: 'OrdersRejected',
        data: { ...base, role: null, errors } satisfies OrdersRejected,
        audience: { kind: 'moderator' },
        causation: meta.messageId ?? null,
      }
      result = { receipt, accepted: false, errors, label }
    } else if (fold.finished || !awaited || (inProgress(fold) && !late) || fold.ejected.has(role)) {
      closed = !fold.finished && !fold.ejected.has(role) && !awaited ? 'not-open' : 'closed'
      const why = fold.finished
        ? 'the game is over'
        : fold.ejected.has(role)
          ? `the ${role} player was removed from the game; the moderator will name a replacement`
          : inProgress(fold)
            ? `the resolution of ${label} is in progress: the orders for it are closed`
            : notOpen(j, fold, role)
      const errors = [{ line: 0, text: '', message: why }]
      event = {
        type: 'OrdersRejected',
        data: { ...base, role, errors } satisfies OrdersRejected,
        audience: { kind: 'roles', roles: [role] },
        causation: meta.messageId ?? null,
      }
      result = { receipt, accepted: false, errors, label }
    } else if (late) {
      // One reply for every late set, whether the resolution has begun (waiting on a question) or not.
      closed = 'late'
      const errors = [
        {
          line: 0,
          text: '',
          message: `late: the deadline for ${label} passed at ${j.when(fold, fold.deadline!.deadline, role)}; the orders on file (if any) will be used`,
        },
      ]
      event = {
        type: 'OrdersRejected',
        data: { ...base, role, errors } satisfies OrdersRejected,
        audience: { kind: 'roles', roles: [role] },
        causation: meta.messageId ?? null,
      }
      result = { receipt, accepted: false, errors, label }
    } else {
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
        const errors = boundLineErrors(all.sort((a, b) => a.line - b.line))
        event = {
          type: 'OrdersRejected',
          data: { ...base, role, errors } satisfies OrdersRejected,
          audience: { kind: 'roles', roles: [role] },
          causation: meta.messageId ?? null,
        }
        result = { receipt, accepted: false, errors, label }
      } else {
        const data: OrdersAccepted = {
          ...base,
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
        event = {
          type: 'OrdersAccepted',
          data,
          audience: { kind: 'roles', roles: [role] },
          causation: meta.messageId ?? null,
        }
        result = { receipt, accepted: true, errors: [], label }
      }
    }
    const [stored] = j.o.store.append(gameStream(game), fold.version, [event])
    const after = j.load(game)
    const player = fold.players.get(role)
    if (player && !fold.ejected.has(role))
      j.o.outbox.enqueue(
        reporting.ackLetter(j, after, role, stored!.data as OrdersAccepted | OrdersRejected, result, meta, closed),
        { game, kind: 'ack' },
      )
    return result
  })
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
  // filing cost more the longer the game had run (issue 15).
  let mine = 0
  for (const r of fold.receipts.values()) if (r.data.point === fold.point && (r.data.role ?? 'nobody') === who) mine++
  return `${game}/${fold.point}/${who}-${mine + 1}`
}
