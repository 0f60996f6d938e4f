// A line the resolution would skip for a reason already known when the
// record arrives is flagged in the acknowledgement, for the same reason (one legality function
// serves both). A line that gets through anyway (a record gone stale) is still skipped (R32).
import { describe, expect, it } from 'vitest'
import {
  FWDT,
  type Run,
  T,
  clearFederals,
  crt,
  dieWhere,
  fresh,
  parse,
  placeCsa,
  placeUsa,
  rawScript,
  resolve,
  searchSpots,
  shipDef,
  winningFight,
  withoutSumter,
} from './helpers.ts'
import type { SdState } from '../../../src/games/sea-devils/state.ts'

const errors = (s: SdState, role: 'federal' | 'confederate', text: string) =>
  parse(s, role, text).errors.map((e) => e.message)

function alone(): SdState {
  const s = fresh()
  withoutSumter(s)
  clearFederals(s)
  return s
}

describe('the acknowledgement flags what the resolution would skip', () => {
  it('4.41: no commissioning at sea off a Confederate port lost to the land war', () => {
    const s = alone()
    s.csaPortsLost = ['C15']
    placeCsa(s, 'NASH', 'C15', { commissioned: false })
    expect(errors(s, 'confederate', 'NASH: COMMISSION')).toEqual([
      'NASH cannot be commissioned in C15: the Confederate port in C15 is lost to the land war (4.41)',
    ])
    expect(errors(s, 'confederate', 'NASH: RUN-IN\nNASH: COMMISSION')).toEqual([
      'NASH cannot run into a Confederate port: the Confederate port in C15 is lost to the land war (4.41)',
      'NASH cannot be commissioned in C15: the Confederate port in C15 is lost to the land war (4.41)',
    ])
    const r = resolve(s, { federal: '', unchecked: { confederate: [rawScript('NASH', ['COMMISSION'])] }, dice: [FWDT] })
    expect(r.texts('4.41')).toEqual([
      'NASH cannot be commissioned in C15: the Confederate port in C15 is lost to the land war; it stays uncommissioned (ruling R32).',
    ])
    expect(r.state.csa.NASH!.commissioned).toBe(false)
  })

  it('10.51: an area with no commissioning port is flagged; a Confederate port in hands still commissions', () => {
    const s = alone()
    placeCsa(s, 'NASH', 'C9', { commissioned: false })
    expect(errors(s, 'confederate', 'NASH: COMMISSION')).toEqual([
      'NASH cannot be commissioned in C9: C9 has no port where a ship can be commissioned (10.51)',
    ])
    placeCsa(s, 'NASH', 'C14', { port: 'CSA', commissioned: false })
    expect(errors(s, 'confederate', 'NASH: COMMISSION')).toEqual([])
  })

  it('9.3: a closed port, entered by a stale line, is skipped for the reason given at receipt', () => {
    const s = alone()
    placeCsa(s, 'ALA', 'C13')
    s.cpl.world = -20
    const [why] = errors(s, 'confederate', 'ALA: ENTER-PORT')
    expect(why).toBe(
      'ALA cannot enter port in C13: the English colonial port in C13 is closed to Confederate ships at the current prestige level (9.3)',
    )
    const r = resolve(s, { federal: '', unchecked: { confederate: [rawScript('ALA', ['ENTER-PORT'])] }, dice: [FWDT] })
    expect(r.texts('9.3')).toEqual([
      'ALA cannot enter port in C13: the English colonial port in C13 is closed to Confederate ships at the current prestige level; ENTER-PORT is skipped (ruling R32).',
    ])
    expect(r.state.csa.ALA!.port).toBeNull()
  })

  it('7.24: a Federal ship may join only an existing neutral-port blockade, where it ends its movement', () => {
    const s = alone()
    placeCsa(s, 'ALA', 'C11', { port: 'S' })
    placeUsa(s, 'IROQ', 'C11')
    placeUsa(s, 'DACO', 'C10')
    expect(errors(s, 'federal', 'BLOCKADE IROQ ALA')).toEqual([
      'IROQ cannot join a blockade of ALA: ALA is not blockaded; only an existing blockade can be joined (7.24)',
    ])
    s.usa.DACO!.area = 'C11'
    s.usa.DACO!.blockading = 'ALA'
    expect(errors(s, 'federal', 'BLOCKADE IROQ ALA')).toEqual([])
    expect(errors(s, 'federal', 'BLOCKADE IROQ ALA\nMOVE IROQ C10')).toEqual([
      'IROQ cannot join a blockade of ALA: the ship does not end its movement in C11, where ALA lies (7.24)',
    ])
    placeCsa(s, 'ALA', 'C11')
    expect(errors(s, 'federal', 'BLOCKADE IROQ ALA')).toEqual([
      'IROQ cannot join a blockade of ALA: ALA does not lie in a neutral port (7.24)',
    ])
  })
})

describe('4.42: no refuge on the United States coast', () => {
  function offSanFrancisco(policy: string): Run {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s, true)
    placeCsa(s, 'ALA', 'C50')
    placeUsa(s, 'DACO', 'C54')
    const spot = dieWhere((d) => searchSpots(T, d, 1))
    const fight = winningFight(shipDef('ALA').gun, shipDef('DACO').def, shipDef('DACO').gun, shipDef('ALA').def)
    return resolve(s, { federal: '', confederate: `ALA: MOVE C54\n${policy}`, dice: [spot, ...fight, FWDT] })
  }

  it('4.42: a standing PORT in C54 falls through to the next clause, and the report says why', () => {
    const r = offSanFrancisco('POLICY ALA ON SPOTTED: PORT; FIGHT')
    expect(r.texts('4.42')).toEqual([
      "ALA cannot take refuge in port in C54: no Confederate ship may accept blockade on the United States coast (4.42); the policy's PORT clause is passed over.",
    ])
    expect(r.texts('6.13')[0]).toBe('ALA answers the spotting with FIGHT (policy ALA ON SPOTTED).')
    expect(r.state.usa.DACO!.loc).toBe('sunk')
    expect(r.state.csa.ALA!.port).toBeNull()
  })

  it('4.42: with no clause after PORT the built-in answer applies, and says so', () => {
    const r = offSanFrancisco('POLICY ALA ON SPOTTED: FIGHT IF diff > 99; PORT')
    expect(r.texts('4.42')).toHaveLength(1)
    expect(r.texts('6.13')[0]).toBe('ALA answers the spotting with ESCAPE (built-in default).')
  })
})

describe('4.3: a ship lost mid-script', () => {
  it('4.3 / 8.1: a ship sunk mid-script has its remaining lines listed as not carried out, with the reason', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, 'ALA', 'C15')
    placeUsa(s, 'DACO', 'C11')
    const least = Math.min(...[1, 2, 3, 4, 5, 6].map((d) => crt(d, shipDef('ALA').gun)))
    const csaDie = dieWhere((d) => crt(d, shipDef('ALA').gun) === least)
    const hit = crt(6, shipDef('DACO').gun)
    expect(hit).toBeGreaterThan(0)
    const n = Math.ceil(shipDef('ALA').def / hit)
    expect(n * least).toBeLessThan(shipDef('DACO').def)
    const spot = dieWhere((d) => searchSpots(T, d, 1))
    const r = resolve(s, {
      federal: '',
      confederate: 'ALA: MOVE C11\nALA: RAID\nALA: MOVE C10\nPOLICY ALA ON SPOTTED: FIGHT',
      dice: [spot, ...Array.from({ length: n }, () => [csaDie, 6]).flat(), FWDT],
    })
    expect(r.state.csa.ALA!.status).toBe('sunk')
    const [line] = r.texts('4.3')
    expect(line).toMatch(/^ALA was sunk \(.+\) before the end of its record; not carried out: RAID, MOVE C10\.$/)
    // The owner's report only: the Federal learns nothing of the lines never sailed.
    expect(r.step.narrative.find((e) => e.rule === '4.3')!.audience).toEqual({ kind: 'roles', roles: ['confederate'] })
  })
})
