// Reports in batches: a reader gets a resolution's report when it asks something of him, and the
// reports of the resolutions that asked nothing of him wait and go with it, each under its own
// heading. A game of several phases a turn (each phase a resolution) so mails a player only when he
// has something to do, not once a phase. What waits is only a mark in the log (ReportsDispatched,
// in the resolution's own transaction): the reports themselves are rendered from the log when they
// go, so a restart in between loses nothing.
//
// When a reader's report goes out (for the resolution just recorded):
// - the game is over: to everyone;
// - a player: when he is asked for orders or an answer next (optional orders that do not hold the
//   deadline are no call to act), or when the resolution ends a game turn in which he had no mail;
// - the moderator, who is never asked: when the resolution ends a game turn.
// A question put to a player in the middle of a resolution takes the reports waiting for him first
// (heldBefore), so he answers knowing all that went before.
import type { Ruleset } from '../games/contract.ts'
import type { ReportsDispatched, TurnAdjudicated } from './events.ts'
import type { GameFold } from './gameFold.ts'

/** A reader's name in ReportsDispatched: his role, or 'moderator'. */
export const readerKey = (role: string | null): string => role ?? 'moderator'

/** The roles the game asks something of in `state`: orders it waits for, or a question. */
export function askedRoles(ruleset: Ruleset<unknown, unknown>, state: unknown): Set<string> {
  return new Set(
    ruleset
      .awaiting(state)
      .filter((a) => a.kind === 'decision' || !a.optional || a.holdsDeadline)
      .map((a) => a.role),
  )
}

/**
 * Whose report of the resolution `point` (of game turn `turn`) goes out now and whose waits, for the
 * readers `readers` (role, or null for the moderator). `before` is the fold the resolution ran on;
 * `after` the state and end it came to.
 */
export function dispatchOf(
  before: GameFold,
  readers: readonly (string | null)[],
  point: number,
  turn: number,
  after: { state: unknown; finished: boolean },
): ReportsDispatched {
  const asked = askedRoles(before.ruleset, after.state)
  const turnEnds = after.finished || before.ruleset.turnOf(after.state) !== turn
  const sent: string[] = []
  const held: string[] = []
  for (const role of readers) {
    const key = readerKey(role)
    const mailedThisTurn = before.lastReported.get(key)?.turn === turn
    const goes = after.finished || (role === null ? turnEnds : asked.has(role) || (turnEnds && !mailedThisTurn))
    ;(goes ? sent : held).push(key)
  }
  return { point, turn, sent, held }
}

/** The resolutions a report to `reader` covers when it goes out after `point`: the held ones first, in order. */
export function coveredBy(before: GameFold, after: GameFold, reader: string, point: number): TurnAdjudicated[] {
  const from = before.reportsHeld.get(reader) ?? point
  return after.adjudications.map((a) => a.data).filter((a) => a.point >= from && a.point <= point)
}

/**
 * The reports waiting for `role` at the open point, to go before a question put to him now: the
 * resolutions they cover and the mark that records them sent (null when none waits).
 */
export function heldBefore(
  fold: GameFold,
  role: string,
): { covered: TurnAdjudicated[]; mark: ReportsDispatched } | null {
  const from = fold.reportsHeld.get(role)
  const covered = fold.adjudications.map((a) => a.data).filter((a) => from !== undefined && a.point >= from)
  const last = covered.at(-1)
  if (!last) return null
  return { covered, mark: { point: last.point, turn: last.turn, sent: [role], held: [] } }
}
