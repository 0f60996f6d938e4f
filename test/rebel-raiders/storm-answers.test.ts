// The storms #49 Tempest's Wrath and #92 Tempest's Fury as standing answers in the other side's move
// (PB 23: no play time printed, so any time, RB 17.23; digest 6.1; ruling RR-K21), and the fog around
// them: the standing storm is the owner's secret until it blows.
import { describe, expect, it } from 'vitest'
import { given } from '../helpers/spec.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'
import { errors, position, rs } from './moreCards.ts'

const CSA_VIEW = { kind: 'role', role: 'confederate' } as const
const USA_VIEW = { kind: 'role', role: 'union' } as const
const where = (s: RrState, id: string) => s.pieces.find((p) => p.id === id)!.at

describe("#49 Tempest's Wrath standing in the Confederate move (PB 23 #49, RB 17.23, ruling RR-K21)", () => {
  it('#49: REACT 49 AT <zone> is taken from the Union during the Confederate move, and refused for a zone a storm may not strike', () => {
    const s = position('csa-move', 2, { USA: [49] })
    expect(errors(s, 'union', 'REACT 49 AT HATT IF SHIPS >= 2')).toEqual([])
    expect(errors(s, 'union', 'REACT 49 AT WILM.BS')[0]).toMatch(/strikes a high-seas or coastal zone/)
    expect(errors(s, 'union', 'REACT 41 AT ALL IF SHIPS >= 2')[0]).toMatch(/only a storm/)
    expect(rs.parseOrders(s, 'union', 'REACT 49 AT HATT IF SHIPS >= 2').normalised).toEqual([
      "REACT 49 AT HATT IF SHIPS >= 2  # #49 Tempest's Wrath; stands until played or withdrawn",
    ])
  })

  it('#49: as a Confederate runner enters the zone, every Confederate ship there goes to the nearest neutral port untouched, storm-bound; the runner moves no more', () => {
    const s = position('csa-move', 2, { USA: [49] })
    s.pieces.push({ id: 'RD-90', side: 'CSA', type: 'raider', at: 'HATT' })
    const run = given(rs, s)
      .orders('union', 'REACT 49 AT HATT')
      .orders('confederate', 'MOVE BR-6 WILM.BS > HATT > NATL > CHAN > FREN > LOAD')
      .dice({ 'supply die 1': 1, 'supply die 2': 1 })
      .resolve()
    expect(run.texts('17.23')).toContain("The Union player plays #49 Tempest's Wrath in answer.")
    // Bermuda is two movement points from the Hatteras zone (through the North Atlantic), the nearest neutral port.
    expect([where(run.state, 'BR-6'), where(run.state, 'RD-90')]).toEqual(['BERM', 'BERM'])
    expect(run.state.thisTurn).toEqual(expect.arrayContaining(['storm:BR-6', 'storm:RD-90']))
    expect(run.state.pieces.find((p) => p.id === 'BR-6')!.cargo).toBeUndefined()
    expect(run.state.cards.USA.deck.discards).toContain(49)
    expect(run.state.reactions.USA).toEqual([])
  })

  it('#49 IF SHIPS >= 2: one runner entering alone does not set it off; it stands, and names only its zone', () => {
    const s = position('csa-move', 2, { USA: [49] })
    const run = given(rs, s)
      .orders('union', 'REACT 49 AT HATT IF SHIPS >= 2')
      .orders('confederate', 'MOVE BR-6 WILM.BS > HATT > CHES')
      .dice({ 'supply die 1': 1, 'supply die 2': 1 })
      .resolve()
    expect(where(run.state, 'BR-6')).toBe('CHES')
    expect(run.state.cards.USA.hand).toEqual([49])
    expect(run.state.reactions.USA).toEqual([{ card: 49, at: 'HATT', min: 2 }])
    const elsewhere = position('csa-move', 2, { USA: [49] })
    const calm = given(rs, elsewhere)
      .orders('union', 'REACT 49 AT SATL')
      .orders('confederate', 'MOVE BR-6 WILM.BS > HATT > CHES')
      .dice({ 'supply die 1': 1, 'supply die 2': 1 })
      .resolve()
    expect(where(calm.state, 'BR-6')).toBe('CHES')
  })
})

describe("#92 Tempest's Fury standing in the Union move (PB 23 #92, RB 17.23, rulings RR-K18, RR-K21)", () => {
  it('#92: as Union ships enter a coastal zone, every Union ship in it and its stations goes to a Union port (the Navy Yards for the Hatteras zone), and the moving ones stop there', () => {
    const s = position('union-move', 2, { CSA: [92] })
    s.pieces.push({ id: 'GB-96', side: 'USA', type: 'gunboat', at: 'WILM.BS' })
    s.pieces.push({ id: 'SL-96', side: 'USA', type: 'sloop', at: 'NAVY' })
    expect(errors(s, 'confederate', 'REACT 92 AT NATL')[0]).toMatch(/strikes a coastal zone/)
    const run = given(rs, s)
      .orders('confederate', 'REACT 92 AT HATT')
      .orders('union', 'MOVE SL-96 CHES > HATT > SATL')
      .resolve()
    expect(run.texts('17.23')).toContain("The Confederate player plays #92 Tempest's Fury in answer.")
    expect([where(run.state, 'SL-96'), where(run.state, 'GB-96')]).toEqual(['NAVY', 'NAVY'])
    expect(run.state.thisTurn).toEqual(expect.arrayContaining(['storm:SL-96', 'storm:GB-96']))
    expect(run.state.cards.CSA.deck.discards).toContain(92)
  })

  it('#92: a Union ship entering one of the zone’s blockade stations sets it off as well', () => {
    const s = position('union-move', 2, { CSA: [92] })
    s.pieces.push({ id: 'SL-96', side: 'USA', type: 'sloop', at: 'HATT' })
    const run = given(rs, s).orders('confederate', 'REACT 92 AT ALL').orders('union', 'MOVE SL-96 WILM.BS').resolve()
    expect(where(run.state, 'SL-96')).toBe('NAVY')
    expect(run.state.cards.CSA.hand).toEqual([])
  })
})

describe('Fog: a standing storm is its owner’s secret until it blows (digest 6.1, DESIGN 5)', () => {
  it('#49 left standing in the Confederate build is in no Confederate view, report or narrative; when it blows both sides are told', () => {
    const build = position('csa-build', 2, { USA: [49] })
    const set = given(rs, build).orders('confederate', 'PASS').orders('union', 'REACT 49 AT HATT').resolve()
    expect(set.state.reactions.USA).toEqual([{ card: 49, at: 'HATT' }])
    const secret = (text: string) => /Tempest|#49|REACT 49/.test(text)
    expect(set.seenBy(CSA_VIEW).some(secret)).toBe(false)
    expect(secret(JSON.stringify(rs.view(set.state, CSA_VIEW)))).toBe(false)
    expect(secret(JSON.stringify(rs.reportModel!(set.state, CSA_VIEW)))).toBe(false)
    // The Union's own form shows it standing.
    expect(JSON.stringify(rs.reportModel!({ ...set.state, phase: 'csa-move' }, USA_VIEW))).toContain('#49 at HATT')
    // The next Confederate move: the runner enters Hatteras and the storm blows, told to both.
    const move = structuredClone(set.state)
    move.phase = 'csa-move'
    const blown = given(rs, move)
      .orders('confederate', 'MOVE BR-6 WILM.BS > HATT > NATL')
      .dice({ 'supply die 1': 1, 'supply die 2': 1 })
      .resolve()
    expect(blown.seenBy(CSA_VIEW).some(secret)).toBe(true)
    expect(blown.seenBy(USA_VIEW).some(secret)).toBe(true)
    expect(where(blown.state, 'BR-6')).toBe('BERM')
  })
})
