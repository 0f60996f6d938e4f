// The kit's standing-order grammar on a grammar of its own (a card game's reactions), not one game's.
import { describe, expect, it } from 'vitest'
import { answer, parsePolicy, type Policy, type PolicyGrammar } from '../../src/games/kit/policy.ts'

const GRAMMAR: PolicyGrammar = {
  events: { ATTACKED: ['BLOCK', 'PASS', 'ASK'], DRAWN: ['KEEP', 'DISCARD'] },
  variables: ['HAND', 'FOE.STRENGTH', 'MY.STRENGTH'],
  flags: ['NIGHT'],
  scopeHint: '<card|ALL>',
  conditionExample: 'hand >= 2, night',
  answerVerbs: { DRAWN: 'CARD' },
}
const parse = (text: string) => parsePolicy(GRAMMAR, text)

describe('kit policy grammar', () => {
  it('reads scopes, events, answers after a verb, comparisons with offsets, flags and NOT', () => {
    const p = parse('ALL ON attacked: BLOCK IF foe.strength > my.strength + 1 AND NOT night; ASK; PASS') as Policy
    expect(p.scope).toBe('ALL')
    expect(p.clauses.map((c) => c.action)).toEqual(['BLOCK', 'ASK', 'PASS'])
    expect(p.clauses[0]!.when).toEqual({
      terms: [{ left: 'FOE.STRENGTH', op: '>', right: 'MY.STRENGTH', offset: 1 }],
      flags: [{ name: 'NIGHT', negated: true }],
    })
    expect((parse('C7 ON drawn: CARD discard') as Policy).clauses[0]!.action).toBe('DISCARD')
  })

  it('says what is wrong, naming the grammar', () => {
    expect(parse('nonsense')).toMatch(/POLICY <card\|ALL> ON <event>/)
    expect(parse('ALL ON fled: PASS')).toBe('unknown policy event FLED; events are ATTACKED, DRAWN')
    expect(parse('ALL ON drawn: BLOCK')).toBe('BLOCK is not an answer to DRAWN; use KEEP, DISCARD')
    expect(parse('ALL ON attacked: BLOCK IF luck > 2')).toMatch(/unknown variable LUCK; known: hand, foe.strength/)
    expect(parse('ALL ON attacked: BLOCK IF hand >>')).toMatch(/write e.g. hand >= 2, night/)
  })

  it('answers from the most specific scope; ASK marks a question whose default the later clauses give', () => {
    const policies = [
      parse('ALL ON attacked: PASS') as Policy,
      parse('C7 ON attacked: ASK; BLOCK IF hand >= 2') as Policy,
    ]
    const builtIn = () => 'PASS'
    expect(answer(policies, 'ATTACKED', ['C7', 'ALL'], { HAND: 3 }, builtIn)).toEqual({
      action: 'BLOCK',
      ask: true,
      source: 'policy C7 ON ATTACKED',
    })
    expect(answer(policies, 'ATTACKED', ['C7', 'ALL'], { HAND: 1 }, builtIn)).toEqual({
      action: 'PASS',
      ask: true,
      source: 'policy C7 ON ATTACKED (ASK, built-in default)',
    })
    expect(answer(policies, 'ATTACKED', ['C9', 'ALL'], {}, builtIn).source).toBe('policy ALL ON ATTACKED')
    expect(answer(policies, 'DRAWN', ['C7'], {}, () => 'KEEP')).toEqual({
      action: 'KEEP',
      ask: false,
      source: 'built-in default',
    })
  })
})
