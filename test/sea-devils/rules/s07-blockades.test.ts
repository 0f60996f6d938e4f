// Rule 7: running the blockade of a Confederate port (Blockade Table) and of a neutral port.
import { describe, expect, it } from 'vitest'
import {
  FWDT,
  T,
  blockadeResult,
  clearFederals,
  crt,
  dieWhere,
  escapes,
  fresh,
  placeCsa,
  placeUsa,
  resolve,
  searchSpots,
  shipDef,
  winningFight,
  withoutSumter,
  yearOf,
} from './helpers.ts'
import type { SdState } from '../../../src/games/sea-devils/state.ts'

/** Campaign game at `turn`, Nashville in the C14 Confederate port, no Sumter, Atlantic clear. */
function nashAtC14(turn: number, port: string | null = 'CSA'): SdState {
  const s = fresh('campaign')
  s.turn = turn
  withoutSumter(s)
  clearFederals(s)
  placeCsa(s, 'NASH', 'C14', { port })
  return s
}

describe('7.1 Confederate port blockades', () => {
  it('7.11: the die is modified for the year; no number means no fire', () => {
    // A die that gives nothing in 1861 but a hypothetical blockader in 1862.
    const die = dieWhere(
      (d) =>
        blockadeResult(T, d, yearOf(1), 'out').gunnery === null &&
        blockadeResult(T, d, yearOf(3), 'out').gunnery !== null,
      'a die the 1862 modifier turns into fire',
    )
    const quiet = blockadeResult(T, die, yearOf(1), 'out')
    const r = resolve(nashAtC14(1), { federal: '', confederate: 'NASH: RUN-OUT\nNASH: MOVE C10', dice: [die, FWDT] })
    expect(r.labels[0]).toBe('blockade out NASH at C14')
    expect(r.texts('7.11')).toEqual([
      `NASH runs the blockade out of the Confederate port in C14 (die ${die}, modified ${quiet.modified} for ${yearOf(1)}): the blockaders do not fire.`,
    ])
    expect(r.state.csa.NASH!.damage).toBe(0)
    expect(r.state.csa.NASH!.port).toBeNull()
    expect(r.state.csa.NASH!.area).toBe('C10')
  })

  it('7.11: a number is one firing segment by a ship of that gunnery; the runner carries on with its MA cut by the damage', () => {
    const die = dieWhere(
      (d) =>
        blockadeResult(T, d, yearOf(1), 'out').gunnery === null &&
        blockadeResult(T, d, yearOf(3), 'out').gunnery !== null,
    )
    const res = blockadeResult(T, die, yearOf(3), 'out')
    const dmg = crt(6, res.gunnery!)
    expect(dmg).toBeGreaterThan(0)
    expect(dmg).toBeLessThan(shipDef('NASH').def)
    const r = resolve(nashAtC14(3), { federal: '', confederate: 'NASH: RUN-OUT\nNASH: MOVE C10', dice: [die, 6, FWDT] })
    expect(r.labels.slice(0, 3)).toEqual([
      'blockade out NASH at C14',
      'blockader fires on NASH',
      'Federal Warship Deployment Table',
    ])
    expect(r.texts('7.11')).toEqual([
      `NASH runs the blockade out of the Confederate port in C14 (die ${die}, modified ${res.modified} for ${yearOf(3)}): a blockader of gunnery ${res.gunnery} fires once (die 6) for ${dmg} damage.`,
    ])
    expect(r.state.csa.NASH!.damage).toBe(dmg)
    expect(r.all).toContain(`NASH moves to C10 (2/${shipDef('NASH').ma - dmg} MP)`)
  })

  it('7.11: the direction modifier: running in uses the "in" column of the year', () => {
    const year = 1863
    const gt = 7
    expect(yearOf(gt)).toBe(year)
    const mods = T.blockade.yearMods[String(year)]!
    const s = nashAtC14(gt, null)
    const die = 4
    const r = resolve(s, {
      federal: '',
      confederate: 'NASH: RUN-IN',
      dice: [die, ...(blockadeResult(T, die, year, 'in').gunnery === null ? [] : [1]), FWDT],
    })
    expect(r.texts('7.11')[0]).toContain(
      `(die ${die}, modified ${Math.min(T.blockade.maxRoll, die + mods.in)} for ${year})`,
    )
    expect(r.state.csa.NASH!.port).toBe('CSA')
    expect(r.texts('11.51')).toContain('NASH coals in the Confederate port: 1 coaling(s) this turn.')
  })

  it('7.12: Federal ships in C14 search a ship that ran out of the port', () => {
    const s = nashAtC14(1)
    placeUsa(s, 'DACO', 'C14')
    const calm = dieWhere((d) => blockadeResult(T, d, yearOf(1), 'out').gunnery === null)
    const spot = dieWhere((d) => searchSpots(T, d, 1))
    const r = resolve(s, {
      federal: '',
      confederate: 'NASH: RUN-OUT\nPOLICY NASH ON SPOTTED: PORT',
      dice: [calm, spot, FWDT],
    })
    expect(r.labels.slice(0, 2)).toEqual(['blockade out NASH at C14', 'search for NASH in C14 by 1'])
    expect(r.texts('6.11')).toEqual([`DACO spots NASH in C14 (search die ${spot} with 1 searcher(s)).`])
  })
})

describe('7.2 neutral port blockades', () => {
  /** ALA lies in the Spanish port of C11, blockaded by DACO and MOHIC; IROQ searches at sea. */
  function blockaded(): SdState {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, 'ALA', 'C11', { port: 'S' })
    placeUsa(s, 'DACO', 'C11', { blockading: 'ALA' })
    placeUsa(s, 'MOHIC', 'C11', { blockading: 'ALA' })
    placeUsa(s, 'IROQ', 'C11')
    return s
  }
  const ma = shipDef('ALA').ma

  it('7.21 / 7.22: running costs 1 MP; each blockader is escaped from in turn, then the other ships search', () => {
    const s = blockaded()
    const e1 = dieWhere((d) => escapes(T, d, ma - shipDef('DACO').ma))
    const e2 = dieWhere((d) => escapes(T, d, ma - shipDef('MOHIC').ma))
    const miss = dieWhere((d) => !searchSpots(T, d, 1))
    const r = resolve(s, { federal: '', confederate: 'ALA: RUN\nALA: MOVE C10', dice: [e1, e2, miss, FWDT] })
    expect(r.labels.slice(0, 3)).toEqual(['run past DACO', 'run past MOHIC', 'search for ALA in C11 by 1'])
    expect(r.texts('7.21')).toEqual([
      'ALA runs the blockade of the port in C11 (2 blockader(s)).',
      `ALA slips past DACO (speed difference ${ma - shipDef('DACO').ma}, die ${e1}).`,
      `ALA slips past MOHIC (speed difference ${ma - shipDef('MOHIC').ma}, die ${e2}).`,
    ])
    expect(r.all).toContain(`ALA moves to C10 (2/${ma} MP)`)
    expect(r.state.usa.DACO!.blockading).toBeNull()
    expect(r.state.usa.MOHIC!.blockading).toBeNull()
    expect(r.state.csa.ALA!.port).toBeNull()
  })

  it('7.21: the runner may fight one blockader and escape another (BLOCKADER policy)', () => {
    const s = blockaded()
    const fight = winningFight(shipDef('ALA').gun, shipDef('DACO').def, shipDef('DACO').gun, shipDef('ALA').def)
    const e2 = dieWhere((d) => escapes(T, d, ma - shipDef('MOHIC').ma))
    const miss = dieWhere((d) => !searchSpots(T, d, 1))
    const r = resolve(s, {
      federal: '',
      confederate: `ALA: LEAVE-PORT\nPOLICY ALA ON BLOCKADER: FIGHT IF foe.gun <= ${shipDef('DACO').gun}; ESCAPE`,
      dice: [...fight, e2, miss, FWDT],
    })
    expect(r.texts('8.11')[0]).toBe('Combat: ALA against DACO.')
    expect(r.state.usa.DACO!.loc).toBe('sunk')
    expect(r.texts('7.21')).toContain(`ALA slips past MOHIC (speed difference ${ma - shipDef('MOHIC').ma}, die ${e2}).`)
    expect(r.labels.at(-2)).toBe('search for ALA in C11 by 1')
    expect(r.state.csa.ALA!.area).toBe('C11')
    expect(r.state.csa.ALA!.port).toBeNull()
  })

  it('7.21: a failed escape from a blockader means combat with it', () => {
    const s = blockaded()
    s.usa.MOHIC!.blockading = null
    Object.assign(s.usa.MOHIC!, { loc: 'AP', area: null })
    const fail = dieWhere((d) => !escapes(T, d, ma - shipDef('DACO').ma))
    const fight = winningFight(shipDef('ALA').gun, shipDef('DACO').def, shipDef('DACO').gun, shipDef('ALA').def)
    const miss = dieWhere((d) => !searchSpots(T, d, 1))
    const r = resolve(s, { federal: '', confederate: 'ALA: RUN', dice: [fail, ...fight, miss, FWDT] })
    expect(r.texts('6.22')).toEqual([
      `ALA cannot slip past DACO (speed difference ${ma - shipDef('DACO').ma}, die ${fail}).`,
    ])
    expect(r.state.usa.DACO!.loc).toBe('sunk')
  })

  it('7.24: a Federal ship may join an existing neutral-port blockade; moving away lifts a blockade', () => {
    const s = blockaded()
    const r = resolve(s, { federal: 'BLOCKADE IROQ ALA\nMOVE MOHIC C10', confederate: 'ALA: STAY', dice: [FWDT] })
    expect(r.texts('7.24')).toEqual(['MOHIC leaves the blockade of ALA.', 'IROQ joins the blockade of ALA in C11.'])
    expect(r.state.usa.IROQ!.blockading).toBe('ALA')
    expect(r.state.usa.MOHIC!.blockading).toBeNull()
    expect(r.state.usa.DACO!.blockading).toBe('ALA')
  })
})
