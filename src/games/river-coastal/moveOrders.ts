// The orders a move is resolved with (digest §1.3 step 0): each side's lines for its own ships, its
// standing orders merged, its new directives, a silent ship's standing answer or her directive
// (pilot.ts), then what captains' personalities make of it: a Stubborn ship out of signal keeps to
// her directive or holds on, a Reckless one that sees the enemy steams at him. Turret facings and
// the captain's gun are set here, as the order sheet plots them.
import type { Audience, Input, NarrativeEntry } from '../contract.ts'
import { onlyRoles, PUBLIC } from '../contract.ts'
import { recklessOrder, signalLocks } from './captains.ts'
import { isDirective, isPolicy, isShipOrder, type RiverCommand, type ShipOrder } from './orderTypes.ts'
import type { RiverPack } from './pack.ts'
import { holdCourse, pilotOrder } from './pilot.ts'
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

/** The written line with the helm (and, where the line says nothing of them, guns and turrets) from the directive. */
function withHelm(written: ShipOrder | undefined, piloted: ShipOrder): ShipOrder {
  if (!written) return piloted
  const { helmFree: _free, ...rest } = written
  const anchor = written.anchor ?? piloted.anchor
  return {
    ...rest,
    speed: piloted.speed,
    turns: piloted.turns,
    fire: written.fire.length ? written.fire : piloted.fire,
    turrets: Object.keys(written.turrets).length ? written.turrets : piloted.turrets,
    ...(anchor ? { anchor } : {}),
  }
}

/** Mutates `state` (policies, directives, turrets, captains' guns) and returns the orders per ship. */
export function ordersForMove(
  s0: RiverState,
  state: RiverState,
  input: Input<RiverCommand>,
  sc: Scenario,
  pack: RiverPack,
) {
  const orders: Record<string, ShipOrder> = {}
  state.directives ??= {}
  for (const side of SIDES) {
    const commands = input.orders[side] ?? []
    state.policies[side] = mergePolicies(
      state.policies[side],
      commands.filter(isPolicy).map((c) => c.policy),
    )
    for (const o of commands) {
      // digest §4.4: a DIRECTIVE line counts from this move (a FLEET SIGNAL from the next, index.ts).
      if (isDirective(o) && !o.directive.signal && state.ships[o.directive.ship]?.side === side) {
        if (o.directive.order) state.directives[o.directive.ship] = o.directive.order
        else delete state.directives[o.directive.ship]
      }
      if (!isShipOrder(o)) continue
      const ship = state.ships[o.ship]
      if (!ship || ship.side !== sideOf(side)) continue // a side orders only its own ships
      orders[o.ship] = o
      if (o.captainAt) ship.captain.atGun = o.captainAt
    }
  }
  const personality: NarrativeEntry[] = []
  /** What the helm did for a ship: told unless a reckless captain took her over. */
  const notes: Record<string, NarrativeEntry> = {}
  const locks = new Set(SIDES.flatMap((side) => Object.keys(signalLocks(s0, side, sc, pack))))
  for (const s of Object.values(state.ships).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (s.status !== 'afloat' || s.id in state.exited) continue
    const written = orders[s.id]
    const d = state.directives[s.id]
    const facts = shipFacts(s, state.move, s0.seen[s.side].length > 0)
    // A ship with no line does what her standing order says: her directive if she has one (ruling
    // RC-54), else HOLD (digest §1.3 step 0). Ruling RC-6: a Stubborn ship out of signal keeps to her
    // directive, or holds her speed and heading, whatever is written.
    const answer = written ? null : standing(state.policies[s.side], 'NO-ORDERS', s.id, facts, d ? 'DIRECTIVE' : 'HOLD')
    if (d && (locks.has(s.id) || written?.helmFree || answer === 'DIRECTIVE')) {
      const p = pilotOrder(state, s, d, sc, pack, orders)
      orders[s.id] = withHelm(written, p.order)
      state.directives[s.id] = p.directive
      notes[s.id] = { audience: onlyRoles(s.side), rule: 'digest §4.4', text: p.note }
      continue
    }
    const last = state.lastOrders[s.id]
    if (answer === 'REPEAT' && last) orders[s.id] = { ...last, speed: s.speed }
    if (answer === 'SLOW')
      orders[s.id] = {
        ship: s.id,
        speed: Math.sign(s.speed) * Math.max(0, Math.abs(s.speed) - pack.tables.movement.maxSpeedChange),
        turns: [],
        fire: [],
        turrets: {},
      }
    if (locks.has(s.id) && orders[s.id]) orders[s.id] = { ...orders[s.id]!, speed: s.speed, turns: [] }
    // Ruling RC-54: holding on is no order to run aground; a Stubborn ship out of signal does as she was told.
    const held = answer === 'HOLD' && !locks.has(s.id) ? holdCourse(state, s, sc, pack, orders) : null
    if (held) {
      orders[s.id] = held.order
      notes[s.id] = { audience: onlyRoles(s.side), rule: 'digest §1.3', text: held.note }
    }
  }
  const reckless = new Set<string>()
  for (const id of Object.keys(state.ships).sort()) {
    const r = recklessOrder(state, id, orders[id], sc, pack)
    if (!r) continue
    orders[id] = r
    reckless.add(id)
    personality.push({
      audience: aboutShip(s0, id, s0.seen),
      rule: '§4 L169-171',
      text: `${state.ships[id]!.name}'s reckless captain steams at the enemy (speed ${r.speed})`,
    })
  }
  const helmed = Object.entries(notes).filter(([id]) => !reckless.has(id))
  personality.unshift(...helmed.map(([, note]) => note))
  for (const o of Object.values(orders))
    for (const [tu, q] of Object.entries(o.turrets)) state.ships[o.ship]!.turrets[tu]!.facing = q
  return { orders, personality }
}
