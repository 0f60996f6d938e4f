// Mortar fire (rulebook §9 L835-879, rulings RC-39, RC-87): a ship's mortars fire at an enemy fort
// or town from at least 6" off, out to 40" (11-15-inch mortars) or 30" (smaller), needing no sight
// of it. A 6 hits; later shots of the same ship at the same target hit on 5-6. A hit falls in the
// square of the target's 2x3 grid the order plotted (else a D6 picks one) and rolls on the effect
// table: at a fort, FPV lost by the mortar's class, a gun and a CPV of that square destroyed, or the
// commander killed, if he is in it, which makes the garrison test its morale; at a town, the building
// of that square damaged or destroyed (buildings.ts). Resolved with the shooting; mutates the state.
import type { Dice } from '../contract.ts'
import { distance } from '../kit/geometry.ts'
import { mortarOnTown } from './buildings.ts'
import type { ShipOrder } from './orderTypes.ts'
import type { RiverPack } from './pack.ts'
import type { Scenario } from './scenario.ts'
import { centreOf } from './shapes.ts'
import type { FortState, RiverState } from './state.ts'
import { inches, showInches } from './units.ts'

type Line = { ship: string; text: string; rule: string }

export function runMortars(
  state: RiverState,
  orders: Record<string, ShipOrder>,
  sc: Scenario,
  dice: Dice,
  pack: RiverPack,
): Line[] {
  const t = pack.tables.mortars
  const lines: Line[] = []
  const n = state.move
  for (const id of Object.keys(orders).sort()) {
    const o = orders[id]!.mortar
    const s = state.ships[id]
    const fort = o ? sc.forts.find((f) => f.id === o.target) : undefined
    const town = o && !fort ? sc.places.find((p) => p.id === o.target) : undefined
    const target = fort ?? town
    if (!o || !s || !target || s.status !== 'afloat' || id in state.exited) continue
    const fs = fort ? state.forts[fort.id] : undefined
    if (fort && !fs) continue
    const range = distance(s.pose.pos, centreOf(target.polygon))
    for (const m of pack.classes[s.classKey]!.mortars) {
      const say = (text: string, rule: string) => lines.push({ ship: id, text: `${s.name} ${m.id}: ${text}`, rule })
      const reach = inches(t.rangeInches[m.kind])
      if (range < inches(t.minRangeInches) || range > reach) {
        say(
          `${target.name} is ${showInches(range)}" off, outside ${t.minRangeInches}-${t.rangeInches[m.kind]}"`,
          '§9 L837-839',
        )
        continue
      }
      const label = `m${n}:${id}:${m.id}`
      const again = s.mortarAt === target.id
      s.mortarAt = target.id
      const roll = dice.roll(`${label}:hit`, 6, { kind: 'public' })
      if (!(again ? t.hitOnAgain : t.hitOn).includes(roll)) {
        say(`rolled ${roll} at ${target.name}, needs ${again ? '5' : '6'}: miss`, '§9 L851')
        continue
      }
      const square = o.square ?? dice.roll(`${label}:area`, 6, { kind: 'public' })
      const effect = dice.roll(`${label}:effect`, 6, { kind: 'public' })
      const e = t.effects[String(effect) as '1']!
      if (!fort || !fs) {
        // §9 L845, ruling RC-87: a town's square holds buildings, not guns or a commander.
        const hit = mortarOnTown(state, sc, target.id, square, e, m.kind, pack)
        say(`hits ${target.name} in square ${square} (rolled ${roll}), effect ${effect}: ${hit.done}`, '§9 L853-879')
        lines.push(...hit.lines)
        continue
      }
      const done: string[] = []
      const fpv = e.fpv?.[m.kind] ?? 0
      if (fpv) {
        fs.fpv = Math.max(0, fs.fpv - fpv)
        const f = pack.tables.forts.silencedBelow
        if (!fs.silenced && fs.fpv * f.den < fs.fpvStart * f.num) fs.silenced = true
        done.push(`${fpv} FPV${fs.silenced ? ', silenced' : ''}`)
      }
      if (e.gunAndCpv) done.push(...gunAndCpv(fort, fs, square))
      if (e.commander && fort.commanderSquare === square && fs.commander.alive) {
        fs.commander.alive = false
        fs.mustTest = true
        done.push('the fort commander killed')
      }
      say(
        `hits ${fort.name} in square ${square} (rolled ${roll}), effect ${effect}: ${done.length ? done.join('; ') : 'no effect'}`,
        '§9 L853-867',
      )
    }
  }
  return lines
}

/**
 * §9 L857-861, L879: a gun and a CPV of the square hit, only if they stand there. Where the sheet
 * allots the crew to the squares (a random fort, L901) each goes if it is in the square; else the
 * CPV is the gun's crew and goes with it.
 */
function gunAndCpv(fort: Scenario['forts'][number], fs: FortState, square: number): string[] {
  const gun = fort.guns.find((g) => g.square === square && !fs.gunsLost?.includes(g.id))
  if (!fs.cpvSquares && !(gun && fs.cpv > 0)) return []
  if (gun) fs.gunsLost = [...(fs.gunsLost ?? []), gun.id]
  const crew = (fs.cpvSquares ? (fs.cpvSquares[square - 1] ?? 0) > 0 : true) && fs.cpv > 0
  if (crew) {
    if (fs.cpvSquares) fs.cpvSquares[square - 1]! -= 1
    fs.cpv--
    fs.lostThisMove++
  }
  if (gun) return [crew ? `gun ${gun.id} and a CPV destroyed` : `gun ${gun.id} destroyed`]
  return crew ? ['a CPV lost'] : []
}
