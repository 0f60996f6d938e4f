// PB 18.5 Lee Goes West: #60 a sure December 1861 draw (18.51), Lee sent outside Virginia by
// `LEE AT <space>` (18.52, ruling RR-O10), one die again after a move, and his fate when the space he
// holds falls (18.53).
import { describe, expect, it } from 'vitest'
import { given, LabelledDice } from '../helpers/spec.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import type { Phase, RrState } from '../../src/games/rebel-raiders/state.ts'

const pack = rebelRaidersFactory.defaultPack()
const rs = createRebelRaiders(pack as never)
const start = (optional: string, phase: Phase, turn: number) => {
  const s = rs.setup('1861', { optional }, pack, new LabelledDice([])) as RrState
  Object.assign(s, { phase, turn })
  return s
}
const errors = (s: RrState, role: string, text: string) => rs.parseOrders(s, role, text).errors.map((e) => e.message)
/** Lee where the test wants him: face up, or in the hand. */
const withLee = (s: RrState, where: 'inPlay' | 'hand', wanted: string[] = []) => {
  const t = s.cards.CSA
  t.hand = t.hand.filter((c) => c !== 60)
  t.deck = { ...t.deck, drawPile: t.deck.drawPile.filter((c) => c !== 60) }
  t[where].push(60)
  s.marks = { ...s.marks, leeWanted: wanted }
  return s
}
/** A Union river assault on Island No. 10 in 1862 the Confederacy is losing, and Lee's dice if he comes. */
const assaultIS10 = (s: RrState, dice: { label: string | RegExp; values: number | number[] }[]) =>
  given(rs, s)
    .orders('union', 'ASSAULT IS10 FROM CAIR')
    .dice([
      { label: /assault on IS10: Union die/, values: [6, 1] },
      { label: /assault on IS10: Confederate die/, values: [1, 2, 3] },
      ...dice,
    ])
    .resolve()
const leeRolls = (run: ReturnType<typeof assaultIS10>) => run.dice.rolls.filter((r) => r.label.startsWith('#60 Lee'))

describe('PB 18.51: Lee a sure draw in December 1861', () => {
  it('as the December 1861 Confederate build opens, #60 is one of the three cards drawn', () => {
    const s = start('18.5', 'csa-move', 3)
    const hand = s.cards.CSA.hand.length
    const run = given(rs, s).orders('confederate', 'PASS').resolve()
    expect(run.state.cards.CSA.hand).toContain(60)
    expect(run.state.cards.CSA.hand).toHaveLength(hand + 3)
    const august = given(rs, start('18.5', 'csa-move', 2))
      .orders('confederate', 'PASS')
      .resolve()
    expect(august.texts('18.51')).toEqual([])
  })
})

describe('PB 18.52: Lee outside Virginia', () => {
  it('LEE AT: a Confederate standing order, only with the option', () => {
    const s = start('18.5', 'union-move', 5)
    expect(errors(s, 'confederate', 'LEE AT IS10,MEMP')).toEqual([])
    expect(rs.parseOrders(s, 'confederate', 'LEE OFF').normalised).toEqual(['LEE OFF  # 18.5'])
    expect(errors(start('', 'union-move', 5), 'confederate', 'LEE AT IS10')).toEqual([
      'Lee Goes West is optional rule 18.5, not chosen for this game',
    ])
    expect(errors(s, 'union', 'LEE AT IS10')).toEqual(['only the Confederacy sends Lee (18.5)'])
  })
  it('face up with his marker in Virginia: a 5-6 sends him where he is asked, and he rolls two Confederate dice again', () => {
    const goes = assaultIS10(withLee(start('18.5', 'union-move', 5), 'inPlay', ['IS10']), [
      { label: '18.52 Lee leaves Virginia for IS10', values: 5 },
      { label: /#60 Lee/, values: [6, 6] },
    ])
    expect(goes.texts('18.52')).toEqual(['Lee is asked to leave Virginia for Island No. 10 (die 5): he goes.'])
    expect(leeRolls(goes)).toHaveLength(2)
    expect(goes.state.control.IS10).toBeUndefined()
    expect(goes.state.marks?.lee).toMatchObject({ free: true, turn: 5, at: 'IS10' })
    const refuses = assaultIS10(withLee(start('18.5', 'union-move', 5), 'inPlay', ['IS10']), [
      { label: '18.52 Lee leaves Virginia for IS10', values: 4 },
    ])
    expect(leeRolls(refuses)).toEqual([])
    expect(refuses.state.control.IS10).toBe('USA')
  })
  it('from the hand a 3-6 sends him, face up; not asked, or without the option, he stays in Virginia', () => {
    const fromHand = assaultIS10(withLee(start('18.5', 'union-move', 5), 'hand', ['ALL']), [
      { label: '18.52 Lee leaves Virginia for IS10', values: 3 },
      { label: /#60 Lee/, values: [6, 6] },
    ])
    expect(fromHand.state.cards.CSA.inPlay).toContain(60)
    expect(leeRolls(fromHand)).toHaveLength(2)
    expect(leeRolls(assaultIS10(withLee(start('18.5', 'union-move', 5), 'inPlay'), []))).toEqual([])
    expect(leeRolls(assaultIS10(withLee(start('', 'union-move', 5), 'inPlay', ['IS10']), []))).toEqual([])
  })
  it('having gone to one space outside Virginia he holds it for the turn', () => {
    const s = withLee(start('18.5', 'union-move', 5), 'inPlay', ['ALL'])
    s.marks = { ...s.marks, lee: { free: true, turn: 5, at: 'MEMP' } }
    expect(leeRolls(assaultIS10(s, []))).toEqual([])
  })
})

describe('PB 18.53: Lee moving in Virginia, and his fate when his space falls', () => {
  it('after moving between Virginian spaces in a turn he rolls one die again (the 18.5 example: Lee at Fredericksburg, then defending Richmond)', () => {
    const s = withLee(start('18.5', 'union-move', 5), 'inPlay')
    s.control.NORF = 'USA'
    s.marks = { ...s.marks, lee: { turn: 5, at: 'FRED' } }
    const run = given(rs, s)
      .orders('union', 'ASSAULT RICH FROM NORF')
      .dice([
        { label: /assault on RICH: Union die/, values: [6, 5] },
        { label: /assault on RICH: Confederate die/, values: [1, 2, 3, 4] },
        { label: /#60 Lee/, values: [6] },
      ])
      .resolve()
    expect(leeRolls(run)).toHaveLength(1)
  })
  const fallsWith = (die: number) => {
    const s = withLee(start('18.5', 'union-move', 5), 'inPlay', ['IS10'])
    s.marks = { ...s.marks, lee: { free: true, turn: 5, at: 'IS10' } }
    return assaultIS10(s, [
      { label: /#60 Lee/, values: [1, 1] },
      { label: "18.53 Lee's fate at IS10", values: die },
    ]).state.cards.CSA
  }
  it('the space he holds falls: 1-2 back to the hand, 3-5 into the deck, 6 killed', () => {
    expect(fallsWith(2).hand).toContain(60)
    expect(fallsWith(4).deck.drawPile).toContain(60)
    expect(fallsWith(6).removed).toContain(60)
    expect(fallsWith(6).inPlay).not.toContain(60)
  })
})

describe('PB 18: the optional rules in the report', () => {
  it("lists the rules in play and where each stands; Lee's orders only to the Confederate", () => {
    const s = start('18.4,18.5,18.6,18.21', 'union-move', 7)
    s.marks = { resolveFailures: 1, hunts: { turn: 7, left: 1 }, leeWanted: ['IS10'], lee: { free: true } }
    const seen = (role: string) =>
      (rs.reportModel!(s, { kind: 'role', role }) as { rr: { optional: string[] } }).rr.optional
    expect(seen('confederate')).toEqual([
      "In play: 18.21 Hunt's Artillery; 18.4 Union Resolve (with 18.6); 18.5 Lee Goes West; 18.6 Confederate Sudden Death Victory (18.61 with Union Resolve, 18.62 without).",
      'Union Resolve: 1 failure(s); the track stands at 0.',
      "Hunt's Artillery: 1 for Apr 1863.",
      'Lee: free to go anywhere; sent to IS10.',
    ])
    expect(seen('union').at(-1)).toBe('Lee: free to go anywhere.')
    expect(
      (rs.reportModel!(start('', 'union-move', 7), { kind: 'observer' }) as { rr: { optional: string[] } }).rr.optional,
    ).toEqual([])
  })
})
