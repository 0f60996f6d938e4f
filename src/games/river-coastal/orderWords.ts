// The words order lines share: how a line refuses a clause (with a suggestion), how units are
// named (by id or by name), and the legal speeds of a move.
import { closest } from '../../orders/script.ts'
import type { OrderContext, ShipForOrders } from './orderTypes.ts'

export class LineFault extends Error {
  constructor(
    message: string,
    readonly suggestion?: string,
  ) {
    super(message)
  }
}
export const fault = (message: string, suggestion?: string): never => {
  throw new LineFault(message, suggestion)
}

/** Reads a unit named by id or by any word of its name ("TENNESSEE", "CSS Tennessee", "tenn"). */
export function findUnit(ctx: OrderContext, written: string): string | null {
  const w = written.trim().toUpperCase()
  for (const [id, u] of Object.entries(ctx.units)) {
    const name = u.name.toUpperCase()
    if (id === w || name === w || name.split(/\s+/).slice(1).join(' ') === w) return id
  }
  return null
}

/** Near names among the enemy's units (targets) or one's own (ship lines). */
export function unitSuggestion(ctx: OrderContext, written: string, own = false): string | undefined {
  const names = Object.entries(ctx.units)
    .filter(([, u]) => (u.side === ctx.side) === own)
    .flatMap(([id, u]) => [id, u.name.split(/\s+/).slice(1).join(' ').toUpperCase()])
  const near = closest(written, names, 2)
  return near.length ? `did you mean ${near.join(' or ')}?` : undefined
}

/** The legal speeds this move (§7 L441-453): at most 2 knots of change; astern only from a stop. */
export function speedRange(s: ShipForOrders, ctx: OrderContext): { lo: number; hi: number; asternMax: number } {
  const asternMax = s.doubleEnder
    ? s.maxSpeed
    : Math.max(s.maxSpeed > 0 ? 1 : 0, Math.floor((s.maxSpeed * ctx.reverse.num) / ctx.reverse.den))
  const lo = Math.max(s.speed - ctx.maxSpeedChange, s.speed > 0 ? 0 : -asternMax)
  const hi = Math.min(s.speed + ctx.maxSpeedChange, s.speed < 0 ? 0 : s.maxSpeed)
  // Ruling RC-35: a ship whose damage cut her max speed below her way makes her new max at once (the
  // move clamps her there), so that is what she may be ordered even where the change limit (§7 L441)
  // could not reach it; the same astern.
  if (lo > hi) return s.speed > 0 ? { lo: hi, hi, asternMax } : { lo, hi: lo, asternMax }
  return { lo, hi, asternMax }
}
