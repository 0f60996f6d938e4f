// PB 18.4 Union Resolve (with 18.6): the chits after each Union move of 1863-1864, the weighted
// track they are held against, the price of each failure, and sudden death needing one (18.61).
import { describe, expect, it } from 'vitest'
import { given, LabelledDice } from '../helpers/spec.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import type { Phase, RrState } from '../../src/games/rebel-raiders/state.ts'
import { bindRebelPack, type RawRebelPack } from '../../src/games/rebel-raiders/pack.ts'
import { chitCount, chitPool, resolveTrack } from '../../src/games/rebel-raiders/unionResolve.ts'

const pack = rebelRaidersFactory.defaultPack()
const rs = createRebelRaiders(pack as never)
const bound = bindRebelPack(pack.content as RawRebelPack)
const start = (optional: string, phase: Phase, turn: number, vp = 10) => {
  const s = rs.setup('1861', { optional }, pack, new LabelledDice([])) as RrState
  Object.assign(s, { phase, turn, vp })
  return s
}
const hold = (s: RrState, ...ids: string[]) => {
  for (const id of ids) s.control[id] = 'USA'
  return s
}

describe('PB 18.4: Union Resolve is chosen with 18.6', () => {
  it('18.4 without 18.6 is refused at creation with the reason', () => {
    expect(() => rs.setup('1861', { optional: '18.4' }, pack, new LabelledDice([]))).toThrow(
      'optional rule 18.4 Union Resolve is played with 18.6 Confederate Sudden Death: add 18.6',
    )
    expect(start('18.4,18.6', 'csa-move', 1).options.rules).toEqual(['18.4', '18.6'])
  })
})

describe('PB 18.41-18.42: the chits and the track', () => {
  it('18.42: Richmond 4, Atlanta 3, Mobile 2, the Mississippi ports and Charleston with Savannah 2 each only when all are held', () => {
    const s = start('18.4,18.6', 'union-move', 7)
    const track = (...ids: string[]) => resolveTrack(bound, hold(structuredClone(s), ...ids))
    expect(track('RICH', 'ATLA', 'MOBL')).toBe(9)
    expect(track('MEMP', 'VICK')).toBe(2)
    expect(track('MEMP', 'VICK', 'NORL')).toBe(6)
    expect(track('CHAS')).toBe(1)
    expect(track('CHAS', 'SAVA')).toBe(4)
    expect(track('RICH', 'ATLA', 'MOBL', 'MEMP', 'VICK', 'NORL', 'CHAS', 'SAVA', 'WILM', 'NORF')).toBe(20)
  })
  it("18.41: the play book's August 1864 example draws five chits; 1863 draws two, less with Richmond and Atlanta", () => {
    const s = hold(start('18.4,18.6', 'union-move', 11, 42), 'MEMP', 'VICK', 'NORL')
    s.pieces.push(
      { id: 'RD-8', side: 'CSA', type: 'raider', at: 'NATL' },
      { id: 'RD-9', side: 'CSA', type: 'raider', at: 'FREN' },
    )
    expect(chitCount(bound, s).count).toBe(5)
    const early = hold(start('18.4,18.6', 'union-move', 7, 10), 'RICH', 'ATLA')
    expect(chitCount(bound, early).count).toBe(0)
    early.vp = 0
    early.control = {}
    expect(chitCount(bound, early).count).toBe(1)
  })
  it('18.41: ten chits, five 1s, three 2s, two 3s; a counterattack won from August 1863 puts a 4 for a 1', () => {
    const s = hold(start('18.4,18.6', 'csa-move', 8), 'NORF')
    expect(chitPool(bound, s)).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 3, 3])
    s.csaPawns = 1
    const run = given(rs, s)
      .orders('confederate', 'COUNTERATTACK NORF FROM RICH')
      .dice([
        { label: /counterattack on NORF: Confederate die/, values: [6, 6, 6] },
        { label: /counterattack on NORF: Union die/, values: [1, 1, 1] },
      ])
      .resolve()
    expect(run.state.control.NORF).toBeUndefined()
    expect(chitPool(bound, run.state)).toEqual([1, 1, 1, 1, 2, 2, 2, 3, 3, 4])
  })
})

describe('PB 18.43: a failure of Union Resolve and its price', () => {
  const unionMove = (s: RrState, chits: number[]) =>
    given(rs, s)
      .orders('union', 'PASS')
      .dice(chits.map((v, i) => ({ label: `18.4 resolve chit ${i + 1}`, values: v })))
      .resolve()
  it('after a Union move of 1863 two chits summing more than the track fail it: a card fewer drawn for the build', () => {
    const s = hold(start('18.4,18.6', 'union-move', 7), 'NORF', 'NBRN', 'MOBL')
    const hand = s.cards.USA.hand.length
    const holds = unionMove(structuredClone(s), [1, 1])
    expect(holds.state.marks?.resolveFailures ?? 0).toBe(0)
    expect(holds.state.cards.USA.hand.length).toBe(hand + 3)
    const fails = unionMove(structuredClone(s), [10, 9])
    expect(fails.texts('18.43')[0]).toMatch(/^Union Resolve fails \(1\): chits 3, 3 = 6, more than 4 on the track/)
    expect(fails.state.marks?.resolveFailures).toBe(1)
    expect(fails.state.cards.USA.hand.length).toBe(hand + 2)
  })
  it('no chits in 1862, nor when they cannot pass the track, nor without the option', () => {
    expect(unionMove(start('18.4,18.6', 'union-move', 6), []).texts('18.41')).toEqual([])
    const safe = hold(start('18.4,18.6', 'union-move', 7), 'RICH', 'ATLA', 'NORF')
    expect(unionMove(safe, []).texts('18.41')).toEqual([
      'Union Resolve: 0 chit(s) (-2 for Richmond, -1 for Atlanta) cannot pass the 8 of the resolve track; none are drawn.',
    ])
    expect(unionMove(start('18.6', 'union-move', 7), []).state.marks).toBeUndefined()
  })
  it('a second failure leaves one free pawn a turn; a third ends the game in a Confederate victory', () => {
    const build = start('18.4,18.6', 'union-build', 7)
    build.marks = { resolveFailures: 2 }
    expect(given(rs, build).orders('union', 'PASS').resolve().state.unionPawns).toBe(1)
    const s = start('18.4,18.6', 'union-move', 10)
    s.marks = { resolveFailures: 2 }
    const third = unionMove(s, [10, 9, 8])
    expect(third.state.finished).toBe(true)
    expect(third.state.winner).toBe('CSA')
    expect(third.state.result).toBe(
      'Confederate victory: the Union fails its resolve a third time and makes peace (18.43)',
    )
  })
})

describe('PB 18.61: sudden death with Union Resolve needs a failure', () => {
  it('50 points and the cities are not enough until the Union has failed its resolve once', () => {
    const s = start('18.4,18.6', 'csa-build', 7, 50)
    expect(given(rs, structuredClone(s)).orders('confederate', 'PASS').resolve().state.finished).toBe(false)
    s.marks = { resolveFailures: 1 }
    const run = given(rs, s).orders('confederate', 'PASS').resolve()
    expect(run.state.winner).toBe('CSA')
    expect(run.state.result).toMatch(/18\.61, after a failure of Union Resolve/)
  })
})
