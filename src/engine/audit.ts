// Verification a moderator or player can run at any time: the hash chain of a game's stream,
// a re-fold that must reproduce every recorded result, and a recomputation of every die roll.
import { positionsAround } from '../log/repos/events.ts'
import type { SqlDatabase as Database } from '../log/sql.ts'
import { verifyStream } from '../log/verify.ts'
import { commitmentOf, hiddenDrawSecret, verifyHiddenRolls, verifyRolls } from './dice.ts'
import { gameStream } from './events.ts'
import type { Judge } from './judge.ts'

export interface GameVerification {
  ok: boolean
  events: number
  problems: string[]
}

export function verifyGame(db: Database, judge: Judge, game: string): GameVerification {
  const stream = gameStream(game)
  const chain = verifyStream(db, stream)
  if (!chain.ok)
    return {
      ok: false,
      events: 0,
      problems: [`hash chain broken at ${locate(db, stream, chain.position, chain.version)}: ${chain.reason}`],
    }
  let problems: string[] = []
  try {
    const fold = judge.load(game, { check: true })
    problems = fold.drift.map((d) => `resolution ${d.point} at position ${d.position}: ${d.reason}`)
  } catch (e) {
    problems = [`the game no longer re-folds: ${(e as Error).message}`]
  }
  return { ok: problems.length === 0, events: chain.events, problems }
}

/** A deleted row has no position left; name the surviving neighbours instead. */
export function locate(db: Database, stream: string, position: number | null, version: number): string {
  return placeOf(position, version, position === null ? positionsAround(db, stream, version) : null)
}

/** Where a bad row is: its position, or for a deleted one (no position) its neighbours `around`. */
export function placeOf(
  position: number | null,
  version: number,
  around: { before: number | null; after: number | null } | null,
): string {
  if (position !== null || !around) return `position ${position} (stream version ${version})`
  const span =
    around.after === null
      ? `after position ${around.before ?? 0} (the end of the stream)`
      : `between positions ${around.before ?? 0} and ${around.after}`
  return `stream version ${version}, missing ${span}`
}

export interface DiceReport {
  ok: boolean
  checked: number
  lines: string[]
}

/**
 * Which resolutions to show: a resolution number (the `point`, as REPORT n, VERIFY n and receipts count)
 * or a game turn (every resolution of that turn); a bare number is a game turn.
 */
export interface ResolutionPick {
  point?: number
  turn?: number
}

/** Whether a resolution is one of those picked (all when nothing is). */
export function picked(data: { point: number; turn: number }, which?: number | ResolutionPick): boolean {
  const pick = typeof which === 'number' ? { turn: which } : (which ?? {})
  return (pick.point === undefined || data.point === pick.point) && (pick.turn === undefined || data.turn === pick.turn)
}

/** Recomputes every recorded roll (of the picked resolutions, if any are) from its revealed secret. */
export function verifyDice(judge: Judge, game: string, which?: number | ResolutionPick): DiceReport {
  const fold = judge.load(game)
  const lines: string[] = []
  let checked = 0
  let ok = true
  for (const { data } of fold.adjudications) {
    if (!picked(data, which)) continue
    const problem = verifyRolls(data.secret, data.commitment, game, data.point, data.salt, data.rolls)
    checked += data.rolls.length
    if (problem) ok = false
    lines.push(
      `resolution ${data.point} (${fold.ruleset.turnLabel(data.turn)}, ${data.label}): ${data.rolls.length} roll(s) ${problem ? `FAIL: ${problem}` : 'reproduced'}`,
    )
  }
  const hidden = hiddenDrawSecret(fold.events)
  let sealed = 0
  for (const { data } of fold.adjudications) {
    if (!picked(data, which)) continue
    const draws = data.hiddenRolls ?? []
    if (!draws.length) continue
    if (!hidden) {
      sealed += draws.length
      continue
    }
    const problem = verifyHiddenRolls(hidden.secret, hidden.commitment, game, data.point, data.salt, draws)
    checked += draws.length
    if (problem) ok = false
    lines.push(
      `resolution ${data.point} (${data.label}): ${draws.length} hidden draw(s) ${problem ? `FAIL: ${problem}` : 'reproduced'}`,
    )
  }
  if (hidden) {
    const matches = commitmentOf(hidden.secret) === hidden.commitment
    if (!matches) ok = false
    lines.push(
      matches
        ? 'hidden draws: the secret revealed at the end of the game matches the commitment made at its creation'
        : 'hidden draws: FAIL: the secret revealed at the end of the game does not match the commitment made at its creation',
    )
  }
  if (sealed)
    lines.push(`hidden draws: ${sealed} sealed until the game ends (the hidden-draw secret is not revealed yet)`)
  return { ok, checked, lines }
}
