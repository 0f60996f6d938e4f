// The MORTAR clause (§9 L835-845) and its range at receipt (§9 L837-839): mortars fire from at least
// 6" off, out to 40" for 11-15-inch mortars and 30" for smaller ones. The order is read before the
// move, the shot is worked out after it, so a target no move could bring within reach is refused,
// and one out of reach from where she lies now is accepted with a warning.
import { distance } from '../kit/geometry.ts'
import type { OrderContext, ShipForOrders, ShipOrder } from './orderTypes.ts'
import type { ClauseCheck } from './helmClauses.ts'
import { fault } from './orderWords.ts'
import { showInches } from './units.ts'

/** Checks `MORTAR <fort|town> [SQ 1-6]` (its target read by the grammar) against her. Throws a LineFault. */
export const mortarClause: ClauseCheck = (s, ctx, order, args, said) => {
  if (!s.hasMortars) fault(`MORTAR: ${s.name} carries no mortar (§9 L835)`)
  const id = args.target as string
  const reach = mortarReach(s, ctx, id, order)
  if (reach && !reach.possible) fault(`MORTAR ${id}: ${reach.why}`, reach.legal)
  order.mortar = { target: id, ...(args.square !== undefined ? { square: args.square as number } : {}) }
  said.push({ form: 'MORTAR', args: { ...args } })
}

/**
 * Whether the target can be within the mortars' band once the ship has moved: she goes at most her
 * ordered speed and drifts at most the fastest current, in inches. Null when the range is unknown.
 */
export function mortarReach(
  s: ShipForOrders,
  ctx: OrderContext,
  target: string,
  order: ShipOrder,
): { possible: boolean; now: boolean; why: string; legal: string } | null {
  const at = ctx.mortar?.targets[target]
  if (!ctx.mortar || !at || !s.mortarReach?.length) return null
  const { min } = ctx.mortar
  const max = Math.max(...s.mortarReach)
  const range = distance(s.here, at)
  // At anchor (or dropping it) or aground she neither steams nor drifts (§12 L1143, §8 L497).
  const held = (s.anchored && order.anchor !== 'WEIGH') || order.anchor === 'DROP' || s.aground
  const travel = held ? 0 : Math.abs(order.speed) * 1000 + ctx.mortar.drift
  const band = `${showInches(min)}-${showInches(max)}"`
  const where = `${ctx.units[target]?.name ?? target} is ${showInches(range)}" off`
  const legal = `mortars fire from ${band} (§9 L837-839)`
  if (range + travel < min || range - travel > max)
    return {
      possible: false,
      now: false,
      why: `${where}, outside ${band}, and this move cannot bring her within it (§9 L837-839)`,
      legal,
    }
  return {
    possible: true,
    now: range >= min && range <= max,
    why: `${where}, outside ${band} from where she lies now`,
    legal,
  }
}

/** The warning at receipt for a mortar order that is out of reach from where she lies now. */
export function mortarWarning(s: ShipForOrders, ctx: OrderContext, order: ShipOrder): string | null {
  if (!order.mortar) return null
  const r = mortarReach(s, ctx, order.mortar.target, order)
  if (!r || r.now) return null
  return `MORTAR ${order.mortar.target}: ${r.why}; she fires only if the move ends within ${r.legal.replace('mortars fire from ', '')}`
}
