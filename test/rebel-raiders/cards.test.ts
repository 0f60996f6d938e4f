// Rebel Raiders' decks and hands (RB 4.11, 4.21, 14.1, 14.32, 14.4, 15.1, 15.44, 17.22-17.23, 17.33):
// dealt face down from hidden draws, drawn at the build phases, bought, discarded to six, refreshed
// in December, returned after a turn held aside, reshuffled by the Emancipation Proclamation.
import { describe, expect, it } from 'vitest'
import { RecordingDice } from '../../src/engine/dice.ts'
import { given, LabelledDice } from '../helpers/spec.ts'
import {
  type CardRun,
  EMANCIPATION_REMOVES,
  returnHeldAside,
  settlePlayed,
} from '../../src/games/rebel-raiders/cards.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'

const pack = rebelRaidersFactory.defaultPack()
const rs = createRebelRaiders(pack as never)
const hiddenDice = () => new RecordingDice('00'.repeat(32), 'rr-cards', 0, '', '11'.repeat(32))
const start = (): RrState => rs.setup('1861', {}, pack, hiddenDice())
const union = { kind: 'role', role: 'union' } as const
const confederate = { kind: 'role', role: 'confederate' } as const
const inBuild = (s: RrState, phase: 'csa-build' | 'union-build', turn = 1) => {
  s.phase = phase
  s.turn = turn
  return s
}
const cardRun = (s: RrState): CardRun & { texts: string[] } => {
  const texts: string[] = []
  return {
    s,
    dice: new LabelledDice([]),
    texts,
    tell: (_a, rule, text) => texts.push(`${rule}: ${text}`),
    cardName: (n) => `card ${n}`,
  }
}

describe('RB 4.11, 4.21: the opening deal', () => {
  it('each deck is shuffled face down and three of its own cards dealt; the shuffle is all hidden draws', () => {
    const dice = hiddenDice()
    const s = rs.setup('1861', {}, pack, dice)
    for (const [side, range] of [
      ['USA', [1, 55]],
      ['CSA', [56, 110]],
    ] as const) {
      const t = s.cards[side]
      expect(t.hand).toHaveLength(3)
      expect(t.deck.drawPile).toHaveLength(52)
      expect([...t.hand, ...t.deck.drawPile].sort((a, b) => a - b)).toEqual(
        Array.from({ length: 55 }, (_, i) => range[0] + i),
      )
    }
    expect(dice.rolls).toEqual([])
    expect(dice.hiddenRolls.length).toBe(2 * 54)
    // The same secret deals the same hands: the deal can be checked once the secret is revealed.
    expect(start().cards).toEqual(start().cards)
  })

  it('17.22: a hand is seen by its owner only; the other side and observers see how many cards it holds', () => {
    const s = start()
    const forUnion = rs.view(s, union) as { cards: { confederate: { hand: unknown; handSize: number } } }
    expect(forUnion.cards.confederate.hand).toBeNull()
    expect(forUnion.cards.confederate.handSize).toBe(3)
    const forCsa = rs.view(s, confederate) as { cards: { confederate: { hand: number[] } } }
    expect(forCsa.cards.confederate.hand).toEqual(s.cards.CSA.hand)
    const observer = JSON.stringify(rs.view(s, { kind: 'observer' }))
    expect(observer).not.toContain(JSON.stringify(s.cards.USA.hand))
  })
})

describe('RB 14.1, 15.1: draws for the build phases', () => {
  it('14.1: the Confederacy draws three cards as its move phase ends; the Union learns only the count', () => {
    const run = given(rs, start()).orders('confederate', 'PASS').dice({ 'supply die 1': 1 }).resolve()
    expect(run.state.phase).toBe('csa-build')
    expect(run.state.cards.CSA.hand).toHaveLength(6)
    expect(run.texts('14.1')[0]).toBe('The Confederate player draws 3 card(s) for the build phase.')
    const seenByUnion = run.seenBy(union).join('\n')
    const seenByCsa = run.seenBy(confederate).join('\n')
    for (const c of run.state.cards.CSA.hand.slice(3)) {
      expect(seenByCsa).toContain(`#${c} `)
      expect(seenByUnion).not.toContain(`#${c} `)
    }
  })

  it('14.1: two cards only when the Confederacy has no victory points left', () => {
    const s = start()
    s.vp = 1
    const run = given(rs, s).orders('confederate', 'PASS').dice({ 'supply die 1': 2 }).resolve()
    expect(run.state.vp).toBe(-1)
    expect(run.state.cards.CSA.hand).toHaveLength(5)
  })

  it('15.1: the Union draws three cards in 1861-1863 and four in 1864 as its move phase ends', () => {
    const s = start()
    s.phase = 'union-move'
    expect(given(rs, s).orders('union', 'PASS').resolve().state.cards.USA.hand).toHaveLength(6)
    s.turn = 10
    expect(given(rs, s).orders('union', 'PASS').resolve().state.cards.USA.hand).toHaveLength(7)
  })

  it('17.23: an empty draw pile takes the discards, shuffled', () => {
    const s = start()
    s.phase = 'union-move'
    s.cards.USA.deck = { drawPile: [1], discards: [2, 3, 4], reshuffles: 0 }
    const run = given(rs, s).orders('union', 'PASS').resolve()
    expect(run.state.cards.USA.hand).toHaveLength(6)
    expect(run.state.cards.USA.deck.drawPile).toHaveLength(1)
    expect(run.state.cards.USA.deck.discards).toEqual([])
    expect(run.texts('17.23')).toEqual(['The Union draw pile ran out: its discards were shuffled into a new one.'])
  })
})

describe('RB 14.32, 15.44: cards bought', () => {
  it('15.44: the Union buys a card for two builds, at most two a turn; it is drawn at once', () => {
    const s = inBuild(start(), 'union-build')
    const p = rs.parseOrders(s, 'union', 'BUILD CARD\nBUILD CARD\nBUILD CARD')
    expect(p.errors.map((e) => [e.line, e.message])).toEqual([[3, 'at most 2 cards bought a turn (15.44)']])
    const run = given(rs, s).orders('union', 'BUILD CARD').resolve()
    expect(run.texts('15.44')).toContain('The Union player draws 1 card(s) bought with builds.')
    expect(run.state.cards.USA.bought).toEqual([])
    expect(run.state.cards.USA.hand).toHaveLength(4)
  })

  it('14.32: the Confederacy buys a card only with special build points, two points a card', () => {
    const s = inBuild(start(), 'csa-build')
    expect(rs.parseOrders(s, 'confederate', 'BUILD CARD').errors[0]!.message).toBe(
      'the Confederacy buys a card only with special build points: BUILD CARD SPECIAL (14.32)',
    )
    expect(rs.parseOrders(s, 'confederate', 'EXCHANGE 1\nBUILD CARD SPECIAL').errors[0]!.message).toBe(
      'a card costs 2 special build points; 1 left (14.32)',
    )
    s.vp = 30
    expect(
      rs.parseOrders(s, 'confederate', 'EXCHANGE 6\nBUILD CARD SPECIAL\nBUILD CARD SPECIAL\nBUILD CARD SPECIAL')
        .errors[0]!.message,
    ).toBe('at most 2 cards bought a build phase (14.32)')
    const run = given(rs, s).orders('confederate', 'EXCHANGE 4\nBUILD CARD SPECIAL\nBUILD CARD SPECIAL').resolve()
    expect(run.state.vp).toBe(10)
    expect(run.state.cards.CSA.hand).toHaveLength(5)
  })
})

describe('RB 14.4: discards at the end of a build phase', () => {
  it('14.41: the cards named are discarded, face up, for both sides to see', () => {
    const s = inBuild(start(), 'csa-build')
    const [a, b] = s.cards.CSA.hand
    const run = given(rs, s).orders('confederate', `DISCARD ${a}, ${b}`).resolve()
    expect(run.state.cards.CSA.hand).toHaveLength(1)
    expect(run.state.cards.CSA.deck.discards).toEqual([a, b])
    expect(run.seenBy(union).join('\n')).toContain(`discards #${a} `)
  })

  it("14.41: which cards a hand over six after the build loses is its player's: a question, by default the highest-numbered (ruling RR-K1), warned on receipt", () => {
    const s = inBuild(start(), 'union-build')
    s.cards.USA.hand = [1, 2, 3, 4, 5, 6, 7]
    s.cards.USA.deck = { ...s.cards.USA.deck, drawPile: s.cards.USA.deck.drawPile.filter((c) => c > 7) }
    expect(rs.parseOrders(s, 'union', 'PASS').warnings.map((w) => w.message)).toEqual([
      'your hand would hold 7 cards after this build; unless you DISCARD 1 more, you are asked which go, by default the highest-numbered (14.41, ruling RR-K1)',
    ])
    const run = given(rs, s).orders('union', 'PASS').resolve()
    expect(run.state.cards.USA.hand).toEqual([1, 2, 3, 4, 5, 6])
    expect(run.texts('14.41')[0]).toMatch(/discards #7 .*: the hand was over 6\.$/)
    const q = run.questions.find((x) => x.decisionId.startsWith('hand-limit-USA'))!
    expect(q.role).toBe('union')
    expect(q.defaultOption).toBe('7')
    expect(q.options).toHaveLength(7)
    const answered = given(rs, s)
      .orders('union', 'PASS')
      .answers({ [q.decisionId]: '3' })
      .resolve()
    expect(answered.state.cards.USA.hand).toEqual([1, 2, 4, 5, 6, 7])
    // Fog: the Confederate sees the card discarded face up, not the question.
    const csa = answered.seenBy({ kind: 'role', role: 'confederate' } as never).join('\n')
    expect(csa).toMatch(/discards #3 /)
    expect(csa).not.toMatch(/which card do you discard/)
    // A standing DISCARD settles it in advance: no question.
    expect(
      given(rs, s)
        .orders('union', 'DISCARD 5')
        .resolve()
        .questions.filter((x) => x.decisionId.startsWith('hand-limit')),
    ).toEqual([])
  })

  it('refuses a card not in the hand, or named twice, with the hand in the reply', () => {
    const s = inBuild(start(), 'csa-build')
    s.cards.CSA.hand = [60, 70, 80]
    expect(rs.parseOrders(s, 'confederate', 'DISCARD 61').errors[0]!.message).toBe(
      'not in your hand: #61 (your hand: #60, #70, #80)',
    )
    expect(rs.parseOrders(s, 'confederate', 'DISCARD 60\nDISCARD 60').errors[0]!.message).toBe('#60 named twice')
    expect(rs.parseOrders(s, 'confederate', 'DISCARD').errors[0]).toMatchObject({
      message: 'DISCARD needs a card number',
      suggestion: 'e.g. DISCARD 12 30',
    })
    s.phase = 'csa-move'
    expect(rs.parseOrders(s, 'confederate', 'DISCARD 60').errors[0]!.message).toBe(
      'DISCARD belongs to a build phase; this is the csa move phase',
    )
  })

  it('14.42: in December a player may discard any cards and draw as many again; not in April', () => {
    const april = inBuild(start(), 'csa-build', 1)
    const [a] = april.cards.CSA.hand
    expect(rs.parseOrders(april, 'confederate', `REFRESH ${a}`).errors[0]!.message).toBe(
      'the winter refresh is made in a December build phase only (14.42)',
    )
    const december = inBuild(start(), 'csa-build', 3)
    const old = [...december.cards.CSA.hand]
    const run = given(rs, december)
      .orders('confederate', `REFRESH ${old.join(' ')}`)
      .resolve()
    expect(run.state.cards.CSA.hand).toHaveLength(3)
    expect(run.state.cards.CSA.hand.some((c) => old.includes(c))).toBe(false)
    expect(run.state.cards.CSA.deck.discards).toEqual(old)
  })
})

describe('RB 14.43, 17.23: where played cards go', () => {
  it('a card to be reshuffled after the next turn is held aside, then shuffled alone into its draw pile', () => {
    const s = start()
    const r = cardRun(s)
    const card = s.cards.CSA.hand[0]!
    settlePlayed(r, 'CSA', card, 'reshuffle-next-turn')
    expect(s.cards.CSA.heldAside).toEqual([{ card, returnsAfterTurn: 2 }])
    returnHeldAside(r)
    expect(s.cards.CSA.heldAside).toHaveLength(1)
    s.turn = 2
    s.cards.CSA.deck = { ...s.cards.CSA.deck, discards: [100] }
    returnHeldAside(r)
    expect(s.cards.CSA.heldAside).toEqual([])
    expect(s.cards.CSA.deck.drawPile).toContain(card)
    expect(s.cards.CSA.deck.drawPile).toHaveLength(53)
    expect(s.cards.CSA.deck.discards).toEqual([100])
  })

  it('"reshuffle into the deck" sends that card alone back at once; retained cards stay face up', () => {
    const s = start()
    const r = cardRun(s)
    const [a, b] = s.cards.USA.hand
    settlePlayed(r, 'USA', a!, 'reshuffle')
    settlePlayed(r, 'USA', b!, 'retain')
    expect(s.cards.USA.deck.drawPile).toContain(a)
    expect(s.cards.USA.inPlay).toEqual([b])
    expect(s.cards.USA.hand).toHaveLength(1)
  })
})

describe('RB 17.33: the Emancipation Proclamation and the decks', () => {
  it('takes Trent, Maximillian and Royal Navy out of the game and shuffles each draw pile with its discards', () => {
    const s = start()
    s.turn = 7
    s.phase = 'union-move'
    s.cards.CSA.hand = [61, 70]
    s.cards.CSA.inPlay = [62]
    s.cards.CSA.deck = { drawPile: [83, 90, 91], discards: [95, 96], reshuffles: 0 }
    s.cards.CSA.heldAside = [{ card: 99, returnsAfterTurn: 8 }]
    s.cards.USA.deck = { ...s.cards.USA.deck, discards: [20] }
    // The Union takes Savannah from the sea: the first capture of 1863.
    const run = given(rs, s)
      .orders('union', 'MOVE SL-3 SAVA.BS > SAVA')
      .dice({
        // A round against the battery first (10.2, 10.25): nothing hits.
        'round 1: BT-8 at SL-3 (1)': 1,
        'round 1: BT-8 at SL-3 (2)': 1,
        'round 1: SL-3 at BT-8 (1)': 1,
        'round 1: SL-3 at BT-8 (2)': 1,
        'assault on SAVA: Union die 1': 6,
        'assault on SAVA: Union die 2': 6,
        'assault on SAVA: Union die 3': 6,
        'assault on SAVA: Confederate die 1': 1,
        'assault on SAVA: Confederate die 2': 2,
        'assault on SAVA: Confederate die 3': 3,
      })
      .resolve()
    expect(run.state.emancipated).toBe(true)
    const csa = run.state.cards.CSA
    expect(csa.removed.sort()).toEqual([...EMANCIPATION_REMOVES].sort())
    expect(csa.hand).toEqual([70])
    expect(csa.inPlay).toEqual([])
    expect(csa.heldAside).toEqual([])
    expect([...csa.deck.drawPile].sort()).toEqual([90, 91, 95, 96, 99])
    expect(csa.deck.discards).toEqual([])
    expect(run.state.cards.USA.deck.discards).toEqual([])
    expect(run.state.cards.USA.deck.drawPile).toContain(20)
  })
})
