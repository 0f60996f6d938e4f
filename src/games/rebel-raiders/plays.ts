// Playing a card in one's own phase (RB 17.2): `PLAY <card> [AT <space>]` in a phase's orders. The
// same check serves the acknowledgement and the resolution: the card is in the hand, it is the
// player's own, its years allow it (the year tags, digest section 4), its window is this phase, and
// its own conditions hold. Cards played at the start of a phase, and every card of a build phase
// (14.21, 15.21), take effect before the other orders; the rest where they stand in the orders.
// Cards played in the opponent's phase are standing reactions (reactions.ts).
import { CARD_EFFECTS } from './cardEffects.ts'
import type { CardEffect, PlayOrder } from './cardTypes.ts'

export type { PlayOrder } from './cardTypes.ts'
import { settlePlayed } from './cards.ts'
import { answeredThisTurn, countered } from './cardResponses.ts'
import type { RebelPack } from './pack.ts'
import type { PhaseRun } from './phaseRun.ts'
import type { Side } from './setup.ts'
import { dateOf, type RrState } from './state.ts'

/** Why a card may not be played as ordered, or null. `bought` lists cards bought this phase (14.32, 15.44). */
export function playProblem(
  s: RrState,
  pack: RebelPack,
  side: Side,
  play: PlayOrder,
  bought: readonly number[] = [],
): string | null {
  const card = pack.cards.get(play.card)
  if (!card) return `there is no card #${play.card}`
  const name = `#${card.number} ${card.name}`
  if (card.side !== side) return `${name} is the other side's card`
  if (!s.cards[side].hand.includes(play.card)) return `${name} is not in your hand`
  if (answeredThisTurn(s, play.card))
    return `${name} was answered this turn and may not be played again before the next`
  if (bought.includes(play.card)) return `${name} was bought this phase and may not be played in it (14.32, 15.44)`
  const year = dateOf(s.turn).year
  if (year < card.years.from || year > card.years.to)
    return `${name} may be played only in ${card.years.from === card.years.to ? card.years.from : `${card.years.from}-${card.years.to}`}`
  const effect = CARD_EFFECTS[play.card]
  // Every card without an effect of its own answers a moment of a phase (cards-pack.test.ts checks it).
  if (!effect)
    return `${name} answers a moment of the other side's phase: write REACT ${play.card} [AT <space>|ALL] and the judge plays it then`
  if (!effect.phases.includes(s.phase))
    return `${name} is played ${card.timing}; this is the ${s.phase.replace('-', ' ')} phase`
  return effect.check?.(s, pack, side, play) ?? null
}

/** Whether a play takes effect at the start of the phase, before the other orders. */
export function playsFirst(s: RrState, play: PlayOrder): boolean {
  return s.phase.endsWith('build') || !!CARD_EFFECTS[play.card]?.atStart
}

/** Plays one card: checked again against the position it meets, then its effect, then where it goes. */
export function playCard(run: PhaseRun, side: Side, play: PlayOrder): void {
  const card = run.pack.cards.get(play.card)
  const problem = playProblem(run.s, run.pack, side, play, run.s.cards[side].bought)
  if (problem || !card) {
    run.say('17.23', `The card on line ${play.line} is not played: ${problem}.`)
    return
  }
  const effect = CARD_EFFECTS[play.card] as CardEffect
  // A card for a battle stays in the hand until a battle where it can act comes (battleCards.ts).
  if (effect.waits) return effect.apply(run, side, play)
  run.say('17.23', `The ${side === 'CSA' ? 'Confederate' : 'Union'} player plays #${card.number} ${card.name}.`)
  if (countered(run, side, play.card)) return
  // Out of the hand while it acts; then where its text sends it (after drawing, when it draws).
  run.s.cards[side].hand = run.s.cards[side].hand.filter((c) => c !== play.card)
  effect.apply(run, side, play)
  settlePlayed(run, side, play.card, effect.keepsForTurn ? 'held' : (effect.afterUse?.(play) ?? card.afterUse))
}
