// Boarding (rulebook §12 L1115-1125, digest §3.12, ruling RC-45), resolved after shooting. Ships
// must end the move alongside: within half an inch, keels within 30 degrees of each other or either
// ship stopped. Each party (1 CPV from the spares) gets aboard on 4-6, then fights a defender die to
// die: the lower loses its CPV; a tie locks them in melee, fought again at the next move's boarding
// (L1123, ruling RC-64). Defenders are taken spares first, then gun crews, boiler, engine. A ship
// with no crew left, or abandoned, is captured; the parties aboard may sail her as a prize (prize.ts).
import type { Dice } from '../contract.ts'
import { loseCpv } from './damage.ts'
import { hullPolygon } from './hull.ts'
import { keelAngle } from './contact.ts'
import { rollAudience } from './moveStep.ts'
import type { ShipOrder } from './orderTypes.ts'
import type { RiverPack } from './pack.ts'
import { gapBetween } from './shapes.ts'
import type { ShipState } from './ship.ts'
import type { RiverState } from './state.ts'
import { inches } from './units.ts'
import { takePrize } from './prize.ts'

const crewLeft = (s: ShipState) =>
  s.crew.spare + s.crew.engine + s.crew.boiler + Object.values(s.guns).filter((g) => g.crewed).length

export function alongside(a: ShipState, b: ShipState, pack: RiverPack): boolean {
  const t = pack.tables.boarding
  const hull = (s: ShipState) => {
    const c = pack.classes[s.classKey]!
    return hullPolygon(s.pose, { length: c.length, beam: c.beam })
  }
  const parallel = keelAngle(a.pose.heading, b.pose.heading) <= t.alongsideMaxAngleDegrees * 100
  return gapBetween(hull(a), hull(b)) <= inches(t.alongsideGapInches) && (parallel || a.speed === 0 || b.speed === 0)
}

type Line = { ship: string; text: string; rule: string }
interface Boarding {
  state: RiverState
  next: RiverState
  lines: Line[]
  dice: Dice
  pack: RiverPack
}

/** One die-to-die melee of a party aboard: true if it won, false if lost, null if drawn. */
function melee(
  b: Boarding,
  id: string,
  targetId: string,
  i: number,
  label: string,
  aud: ReturnType<typeof rollAudience>,
) {
  const { next, lines, dice, pack } = b
  const attacker = next.ships[id]!
  const target = next.ships[targetId]!
  const att = dice.roll(`${label}:attack`, 6, aud)
  const def = dice.roll(`${label}:defend`, 6, aud)
  if (att > def) {
    const hit = loseCpv(target, 1, pack.classes[target.classKey]!.guns)
    next.ships[targetId] = crewLeft(hit) === 0 ? { ...hit, status: 'captured' } : hit
    const taken = next.ships[targetId]!.status === 'captured'
    lines.push({
      ship: id,
      text: `${attacker.name}'s party ${i} beats a defender of ${target.name} (${att} to ${def})${taken ? `: ${target.name} is taken` : ''}`,
      rule: '§12 L1121-1125',
    })
    return true
  }
  if (att < def) {
    next.ships[id] = { ...attacker, cpvLost: attacker.cpvLost + 1, morale: [...attacker.morale, 'cpvLost'] }
    lines.push({
      ship: id,
      text: `${attacker.name}'s party ${i} is beaten off ${target.name} and lost (${att} to ${def})`,
      rule: '§12 L1121-1123',
    })
    return false
  }
  // Ruling RC-64: the party stays aboard, out of her company, and fights on next move.
  next.melees!.push({ attacker: id, target: targetId, party: i })
  lines.push({
    ship: id,
    text: `${attacker.name}'s party ${i} and the defenders of ${target.name} fight to a standstill (${att} all); the melee goes on next move`,
    rule: '§12 L1123',
  })
  return null
}

/** Melees drawn last move are fought first, whatever the ships' orders or places (the party is aboard). */
function fightOn(b: Boarding, melees: NonNullable<RiverState['melees']>) {
  const { next, lines, pack } = b
  const fromMelee: Record<string, number> = {}
  for (const m of melees) {
    const attacker = next.ships[m.attacker]!
    const target = next.ships[m.target]!
    const key = `${m.attacker}:${m.target}`
    const home = () => {
      const a = next.ships[m.attacker]!
      next.ships[m.attacker] = { ...a, crew: { ...a.crew, spare: a.crew.spare + 1 } }
    }
    if (target.status === 'sunk' || target.status === 'exploded') {
      next.ships[m.attacker] = { ...attacker, cpvLost: attacker.cpvLost + 1, morale: [...attacker.morale, 'cpvLost'] }
      lines.push({
        ship: m.attacker,
        text: `${attacker.name}'s party ${m.party} goes down with ${target.name}`,
        rule: '§12 L1123',
      })
      continue
    }
    if (attacker.status !== 'afloat' || target.status === 'captured' || target.side === attacker.side) {
      if (attacker.status === 'afloat') home()
      continue
    }
    if (target.status === 'abandoned' || crewLeft(target) === 0) {
      next.ships[m.target] = { ...target, status: 'captured' }
      home()
      fromMelee[key] = (fromMelee[key] ?? 0) + 1
      lines.push({
        ship: m.attacker,
        text: `${attacker.name}'s boarders take ${target.name}, unopposed`,
        rule: '§12 L1125',
      })
    } else {
      const label = `m${b.state.move}:${m.attacker}:melee:${m.target}:${m.party}`
      if (melee(b, m.attacker, m.target, m.party, label, rollAudience(b.state, attacker))) {
        home()
        fromMelee[key] = (fromMelee[key] ?? 0) + 1
      }
    }
    if (next.ships[m.target]!.status === 'captured')
      lines.push(...takePrize(next, m.target, m.attacker, fromMelee[key] ?? 0, pack))
  }
}

/** A ship's BOARD order: each party tries to get aboard, then fights. */
function board(b: Boarding, id: string, order: NonNullable<ShipOrder['board']>) {
  const { next, lines, dice, pack } = b
  const t = pack.tables.boarding
  const attacker = next.ships[id]!
  const target = next.ships[order.target]
  if (!target || attacker.status !== 'afloat' || id in next.exited) return
  if (target.status !== 'afloat' && target.status !== 'abandoned') return
  if (!alongside(attacker, target, pack)) {
    lines.push({ ship: id, text: `${attacker.name} is not alongside ${target.name}: no boarding`, rule: '§12 L1117' })
    return
  }
  const aud = rollAudience(b.state, attacker)
  const parties = Math.min(order.parties, attacker.crew.spare)
  let aboard = 0 // parties that got aboard and are still there: a prize crew (RC-60)
  for (let i = 1; i <= parties; i++) {
    const label = `m${b.state.move}:${id}:board:${target.id}:${i}`
    const defender = next.ships[target.id]!
    if (defender.status === 'captured') break
    if (!t.boardOn.includes(dice.roll(`${label}:aboard`, 6, aud))) {
      lines.push({
        ship: id,
        text: `${attacker.name}'s party ${i} fails to get aboard ${target.name}`,
        rule: '§12 L1119',
      })
      continue
    }
    if (defender.status === 'abandoned' || crewLeft(defender) === 0) {
      next.ships[target.id] = { ...defender, status: 'captured' }
      aboard++
      lines.push({ ship: id, text: `${attacker.name}'s boarders take ${target.name}, unopposed`, rule: '§12 L1125' })
      break
    }
    if (melee(b, id, target.id, i, label, aud)) aboard++
    else {
      // lost, or held aboard in melee (ruling RC-64): either way the party leaves her company
      const a = next.ships[id]!
      next.ships[id] = { ...a, crew: { ...a.crew, spare: a.crew.spare - 1 } }
    }
    if (next.ships[target.id]!.status === 'captured') break
  }
  if (next.ships[target.id]!.status === 'captured') lines.push(...takePrize(next, target.id, id, aboard, pack))
}

export function runBoarding(state: RiverState, orders: Record<string, ShipOrder>, dice: Dice, pack: RiverPack) {
  const next: RiverState = structuredClone(state)
  const b: Boarding = { state, next, lines: [], dice, pack }
  const melees = next.melees ?? []
  next.melees = []
  fightOn(b, melees)
  for (const id of Object.keys(orders).sort()) {
    const order = orders[id]!.board
    if (order) board(b, id, order)
  }
  return { state: next, lines: b.lines }
}
