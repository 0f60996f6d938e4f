// Purchase Orders (Rule Book p.48-49): a commissioned USA player does not buy parts but requisitions
// them; 2d10 on the Purchase Order Table gives the delay in seasons, a lost order or a rejection.
// One order is open at a time; a later Build collects what has arrived.
import { band } from './campaignPack.ts'
import { type Campaign, influential, pay, type Persist, persist, seasonIndex, seasonKey, SEASONS } from './campaign.ts'
import { type Ctx, d10, note } from './sortie.ts'

export type PurchaseResult = { delay: number } | 'lost' | 'rejected'

/**
 * Purchase Order (USA commissioned, p.48-49): 2d10 + 1 per investor, -3 at a remote location, +1
 * for each boost bought after the roll; the cell is the delay in seasons, L a lost order, R rejected.
 */
export function purchaseOrderResult(ctx: Ctx, parts: number, sum: number): PurchaseResult {
  const r = ctx.pack.campaign.purchaseOrderRules
  const col = r.columns.findIndex((top) => parts <= top)
  if (col < 0) throw new Error('at most 6 parts an order')
  const cell = band(ctx.pack.campaign.purchaseOrder, sum).cells[col]!
  return cell === 'L' ? 'lost' : cell === 'R' ? 'rejected' : { delay: Number(cell) }
}

export function purchaseOrder(
  ctx: Ctx,
  c: Campaign,
  parts: string[],
  remote: boolean,
  greasedWheels: number,
  persistence: Persist = null,
): PurchaseResult | string {
  if (c.side !== 'USA' || !c.commissioned) return 'Purchase Orders are for a commissioned USA player'
  const r = ctx.pack.campaign.purchaseOrderRules
  const a = d10(ctx, 'purchase order die 1')
  const b = d10(ctx, 'purchase order die 2')
  let bought = 0
  while (bought < greasedWheels && pay(ctx, c, r.greasedWheelsCost, 'Greased Wheels', false)) bought++
  const rolled = a + b + influential(ctx, c).length * r.perInvestor + (remote ? r.remote : 0) + bought * r.greasedWheels
  // Persistence is bought only when the +1 reaches a better cell of the table (R24).
  const better =
    outcomeRank(purchaseOrderResult(ctx, parts.length, rolled + r.persistence)) >
    outcomeRank(purchaseOrderResult(ctx, parts.length, rolled))
  const sum = rolled + (better ? persist(c, persistence) * r.persistence : 0)
  const result = purchaseOrderResult(ctx, parts.length, sum)
  note(
    ctx,
    'p.48',
    `Purchase Order for ${parts.length} part(s): ${a}+${b}, modified ${sum}${sum > rolled ? ' with Persistence' : ''}: ${typeof result === 'string' ? result : `delivered in ${result.delay} season(s)`}`,
  )
  return result
}

/** How good a result is for the player: a rejection worst, then a lost order, then the shorter delay. */
function outcomeRank(r: PurchaseResult): number {
  return r === 'rejected' ? 0 : r === 'lost' ? 1 : 100 - r.delay
}

/** Requisition (p.48): the roll, then the order on the calendar until its season comes. */
export function requisition(
  ctx: Ctx,
  c: Campaign,
  parts: string[],
  greasedWheels: number,
  persistence: Persist = null,
): string | null {
  if (c.purchase) return 'one Purchase Order may be open at a time'
  if (parts.length > 6) return 'at most 6 parts an order'
  const remote = ['baton-rouge', 'city-point'].includes(c.location) || c.location.endsWith('blockade')
  const result = purchaseOrder(ctx, c, parts, remote, greasedWheels, persistence)
  if (typeof result === 'string') {
    if (result === 'rejected') c.location = 'washington'
    return result === 'lost' || result === 'rejected' ? null : result
  }
  const at = seasonIndex(c.season) + result.delay
  c.purchase = {
    parts,
    due: seasonKey(c.year + Math.floor(at / 4), SEASONS[at % 4]!),
    dueTurn: turnOf(c) + result.delay,
  }
  return null
}

const turnOf = (c: Campaign) => c.year * 4 + seasonIndex(c.season)

/** The parts of the open order that have arrived by now. */
export function arrivedParts(c: Campaign): string[] {
  return c.purchase && c.purchase.dueTurn <= turnOf(c) ? [...c.purchase.parts] : []
}

export function removeOne(list: string[], id: string): boolean {
  const i = list.indexOf(id)
  if (i >= 0) list.splice(i, 1)
  return i >= 0
}

/** A Build took these parts from the delivered order; the order closes once it is empty. */
export function collect(c: Campaign, taken: string[]): void {
  if (!c.purchase) return
  const left = [...c.purchase.parts]
  for (const id of taken) removeOne(left, id)
  c.purchase = left.length ? { ...c.purchase, parts: left } : undefined
}
