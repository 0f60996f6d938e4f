// Observation balloons (rulebook §7 L483-485; digest §2.7, §3.8, A49; ruling RC-73). A ship fitted
// with a balloon (the game option `balloons`, ship ids) raises it with `BALLOON UP` and lowers it with
// `BALLOON DOWN`. While it is inflated she tows it and makes at most the pack's balloon speed (3
// knots); the move it goes up is spent setting it up, and from the end of the next move her side
// sees from her reference point over every ship and past the 50" limit, while land, fog and smoke
// still hide what lies behind them. The enemy learns of the balloon only with the ship under it.
import type { ClauseCheck } from './helmClauses.ts'
import type { ShipForOrders, ShipOrder } from './orderTypes.ts'
import { fault } from './orderWords.ts'
import type { Tables } from './packSchema.ts'
import type { ShipState } from './ship.ts'
import type { RiverState } from './state.ts'

/** Option `balloons` (ruling RC-73): the ships that carry one, fitted before the battle. */
export function fitBalloons(state: RiverState, ids: string[]): void {
  for (const id of ids) {
    const s = state.ships[id]
    if (!s) throw new Error(`balloons: no ship ${id} in ${state.scenario}`)
    s.balloon = {}
  }
}

export const inflated = (s: Pick<ShipState, 'balloon'>): boolean => s.balloon?.raisedIn !== undefined

/** §7 L485: her side sees from the balloon once the move of setting it up is over. */
export const balloonAloft = (s: ShipState, move: number, t: Tables): boolean =>
  s.status === 'afloat' && inflated(s) && move >= s.balloon!.raisedIn! + t.balloon.setUpMoves

/** §7 L483: a ship towing an inflated balloon makes at most the balloon speed, ahead or astern. */
export function balloonSpeed(s: ShipState, speed: number, t: Tables): number {
  if (!inflated(s)) return speed
  const cap = t.balloon.towSpeedMaxKnots
  return Math.max(-cap, Math.min(cap, speed))
}

/** Balloons go up or come down at the start of the move (mutates `state`); what her side is told. */
export function setBalloons(state: RiverState, orders: Record<string, ShipOrder>) {
  const lines: { ship: string; text: string; rule: string }[] = []
  for (const s of Object.values(state.ships).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const o = orders[s.id]?.balloon
    if (!s.balloon || !o || s.status !== 'afloat') continue
    if (o === 'UP' && !inflated(s)) {
      s.balloon.raisedIn = state.move
      lines.push({ ship: s.id, text: `${s.name} inflates and raises her balloon`, rule: '§7 L483-485' })
    } else if (o === 'DOWN' && inflated(s)) {
      delete s.balloon.raisedIn
      lines.push({ ship: s.id, text: `${s.name} hauls down her balloon`, rule: '§7 L483-485' })
    }
  }
  return lines
}

/** Checks `BALLOON UP|DOWN` against her; throws a LineFault. */
export const balloonClause: ClauseCheck = (s, _ctx, order, args, said) => {
  if (!s.balloon) fault(`BALLOON: ${s.name} carries no balloon (ruling RC-73: the game option balloons)`)
  const what = args.balloon as 'UP' | 'DOWN'
  if (what === 'UP' && s.balloon!.inflated) fault(`BALLOON UP: ${s.name}'s balloon is up already`)
  if (what === 'DOWN' && !s.balloon!.inflated) fault(`BALLOON DOWN: ${s.name}'s balloon is not up`)
  order.balloon = what
  said.push({ form: 'BALLOON', args: { balloon: what } })
}

/** The order line's speed with a balloon inflated this move: a message and a suggestion when too fast. */
export function balloonSpeedFault(s: ShipForOrders, order: ShipOrder): [string, string] | null {
  const b = s.balloon
  if (!b) return null
  const up = order.balloon === 'UP' || (b.inflated && order.balloon !== 'DOWN')
  if (!up || Math.abs(order.speed) <= b.speedMax) return null
  return [
    `${s.name} tows her balloon: at most ${b.speedMax} knots while it is inflated (§7 L483)`,
    `SPEED ${b.speedMax}`,
  ]
}
