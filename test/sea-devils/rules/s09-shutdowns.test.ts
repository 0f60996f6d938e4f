// Rules 9.34 and 9.35: below -19 in England and -6 in France no uncommissioned ship may leave, and
// no ship is repaired or refitted there; commissioning in France stays possible (ruling R8, after
// the designer's note in 12.12 that commissions the Stonewall in C5 in 1865).
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
  withoutSumter,
  rawScript,
} from './helpers.ts'
import type { SdState } from '../../../src/games/sea-devils/state.ts'

const england = areaDef('C2').ports.find((p) => p.nat === 'England')!
const france = areaDef('C5').ports.find((p) => p.nat === 'France')!

function inPort(id: string, area: 'C2' | 'C5', cpl: Partial<SdState['cpl']>, commissioned = false): SdState {
  const s = fresh()
  withoutSumter(s)
  clearFederals(s)
  Object.assign(s.cpl, cpl)
  placeCsa(s, id, area, { port: area === 'C2' ? 'England' : 'France', commissioned })
  return s
}
const errors = (s: SdState, text: string) => parse(s, 'confederate', text).errors.map((e) => e.message)

describe('9.34 / 9.35 shutdowns', () => {
  it('9.34 / 9.35: the thresholds come from the pack (England -19, France -6)', () => {
    expect(england).toMatchObject({ cplThreshold: -19, holdsUncommissioned: true })
    expect(france).toMatchObject({ cplThreshold: -6, holdsUncommissioned: true, commissionThreshold: null })
  })

  it('9.35: below -6 an uncommissioned ship may not leave France', () => {
    const s = inPort('GEO', 'C5', { france: france.cplThreshold! - 1 })
    expect(errors(s, 'GEO: LEAVE-PORT')).toEqual([
      'GEO is uncommissioned and may not leave France while its prestige level is below -6 (9.35); commission it first',
    ])
    // At the threshold itself it may.
    s.cpl.france = france.cplThreshold!
    expect(errors(s, 'GEO: LEAVE-PORT')).toEqual([])
    // A commissioned ship is not held.
    expect(errors(inPort('GEO', 'C5', { france: -12 }, true), 'GEO: LEAVE-PORT\nGEO: MOVE C3')).toEqual([])
  })

  it('9.35 / R8: commissioning in France stays possible below -6, and then the ship may leave', () => {
    const s = inPort('GEO', 'C5', { france: -12 })
    const r = resolve(s, { federal: '', confederate: 'GEO: COMMISSION\nGEO: LEAVE-PORT\nGEO: MOVE C3', dice: [FWDT] })
    expect(r.texts('10.51')).toEqual(['GEO is commissioned at the French port in C5.'])
    expect(r.state.csa.GEO!).toMatchObject({ commissioned: true, area: 'C3', port: null })
  })

  it('9.35: repair and refit stay barred in France below -6', () => {
    expect(errors(inPort('ALA', 'C5', { france: -7 }, true), 'ALA: REFIT')).toEqual([
      'C5 cannot refit Confederate ships now (4.41, 9.34, 9.35)',
    ])
  })

  it('9.34: below -19 an uncommissioned ship may not leave England, nor be commissioned there', () => {
    const s = inPort('GEO', 'C2', { england: england.cplThreshold! - 1 })
    expect(errors(s, 'GEO: LEAVE-PORT')).toEqual([
      'GEO is uncommissioned and may not leave England while its prestige level is below -19 (9.34); commission it first',
    ])
    // A level only falls during the phase, so the commissioning is flagged on receipt...
    expect(errors(s, 'GEO: COMMISSION')).toEqual([
      'GEO cannot be commissioned in C2: the port in C2 commissions no Confederate ship at the current prestige level (9.34)',
    ])
    // ...and a line that got through anyway fails at execution for the same reason (ruling R32).
    const r = resolve(s, {
      federal: '',
      unchecked: { confederate: [rawScript('GEO', ['COMMISSION', 'LEAVE-PORT'])] },
      dice: [FWDT],
    })
    expect(r.texts('9.34')).toEqual([
      'GEO cannot be commissioned in C2: the port in C2 commissions no Confederate ship at the current prestige level; it stays uncommissioned (ruling R32).',
      'GEO is uncommissioned and may not leave England while its prestige level is below -19; LEAVE-PORT is skipped (ruling R32).',
    ])
    expect(r.state.csa.GEO!).toMatchObject({ port: 'England', commissioned: false })
    // Held in port, it spent the whole turn there: no coal needed, one more turn toward internment (11.41).
    expect(r.texts('11.52')).toEqual([])
    expect(r.state.csa.GEO!.turnsInPort).toBe(1)
  })

  it('9.34 / 9.22(1): a level that falls during the phase holds a ship that was free to leave when it recorded', () => {
    const s = inPort('GEO', 'C2', { england: england.cplThreshold! })
    s.mm = P.victoryPoints.mmEnglandThreshold
    placeCsa(s, 'ALA', 'C15')
    expect(raidLoss(T, 6, areaDef('C11').density)).toBeGreaterThan(0)
    expect(errors(s, 'ALA: MOVE C11 +RAID\nGEO: LEAVE-PORT')).toEqual([])
    const r = resolve(s, { federal: '', confederate: 'ALA: MOVE C11 +RAID\nGEO: LEAVE-PORT', dice: [6, FWDT] })
    expect(r.texts('9.22')).toEqual([
      `The merchant marine falls below ${P.victoryPoints.mmEnglandThreshold}: England's prestige level drops to ${england.cplThreshold! - 1}.`,
    ])
    expect(r.texts('9.34')).toHaveLength(1)
    expect(r.state.csa.GEO!.port).toBe('England')
  })
})
