// What the order parser is told about a side's ships at the start of a move, from the state.
import type { OrderContext } from './orderTypes.ts'
import type { RiverPack } from './pack.ts'
import { isAfloat, maxSpeedNow, type ShipState } from './ship.ts'

export function orderContext(
  side: string,
  move: number,
  ships: ShipState[],
  forts: { id: string; name: string; side: string }[],
  pack: RiverPack,
  places: Record<string, string> = {},
  /** Stubborn ships the flagship cannot signal, with the flagship's name. */
  locked: Record<string, string> = {},
): OrderContext {
  const t = pack.tables
  const units: OrderContext['units'] = {}
  for (const s of ships) units[s.id] = { name: s.name, side: s.side }
  for (const f of forts) units[f.id] = { name: f.name, side: f.side }
  return {
    side,
    move,
    own: ships
      .filter((s) => s.side === side && isAfloat(s))
      .map((s) => {
        const c = pack.classes[s.classKey]!
        return {
          id: s.id,
          name: s.name,
          speed: s.speed,
          maxSpeed: maxSpeedNow(s, c.maxSpeed, move),
          doubleEnder: c.doubleEnder,
          turningRadius: c.turningRadius,
          guns: c.guns,
          turrets: c.turrets.map((tu) => ({ id: tu.id, facing: s.turrets[tu.id]!.facing, forbidden: tu.forbidden })),
          ramFitted: c.ramFitted && !s.ramLost,
          anchored: s.anchored,
          sparReady: s.spar === 'fitted',
          spare: s.crew.spare,
          ...(locked[s.id] ? { lockedBy: locked[s.id] } : {}),
        }
      }),
    units,
    places,
    reverse: t.movement.reverseFractionOfMax,
    maxSpeedChange: t.movement.maxSpeedChange,
    turretStepsPerInch: t.arcs.turretStepsPerInch,
    boardingParties: t.boarding.partiesPerMove,
  }
}
