// Rule 12: victory points and the victory level at the end of a scenario.
import { describe, expect, it } from 'vitest'
import {
  FWDT,
  P,
  T,
  areaDef,
  clearFederals,
  fresh,
  parse,
  placeCsa,
  raidLoss,
  resolve,
  shipDef,
  withoutSumter,
} from './helpers.ts'

const vp = P.victoryPoints
const weak = P.scenarios.find((s) => s.id === 'weak-beginning')!
const levelFor = (difference: number) =>
  weak.victory.find((v) => (v.min === null || difference >= v.min) && (v.max === null || difference <= v.max))!.level

describe('12.1 victory points', () => {
  it('12.11: the Confederate scores one VP per merchant-marine point removed', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    s.mm = s.mmInitial - 10
    placeCsa(s, 'ALA', 'C15')
    const loss = raidLoss(T, 6, areaDef('C11').density)
    const r = resolve(s, { federal: '', confederate: 'ALA: MOVE C11 +RAID\nALA: MOVE C10', dice: [6, FWDT] })
    expect(r.state.vp.csa).toBe(10 + loss)
    expect(r.state.vp.csa).toBe(r.state.mmInitial - r.state.mm)
  })

  it('12.13: the pack carries the printed VP for sinkings and internments', () => {
    expect({ IC: vp.sunk.IC, S: vp.sunk.S, GB: vp.sunk.GB, AUX: vp.sunk.AUX }).toEqual({
      IC: 150,
      S: 75,
      GB: 30,
      AUX: 15,
    })
    expect({ IC: vp.interned.IC, S: vp.interned.S, GB: vp.interned.GB, AUX: vp.interned.AUX }).toEqual({
      IC: 30,
      S: 15,
      GB: 6,
      AUX: 3,
    })
  })

  it('12.13: sunk ships score by type; screw and side-wheel sloops score alike', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    expect(shipDef('NASH').type).toBe('SS')
    // Each ship is at sea on the last turn of its refit period and stays there: all three sink.
    for (const id of ['NASH', 'GEO', 'ALA-AUX']) placeCsa(s, id, 'C20', { turnsAtSea: shipDef(id).refitPeriod! - 1 })
    const r = resolve(s, { federal: '', confederate: '', dice: [FWDT] })
    expect(r.state.losses.map((l) => `${l.ship}:${l.how}`).sort()).toEqual(['ALA-AUX:sunk', 'GEO:sunk', 'NASH:sunk'])
    expect(r.state.vp.usa).toBe(vp.sunk.S! + vp.sunk.GB! + vp.sunk.AUX!)
  })

  it('12.14: interned ships score by type', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    const limit = P.internment.other
    for (const id of ['NASH', 'GEO', 'ALA-AUX']) placeCsa(s, id, 'C11', { port: 'S', turnsInPort: limit })
    const r = resolve(s, { federal: '', confederate: '', dice: [FWDT] })
    expect(r.state.losses.map((l) => `${l.ship}:${l.how}`).sort()).toEqual([
      'ALA-AUX:interned',
      'GEO:interned',
      'NASH:interned',
    ])
    expect(r.state.vp.usa).toBe(vp.interned.S! + vp.interned.GB! + vp.interned.AUX!)
  })
})

describe('12.15 the level of victory', () => {
  function lastTurn(mmLost: number, usaVp = 0) {
    const s = fresh()
    clearFederals(s)
    s.turn = weak.lastTurn
    s.mm = s.mmInitial - mmLost
    s.vp.usa = usaVp
    return resolve(s, { federal: '', confederate: '', dice: [] })
  }

  it('12.15: the game ends after GT4 of Weak Beginning with the level from the scenario table', () => {
    const r = lastTurn(40)
    expect(r.step.finished).toBe(true)
    expect(r.state.stage).toBe('finished')
    expect(r.state.result).toEqual({ level: levelFor(40), difference: 40 })
    expect(r.state.result!.level).toBe('Confederate Minor Victory')
    expect(r.texts('12.15')).toEqual([
      `The game ends after GT4. Confederate 40 VP (merchant marine ${r.state.mmInitial} -> ${r.state.mmInitial - 40}), Federal 0 VP: difference 40, Confederate Minor Victory.`,
    ])
    expect(r.dice.rolls).toEqual([]) // no next turn is opened
  })

  it('12.15: the Federal VP are subtracted from the Confederate VP', () => {
    const r = lastTurn(40, vp.interned.S!)
    const diff = 40 - vp.interned.S!
    expect(r.state.result).toEqual({ level: levelFor(diff), difference: diff })
    expect(r.state.result!.level).toBe('Draw')
  })

  it('12.15: the table edges: 60 is a Confederate major victory, 0 a Federal major victory', () => {
    expect(lastTurn(60).state.result!.level).toBe('Confederate Major Victory')
    expect(lastTurn(59).state.result!.level).toBe('Confederate Minor Victory')
    expect(lastTurn(1).state.result!.level).toBe('Federal Minor Victory')
    expect(lastTurn(0).state.result!.level).toBe('Federal Major Victory')
  })

  it('12.15: no orders are taken once the game is over', () => {
    const r = lastTurn(10)
    expect(parse(r.state, 'confederate', 'SUM: STAY').errors.map((e) => e.message)).toEqual([
      'the game is over; no more orders are taken',
    ])
  })
})
