// House players: the judge sitting at a side whose seat is `house:<level>`. Whenever the open point
// awaits that side's orders or answer, the game's house player writes them from that side's view
// alone, and they are filed like a player's mail (orderFiling.ts, asking.ts): receipts, history and
// re-adjudication cannot tell them apart. Its choices come from the game's hidden-draw secret under
// a message no die roll uses, so they replay exactly and can be checked once that secret is revealed.
import type { Choice, HouseLevel } from '../games/contract.ts'
import { houseLevel, isHouseSeat } from './houseSeat.ts'
import { deriveRoll } from './dice.ts'
import type { GameFold } from './fold.ts'
import type { JudgeContext as Judge } from './judgeContext.ts'
import { inProgress } from './clock/lifecycle.ts'
import { submitOrders } from './orderFiling.ts'
import { gameStream, type HouseSeatFailed, type StandbyPlayed, type StandbySet } from './events.ts'
import * as reporting from './reporting.ts'

/** The message a house choice is derived from: never one a die roll or hidden draw uses. */
export function houseChoiceMessage(k: ChoiceKey, index: number, label: string): string {
  return `${k.game}|house|${k.role}|${k.turn}|${k.point}|${k.what}|${index}|${label}`
}

/** Whose choice: the side, the turn and point, and what it writes (`orders`, or the question's id). */
export interface ChoiceKey {
  game: string
  role: string
  turn: number
  point: number
  what: string
}

/** The choices of one house decision (one order mail, one answer), numbered from 0 in the order drawn. */
export class HouseChoice implements Choice {
  private index = 0
  readonly drawn: { index: number; label: string; n: number; value: number }[] = []
  constructor(
    private readonly secretHex: string,
    private readonly key: ChoiceKey,
  ) {}

  below(n: number, label: string): number {
    if (!Number.isInteger(n) || n < 1) throw new Error(`house choice among ${n}`)
    const index = this.index++
    const value = n === 1 ? 0 : deriveRoll(this.secretHex, houseChoiceMessage(this.key, index, label), n) - 1
    this.drawn.push({ index, label, n, value })
    return value
  }
}

/** The house's choice source for `role` at the open point, keyed by the game's hidden-draw secret. */
export function choiceFor(j: Judge, fold: GameFold, role: string, what: string): HouseChoice {
  const secret = j.secrets.get(fold.created.game, 'hidden', 0)
  if (!secret) throw new Error(`game ${fold.created.game}: the hidden-draw secret is missing`)
  return new HouseChoice(secret, {
    game: fold.created.game,
    role,
    turn: fold.ruleset.turnOf(fold.state),
    point: fold.point,
    what,
  })
}

/** The house seats of a game that play now (a vacant seat plays on standing orders, as any). */
function houseSeats(fold: GameFold): Map<string, HouseLevel> {
  const seats = new Map<string, HouseLevel>()
  for (const p of fold.players.values()) {
    const level = houseLevel(p.address)
    if (level && !fold.ejected.has(p.role)) seats.set(p.role, level)
  }
  return seats
}

/**
 * Writes and files what the house seats owe the open point: the orders awaited of them and not yet
 * on file, then the answers to the questions put to them. Deterministic: the same log gives the
 * same mail. Does nothing for a game without house seats or a ruleset without a house player.
 * A house player that throws, or whose orders or answer the game refuses, never stops the caller:
 * the failure is recorded (HouseSeatFailed), the moderator is told, and the seat counts as one that
 * sent nothing (standing orders and the defaults apply at the deadline).
 */
export function playHouseSeats(j: Judge, game: string): void {
  j.o.store.transaction(() => {
    const fold = j.load(game)
    const house = fold.ruleset.house
    const seats = houseSeats(fold)
    if (!house || !seats.size || fold.finished) return
    if (!inProgress(fold))
      for (const a of fold.ruleset.awaiting(fold.state)) {
        const level = a.kind === 'orders' ? seats.get(a.role) : undefined
        if (!level || a.kind !== 'orders' || fold.orders.has(a.role)) continue
        if (failedBefore(fold, a.role, 'orders')) continue
        attempt(j, game, { role: a.role, level, what: 'orders' }, () => {
          const view = fold.ruleset.view(fold.state, { kind: 'role', role: a.role })
          const text = house.orders(view, a.role, level, choiceFor(j, fold, a.role, 'orders'))
          const r = submitOrders(j, game, a.role, text, { from: `house:${level}`, authenticatedBy: 'house' })
          return r.accepted
            ? null
            : r.errors.map((e) => (e.line ? `line ${e.line}: ${e.message}` : e.message)).join('; ')
        })
      }
    const after = j.load(game)
    for (const d of after.requested.values()) {
      const level = seats.get(d.role)
      if (!level || after.answers.has(d.decisionId) || failedBefore(after, d.role, d.decisionId)) continue
      attempt(j, game, { role: d.role, level, what: d.decisionId }, () => {
        const view = after.ruleset.view(after.state, { kind: 'role', role: d.role })
        const answer = house.answer(view, d, level, choiceFor(j, after, d.role, d.decisionId))
        const r = j.answer(game, d.role, [{ decisionId: d.decisionId, answer }], { from: `house:${level}` })
        if (j.load(game).answers.has(d.decisionId)) return null
        return r.ok ? r.message : r.error
      })
    }
  })
}

/** What a house seat was to write: its orders, or the answer to one question. */
interface HouseTask {
  role: string
  level: HouseLevel
  what: string
}

/** Whether the house at `role` already failed at `what` this point (a failure is recorded once). */
function failedBefore(fold: GameFold, role: string, what: string): boolean {
  // A result or a re-adjudication opens the point afresh: the house then tries again.
  for (let i = fold.events.length - 1; i >= 0; i--) {
    const e = fold.events[i]!
    if (e.type === 'TurnAdjudicated' || e.type === 'TurnReadjudicated') return false
    const f = e.data as HouseSeatFailed
    if (e.type === 'HouseSeatFailed' && f.role === role && f.what === what && f.point === fold.point) return true
  }
  return false
}

/**
 * Runs one house task; `run` returns null when the game took what the house wrote, else the
 * game's reason for refusing it. A throw is caught in a savepoint, so nothing it began is kept.
 */
function attempt(j: Judge, game: string, task: HouseTask, run: () => string | null): void {
  let kind: HouseSeatFailed['kind'] = 'refused'
  let reason: string | null
  try {
    reason = j.o.store.transaction(run)
  } catch (e) {
    kind = 'error'
    reason = e instanceof Error ? e.message : String(e)
  }
  if (reason === null) return
  const fold = j.load(game)
  const data: HouseSeatFailed = { ...task, point: fold.point, kind, reason: reason.slice(0, 2000) }
  console.warn(`pbem: ${game}: the house (${task.level}) at ${task.role} failed at ${task.what}: ${data.reason}`)
  j.o.store.append(gameStream(game), fold.version, [{ type: 'HouseSeatFailed', data, audience: { kind: 'moderator' } }])
  const missed =
    task.what === 'orders' || task.what === 'standby'
      ? "The seat counts as one that sent no orders: its standing orders and the rules' defaults apply at the deadline."
      : `The question goes unanswered by the house: its default applies at its deadline.`
  reporting.noticeTo(
    j,
    fold,
    null,
    `The house player at ${task.role} failed (${task.what})`,
    [
      `The house player (${task.level}) at ${task.role} could not write its ${task.what === 'orders' ? 'orders' : task.what === 'standby' ? 'standby orders' : `answer to ${task.what}`} for point ${fold.point}:`,
      kind === 'error' ? `it failed: ${data.reason}` : `the game refused it: ${data.reason}`,
      missed,
      task.what === 'standby'
        ? `The ${task.role} player keeps the seat; pbem game standby ${game} off stops the standby.`
        : `To put a person in the seat: pbem player replace ${game} ${task.role} <address>.`,
    ].join('\n'),
    `house-failed.${game}.p${fold.point}.${task.role}.${task.what}`,
  )
}

/**
 * At a deadline the schedule resolves (after any grace), the standby house writes the orders of
 * each seat a person holds and left without orders, for this point only: the person keeps the
 * seat, and every report says the house played it (StandbyPlayed). Filed like the house's own
 * orders, from the seat's view alone and with choices drawn as reproducibly.
 */
export function playStandby(j: Judge, game: string): void {
  j.o.store.transaction(() => {
    const fold = j.load(game)
    const level = fold.standby
    const house = fold.ruleset.house
    if (!level || !house || fold.finished || inProgress(fold)) return
    for (const a of fold.ruleset.awaiting(fold.state)) {
      if (a.kind !== 'orders' || fold.orders.has(a.role) || fold.ejected.has(a.role)) continue
      const p = fold.players.get(a.role)
      if (!p || isHouseSeat(p.address) || failedBefore(fold, a.role, 'standby')) continue
      attempt(j, game, { role: a.role, level, what: 'standby' }, () => {
        const view = fold.ruleset.view(fold.state, { kind: 'role', role: a.role })
        const text = house.orders(view, a.role, level, choiceFor(j, fold, a.role, 'standby'))
        const from = `standby:house:${level}`
        const r = submitOrders(j, game, a.role, text, { from, authenticatedBy: 'house', standby: true })
        if (!r.accepted) return r.errors.map((e) => (e.line ? `line ${e.line}: ${e.message}` : e.message)).join('; ')
        const now = j.load(game)
        const data: StandbyPlayed = { role: a.role, level, point: now.point, label: a.label }
        j.o.store.append(gameStream(game), now.version, [{ type: 'StandbyPlayed', data, audience: { kind: 'public' } }])
        console.warn(`pbem: ${game}: the standby house (${level}) wrote the ${a.role} orders for ${a.label}`)
        return null
      })
    }
  })
}

/** Sets or clears (null) the game's standby house. */
export function setStandby(j: Judge, game: string, level: HouseLevel | null, by: string): void {
  j.o.store.transaction(() => {
    const fold = j.load(game)
    if (level && !fold.ruleset.house) throw new Error(`${fold.ruleset.title} has no house player yet`)
    if (fold.finished) throw new Error(`game ${game} is over`)
    const data: StandbySet = { level, by }
    j.o.store.append(gameStream(game), fold.version, [{ type: 'StandbySet', data, audience: { kind: 'public' } }])
  })
}
