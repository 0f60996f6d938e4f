// The 1861 position a card test starts from: set in a phase and turn, with each side's hand as the
// test gives it (the rest of each deck stays in its draw pile) and, where asked, each card in hand
// standing as a REACT at ALL. Each test file keeps its own hidden-draw seed.
import { RecordingDice } from '../../src/engine/dice.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import type { Phase, RrState } from '../../src/games/rebel-raiders/state.ts'

export const pack = rebelRaidersFactory.defaultPack()
export const rs = createRebelRaiders(pack as never)

export type Hands = { CSA?: number[]; USA?: number[] }

export function cardPosition(
  seed: { salt: string; hidden: string; standing?: boolean },
  phase: Phase,
  hands: Hands,
  turn: number,
): RrState {
  const s = rs.setup('1861', {}, pack, new RecordingDice('00'.repeat(32), seed.salt, 0, '', seed.hidden.repeat(32)))
  s.phase = phase
  s.turn = turn
  for (const side of ['CSA', 'USA'] as const) {
    const hand = hands[side] ?? []
    const t = s.cards[side]
    t.deck = { ...t.deck, drawPile: [...t.deck.drawPile, ...t.hand].filter((c) => !hand.includes(c)) }
    t.hand = [...hand]
    if (seed.standing) s.reactions[side] = hand.map((card) => ({ card, at: 'ALL' }))
  }
  return s
}
