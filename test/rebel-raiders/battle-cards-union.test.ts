// The cards that act in a naval combat (PB 23), continued: the Union's ship-versus-battery cards, the
// cards kept with a commander and #24's landings, and #54 Dupont. Each card is named by its number;
// dice are forced by label.
import { describe, expect, it } from 'vitest'
import { given } from '../helpers/spec.ts'
import { rs } from './cardPosition.ts'
import { position, repulse } from './battleNorfolk.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'
import { parseBattlePolicy } from '../../src/games/rebel-raiders/policies.ts'

const _policy = (text: string) => parseBattlePolicy(text) as never
const _ATTACK_NORFOLK = 'MOVE SL-6,GB-5 CHES > NORF.BS > NORF'

describe('PB 23: the Union cards of a ship-versus-battery combat', () => {
  const savannah = (card: number, dice: Record<string, number>) => {
    const s = position('union-move', { USA: [card] })
    return given(rs, s)
      .orders('union', `PLAY ${card}\nMOVE SL-3 SAVA.BS > SAVA\nTACTICS SAVA 0`)
      .dice(
        {
          ...dice,
          'assault on SAVA: Union die 1': 6,
          'assault on SAVA: Confederate die 1': 2,
          'assault on SAVA: Confederate die 2': 3,
          'assault on SAVA: Confederate die 3': 3,
          'capture of SAVA': 1,
          'speed of BR-4': 1,
          'search for BR-4 by SL-3': 6,
        },
        'strict',
      )
      .resolve()
  }

  it('#1 Damn the Torpedoes: the battery fires first, then the sloop answers with four dice', () => {
    const run = savannah(1, {
      'round 1: BT-8 at SL-3 (1)': 1,
      'round 1: BT-8 at SL-3 (2)': 1,
      'round 1: SL-3 at BT-8 (1)': 1,
      'round 1: SL-3 at BT-8 (2)': 1,
      'round 1: SL-3 at BT-8 (3)': 1,
      'round 1: SL-3 at BT-8 (4)': 1,
    })
    expect(run.state.control.SAVA).toBe('USA')
    expect(run.state.cards.USA.deck.discards).toContain(1)
  })

  it('#1: a sloop sunk by the batteries firing first does not answer', () => {
    const s = position('union-move', { USA: [1] })
    const run = given(rs, s)
      .orders('union', 'PLAY 1\nMOVE SL-3 SAVA.BS > SAVA')
      .dice({ 'round 1: BT-8 at SL-3 (1)': 6, 'round 1: BT-8 at SL-3 (2)': 1 }, 'strict')
      .resolve()
    expect(run.state.pieces.some((p) => p.id === 'SL-3')).toBe(false)
  })

  it('#25 Black Terror: the battery holds its fire in the first round', () => {
    const run = savannah(25, { 'round 1: SL-3 at BT-8 (1)': 1, 'round 1: SL-3 at BT-8 (2)': 1 })
    expect(run.texts('10.1')[0]).toMatch(/round 1: BT-8 fires at the decoy/)
  })
})

describe("PB 23: the cards kept with a commander, and #24's landings", () => {
  it('#37 USS Hartford: with Farragut, one of his sloops shrugs off a hit in each battle', () => {
    const s = position('union-move')
    s.cards.USA.inPlay = [37]
    s.pieces.push({ id: 'SL-9', side: 'USA', type: 'sloop', at: 'NORF.BS' })
    s.commanders.FARRAGUT = ['SL-9']
    const run = given(rs, s)
      .orders('union', 'MOVE FARRAGUT NORF\nPOLICY ALL ON BATTLE: RETREAT')
      .dice(
        {
          'round 1: BT-5 at SL-9 (1)': 5,
          'round 1: BT-5 at SL-9 (2)': 1,
          'round 1: GB-2 at SL-9 (1)': 1,
          'round 1: SL-9 at GB-2 (1)': 1,
          'round 1: SL-9 at GB-2 (2)': 1,
          ...repulse,
        },
        'strict',
      )
      .resolve()
    expect(run.texts('#37')).toEqual(['SL-9 is the Hartford, with Farragut: it may shrug off one hit in this battle.'])
    expect(run.state.pieces.some((p) => p.id === 'SL-9')).toBe(true)
    expect(run.state.cards.USA.inPlay).toEqual([37])
  })

  it('#2 Porter: with a gunboat of his against batteries, two mortar dice before the fight, each 6 a battery destroyed', () => {
    const s = position('union-move')
    s.cards.USA.inPlay = [2]
    s.pieces.push({ id: 'GB-9', side: 'USA', type: 'gunboat', at: 'SAVA.BS' })
    s.commanders.PORTER = ['GB-9']
    const run = given(rs, s)
      .orders('union', 'MOVE PORTER SAVA')
      .dice(
        {
          '#2 mortar boats at SAVA (1)': 6,
          '#2 mortar boats at SAVA (2)': 3,
          'assault on SAVA: Union die 1': 6,
          'assault on SAVA: Confederate die 1': 1,
          'assault on SAVA: Confederate die 2': 1,
          'capture of SAVA': 1,
          'speed of BR-4': 1,
          'search for BR-4 by GB-9': 1,
        },
        'strict',
      )
      .resolve()
    expect(run.texts('#2')).toEqual(["Porter's mortar boats fire at Savannah (6, 3): BT-8 destroyed."])
    expect(run.state.control.SAVA).toBe('USA')
  })

  it('#2 goes to the discards when every ship with Porter is lost (10.5)', () => {
    const s = position('csa-move')
    s.cards.USA.inPlay = [2]
    s.pieces.push({ id: 'GB-9', side: 'USA', type: 'gunboat', at: 'NORF.BS' })
    s.commanders.PORTER = ['GB-9']
    const run = given(rs, s)
      .orders('confederate', 'MOVE GB-2 NORF.BS')
      .dice({ 'round 1: GB-9 at GB-2 (1)': 1, 'round 1: GB-2 at GB-9 (1)': 4 })
      .resolve()
    expect(run.state.commanders).toEqual({})
    expect(run.state.cards.USA.deck.discards).toContain(2)
  })

  it("7.53: Farragut picking up all of Porter's ships takes Porter along as his subordinate", () => {
    const s = position('union-move')
    for (const id of ['SL-9', 'SL-10']) s.pieces.push({ id, side: 'USA', type: 'sloop', at: 'WGLF' })
    for (const id of ['GB-9', 'GB-10']) s.pieces.push({ id, side: 'USA', type: 'gunboat', at: 'NORL.BS' })
    s.commanders.FARRAGUT = ['SL-9', 'SL-10']
    s.commanders.PORTER = ['GB-9', 'GB-10']
    const run = given(rs, s).orders('union', 'MOVE FARRAGUT WGLF > NORL.BS > PICKUP(GB-9,GB-10)').resolve()
    expect(run.state.commanders).toEqual({ FARRAGUT: ['SL-9', 'SL-10', 'GB-9', 'GB-10'], PORTER: ['GB-9', 'GB-10'] })
    expect(run.texts('7.53')).toContain('Porter comes along with his ships as a subordinate.')
  })

  it('#24 From Sea to Shining Sea: two pawns more, for landings beyond the one a turn, each with a die more', () => {
    const s = position('union-move', { USA: [24] }, 4)
    expect(rs.parseOrders(s, 'union', 'MOVE SL-3 SAVA.BS > SAVA\nMOVE SL-2 PENS.BS > PENS').errors).toHaveLength(1)
    expect(rs.parseOrders(s, 'union', 'PLAY 24\nMOVE SL-3 SAVA.BS > SAVA\nMOVE SL-2 PENS.BS > PENS').errors).toEqual([])
    const run = given(rs, s)
      .orders('union', 'MOVE SL-3 SAVA.BS > SAVA\nPLAY 24')
      .dice({ 'round 1: BT-8 at SL-3 (1)': 1, 'round 1: BT-8 at SL-3 (2)': 1 })
      .resolve()
    // 1862 gives two dice; the #24 landing one more.
    expect(run.dice.rolls.filter((r) => r.label.startsWith('assault on SAVA: Union die'))).toHaveLength(3)
    expect(run.texts('7.73')[0]).toMatch(/a #24 landing/)
    expect(run.state.cards.USA.deck.discards).toContain(24)
  })
})

describe('PB 23: #54 Samuel Francis Dupont', () => {
  const attack = (s: RrState, orders: string, dice: Record<string, number>) =>
    given(rs, s)
      .orders('union', `${orders}\nMOVE SL-3 SAVA.BS > SAVA\nTACTICS SAVA 0`)
      .dice(
        {
          ...dice,
          'assault on SAVA: Union die 1': 1,
          'assault on SAVA: Confederate die 1': 2,
          'assault on SAVA: Confederate die 2': 3,
          'assault on SAVA: Confederate die 3': 3,
        },
        'strict',
      )
      .resolve()

  it('each battery rolls a die fewer in the first round; a lost assault there sends the card to the discards', () => {
    const run = attack(position('union-move', { USA: [54] }), 'PLAY 54', {
      'round 1: BT-8 at SL-3 (1)': 1,
      'round 1: SL-3 at BT-8 (1)': 1,
      'round 1: SL-3 at BT-8 (2)': 1,
    })
    expect(run.texts('#54')).toEqual([
      'Dupont: each battery rolls a die fewer in the first round.',
      'The assault Dupont supported fails: his card goes to the discards.',
    ])
    expect(run.state.cards.USA.deck.discards).toContain(54)
  })

  it('face up from an earlier turn it acts by itself, once a turn; #110 forces it out instead of its +1', () => {
    const s = position('union-move', { CSA: [110] })
    s.cards.USA.inPlay = [54]
    s.reactions.CSA = [{ card: 110, at: 'ALL' }]
    const run = attack(s, 'PASS', {
      'round 1: BT-8 at SL-3 (1)': 1,
      'round 1: BT-8 at SL-3 (2)': 1,
      'round 1: SL-3 at BT-8 (1)': 1,
      'round 1: SL-3 at BT-8 (2)': 1,
    })
    // Both battery dice are rolled: #110 took Dupont away before the round.
    expect(run.texts('#110')).toEqual([
      'Hulks, Rafts & Chains: #54 Samuel Francis Dupont is forced into the Union discards.',
    ])
    expect(run.state.cards.USA.inPlay).toEqual([])
  })
})
