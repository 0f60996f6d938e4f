// Rebel Raiders' pieces and opening position as data (RB 4, the ship summary table): what each kind
// of piece is, and where the 1861 forces start. The position is plain JSON, checked against the map.
import { z } from 'zod'
import type { RebelMap } from './map.ts'

export const PIECE_TYPES = ['battery', 'gunboat', 'ironclad', 'raider', 'sloop', 'runner'] as const
export type PieceType = (typeof PIECE_TYPES)[number]
export type Side = 'CSA' | 'USA'

const pieceType = z
  .object({
    type: z.enum(PIECE_TYPES),
    code: z.string().regex(/^[A-Z]{2}$/),
    sides: z.array(z.enum(['CSA', 'USA'])).min(1),
    mp: z.number().int().min(0),
    combatDice: z.number().int().min(0),
    hitOn: z.array(z.number().int().min(1).max(6)),
    moves: z.boolean(),
    speedBonusAtSea: z.number().int().optional(),
    max: z.number().int().optional(),
    cargo: z.number().int().optional(),
    seas: z.object({
      coastal: z.union([z.boolean(), z.enum(['USA', 'USA-towed'])]),
      highSeas: z.boolean(),
      northOfVicksburg: z.boolean(),
    }),
    src: z.string().min(1),
  })
  .strict()

export const piecesSchema = z
  .object({
    id: z.string(),
    source: z.string(),
    types: z.array(pieceType),
    /** The cargo markers in the counter mix: loading needs a free one (9.3). */
    cargoMarkers: z.object({ one: z.number().int().min(0), two: z.number().int().min(0), src: z.string() }),
    stacking: z.object({
      batteriesPerSpace: z.number().int(),
      warshipsPerSidePerSpace: z.number().int(),
      runnersPerSpace: z.number().int(),
      commanderCarries: z.number().int(),
      src: z.string(),
    }),
    /** The fleet commanders each side may place on the map (6.2, 7.4). */
    commanders: z.object({ USA: z.array(z.string()), CSA: z.array(z.string()), src: z.string() }),
  })
  .strict()

const deckStart = z
  .object({
    inPlay: z.array(z.number().int()),
    discards: z.array(z.number().int()),
    heldAside: z.array(z.object({ card: z.number().int(), returnsAfterTurn: z.number().int() }).strict()).optional(),
    hand: z.array(z.number().int()),
    /** Cards drawn instead of `hand` with the open option C. */
    openDraw: z.number().int().min(0),
  })
  .strict()

export const setupSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    src: z.string(),
    turn: z.number().int().min(1),
    vp: z.number().int(),
    handSize: z.number().int().min(0),
    unionPawns: z.number().int().min(0),
    pieces: z.array(
      z
        .object({
          side: z.enum(['CSA', 'USA']),
          type: z.enum(PIECE_TYPES),
          at: z.array(z.string()),
          /** The commander these ships start with (PB 19.3). */
          commander: z.string().optional(),
          src: z.string(),
        })
        .strict(),
    ),
    /** A later start: the phase it opens with, the Union control markers, the Confederate pawn for next turn. */
    phase: z.enum(['csa-move', 'csa-build', 'union-move', 'union-build']).optional(),
    control: z.record(z.string(), z.enum(['CSA', 'USA'])).optional(),
    csaPawnsNext: z.number().int().min(0).optional(),
    /** Runners that start loaded on a die (PB 19.2). */
    cargoRoll: z
      .object({ loadedFrom: z.number().int().min(1).max(6), twoPoint: z.array(z.string()), src: z.string() })
      .strict()
      .optional(),
    /** #24 played at the start, and the targets its pawns are kept to with the historic cards (PB 19.42). */
    seaPawns: z
      .object({ historic: z.array(z.string()), src: z.string() })
      .strict()
      .optional(),
    /** The cards in play, discarded, held aside and in hand at the start (PB 19.5). */
    cards: z
      .object({
        USA: deckStart,
        CSA: deckStart,
        src: z.string(),
      })
      .strict()
      .optional(),
    /** The first turn's limits on some cards with the historic option A (PB 19.531-19.532). */
    optionA: z
      .object({
        withCommander: z.record(z.string(), z.array(z.number().int())),
        atSpaces: z.object({ cards: z.array(z.number().int()), spaces: z.array(z.string()) }).strict(),
        src: z.string(),
      })
      .strict()
      .optional(),
  })
  .strict()

export type Pieces = z.infer<typeof piecesSchema>
export type Setup = z.infer<typeof setupSchema>

/** One counter on the map: its id is the type's code and a number, unique across both sides (`GB-2`, `SL-5`). */
export interface Piece {
  id: string
  side: Side
  type: PieceType
  at: string
  /** A damaged ironclad (optional rule 18.25): one movement point, no part in combat. */
  damaged?: boolean
}

export interface Position {
  turn: number
  vp: number
  unionPawns: number
  pieces: Piece[]
}

/** The opening position of a set-up, each piece numbered in the order the set-up lists it; checked against the map and the piece table. */
export function openingPosition(
  setup: Setup,
  pieces: Pieces,
  map: RebelMap,
): Position & { commanders: Record<string, string[]> } {
  const counters: Piece[] = []
  const commanders: Record<string, string[]> = {}
  const numbers = new Map<string, number>()
  for (const group of setup.pieces) {
    const def = pieces.types.find((t) => t.type === group.type)
    if (!def) throw new Error(`${setup.id}: no piece type ${group.type}`)
    if (!def.sides.includes(group.side)) throw new Error(`${setup.id}: the ${group.side} has no ${group.type}s`)
    for (const at of group.at) {
      if (!map.has(at)) throw new Error(`${setup.id}: ${group.type} placed on unknown space ${at}`)
      // One numbering per type for both sides, so that an id names one counter (GB-1 to GB-3 grey, GB-4 blue).
      const n = (numbers.get(def.code) ?? 0) + 1
      numbers.set(def.code, n)
      counters.push({ id: `${def.code}-${n}`, side: group.side, type: group.type, at })
      if (group.commander) {
        if (!pieces.commanders[group.side].includes(group.commander))
          throw new Error(`${setup.id}: no ${group.side} commander ${group.commander}`)
        commanders[group.commander] = [...(commanders[group.commander] ?? []), `${def.code}-${n}`]
      }
    }
  }
  return { turn: setup.turn, vp: setup.vp, unionPawns: setup.unionPawns, pieces: counters, commanders }
}
