// Order clauses for fire ships, explosive ships and their tows (rulebook §9 L539-559, digest §4.2
// verbs RELEASE / IGNITE / DETONATE, rulings RC-67, RC-68, RC-70): IGNITE and DETONATE go on the
// fire or explosive ship's own line, RELEASE on the line of the ship towing her.
import type { ClauseCheck } from './helmClauses.ts'
import type { OrderContext, ShipForOrders } from './orderTypes.ts'
import { fault } from './orderWords.ts'

const towOf = (s: ShipForOrders, ctx: OrderContext) => ctx.own.find((o) => o.towing === s.id)

const ignite: ClauseCheck = (s, _ctx, order, _args, said) => {
  if (s.role !== 'fireShip')
    fault(
      `IGNITE: ${s.name} is not a fire ship (§9 L539)`,
      s.role === 'explosiveShip' ? 'an explosive ship is set off with DETONATE' : undefined,
    )
  if (s.alight) fault(`IGNITE: ${s.name} is alight already and burns to the end (ruling RC-68)`)
  order.ignite = true
  said.push({ form: 'IGNITE', args: {} })
}

const detonate: ClauseCheck = (s, _ctx, order, _args, said) => {
  if (s.role !== 'explosiveShip')
    fault(
      `DETONATE: ${s.name} is not an explosive ship (§9 L555)`,
      s.role === 'fireShip' ? 'a fire ship is lit with IGNITE' : undefined,
    )
  order.detonate = true
  said.push({ form: 'DETONATE', args: {} })
}

const release: ClauseCheck = (s, ctx, order, _args, said) => {
  // Ruling RC-67: the hawser is the tow's, so is the order; the fire ship's own line is pointed to it.
  const tow = towOf(s, ctx)
  if (s.role === 'fireShip' || s.role === 'explosiveShip')
    fault(
      `RELEASE: the ship towing ${s.name} lets her go (ruling RC-67)`,
      tow ? `write it on ${tow.id}'s line: ${tow.id}: RELEASE` : `${s.name} is not in tow: she drifts already`,
    )
  if (!s.towing) fault(`RELEASE: ${s.name} has nothing in tow (ruling RC-67)`)
  const towed = ctx.own.find((o) => o.id === s.towing)
  if (towed?.role !== 'fireShip' && towed?.role !== 'explosiveShip')
    fault(`RELEASE: ${s.towing} is neither a fire ship nor an explosive ship (§9 L541)`, 'CAST OFF')
  order.release = true
  order.castOff = true
  said.push({ form: 'RELEASE', args: {} })
}

export const FIRE_SHIP_CLAUSES: Record<string, ClauseCheck> = { RELEASE: release, IGNITE: ignite, DETONATE: detonate }

/** The order form's reminder for a fire or explosive ship, or for a ship towing one. */
export function fireShipNote(s: ShipForOrders): string | undefined {
  if (s.role === 'fireShip')
    return s.alight
      ? `# fire ship, alight: she sets fire to the ships she touches (§9 L547-549)`
      : `# fire ship: drifts with the current or goes in tow; IGNITE lights her on 4-6 (§9 L541-543)`
  if (s.role === 'explosiveShip')
    return `# explosive ship: drifts or goes in tow; DETONATE sets her off on a 6, sinking every ship touching her (§9 L555-559)`
  if (s.towing) return `# towing ${s.towing}: RELEASE lets a fire or explosive ship go adrift, CAST OFF any other tow`
  return undefined
}
