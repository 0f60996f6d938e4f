// The standard Union house player's cards (PB 23, in our own words), played where they help its
// assaults: the generals laid face up for the rest of the game (#8 Grant, #50 Sherman, #11 Sheridan),
// #34's extra assault each turn, a die more (#48 Siege Train over a land line), rerolls (#4, #5, #7)
// and a second try (#46) for the first assault of the mail, #6's push on from a won assault, and the
// supply-phase cards that cost the Confederacy points or give a 13th turn (#41, #36) as standing
// reactions. A card is played only in its years and phase, from the hand the Union's view shows.
import type { View } from '../contract.ts'
import { GOALS } from './houseAssaults.ts'
import type { Board } from './houseBoard.ts'
import type { RebelPack } from './pack.ts'
import { dateOf } from './state.ts'

/** The Union's reactions the house keeps standing: they act in the Confederate supply phase. */
export const UNION_REACTIONS = ['REACT 41', 'REACT 36']

/** The cards laid face up with no place named: each helps every later turn's assaults. */
const GENERALS = [34, 8, 50, 11]

/**
 * The Union cards the house uses, the most useful first; a hand over the limit (14.41) sheds the
 * others before these, and these from the end of the list.
 */
export const UNION_KEEPS = [34, 50, 11, 8, 46, 5, 7, 48, 4, 6, 36, 41]

/** The cards named at one assault's target, and the kind of line each needs. */
const AT_TARGET: { card: number; land?: boolean }[] = [
  { card: 48, land: true },
  { card: 5 },
  { card: 7 },
  { card: 4 },
  { card: 46 },
]

/** Whether the Union holds `card` and its years allow it now. */
function playable(pack: RebelPack, b: Board, card: number): boolean {
  const year = dateOf(b.turn).year
  const c = pack.cards.get(card)
  return !!c && b.hand.includes(card) && year >= c.years.from && year <= c.years.to
}

/** The assaults #34 adds this turn: one while it is face up, or laid now (the assault needs no pawn). */
export function lightningPlay(pack: RebelPack, b: Board, view: View): { lines: string[]; extra: number } {
  const inPlay = (view.cards as Record<string, { inPlay?: number[] }>).union?.inPlay ?? []
  if (inPlay.includes(34)) return { lines: [], extra: 1 }
  return playable(pack, b, 34) ? { lines: ['PLAY 34'], extra: 1 } : { lines: [], extra: 0 }
}

/** The generals laid face up now (in the Union build or move: #8, #50, #11; #34 waits for a move's start). */
export function generalPlays(pack: RebelPack, b: Board): string[] {
  return GENERALS.filter((c) => c !== 34 && playable(pack, b, c)).map((c) => `PLAY ${c}`)
}

/** The target and start of an assault line as the house writes it (`ASSAULT T FROM F ...`). */
function parts(line: string): { target: string; from: string } {
  const [, target, , from] = line.split(' ')
  return { target: target!, from: from! }
}

/**
 * The cards to play before `assaults` (the lines already chosen, best first): the generals, then the
 * cards named at one assault's target, then #6 at a Confederate space next to it, should it fall.
 */
export function assaultCards(pack: RebelPack, b: Board, assaults: string[]): string[] {
  const lines = generalPlays(pack, b)
  if (!assaults.length) return lines
  // The cards go to the first line on a victory city that starts from a space held now, else the first line.
  const held = (id: string) => (b.control[id] ?? pack.map.space(id).side) === 'USA'
  const key = assaults.map(parts).find((a) => GOALS.includes(a.target) && held(a.from))
  const first = key ?? parts(assaults[0]!)
  const land = pack.map.between(first.from, first.target).includes('land')
  for (const { card, land: needsLand } of AT_TARGET)
    if (playable(pack, b, card) && (!needsLand || land)) lines.push(`PLAY ${card} AT ${first.target}`)
  if (playable(pack, b, 6)) {
    const next = pack.map
      .neighbours(first.target, ['land', 'river', 'river-noships'])
      .find((n) => pack.map.space(n).side === 'CSA' && b.control[n] !== 'USA' && n !== first.target)
    if (next && ['oceanPort', 'riverPort', 'fort', 'inlandCity'].includes(pack.map.space(next).kind))
      lines.push(`PLAY 6 AT ${next}`)
  }
  return lines
}
