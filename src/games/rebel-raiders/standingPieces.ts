// Who a standing combat order may name (AIM 10.32, SHIELD 10.21, RETREAT 10.36), checked on receipt
// as the resolution will read it. A counter on the map, or held off it by a card, is known by side
// and type. Numbers run on as pieces are built (one numbering a type for both sides), so an id no
// counter has carried yet may be built before the order applies: it is taken when its type could be
// the player's, with a warning. An id whose counter has left the game never comes back.
import type { RebelPack } from './pack.ts'
import type { PieceType, Side } from './setup.ts'
import type { RrState } from './state.ts'

export interface NamedPiece {
  id: string
  type: PieceType
  /** null: not built yet, and either side may build that type. */
  side: Side | null
  later: boolean
}

/** `a gunboat`, `an ironclad`. */
export const article = (w: string) => (/^[aeiou]/i.test(w) ? `an ${w}` : `a ${w}`)

const sideName = (side: Side) => (side === 'CSA' ? 'Confederate' : 'Union')

/** The piece `id` names, or why it names none. */
export function namedPiece(s: RrState, pack: RebelPack, id: string): NamedPiece | string {
  const codes = pack.pieces.types.map((t) => t.code)
  const m = /^([A-Z]{2})-([1-9]\d*)$/.exec(id)
  const def = m ? pack.pieces.types.find((t) => t.code === m[1]) : undefined
  if (!m || !def)
    return `${id} names no piece: a piece is its type's code and a number (${codes.join(', ')}), e.g. GB-2`
  const p = s.pieces.find((x) => x.id === id)
  if (p) return { id, type: p.type, side: p.side, later: false }
  const held = s.cardShips?.find((h) => h.id === id)
  if (held) return { id, type: held.type, side: 'USA', later: false }
  if (Number(m[2]) <= (s.counters[m[1]!] ?? 0)) return `${id} is no longer in play`
  return { id, type: def.type, side: def.sides.length === 1 ? (def.sides[0] as Side) : null, later: true }
}

/** The side's pieces of these types on the map, for a refusal to name. */
export function yours(s: RrState, side: Side, types: readonly string[]): string {
  const ids = s.pieces.filter((p) => p.side === side && types.includes(p.type)).map((p) => p.id)
  return ids.length ? ids.join(', ') : `none in play`
}

/** Why `n` may not stand for the side's own piece of one of `types`, or undefined. */
export function notOwn(n: NamedPiece, side: Side, types: readonly string[], pack: RebelPack): string | undefined {
  const could = n.side ?? (pack.pieces.types.find((t) => t.type === n.type)?.sides.includes(side) ? side : null)
  if (could !== side)
    return `${n.id} is ${n.later ? 'to be ' : ''}a ${sideName(n.side ?? otherSide(side))} ${n.type}, not yours`
  if (!types.includes(n.type)) return `${n.id} is ${article(n.type)}`
  return undefined
}

/** Why `n` may not be an enemy of the side's, or undefined. */
export function notEnemy(n: NamedPiece, side: Side, types: readonly string[]): string | undefined {
  if (n.side === side) return `${n.id} is your own ${n.type}`
  if (!types.includes(n.type)) return `${n.id} is ${article(n.type)}`
  return undefined
}

export const otherSide = (side: Side): Side => (side === 'CSA' ? 'USA' : 'CSA')

/** The warning an id not yet in play earns: the order waits for it. */
export const later = (n: NamedPiece) =>
  `${n.id} is not in play yet: the order applies once a piece of yours is built with that number`
