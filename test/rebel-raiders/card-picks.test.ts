// The picks a card leaves to its player (PB 23): #38's ram, #25's decoyed battery and its round,
// #58's and #97's face-up cards, #110 against #54. Each is the player's order or his answer to a
// question, with the default of ruling RR-D1; the other side learns it only from what the card does.
import { describe, expect, it } from 'vitest'
import { given } from '../helpers/spec.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'
import { cardPosition, rs } from './cardPosition.ts'

const position = (phase: RrState['phase'], hands: { CSA?: number[]; USA?: number[] }, turn = 2) =>
  cardPosition({ salt: 'rr-picks', hidden: '55' }, phase, hands, turn)
const CSA = { kind: 'role', role: 'confederate' } as never
const USA = { kind: 'role', role: 'union' } as never
const loose = [{ label: /./, values: Array(60).fill(1) }]
type Run = ReturnType<ReturnType<ReturnType<typeof given>['orders']>['resolve']>
const question = (run: Run, prefix: string) => run.questions.find((q) => q.decisionId.startsWith(prefix))

describe("PB 23 #38 USS Queen of the West: which gunboat rams is the Union's", () => {
  /** Two Union gunboats attack Norfolk from its station. */
  const attack = (orders: string, answers: Record<string, string> = {}) => {
    const s = position('union-move', { USA: [38] })
    for (const id of ['GB-9', 'GB-10']) s.pieces.push({ id, side: 'USA', type: 'gunboat', at: 'NORF.BS' })
    return given(rs, s)
      .orders('union', `${orders}\nMOVE GB-9,GB-10 NORF\nPOLICY ALL ON BATTLE: RETREAT`)
      .answers(answers)
      .dice(loose)
      .resolve()
  }

  it('#38 standing order: PLAY 38 AT GB-10 makes GB-10 the ram, without a question', () => {
    const run = attack('PLAY 38 AT GB-10')
    expect(question(run, 'card-38')).toBeUndefined()
    expect(run.texts('#38').at(-1)).toMatch(/^Queen of the West: GB-10 rams GB-2/)
  })

  it('#38 PLAY 38 AT <ship> names a Union gunboat, refused on receipt otherwise', () => {
    const s = position('union-move', { USA: [38] })
    expect(rs.parseOrders(s, 'union', 'PLAY 38 AT SL-6').errors[0]!.message).toMatch(/SL-6 is not a gunboat/)
  })

  it('#38 without a gunboat named a question to the Union, by default the first gunboat listed', () => {
    const run = attack('PLAY 38')
    const q = question(run, 'card-38')!
    expect(q.role).toBe('union')
    expect(q.options.map((o) => o.id)).toEqual(['GB-9', 'GB-10'])
    expect(q.defaultOption).toBe('GB-9')
    expect(run.texts('#38').at(-1)).toMatch(/^Queen of the West: GB-9 rams GB-2/)
    const answered = attack('PLAY 38', { [q.decisionId]: 'GB-10' })
    expect(answered.texts('#38').at(-1)).toMatch(/^Queen of the West: GB-10 rams GB-2/)
  })

  it('#38 fog: the Confederate learns the ram only as it strikes', () => {
    const seen = attack('PLAY 38').seenBy(CSA).join('\n')
    expect(seen).toMatch(/GB-9 rams GB-2/)
    expect(seen).not.toMatch(/which of your gunboats/)
  })
})

describe("PB 23 #25 Black Terror: which battery, and in which round, is the Union's", () => {
  const savannah = (answers: Record<string, string> = {}) => {
    const s = position('union-move', { USA: [25] })
    s.pieces.push({ id: 'BT-99', side: 'CSA', type: 'battery', at: 'SAVA' })
    return given(rs, s)
      .orders('union', 'PLAY 25\nMOVE SL-3 SAVA.BS > SAVA\nTACTICS SAVA 0')
      .answers(answers)
      .dice(loose)
      .resolve()
  }

  it('#25 a question at the start of each round until used, by default the first battery at once', () => {
    const run = savannah()
    const q = question(run, 'card-25-SAVA-round-1')!
    expect(q.role).toBe('union')
    expect(q.options.map((o) => o.id)).toEqual(['BT-8', 'BT-99', 'WAIT'])
    expect(q.defaultOption).toBe('BT-8')
    expect(run.texts('10.1')[0]).toMatch(/round 1: BT-8 fires at the decoy/)
  })

  it('#25 answered: the battery named is silenced; WAIT keeps the card for the next round', () => {
    const picked = savannah({ 'card-25-SAVA-round-1-turn-2-union-move': 'BT-99' })
    expect(picked.texts('10.1')[0]).toMatch(/round 1: BT-99 fires at the decoy/)
    const waited = savannah({ 'card-25-SAVA-round-1-turn-2-union-move': 'WAIT' })
    expect(waited.texts('10.1')[0]).not.toMatch(/round 1: BT-\d+ fires at the decoy/)
  })

  it('#25 fog: the Confederate learns only which battery wasted its fire', () => {
    const seen = savannah().seenBy(CSA).join('\n')
    expect(seen).toMatch(/BT-8 fires at the decoy/)
    expect(seen).not.toMatch(/WAIT|a later round/)
  })
})

describe("PB 23 #58, #97, #110: which Union card goes is the Confederate's", () => {
  it('#58 Corruption with #2 and #3 face up: a question, by default #2 Porter; answered, #3 goes back', () => {
    const build = (answers: Record<string, string> = {}) => {
      const s = position('union-build', { CSA: [58] }, 4)
      s.reactions.CSA = [{ card: 58, at: 'ALL' }]
      s.cards.USA.inPlay = [2, 3]
      return given(rs, s).orders('union', 'PASS').answers(answers).resolve()
    }
    const run = build()
    const q = question(run, 'card-58')!
    expect(q.role).toBe('confederate')
    expect(q.options.map((o) => o.id)).toEqual(['2', '3'])
    expect(q.defaultOption).toBe('2')
    expect(run.state.cards.USA.inPlay).toEqual([3])
    const answered = build({ [q.decisionId]: '3' })
    expect(answered.state.cards.USA.inPlay).toEqual([2])
    expect(answered.state.cards.USA.deck.drawPile).toContain(3)
    // Fog: the Union reads which card went, never the question.
    const seen = answered.seenBy(USA).join('\n')
    expect(seen).toMatch(/#3 Yankee Guns is shuffled back/)
    expect(seen).not.toMatch(/which Union card face up goes/)
  })

  it('#97 Lincoln and his Generals with two generals face up: a question, by default the first of #8, #50, #11, #34', () => {
    const beaten = (answers: Record<string, string> = {}) => {
      const s = position('union-move', { CSA: [97] }, 4)
      s.reactions.CSA = [{ card: 97, at: 'ALL' }]
      s.control.SAVA = 'USA'
      s.cards.USA.inPlay = [11, 50]
      return given(rs, s)
        .orders('union', 'ASSAULT AUGU FROM SAVA')
        .answers(answers)
        .dice([
          { label: /assault on AUGU: Union die/, values: [1, 1, 1, 1] },
          { label: /assault on AUGU: Confederate die/, values: [6, 6] },
          ...loose,
        ])
        .resolve()
    }
    const run = beaten()
    const q = question(run, 'card-97')!
    expect(q.options.map((o) => o.id)).toEqual(['50', '11'])
    expect(q.defaultOption).toBe('50')
    expect(run.state.cards.USA.inPlay).toEqual([11])
    const answered = beaten({ [q.decisionId]: '11' })
    expect(answered.state.cards.USA.inPlay).toEqual([50])
    expect(answered.state.cards.USA.deck.discards).toContain(11)
    // Fog: the Union reads which general went, never the question.
    const seen = answered.seenBy(USA).join('\n')
    expect(seen).toMatch(/#11 Sheridan is discarded/)
    expect(seen).not.toMatch(/which Union card face up goes/)
  })

  it('#110 Hulks, Rafts & Chains with #54 face up: a question, by default Dupont forced out; answered, the +1', () => {
    const attack = (answers: Record<string, string> = {}) => {
      const s = position('union-move', { CSA: [110] })
      s.cards.USA.inPlay = [54]
      s.reactions.CSA = [{ card: 110, at: 'ALL' }]
      return given(rs, s)
        .orders('union', 'MOVE SL-3 SAVA.BS > SAVA\nTACTICS SAVA 0')
        .answers(answers)
        .dice(loose)
        .resolve()
    }
    const run = attack()
    const q = question(run, 'card-110')!
    expect(q.role).toBe('confederate')
    expect(q.defaultOption).toBe('DUPONT')
    expect(run.state.cards.USA.inPlay).toEqual([])
    const answered = attack({ [q.decisionId]: 'BATTERIES' })
    expect(answered.texts('#110')).toEqual([
      'Hulks, Rafts & Chains: every battery adds 1 to its dice in the first round.',
    ])
    // Dupont stayed to act in this combat (the lost assault then sends him to the discards).
    expect(answered.texts('#54')[0]).toBe('Dupont: each battery rolls a die fewer in the first round.')
    expect(answered.seenBy(USA).join('\n')).not.toMatch(/force #54 Samuel Francis Dupont into the Union discards, or/)
  })
})
