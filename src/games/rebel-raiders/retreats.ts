// Where a defender may retreat (RB 10.36): from a station to its own port (New Orleans: the forts),
// for the Union to the station's coastal zone; from a river port or fort to a friendly one next to it
// (the Confederacy also to an ocean port up the river). A Confederate raider, and the Albemarle (#75)
// in its three zones, may besides leave a station for its coastal zone; the judge sends them there
// when no friendly port is open (ruling RR-C5).
import type { PhaseRun } from './phaseRun.ts'
import type { Side } from './setup.ts'
import { spacesOf } from './cardPlaces.ts'

/** Where a defender in `at` may retreat (10.36), or null. */
export function defenderRetreat(run: PhaseRun, at: string, side: Side): string | null {
  const here = run.space(at)
  const friendly = (id: string) => run.holder(id) === side
  if (here.kind === 'blockadeStation') {
    const coastal = run.pack.map.neighbours(at, ['sea']).find((n) => run.space(n).kind === 'coastal') ?? null
    if (side === 'USA') return coastal
    const port = run.pack.map
      .neighbours(at, ['port', 'river'])
      .find((n) => friendly(n) && run.space(n).kind !== 'coastal')
    return port ?? (coastal && allMayPutToSea(run, at, coastal) ? coastal : null)
  }
  // A Confederate defender may also fall back to an ocean port up the river (10.36's last case; PB 22's
  // gunboat leaving Forts Jackson & St. Philip for New Orleans).
  const ports = side === 'CSA' ? ['riverPort', 'fort', 'oceanPort'] : ['riverPort', 'fort']
  if (here.kind === 'riverPort' || here.kind === 'fort')
    return run.pack.map.neighbours(at, ['river']).find((n) => friendly(n) && ports.includes(run.space(n).kind)) ?? null
  return null
}

/** 10.36: every Confederate warship in the station is a raider, or the Albemarle with `zone` among its own. */
function allMayPutToSea(run: PhaseRun, at: string, zone: string): boolean {
  const ships = run.piecesAt(at, 'CSA', ['gunboat', 'ironclad', 'raider'])
  const albemarle = (id: string) => run.s.named.some((n) => n.ship === id && n.card === 75)
  return (
    ships.length > 0 &&
    ships.every((p) => p.type === 'raider' || (albemarle(p.id) && spacesOf(run.pack, 75).includes(zone)))
  )
}
