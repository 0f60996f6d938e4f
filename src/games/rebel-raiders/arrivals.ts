// Pieces built for a later turn take their places at the start of their side's build (14.22, 15.22,
// 15.43). A Union piece comes where it was built. A Confederate ironclad goes to any Confederate port
// the Confederate player names, one new ironclad a port a turn: `PLACE IRONCLAD AT <port>` written
// with his build orders, one line an ironclad, in the order they arrive. An ironclad he places no
// line for goes to the first port in the map's order that has none yet (the stated default). No
// other ship is built this phase where an ironclad is placed (14.24, 15.42): the placements are
// marked for the turn, and a build order is checked against them on receipt and at resolution.
import type { Parsed } from '../contract.ts'
import type { ScriptLine } from '../../orders/script.ts'
import { written } from './orderGrammar.ts'
import { noted, type RrCommand } from './orderTypes.ts'
import type { RebelPack } from './pack.ts'
import type { Side } from './setup.ts'
import type { RrState } from './state.ts'

type Arriving = RrState['arriving'][number]

/** The Confederate ports a new ironclad may be placed in now (14.22), in the map's order. */
export function ironcladPorts(state: RrState, pack: RebelPack): string[] {
  return pack.map.spaces
    .filter((s) => (s.kind === 'oceanPort' || s.kind === 'riverPort') && (state.control[s.id] ?? s.side) === 'CSA')
    .map((s) => s.id)
}

/** The pieces of `side` due to take their places this turn. */
export function dueNow(state: RrState, side: Side): Arriving[] {
  return state.arriving.filter((a) => a.side === side && a.turn <= state.turn)
}

/**
 * Where each piece due now is placed: a Union piece where it was built; a Confederate ironclad in
 * the next port `chosen` names, else the first port left (null when none is left: it is lost).
 */
export function placeArrivals(
  state: RrState,
  pack: RebelPack,
  side: Side,
  chosen: readonly string[] = [],
): { piece: Arriving; at: string | null; chosen: boolean }[] {
  const ports = ironcladPorts(state, pack)
  const used = new Set<string>()
  const wanted = [...chosen]
  return dueNow(state, side).map((piece) => {
    if (piece.at) return { piece, at: piece.at, chosen: false }
    const named = wanted.shift()
    if (named && ports.includes(named) && !used.has(named)) {
      used.add(named)
      return { piece, at: named, chosen: true }
    }
    const at = ports.find((p) => !used.has(p) && !wanted.includes(p)) ?? null
    if (at) used.add(at)
    return { piece, at, chosen: false }
  })
}

/** Why a PLACE line cannot be taken, with the ports that can, or null (14.22). */
export function placeProblem(
  state: RrState,
  pack: RebelPack,
  side: Side,
  at: string,
  earlier: readonly string[],
): string | null {
  if (side !== 'CSA')
    return 'only the Confederate player places his arriving ironclads; Union pieces come where they were built (15.43)'
  const due = dueNow(state, 'CSA').filter((a) => !a.at).length
  if (!due) return 'no Confederate ironclad arrives this turn (14.22)'
  if (earlier.length >= due) return `only ${due} ironclad${due > 1 ? 's arrive' : ' arrives'} this turn (14.22)`
  const ports = ironcladPorts(state, pack).filter((p) => !earlier.includes(p))
  if (earlier.includes(at))
    return `one new ironclad a port a turn: ${at} already has one; choose one of ${ports.join(', ')} (14.22)`
  if (!ports.includes(at)) return `${at} is not a Confederate port: choose one of ${ports.join(', ')} (14.22)`
  return null
}

const MARK = 'ironclad-placed:'

/** Marks the turn's placement of an ironclad of `side` in `at` (read back by the build checks). */
export function markPlaced(state: RrState, side: Side, at: string): void {
  state.thisTurn.push(`${MARK}${side}:${at}`)
}

/** Where ironclads of `side` are (or, before its build is resolved, will be) placed this turn. */
export function ironcladsPlaced(state: RrState, pack: RebelPack, side: Side, chosen: readonly string[] = []): string[] {
  const marked = state.thisTurn.filter((t) => t.startsWith(`${MARK}${side}:`)).map((t) => t.split(':')[2]!)
  const coming = placeArrivals(state, pack, side, chosen)
    .filter((a) => a.piece.type === 'ironclad' && a.at)
    .map((a) => a.at!)
  return [...marked, ...coming]
}

/** Reads a `PLACE IRONCLAD AT <port>` line of the Confederate build into its command, or says why not. */
export function readPlaceLine(
  state: RrState,
  pack: RebelPack,
  side: Side,
  l: ScriptLine,
  at: string,
  placements: string[],
  out: Parsed<RrCommand>,
  err: (line: number, text: string, message: string) => unknown,
): void {
  if (state.phase !== 'csa-build') {
    err(l.line, l.text, 'PLACE belongs to the Confederate build phase, when new ironclads arrive (14.22)')
    return
  }
  const problem = placeProblem(state, pack, side, at, placements)
  if (problem) {
    err(l.line, l.text, problem)
    return
  }
  placements.push(at)
  out.commands.push({ kind: 'place', line: l.line, at })
  out.normalised.push(noted(written('place', { at }), '14.22'))
}
