// Landing parties (rulebook §12 L1127-1139, ruling RC-46), resolved with boarding after shooting.
// A ship stopped within 1" of the shore puts parties ashore (1 CPV each, from her spares); landing
// takes the move. Each later move a party walks 1" straight for its goal. At a town's or port's
// centre it rolls a D6 each move and takes the place on a 6; at a fort it fights the garrison die
// against die (the lower loses its CPV, a tie goes on next move), and the fort falls when its CPV
// are gone. Parties ashore are in the open: both sides read what they do.
import type { Dice } from '../contract.ts'
import { PUBLIC } from '../contract.ts'
import { add, distance, headingTo, advance } from '../kit/geometry.ts'
import { hullPolygon } from './hull.ts'
import type { ShipOrder } from './orderTypes.ts'
import type { RiverPack } from './pack.ts'
import { centreOf, gapBetween } from './shapes.ts'
import type { RiverState } from './state.ts'
import { inches } from './units.ts'
import { scenarioOf } from './tableLayout.ts'

type Line = { ship: string; text: string; rule: string }

type Party = RiverState['parties'][number]
interface Landing {
  next: RiverState
  lines: Line[]
  dice: Dice
  pack: RiverPack
  sc: ReturnType<typeof scenarioOf>
  n: number
}

const goalName = (l: Landing, goal: string) =>
  l.sc.places.find((p) => p.id === goal)?.name ?? l.sc.forts.find((f) => f.id === goal)!.name

/** A party at a town's or port's centre: a 6 takes it (§12 L1131-1133). */
function takePlace(l: Landing, p: Party, label: string) {
  if (l.next.placesTaken[p.goal]) return
  const roll = l.dice.roll(`${label}:take`, 6, PUBLIC)
  const taken = l.pack.tables.landing.takeTownOn.includes(roll)
  if (taken) l.next.placesTaken[p.goal] = p.side
  l.lines.push({
    ship: p.ship,
    text: `A ${p.side} landing party ${taken ? 'takes' : 'has not yet taken'} ${goalName(l, p.goal)} (${roll})`,
    rule: taken ? '§12 L1131' : '§12 L1133',
  })
}

/** A party at a fort: it walks into an abandoned one, else fights the garrison die against die (§12 L1137). */
function stormFort(l: Landing, p: Party, fort: RiverState['forts'][string], label: string) {
  const { next, lines, dice } = l
  const name = goalName(l, p.goal)
  if (fort.takenBy) return
  if (fort.abandoned || fort.cpv === 0) {
    // §10 L971 ruling RC-42: an abandoned fort is taken by the first party to reach it.
    fort.takenBy = p.side
    fort.silenced = true
    lines.push({ ship: p.ship, text: `A ${p.side} landing party walks into ${name}, abandoned`, rule: '§12 L1137' })
    return
  }
  const att = dice.roll(`${label}:attack`, 6, PUBLIC)
  const def = dice.roll(`${label}:defend`, 6, PUBLIC)
  if (att > def) {
    fort.cpv--
    fort.lostThisMove++
    if (fort.cpv === 0) {
      fort.takenBy = p.side
      fort.silenced = true
    }
    lines.push({
      ship: p.ship,
      text: `A ${p.side} landing party beats a defender of ${name} (${att} to ${def})${fort.takenBy ? `: ${name} is taken` : ''}`,
      rule: '§12 L1137',
    })
  } else if (att < def) {
    next.parties = next.parties.filter((x) => x.id !== p.id)
    lines.push({
      ship: p.ship,
      text: `A ${p.side} landing party is cut down before ${name} (${att} to ${def})`,
      rule: '§12 L1137',
    })
  } else
    lines.push({
      ship: p.ship,
      text: `A ${p.side} landing party and the garrison of ${name} fight on (${att} all)`,
      rule: '§12 L1137',
    })
}

/** Parties already ashore act first: those landed this move spend it landing. */
function partiesAshore(l: Landing) {
  const { next, sc, n } = l
  const reach = inches(l.pack.tables.landing.inchesPerMove)
  for (const p of [...next.parties].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (p.landedMove === n) continue
    const fort = next.forts[p.goal]
    const place = sc.places.find((x) => x.id === p.goal)
    const target = place ? place.centre : centreOf(sc.forts.find((f) => f.id === p.goal)!.polygon)
    const atGoal = fort
      ? gapBetween([p.pos], sc.forts.find((f) => f.id === p.goal)!.polygon) <= reach
      : distance(p.pos, target) <= reach
    if (!atGoal) {
      p.pos = advance(p.pos, headingTo(p.pos, target), reach)
      continue
    }
    p.pos = fort ? p.pos : target
    if (fort) stormFort(l, p, fort, `m${n}:${p.id}`)
    else takePlace(l, p, `m${n}:${p.id}`)
  }
}

export function runLanding(state: RiverState, orders: Record<string, ShipOrder>, dice: Dice, pack: RiverPack) {
  const t = pack.tables
  const n = state.move
  const sc = scenarioOf(state, pack)
  const next: RiverState = structuredClone(state)
  const l: Landing = { next, lines: [], dice, pack, sc, n }
  partiesAshore(l)
  for (const id of Object.keys(orders).sort()) {
    const order = orders[id]!.land
    const s = next.ships[id]!
    if (!order || s.status !== 'afloat' || id in next.exited) continue
    const c = pack.classes[s.classKey]!
    const hull = hullPolygon(s.pose, { length: c.length, beam: c.beam })
    const nearShore = sc.land.some((land) => gapBetween(hull, land.polygon) <= inches(t.hazards.shoreBufferInches))
    if (s.speed !== 0 || !nearShore) {
      l.lines.push({ ship: id, text: `${s.name} is not stopped within 1" of the shore: no landing`, rule: '§12 L1129' })
      continue
    }
    const count = Math.min(order.parties, s.crew.spare)
    s.crew.spare -= count
    for (let i = 1; i <= count; i++)
      next.parties.push({
        id: `${id}-${n}-${i}`,
        side: s.side,
        ship: id,
        pos: add(s.pose.pos, { x: 0, y: 0 }),
        goal: order.goal,
        landedMove: n,
      })
    l.lines.push({
      ship: id,
      text: `${s.name} puts ${count} landing parties ashore for ${goalName(l, order.goal)}`,
      rule: '§12 L1129',
    })
  }
  return { state: next, lines: l.lines }
}
