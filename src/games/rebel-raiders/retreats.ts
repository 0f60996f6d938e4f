// Where a defender may retreat (RB 10.36): from a station to its own port (New Orleans: the forts),
// for the Union to the station's coastal zone; from a river port or fort to a friendly one next to it
// (the Confederacy also to an ocean port up the river). A Confederate raider, and the Albemarle (#75)
// in its three zones, may besides leave a station for its coastal zone, where its player chooses.
import type { PhaseRun } from './phaseRun.ts'
import type { Side } from './setup.ts'
import type { RrPiece } from './state.ts'
import type { Unit } from './combat.ts'
import { spacesOf } from './cardPlaces.ts'

/** Where a defender's ships in `at` may retreat as a body (10.36), or null: the ship-by-ship spaces are `defenderRetreats`. */
function defenderRetreat(run: PhaseRun, at: string, side: Side): string | null {
  const here = run.space(at)
  const friendly = (id: string) => run.holder(id) === side
  if (here.kind === 'blockadeStation') {
    if (side === 'USA') return stationZone(run, at)
    return (
      run.pack.map.neighbours(at, ['port', 'river']).find((n) => friendly(n) && run.space(n).kind !== 'coastal') ?? null
    )
  }
  // A Confederate defender may also fall back to an ocean port up the river (10.36's last case; PB 22's
  // gunboat leaving Forts Jackson & St. Philip for New Orleans).
  const ports = side === 'CSA' ? ['riverPort', 'fort', 'oceanPort'] : ['riverPort', 'fort']
  if (here.kind === 'riverPort' || here.kind === 'fort')
    return run.pack.map.neighbours(at, ['river']).find((n) => friendly(n) && ports.includes(run.space(n).kind)) ?? null
  return null
}

const stationZone = (run: PhaseRun, at: string) =>
  run.pack.map.neighbours(at, ['sea']).find((n) => run.space(n).kind === 'coastal') ?? null

/** Whether the ship is the Albemarle (#75). */
const isAlbemarle = (run: PhaseRun, id: string) => run.s.named.some((n) => n.ship === id && n.card === 75)

/**
 * The spaces one defending ship in `at` may retreat to (10.36), the friendly port first: a raider in a
 * station may also put to sea, and so may the Albemarle into one of its three zones.
 */
export function defenderRetreats(run: PhaseRun, at: string, ship: RrPiece): string[] {
  const body = defenderRetreat(run, at, ship.side)
  if (ship.side === 'USA' || run.space(at).kind !== 'blockadeStation') return body ? [body] : []
  const seas =
    ship.type === 'raider'
      ? raiderRetreats(run, at).filter((n) => SEAS.has(run.space(n).kind))
      : isAlbemarle(run, ship.id)
        ? [stationZone(run, at)].filter((z): z is string => !!z && spacesOf(run.pack, 75).includes(z))
        : []
  return [...(body ? [body] : []), ...seas]
}

/**
 * Where a defending ship goes when its side retreats (10.36): its one space, or, for a raider or the
 * Albemarle with a choice, the first space of the Confederate's standing RETREAT order open to it, else
 * his answer to the question, by default the friendly port (ruling RR-D1).
 */
export function defenderRetreatTo(run: PhaseRun, at: string, ship: RrPiece): string | null {
  const legal = defenderRetreats(run, at, ship)
  if (legal.length < 2) return legal[0] ?? null
  const port = run.space(legal[0]!).kind !== 'coastal'
  return chooseRetreat(run, ship.id, at, legal, legal[0]!, port ? ', its own port' : '')
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
  const back = !!from && legal.includes(from)
  return chooseRetreat(run, raider, at, legal, back ? from : legal[0]!, back ? ', where it came from' : '')
}

/** The Confederate's choice among `legal`: his standing RETREAT order, else his answer, else `byDefault`. */
function chooseRetreat(
  run: PhaseRun,
  ship: string,
  at: string,
  legal: string[],
  byDefault: string,
  why: string,
): string {
  const standing = run.s.retreatTo?.[ship] ?? run.s.retreatTo?.ALL ?? []
  const chosen = standing.find((x) => legal.includes(x))
  if (chosen) return chosen
  return run.ask({
    decisionId: `retreat-${ship}-${at}-turn-${run.s.turn}-${run.s.phase}`,
    role: 'confederate',
    question: `${ship} breaks off the fight in ${run.name(at)}: where does it retreat (10.36)? It moves no further this turn.`,
    options: legal.map((x) => ({ id: x, label: run.name(x) })),
    defaultOption: byDefault,
    situation: [
      `${ship} is in ${run.name(at)}; it may retreat to ${legal.map((x) => run.name(x)).join(', ')}.`,
      `Without an answer it goes to ${run.name(byDefault)}${why}. A standing RETREAT ${ship} TO <space> answers this in advance.`,
    ],
  })
}

/**
 * The defenders that may not follow their side's retreat out of `at` (10.36), batteries with them when
 * any ship stays: ships with nowhere to go, and Union ironclads beyond the sloops to tow them into the
 * coastal zone (which stay is the Union's choice, `untowed`). Empty when the whole side may go.
 */
export function leftBehind(run: PhaseRun, at: string, defenders: Unit[]): string[] {
  const ships = defenders.filter((u) => u.type !== 'battery')
  const piece = (id: string) => run.s.pieces.find((p) => p.id === id)
  const stuck = ships.filter((u) => {
    const p = piece(u.id)
    return !p || !defenderRetreats(run, at, p).length
  })
  const towing = run.space(at).kind === 'blockadeStation' && ships.some((u) => u.side === 'USA')
  const behind = [...stuck.map((u) => u.id), ...(towing ? untowed(run, at, ships) : [])]
  return behind.length ? [...behind, ...defenders.filter((u) => u.type === 'battery').map((u) => u.id)] : []
}

/**
 * Union attackers that may not fall back to the sea zone they came from: a Union ironclad enters a sea
 * zone only towed by a sloop (the ship table, 7.6), so those beyond the sloops left fight on (10.36).
 */
export function attackersLeftBehind(run: PhaseRun, at: string, from: string, attackers: Unit[]): string[] {
  if (!SEAS.has(run.space(from).kind)) return []
  return untowed(run, at, attackers)
}

/**
 * 10.36: each Union ironclad retreating into a coastal zone needs a sloop to tow it. Which ironclads the
 * sloops take is the Union's choice: its standing `TOW <ironclad>[,...]` names them first, in its order;
 * when that does not settle it, a question, by default those named and then those listed first in the
 * stack (ruling RR-D1). Returns the ironclads left behind.
 */
function untowed(run: PhaseRun, at: string, ships: Unit[]): string[] {
  const ironclads = ships.filter((u) => u.side === 'USA' && u.type === 'ironclad').map((u) => u.id)
  const sloops = ships.filter((u) => u.side === 'USA' && u.type === 'sloop').length
  if (ironclads.length <= sloops) return []
  if (!sloops) return ironclads
  const named = (run.s.tow ?? []).filter((id) => ironclads.includes(id))
  const first = [...named, ...ironclads.filter((id) => !named.includes(id))]
  if (named.length >= sloops) return first.slice(sloops)
  const options = choose(
    ironclads.filter((id) => !named.includes(id)),
    sloops - named.length,
  ).map((more) => [...named, ...more])
  const byDefault = first.slice(0, sloops).join(',')
  const label = (towed: string[]) =>
    `tow ${towed.join(', ')}; ${ironclads.filter((id) => !towed.includes(id)).join(', ')} fight on`
  const answer = run.ask({
    decisionId: `tow-${at}-turn-${run.s.turn}-${run.s.phase}`,
    role: 'union',
    question: `Your ships retreat from ${run.name(at)} into the coastal zone with ${sloops} sloop(s) for ${ironclads.length} ironclads: which ironclads do the sloops tow out (10.36)? The others fight on.`,
    options: options.map((o) => ({ id: o.join(','), label: label(o) })),
    defaultOption: byDefault,
    situation: [
      `Without an answer the sloops tow ${byDefault.replaceAll(',', ', ')}. A standing TOW <ironclad>[,<ironclad>...] answers this in advance.`,
    ],
  })
  const towed = answer.split(',')
  return ironclads.filter((id) => !towed.includes(id))
}

/** Every way of taking `k` of `items`, in their order. */
function choose(items: string[], k: number): string[][] {
  if (k === 0) return [[]]
  if (items.length < k) return []
  const [head, ...rest] = items as [string, ...string[]]
  return [...choose(rest, k - 1).map((c) => [head, ...c]), ...choose(rest, k)]
}
