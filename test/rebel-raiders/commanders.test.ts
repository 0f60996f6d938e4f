// Fleet commanders and stacks on the move (RB 6.2, 7.4-7.55, 10.5): a commander placed with up to six
// ships moves them as one stack, picks up ships that have not moved and drops ships off on the way;
// a ship moved on its own leaves him; with every ship lost he leaves the map (10.5), and a commander
// off the map comes back no sooner than the next turn (7.41).
import { describe, expect, it } from 'vitest'
import { LabelledDice, given } from '../helpers/spec.ts'
import { rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import type { Phase, RrState } from '../../src/games/rebel-raiders/state.ts'

const rs = rebelRaidersFactory.create(rebelRaidersFactory.defaultPack())
const start = (phase: Phase = 'union-move') => {
  const s = rs.setup('1861', {}, rebelRaidersFactory.defaultPack(), new LabelledDice([])) as RrState
  s.phase = phase
  s.pieces.push({ id: 'SL-9', side: 'USA', type: 'sloop', at: 'CHES' })
  return s
}
const errors = (s: RrState, text: string, role = 'union') =>
  rs.parseOrders(s, role, text).errors.map((e) => [e.line, e.message])
const at = (s: RrState, id: string) => s.pieces.find((p) => p.id === id)?.at

describe('RB 7.4-7.53: commanders', () => {
  it('7.4, 7.52-7.53: a commander placed and moved in the same orders drops one ship and picks up another', () => {
    const run = given(rs, start())
      .orders('union', 'COMMAND THATCHER SL-6,GB-5\nMOVE THATCHER NAVY > CHES > DROP(GB-5) > PICKUP(SL-9) > HATT')
      .resolve()
    expect([at(run.state, 'GB-5'), at(run.state, 'SL-6'), at(run.state, 'SL-9')]).toEqual(['CHES', 'HATT', 'HATT'])
    expect(run.state.commanders).toEqual({ THATCHER: ['SL-6', 'SL-9'] })
    expect(run.texts('7.52')).toEqual(['GB-5 stays in Chesapeake.'])
  })

  it('refuses what the rules forbid, each line with its reason', () => {
    const s = start()
    expect(
      errors(
        s,
        [
          'COMMAND NELSON SL-6',
          'COMMAND THATCHER SL-6,SL-1',
          'COMMAND FARRAGUT SL-6',
          'MOVE PORTER NAVY > CHES',
          'MOVE SL-6 NAVY > CHES > PICKUP(SL-4)',
          'MOVE SL-9 CHES > NORF.BS',
          'MOVE GB-5 NAVY > CHES > PICKUP(SL-9)',
        ].join('\n'),
      ),
    ).toEqual([
      [1, 'no commander NELSON; yours are Foote, Farragut, Thatcher, Porter'],
      [2, 'a commander takes ships in one space (7.52)'],
      [4, 'PORTER is not on the map: place him first with COMMAND PORTER <ships>'],
      [5, 'step 3: SL-4 is in NATL, not CHES, where the stack picks it up (7.53)'],
      [7, 'step 3: SL-9 has a move of its own: only ships that have not moved are picked up (7.53)'],
    ])
    expect(errors(s, 'COMMAND MONTGOMERY GB-2', 'union')).toEqual([
      [1, 'no commander MONTGOMERY; yours are Foote, Farragut, Thatcher, Porter'],
    ])
  })

  it('7.53: a commander carries at most six ships', () => {
    const s = start()
    for (let i = 10; i < 16; i++) s.pieces.push({ id: `GB-${i}`, side: 'USA', type: 'gunboat', at: 'NAVY' })
    expect(errors(s, 'COMMAND FOOTE SL-6,GB-10,GB-11,GB-12,GB-13,GB-14,GB-15')).toEqual([
      [1, 'a commander takes at most 6 ships (7.53)'],
    ])
    s.commanders.FOOTE = ['GB-10', 'GB-11', 'GB-12', 'GB-13', 'GB-14', 'GB-15']
    expect(errors(s, 'MOVE FOOTE NAVY > CHES > PICKUP(SL-9)')).toEqual([
      [1, 'step 3: a commander carries at most 6 ships (7.53)'],
    ])
  })

  it('7.52: a ship moved on its own leaves its commander', () => {
    const s = start()
    s.commanders.THATCHER = ['SL-6', 'GB-5']
    const run = given(rs, s).orders('union', 'MOVE SL-6 NAVY > CHES').resolve()
    expect(run.state.commanders).toEqual({ THATCHER: ['GB-5'] })
  })

  it('7.41: a commander relieved may not come back in the same turn; he may the next', () => {
    const s = start()
    s.commanders.THATCHER = ['SL-6', 'GB-5']
    expect(errors(s, 'RELIEVE THATCHER\nCOMMAND THATCHER SL-6')).toEqual([
      [2, 'Thatcher left the map this turn and may come back next turn (7.41)'],
    ])
    const run = given(rs, s).orders('union', 'RELIEVE THATCHER').resolve()
    expect(run.state.commanders).toEqual({})
    const later = structuredClone(run.state)
    later.turn += 1
    later.phase = 'union-move'
    expect(errors(later, 'COMMAND THATCHER SL-6')).toEqual([])
  })

  it('10.5: with every ship with him lost, the commander leaves the map', () => {
    const s = start('csa-move')
    s.commanders.FARRAGUT = ['SL-1']
    s.pieces.find((p) => p.id === 'SL-1')!.at = 'NORF.BS'
    const run = given(rs, s)
      .orders('confederate', 'MOVE GB-2 NORF.BS')
      .dice({ 'round 1: SL-1 at GB-2 (1)': 1, 'round 1: SL-1 at GB-2 (2)': 1, 'round 1: GB-2 at SL-1 (1)': 6 })
      .resolve()
    expect(at(run.state, 'SL-1')).toBeUndefined()
    expect(run.state.commanders).toEqual({})
    expect(run.texts('10.5')).toEqual(['Farragut leaves the map: every ship with him is lost.'])
  })
})

describe('RB 7.52: any stack drops ships off on the way', () => {
  it('a dropped ship ends its move there; a stack may not go on empty', () => {
    const run = given(rs, start()).orders('union', 'MOVE SL-6,GB-5 NAVY > CHES > DROP(GB-5) > HATT').resolve()
    expect([at(run.state, 'GB-5'), at(run.state, 'SL-6')]).toEqual(['CHES', 'HATT'])
    expect(errors(start(), 'MOVE SL-6 NAVY > CHES > DROP(SL-6) > HATT')).toEqual([
      [1, 'step 3: the stack has no ship left to go on with'],
    ])
    expect(errors(start(), 'MOVE SL-6 NAVY > CHES > DROP(GB-5)')).toEqual([
      [1, 'step 3: GB-5 is not in the moving stack here'],
    ])
  })
})
