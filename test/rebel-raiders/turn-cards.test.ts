// Cards played in one's own phase whose effect lasts a turn or the game (PB 23): #33, #87, #96, #103.
import { describe, expect, it } from 'vitest'
import { given } from '../helpers/spec.ts'
import { cardPosition, type Hands, rs } from './cardPosition.ts'
import type { Phase, RrState } from '../../src/games/rebel-raiders/state.ts'

const position = (phase: Phase, hands: Hands = {}, turn = 4): RrState =>
  cardPosition({ salt: 'rr-turn-cards', hidden: '77' }, phase, hands, turn)

describe('PB 23: cards that last', () => {
  it('#33 The Grand Fleet (1864): face up, Farragut takes up to ten ships', () => {
    const s = position('union-move', { USA: [33] }, 10)
    for (let i = 20; i < 28; i++) s.pieces.push({ id: `GB-${i}`, side: 'USA', type: 'gunboat', at: 'NAVY' })
    const ships = ['SL-6', 'GB-5', ...Array.from({ length: 8 }, (_, i) => `GB-${20 + i}`)].join(',')
    expect(rs.parseOrders(s, 'union', `COMMAND FARRAGUT ${ships}`).errors.map((e) => e.message)).toEqual([
      'a commander takes at most 6 ships (7.53)',
    ])
    const run = given(rs, s).orders('union', 'PLAY 33').resolve()
    const later = structuredClone(run.state)
    later.phase = 'union-move'
    expect(rs.parseOrders(later, 'union', `COMMAND FARRAGUT ${ships}`).errors).toEqual([])
  })

  it('#87 Cotton is King: European cargo lands for 1 VP more this turn; the Trent Affair taken from the deck; the deck reshuffled', () => {
    const s = position('csa-move', { CSA: [87] })
    s.cards.CSA.deck = { ...s.cards.CSA.deck, discards: [95] }
    s.pieces.push({ id: 'BR-40', side: 'CSA', type: 'runner', at: 'WILM', cargo: 2 })
    const run = given(rs, s).orders('confederate', 'MOVE BR-40 UNLOAD\nPLAY 87').dice({ 'supply die 1': 1 }).resolve()
    expect(run.texts('9.21')[0]).toMatch(/a 2-VP marker worth 3 this turn/)
    expect(run.state.cards.CSA.hand).toContain(83)
    expect(run.state.cards.CSA.deck.drawPile).toContain(95)
    expect(run.state.cards.CSA.deck.discards).toEqual([87])
  })

  it("#96 Bonneau: a loaded runner from Havana that no interception touches; at the turn's end its card is shuffled back", () => {
    const s = position('csa-move', { CSA: [96] })
    const run = given(rs, s).orders('confederate', 'PLAY 96').resolve()
    const bonneau = run.state.named.find((n) => n.card === 96)!
    expect(run.state.pieces.find((p) => p.id === bonneau.ship)).toMatchObject({ type: 'runner', at: 'HAVA', cargo: 2 })
    expect(run.state.cards.CSA.inPlay).toEqual([96])
    // Through the Key West station past a Union gunboat: no roll is made.
    const next = structuredClone(run.state)
    next.phase = 'csa-move'
    next.pieces.push({ id: 'GB-9', side: 'USA', type: 'gunboat', at: 'KWST.BS' })
    next.pieces.find((p) => p.id === bonneau.ship)!.at = 'KEYS'
    const slip = given(rs, next).orders('confederate', `MOVE ${bonneau.ship} KWST.BS`).resolve()
    expect(slip.dice.rolls.some((r) => r.label.startsWith(`search for ${bonneau.ship}`))).toBe(false)
  })

  it('#103 Uprising!: a free counterattack on a Confederate place the Union holds, even cut off', () => {
    const s = position('csa-move', { CSA: [103] })
    s.control.MEMP = 'USA'
    expect(rs.parseOrders(s, 'confederate', 'PLAY 103 AT CAIR').errors.map((e) => e.message)).toEqual([
      'Cairo is not a Confederate city, port or fort the Union holds',
    ])
    const run = given(rs, s)
      .orders('confederate', 'PLAY 103 AT MEMP')
      .dice([
        { label: /counterattack on MEMP: Confederate die/, values: [6, 6] },
        { label: /counterattack on MEMP: Union die/, values: [1, 1] },
      ])
      .resolve()
    expect(run.texts('11.91')[0]).toMatch(/^Counterattack on Memphis \(free\)/)
    expect(run.state.control.MEMP).toBeUndefined()
  })
})
