// Cards played in one's own phase whose effect lasts a turn or the game (PB 23, in our own words):
// #33 The Grand Fleet, #87 Cotton is King, #96 Francis Nathaniel Bonneau, #103 Uprising!.
import type { CardEffect } from './cardTypes.ts'
import { MODERATOR, PUBLIC } from '../contract.ts'
import { shuffled } from '../kit/deck.ts'
import { counterattack } from './landCombat.ts'
import type { Phase } from './state.ts'

const ANY_PHASE: readonly Phase[] = ['csa-move', 'csa-build', 'union-move', 'union-build']

export const TURN_CARD_EFFECTS: Readonly<Record<number, CardEffect>> = {
  // #33 The Grand Fleet: face up, Farragut may take up to ten ships (commanders.ts reads it).
  33: {
    phases: ANY_PHASE,
    apply(run) {
      run.say('#33', 'The Grand Fleet is laid face up with Farragut: he may take up to ten ships.')
    },
  },
  // #87 Cotton is King: this turn each European cargo lands for 1 VP more; the Trent Affair fetched; the deck reshuffled.
  87: {
    phases: ['csa-move'],
    atStart: true,
    apply(run) {
      run.s.thisTurn.push('cotton')
      const t = run.s.cards.CSA
      const trentFree = !t.hand.includes(83) && !t.inPlay.includes(83) && !t.removed.includes(83)
      if (trentFree) {
        t.deck = {
          ...t.deck,
          drawPile: t.deck.drawPile.filter((c) => c !== 83),
          discards: t.deck.discards.filter((c) => c !== 83),
        }
        t.heldAside = t.heldAside.filter((h) => h.card !== 83)
        t.hand.push(83)
      }
      const pile = [...t.deck.drawPile, ...t.deck.discards]
      t.deck = {
        drawPile: shuffled(pile, run.dice, 'confederate deck cotton is king', MODERATOR),
        discards: [],
        reshuffles: t.deck.reshuffles,
      }
      run.say(
        '#87',
        `Cotton is King: each European cargo landed this turn scores 1 VP more${trentFree ? '; the Confederate player takes the Trent Affair from his deck' : ''}; the Confederate deck and discards are shuffled together.`,
      )
    },
  },
  // #96 Bonneau: a free runner in Havana with a 2-VP cargo, beyond the Union's cards and interception this turn.
  96: {
    phases: ['csa-move'],
    atStart: true,
    keepsForTurn: true,
    apply(run) {
      const p = run.add('CSA', 'runner', 'HAVA')
      const cargo = run.cargoFree(2) ? 2 : run.cargoFree(1) ? 1 : undefined
      if (cargo) p.cargo = cargo
      run.s.named.push({ ship: p.id, card: 96, until: 'turn' })
      run.say(
        '#96',
        `${p.id}, the Bonneau, sails from Havana${cargo ? ` with a ${cargo}-VP cargo` : ''}: no Union card or interception touches it this turn.`,
        'HAVA',
      )
    },
  },
  // #103 Uprising!: a counterattack without a pawn on a former Confederate city, port or fort, even one cut off.
  103: {
    phases: ['csa-move'],
    check: (s, pack, _side, play) => {
      const sp = play.at && pack.map.has(play.at) ? pack.map.space(play.at) : null
      if (!sp) return 'name the space: PLAY 103 AT <Union-held Confederate city, port or fort>'
      if (
        sp.side !== 'CSA' ||
        s.control[sp.id] !== 'USA' ||
        !['oceanPort', 'riverPort', 'fort', 'inlandCity'].includes(sp.kind)
      )
        return `${sp.name} is not a Confederate city, port or fort the Union holds`
      return null
    },
    apply(run, _side, play) {
      counterattack(run, play.at!, null)
    },
  },
}

/**
 * #45 Three Cigars: `PLAY 45` takes a card at random from the Confederate hand to the discards;
 * `PLAY 45 AT <place>` in the Union move keeps every Confederate card that adds to, changes or rolls
 * again his dice out of this turn's assault there.
 */
export const THREE_CIGARS: CardEffect = {
  phases: ['csa-move', 'csa-build', 'union-move', 'union-build'],
  check: (s, pack, _side, play) =>
    play.at && (s.phase !== 'union-move' || !pack.map.has(play.at))
      ? 'PLAY 45 AT <place> is written in the Union move, naming the place assaulted'
      : null,
  apply(run, _side, play) {
    if (play.at) {
      run.s.thisTurn.push(`cigars:${play.at}`)
      run.say('#45', `Three Cigars: in the assault on ${run.name(play.at)} the Confederacy plays no card on its dice.`)
      return
    }
    const t = run.s.cards.CSA
    if (!t.hand.length) return run.say('#45', 'Three Cigars: the Confederate hand is empty.')
    const pick =
      t.hand[run.dice.roll(`#45 Confederate card at random (1-${t.hand.length})`, t.hand.length, PUBLIC) - 1]!
    t.hand = t.hand.filter((c) => c !== pick)
    t.deck = { ...t.deck, discards: [...t.deck.discards, pick] }
    run.say('#45', `Three Cigars: the Confederacy loses #${pick} ${run.cardName(pick)} from its hand.`)
  },
}

/** #6, #46: written AT the place, they wait for the moment in this move phase (landCombat.ts). */
function followUp(on: 'again' | 'next', words: string): CardEffect {
  return {
    phases: ['union-move'],
    check: (s, pack, _side, play) => {
      const sp = play.at && pack.map.has(play.at) ? pack.map.space(play.at) : null
      if (!sp) return `name the place: PLAY <card> AT <space>`
      return ['oceanPort', 'riverPort', 'fort', 'inlandCity'].includes(sp.kind) &&
        (s.control[sp.id] ?? sp.side) === 'CSA'
        ? null
        : `${sp.name} is not a Confederate city, port or fort`
    },
    apply(run, _side, play) {
      run.s.pending.push({ card: play.card, on, at: play.at!, amount: 0 })
      run.say(`#${play.card}`, `${run.cardName(play.card)}: ${words} ${run.name(play.at!)} this phase.`)
    },
  }
}

export const FOLLOW_UP_EFFECTS: Readonly<Record<number, CardEffect>> = {
  45: THREE_CIGARS,
  6: followUp('next', 'after a won assault over a river or land line next to it, the Union presses on to'),
  46: followUp('again', 'if an assault over a river or land line is beaten off at it, the Union goes in again at'),
}
