// Cards that put a choice to their player in the middle of the phase (PB 23, in our own words): a
// question with the cards to choose from, answered by mail or by the default named in the README's
// rulings, and the phase resolved again with the answer.
import { onlyRoles } from '../contract.ts'
import { draw, shuffled } from '../kit/deck.ts'
import type { CardEffect } from './cardTypes.ts'
import type { PhaseRun } from './phaseRun.ts'
import type { Side } from './setup.ts'
import { roleOf } from './state.ts'

const other = (side: Side): Side => (side === 'CSA' ? 'USA' : 'CSA')
const sideName = (side: Side) => (side === 'CSA' ? 'Confederate' : 'Union')
const named = (run: PhaseRun, c: number) => `#${c} ${run.cardName(c)}`
const byNumber = (a: number, b: number) => a - b

/** The id of a card's question: one a card a phase. */
const questionId = (run: PhaseRun, card: number) => `card-${card}-turn-${run.s.turn}-${run.s.phase}`

/**
 * #39 All the World's a Stage, #82 A Rose by Any Other Name: two cards taken at random from the
 * other hand and looked at; one is discarded, the other given back. Default: the higher-numbered
 * is discarded (ruling RR-K3). With one card in that hand, it is the one discarded.
 */
function takeTwo(card: number): CardEffect {
  return {
    phases: card === 39 ? ['union-move'] : ['csa-move'],
    atStart: true,
    apply(run, side) {
      const victim = run.s.cards[other(side)]
      const both = onlyRoles(roleOf(side), roleOf(other(side)))
      const taken = shuffled(victim.hand, run.dice, `#${card} cards taken`, both).slice(0, 2).sort(byNumber)
      if (!taken.length) {
        run.say(`#${card}`, `The ${sideName(other(side))} hand is empty: nothing to take.`)
        return
      }
      run.tell(onlyRoles(roleOf(side)), `#${card}`, `You take ${taken.map((c) => named(run, c)).join(' and ')}.`)
      run.tell(
        onlyRoles(roleOf(other(side))),
        `#${card}`,
        `The ${sideName(side)} player takes ${taken.map((c) => named(run, c)).join(' and ')} from your hand.`,
      )
      const thrown =
        taken.length === 1
          ? taken[0]!
          : Number(
              run.ask({
                decisionId: questionId(run, card),
                role: roleOf(side),
                question: `${named(run, card)}: which of the two cards is discarded? The other goes back to the ${sideName(other(side))} hand.`,
                options: taken.map((c) => ({ id: String(c), label: `discard ${named(run, c)}` })),
                defaultOption: String(taken[1]),
                situation: [
                  `You took ${taken.map((c) => named(run, c)).join(' and ')} from the ${sideName(other(side))} hand.`,
                ],
              }),
            )
      victim.hand = victim.hand.filter((c) => c !== thrown)
      victim.deck = { ...victim.deck, discards: [...victim.deck.discards, thrown] }
      run.say(
        `#${card}`,
        `${named(run, thrown)} is discarded from the ${sideName(other(side))} hand; the other card goes back.`,
      )
    },
  }
}

export const CHOICE_EFFECTS: Readonly<Record<number, CardEffect>> = {
  // #29 Gideon Welles: three cards drawn, one kept, two discarded; then every Union discard, this card among them, back into the deck.
  29: {
    phases: ['union-move', 'union-build'],
    apply(run, side) {
      const t = run.s.cards[side]
      const drawn = draw(t.deck, 3, run.dice, 'union deck', { kind: 'moderator' })
      t.deck = drawn.deck
      const cards = [...drawn.cards].sort(byNumber)
      if (cards.length) {
        run.tell(
          onlyRoles(roleOf(side)),
          '#29',
          `Gideon Welles: you draw ${cards.map((c) => named(run, c)).join(', ')}.`,
        )
        const kept = Number(
          run.ask({
            decisionId: questionId(run, 29),
            role: roleOf(side),
            question: 'Gideon Welles: which of the three cards do you keep? The other two are discarded.',
            options: cards.map((c) => ({ id: String(c), label: `keep ${named(run, c)}` })),
            defaultOption: String(cards[0]),
            situation: [
              `You drew ${cards.map((c) => named(run, c)).join(', ')}.`,
              `Your hand: ${t.hand.map((c) => named(run, c)).join(', ') || 'empty'}.`,
            ],
          }),
        )
        t.hand.push(kept)
        const gone = cards.filter((c) => c !== kept)
        run.say(
          '#29',
          `The Union player keeps one card and discards ${gone.map((c) => named(run, c)).join(', ') || 'nothing'}.`,
        )
        t.deck = { ...t.deck, discards: [...t.deck.discards, ...gone] }
      }
      const pile = shuffled([...t.deck.drawPile, ...t.deck.discards], run.dice, 'union deck 29', { kind: 'moderator' })
      run.say('#29', `The Union discards (${t.deck.discards.length}) are shuffled back into the deck.`)
      t.deck = { ...t.deck, drawPile: pile, discards: [] }
    },
  },
  39: takeTwo(39),
  82: takeTwo(82),
}
