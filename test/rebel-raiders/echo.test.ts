// The acknowledgement's AS UNDERSTOOD echo reads back as the same orders: each line's notes (the
// movement points, the card's name, "stands until changed") follow a "#", which the order grammar ignores.
import { describe, expect, it } from 'vitest'
import { RecordingDice } from '../../src/engine/dice.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import type { Phase, RrState } from '../../src/games/rebel-raiders/state.ts'

const pack = rebelRaidersFactory.defaultPack()
const rs = createRebelRaiders(pack as never)
const position = (phase: Phase, hands: { CSA?: number[]; USA?: number[] } = {}): RrState => {
  const s = rs.setup('1861', {}, pack, new RecordingDice('00'.repeat(32), 'rr-echo', 0, '', '22'.repeat(32)))
  s.phase = phase
  for (const side of ['CSA', 'USA'] as const) {
    const hand = hands[side]
    if (!hand) continue
    const t = s.cards[side]
    t.deck = { ...t.deck, drawPile: [...t.deck.drawPile, ...t.hand].filter((c) => !hand.includes(c)) }
    t.hand = [...hand]
  }
  return s
}
const withoutLines = (v: unknown) => JSON.parse(JSON.stringify(v, (k, x) => (k === 'line' ? undefined : x)))

/** Parses `text`, then its echo, and returns both readings. */
function readBack(s: RrState, role: string, text: string) {
  const first = rs.parseOrders(s, role, text)
  expect(first.errors).toEqual([])
  const echo = first.normalised.join('\n')
  const again = rs.parseOrders(s, role, echo)
  expect(again.errors).toEqual([])
  expect(withoutLines(again.commands)).toEqual(withoutLines(first.commands))
  return { echo, first }
}

describe('the echo of Rebel Raiders orders parses back to the same commands', () => {
  it('a move, with its movement points as a note, and the standing orders of the Confederate', () => {
    const { echo } = readBack(
      position('csa-move', { CSA: [84] }),
      'confederate',
      [
        'MOVE BR-6 WILM.BS > HATT > NATL > CHAN > FREN > LOAD',
        'PLAY 84',
        'POLICY ALL ON BATTLE: RETREAT IF lost >= 1; FIGHT',
        'RETREAT ALL TO CHAS,HATT',
        'AIM ALL AT SL-6',
        'REACT 85 AT AUGU',
      ].join('\n'),
    )
    expect(echo).toMatch(/^MOVE BR-6 WILM > WILM\.BS > HATT > NATL > CHAN > FREN > LOAD {2}# 6 MP$/m)
    expect(echo).toMatch(/^PLAY 84 {2}# The Douglas$/m)
    expect(echo).toMatch(/^REACT 85 AT AUGU {2}# #85 Nathan Bedford Forrest; stands until played or withdrawn$/m)
  })

  it("a commander's move, an assault with its kind, and the Union's standing orders", () => {
    const { echo } = readBack(
      position('union-move'),
      'union',
      [
        'COMMAND THATCHER SL-6,GB-5',
        'MOVE THATCHER NAVY > CHES > HATT',
        'ASSAULT HEND FROM CAIR',
        'SHIELD GB-5 NONE',
        'INTERCEPT EACH AT CHAS.BS',
        'DEFEND ALL TACTICS 1',
        'TOW IC-1',
      ].join('\n'),
    )
    expect(echo).toMatch(/^MOVE THATCHER NAVY > CHES > HATT {2}# SL-6,GB-5, 2 MP$/m)
    expect(echo).toMatch(/^ASSAULT HEND FROM CAIR {2}# river$/m)
  })

  it('builds, exchanges, discards and scraps', () => {
    readBack(
      position('csa-build', { CSA: [84, 88, 64] }),
      'confederate',
      'BUILD RUNNER AT WILM\nEXCHANGE 1\nDISCARD 64\nSCRAP BT-1',
    )
  })
})
