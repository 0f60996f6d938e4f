// The starting position of the card tests (foreign affairs, rerolls, generals, cargoes,
// ships at sea): cardPosition's 1861 position with cards laid face up as a test asks, and the small
// readers those tests share.
import type { RrState } from '../../src/games/rebel-raiders/state.ts'
import { cardPosition, type Hands, rs } from './cardPosition.ts'

export { pack, rs } from './cardPosition.ts'

const seed = { salt: 'rr-more', hidden: '5a' }

/** A position in a phase and turn with these hands, and these cards face up (taken out of their draw piles). */
export const position = (phase: RrState['phase'], turn: number, hands: Hands, inPlay: Hands = {}): RrState => {
  const s = cardPosition(seed, phase, hands, turn)
  for (const side of ['CSA', 'USA'] as const)
    for (const c of inPlay[side] ?? []) {
      const t = s.cards[side]
      t.deck = { ...t.deck, drawPile: t.deck.drawPile.filter((x) => x !== c) }
      t.inPlay.push(c)
    }
  return s
}
export const errors = (s: RrState, role: string, text: string) =>
  rs.parseOrders(s, role, text).errors.map((e) => e.message)
export const count = (s: RrState, at: string, type: string) =>
  s.pieces.filter((p) => p.at === at && p.type === type).length
