// Rules the judge once applied otherwise than the rule book, each named by its rule.
import { describe, expect, it } from 'vitest'
import { given, LabelledDice } from '../../src/games/kit/spec.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'

const pack = rebelRaidersFactory.defaultPack()
const rs = createRebelRaiders(pack as never)
const start = (phase: RrState['phase'], turn = 1) => {
  const s = rs.setup('1861', {}, pack, new LabelledDice([]))
  s.phase = phase
  s.turn = turn
  return s
}
const errors = (s: RrState, role: string, text: string) =>
  rs.parseOrders(s, role, text).errors.map((e) => [e.line, e.message])

describe('RB 11.63: the Union tactics on an assault', () => {
  it('11.63 Union in 1861 must roll its one assault die: TACTICS 1 refused at receipt', () => {
    const s = start('union-move')
    s.unionPawns = 1
    const e = errors(s, 'union', 'ASSAULT IS10 FROM CAIR TACTICS 1')
    expect(e).toHaveLength(1)
    expect(e[0]![1]).toMatch(/1861 .*1 assault die.*TACTICS may be 0 only \(11\.63\)/)
    expect(errors(s, 'union', 'ASSAULT IS10 FROM CAIR TACTICS 0')).toEqual([])
  })

  it('11.63 three is the most, and card dice cannot be traded: TACTICS 4 refused at receipt in 1864', () => {
    const s = start('union-move', 10)
    s.unionPawns = 1
    expect(errors(s, 'union', 'ASSAULT IS10 FROM CAIR TACTICS 4')[0]![1]).toMatch(
      /1864 .*4 assault dice.*TACTICS may be 0, 1, 2, 3 \(11\.63\)/,
    )
    expect(errors(s, 'union', 'TACTICS SAVA 4')[0]![1]).toMatch(/TACTICS may be 0, 1, 2, 3/)
    expect(errors(s, 'union', 'ASSAULT IS10 FROM CAIR TACTICS 3')).toEqual([])
  })

  it('11.63 an accepted assault with tactics resolves without throwing', () => {
    const s = start('union-move', 4)
    s.unionPawns = 1
    expect(errors(s, 'union', 'ASSAULT IS10 FROM CAIR TACTICS 1')).toEqual([])
    const run = given(rs, s).orders('union', 'ASSAULT IS10 FROM CAIR TACTICS 1').resolve()
    expect(run.state.phase).not.toBe('union-move')
  })
})
