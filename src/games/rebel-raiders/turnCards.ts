// Cards played in one's own phase whose effect lasts a turn or the game (PB 23, in our own words):
// #33 The Grand Fleet, #87 Cotton is King, #96 Francis Nathaniel Bonneau, #103 Uprising!.
import type { CardEffect } from './cardTypes.ts'
import { MODERATOR } from '../contract.ts'
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
  6: followUp('next', 'after a won assault over a river or land line next to it, the Union presses on to'),
  46: followUp('again', 'if an assault over a river or land line is beaten off at it, the Union goes in again at'),
}
