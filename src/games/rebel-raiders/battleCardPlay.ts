// How a battle card reaches a battle: held in the hand from its owner's PLAY this phase, or standing
// as a REACT; the first turn's limits of the 1862 start's option A; taking it out of the hand as it acts.
import type { PhaseRun } from './phaseRun.ts'
import { answeredThisTurn, countered } from './cardResponses.ts'
import type { Side } from './setup.ts'
import { dateOf } from './state.ts'
import { BATTLE_CARD_SIDES, type Scene, sideName } from './battleCardTable.ts'

/** A card the side could play here now: held from its PLAY this phase, or standing as a REACT. */
export interface Candidate {
  card: number
  /** The ship or space the order named, if any. */
  at?: string
  from: 'play' | 'react'
}

export function candidates(run: PhaseRun, side: Side, scene: Scene, cards: (c: number) => boolean): Candidate[] {
  const year = dateOf(run.s.turn).year
  const usable = (c: number) => {
    const card = run.pack.cards.get(c)
    return (
      !!card &&
      run.s.cards[side].hand.includes(c) &&
      !answeredThisTurn(run.s, c) &&
      year >= card.years.from &&
      year <= card.years.to &&
      historicLimit(run, scene, c)
    )
  }
  const here = [scene.where, ...scene.attackers.map((u) => u.id), ...scene.defenders.map((u) => u.id)]
  const held: Candidate[] = run.s.pending
    .filter((b) => b.on === 'battle' && BATTLE_CARD_SIDES[b.card] === side && cards(b.card) && usable(b.card))
    .filter((b) => b.at === 'ANY' || here.includes(b.at))
    .map((b) => ({ card: b.card, ...(b.at !== 'ANY' ? { at: b.at } : {}), from: 'play' }))
  const standing: Candidate[] = run.s.reactions[side]
    .filter((r) => cards(r.card) && usable(r.card) && (r.at === 'ALL' || r.at === scene.where))
    .map((r) => ({ card: r.card, from: 'react' }))
  return [...held, ...standing]
}

/**
 * The 1862 start with the historic cards (option A, PB 19.531-19.532): in its first turn some cards act
 * only in a combat with a named commander's ships, or at named spaces. Elsewhere they stay in the hand.
 */
export function historicLimit(run: PhaseRun, scene: Scene, card: number): boolean {
  const setup = run.pack.setups[run.s.scenario]
  const limits = setup?.optionA
  if (!limits || run.s.options.cards !== 'A' || run.s.turn !== setup.turn) return true
  if (limits.atSpaces.cards.includes(card)) return limits.atSpaces.spaces.includes(scene.where)
  const commander = Object.entries(limits.withCommander).find(([, cards]) => cards.includes(card))?.[0]
  if (!commander) return true
  const his = run.s.commanders[commander] ?? []
  return [...scene.attackers, ...scene.defenders].some((u) => his.includes(u.id))
}

/** Takes a card out of the hand as it is played, with its order, and tells both sides. */
export function takeCard(run: PhaseRun, side: Side, c: Candidate, at: string): boolean {
  run.s.pending = run.s.pending.filter((b) => !(b.on === 'battle' && b.card === c.card))
  run.say('17.23', `The ${sideName(side)} player plays #${c.card} ${run.cardName(c.card)}.`, at)
  // Answered by a Miscommunication, it goes back to the hand and does not act (its REACT stands).
  if (countered(run, side, c.card)) return false
  const t = run.s.cards[side]
  t.hand = t.hand.filter((x) => x !== c.card)
  run.s.reactions[side] = run.s.reactions[side].filter((r) => r.card !== c.card)
  return true
}
