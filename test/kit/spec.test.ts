// The kit's given/when/then helper and label-keyed dice, on the test-only fixture game.
import { describe, expect, it } from 'vitest'
import { PUBLIC } from '../../src/games/contract.ts'
import { given, LabelledDice } from '../helpers/spec.ts'
import { createHiddenDeck } from '../games/fixtures/hidden-deck.ts'

const rs = createHiddenDeck()
const start = rs.setup('standard', {}, { id: 'none', hash: '', content: {} }, new LabelledDice([]))

describe('label-keyed dice', () => {
  it('use forced values by exact label or pattern, in order, and the fixed secret for the rest', () => {
    const d = new LabelledDice([
      { label: 'omen', values: [6, 2] },
      { label: /^house/, values: 3 },
    ])
    expect(d.roll('omen', 6, PUBLIC)).toBe(6)
    expect(d.roll('house card, round 1', 9, PUBLIC)).toBe(3)
    expect(d.roll('omen', 6, PUBLIC)).toBe(2)
    const free = d.roll('omen', 6, PUBLIC)
    expect(free).toBeGreaterThanOrEqual(1)
    expect(d.rolls.map((r) => r.forced)).toEqual([true, true, true, false])
    expect(d.unused()).toEqual([])
  })

  it('in strict mode name the roll nobody forced; a value off the die is refused; unused values are reported', () => {
    const d = new LabelledDice([{ label: 'omen', values: [7] }], 'strict')
    expect(() => d.roll('house card', 6, PUBLIC)).toThrow('roll "house card" (d6) is not forced')
    expect(() => d.roll('omen', 6, PUBLIC)).toThrow('forced value 7 is not a face of d6 ("omen")')
    expect(new LabelledDice([{ label: 'x', values: [1, 2] }]).unused()).toEqual([{ label: 'x', values: [1, 2] }])
  })
})

describe('given / when / then', () => {
  it('states a position in a line, forces only the dice the rule is about, and reads what each reader saw', () => {
    const run = given(rs, start, (s) => {
      s.deck = [9, 2, 3, 4, 5]
      s.hand = [1]
    })
      .orders('solo', 'DRAW 1')
      .answers({ 'R1-STAKE': 'STAKE 2', 'R1-C1': 'KEEP' })
      .dice({ 'omen, round 1': 5 })
      .resolve()
    expect(run.state.hand).toEqual([1, 9])
    expect(run.texts('4.1')).toEqual(['Your stake of 2 is won: purse 2.'])
    expect(run.texts('4')).toContain('The omen shows 5.')
    expect(run.seenBy({ kind: 'observer' })).not.toContain('Your stake of 2 is won: purse 2.')
    expect(run.labels).toEqual(['house card, round 1', 'omen, round 1'])
    expect(run.questions).toEqual([])
    expect(run.dice.unused()).toEqual([])
  })

  it('shows the questions no answer settled, and refuses orders the game refuses', () => {
    const run = given(rs, start, (s) => {
      s.deck = [10, 11, 1]
    })
      .orders('solo', 'DRAW 2')
      .resolve()
    expect(run.questions.map((q) => q.decisionId)).toEqual(['R1-C1', 'R1-C2'])
    expect(() => given(rs, start).orders('solo', 'DRAW 9')).toThrow(/solo orders refused: line 1: write DRAW 1/)
  })
})
