// Cards played in their owner's phase (RB 17.2, PB 23), continued: the cards that ask their player a
// question, the cards of the start of the Union turn, the Confederate move's cards, the Union's assault
// rerolls, the order form and the Union generals (card-plays.test.ts has the checks and the rest).
import { describe, expect, it } from 'vitest'
import { RecordingDice } from '../../src/engine/dice.ts'
import { given, LabelledDice } from '../helpers/spec.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import { bindRebelPack } from '../../src/games/rebel-raiders/pack.ts'
import type { Phase, RrState } from '../../src/games/rebel-raiders/state.ts'
import { orderForm } from '../../src/games/rebel-raiders/view.ts'

const pack = rebelRaidersFactory.defaultPack()
const rs = createRebelRaiders(pack as never)
/** A position in a phase and turn, with these cards in the hands. */
const position = (phase: Phase, turn: number, hands: { CSA?: number[]; USA?: number[] } = {}): RrState => {
  const s = rs.setup('1861', {}, pack, new RecordingDice('00'.repeat(32), 'rr-plays', 0, '', '22'.repeat(32)))
  s.phase = phase
  s.turn = turn
  for (const side of ['CSA', 'USA'] as const) {
    const hand = hands[side]
    if (!hand) continue
    const t = s.cards[side]
    t.deck = { ...t.deck, drawPile: [...t.deck.drawPile, ...t.hand].filter((c) => !hand.includes(c)) }
    t.hand = [...hand]
  }
  return s
}
const errors = (s: RrState, role: string, text: string) => rs.parseOrders(s, role, text).errors.map((e) => e.message)
const _at = (s: RrState, space: string, type: string) => s.pieces.filter((p) => p.at === space && p.type === type)

describe('PB 23: cards that ask their player a question in the middle of the phase', () => {
  it('#29 Gideon Welles: three cards drawn and one kept by answer (by default the lowest-numbered, ruling RR-K3); the discards go back into the deck', () => {
    const s = position('union-build', 1, { USA: [29] })
    s.cards.USA.deck = {
      drawPile: [40, 12, 33, ...s.cards.USA.deck.drawPile.filter((c) => ![40, 12, 33].includes(c))],
      discards: [5],
      reshuffles: 0,
    }
    const byDefault = given(rs, s).orders('union', 'PLAY 29').resolve()
    expect(byDefault.questions).toHaveLength(1)
    const q = byDefault.questions[0]!
    expect(q.options.map((o) => o.id)).toEqual(['12', '33', '40'])
    expect(q.role).toBe('union')
    expect(byDefault.state.cards.USA.hand).toEqual([12])
    expect(byDefault.state.cards.USA.deck.discards).toEqual([])
    expect(byDefault.state.cards.USA.deck.drawPile).toEqual(expect.arrayContaining([5, 29, 33, 40]))
    const answered = given(rs, s)
      .orders('union', 'PLAY 29')
      .answers({ [q.decisionId]: '40' })
      .resolve()
    expect(answered.state.cards.USA.hand).toEqual([40])
    expect(answered.step.decisions[0]!.byDefault).toBe(false)
    // The Confederate player learns that a card was kept, not which.
    const seen = answered.seenBy({ kind: 'role', role: 'confederate' }).join('\n')
    expect(seen).toContain('The Union player keeps one card and discards #12')
    expect(seen).not.toContain('#40')
  })

  it("#39 All the World's a Stage: two Confederate cards taken at random, one discarded by answer (by default the higher-numbered), the other given back", () => {
    const s = position('union-move', 1, { USA: [39], CSA: [60, 70, 80, 90] })
    const run = given(rs, s).orders('union', 'PLAY 39').resolve()
    const q = run.questions[0]!
    const [low, high] = q.options.map((o) => Number(o.id))
    expect(low! < high!).toBe(true)
    expect(run.state.cards.CSA.hand).toHaveLength(3)
    expect(run.state.cards.CSA.hand).toContain(low)
    expect(run.state.cards.CSA.deck.discards).toEqual([high])
    const answered = given(rs, s)
      .orders('union', 'PLAY 39')
      .answers({ [q.decisionId]: String(low) })
      .resolve()
    expect(answered.state.cards.CSA.deck.discards).toEqual([low])
    expect(answered.state.cards.CSA.hand).toContain(high)
    // Both players see which two were taken; an observer does not.
    const taken = `#${low} `
    expect(answered.seenBy({ kind: 'role', role: 'union' }).join('\n')).toContain(taken)
    expect(answered.seenBy({ kind: 'role', role: 'confederate' }).join('\n')).toContain(taken)
    expect(answered.seenBy({ kind: 'observer' }).join('\n')).not.toContain(`#${high} `)
  })

  it('#82 A Rose by Any Other Name: the same against the Union hand, at the start of the Confederate move; one card left is the one discarded', () => {
    const s = position('csa-move', 1, { CSA: [82], USA: [7] })
    const run = given(rs, s)
      .orders('confederate', 'MOVE BR-6 WILM.BS > HATT\nPLAY 82')
      .dice({ 'supply die 1': 1 })
      .resolve()
    expect(run.questions).toEqual([])
    expect(run.state.cards.USA.hand).toEqual([])
    expect(run.state.cards.USA.deck.discards).toEqual([7])
  })
})

describe('PB 23: cards of the start of the Union turn, played in the Confederate build before it', () => {
  it('#77 Lee Moves North: before 1864 no Union assault on Fredericksburg, Richmond, Goldsboro or Norfolk this turn, refused on receipt and at resolution', () => {
    const played = given(rs, position('csa-build', 4, { CSA: [77] }))
      .orders('confederate', 'PLAY 77')
      .resolve()
    expect(played.state.phase).toBe('union-move')
    expect(played.texts('#77')).toEqual([
      'This turn the Union may not assault Fredericksburg, Richmond, Goldsboro, Norfolk.',
    ])
    expect(errors(played.state, 'union', 'MOVE SL-6 CHES > NORF.BS > NORF')).toEqual([
      '#77 Lee Moves North forbids an assault on Norfolk this turn',
    ])
    // A Union order written before the card was played meets it at resolution.
    const s = structuredClone(played.state)
    s.thisTurn = []
    const orders = rs.parseOrders(s, 'union', 'MOVE SL-6 CHES > NORF.BS > NORF')
    expect(orders.errors).toEqual([])
    const run = rs.resolve(played.state, { orders: { union: orders.commands }, decisions: {} }, new LabelledDice([]))
    expect(run.narrative.map((e) => e.text).join('\n')).toContain(
      'may not enter Norfolk: #77 Lee Moves North forbids an assault on Norfolk this turn',
    )
    // The next turn it no longer holds.
    const next = given(rs, run.state).orders('union', 'PASS').resolve()
    expect(next.state.thisTurn).toEqual([])
  })

  it('#77 in 1864: the Union loses a cannon pawn instead', () => {
    const s = position('csa-build', 10, { CSA: [77] })
    s.unionPawns = 2
    const run = given(rs, s).orders('confederate', 'PLAY 77').resolve()
    expect(run.state.unionPawns).toBe(1)
    expect(run.state.thisTurn).toEqual([])
  })

  it('#100 Battle Flags North!: only while the Union holds neither Atlanta nor Chattanooga; bars the western cities', () => {
    const s = position('csa-build', 4, { CSA: [100] })
    const run = given(rs, s).orders('confederate', 'PLAY 100').resolve()
    expect(run.state.thisTurn).toContain('no-assault:LOUI:100')
    expect(run.state.thisTurn).toHaveLength(7)
    s.control.CHAT = 'USA'
    expect(errors(s, 'confederate', 'PLAY 100')).toEqual(['the Union holds Chattanooga'])
  })
})

describe('PB 23: Confederate cards of the move phase', () => {
  it('#57 A Lively Little Trade: after the supply dice, by default each die of 4 or more is rolled again; with none, the card goes back to the hand', () => {
    const s = position('csa-move', 1, { CSA: [57] })
    const rerolled = given(rs, s)
      .orders('confederate', 'PLAY 57')
      .dice({ 'supply die 1': 5, 'supply die 1 rolled again': 2 })
      .resolve()
    expect(rerolled.state.vp).toBe(s.vp - 2)
    expect(rerolled.state.cards.CSA.deck.discards).toEqual([57])
    const kept = given(rs, s).orders('confederate', 'PLAY 57').dice({ 'supply die 1': 3 }).resolve()
    expect(kept.state.vp).toBe(s.vp - 3)
    expect(kept.state.cards.CSA.hand).toContain(57)
    expect(kept.dice.rolls.map((r) => r.label)).not.toContain('supply die 1 rolled again')
  })

  it("#57 the dice rolled again are the Confederate player's: PLAY 57 AT <n> in advance, else a question with its default", () => {
    const s = position('csa-move', 7, { CSA: [57] })
    s.control.ATLA = 'USA'
    const twoDice = { 'supply die 1': 5, 'supply die 2': 6 }
    const standing = given(rs, s)
      .orders('confederate', 'PLAY 57 AT 6')
      .dice({ ...twoDice, 'supply die 2 rolled again': 1 }, 'strict')
      .resolve()
    expect(standing.questions).toEqual([])
    expect(standing.labels).not.toContain('supply die 1 rolled again')
    const asked = given(rs, s)
      .orders('confederate', 'PLAY 57')
      .dice({ ...twoDice, 'supply die 1 rolled again': 1, 'supply die 2 rolled again': 1 })
      .resolve()
    const q = asked.questions.find((x) => x.decisionId.startsWith('card-57'))!
    expect(q.role).toBe('confederate')
    expect(q.defaultOption).toBe('5')
    expect(q.options.map((o) => o.id)).toEqual(['6', '5', '0'])
    const answered = given(rs, s)
      .orders('confederate', 'PLAY 57')
      .answers({ [q.decisionId]: '6' })
      .dice({ ...twoDice, 'supply die 2 rolled again': 1 })
      .resolve()
    expect(answered.labels).not.toContain('supply die 1 rolled again')
    // Fog: the Union reads which dice were rolled again, not the question nor the standing threshold.
    const usa = answered.seenBy({ kind: 'role', role: 'union' } as never).join('\n')
    expect(usa).toMatch(/supply dice 2 rolled again/)
    expect(usa).not.toMatch(/Which do you roll again|AT 6/)
    expect(errors(s, 'confederate', 'PLAY 57 AT 9')[0]).toMatch(/PLAY 57 AT <n>/)
  })

  it('#89 John Bell Hood: in 1864 a counterattack without the grey pawn; a failure costs twice its points', () => {
    const s = position('csa-move', 10, { CSA: [89] })
    s.control.NASH = 'USA'
    expect(errors(s, 'confederate', 'COUNTERATTACK NASH FROM MEMP')[0]).toMatch(/needs the grey pawn/)
    expect(errors(s, 'confederate', 'PLAY 89\nCOUNTERATTACK NASH FROM MEMP')).toEqual([])
    const run = given(rs, s)
      .orders('confederate', 'PLAY 89\nCOUNTERATTACK NASH FROM MEMP')
      .dice([
        { label: /counterattack on NASH: Confederate die/, values: [3, 2, 1] },
        { label: /counterattack on NASH: Union die/, values: [6, 5, 4, 1] },
        { label: /supply die/, values: [1, 1, 1, 1, 1, 1] },
      ])
      .resolve()
    expect(run.texts('11.93')[0]).toMatch(/^The counterattack on Nashville fails \(doubled by #89\): -6 VP/)
    expect(run.state.control.NASH).toBe('USA')
  })

  it('#98 Rebel Yell: from 1863, three cards more before the build; never in the turn it was drawn', () => {
    const s = position('csa-move', 7, { CSA: [98] })
    const run = given(rs, s)
      .orders('confederate', 'PLAY 98')
      .dice([{ label: /supply die/, values: [1, 1, 1, 1] }])
      .resolve()
    expect(run.state.cards.CSA.hand).toHaveLength(6)
    expect(run.texts('#98')[0]).toBe('The Confederate player draws 3 card(s) for the Rebel Yell.')
    s.cards.CSA.drawnOn[98] = 7
    expect(errors(s, 'confederate', 'PLAY 98')).toEqual(['Rebel Yell may not be played in the turn it was drawn'])
  })
})

describe("PB 23: the Union rerolls after an assault's dice, as the Union chooses (ruling RR-D1's defaults)", () => {
  const augusta = (hand: number[]) => {
    const s = position('union-move', 4, { USA: hand })
    s.control.SAVA = 'USA'
    return s
  }
  const dice = (union: number[], csa: number[], more: { label: string | RegExp; values: number | number[] }[] = []) => [
    { label: /assault on AUGU: Union die \d$/, values: union },
    { label: /assault on AUGU: Confederate die \d$/, values: csa },
    ...more,
  ]

  it('#5 Willing to Fight: a losing Union rolls all its dice again, and the new result stands', () => {
    const run = given(rs, augusta([5]))
      .orders('union', 'PLAY 5 AT AUGU\nASSAULT AUGU FROM SAVA')
      .dice(
        dice(
          [1, 2],
          [4, 1, 1, 1, 1],
          [
            { label: 'assault on AUGU: Union die 1 rolled again', values: 6 },
            { label: 'assault on AUGU: Union die 2 rolled again', values: 6 },
          ],
        ),
      )
      .resolve()
    expect(run.texts('#5').at(-1)).toBe('Willing to Fight: Union 6,6 = 7; Confederate 4,1 = 4.')
    expect(run.state.control.AUGU).toBe('USA')
  })

  it('a reroll card the Union does not need goes back to its hand', () => {
    const run = given(rs, augusta([5]))
      .orders('union', 'PLAY 5 AT AUGU\nASSAULT AUGU FROM SAVA')
      .dice(dice([6, 5], [1, 2, 3, 1, 2]))
      .resolve()
    expect(run.state.cards.USA.hand).toContain(5)
    expect(run.dice.rolls.some((r) => r.label.includes('rolled again'))).toBe(false)
  })

  it('#7 A Lack of Brains: the Confederate high die is rolled again', () => {
    const run = given(rs, augusta([7]))
      .orders('union', 'PLAY 7 AT AUGU\nASSAULT AUGU FROM SAVA')
      .dice(dice([3, 1], [5, 2, 1, 1, 1], [{ label: 'assault on AUGU: Confederate die 1 rolled again', values: 1 }]))
      .resolve()
    expect(run.state.control.AUGU).toBe('USA')
  })

  it('#5 the question: the Union names the dice rolled again (any or all); by default all while it is losing', () => {
    const play = () => given(rs, augusta([5])).orders('union', 'PLAY 5 AT AUGU\nASSAULT AUGU FROM SAVA')
    const first = play()
      .dice(dice([1, 2], [4, 1, 1, 1, 1], [{ label: /rolled again/, values: [6, 6] }]))
      .resolve()
    const q = first.questions.find((x) => x.decisionId.startsWith('card-5-AUGU'))!
    expect(q.role).toBe('union')
    expect(q.answer).toBe('text')
    expect(q.defaultOption).toBe('1,2')
    expect(rs.parseAnswer!(first.state, q, 'all')).toEqual({ answer: '1,2' })
    expect(rs.parseAnswer!(first.state, q, '2')).toEqual({ answer: '2' })
    expect('error' in rs.parseAnswer!(first.state, q, '3')).toBe(true)
    const answered = play()
      .answers({ [q.decisionId]: '2' })
      .dice(dice([1, 2], [4, 1, 1, 1, 1], [{ label: 'assault on AUGU: Union die 2 rolled again', values: 6 }]))
      .resolve()
    expect(answered.dice.rolls.filter((r) => r.label.includes('rolled again')).map((r) => r.label)).toEqual([
      'assault on AUGU: Union die 2 rolled again',
    ])
    expect(answered.texts('#5').at(-1)).toBe('Willing to Fight: Union 1,6 = 6; Confederate 4,1 = 4.')
  })

  it('#5 a winning Union may still roll again for a wider margin (the points are the difference, 11.67)', () => {
    const play = () => given(rs, augusta([5])).orders('union', 'PLAY 5 AT AUGU\nASSAULT AUGU FROM SAVA')
    const first = play()
      .dice(dice([4, 1], [3, 1, 1, 1, 1]))
      .resolve()
    const q = first.questions.find((x) => x.decisionId.startsWith('card-5-AUGU'))!
    expect(q.defaultOption).toBe('NONE')
    expect(first.state.cards.USA.hand).toContain(5)
    const answered = play()
      .answers({ [q.decisionId]: '2' })
      .dice(dice([4, 1], [3, 1, 1, 1, 1], [{ label: 'assault on AUGU: Union die 2 rolled again', values: 4 }]))
      .resolve()
    expect(answered.texts('#5').at(-1)).toBe('Willing to Fight: Union 4,4 = 5; Confederate 3,1 = 3.')
    expect(answered.state.cards.USA.hand).not.toContain(5)
  })

  it('#7 the question: the Union names the Confederate die, or NONE to keep the card; by default the high die', () => {
    const play = () => given(rs, augusta([7])).orders('union', 'PLAY 7 AT AUGU\nASSAULT AUGU FROM SAVA')
    const first = play()
      .dice(dice([3, 1], [5, 2, 1, 1, 1], [{ label: /rolled again/, values: 1 }]))
      .resolve()
    const q = first.questions.find((x) => x.decisionId.startsWith('card-7-AUGU'))!
    expect(q.options.map((o) => o.id)).toEqual(['1', '2', 'NONE'])
    expect(q.defaultOption).toBe('1')
    const kept = play()
      .answers({ [q.decisionId]: 'NONE' })
      .dice(dice([3, 1], [5, 2, 1, 1, 1]))
      .resolve()
    expect(kept.state.cards.USA.hand).toContain(7)
    expect(kept.state.control.AUGU).not.toBe('USA')
  })

  it('fog: the Confederate learns the Union reroll only from the dice it rolls', () => {
    const run = given(rs, augusta([5]))
      .orders('union', 'PLAY 5 AT AUGU\nASSAULT AUGU FROM SAVA')
      .dice(dice([1, 2], [4, 1, 1, 1, 1], [{ label: /rolled again/, values: [6, 6] }]))
      .resolve()
    const seen = run.seenBy({ kind: 'role', role: 'confederate' } as never).join('\n')
    expect(seen).toMatch(/Willing to Fight: Union 6,6 = 7/)
    expect(seen).not.toMatch(/which of your dice|Without an answer/)
  })

  it("#4 We Cross the Ford serves over a river or land line only; #85 Forrest bars the Union's rerolls", () => {
    const s = augusta([4])
    s.reactions.CSA = [{ card: 85, at: 'ALL' }]
    s.cards.CSA.hand.push(85)
    const run = given(rs, s)
      .orders('union', 'PLAY 4 AT AUGU\nASSAULT AUGU FROM SAVA')
      .dice(dice([2], [4, 1, 1, 1, 1]))
      .resolve()
    expect(run.texts('#4').at(-1)).toBe(
      'We cross the ford, never to retreat again to this side is not used (#85 Forrest bars Union rerolls) and goes back to the hand.',
    )
    expect(run.state.cards.USA.hand).toContain(4)
  })
})

describe('the order form', () => {
  it('lists the cards in the hand the judge can play in this phase, with when each acts', () => {
    const form = orderForm(
      position('csa-build', 1, { CSA: [88, 84, 64] }),
      bindRebelPack(pack.content as never),
      'confederate',
    )
    expect(form.filter((l) => l.includes('PLAY'))).toEqual([
      '#   PLAY 88 [AT ...]   P.G.T. Beauregard: during the Confederate Build Phase',
    ])
  })
})

describe('PB 23: the Union generals face up', () => {
  it('#50 William Tecumseh Sherman: from 1863, one Union die more in one assault over a land line a turn; the card stays face up', () => {
    const s = position('union-move', 7, { USA: [50] })
    s.control.SAVA = 'USA'
    s.unionPawns = 2
    const run = given(rs, s)
      .orders('union', 'PLAY 50\nASSAULT AUGU FROM SAVA')
      .dice([
        { label: /assault on AUGU: Union die/, values: [6, 5, 4, 3] },
        { label: /assault on AUGU: Confederate die/, values: [1, 2, 3, 1, 2] },
      ])
      .resolve()
    expect(run.dice.rolls.filter((r) => r.label.startsWith('assault on AUGU: Union die'))).toHaveLength(4)
    expect(run.state.cards.USA.inPlay).toEqual([50])
    expect(run.state.thisTurn).toContain('used:50')
    // The next turn it serves again.
    const later = structuredClone(run.state)
    later.phase = 'union-move'
    later.thisTurn = []
    const again = given(rs, later)
      .orders('union', 'ASSAULT CHAS FROM AUGU')
      .dice([
        { label: /Union die/, values: [1, 1, 1, 1] },
        { label: /Confederate die/, values: [6, 6, 6, 6, 6] },
      ])
      .resolve()
    expect(again.texts('#50')).toEqual([
      'William Tecumseh Sherman: the Union rolls one die more at Charleston (once this turn).',
    ])
  })

  it('#11 Sheridan: in 1864, one Union die more against a Confederate counterattack on a space next to Richmond', () => {
    const s = position('csa-move', 10, {})
    s.cards.USA.inPlay = [11]
    s.control.FRED = 'USA'
    s.csaPawns = 1
    const run = given(rs, s)
      .orders('confederate', 'COUNTERATTACK FRED FROM RICH')
      .dice([
        { label: /counterattack on FRED: Confederate die/, values: [6, 6, 6] },
        { label: /counterattack on FRED: Union die/, values: [1, 1, 1, 1, 1] },
        { label: /supply die/, values: [1, 1, 1, 1, 1, 1] },
      ])
      .resolve()
    expect(run.dice.rolls.filter((r) => r.label.startsWith('counterattack on FRED: Union die'))).toHaveLength(5)
    expect(run.texts('#11')).toEqual(['Sheridan: the Union rolls one die more at Fredericksburg (once this turn).'])
  })
})
