// One ship's line, `<ship>: <clause>; <clause> ...`, once the grammar has read it: each clause
// checked against the ship at the start of the move (speed first, wherever it is written: turns and
// turrets are checked against it), then what refuses the whole line, and what it is warned of.
import type { Order } from '../kit/grammar.ts'
import { balloonSpeedFault } from './balloons.ts'
import { mortarWarning } from './mortarOrders.ts'
import { CLAUSE_CHECKS } from './orderClauses.ts'
import type { OrderContext, ShipForOrders, ShipOrder } from './orderTypes.ts'
import { LineFault } from './orderWords.ts'
import { towSpeedCap } from './towing.ts'

export type Fault = [message: string, suggestion?: string]

/** For each FIRE clause, the guns it names that cannot fire this move and why (gunnery.ts gunBar). */
function fireWarnings(s: ShipForOrders, order: ShipOrder): string[] {
  return order.fire.flatMap((f) => {
    const byWhy = new Map<string, string[]>()
    for (const g of f.guns) {
      const why = s.gunBars?.[g]
      if (why) byWhy.set(why, [...(byWhy.get(why) ?? []), g])
    }
    return [...byWhy].map(
      ([why, guns]) =>
        `FIRE ${f.selection}: ${guns.join(', ')} will not fire this move: ${why}${guns.length === f.guns.length ? '' : '; the others fire as ordered'}`,
    )
  })
}

/** What refuses a whole ship line once its clauses are read: the captain, the anchor, a tow, a balloon, the hands. */
function lineFault(s: ShipForOrders, order: ShipOrder): Fault | null {
  if (s.lockedBy && (order.speed !== s.speed || order.turns.length))
    return [
      s.directive
        ? `${s.name}'s Stubborn captain keeps to his directive (${s.directive}) until ${s.lockedBy} can signal him (§4 L183, ruling RC-6)`
        : `${s.name}'s Stubborn captain holds to his orders (speed ${s.speed}, no turn) until ${s.lockedBy} can signal him (§4 L183, ruling RC-6)`,
      'her guns may still be given targets: FIRE ...',
    ]
  if (s.anchored && order.anchor !== 'WEIGH' && order.speed !== 0)
    return [
      `${s.name} is at anchor: ANCHOR WEIGH to get under way (§12 L1143)`,
      `${s.id}: ANCHOR WEIGH; SPEED ${order.speed}`,
    ]
  // Digest A49, ruling RC-49: a ship towing makes at most half her speed.
  const towed = order.castOff ? undefined : (order.tow ?? s.towing)
  if (towed && Math.abs(order.speed) > towSpeedCap(s.maxSpeed))
    return [
      `${s.name} tows ${towed}: a ship towing makes at most ${towSpeedCap(s.maxSpeed)} knots (half her ${s.maxSpeed}, ruling RC-49)`,
      `SPEED ${towSpeedCap(s.maxSpeed)}`,
    ]
  // §7 L483 ruling RC-73: a ship towing an inflated balloon makes at most 3 knots.
  const lofted = balloonSpeedFault(s, order)
  if (lofted) return lofted
  // §3 L125: the spare hands repair, board or land; none does two of them in a move.
  const hands = (order.repair?.crew ?? 0) + (order.board?.parties ?? 0) + (order.land?.parties ?? 0)
  if (hands > s.spare)
    return [`${s.name} has ${s.spare} spare CPV for repairs, boarding and landing together; this line uses ${hands}`]
  return null
}

/** What a ship line is accepted with but warned of: what will keep part of it from running. */
export function lineWarnings(s: ShipForOrders, ctx: OrderContext, order: ShipOrder): string[] {
  const out: string[] = []
  // Ruling RC-49: a ship in tow is carried; her own speed and turns are not steamed.
  const tug = ctx.own.find((o) => o.towing === s.id)
  if (tug && (order.speed !== 0 || order.turns.length))
    out.push(`${s.name} is in tow of ${tug.name}: she makes no way of her own (ruling RC-49)`)
  // Receipt agrees with resolution: a gun that cannot fire this move is named now, with the reason.
  out.push(...fireWarnings(s, order))
  const mortar = mortarWarning(s, ctx, order)
  if (mortar) out.push(mortar)
  if (order.ram && !s.ramFitted) out.push(`${s.name} has no ram: -2 on the ram test and half damage (§11 L1051, L1075)`)
  return out
}

const HELM = ['SPEED', 'HOLD', 'TURN']

/** The ship's order from her clauses as read, with the clauses as understood; or why it is refused. */
export function shipLine(
  ctx: OrderContext,
  read: Order,
  seen: Set<string>,
): { order: ShipOrder; said: Order[]; s: ShipForOrders } | Fault {
  const s = ctx.own.find((x) => x.id === read.args.ship)!
  if (seen.has(s.id)) return [`a second line for ${s.id}: one line per ship per move`]
  seen.add(s.id)
  const order: ShipOrder = { ship: s.id, speed: s.speed, turns: [], fire: [], turrets: {} }
  const said: Order[] = []
  const clauses = read.args.clauses as Order[]
  const speed = (c: Order) => c.form === 'SPEED' || c.form === 'HOLD'
  for (const c of [...clauses.filter(speed), ...clauses.filter((c) => !speed(c))]) {
    try {
      CLAUSE_CHECKS[c.form]!(s, ctx, order, c.args, said)
    } catch (e) {
      if (!(e instanceof LineFault)) throw e
      return [e.message, e.suggestion]
    }
  }
  const refused = lineFault(s, order)
  if (refused) return refused
  // Ruling RC-54: a line that leaves the helm alone leaves her to her directive.
  if (!clauses.some((c) => HELM.includes(c.form))) order.helmFree = true
  return { order, said, s }
}
