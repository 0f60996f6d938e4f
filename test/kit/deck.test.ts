// The kit's decks: shuffles and draws made from the verifiable dice, hidden when a side may not see them.
import { describe, expect, it } from 'vitest'
import { MODERATOR, PUBLIC } from '../../src/games/contract.ts'
import { discard, draw, newDeck, removeCard, shuffled } from '../../src/games/kit/deck.ts'
import { LabelledDice } from '../helpers/spec.ts'
import { RecordingDice } from '../../src/engine/dice.ts'

const cards = ['a', 'b', 'c', 'd', 'e']

describe('kit decks', () => {
  it('shuffles by Fisher-Yates: place i swaps with the place a die of i + 1 sides names', () => {
    // i=4, d5=1: swap with place 0 -> e b c d a; i=3, d4=4: stays; i=2, d3=2: -> e c b d a; i=1, d2=1: -> c e b d a
    const dice = new LabelledDice(
      [
        { label: 'deck 4', values: 1 },
        { label: 'deck 3', values: 4 },
        { label: 'deck 2', values: 2 },
        { label: 'deck 1', values: 1 },
      ],
      'strict',
    )
    expect(shuffled(cards, dice, 'deck', PUBLIC)).toEqual(['c', 'e', 'b', 'd', 'a'])
    expect(dice.rolls.map((r) => [r.label, r.sides])).toEqual([
      ['deck 4', 5],
      ['deck 3', 4],
      ['deck 2', 3],
      ['deck 1', 2],
    ])
    expect(cards).toEqual(['a', 'b', 'c', 'd', 'e'])
  })

  it("a face-down shuffle is made of hidden draws: the point's published dice show none of it", () => {
    const dice = new RecordingDice('11'.repeat(32), 'g', 1, '', '22'.repeat(32))
    const deck = newDeck(cards, dice, 'cards', MODERATOR)
    expect(deck.drawPile).toHaveLength(5)
    expect([...deck.drawPile].sort()).toEqual(cards)
    expect(dice.rolls).toHaveLength(0)
    expect(dice.hiddenRolls.map((r) => r.label)).toEqual([
      'cards shuffle 4',
      'cards shuffle 3',
      'cards shuffle 2',
      'cards shuffle 1',
    ])
    // The same secrets give the same order: the shuffle can be checked once its secret is revealed.
    const again = newDeck(cards, new RecordingDice('11'.repeat(32), 'g', 1, '', '22'.repeat(32)), 'cards', MODERATOR)
    expect(again.drawPile).toEqual(deck.drawPile)
  })

  it('draws from the top, reshuffles the discards when the pile runs out, and numbers each reshuffle', () => {
    const dice = new LabelledDice([], new RecordingDice('33'.repeat(32), 'g', 1, ''))
    let deck = newDeck(cards, dice, 'cards', PUBLIC)
    const top = deck.drawPile.slice(0, 3)
    const first = draw(deck, 3, dice, 'cards', PUBLIC)
    expect(first.cards).toEqual(top)
    expect(first.reshuffled).toBe(false)
    deck = discard(first.deck, first.cards)
    const second = draw(deck, 4, dice, 'cards', PUBLIC)
    expect(second.reshuffled).toBe(true)
    expect(second.cards).toHaveLength(4)
    expect(second.short).toBe(0)
    expect(second.deck.reshuffles).toBe(1)
    // the two left on the pile come first, then three from the reshuffled discards
    expect(second.cards.slice(0, 2)).toEqual(deck.drawPile)
    expect([...second.cards, ...second.deck.drawPile].sort()).toEqual(cards)
    expect(second.deck.discards).toEqual([])
    expect(dice.rolls.map((r) => r.label)).toContain('cards reshuffle 1 2')
  })

  it('stops short, and says by how many, when reshuffling is not allowed or nothing is left', () => {
    const dice = new LabelledDice([], new RecordingDice('44'.repeat(32), 'g', 1, ''))
    const deck = newDeck(['x', 'y'], dice, 'cards', PUBLIC)
    const noReshuffle = draw(discard(deck, ['z']), 4, dice, 'cards', PUBLIC, { reshuffle: false })
    expect(noReshuffle.cards).toHaveLength(2)
    expect(noReshuffle.short).toBe(2)
    expect(noReshuffle.deck.discards).toEqual(['z'])
    const withReshuffle = draw(discard(deck, ['z']), 4, dice, 'cards', PUBLIC)
    expect(withReshuffle.cards).toHaveLength(3)
    expect(withReshuffle.short).toBe(1)
  })

  it('takes a named card out of the discards first, then the draw pile, and leaves the deck alone otherwise', () => {
    const deck = { drawPile: ['a', 'b'], discards: ['b', 'c'], reshuffles: 0 }
    expect(removeCard(deck, 'b')).toEqual({ drawPile: ['a', 'b'], discards: ['c'], reshuffles: 0 })
    expect(removeCard(deck, 'a')).toEqual({ drawPile: ['b'], discards: ['b', 'c'], reshuffles: 0 })
    expect(removeCard(deck, 'q')).toBe(deck)
  })
})
