// The cards of issue 11 played by the judge (PB 23, in our own words): foreign affairs, rerolls in a
// naval combat, Longstreet and the Union's extra land attack, the storms, the cargoes and the
// ships the cards place. Each test names the card and the rule or ruling it checks.
import { describe, expect, it } from 'vitest'
import { given } from '../../src/games/kit/spec.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'
import { cardPosition, type Hands, rs } from './cardPosition.ts'

const seed = { salt: 'rr-more', hidden: '5a' }
const position = (phase: RrState['phase'], turn: number, hands: Hands, inPlay: Hands = {}): RrState => {
  const s = cardPosition(seed, phase, hands, turn)
  for (const side of ['CSA', 'USA'] as const)
    for (const c of inPlay[side] ?? []) {
      const t = s.cards[side]
      t.deck = { ...t.deck, drawPile: t.deck.drawPile.filter((x) => x !== c) }
      t.inPlay.push(c)
    }
  return s
}
const errors = (s: RrState, role: string, text: string) => rs.parseOrders(s, role, text).errors.map((e) => e.message)
const count = (s: RrState, at: string, type: string) => s.pieces.filter((p) => p.at === at && p.type === type).length

describe('#61 Maximillian (PB 23, RB 13.21, 17.33)', () => {
  it('#61 is played only once #83 Trent Affair is face up, and never after the Emancipation', () => {
    expect(errors(position('csa-move', 1, { CSA: [61] }), 'confederate', 'PLAY 61')).toEqual([
      'it is played only once #83 Trent Affair is face up',
    ])
    const freed = position('csa-move', 7, { CSA: [61] }, { CSA: [83] })
    freed.emancipated = true
    expect(errors(freed, 'confederate', 'PLAY 61')).toEqual(['not after the Emancipation Proclamation (17.33)'])
  })

  it('#61 (13.21, ruling RR-K11): the supply loss is a point less for each of Galveston, Arkansas Post, Vicksburg and New Orleans held, never a gain; a free runner in Vera Cruz each Confederate build', () => {
    const s = position('csa-move', 1, { CSA: [61] }, { CSA: [83] })
    const vp = s.vp
    const move = given(rs, s).orders('confederate', 'PLAY 61').dice({ 'supply die 1': 5 }).resolve()
    expect(move.state.cards.CSA.inPlay).toEqual([83, 61])
    expect(move.state.vp).toBe(vp - 1)
    expect(move.texts('#61').join(' ')).toMatch(/the supply loss is 4 less/)
    const small = given(rs, s).orders('confederate', 'PLAY 61').dice({ 'supply die 1': 2 }).resolve()
    expect(small.state.vp).toBe(vp)
    const runners = count(move.state, 'VERA', 'runner')
    const build = given(rs, move.state).orders('confederate', 'PASS').resolve()
    expect(count(build.state, 'VERA', 'runner')).toBe(runners + 1)
    const gone = structuredClone(move.state)
    gone.emancipated = true
    expect(count(given(rs, gone).orders('confederate', 'PASS').resolve().state, 'VERA', 'runner')).toBe(runners)
  })
})
