// Fire ships and explosive ships (rulebook §9 L539-559, digest A22-A23, rulings RC-66 to RC-70).
// They have no engine: they drift with the current or go in tow (towing.ts, ruling RC-49) until
// their tow lets them go. A fire ship is lit by IGNITE at the start of the move and sets fire to the
// ships she touches once the movement is done; an explosive ship goes off on a 6, thrown when
// ordered to DETONATE or when she first touches an enemy, and sinks every ship touching her.
import type { Dice } from '../contract.ts'
import type { Contact } from './movement.ts'
import { hullPolygon } from './hull.ts'
import { rollAudience } from './moveStep.ts'
import type { ShipOrder } from './orderTypes.ts'
import type { RiverPack } from './pack.ts'
import { gapBetween } from './shapes.ts'
import type { ShipState } from './ship.ts'
import type { RiverState } from './state.ts'
import { inches } from './units.ts'

type Line = { ship: string; text: string; rule: string }

/** Ruling RC-66: fire and explosive ships are expended, not fought: objectives and the end of the game pass them by. */
export const expendable = (s: ShipState, pack: RiverPack): boolean => {
  const role = pack.classes[s.classKey]?.role
  return role === 'fireShip' || role === 'explosiveShip'
}

const onTable = (state: RiverState, s: ShipState) =>
  (s.status === 'afloat' || s.status === 'abandoned') && !(s.id in state.exited)

/** §9 L541, ruling RC-67: a released fire or explosive ship drifts with the current from this move on. */
export function releaseLines(state: RiverState, orders: Record<string, ShipOrder>): Line[] {
  return Object.keys(orders)
    .sort()
    .filter((id) => orders[id]!.release && state.ships[id]?.towing)
    .map((id) => ({
      ship: id,
      text: `${state.ships[id]!.name} lets ${state.ships[state.ships[id]!.towing!]!.name} go to drift with the current`,
      rule: '§9 L541',
    }))
}

/**
 * §9 L543, digest A22, ruling RC-68: each IGNITE throws one die at the start of the move; on 4-6 the
 * fire ship is alight and burns for the rest of the game. A failure may be ordered again next move.
 */
export function igniteFireShips(
  state: RiverState,
  orders: Record<string, ShipOrder>,
  dice: Dice,
  pack: RiverPack,
): Line[] {
  const lines: Line[] = []
  for (const id of Object.keys(orders).sort()) {
    const s = state.ships[id]
    if (!orders[id]!.ignite || !s || !onTable(state, s) || s.blaze?.alight) continue
    const roll = dice.roll(`m${state.move}:${id}:ignite`, 6, rollAudience(state, s))
    const lit = pack.tables.fireShips.igniteOn.includes(roll)
    if (lit) s.blaze = { ...s.blaze, alight: true }
    lines.push({
      ship: id,
      text: lit ? `${s.name} is set alight (${roll})` : `${s.name} will not light (${roll})`,
      rule: '§9 L543',
    })
  }
  return lines
}

/** Ruling RC-68: two ships touch when they met in this move's movement or their hulls lie within the touching gap. */
function touching(state: RiverState, a: ShipState, contacts: Contact[], pack: RiverPack): ShipState[] {
  const hull = (s: ShipState) => {
    const c = pack.classes[s.classKey]!
    return hullPolygon(s.pose, { length: c.length, beam: c.beam })
  }
  const met = new Set(contacts.flatMap((c) => (c.striker === a.id ? [c.other] : c.other === a.id ? [c.striker] : [])))
  const gap = inches(pack.tables.fireShips.touchInches)
  return Object.values(state.ships)
    .filter((b) => b.id !== a.id && onTable(state, b))
    .filter((b) => met.has(b.id) || gapBetween(hull(a), hull(b)) <= gap)
    .sort((x, y) => (x.id < y.id ? -1 : 1))
}

/**
 * After the movement (digest §1.3 step 4). §9 L547-553, rulings RC-68, RC-69: every ship touching a
 * burning fire ship, friend or foe, throws once (ironclads catch on a 6, others on 4-6); one that
 * catches has four tries to put it out, one a move at the end of the move (6, ironclads 4-6).
 * §9 L555-559, digest A23, ruling RC-70: an explosive ship ordered to DETONATE, or touching an enemy
 * for the first time, throws a die; on a 6 she blows up and every ship touching her sinks.
 */
export function fireShipContacts(
  state: RiverState,
  s0: RiverState,
  contacts: Contact[],
  orders: Record<string, ShipOrder>,
  dice: Dice,
  pack: RiverPack,
): Line[] {
  const t = pack.tables.fireShips
  const n = state.move
  const lines: Line[] = []
  const ships = Object.values(state.ships).sort((a, b) => (a.id < b.id ? -1 : 1))
  for (const f of ships) {
    if (pack.classes[f.classKey]!.role !== 'fireShip' || !f.blaze?.alight || !onTable(state, f)) continue
    for (const b of touching(state, f, contacts, pack)) {
      if (b.fire || expendable(b, pack)) continue
      const ironclad = t.ironcladCategories.includes(pack.classes[b.classKey]!.category)
      const roll = dice.roll(`m${n}:${b.id}:catch:${f.id}`, 6, rollAudience(s0, b))
      const caught = (ironclad ? t.catchFire.ironclad : t.catchFire.other).includes(roll)
      if (caught)
        b.fire = { movesLeft: t.extinguish.attempts, putOutOn: ironclad ? t.extinguish.ironclad : t.extinguish.other }
      lines.push({
        ship: b.id,
        text: `${b.name} ${caught ? 'catches fire' : 'does not catch'} from ${f.name} (${roll})`,
        rule: ironclad ? '§9 L547' : '§9 L549',
      })
    }
  }
  for (const e of ships) {
    if (pack.classes[e.classKey]!.role !== 'explosiveShip' || !onTable(state, e)) continue
    const near = touching(state, e, contacts, pack)
    const firstTouch = !e.blaze?.touched && near.some((b) => b.side !== e.side)
    if (firstTouch) e.blaze = { ...e.blaze, touched: true }
    if (!orders[e.id]?.detonate && !firstTouch) continue
    const roll = dice.roll(`m${n}:${e.id}:detonate`, 6, rollAudience(s0, e))
    if (!t.detonateOn.includes(roll)) {
      lines.push({ ship: e.id, text: `${e.name} fails to go off (${roll})`, rule: '§9 L557' })
      continue
    }
    e.status = 'exploded'
    lines.push({ ship: e.id, text: `${e.name} blows up (${roll})`, rule: '§9 L557' })
    // A tow ends with either ship of it (ruling RC-49): no hawser is left to part next move.
    for (const o of ships) if (o.towing === e.id) delete o.towing
    for (const b of near) {
      b.status = 'sunk'
      delete b.towing
      lines.push({ ship: b.id, text: `${b.name} is touching ${e.name} and sinks`, rule: '§9 L559' })
    }
  }
  return lines
}
