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

export function runLanding(state: RiverState, orders: Record<string, ShipOrder>, dice: Dice, pack: RiverPack) {
  const t = pack.tables
  const n = state.move
  const sc = scenarioOf(state, pack)
  const next: RiverState = structuredClone(state)
  const lines: Line[] = []
  const goalPoint = (goal: string) => {
    const place = sc.places.find((p) => p.id === goal)
    return place ? place.centre : centreOf(sc.forts.find((f) => f.id === goal)!.polygon)
  }
  const goalName = (goal: string) =>
    sc.places.find((p) => p.id === goal)?.name ?? sc.forts.find((f) => f.id === goal)!.name

  // Parties already ashore act first: those landed this move spend it landing.
  for (const p of [...next.parties].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (p.landedMove === n) continue
    const fort = next.forts[p.goal]
    const target = goalPoint(p.goal)
    const reach = inches(t.landing.inchesPerMove)
    const atGoal = fort
      ? gapBetween([p.pos], sc.forts.find((f) => f.id === p.goal)!.polygon) <= reach
      : distance(p.pos, target) <= reach
    if (!atGoal) {
      p.pos = advance(p.pos, headingTo(p.pos, target), reach)
      continue
    }
    p.pos = fort ? p.pos : target
    const label = `m${n}:${p.id}`
    if (!fort) {
      if (next.placesTaken[p.goal]) continue
      const roll = dice.roll(`${label}:take`, 6, PUBLIC)
      if (t.landing.takeTownOn.includes(roll)) {
        next.placesTaken[p.goal] = p.side
        lines.push({
          ship: p.ship,
          text: `A ${p.side} landing party takes ${goalName(p.goal)} (${roll})`,
          rule: '§12 L1131',
        })
      } else
        lines.push({
          ship: p.ship,
          text: `A ${p.side} landing party has not yet taken ${goalName(p.goal)} (${roll})`,
          rule: '§12 L1133',
        })
      continue
    }
    if (fort.takenBy) continue
    if (fort.abandoned || fort.cpv === 0) {
      // §10 L971 ruling RC-42: an abandoned fort is taken by the first party to reach it.
      fort.takenBy = p.side
      fort.silenced = true
      lines.push({
        ship: p.ship,
        text: `A ${p.side} landing party walks into ${goalName(p.goal)}, abandoned`,
        rule: '§12 L1137',
      })
      continue
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
        text: `A ${p.side} landing party beats a defender of ${goalName(p.goal)} (${att} to ${def})${fort.takenBy ? `: ${goalName(p.goal)} is taken` : ''}`,
        rule: '§12 L1137',
      })
    } else if (att < def) {
      next.parties = next.parties.filter((x) => x.id !== p.id)
      lines.push({
        ship: p.ship,
        text: `A ${p.side} landing party is cut down before ${goalName(p.goal)} (${att} to ${def})`,
        rule: '§12 L1137',
      })
    } else
      lines.push({
        ship: p.ship,
        text: `A ${p.side} landing party and the garrison of ${goalName(p.goal)} fight on (${att} all)`,
        rule: '§12 L1137',
      })
  }

  for (const id of Object.keys(orders).sort()) {
    const l = orders[id]!.land
    const s = next.ships[id]!
    if (!l || s.status !== 'afloat' || id in next.exited) continue
    const c = pack.classes[s.classKey]!
    const hull = hullPolygon(s.pose, { length: c.length, beam: c.beam })
    const nearShore = sc.land.some((land) => gapBetween(hull, land.polygon) <= inches(t.hazards.shoreBufferInches))
    if (s.speed !== 0 || !nearShore) {
      lines.push({ ship: id, text: `${s.name} is not stopped within 1" of the shore: no landing`, rule: '§12 L1129' })
      continue
    }
    const count = Math.min(l.parties, s.crew.spare)
    s.crew.spare -= count
    for (let i = 1; i <= count; i++)
      next.parties.push({
        id: `${id}-${n}-${i}`,
        side: s.side,
        ship: id,
        pos: add(s.pose.pos, { x: 0, y: 0 }),
        goal: l.goal,
        landedMove: n,
      })
    lines.push({
      ship: id,
      text: `${s.name} puts ${count} landing parties ashore for ${goalName(l.goal)}`,
      rule: '§12 L1129',
    })
  }
  return { state: next, lines }
}
