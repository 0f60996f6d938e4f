// PB 19.55 (the 1862 start, option C): each side may put back cards of its drawn opening hand for
// fresh ones, as in the winter refresh (14.42); ruling RR-S63 says when the orders carry it.
import { describe, expect, it } from 'vitest'
import { given, LabelledDice } from '../helpers/spec.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'

const pack = rebelRaidersFactory.defaultPack()
const rs = createRebelRaiders(pack as never)
const start = (cards: string) => rs.setup('1862', { cards }, pack, new LabelledDice([])) as RrState
const errors = (s: RrState, role: string, text: string) => rs.parseOrders(s, role, text).errors.map((e) => e.message)

describe('PB 19.55: the open cards’ opening redraw', () => {
  it('the Union in its April 1862 move, the Confederacy with its standing orders then: the cards put back, as many drawn', () => {
    const s = start('C')
    const [u1, u2] = s.cards.USA.hand
    const [c1] = s.cards.CSA.hand
    const nextUnion = s.cards.USA.deck.drawPile.slice(0, 2)
    const nextCsa = s.cards.CSA.deck.drawPile.slice(0, 1)
    const run = given(rs, s)
      .orders('union', `REFRESH ${u1} ${u2}\nPASS`)
      .orders('confederate', `REFRESH ${c1}`)
      .resolve()
    const after = run.state.cards
    expect(after.USA.hand).toEqual([...s.cards.USA.hand.slice(2), ...nextUnion, ...after.USA.hand.slice(5)])
    expect(after.USA.deck.discards).toEqual(expect.arrayContaining([u1, u2]))
    expect(after.CSA.hand.slice(0, 6)).toEqual([...s.cards.CSA.hand.slice(1), ...nextCsa])
    expect(run.state.marks?.redrawn).toEqual(['USA', 'CSA'])
    expect(run.texts('19.55')[0]).toMatch(/^The Union player discards #\d+ .*, #\d+ .* for fresh cards\.$/)
  })
  it('once a side: a second REFRESH is refused as out of its phase; the Confederacy may still redraw in August 1862', () => {
    const s = start('C')
    s.marks = { redrawn: ['USA'] }
    expect(errors(s, 'union', `REFRESH ${s.cards.USA.hand[0]}`)).toEqual([
      'REFRESH belongs to a build phase; this is the union move phase',
    ])
    Object.assign(s, { turn: 5, phase: 'csa-move' })
    const c1 = s.cards.CSA.hand[0]!
    const run = given(rs, s).orders('confederate', `REFRESH ${c1}`).resolve()
    expect(run.state.cards.CSA.deck.discards).toContain(c1)
    expect(run.state.marks?.redrawn).toEqual(['USA', 'CSA'])
  })
  it('not with the historic cards A or B; a card not in the hand is refused', () => {
    const a = start('A')
    expect(errors(a, 'union', 'REFRESH 12')).toEqual(['REFRESH belongs to a build phase; this is the union move phase'])
    const c = start('C')
    const missing = [1, 2, 3, 4, 5, 6, 7].find((n) => !c.cards.USA.hand.includes(n))!
    expect(errors(c, 'union', `REFRESH ${missing}`)).toEqual([`not in your hand: #${missing}`])
  })
})
