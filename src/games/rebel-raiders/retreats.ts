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

const SEAS = new Set(['coastal', 'highSeas', 'whaling'])

/** Where a raider caught at sea or in a station may retreat (10.36): any adjacent sea zone, and from a station a friendly port. */
export function raiderRetreats(run: PhaseRun, at: string): string[] {
  const here = run.space(at)
  return run.pack.map
    .neighbours(at, ['sea', 'port', 'river'])
    .filter(
      (n) =>
        SEAS.has(run.space(n).kind) ||
        (here.kind === 'blockadeStation' && run.space(n).kind !== 'neutralPort' && run.holder(n) === 'CSA'),
    )
}

/**
 * Where a raider breaking off goes (10.36: the Confederate player's choice): the first space of his
 * standing `RETREAT <raider|ALL> TO ...` order that it may reach; else his answer to the question,
 * whose default is the space it came from when that is open to it, else the first in the map's order.
 */
export function raiderRetreatTo(run: PhaseRun, raider: string, at: string, from: string | null): string | null {
  const legal = raiderRetreats(run, at)
  if (!legal.length) return null
  const standing = run.s.retreatTo?.[raider] ?? run.s.retreatTo?.ALL ?? []
  const chosen = standing.find((x) => legal.includes(x))
  if (chosen) return chosen
  const byDefault = from && legal.includes(from) ? from : legal[0]!
  return run.ask({
    decisionId: `retreat-${raider}-${at}-turn-${run.s.turn}-${run.s.phase}`,
    role: 'confederate',
    question: `${raider} breaks off the fight in ${run.name(at)}: where does it retreat (10.36)? It moves no further this turn.`,
    options: legal.map((x) => ({ id: x, label: run.name(x) })),
    defaultOption: byDefault,
    situation: [
      `${raider} is in ${run.name(at)}; it may retreat to ${legal.map((x) => run.name(x)).join(', ')}.`,
      `Without an answer it goes to ${run.name(byDefault)}${from === byDefault ? ', where it came from' : ''}. A standing RETREAT ${raider} TO <space> answers this in advance.`,
    ],
  })
}
