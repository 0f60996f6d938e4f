// Rule 10: Federal removal, reinforcements, the deployment table and track, deployment choices,
// Confederate reinforcements and commissioning.
import { describe, expect, it } from 'vitest'
import {
  FWDT,
  T,
  clearFederals,
  fresh,
  parse,
  placeCsa,
  placeUsa,
  resolve,
  shipDef,
  trackOf,
  withoutSumter,
  yearOf,
  rawScript,
} from './helpers.ts'
import type { SdState } from '../../../src/games/sea-devils/state.ts'
import { DEPLOY_TYPES } from '../../../src/games/sea-devils/pack.ts'

const fwdtColumn = (inPlay: number) => {
  const i = T.fwdt.columns.findIndex((c) => Number.parseInt(c, 10) === inPlay)
  expect(i, `FWDT column for ${inPlay}`).toBeGreaterThanOrEqual(0)
  return i
}

describe('10.1-10.2 Federal removal and reinforcements', () => {
  it('10.1: ships with no availability left go to the UP; CSE ships go back to the AP (or the UP when spent)', () => {
    const s = fresh()
    placeUsa(s, 'CONN', 'CSE', { spent: 1 })
    placeUsa(s, 'DESOTO', 'CSE', { spent: shipDef('DESOTO').availability! })
    expect(shipDef('PENG').availability! - s.usa.PENG!.spent).toBe(0)
    const r = resolve(s, { federal: '', confederate: '', dice: [FWDT] })
    expect(r.state.usa.PENG!.loc).toBe('UP')
    expect(r.state.usa.CONN!.loc).toBe('AP')
    expect(r.state.usa.DESOTO!.loc).toBe('UP')
    expect(r.texts('10.1')).toEqual([
      'PENG has no availability left and goes to the Unavailable Pool.',
      'CONN leaves the CSE box for the Available Pool.',
      'DESOTO has no availability left and goes to the Unavailable Pool.',
    ])
    // Ships still holding availability stay where they are.
    expect(r.state.usa.POWH!.loc).toBe('map')
  })

  it('10.11: a ship taken from the UP goes back there at the next placement', () => {
    const s = fresh()
    placeUsa(s, 'RICH', 'C10', { spent: 1, fromUP: true, upUses: 1 })
    const r = resolve(s, { federal: '', confederate: '', dice: [FWDT] })
    expect(r.state.usa.RICH!.loc).toBe('UP')
    expect(r.state.usa.RICH!.fromUP).toBe(false)
    expect(r.texts('10.11')).toEqual(['RICH returns to the Unavailable Pool.'])
  })

  it("10.2: the turn's Federal reinforcements join the Available Pool", () => {
    const s = fresh()
    const arrivals = trackOf(2).usaReinforcements
    expect(arrivals.length).toBeGreaterThan(0)
    for (const id of arrivals) expect(s.usa[id]!.loc).toBe('pending')
    const r = resolve(s, { federal: '', confederate: '', dice: [FWDT] })
    for (const id of arrivals) expect(r.state.usa[id]!.loc).toBe('AP')
    expect(r.texts('10.2')).toHaveLength(arrivals.length)
    // GT3's ships are not here yet.
    for (const id of trackOf(3).usaReinforcements) expect(r.state.usa[id]!.loc).toBe('pending')
  })
})

describe('10.3 Federal warship deployment', () => {
  /** GT2, resolving into GT3 (which brings no Confederate reinforcement). */
  function gt2(): SdState {
    const s = fresh()
    s.turn = 2
    clearFederals(s)
    expect(trackOf(3).csaReinforcements).toEqual([])
    return s
  }

  it('10.31: Confederate ships in Europe count one half (rounded down) for the FWDT column', () => {
    // Sumter in its C15 port counts 1; ALA in C2 and GEO in C5 count one half each.
    for (const [withGeo, inPlay] of [
      [false, 1],
      [true, 2],
    ] as const) {
      const s = gt2()
      placeCsa(s, 'ALA', 'C2', { port: 'England' })
      if (withGeo) placeCsa(s, 'GEO', 'C5', { port: 'France' })
      const r = resolve(s, { federal: '', confederate: '', dice: [3] })
      const expected = T.fwdt.rows[2]![fwdtColumn(inPlay)]!
      expect(r.texts('10.31')[0]).toMatch(
        new RegExp(`^Deployment roll with ${inPlay} Confederate ship\\(s\\) in play: die 3 gives `),
      )
      for (const t of DEPLOY_TYPES) expect(r.state.deployTrack[t]).toBe(expected[t])
    }
  })

  it('10.31 / 10.41: the points add to what is left on the track', () => {
    const s = gt2()
    s.deployTrack = { F: 1, SF: 0, S: 2, GB: 0, SGB: 1 }
    const r = resolve(s, { federal: '', confederate: '', dice: [6] })
    const row = T.fwdt.rows[5]![fwdtColumn(1)]!
    expect(r.state.deployTrack).toEqual({ F: 1 + row.F, SF: row.SF, S: 2 + row.S, GB: row.GB, SGB: 1 + row.SGB })
  })
})

describe('10.4 Federal ship selection', () => {
  /** GT2 placement: the track shows one sloop point; KEAR lies in C8, DACO and IROQ in the AP. */
  function placement(): SdState {
    const s = fresh()
    s.turn = 2
    s.stage = 'federal-orders'
    s.deployTrack = { F: 0, SF: 0, S: 1, GB: 0, SGB: 1 }
    placeUsa(s, 'KEAR', 'C8', { deployed: false })
    for (const u of Object.values(s.usa)) u.deployed = false
    return s
  }

  it('10.42: deploying costs 1 availability and 1 track point of the type', () => {
    const s = placement()
    const before = s.usa.DACO!.spent
    const r = resolve(s, { federal: 'DEPLOY DACO', dice: [] })
    expect(r.state.usa.DACO!.spent).toBe(before + 1)
    expect(r.state.deployTrack.S).toBe(0)
    expect(r.state.deployTrack.SGB).toBe(1)
    expect(r.texts('10.42')).toEqual([
      `DACO (S) is deployed and enters at C9; availability ${before + 1}/${shipDef('DACO').availability}.`,
    ])
  })

  it('10.42: a deployment beyond the track points is rejected', () => {
    const s = placement()
    const p = parse(s, 'federal', 'DEPLOY DACO\nDEPLOY IROQ')
    expect(p.errors).toHaveLength(1)
    expect(p.errors[0]!.line).toBe(2)
    expect(p.errors[0]!.message).toBe('no S deployment points left (track shows 1) (10.42)')
    expect(parse(s, 'federal', 'DEPLOY NIAG').errors.map((e) => e.message)).toEqual([
      'no F deployment points left (track shows 0) (10.42)',
    ])
  })

  it('10.43: ships from the AP enter in C9; ships on the map stay where they are', () => {
    const s = placement()
    s.deployTrack.S = 2
    const r = resolve(s, { federal: 'DEPLOY DACO\nDEPLOY KEAR', dice: [] })
    expect(r.state.usa.DACO!).toMatchObject({ loc: 'map', area: 'C9' })
    expect(r.state.usa.KEAR!).toMatchObject({ loc: 'map', area: 'C8' })
    expect(r.state.stage).toBe('confederate-orders')
  })

  it('10.44: map ships not deployed go to the AP; Pacific Fleet ships in the Pacific stay', () => {
    const s = placement()
    const r = resolve(s, { federal: 'DEPLOY KEAR', dice: [] })
    for (const id of ['PENG', 'POWH', 'K-STAT']) expect(r.state.usa[id]!.loc).toBe('AP')
    expect(r.texts('10.44')).toContain('POWH is not used this turn and returns to the Available Pool.')
    expect(r.state.usa.SARA!).toMatchObject({ loc: 'map', area: 'C54' })
    expect(r.state.usa.KEAR!.loc).toBe('map')
  })
})

describe('10.5 Confederate reinforcements', () => {
  it('10.5: Nashville arrives at GT2 commissioned in the C14 Confederate port', () => {
    const s = fresh()
    expect(trackOf(2).csaReinforcements).toContainEqual({ ship: 'NASH', area: 'C14', inPort: true })
    expect(s.csa.NASH!.status).toBe('pending')
    const r = resolve(s, { federal: '', confederate: '', dice: [FWDT] })
    expect(r.state.csa.NASH!).toMatchObject({
      status: 'map',
      area: 'C14',
      port: 'CSA',
      commissioned: true,
      arrivedTurn: 2,
    })
    expect(r.texts('10.5')).toEqual(['NASH arrives in C14 (in the CSA port), commissioned.'])
  })

  it('10.51: only one commissioning a calendar year at a neutral port; Confederate ports are not limited', () => {
    const s = fresh()
    s.turn = 3
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, 'NASH', 'C14', { port: 'CSA', commissioned: false })
    placeCsa(s, 'ALA', 'C2', { port: 'England', commissioned: false })
    placeCsa(s, 'GEO', 'C5', { port: 'France', commissioned: false })
    const year = yearOf(3)
    // 10.51 counted across the ships of one record: the second neutral commissioning is flagged on receipt.
    expect(parse(s, 'confederate', 'NASH: COMMISSION\nALA: COMMISSION\nGEO: COMMISSION').errors).toEqual([
      {
        line: 3,
        text: 'GEO: COMMISSION',
        message: `GEO cannot be commissioned in C5: the one neutral-port commissioning of ${year} is already used (10.51)`,
        suggestion: 'commission in a Confederate port, or wait for the next calendar year',
      },
    ])
    const r = resolve(s, {
      federal: '',
      unchecked: {
        confederate: [
          rawScript('NASH', ['COMMISSION']),
          rawScript('ALA', ['COMMISSION']),
          rawScript('GEO', ['COMMISSION']),
        ],
      },
      dice: [FWDT],
    })
    expect(r.texts('10.51')).toEqual([
      'NASH is commissioned at the Confederate port in C14.',
      'ALA is commissioned at the English port in C2.',
      `GEO cannot be commissioned in C5: the one neutral-port commissioning of ${year} is already used; it stays uncommissioned (ruling R32).`,
    ])
    expect(r.state.csa.NASH!.commissioned).toBe(true)
    expect(r.state.csa.ALA!.commissioned).toBe(true)
    expect(r.state.csa.GEO!.commissioned).toBe(false)
    expect(r.state.neutralCommissionYears).toEqual([year])
  })

  it('10.51: the allowance of an earlier year does not stop a commissioning this year', () => {
    const s = fresh()
    s.turn = 3
    withoutSumter(s)
    clearFederals(s)
    s.neutralCommissionYears = [yearOf(1)]
    placeCsa(s, 'GEO', 'C5', { port: 'France', commissioned: false })
    const r = resolve(s, { federal: '', confederate: 'GEO: COMMISSION', dice: [FWDT] })
    expect(r.state.csa.GEO!.commissioned).toBe(true)
    expect(r.state.neutralCommissionYears).toEqual([yearOf(1), yearOf(3)])
  })
})
