// RB 11.1-11.2, 11.8 (the limits on assaults), 11.9 (counterattacks) and 12.2 (Kentucky) in a turn.
import { describe, expect, it } from 'vitest'
import { given, LabelledDice } from '../helpers/spec.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'

const rs = createRebelRaiders(rebelRaidersFactory.defaultPack() as never)
const start = (phase: RrState['phase']) => {
  const s = rs.setup('1861', {}, rebelRaidersFactory.defaultPack(), new LabelledDice([]))
  s.phase = phase
  return s
}
const errors = (s: RrState, role: string, text: string) =>
  rs.parseOrders(s, role, text).errors.map((e) => [e.line, e.message])

describe("RB 11.1-11.2: the Union's assaults in a turn", () => {
  it('one cannon pawn an assault, and one landing on an ocean port a turn, checked on receipt', () => {
    const s = start('union-move')
    expect(errors(s, 'union', 'MOVE SL-3 SAVA.BS > SAVA\nMOVE SL-2 PENS.BS > PENS')).toEqual([
      [2, "entering Pensacola is an assault, and the turn's one amphibious assault on an ocean port is spent (11.2)"],
    ])
    s.unionPawns = 1
    expect(errors(s, 'union', 'MOVE SL-3 SAVA.BS > SAVA\nASSAULT IS10 FROM CAIR')).toEqual([
      [2, 'no pawn for this assault: no cannon pawn is left (11.1); 1 this turn'],
    ])
  })
})

describe('RB 12.2: Kentucky', () => {
  it('an uncommitted Louisville falls to a Union land assault without dice; the Confederacy gains the difference of two dice', () => {
    const run = given(rs, start('union-move'))
      .orders('union', 'ASSAULT LOUI FROM CINC')
      .dice({ 'Kentucky violated: first die': 5, 'Kentucky violated: second die': 2 }, 'strict')
      .resolve()
    expect(run.state.control.LOUI).toBe('USA')
    expect(run.state.vp).toBe(13)
    expect(run.state.citiesLost).toBe(0)
  })
})

describe('RB 12.1, 12.3: Kentucky uncommitted, and taken by a Confederate battery', () => {
  it('no ship enters uncommitted Louisville', () => {
    const s = start('union-move')
    s.pieces.push({ id: 'GB-9', side: 'USA', type: 'gunboat', at: 'CINC' })
    expect(errors(s, 'union', 'MOVE GB-9 LOUI')).toEqual([
      [1, 'step 1: Louisville is uncommitted Kentucky: no ship enters it until a side takes it (12.1-12.3)'],
    ])
  })

  it('a battery takes Louisville while Nashville, Chattanooga and Atlanta are held; the Confederacy loses the difference of two dice', () => {
    const s = start('csa-build')
    const run = given(rs, s)
      .orders('confederate', 'BUILD BATTERY AT LOUI')
      .dice({ 'Kentucky violated: first die': 1, 'Kentucky violated: second die': 5 }, 'strict')
      .resolve()
    expect(run.state.control.LOUI).toBe('CSA')
    expect(run.state.vp).toBe(6)
    const cut = start('csa-build')
    cut.control.CHAT = 'USA'
    expect(errors(cut, 'confederate', 'BUILD BATTERY AT LOUI')[0]![1]).toMatch(
      /only while Nashville, Chattanooga and Atlanta/,
    )
  })
})

describe('RB 11.9: counterattacks', () => {
  it("14.24: the grey pawn is bought in the build and serves in the next turn's move; without it no counterattack", () => {
    const s = start('csa-move')
    s.control.NASH = 'USA'
    expect(errors(s, 'confederate', 'COUNTERATTACK NASH FROM MEMP')).toEqual([
      [1, 'a counterattack needs the grey pawn bought last turn, or a card played before it; 0 left (11.9, 14.24)'],
    ])
    s.csaPawns = 1
    expect(errors(s, 'confederate', 'COUNTERATTACK NASH FROM MEMP')).toEqual([])
    expect(errors(s, 'confederate', 'COUNTERATTACK CAIR FROM IS10')[0]![1]).toMatch(
      /not a Confederate space the Union has taken/,
    )
  })

  it("11.91-11.92: two Confederate dice in 1861 against the Union's one; a win takes the space back, with a die for a city", () => {
    const s = start('csa-move')
    s.control.NASH = 'USA'
    s.citiesLost = 1
    s.csaPawns = 1
    const run = given(rs, s)
      .orders('confederate', 'COUNTERATTACK NASH FROM MEMP')
      .dice(
        {
          'counterattack on NASH: Confederate die 1': 5,
          'counterattack on NASH: Confederate die 2': 3,
          'counterattack on NASH: Union die 1': 4,
          'recapture of NASH': 3,
          'supply die 1': 1,
        },
        'strict',
      )
      .resolve()
    expect(run.state.control.NASH).toBeUndefined()
    expect(run.state.citiesLost).toBe(0)
    expect(run.state.vp).toBe(10 + 1 + 3 - 1)
    expect(run.state.csaPawns).toBe(0)
  })
})

describe('RB 11.8: sequential assaults', () => {
  it('no assault starts from an ocean port taken from the sea the same turn', () => {
    const s = start('union-move')
    s.takenFromSea = ['SAVA']
    s.control.SAVA = 'USA'
    const run = given(rs, s).orders('union', 'ASSAULT AUGU FROM SAVA').resolve()
    expect(run.texts('11.8')).toEqual(['No assault may start from Savannah the turn it was taken from the sea.'])
    expect(run.state.unionPawns).toBe(2)
  })
})

describe('RB 17.3: emancipation', () => {
  const takeSavannah = (turn: number) => {
    const s = start('union-move')
    s.turn = turn
    return given(rs, s)
      .orders('union', 'MOVE SL-3 SAVA.BS > SAVA')
      .dice({
        // A round against the battery first (10.2, 10.25): nothing hits.
        'round 1: BT-8 at SL-3 (1)': 1,
        'round 1: BT-8 at SL-3 (2)': 1,
        'round 1: SL-3 at BT-8 (1)': 1,
        'round 1: SL-3 at BT-8 (2)': 1,
        'assault on SAVA: Union die 1': 6,
        'assault on SAVA: Union die 2': 6,
        'assault on SAVA: Union die 3': 6,
        'assault on SAVA: Confederate die 1': 1,
        'assault on SAVA: Confederate die 2': 2,
        'assault on SAVA: Confederate die 3': 3,
      })
      .resolve()
  }

  it('comes with the first capture of a port or city from 1863, and takes two 2-VP cargo markers out of the game', () => {
    const run = takeSavannah(7)
    expect(run.state.emancipated).toBe(true)
    expect(run.texts('17.3')).toHaveLength(1)
    const s = structuredClone(run.state)
    s.phase = 'csa-move'
    for (let i = 0; i < 4; i++) s.pieces.push({ id: `BR-${60 + i}`, side: 'CSA', type: 'runner', at: 'BERM', cargo: 2 })
    s.pieces.push({ id: 'BR-70', side: 'CSA', type: 'runner', at: 'FREN' })
    const load = given(rs, s).orders('confederate', 'MOVE BR-70 LOAD').resolve()
    expect(load.state.pieces.find((p) => p.id === 'BR-70')!.cargo).toBe(1) // four of the six left are in use
  })

  it('not before 1863', () => {
    expect(takeSavannah(6).state.emancipated).toBe(false)
  })
})
