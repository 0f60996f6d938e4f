// The 1862 start with open cards (PB 19.55, option C): each side draws its hand and may at once put
// back any of the cards drawn for fresh ones, as in the winter refresh (14.42). By ruling RR-S63 the
// Union writes `REFRESH <card> ...` in its orders for the opening phase (the Union half of April
// 1862), the Confederacy with its standing orders then or in its first own phase (August 1862); the
// judge makes each side's redraw once, before anything else in that phase.
import { discard } from '../kit/deck.ts'
import { PUBLIC } from '../contract.ts'
import { drawCards } from './cards.ts'
import type { RrCommand } from './orderTypes.ts'
import type { RebelPack } from './pack.ts'
import type { PhaseRun } from './phaseRun.ts'
import type { Side } from './setup.ts'
import type { RrState } from './state.ts'

/** Whether `side` may still make the opening redraw in the phase now open. */
export function redrawOpen(state: RrState, pack: RebelPack, side: Side): boolean {
  const first = pack.setups[state.scenario]?.turn
  if (state.options.cards !== 'C' || first === undefined || state.marks?.redrawn?.includes(side)) return false
  const opening = state.turn === first && state.phase === 'union-move'
  return side === 'USA' ? opening : opening || (state.turn === first + 1 && state.phase === 'csa-move')
}

/** An opening REFRESH line's cards, or why it is refused: cards of the hand, each once. */
export function redrawProblem(state: RrState, side: Side, cards: string[]): number[] | string {
  const numbers = cards.map(Number)
  const hand = state.cards[side].hand
  const notHeld = numbers.filter((n) => !hand.includes(n))
  if (notHeld.length) return `not in your hand: ${notHeld.map((n) => `#${n}`).join(', ')}`
  if (new Set(numbers).size < numbers.length) return 'a card is named twice'
  return numbers
}

/** 19.55: the sides' opening redraws written for this phase, each made once, before the other orders. */
export function openingRedraws(run: PhaseRun, orders: Record<Side, RrCommand[]>): void {
  for (const side of ['USA', 'CSA'] as const) {
    if (!redrawOpen(run.s, run.pack, side)) continue
    const line = orders[side].find(
      (c): c is Extract<RrCommand, { kind: 'discard' }> => c.kind === 'discard' && c.refresh,
    )
    if (!line || !line.cards.every((n) => run.s.cards[side].hand.includes(n))) continue
    const t = run.s.cards[side]
    t.hand = t.hand.filter((c) => !line.cards.includes(c))
    t.deck = discard(t.deck, line.cards)
    ;(run.s.marks ??= {}).redrawn = [...(run.s.marks.redrawn ?? []), side]
    const names = line.cards.map((c) => `#${c} ${run.cardName(c)}`).join(', ')
    run.tell(
      PUBLIC,
      '19.55',
      `The ${side === 'CSA' ? 'Confederate' : 'Union'} player discards ${names} for fresh cards.`,
    )
    drawCards(run, side, line.cards.length, '19.55', 'in their place')
  }
}
