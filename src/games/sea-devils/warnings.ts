// Warnings a player needs before he loses a ship or its raids: the refit period running out
// (11.3), shown on the order form, in the acknowledgement and in the report; and the Federal ships
// his orders leave on the map undeployed (10.44), on the order form and in the acknowledgement.
import { isFree, typeClass, type Ctx, type SdState } from './state.ts'

/**
 * 11.3 (ruling R11): the warning for `shipId` as seen in game turn `turn` (its counter as it stands
 * at that turn's start), a turn before its last turn at sea and on that last turn; null otherwise.
 */
export function refitWarning(state: SdState, ctx: Ctx, shipId: string, turn = state.turn): string | null {
  const s = state.csa[shipId]
  const period = ctx.ship(shipId).refitPeriod
  if (!s || s.status !== 'map' || period === undefined || turn > state.lastTurn) return null
  const vp = ctx.pack.victoryPoints[s.port === null ? 'sunk' : 'interned'][typeClass(ctx.ship(shipId).type)] ?? 0
  const lost = `or it is lost: ${vp} VP to the Federal (11.3)`
  if (s.turnsAtSea >= period) return `${shipId} must refit in GT${turn}, lying the whole turn in a refit port, ${lost}`
  if (s.turnsAtSea === period - 1) return `${shipId} must be in a refit port by the end of GT${turn} ${lost}`
  if (s.turnsAtSea === period - 2 && turn + 1 <= state.lastTurn)
    return `${shipId} must be in a refit port by the end of GT${turn + 1} ${lost}`
  return null
}

/**
 * 10.44: the Federal ships on the map that leave it for the Available Pool unless deployed this
 * turn (those in `deployed` are), with their areas; ships that cost nothing to keep (11.2, 11.22,
 * the CSE squadron) stay. Empty outside a turn whose deployment is still open.
 */
export function idleFederals(state: SdState, ctx: Ctx, deployed: ReadonlySet<string> = new Set()): string[] {
  if (state.stage !== 'federal-orders') return []
  return Object.values(state.usa)
    .filter((u) => u.loc === 'map' && !isFree(ctx, u) && !deployed.has(u.id))
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((u) => `${u.id} (${u.area})`)
}
