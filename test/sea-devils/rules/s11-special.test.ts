// Rule 11: California Steamer Escorts, the Pacific Fleet, refits, internment, coaling and Semmes.
import { describe, expect, it } from 'vitest'
import {
  FWDT,
  P,
  T,
  areaDef,
  blockadeResult,
  clearFederals,
  crt,
  dieWhere,
  ecesSpots,
  escapes,
  fresh,
  parse,
  placeCsa,
  placeUsa,
  raidLoss,
  resolve,
  searchSpots,
  shipDef,
  withoutSumter,
  yearOf,
} from './helpers.ts'
import type { SdState } from '../../../src/games/sea-devils/state.ts'

const spot1 = () => dieWhere((d) => searchSpots(T, d, 1))
const miss1 = () => dieWhere((d) => !searchSpots(T, d, 1))

describe('11.1 California Steamer Escorts', () => {
  it('11.1 / 11.12: placing a ship in the CSE box costs one CSE point of the year', () => {
    const s = fresh()
    clearFederals(s)
    placeUsa(s, 'DACO', 'C10')
    const year = String(yearOf(1))
    const r = resolve(s, { federal: 'CSE DACO', confederate: '', dice: [FWDT] })
    expect(r.texts('11.1')).toEqual([`DACO escorts the California steamers (CSE box); ${year} CSE points used: 1.`])
    expect(r.state.cseUsed[year]).toBe(1)
    // 10.1: back to the Available Pool at the next placement.
    expect(r.state.usa.DACO!.loc).toBe('AP')
  })

  it("11.12: no CSE placement once the year's points are used up", () => {
    const s = fresh()
    placeUsa(s, 'DACO', 'C10')
    const year = String(yearOf(1))
    s.cseUsed[year] = P.cse.perYear[year]!
    expect(parse(s, 'federal', 'CSE DACO').errors.map((e) => e.message)).toEqual([
      `no CSE points left for ${year} (11.12)`,
    ])
  })

  it('11.11: a CSE-box ship searches in C16 (and C14, C9) but not elsewhere', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeUsa(s, 'DACO', 'CSE')
    placeCsa(s, 'ALA', 'C22')
    const ecesMiss = dieWhere((d) => !ecesSpots(T, d))
    const r = resolve(s, {
      federal: '',
      confederate: 'ALA: MOVE C16 C22 C10 C14 C9',
      dice: [miss1(), miss1(), ecesMiss, miss1(), FWDT],
    })
    expect(r.labels).toEqual([
      'search for ALA in C16 by 1',
      'search for ALA in C14 by 1',
      'ECES for ALA in C9',
      'search for ALA in C9 by 1',
      'Federal Warship Deployment Table',
    ])
  })

  it('11.11: a CSE-box ship that spots fights like a ship in the area', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeUsa(s, 'DACO', 'CSE')
    placeCsa(s, 'ALA', 'C22')
    const r = resolve(s, {
      federal: '',
      confederate: 'ALA: MOVE C16\nPOLICY ALA ON SPOTTED: PORT',
      dice: [spot1(), FWDT],
    })
    expect(r.texts('6.11')).toEqual([`DACO spots ALA in C16 (search die ${spot1()} with 1 searcher(s)).`])
    expect(r.state.csa.ALA!.port).toBe('COL')
  })
})

describe('11.2 the Pacific Fleet', () => {
  it('11.21: a Pacific Fleet ship may not leave the Pacific; Wyoming only after a Confederate raid there', () => {
    const s = fresh()
    expect(areaDef('C44').pacific).toBe(true)
    expect(areaDef('C43').pacific).toBe(false)
    placeUsa(s, 'SARA', 'C44')
    placeUsa(s, 'WYOM', 'C44')
    expect(parse(s, 'federal', 'MOVE SARA C43').errors.map((e) => e.message)).toEqual([
      'SARA may not leave the Pacific (11.21)',
    ])
    expect(parse(s, 'federal', 'MOVE WYOM C43').errors.map((e) => e.message)).toEqual([
      'WYOM may not leave the Pacific (11.21: only after a Confederate raid there)',
    ])
    expect(parse(s, 'federal', 'MOVE WYOM C55').errors).toEqual([])
    s.pacificRaid = true
    expect(parse(s, 'federal', 'MOVE SARA C43').errors).toHaveLength(1)
    // Any part of a turn outside the Pacific costs deployment and availability: deploy it first.
    expect(parse(s, 'federal', 'MOVE WYOM C43').errors.map((e) => e.message)[0]).toMatch(
      /WYOM may not leave the Pacific \(11.21: deploy it first/,
    )
    s.stage = 'federal-orders'
    s.deployTrack.S = 1
    expect(parse(s, 'federal', 'DEPLOY WYOM\nMOVE WYOM C43').errors).toEqual([])
  })

  it('11.21: a Confederate raid in the Pacific releases the Wyoming', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s, true)
    placeCsa(s, 'ALA', 'D68')
    expect(areaDef('C67').pacific).toBe(true)
    const r = resolve(s, { federal: '', confederate: 'ALA: MOVE C67 +RAID', dice: [6, FWDT] })
    expect(r.texts('11.21')).toEqual(['A Confederate raid in the Pacific: the Wyoming may now leave the Pacific.'])
    expect(r.state.pacificRaid).toBe(true)
    expect(r.state.mm).toBe(s.mm - raidLoss(T, 6, areaDef('C67').density))
  })
})

describe('11.3 refits', () => {
  const period = shipDef('ALA').refitPeriod!

  function alaAtSea(area: string, turnsAtSea: number): SdState {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, 'ALA', area, { turnsAtSea })
    return s
  }

  it('11.3: a ship still at sea when its refit period runs out is sunk', () => {
    const s = alaAtSea('C15', period - 1)
    const r = resolve(s, { federal: '', confederate: 'ALA: MOVE C11 C10', dice: [FWDT] })
    expect(r.state.csa.ALA!.status).toBe('sunk')
    expect(r.texts('12.13')).toEqual([
      `ALA is sunk: its refit period of ${period} turns has run out (11.3). The Federal player scores ${P.victoryPoints.sunk.S} VP.`,
    ])
    expect(r.state.vp.usa).toBe(P.victoryPoints.sunk.S)
  })

  it('11.3: one turn earlier the same ship is safe and counts the turn at sea', () => {
    const s = alaAtSea('C15', period - 2)
    const r = resolve(s, { federal: '', confederate: 'ALA: MOVE C11 C10', dice: [FWDT] })
    expect(r.state.csa.ALA!.status).toBe('map')
    expect(r.state.csa.ALA!.turnsAtSea).toBe(period - 1)
  })

  it('11.3: a ship in a port that cannot refit when its period runs out is interned', () => {
    const s = alaAtSea('C10', period - 1)
    expect(areaDef('C11').ports.find((p) => p.nat === 'S')!.repairRefit).toBe(false)
    const r = resolve(s, { federal: '', confederate: 'ALA: MOVE C11\nALA: ENTER-PORT SPAIN', dice: [FWDT] })
    expect(r.state.csa.ALA!.status).toBe('interned')
    expect(r.state.vp.usa).toBe(P.victoryPoints.interned.S)
  })

  /** ALA runs into the C14 Confederate port on the last turn of its period. */
  function lastTurnIntoC14() {
    const s = alaAtSea('C10', period - 1)
    const calm = dieWhere((d) => blockadeResult(T, d, yearOf(1), 'in').gunnery === null)
    const r = resolve(s, { federal: '', confederate: 'ALA: MOVE C14\nALA: RUN-IN', dice: [calm, FWDT] })
    expect(r.state.csa.ALA!).toMatchObject({ status: 'map', port: 'CSA', turnsAtSea: period })
    // GT2: the Federal placement (nothing deployed), then the Confederate record.
    return resolve(r.state, { federal: '', dice: [] }).state
  }

  it('11.3: a ship in a refit-capable port at the end of its period is safe for one more turn, and refits then', () => {
    const r = resolve(lastTurnIntoC14(), { confederate: 'ALA: REFIT', dice: [FWDT] })
    expect(r.texts('11.31')).toEqual(['ALA spends the turn in port: refit under way.', 'ALA completes a refit in C14.'])
    expect(r.state.csa.ALA!).toMatchObject({ status: 'map', turnsAtSea: 0 })
  })

  it('11.3: a ship that lets that extra turn pass without refitting is interned', () => {
    const r = resolve(lastTurnIntoC14(), { confederate: 'ALA: STAY', dice: [FWDT] })
    expect(r.state.csa.ALA!.status).toBe('interned')
    expect(r.texts('12.14')[0]).toContain('refit period')
  })

  it('11.31 / 11.52: a refit restarts the period and lifts the coaling bar', () => {
    const s = fresh()
    s.semmes.ship = null
    clearFederals(s)
    placeCsa(s, 'SUM', 'C15', { port: 'CSA', turnsAtSea: 2, cannotRaidUntilRefit: true })
    const r = resolve(s, { federal: '', confederate: 'SUM: REFIT', dice: [FWDT] })
    expect(r.state.csa.SUM!).toMatchObject({
      turnsAtSea: 0,
      cannotRaidUntilRefit: false,
      refitDuringStay: true,
      turnsInPort: 1,
    })
    // A Confederate port refit costs no prestige.
    expect(r.texts('9.22')).toEqual([])
  })
})

describe('11.4 internment', () => {
  const { europeOrCsa, other, refitBonus } = P.internment

  function inPort(id: string, area: string, port: string, turnsInPort: number, refitDuringStay = false): SdState {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, id, area, { port, turnsInPort, refitDuringStay })
    return s
  }

  it('11.41: a ship is interned after more than two consecutive turns in an ordinary port', () => {
    const ok = resolve(inPort('ALA', 'C11', 'S', other - 1), { federal: '', confederate: 'ALA: STAY', dice: [FWDT] })
    expect(ok.state.csa.ALA!).toMatchObject({ status: 'map', turnsInPort: other })
    const out = resolve(inPort('ALA', 'C11', 'S', other), { federal: '', confederate: 'ALA: STAY', dice: [FWDT] })
    expect(out.state.csa.ALA!.status).toBe('interned')
    expect(out.texts('12.14')).toEqual([
      `ALA is interned: it has stayed ${other + 1} consecutive turns in port (11.41). The Federal player scores ${P.victoryPoints.interned.S} VP.`,
    ])
  })

  it('11.41: four turns are allowed in a European or Confederate port', () => {
    const ok = resolve(inPort('ALA', 'C8', 'E', europeOrCsa - 1), {
      federal: '',
      confederate: 'ALA: STAY',
      dice: [FWDT],
    })
    expect(ok.state.csa.ALA!.status).toBe('map')
    const out = resolve(inPort('ALA', 'C8', 'E', europeOrCsa), { federal: '', confederate: 'ALA: STAY', dice: [FWDT] })
    expect(out.state.csa.ALA!.status).toBe('interned')
  })

  it('11.3 / 11.41: a turn spent wholly in port does not count against the refit period', () => {
    const r = resolve(inPort('ALA', 'C11', 'S', 0), { federal: '', confederate: 'ALA: STAY', dice: [FWDT] })
    expect(r.state.csa.ALA!).toMatchObject({ status: 'map', turnsAtSea: 0, turnsInPort: 1 })
  })

  it('11.42: a refit during the stay in a refit port adds one turn', () => {
    const ok = resolve(inPort('ALA', 'C5', 'France', europeOrCsa, true), {
      federal: '',
      confederate: 'ALA: STAY',
      dice: [FWDT],
    })
    expect(ok.state.csa.ALA!).toMatchObject({ status: 'map', turnsInPort: europeOrCsa + 1 })
    const out = resolve(inPort('ALA', 'C5', 'France', europeOrCsa + refitBonus, true), {
      federal: '',
      confederate: 'ALA: STAY',
      dice: [FWDT],
    })
    expect(out.state.csa.ALA!.status).toBe('interned')
  })
})

describe('11.43 the land war', () => {
  it('11.43 / 4.41: at the start of GT14 the C15 port is lost and the ships in it are interned', () => {
    const s = fresh('campaign')
    s.turn = 13
    s.semmes.ship = null
    clearFederals(s)
    placeCsa(s, 'SUM', 'C15', { port: 'CSA' })
    placeCsa(s, 'NASH', 'C14', { port: 'CSA' })
    const r = resolve(s, { federal: '', confederate: '', dice: [FWDT] })
    expect(r.state.turn).toBe(14)
    expect(r.state.csaPortsLost).toEqual(['C15'])
    expect(r.state.csa.SUM!.status).toBe('interned')
    expect(r.state.vp.usa).toBe(P.victoryPoints.interned.S)
    expect(r.state.csa.NASH!.status).toBe('map')
    expect(r.texts('4.41')).toEqual(['The land war: the Confederate port in C15 is lost.'])
    // The port can no longer be run into.
    const next = resolve(r.state, { federal: '', dice: [] }).state
    placeCsa(next, 'NASH', 'C15')
    expect(parse(next, 'confederate', 'NASH: RUN-IN').errors.map((e) => e.message)).toEqual([
      'NASH cannot run into a Confederate port: the Confederate port in C15 is lost to the land war (4.41)',
    ])
  })

  it('11.43 / 4.41: at the start of GT16 the C14 port is lost too', () => {
    const s = fresh('campaign')
    s.turn = 15
    s.csaPortsLost = ['C15']
    withoutSumter(s)
    clearFederals(s, true)
    placeCsa(s, 'NASH', 'C14', { port: 'CSA' })
    const r = resolve(s, { federal: '', confederate: '', dice: [FWDT] })
    expect(r.state.csaPortsLost).toEqual(['C15', 'C14'])
    expect(r.state.csa.NASH!.status).toBe('interned')
  })
})

describe('11.5 coaling', () => {
  it("11.52: too few coalings void the turn's raids (MM restored) and bar raiding until refit", () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, 'ALA', 'C1')
    expect(areaDef('C3').ports).toEqual([])
    const loss = raidLoss(T, 6, areaDef('C3').density)
    expect(loss).toBeGreaterThan(0)
    const r = resolve(s, { federal: '', confederate: 'ALA: MOVE C3 +RAID', dice: [6, FWDT] })
    expect(r.texts('5.11')).toHaveLength(1)
    expect(r.texts('11.52')).toEqual([
      `ALA coaled 0 time(s) of the ${shipDef('ALA').coal} it needs: its raids are void and it may not raid until refitted.`,
      `${loss} merchant-marine points are restored: a raider's captures are void for want of coal. Merchant marine now ${s.mm}.`,
    ])
    expect(r.state.mm).toBe(s.mm)
    expect(r.state.vp.csa).toBe(0)
    expect(r.state.csa.ALA!.cannotRaidUntilRefit).toBe(true)
    // Next turn's record may not raid.
    const next = resolve(r.state, { federal: '', dice: [] }).state
    expect(parse(next, 'confederate', 'ALA: MOVE C1 +RAID').errors.map((e) => e.message)).toEqual([
      'ALA may not raid C1: it may not raid until refitted (11.52)',
    ])
  })

  it('11.5: a ship that spends the whole phase in port needs no coal', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, 'ALA', 'C11', { port: 'S' })
    const r = resolve(s, { federal: '', confederate: 'ALA: STAY', dice: [FWDT] })
    expect(r.texts('11.52')).toEqual([])
    expect(r.state.csa.ALA!.cannotRaidUntilRefit).toBe(false)
  })
})

describe('11.7 Raphael Semmes', () => {
  it('11.72: Semmes leaves a ship in port for the track and comes back next turn on the fastest ship in port', () => {
    const s = fresh()
    clearFederals(s)
    const r = resolve(s, { federal: '', confederate: 'SEMMES: TRANSFER', dice: [FWDT] })
    expect(r.texts('11.72')).toEqual([
      'Semmes leaves SUM and goes onto the turn track for next turn.',
      'Semmes takes command of NASH (the fastest ship in port: default).',
    ])
    expect(shipDef('NASH').ma).toBeGreaterThan(shipDef('SUM').ma)
    expect(r.state.semmes).toMatchObject({ ship: 'NASH', onTrack: false, shipsCommanded: ['SUM', 'NASH'] })
  })

  it('11.72: a PLACE order names the ship he joins', () => {
    const s = fresh()
    clearFederals(s)
    const r = resolve(s, { federal: '', confederate: 'SEMMES: TRANSFER\nSEMMES: PLACE SUM', dice: [FWDT] })
    expect(r.state.semmes).toMatchObject({ ship: 'SUM', onTrack: false, shipsCommanded: ['SUM'] })
  })

  it('11.72: Semmes may not be transferred from a ship at sea', () => {
    const s = fresh()
    placeCsa(s, 'SUM', 'C15')
    expect(parse(s, 'confederate', 'SEMMES: TRANSFER').errors.map((e) => e.message)).toEqual([
      'Semmes may leave SUM only while it is in port (11.72)',
    ])
  })

  /** Sumter (with Semmes) runs into DACO in C11 and MOHIC in C10, escaping both times. */
  function twoEscapes(): SdState {
    const s = fresh()
    clearFederals(s)
    placeCsa(s, 'SUM', 'C15')
    placeUsa(s, 'DACO', 'C11')
    placeUsa(s, 'MOHIC', 'C10')
    return s
  }
  const sum = shipDef('SUM')

  it('11.73: Semmes leaves the game when his second ship is lost', () => {
    const s = fresh()
    clearFederals(s)
    s.csa.SUM!.status = 'interned'
    s.semmes = { ...s.semmes, ship: 'ALA', shipsCommanded: ['SUM', 'ALA'] }
    placeCsa(s, 'ALA', 'C15', { turnsAtSea: shipDef('ALA').refitPeriod! - 1 })
    const r = resolve(s, { federal: '', confederate: 'ALA: MOVE C20', dice: [FWDT] })
    expect(r.state.csa.ALA!.status).toBe('sunk')
    expect(r.texts('11.73')).toEqual(["Semmes' second ship is lost: he leaves the game."])
    expect(r.state.semmes).toMatchObject({ ship: null, removed: true })
    const next = resolve(r.state, { federal: '', dice: [] }).state
    expect(parse(next, 'confederate', 'SEMMES: PLACE NASH').errors.map((e) => e.message)).toEqual([
      'Semmes has left the game (11.73)',
    ])
  })

  it('11.74: Semmes rerolls a failed escape once per turn by default; the second failure stands', () => {
    const d1 = sum.ma - shipDef('DACO').ma
    const d2 = sum.ma - shipDef('MOHIC').ma
    const fail1 = dieWhere((d) => !escapes(T, d, d1))
    const ok1 = dieWhere((d) => escapes(T, d, d1))
    const fail2 = dieWhere((d) => !escapes(T, d, d2))
    const hit = crt(6, shipDef('MOHIC').gun)
    const blank = dieWhere((d) => crt(d, sum.gun) === 0)
    const combat = Array.from({ length: Math.ceil(sum.def / hit) }, () => [blank, 6]).flat()
    const r = resolve(twoEscapes(), {
      federal: '',
      confederate: 'SUM: MOVE C11 C10\nPOLICY SUM ON SPOTTED: ESCAPE',
      dice: [spot1(), fail1, ok1, spot1(), fail2, ...combat, FWDT],
    })
    expect(r.labels.slice(0, 5)).toEqual([
      'search for SUM in C11 by 1',
      'escape SUM from DACO',
      'escape SUM from DACO (Semmes reroll)',
      'search for SUM in C10 by 1',
      'escape SUM from MOHIC',
    ])
    expect(r.texts('11.74')).toEqual([`Semmes rerolls the escape die for SUM: ${fail1} -> ${ok1}.`])
    expect(r.texts('6.22')).toEqual([`SUM fails to escape from MOHIC (speed difference ${d2}, die ${fail2}).`])
    expect(r.state.csa.SUM!.status).toBe('sunk')
  })

  it('11.74: a SEMMES ON ROLL: KEEP policy keeps the failed escape', () => {
    const d1 = sum.ma - shipDef('DACO').ma
    const fail1 = dieWhere((d) => !escapes(T, d, d1))
    const hit = crt(6, shipDef('DACO').gun)
    const blank = dieWhere((d) => crt(d, sum.gun) === 0)
    const combat = Array.from({ length: Math.ceil(sum.def / hit) }, () => [blank, 6]).flat()
    const r = resolve(twoEscapes(), {
      federal: '',
      confederate: 'SUM: MOVE C11 C10\nPOLICY SUM ON SPOTTED: ESCAPE\nPOLICY SEMMES ON ROLL: KEEP',
      dice: [spot1(), fail1, ...combat, FWDT],
    })
    expect(r.texts('11.74')).toEqual([])
    expect(r.labels.slice(0, 3)).toEqual([
      'search for SUM in C11 by 1',
      'escape SUM from DACO',
      'combat SUM fires (segment 1)',
    ])
    expect(r.state.csa.SUM!.status).toBe('sunk')
    // 11.71: Semmes survives his first ship and returns next turn on a ship in port (Nashville arrives).
    expect(r.texts('11.71')).toEqual([
      'Semmes survives the loss of SUM and returns next turn on a ship in port (ruling R10).',
    ])
    expect(r.state.semmes).toMatchObject({
      ship: 'NASH',
      onTrack: false,
      shipsCommanded: ['SUM', 'NASH'],
      removed: false,
    })
  })

  it('11.74: Semmes does not reroll a raid by default', () => {
    const s = fresh()
    clearFederals(s)
    placeCsa(s, 'SUM', 'C15')
    const r = resolve(s, { federal: '', confederate: 'SUM: MOVE C11 +RAID\nSUM: MOVE C10', dice: [1, FWDT] })
    expect(r.labels).toEqual(['raid by SUM in C11', 'Federal Warship Deployment Table'])
    expect(r.texts('11.74')).toEqual([])
  })
})
