// The Orders Phase (Rule Book p.23-25): each crewman gets Steering, Mechanical on a mechanism,
// Repair (a mechanism or Leak Control) or nothing; the skill and the place must fit.
import { adjacentSpaces, type Boat, hatchSpaces, type Order, personaOf } from './boat.ts'
import type { PartKind } from './fishboatPack.ts'
import type { ImPack } from './pack.ts'

const near = (a: number, b: number) => a === b || adjacentSpaces(a, b)

/** Why each order cannot be given (empty when all can). Orders by persona id; absent = none. */
export function orderErrors(
  pack: ImPack,
  boat: Boat,
  orders: Record<string, Order | undefined>,
  extraSkills: Record<string, string[]> = {},
): string[] {
  const errors: string[] = []
  const skillsOf = (id: string) => {
    const c = boat.crew.find((x) => x.id === id)
    const persona = c && personaOf(pack, c)
    const extra = extraSkills[id] ?? []
    // Teamwork is the Repair skill and more (p.25).
    const teamwork = !!persona?.teamwork || extra.includes('teamwork')
    return { teamwork, skills: [...(persona?.skills ?? []), ...extra, ...(teamwork ? ['repair'] : [])] as string[] }
  }
  const steer = Object.entries(orders).filter(([, o]) => o?.kind === 'steer')
  if (steer.length > 1) errors.push('only one crewman may steer')
  // A "must steer" man is the only one who may steer (p.24).
  const must = boat.crew.filter((c) => personaOf(pack, c).mustSteer).map((c) => c.id)
  if (must.length && steer.some(([id]) => !must.includes(id))) errors.push(`only ${must.join(', ')} may steer`)
  // One repairman a mechanism, unless one of them has Teamwork (p.31).
  const repairs = Object.entries(orders).filter(([, o]) => o?.kind === 'repair')
  for (const [id, o] of repairs) {
    const same = repairs.filter(([, x]) => x!.kind === 'repair' && o!.kind === 'repair' && x!.target === o!.target)
    if (same.length > 1 && same[0]![0] === id && !same.some(([who]) => skillsOf(who).teamwork))
      errors.push(`only one repairman on the ${(o as { target: string }).target} without Teamwork`)
  }
  for (const [id, order] of Object.entries(orders)) {
    if (!order) continue
    const c = boat.crew.find((x) => x.id === id)
    if (!c) {
      errors.push(`${id} is not aboard`)
      continue
    }
    const p = { name: personaOf(pack, c).name, skills: skillsOf(id).skills }
    const spaceOf = (kind: PartKind) => boat.parts.filter((x) => x.kind === kind).map((x) => x.space)
    const reaches = (kind: PartKind) => spaceOf(kind).some((s) => near(s, c.space))
    if (c.panic) errors.push(`${p.name} is panicked and takes no order`)
    else if (order.kind === 'steer') {
      if (!p.skills.includes('steering')) errors.push(`${p.name} cannot steer`)
      else if (!reaches('steeringLink')) errors.push(`${p.name} is not in or next to the Steering Link`)
      else if (hatchSpaces(boat).length && !reaches('hatch')) errors.push(`${p.name} is not in or next to a Hatch`)
    } else if (order.kind === 'mech') {
      if (!p.skills.includes('mechanical')) errors.push(`${p.name} has no mechanical skill`)
      else if (!reaches(order.mechanism)) errors.push(`${p.name} is not in or next to a ${order.mechanism}`)
    } else if (!p.skills.includes('repair')) errors.push(`${p.name} has no repair skill`)
    else if (order.kind === 'repair' && !reaches(order.target))
      errors.push(`${p.name} is not in or next to a ${order.target}`)
  }
  return errors
}

/** Gives the orders for the turn: each lasts the whole mission turn (p.23). */
export function giveOrders(
  pack: ImPack,
  boat: Boat,
  orders: Record<string, Order | undefined>,
  extraSkills: Record<string, string[]> = {},
): Boat {
  const errors = orderErrors(pack, boat, orders, extraSkills)
  if (errors.length) throw new Error(errors.join('; '))
  return { ...boat, crew: boat.crew.map((c) => ({ ...c, order: orders[c.id] })) }
}

export const clearOrders = (boat: Boat): Boat => ({ ...boat, crew: boat.crew.map((c) => ({ ...c, order: undefined })) })
