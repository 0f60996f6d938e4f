// Miscommunication (#53 for the Union, #109 for the Confederacy, PB 23): standing as `REACT 53 [AT
// <card number>|ALL]`, it answers the other side's card the moment it is played: that card goes back
// to its owner's hand and may not be played again this turn, and the answer goes to the discards.
// #109 may not answer #36. A card is played by PLAY, as a standing reaction or at a battle's start;
// each of those asks here first.
import { settlePlayed } from './cards.ts'
import type { PhaseRun } from './phaseRun.ts'
import type { Side } from './setup.ts'
import { dateOf, type RrState } from './state.ts'

/** The answer each side holds against the other's cards. */
const ANSWER: Record<Side, number> = { CSA: 109, USA: 53 }
/** Cards an answer may not touch (#109 and #36). */
const UNTOUCHABLE: Record<number, number[]> = { 109: [36] }

export const isResponse = (card: number): boolean => card === 53 || card === 109

/** Whether a card was answered this turn and may not be played again before the next. */
export const answeredThisTurn = (s: RrState, card: number): boolean => s.thisTurn.includes(`answered:${card}`)

/** Whether `side`'s card is answered as it is played; if so it is back in its owner's hand and the answer is spent. */
export function countered(run: PhaseRun, side: Side, card: number): boolean {
  const other: Side = side === 'CSA' ? 'USA' : 'CSA'
  const answer = ANSWER[other]
  const def = run.pack.cards.get(answer)
  const year = dateOf(run.s.turn).year
  const standing = run.s.reactions[other].find((r) => r.card === answer && (r.at === 'ALL' || r.at === String(card)))
  if (!standing || !def || !run.s.cards[other].hand.includes(answer) || year < def.years.from || year > def.years.to)
    return false
  if (UNTOUCHABLE[answer]?.includes(card)) return false
  run.s.reactions[other] = run.s.reactions[other].filter((r) => r !== standing)
  settlePlayed(run, other, answer, def.afterUse)
  const t = run.s.cards[side]
  if (!t.hand.includes(card)) t.hand.push(card)
  t.inPlay = t.inPlay.filter((c) => c !== card)
  run.s.thisTurn.push(`answered:${card}`)
  run.say(
    `#${answer}`,
    `Miscommunication: the ${side === 'CSA' ? 'Confederate' : 'Union'} #${card} ${run.cardName(card)} goes back to the hand, not to be played again this turn.`,
  )
  return true
}
