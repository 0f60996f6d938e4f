// The Confederate cargo cards (PB 23): #99 The Queen's Artillery, #93 Herrera & Co. and #94 To the
// Dark Shores. Each test names the card and the rule or ruling it checks.
import { describe, expect, it } from 'vitest'
import { given } from '../helpers/spec.ts'
import { count, errors, position, rs } from './moreCards.ts'

describe("#99 The Queen's Artillery (PB 23, RB 9.21, 6.12)", () => {
  const landing = (cargo = 2, satin = false) => {
    const s = position('csa-move', 4, { CSA: [99] }, satin ? { USA: [40] } : {})
    s.pieces.push({ id: 'BR-40', side: 'CSA', type: 'runner', at: 'WILM', cargo })
    return s
  }

  it('#99 names a Confederate city, port or fort with room for a battery, and is refused while #40 is in play', () => {
    expect(errors(landing(), 'confederate', 'PLAY 99')).toEqual([
      'name the place for the battery: PLAY 99 AT <city, port or fort>',
    ])
    expect(errors(landing(), 'confederate', 'PLAY 99 AT WASH')).toEqual([
      'WASH is not a Confederate city, port or fort',
    ])
    expect(errors(landing(2, true), 'confederate', 'PLAY 99 AT CHAS')).toEqual([
      'not while #40 Satin & Lace, No Guns is in play',
    ])
  })

  it('#99 (ruling RR-K15): the first 2-VP cargo landed in the phase becomes a battery instead of its points', () => {
    const s = landing()
    const batteries = count(s, 'CHAS', 'battery')
    const run = given(rs, s)
      .orders('confederate', 'PLAY 99 AT CHAS\nMOVE BR-40 UNLOAD')
      .dice({ 'supply die 1': 1 })
      .resolve()
    expect(count(run.state, 'CHAS', 'battery')).toBe(batteries + 1)
    expect(run.state.vp).toBe(s.vp - 1)
    expect(run.state.cards.CSA.heldAside).toEqual([{ card: 99, returnsAfterTurn: 5 }])
    expect(run.state.pieces.find((p) => p.id === 'BR-40')!.cargo).toBeUndefined()
    // A 1-VP cargo scores as usual, and the card finds no moment in the phase.
    const small = given(rs, landing(1))
      .orders('confederate', 'PLAY 99 AT CHAS\nMOVE BR-40 UNLOAD')
      .dice({ 'supply die 1': 1 })
      .resolve()
    expect(count(small.state, 'CHAS', 'battery')).toBe(batteries)
    expect(small.state.vp).toBe(s.vp + 1 - 1)
  })
})

describe('#93 Herrera & Co. and #94 To the Dark Shores (PB 23, RB 9.1-9.3)', () => {
  it('#93 (ruling RR-K17): markers laid in Havana, the West Indies, Bermuda and Nassau; a runner loading there takes one on top of its load, and lands both', () => {
    const s = position('csa-move', 2, { CSA: [93] })
    s.pieces.push({ id: 'BR-60', side: 'CSA', type: 'runner', at: 'HAVA' })
    expect(errors(s, 'confederate', 'PLAY 93 AT 5')).toEqual(['write PLAY 93 [AT <markers a port, 1-4>]'])
    const run = given(rs, s)
      .orders('confederate', 'PLAY 93 AT 2\nMOVE BR-60 LOAD')
      .dice({ 'supply die 1': 1 })
      .resolve()
    expect(run.state.portCargo).toEqual({ HAVA: 1, WIND: 2, BERM: 2, NASS: 2 })
    const runner = run.state.pieces.find((p) => p.id === 'BR-60')!
    expect([runner.cargo, runner.extraCargo]).toEqual([1, 1])
    expect(run.state.cards.CSA.deck.discards).toContain(93)
    const home = position('csa-move', 2, {})
    home.pieces.push({ id: 'BR-61', side: 'CSA', type: 'runner', at: 'WILM', cargo: 1, extraCargo: 1 })
    const landed = given(rs, home).orders('confederate', 'MOVE BR-61 UNLOAD').dice({ 'supply die 1': 1 }).resolve()
    expect(landed.state.vp).toBe(home.vp + 2 - 1)
    expect(landed.texts('9.21')[0]).toMatch(/with 1 1-VP marker more/)
  })

  it('#94 lays one marker in each of Brazil, Africa and Ponta Delgado by default, within the thirteen 1-VP markers (9.3)', () => {
    const s = position('csa-build', 2, { CSA: [94] })
    const one = given(rs, s).orders('confederate', 'PLAY 94').resolve()
    expect(one.state.portCargo).toEqual({ BRAZ: 1, AFRI: 1, PDEL: 1 })
    const loaded = s.pieces.filter((p) => p.cargo === 1).length
    for (let i = 0; i < 11 - loaded; i++)
      s.pieces.push({ id: `BR-${70 + i}`, side: 'CSA', type: 'runner', at: 'WILM', cargo: 1 })
    const short = given(rs, s).orders('confederate', 'PLAY 94 AT 3').resolve()
    expect(short.state.portCargo).toEqual({ BRAZ: 1, AFRI: 1 })
  })
})
