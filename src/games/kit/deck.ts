// Decks of cards or counters for any game: shuffles and draws from the verifiable dice, so every
// order the cards came in can be recomputed once its secret is revealed. With
// an audience that is not public the rolls are hidden draws: nobody else learns the order, not
// even how many rolls were made. Pure: each call returns a new deck.
import type { Audience, Dice } from '../contract.ts'

export interface Deck<T> {
  /** Face down; the next card drawn is the first. */
  readonly drawPile: readonly T[]
  readonly discards: readonly T[]
  /** How often the discards have gone back under the draw pile (it numbers the reshuffles' rolls). */
  readonly reshuffles: number
}

/**
 * A shuffle (Fisher-Yates from the last place down): the card in place i swaps with one of places
 * 0..i, chosen by a die of i + 1 sides labelled `<label> <i>`.
 */
export function shuffled<T>(items: readonly T[], dice: Dice, label: string, audience: Audience): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = dice.roll(`${label} ${i}`, i + 1, audience) - 1
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

/** A fresh deck, shuffled; its rolls are labelled `<label> shuffle <i>`. */
export function newDeck<T>(cards: readonly T[], dice: Dice, label: string, audience: Audience): Deck<T> {
  return { drawPile: shuffled(cards, dice, `${label} shuffle`, audience), discards: [], reshuffles: 0 }
}

export interface Drawn<T> {
  deck: Deck<T>
  cards: T[]
  /** The discards were shuffled into a new draw pile along the way. */
  reshuffled: boolean
  /** Cards asked for that neither pile could give. */
  short: number
}

/**
 * Draws `count` cards from the top. When the draw pile runs out and `reshuffle` allows it, the
 * discards are shuffled (rolls labelled `<label> reshuffle <n> <i>`) to make a new pile and the draw
 * goes on; otherwise the draw stops short and says by how many.
 */
export function draw<T>(
  deck: Deck<T>,
  count: number,
  dice: Dice,
  label: string,
  audience: Audience,
  opts: { reshuffle: boolean } = { reshuffle: true },
): Drawn<T> {
  let pile = [...deck.drawPile]
  let discards = [...deck.discards]
  let reshuffles = deck.reshuffles
  let reshuffled = false
  const cards: T[] = []
  while (cards.length < count) {
    if (pile.length === 0) {
      if (!opts.reshuffle || discards.length === 0) break
      reshuffles++
      pile = shuffled(discards, dice, `${label} reshuffle ${reshuffles}`, audience)
      discards = []
      reshuffled = true
    }
    cards.push(pile.shift()!)
  }
  return { deck: { drawPile: pile, discards, reshuffles }, cards, reshuffled, short: count - cards.length }
}

/** Puts cards face up on the discard pile. */
export function discard<T>(deck: Deck<T>, cards: readonly T[]): Deck<T> {
  return { ...deck, discards: [...deck.discards, ...cards] }
}

/** Takes one named card out of the game (or out of a pile into a hand): from the discards first, then the draw pile. */
export function removeCard<T>(deck: Deck<T>, card: T): Deck<T> {
  const inDiscards = deck.discards.indexOf(card)
  if (inDiscards >= 0) return { ...deck, discards: deck.discards.filter((_, i) => i !== inDiscards) }
  const inPile = deck.drawPile.indexOf(card)
  if (inPile >= 0) return { ...deck, drawPile: deck.drawPile.filter((_, i) => i !== inPile) }
  return deck
}
