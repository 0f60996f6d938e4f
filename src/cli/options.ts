// Reading command-line values that feed the clock and the schedule. Number('abc') is NaN and
// NaN hours make an Invalid Date deep inside, so each value is checked where it is typed and the
// refusal names the option and the text.
import { parseLocal } from '../engine/clock/calendar.ts'

export class OptionError extends Error {
  override name = 'OptionError'
}

/** An instant: ISO 8601 with Z or an offset, or YYYY-MM-DD [HH:MM] read in UTC. */
export function instantOption(option: string, text: string): Date {
  try {
    return parseLocal(text, 'UTC')
  } catch {
    throw new OptionError(`${option} takes an instant such as 2026-03-06T18:00Z or "2026-03-06 18:00", not "${text}"`)
  }
}

/** A number of hours above 0 and at most `max`. */
export function hoursOption(option: string, text: string, max = 2160): number {
  const n = /^\s*\d+(?:\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN
  if (!(n > 0 && n <= max))
    throw new OptionError(`${option} takes a number of hours above 0 and at most ${max}, not "${text}"`)
  return n
}

/** A whole number from `min` to `max`. */
export function integerOption(option: string, text: string, min: number, max: number): number {
  const n = /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN
  if (!(Number.isSafeInteger(n) && n >= min && n <= max))
    throw new OptionError(`${option} takes a whole number from ${min} to ${max}, not "${text}"`)
  return n
}

/** Ends the command with a message on standard error and exit code 1. */
export function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

/** `--point n`: act only while this resolution point is the open one. */
export const pointOpt = (o: { point?: string }): { point?: number } =>
  o.point === undefined ? {} : { point: integerOption('--point', o.point, 1, Number.MAX_SAFE_INTEGER) }

/**
 * `--resolution n` (the numbering REPORT n, VERIFY n and receipts use) or `--game-turn n` (the game's
 * own turns; `--turn`, its old spelling, still means that for one release).
 */
export function resolutionPick(o: { resolution?: string; gameTurn?: string; turn?: string }): {
  point?: number
  turn?: number
} {
  const turn = o.gameTurn ?? o.turn
  return {
    ...(o.resolution === undefined
      ? {}
      : { point: integerOption('--resolution', o.resolution, 0, Number.MAX_SAFE_INTEGER) }),
    ...(turn === undefined ? {} : { turn: integerOption('--game-turn', turn, 0, Number.MAX_SAFE_INTEGER) }),
  }
}
