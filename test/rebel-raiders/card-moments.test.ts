// Standing reactions at the other moments of a phase, and the answers to a card (PB 23): each card by
// its number, its moment forced by the orders and its dice by label.
import { describe, expect, it } from 'vitest'
import { given } from '../helpers/spec.ts'
import { cardPosition, type Hands, rs } from './cardPosition.ts'
import type { Phase, RrState } from '../../src/games/rebel-raiders/state.ts'

const position = (phase: Phase, hands: Hands = {}, turn = 4): RrState =>
  cardPosition({ salt: 'rr-moments', hidden: '66', standing: true }, phase, hands, turn)

describe('PB 23: answers at a port entry, a raid and a landing', () => {
  it('#56 Infernal Machines: each Union ship entering strikes a torpedo on 5-6 and falls back; with none left, 2 VP', () => {
    const s = position('union-move', { CSA: [56] })
    const run = given(rs, s)
      .orders('union', 'MOVE SL-3 SAVA.BS > SAVA')
      .dice({ '#56 SL-3 among the torpedoes': 5 }, 'strict')
      .resolve()
    expect(run.state.pieces.find((p) => p.id === 'SL-3')!.at).toBe('SAVA.BS')
    expect(run.state.vp).toBe(s.vp + 2)
    expect(run.state.cards.CSA.heldAside).toEqual([{ card: 56, returnsAfterTurn: 5 }])
  })

  it('#43 Armed Merchantman (1864): the raider is damaged at its raid, falls back where it came from and raids no more', () => {
    const s = position('csa-move', { USA: [43] }, 10)
    s.pieces.find((p) => p.id === 'RD-1')!.at = 'CARI'
    s.pieces = s.pieces.filter((p) => !(p.side === 'USA' && p.at === 'SAMR'))
    const run = given(rs, s).orders('confederate', 'MOVE RD-1 SAMR > RAID x2').resolve()
    expect(run.state.pieces.find((p) => p.id === 'RD-1')!.at).toBe('CARI')
    expect(run.dice.rolls.some((r) => r.label.startsWith('raid by RD-1'))).toBe(false)
    expect(run.texts('#43')).toHaveLength(1)
  })

  it("#40 Satin & Lace: standing, at the turn's first landing a 2-VP European cargo scores 1", () => {
    const s = position('csa-move', { USA: [40] })
    s.pieces.push({ id: 'BR-40', side: 'CSA', type: 'runner', at: 'WILM', cargo: 2 })
    const run = given(rs, s).orders('confederate', 'MOVE BR-40 UNLOAD').dice({ 'supply die 1': 1 }).resolve()
    expect(run.texts('9.21')).toContain(
      'BR-40 lands its cargo in Wilmington (a 2-VP marker worth 1 this turn): +1 VP to the Confederacy (now 11).',
    )
    expect(run.state.cards.USA.inPlay).toEqual([40])
  })
})

describe('PB 23: answers to an assault', () => {
  const landAssault = (hands: { CSA?: number[]; USA?: number[] }) => {
    const s = position('union-move', hands)
    s.control.SAVA = 'USA'
    return s
  }
  it("#80 the dice rolled again are the Confederate player's: a question, every die but the highest by default", () => {
    const assault = () =>
      given(rs, landAssault({ CSA: [80] }))
        .orders('union', 'ASSAULT AUGU FROM SAVA')
        .dice([
          { label: /assault on AUGU: Union die/, values: [5, 1] },
          { label: /assault on AUGU: Confederate die [12]$/, values: [4, 1] },
          { label: /rallied \(1\)/, values: [6, 6] },
        ])
    const byDefault = assault().resolve()
    const q = byDefault.questions.find((x) => x.decisionId.startsWith('card-80'))!
    expect(q.role).toBe('confederate')
    expect(q.defaultOption).toBe('others')
    expect(q.options.map((o) => o.id)).toEqual(['others', 'all', 'none'])
    expect(byDefault.labels.filter((l) => l.includes('rallied (1)'))).toEqual([
      'assault on AUGU: Confederate die 2 rallied (1)',
    ])
    const all = assault()
      .answers({ [q.decisionId]: 'all' })
      .resolve()
    expect(all.labels.filter((l) => l.includes('rallied (1)'))).toHaveLength(2)
    // Fog: the Union sees the new dice, not the question.
    expect(all.seenBy({ kind: 'role', role: 'union' } as never).join('\n')).not.toMatch(/Which do you roll again/)
  })

  it('#80 Rally, Men!: by default, while losing, the Confederacy rolls again every die but its highest, up to twice', () => {
    const run = given(rs, landAssault({ CSA: [80] }))
      .orders('union', 'ASSAULT AUGU FROM SAVA')
      .dice([
        { label: /assault on AUGU: Union die/, values: [5, 1] },
        { label: /assault on AUGU: Confederate die [12]$/, values: [4, 1] },
        { label: /Confederate die 2 rallied \(1\)/, values: 2 },
        { label: /Confederate die 2 rallied \(2\)/, values: 6 },
      ])
      .resolve()
    expect(run.texts('#80').slice(-1)).toEqual(['Rally, Men!: Confederate 4,6 = 6 against 5.'])
    expect(run.state.control.AUGU).toBeUndefined()
  })

  it('#97 Lincoln and his Generals: a beaten assault costs the Union a general face up', () => {
    const s = landAssault({ CSA: [97] })
    s.cards.USA.inPlay = [50]
    const run = given(rs, s)
      .orders('union', 'ASSAULT AUGU FROM SAVA')
      .dice([
        { label: /assault on AUGU: Union die/, values: [1, 1, 1] },
        { label: /assault on AUGU: Confederate die/, values: [6, 6] },
      ])
      .resolve()
    expect(run.state.cards.USA.inPlay).toEqual([])
    expect(run.state.cards.USA.deck.discards).toContain(50)
  })
})

describe('PB 23: Miscommunication', () => {
  it('#109 answers the Union card as it is played: back to the hand, not again this turn', () => {
    const s = position('union-move', { CSA: [109], USA: [30] }, 2)
    const run = given(rs, s).orders('union', 'PLAY 30 AT STLO').resolve()
    expect(run.state.cards.USA.hand).toContain(30)
    expect(run.state.arriving.filter((a) => a.type === 'gunboat')).toEqual([])
    expect(run.state.cards.CSA.deck.discards).toContain(109)
    expect(run.state.thisTurn).toContain('answered:30')
    const again = structuredClone(run.state)
    again.phase = 'union-move'
    expect(rs.parseOrders(again, 'union', 'PLAY 30 AT STLO').errors[0]!.message).toBe(
      '#30 Gustavus Fox was answered this turn and may not be played again before the next',
    )
  })

  it('#53 answers a Confederate reaction; AT a card number answers that card only; #109 never answers #36', () => {
    const s = position('union-move', { CSA: [85], USA: [53] })
    s.reactions.USA = [{ card: 53, at: '91' }]
    s.control.SAVA = 'USA'
    const run = given(rs, s)
      .orders('union', 'ASSAULT AUGU FROM SAVA')
      .dice([
        { label: /assault on AUGU: Union die/, values: [6] },
        { label: /assault on AUGU: Confederate die/, values: [1, 1] },
        { label: /capture of AUGU|loss of/, values: [1, 1] },
      ])
      .resolve()
    // #53 stood against #91 only: #85 Forrest acts.
    expect(run.state.cards.USA.hand).toContain(53)
    expect(rs.parseOrders(s, 'confederate', 'REACT 109 AT 85').errors.map((e) => e.message)).toEqual([
      "#109 Miscommunication answers one of the other side's cards: REACT 109 AT <its card number>, or ALL",
    ])
  })
})

describe('PB 23: the Confederate generals in Virginia, and #51 against them', () => {
  /** The Union assaults Fredericksburg from Washington over the land line. */
  const fredericksburg = (s: RrState, dice: { label: RegExp | string; values: number | number[] }[]) =>
    given(rs, s).orders('union', 'ASSAULT FRED FROM WASH').dice(dice).resolve()

  it('#104 Stonewall Jackson: played, Lee comes from the deck; face up, two dice more at Fredericksburg, then a die for his life', () => {
    const play = given(rs, position('csa-move', { CSA: [104] }))
      .orders('confederate', 'PLAY 104')
      .dice({ 'supply die 1': 1 })
      .resolve()
    expect(play.state.cards.CSA.hand).toContain(60)
    expect(play.state.cards.CSA.inPlay).toEqual([104])
    const s = position('union-move')
    s.cards.CSA.inPlay = [104]
    const run = fredericksburg(s, [
      { label: /assault on FRED: Union die/, values: [6, 6] },
      { label: /assault on FRED: Confederate die/, values: [1, 1, 1, 1] },
      { label: "#104 Jackson's fate at FRED", values: 5 },
      { label: /capture of FRED|loss of/, values: [1, 1] },
    ])
    expect(run.dice.rolls.filter((r) => r.label.startsWith('assault on FRED: Confederate die'))).toHaveLength(4)
    expect(run.state.cards.CSA.removed).toEqual([104])
  })

  it('#60 Bobby Lee: while losing at Fredericksburg the lowest Confederate die is rolled again', () => {
    const s = position('union-move')
    s.cards.CSA.inPlay = [60]
    const run = fredericksburg(s, [
      { label: /assault on FRED: Union die/, values: [4, 1] },
      { label: /assault on FRED: Confederate die [12]$/, values: [3, 2] },
      { label: /#60 Lee: Confederate die 2 at FRED rolled again/, values: 6 },
    ])
    expect(run.texts('#60')).toEqual(['Bobby Lee: Confederate 3,2 become 3,6.'])
    expect(run.state.control.FRED).toBeUndefined()
  })

  it('#51 General Incapacitated: the Confederate defence beaten, a general face up is discarded', () => {
    const s = position('union-move', { USA: [51] })
    s.reactions.USA = [{ card: 51, at: 'ALL' }]
    s.cards.CSA.inPlay = [60]
    const run = fredericksburg(s, [
      { label: /assault on FRED: Union die/, values: [6, 6] },
      { label: /assault on FRED: Confederate die/, values: [1, 2] },
      { label: /#60 Lee/, values: [1] },
      { label: /capture of FRED|loss of/, values: [1, 1] },
    ])
    expect(run.state.control.FRED).toBe('USA')
    expect(run.state.cards.CSA.inPlay).toEqual([])
    expect(run.state.cards.CSA.deck.discards).toContain(60)
  })
})

describe("PB 23: the cards played as the other side's build begins", () => {
  it('#42 The Horse Soldiers (from 1863): a Union die as high as the Confederate one takes a build this turn', () => {
    const s = position('csa-build', { USA: [42] }, 7)
    const ports = ['NORF', 'WILM', 'CHAS', 'SAVA', 'MOBL']
    const run = given(rs, s)
      .orders('confederate', ports.map((p) => `BUILD GUNBOAT AT ${p}`).join('\n'))
      .dice({ '#42 horse soldiers: Union die': 3, '#42 horse soldiers: Confederate die': 3 })
      .resolve()
    expect(run.texts('#42')).toEqual([
      'The Horse Soldiers: Union 3 against 3: one Confederate build and one arsenal battery fewer this turn.',
    ])
    expect(run.texts('14').filter((t) => t.startsWith('Build order'))).toEqual([
      'Build order on line 5 not carried out: a gunboat costs 1 build(s); 0 left (14.24).',
    ])
  })

  it('#58 Corruption: each Union ship a build more; Porter face up goes back into the deck', () => {
    const s = position('union-build', { CSA: [58] })
    s.cards.USA.inPlay = [2]
    // Six builds in April 1862 (ruling RR-B1): three sloops at two builds, the fourth refused.
    const run = given(rs, s).orders('union', 'BUILD SLOOP\nBUILD SLOOP\nBUILD SLOOP\nBUILD SLOOP').resolve()
    expect(run.texts('14').filter((t) => t.startsWith('Build order'))).toEqual([
      'Build order on line 4 not carried out: a sloop costs 2 build(s); 0 left (15.41).',
    ])
    expect(run.state.cards.USA.inPlay).toEqual([])
    expect(run.state.cards.USA.deck.drawPile).toContain(2)
  })
})

describe('PB 23: follow-up assaults', () => {
  const fromSavannah = (usa: number[], turn = 4) => {
    const s = position('union-move', { USA: usa }, turn)
    s.control.SAVA = 'USA'
    return s
  }
  it('#46 One More Effort Boys!: the first repulse is not paid and the Union goes in again', () => {
    const s = fromSavannah([46])
    const run = given(rs, s)
      .orders('union', 'PLAY 46 AT AUGU\nASSAULT AUGU FROM SAVA')
      .dice([
        { label: /assault on AUGU: Union die/, values: [1, 1, 6, 5] },
        { label: /assault on AUGU: Confederate die/, values: [5, 5, 1, 2] },
        { label: /capture of AUGU|loss of/, values: [1, 1] },
      ])
      .resolve()
    expect(run.texts('#46')).toContain(
      'One More Effort Boys!: the repulse at Augusta costs nothing; the Union goes in again.',
    )
    expect(run.texts('11.66')).toEqual([])
    expect(run.state.control.AUGU).toBe('USA')
  })

  it('#46: if the second assault fails too, its loss is doubled', () => {
    const s = fromSavannah([46])
    const vp = s.vp
    const run = given(rs, s)
      .orders('union', 'PLAY 46 AT AUGU\nASSAULT AUGU FROM SAVA')
      .dice([
        { label: /assault on AUGU: Union die/, values: [1, 2, 3, 4] },
        { label: /assault on AUGU: Confederate die/, values: [5, 6, 6, 5] },
      ])
      .resolve()
    // Second: Union 4 against 6: 2 points, doubled.
    expect(run.state.vp).toBe(vp + 4)
  })

  it('#6 War is Cruelty (from 1863): after a won land assault the Union presses on to the next city, a die fewer, without a pawn', () => {
    const s = fromSavannah([6], 7)
    const run = given(rs, s)
      .orders('union', 'PLAY 6 AT ATLA\nASSAULT AUGU FROM SAVA')
      .dice([
        { label: /assault on AUGU: Union die/, values: [6, 6, 6] },
        { label: /assault on AUGU: Confederate die/, values: [1, 1] },
        { label: /assault on ATLA: Union die/, values: [6, 5] },
        { label: /assault on ATLA: Confederate die/, values: [1, 1, 1] },
        { label: /capture of|loss of/, values: [1, 1, 1, 1, 1, 1] },
      ])
      .resolve()
    // 1863: three dice, one fewer for #6.
    expect(run.dice.rolls.filter((r) => r.label.startsWith('assault on ATLA: Union die'))).toHaveLength(2)
    expect(run.state.control.ATLA).toBe('USA')
    expect(run.state.unionPawns).toBe(1)
  })
})

describe('PB 23: #45 Three Cigars', () => {
  it('(a) a card at random from the Confederate hand goes to the discards', () => {
    const s = position('union-move', { USA: [45], CSA: [80, 85] })
    const run = given(rs, s).orders('union', 'PLAY 45').dice({ '#45 Confederate card at random (1-2)': 2 }).resolve()
    expect(run.state.cards.CSA.hand).toEqual([80])
    expect(run.state.cards.CSA.deck.discards).toContain(85)
  })

  it('(b) AT the place assaulted: no Confederate dice card there (#85 stays in the hand)', () => {
    const s = position('union-move', { USA: [45], CSA: [85] })
    s.control.SAVA = 'USA'
    const run = given(rs, s)
      .orders('union', 'PLAY 45 AT AUGU\nASSAULT AUGU FROM SAVA')
      .dice([
        { label: /assault on AUGU: Union die/, values: [6, 6] },
        { label: /assault on AUGU: Confederate die/, values: [1, 1] },
        { label: /capture of AUGU|loss of/, values: [1, 1] },
      ])
      .resolve()
    expect(run.dice.rolls.filter((r) => r.label.startsWith('assault on AUGU: Union die'))).toHaveLength(2)
    expect(run.state.cards.CSA.hand).toContain(85)
  })
})
