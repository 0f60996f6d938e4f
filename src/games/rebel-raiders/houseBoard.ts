// What Rebel Raiders' house player reads: its side's view (index.ts `view`) turned back into the board
// the game's own move and build checks take, with the map and piece table every player has (the data
// pack). The view carries the turn and phase by name, the points, the cities lost, the places the Union
// holds, every piece on the map (public, RB 3) and the cards as that side sees them; nothing else.
import type { View } from '../contract.ts'
import type { BuildContext } from './buildTypes.ts'
import type { MoveContext } from './movement.ts'
import type { RebelPack } from './pack.ts'
import type { Side } from './setup.ts'
import { dateOf, type Phase, PHASES, phaseName, type RrPiece, turnName } from './state.ts'

/** The board as one side's view shows it. */
export interface Board {
  side: Side
  turn: number
  phase: Phase
  vp: number
  citiesLost: number
  pieces: RrPiece[]
  control: Record<string, Side>
  /** The side's own hand (card numbers), as its view shows it to it alone. */
  hand: number[]
  /** The Confederate cards face up in play (public, 17.2). */
  csaInPlay: number[]
}

/** The view's `turnName`, back to the turn number (turn 13 is April 1865, 16.13). */
function turnNumber(name: string): number {
  for (let t = 1; t <= 13; t++) if (turnName(t) === name) return t
  throw new Error(`no turn is called ${name}`)
}

/** A piece line of the view (`CSA RD-1 BAHA cargo 2`), its type read from the counter code. */
function pieceOf(pack: RebelPack, line: string): RrPiece {
  const [side, id, at, , cargo] = line.split(' ') as [Side, string, string, string?, string?]
  const code = id.split('-')[0]
  const type = pack.pieces.types.find((t) => t.code === code)?.type
  if (!type) throw new Error(`unknown counter ${id}`)
  return { id, side, type, at, ...(cargo !== undefined ? { cargo: Number(cargo) } : {}) }
}

export function boardOf(pack: RebelPack, view: View, role: string): Board {
  const side: Side = role === 'confederate' ? 'CSA' : 'USA'
  const phase = PHASES.find((p) => phaseName(p) === view.phase)
  if (!phase) throw new Error(`no phase is called ${String(view.phase)}`)
  const cards = view.cards as Record<string, { hand: number[] | null; inPlay: number[] }>
  return {
    side,
    turn: turnNumber(view.turn as string),
    phase,
    vp: view.confederatePoints as number,
    citiesLost: view.citiesLost as number,
    pieces: (view.pieces as string[]).map((l) => pieceOf(pack, l)),
    control: Object.fromEntries((view.unionHolds as string[]).map((id) => [id, 'USA' as Side])),
    hand: cards[role]?.hand ?? [],
    csaInPlay: cards.confederate?.inPlay ?? [],
  }
}

/**
 * The move check's context from the board: #62 face up closes the European seas to the Union, as
 * `closedSeas` has it. The storms of this turn (#49, #92) and the cargo markers lying in ports are not
 * in the view, so a move they would bar may still be refused at receipt; the cards that only add to
 * a move (#44, #52, #75) the house does not use.
 */
export function moveContextOf(pack: RebelPack, b: Board): MoveContext {
  const royalNavy = b.csaInPlay.includes(62)
  return {
    map: pack.map,
    pieces: pack.pieces,
    position: { turn: b.turn, vp: b.vp, unionPawns: 0, pieces: b.pieces },
    control: b.control,
    ...(royalNavy
      ? {
          closed: [
            {
              side: 'USA' as Side,
              spaces: (pack.cards.get(62)?.spaces ?? []).slice(0, 2),
              why: 'the Royal Navy closes the European seas (#62)',
            },
          ],
        }
      : {}),
  }
}

/** The build check's context from the board (no card effects: the view does not say which are due). */
export function buildContextOf(pack: RebelPack, b: Board): BuildContext {
  return {
    map: pack.map,
    control: b.control,
    turn: b.turn,
    year: dateOf(b.turn).year,
    vp: b.vp,
    citiesLost: b.citiesLost,
    razed: new Set(),
    specialPoints: 0,
    ironcladsPlaced: [],
  }
}
