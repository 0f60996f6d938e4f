// The orders a move is resolved with (digest §1.3 step 0): each side's lines for its own ships, its
// standing orders merged, a silent ship's standing answer, then what captains' personalities make of
// it: a Stubborn ship out of signal holds on, a Reckless one that sees the enemy steams at him.
// Turret facings and the captain's gun are set here, as the order sheet plots them.
import type { Audience, Input, NarrativeEntry } from '../contract.ts'
import { onlyRoles, PUBLIC } from '../contract.ts'
import { recklessOrder, signalLocks } from './captains.ts'
import { isPolicy, isShipOrder, type RiverCommand, type ShipOrder } from './orderTypes.ts'
import type { RiverPack } from './pack.ts'
import { mergePolicies, shipFacts, standing } from './policies.ts'
import { SIDES, type Scenario } from './scenario.ts'
import { otherSide, type RiverState, sideOf } from './state.ts'

/** A line about a ship: both sides once the enemy has had it in sight, else its own side (forts: all). */
export function aboutShip(state: RiverState, shipId: string, seen: RiverState['seen']): Audience {
  const s = state.ships[shipId]
  if (!s) return PUBLIC // a fort: it stands on the table for both sides to see
  return seen[otherSide(s.side)].includes(shipId) || state.seen[otherSide(s.side)].includes(shipId)
    ? PUBLIC
    : onlyRoles(s.side)
}

/** Mutates `state` (policies, turrets, captains' guns) and returns the orders per ship. */
export function ordersForMove(
  s0: RiverState,
  state: RiverState,
  input: Input<RiverCommand>,
  sc: Scenario,
  pack: RiverPack,
) {
  const orders: Record<string, ShipOrder> = {}
  for (const side of SIDES) {
    const commands = input.orders[side] ?? []
    state.policies[side] = mergePolicies(
      state.policies[side],
      commands.filter(isPolicy).map((c) => c.policy),
    )
    for (const o of commands) {
      if (!isShipOrder(o)) continue
      const ship = state.ships[o.ship]
      if (!ship || ship.side !== sideOf(side)) continue // a side orders only its own ships
      orders[o.ship] = o
      if (o.captainAt) ship.captain.atGun = o.captainAt
      for (const [tu, q] of Object.entries(o.turrets)) ship.turrets[tu]!.facing = q
    }
  }
  // A ship with no line this move does what its standing order says (digest §1.3 step 0: HOLD by default).
  for (const s of Object.values(state.ships).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (orders[s.id] || s.status !== 'afloat' || s.id in state.exited) continue
    const facts = shipFacts(s, state.move, s0.seen[s.side].length > 0)
    const a = standing(state.policies[s.side], 'NO-ORDERS', s.id, facts, 'HOLD')
    const last = state.lastOrders[s.id]
    if (a === 'REPEAT' && last) orders[s.id] = { ...last, speed: s.speed }
    if (a === 'SLOW')
      orders[s.id] = {
        ship: s.id,
        speed: Math.sign(s.speed) * Math.max(0, Math.abs(s.speed) - pack.tables.movement.maxSpeedChange),
        turns: [],
        fire: [],
        turrets: {},
      }
  }
  // Ruling RC-6: a Stubborn ship out of her flagship's sight holds speed and heading, whatever stands.
  for (const side of SIDES)
    for (const id of Object.keys(signalLocks(s0, side, sc, pack)))
      if (orders[id]) orders[id] = { ...orders[id]!, speed: state.ships[id]!.speed, turns: [] }
  const personality: NarrativeEntry[] = []
  for (const id of Object.keys(state.ships).sort()) {
    const r = recklessOrder(state, id, orders[id], sc, pack)
    if (!r) continue
    orders[id] = r
    personality.push({
      audience: aboutShip(s0, id, s0.seen),
      rule: '§4 L169-171',
      text: `${state.ships[id]!.name}'s reckless captain steams at the enemy (speed ${r.speed})`,
    })
  }
  return { orders, personality }
}
