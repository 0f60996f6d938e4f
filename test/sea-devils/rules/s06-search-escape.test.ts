// Rule 6: normal searches, spotting responses, escapes, European auto-blockades and the East
// Coast Emergency Search.
import { describe, expect, it } from 'vitest'
import {
  FWDT,
  T,
  areaDef,
  clearFederals,
  dieWhere,
  ecesShip,
  ecesSpots,
  escapes,
  fresh,
  placeCsa,
  placeUsa,
  raidLoss,
  resolve,
  searchSpots,
  shipDef,
  winningFight,
  withoutSumter,
  alaMeetsDaco,
  parse,
} from './helpers.ts'
import type { SdState } from '../../../src/games/sea-devils/state.ts'

const spot1 = () => dieWhere((d) => searchSpots(T, d, 1), 'a spot by one searcher')
const miss1 = () => dieWhere((d) => !searchSpots(T, d, 1), 'a miss by one searcher')

describe('6.1 normal searches', () => {
  it('6.11: the search counts each squadron once and leaves blockaders out', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, 'ALA', 'C15')
    placeCsa(s, 'NASH', 'C11', { port: 'S' })
    placeUsa(s, 'DACO', 'C11')
    placeUsa(s, 'IROQ', 'C11')
    placeUsa(s, 'MOHIC', 'C11')
    placeUsa(s, 'RICH', 'C11', { blockading: 'NASH' })
    // A die that misses with two searchers but would spot with three.
    const die = dieWhere((d) => !searchSpots(T, d, 2) && searchSpots(T, d, 3), 'a 2-searcher miss that 3 would spot')
    const r = resolve(s, { federal: 'STACK DACO,IROQ', confederate: 'ALA: MOVE C11', dice: [die, FWDT] })
    expect(r.labels[0]).toBe('search for ALA in C11 by 2')
    expect(r.texts('6.11')).toEqual([`ALA entered C11: 2 Federal searcher(s), die ${die}, not spotted.`])
    expect(r.state.csa.ALA!.knownToFederal).toBeNull()
  })

  it('6.11: an area with no Federal ship makes no search roll', () => {
    const s = alaMeetsDaco()
    const r = resolve(s, { federal: '', confederate: 'ALA: MOVE C20', dice: [FWDT] })
    expect(r.labels).toEqual(['Federal Warship Deployment Table'])
  })

  it('6.12: a ship not spotted carries on moving and raiding', () => {
    const s = alaMeetsDaco()
    const miss = miss1()
    const r = resolve(s, { federal: '', confederate: 'ALA: MOVE C11 +RAID\nALA: MOVE C10', dice: [miss, 6, FWDT] })
    expect(r.labels.slice(0, 2)).toEqual(['search for ALA in C11 by 1', 'raid by ALA in C11'])
    expect(r.state.mm).toBe(s.mm - raidLoss(T, 6, areaDef('C11').density))
    expect(r.state.csa.ALA!.area).toBe('C10')
  })

  it('6.14: with two searchers the higher roll spots, ties reroll', () => {
    const s = alaMeetsDaco()
    placeUsa(s, 'MOHIC', 'C11')
    const spot = dieWhere((d) => searchSpots(T, d, 2))
    const r = resolve(s, {
      federal: '',
      confederate: 'ALA: MOVE C11\nPOLICY ALA ON SPOTTED: PORT',
      dice: [spot, 4, 4, 2, 5, FWDT],
    })
    expect(r.labels.slice(0, 5)).toEqual([
      'search for ALA in C11 by 2',
      'spotter among DACO',
      'spotter among MOHIC',
      'spotter among DACO',
      'spotter among MOHIC',
    ])
    expect(r.texts('6.11')).toEqual([`MOHIC spots ALA in C11 (search die ${spot} with 2 searcher(s)).`])
    expect(r.state.usa.MOHIC!.blockading).toBe('ALA')
    expect(r.state.usa.DACO!.blockading).toBeNull()
  })
})

describe('6.13 responses to a spotting', () => {
  it('6.13(1): FIGHT leads to combat with the spotting ship', () => {
    const s = alaMeetsDaco()
    const fight = winningFight(shipDef('ALA').gun, shipDef('DACO').def, shipDef('DACO').gun, shipDef('ALA').def)
    const r = resolve(s, {
      federal: '',
      confederate: 'ALA: MOVE C11\nALA: MOVE C10\nPOLICY ALA ON SPOTTED: FIGHT',
      dice: [spot1(), ...fight, FWDT],
    })
    expect(r.texts('6.13')[0]).toBe('ALA answers the spotting with FIGHT (policy ALA ON SPOTTED).')
    expect(r.texts('8.11')[0]).toBe('Combat: ALA against DACO.')
    expect(r.state.usa.DACO!.loc).toBe('sunk')
    expect(r.state.csa.ALA!.area).toBe('C10') // it carries on after the combat (4.14)
  })

  it('6.13(2) / 6.22: ESCAPE rolls on the Escape Table; a failure means combat', () => {
    const s = alaMeetsDaco()
    const diff = shipDef('ALA').ma - shipDef('DACO').ma
    const fail = dieWhere((d) => !escapes(T, d, diff), 'a failed escape')
    const fight = winningFight(shipDef('ALA').gun, shipDef('DACO').def, shipDef('DACO').gun, shipDef('ALA').def)
    const r = resolve(s, {
      federal: '',
      confederate: 'ALA: MOVE C11\nPOLICY ALA ON SPOTTED: ESCAPE',
      dice: [spot1(), fail, ...fight, FWDT],
    })
    expect(r.labels[1]).toBe('escape ALA from DACO')
    expect(r.texts('6.22')).toEqual([`ALA fails to escape from DACO (speed difference ${diff}, die ${fail}).`])
    expect(r.state.usa.DACO!.loc).toBe('sunk')
  })

  it('6.13(3): PORT puts the ship in a port of the area, blockaded by the spotter', () => {
    const s = alaMeetsDaco()
    const r = resolve(s, {
      federal: '',
      confederate: 'ALA: MOVE C11\nALA: MOVE C10\nPOLICY ALA ON SPOTTED: PORT',
      dice: [spot1(), FWDT],
    })
    expect(r.state.csa.ALA!.area).toBe('C11')
    expect(r.state.csa.ALA!.port).toBe('S')
    expect(r.state.usa.DACO!.blockading).toBe('ALA')
    expect(r.texts('6.13')).toContain(
      'ALA enters the S port in C11 and accepts blockade by DACO; its activity ends for the turn (4.33).',
    )
  })

  it('6.13(3): the default answer is PORT when the spotter out-guns the ship in a coastal area', () => {
    const s = alaMeetsDaco()
    Object.assign(s.usa.DACO!, { loc: 'AP', area: null })
    placeUsa(s, 'NIAG', 'C11')
    expect(shipDef('NIAG').gun).toBeGreaterThanOrEqual(shipDef('ALA').gun)
    const r = resolve(s, { federal: '', confederate: 'ALA: MOVE C11', dice: [spot1(), FWDT] })
    expect(r.texts('6.13')[0]).toBe('ALA answers the spotting with PORT (built-in default).')
    expect(r.state.usa.NIAG!.blockading).toBe('ALA')
  })

  it('6.13(3): no port refuge in C9: the options leave PORT out and a PORT policy becomes an escape', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, 'ALA', 'C13')
    placeUsa(s, 'PENG', 'C9')
    const ecesMiss = dieWhere((d) => !ecesSpots(T, d), 'an ECES miss')
    const diff = shipDef('ALA').ma - shipDef('PENG').ma
    const esc = dieWhere((d) => escapes(T, d, diff))
    const r = resolve(s, {
      federal: '',
      confederate: 'ALA: MOVE C9\nPOLICY ALA ON SPOTTED: ASK; PORT',
      dice: [ecesMiss, spot1(), esc, FWDT],
    })
    expect(r.step.decisions).toHaveLength(1)
    expect(r.step.decisions[0]!.options.map((o) => o.id)).toEqual(['FIGHT', 'ESCAPE'])
    expect(r.texts('6.13')[0]).toMatch(/^ALA answers the spotting with ESCAPE/)
    expect(r.state.csa.ALA!.port).toBeNull()
    expect(r.state.usa.PENG!.blockading).toBeNull()
  })

  it('6.13(3): no port refuge in C54 either: the built-in default there is an escape', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s, true)
    placeCsa(s, 'ALA', 'C67')
    placeUsa(s, 'NIAG', 'C54')
    expect(shipDef('NIAG').gun).toBeGreaterThanOrEqual(shipDef('ALA').gun) // a coastal refuge would be the default
    const esc = dieWhere((d) => escapes(T, d, shipDef('ALA').ma - shipDef('NIAG').ma))
    const r = resolve(s, {
      federal: '',
      confederate: 'ALA: MOVE C54\nPOLICY ALA ON SPOTTED: ASK',
      dice: [spot1(), esc, FWDT],
    })
    expect(r.step.decisions[0]!.options.map((o) => o.id)).toEqual(['FIGHT', 'ESCAPE'])
    expect(r.step.decisions[0]!.applied).toBe('ESCAPE')
    expect(r.state.csa.ALA!.port).toBeNull()
  })

  it('6.13(2): a Federal LETGO policy makes the escape mutual, with no Escape Table roll', () => {
    const s = alaMeetsDaco()
    const r = resolve(s, {
      federal: 'POLICY ALL ON ESCAPE-ATTEMPT: LETGO',
      confederate: 'ALA: MOVE C11\nALA: RAID\nALA: MOVE C10\nPOLICY ALA ON SPOTTED: ESCAPE',
      dice: [spot1(), FWDT],
    })
    expect(r.labels).toEqual(['search for ALA in C11 by 1', 'Federal Warship Deployment Table'])
    expect(r.texts('6.13')).toContain('ALA and DACO part by mutual consent; no combat.')
    expect(r.texts('6.23')).toEqual(['ALA does not raid C11: it attempted an escape here.'])
    expect(r.state.mm).toBe(s.mm)
    expect(r.state.csa.ALA!.area).toBe('C10')
  })

  it('6.13(1): a Federal EVADE policy rolls the Federal escape when the Confederate fights; the Confederate may still raid', () => {
    const s = alaMeetsDaco()
    const diff = shipDef('DACO').ma - shipDef('ALA').ma
    const esc = dieWhere((d) => escapes(T, d, diff), 'a Federal escape')
    const r = resolve(s, {
      federal: 'POLICY DACO ON COMBAT-OFFERED: EVADE',
      confederate: 'ALA: MOVE C11 +RAID\nPOLICY ALA ON SPOTTED: FIGHT',
      dice: [spot1(), esc, 6, FWDT],
    })
    expect(r.labels.slice(0, 3)).toEqual([
      'search for ALA in C11 by 1',
      'Federal escape of DACO from ALA',
      'raid by ALA in C11',
    ])
    expect(r.texts('6.13')).toContain(
      `DACO declines combat and escapes from ALA (speed difference ${diff}, die ${esc}).`,
    )
    expect(r.texts('8.11')).toEqual([])
    expect(r.state.mm).toBe(s.mm - raidLoss(T, 6, areaDef('C11').density))
  })

  it('6.13(1): a failed Federal evasion leaves the combat to be fought', () => {
    const s = alaMeetsDaco()
    const diff = shipDef('DACO').ma - shipDef('ALA').ma
    const fail = dieWhere((d) => !escapes(T, d, diff), 'a failed Federal escape')
    const fight = winningFight(shipDef('ALA').gun, shipDef('DACO').def, shipDef('DACO').gun, shipDef('ALA').def)
    const r = resolve(s, {
      federal: 'POLICY ALL ON COMBAT-OFFERED: EVADE',
      confederate: 'ALA: MOVE C11\nPOLICY ALA ON SPOTTED: FIGHT',
      dice: [spot1(), fail, ...fight, FWDT],
    })
    expect(r.texts('6.13')).toContain(`DACO tries to avoid ALA and fails (speed difference ${diff}, die ${fail}).`)
    expect(r.state.usa.DACO!.loc).toBe('sunk')
  })
})

describe('6.2 escape', () => {
  it('6.21: the speed difference counts the Federal damage', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, 'ALA', 'C15')
    placeUsa(s, 'S-D-CU', 'C11', { damage: 1 })
    const base = shipDef('ALA').ma - shipDef('S-D-CU').ma
    // A die that escapes one point faster but not at the undamaged difference.
    const die = dieWhere(
      (d) => escapes(T, d, base + 1) && !escapes(T, d, base),
      'an escape decided by one point of speed',
    )
    const r = resolve(s, {
      federal: '',
      confederate: 'ALA: MOVE C11\nPOLICY ALA ON SPOTTED: ESCAPE',
      dice: [spot1(), die, FWDT],
    })
    expect(r.texts('6.21')).toEqual([`ALA escapes from S-D-CU (speed difference ${base + 1}, die ${die}).`])
  })

  it('6.21 / 8.21: the speed difference counts the Confederate damage', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, 'ALA', 'C15', { damage: 1 })
    placeUsa(s, 'R-R-CUY', 'C11')
    const base = shipDef('ALA').ma - shipDef('R-R-CUY').ma
    const die = dieWhere((d) => escapes(T, d, base) && !escapes(T, d, base - 1), 'an escape lost by one point of speed')
    const fight = winningFight(
      shipDef('ALA').gun,
      shipDef('R-R-CUY').def,
      shipDef('R-R-CUY').gun,
      shipDef('ALA').def - 1,
    )
    const r = resolve(s, {
      federal: '',
      confederate: 'ALA: MOVE C11\nPOLICY ALA ON SPOTTED: ESCAPE',
      dice: [spot1(), die, ...fight, FWDT],
    })
    expect(r.texts('6.22')).toEqual([`ALA fails to escape from R-R-CUY (speed difference ${base - 1}, die ${die}).`])
    expect(r.state.usa['R-R-CUY']!.loc).toBe('sunk')
  })

  it('6.23: a ship that escaped may not raid that area, but raids the next one', () => {
    const s = alaMeetsDaco()
    const esc = dieWhere((d) => escapes(T, d, shipDef('ALA').ma - shipDef('DACO').ma))
    const r = resolve(s, {
      federal: '',
      confederate: 'ALA: MOVE C11 +RAID\nALA: MOVE C10 +RAID\nPOLICY ALA ON SPOTTED: ESCAPE',
      dice: [spot1(), esc, 6, FWDT],
    })
    expect(r.texts('6.23')).toEqual(['ALA does not raid C11: it attempted an escape here.'])
    expect(r.texts('5.11')).toHaveLength(1)
    expect(r.texts('5.11')[0]).toMatch(/^ALA raids C10 /)
    expect(r.state.mm).toBe(s.mm - raidLoss(T, 6, areaDef('C10').density))
  })
})

describe('6.3 searches in Europe', () => {
  /** GT1 reopened at the Federal placement, with KEAR in C3 and one S point on the track. */
  function europe(): SdState {
    const s = fresh()
    withoutSumter(s)
    s.stage = 'federal-orders'
    s.deployTrack.S = 1
    placeUsa(s, 'KEAR', 'C3', { deployed: false })
    return s
  }

  it('6.3: a declared Federal ship entering a European area blockades a Confederate ship that began the turn there', () => {
    const s = europe()
    placeCsa(s, 'ALA', 'C2')
    const placed = resolve(s, { federal: 'DEPLOY KEAR\nEUROPE-BLOCKADE KEAR IN C2\nMOVE KEAR C2', dice: [] })
    expect(placed.state.stage).toBe('confederate-orders')
    expect(placed.texts('6.3')).toEqual([
      'Declared: KEAR will move into C2 to blockade the Confederate ships that began the turn there.',
    ])
    const r = resolve(placed.state, { confederate: '', dice: [FWDT] })
    expect(r.texts('6.3')).toEqual(['KEAR enters C2: ALA is spotted and blockaded in port.'])
    expect(r.state.usa.KEAR!.blockading).toBe('ALA')
    expect(r.state.csa.ALA!.port).toBe('England') // it was at sea: put into the port
    expect(r.state.csa.ALA!.knownToFederal).toEqual({ turn: 1, area: 'C2', port: 'England' })
  })

  it('6.3: a ship placed this turn is not auto-spotted', () => {
    const s = europe()
    placeCsa(s, 'GEO', 'C2', { port: 'England', arrivedTurn: 1, commissioned: false })
    // 3.0 1C: the declaration can take only ships that began the turn there; it is flagged on receipt.
    expect(parse(s, 'federal', 'DEPLOY KEAR\nEUROPE-BLOCKADE KEAR IN C2\nMOVE KEAR C2').errors).toEqual([
      {
        line: 2,
        text: 'EUROPE-BLOCKADE KEAR IN C2',
        message:
          'no Confederate ship began GT1 in C2 (GEO arrived this turn and may not be blockaded by this rule): the declared blockade would find nothing (3.0 step 1C, 6.3)',
      },
    ])
    const placed = resolve(s, { federal: 'DEPLOY KEAR\nMOVE KEAR C2', dice: [] })
    const r = resolve(placed.state, { confederate: '', dice: [FWDT] })
    expect(r.texts('6.3')).toEqual([])
    expect(r.state.usa.KEAR!.blockading).toBeNull()
  })
})

describe('6.4 East Coast Emergency Search', () => {
  function intoC9(shipId: string, earlier: number): SdState {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, shipId, 'C13')
    if (earlier) s.ecesEntries = { S: earlier }
    return s
  }

  it('6.41-6.44: entering C9 triggers the ECES; a spot brings the ECES ship from the table column for the type and count', () => {
    for (const earlier of [0, 1]) {
      const s = intoC9('ALA', earlier)
      const spot = dieWhere((d) => ecesSpots(T, d), 'an ECES spot')
      const found = T.ecesShip.columns.S![earlier]![2]!
      expect(ecesShip(T, 3, 'S', earlier)).toEqual(found)
      const diff = shipDef('ALA').ma - found.speed
      const esc = dieWhere((d) => escapes(T, d, diff))
      const r = resolve(s, { federal: '', confederate: 'ALA: MOVE C9', dice: [spot, 3, esc, FWDT] })
      expect(r.labels.slice(0, 3)).toEqual([
        'ECES for ALA in C9',
        'ECES ship for ALA',
        'escape ALA from an East Coast emergency ship',
      ])
      expect(r.texts('6.43')).toEqual([
        `East Coast Emergency Search spots ALA in C9 (die ${spot}); the emergency ship rolled (die 3) has gunnery ${found.gun}, defense ${found.def}, speed ${found.speed}.`,
      ])
      expect(r.state.ecesEntries.S).toBe(earlier + 1)
    }
  })

  it('6.41: an ECES miss rolls no ship, but the entry still counts for the type', () => {
    const s = intoC9('GEO', 0)
    const miss = dieWhere((d) => !ecesSpots(T, d))
    const r = resolve(s, { federal: '', confederate: 'GEO: MOVE C9', dice: [miss, FWDT] })
    expect(r.texts('6.41')).toEqual([`East Coast Emergency Search for GEO: die ${miss}, not spotted.`])
    expect(r.state.ecesEntries).toEqual({ GB: 1 })
  })

  it('6.42: after the ECES the Federal ships in C9 still search', () => {
    const s = intoC9('ALA', 0)
    placeUsa(s, 'PENG', 'C9')
    const miss = dieWhere((d) => !ecesSpots(T, d))
    const r = resolve(s, { federal: '', confederate: 'ALA: MOVE C9', dice: [miss, miss1(), FWDT] })
    expect(r.labels.slice(0, 2)).toEqual(['ECES for ALA in C9', 'search for ALA in C9 by 1'])
  })
})
