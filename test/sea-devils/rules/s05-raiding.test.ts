// Rule 5: raid losses, whaling counters and the raid restrictions.
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
  resolve,
  shipDef,
  withoutSumter,
  rawScript,
} from './helpers.ts'

/** The Raid Table cell for a die and a density, read straight from the pack. */
const cell = (die: number, density: number) => {
  const col = T.raid.columns.indexOf(density)
  expect(col, `raid column for density ${density}`).toBeGreaterThanOrEqual(0)
  return T.raid.rows[die - 1]![col]!
}

describe('5.1 raids', () => {
  it('5.11: the loss is the Raid Table cell for the die and the area density; MM drops by it', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, 'ALA', 'C15')
    const density = areaDef('C11').density
    const loss = cell(6, density)
    expect(loss).toBeGreaterThan(0)
    const r = resolve(s, { federal: '', confederate: 'ALA: MOVE C11 +RAID\nALA: MOVE C10', dice: [6, FWDT] })
    expect(r.labels[0]).toBe('raid by ALA in C11')
    expect(r.texts('5.11')).toEqual([
      `ALA raids C11 (density ${density}, die 6): ${loss} merchant-marine points (2/${shipDef('ALA').ma} MP).`,
    ])
    expect(r.state.mm).toBe(s.mm - loss)
    expect(r.state.raidsThisTurn).toEqual([]) // cleared by the next turn's opening
    expect(
      r.step.narrative.some(
        (n) => n.rule === '5.2' && n.audience.kind === 'roles' && n.audience.roles.includes('federal'),
      ),
    ).toBe(true)
  })

  it('5.0: an area may be raided only once per turn by a ship (rejected at parse)', () => {
    const s = fresh()
    withoutSumter(s)
    placeCsa(s, 'ALA', 'C15')
    const p = parse(s, 'confederate', 'ALA: MOVE C11 +RAID\nALA: RAID')
    expect(p.errors.map((e) => e.message)).toEqual(['ALA has already raided C11 this turn (5.0)'])
  })
})

describe('5.3 whaling counters', () => {
  it('5.31: the first sloop raid on a whaling counter uses its value and removes it; later raids use the printed density', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    const printed = areaDef('C6').density
    const value = P.whalingValues.values.find((v) => v !== printed)!
    s.whaling = { C6: value }
    placeCsa(s, 'ALA', 'D2')
    placeCsa(s, 'FLA', 'D1')
    const r = resolve(s, { federal: '', confederate: 'ALA: MOVE C6 +RAID\nFLA: MOVE C6 +RAID', dice: [5, 5, FWDT] })
    const raids = r.texts('5.11')
    expect(raids[0]).toContain(
      `ALA raids C6 (whaling counter revealed: density ${value} (5.31), die 5): ${cell(5, value)} merchant-marine points`,
    )
    expect(raids[1]).toContain(`FLA raids C6 (density ${printed}, die 5): ${cell(5, printed)} merchant-marine points`)
    expect(r.state.whaling.C6).toBeUndefined()
    expect(r.state.mm).toBe(s.mm - cell(5, value) - cell(5, printed))
  })

  it('5.31: a gunboat raid neither reveals nor removes the whaling counter', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    const printed = areaDef('C6').density
    s.whaling = { C6: P.whalingValues.values.find((v) => v !== printed)! }
    placeCsa(s, 'GEO', 'D2')
    const r = resolve(s, { federal: '', confederate: 'GEO: MOVE C6 +RAID', dice: [5, FWDT] })
    expect(r.texts('5.11')[0]).toContain(`GEO raids C6 (density ${printed}, die 5)`)
    expect(r.state.whaling.C6).toBe(s.whaling.C6)
  })
})

describe('5.4 raid restrictions', () => {
  it('5.41: a gunboat may not raid a deep-water area (rejected at parse); a sloop may', () => {
    const s = fresh()
    withoutSumter(s)
    placeCsa(s, 'GEO', 'D2')
    placeCsa(s, 'ALA', 'D2')
    expect(parse(s, 'confederate', 'GEO: MOVE D1 +RAID').errors.map((e) => e.message)).toEqual([
      'GEO may not raid D1: gunboats and auxiliaries raid only coastal areas (5.41)',
    ])
    expect(parse(s, 'confederate', 'ALA: MOVE D1 +RAID').errors).toEqual([])
  })

  it('5.41: an ironclad may never raid', () => {
    const s = fresh()
    withoutSumter(s)
    placeCsa(s, 'STON', 'C5')
    expect(parse(s, 'confederate', 'STON: MOVE C2 +RAID').errors.map((e) => e.message)).toEqual([
      'STON may not raid C2: ironclads never raid (5.41)',
    ])
  })

  it('5.42: Nashville may raid only one area a turn', () => {
    const s = fresh()
    placeCsa(s, 'NASH', 'C14')
    expect(parse(s, 'confederate', 'NASH: MOVE C10 +RAID\nNASH: MOVE C11 +RAID').errors.map((e) => e.message)).toEqual([
      'NASH may not raid C11: it may raid only once a turn (5.42)',
    ])
    expect(parse(s, 'confederate', 'NASH: MOVE C10 +RAID\nNASH: MOVE C11').errors).toEqual([])
    // An ordinary sloop is not limited.
    placeCsa(s, 'SUM', 'C14')
    expect(parse(s, 'confederate', 'SUM: MOVE C10 +RAID\nSUM: MOVE C11 +RAID').errors).toEqual([])
  })

  it('5.43: an auxiliary raids at density 1 outside C9 and at the full density in C9', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, 'ALA-AUX', 'C11')
    placeCsa(s, 'FLA-AUX', 'C9')
    const r = resolve(s, { federal: '', confederate: 'ALA-AUX: RAID\nFLA-AUX: RAID', dice: [6, 6, FWDT] })
    const raids = r.texts('5.11')
    expect(raids[0]).toContain(
      `ALA-AUX raids C11 (auxiliary: density 1 (5.43), die 6): ${cell(6, 1)} merchant-marine points`,
    )
    expect(raids[1]).toContain(
      `FLA-AUX raids C9 (density ${areaDef('C9').density}, die 6): ${cell(6, areaDef('C9').density)} merchant-marine points`,
    )
    expect(r.state.mm).toBe(s.mm - cell(6, 1) - cell(6, areaDef('C9').density))
  })

  it('5.43: an auxiliary cannot raid an area of density 0: flagged on receipt; a line that got through costs no MP', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    expect(areaDef('C45').density).toBe(0)
    placeCsa(s, 'ALA-AUX', 'C41')
    expect(
      parse(s, 'confederate', 'ALA-AUX: MOVE C45\nALA-AUX: RAID\nALA-AUX: MOVE C41').errors.map((e) => e.message),
    ).toEqual(['ALA-AUX may not raid C45: auxiliaries need a density of at least 1 (5.43)'])
    const r = resolve(s, {
      federal: '',
      unchecked: { confederate: [rawScript('ALA-AUX', ['MOVE C45', 'RAID', 'MOVE C41'])] },
      dice: [FWDT],
    })
    expect(r.texts('5.43')).toEqual(['ALA-AUX does not raid C45: auxiliaries need a density of at least 1.'])
    expect(r.texts('5.11')).toEqual([])
    expect(r.all).toContain(`ALA-AUX moves to C41 (2/${shipDef('ALA-AUX').ma} MP)`)
    expect(r.state.mm).toBe(s.mm)
  })

  it('5.46: an uncommissioned ship cannot raid', () => {
    const s = fresh()
    withoutSumter(s)
    placeCsa(s, 'ALA', 'C2', { commissioned: false })
    expect(parse(s, 'confederate', 'ALA: MOVE C3 +RAID').errors.map((e) => e.message)).toEqual([
      'ALA may not raid C3: it is uncommissioned (5.46)',
    ])
  })
})
