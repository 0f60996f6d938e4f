// Rules 11.22 (Wateree and Suwanee), 11.32 (the Florida), 11.53 (the Georgia's prize coal), 11.6
// (the Stonewall and its pursuit fleet), the Pacific Fleet's exemptions and 12.12 (the Stonewall's VP).
import { describe, expect, it } from 'vitest'
import {
  FWDT,
  P,
  T,
  areaDef,
  clearFederals,
  crt,
  dieWhere,
  escapes,
  fresh,
  parse,
  placeCsa,
  placeUsa,
  raidLoss,
  resolve,
  searchSpots,
  shipDef,
  trackOf,
  withoutSumter,
} from './helpers.ts'
import type { SdState } from '../../../src/games/sea-devils/state.ts'
import { shortestPath } from '../../../src/games/sea-devils/federalTurn.ts'
import { contextFor } from '../../../src/games/sea-devils/state.ts'

const spot1 = () => dieWhere((d) => searchSpots(T, d, 1))
const miss1 = () => dieWhere((d) => !searchSpots(T, d, 1))
const ctx = contextFor(P, 'campaign')

/** The Campaign resolved into the placement of `gt` (nothing deployed, no Confederate in play). */
function campaignAt(gt: number): SdState {
  const s = fresh('campaign')
  s.turn = gt - 1
  withoutSumter(s)
  clearFederals(s)
  return resolve(s, { federal: '', confederate: '', dice: [FWDT] }).state
}

describe('11.22 Wateree and Suwanee', () => {
  const march = P.pacificMarch
  const steps = Math.max(march.minimum, Math.floor(shipDef('WATE').ma / march.divisor))

  it('11.22: on arrival the Wateree appears on the east coast, free of cost; it takes no MOVE or DEPLOY', () => {
    expect(trackOf(11).usaReinforcements).toContain('WATE')
    const s = campaignAt(11)
    expect(s.usa.WATE!).toMatchObject({ loc: 'map', area: P.mapRoles.eastCoast, spent: 0 })
    expect(parse(s, 'federal', 'MOVE WATE C13').errors.map((e) => e.message)).toEqual([
      'WATE marches to the Pacific on its own at half speed (11.22); it takes no MOVE',
    ])
    expect(parse(s, 'federal', 'DEPLOY WATE').errors.map((e) => e.message)).toEqual([
      'WATE marches to the Pacific at no cost (11.22)',
    ])
  })

  it('11.22 (ruling R17): it marches along a shortest path toward C44 at half its speed, rounded down, in Phase 3', () => {
    expect(march).toMatchObject({ target: 'C44', divisor: 2, roundUp: false })
    const placed = resolve(campaignAt(11), { federal: '', dice: [] }).state
    // Not deployed, it stays on the map all the same (no 10.44 return to the pool).
    expect(placed.usa.WATE!).toMatchObject({ loc: 'map', area: 'C9' })
    const r = resolve(placed, { confederate: '', dice: [FWDT] })
    const path = shortestPath(ctx, 'C9', 'C44').slice(0, steps + 1)
    expect(r.texts('11.22')).toEqual([`WATE marches toward C44 at half speed (${steps} areas): ${path.join(' -> ')}.`])
    expect(r.state.usa.WATE!).toMatchObject({ loc: 'map', area: path.at(-1), spent: 0 })
  })

  it('11.22: it stops on entering the Pacific and is then an ordinary Pacific Fleet ship (Endgame: C45 -> C43 -> C44)', () => {
    const open = resolve(fresh('endgame'), { dice: [FWDT] }).state
    const placed = resolve(open, { federal: '', dice: [] }).state
    const r = resolve(placed, { confederate: 'FLA: STAY\nGEO: STAY\nRAPP: STAY\nTALL: STAY', dice: [FWDT] })
    expect(r.texts('11.22')).toEqual([
      `WATE marches toward C44 at half speed (${steps} areas): C45 -> C43 -> C44; it is in the Pacific and joins the Pacific Fleet.`,
    ])
    expect(areaDef('C44').pacific).toBe(true)
    // GT14's placement: free in the Pacific, it may move there without deployment, but not leave.
    expect(parse(r.state, 'federal', 'MOVE WATE C55').errors).toEqual([])
    expect(parse(r.state, 'federal', 'MOVE WATE C43').errors.map((e) => e.message)).toEqual([
      'WATE may not leave the Pacific (11.21)',
    ])
    const next = resolve(r.state, { federal: '', dice: [] }).state
    expect(next.usa.WATE!).toMatchObject({ loc: 'map', area: 'C44', spent: 0 })
  })
})

describe('11.2 the Pacific Fleet exemptions', () => {
  it('11.2 / 11.62: Pacific Fleet ships in the Pacific, marching ships and the pursuit fleet stay on the map undeployed, at no cost', () => {
    const s = campaignAt(16)
    Object.assign(s.usa.WATE!, { loc: 'map', area: 'C42' })
    const before = Object.fromEntries(Object.values(s.usa).map((u) => [u.id, u.spent]))
    const r = resolve(s, { federal: '', dice: [] })
    for (const id of ['SARA', 'NARRA', 'SAGI', 'LANC', 'WYOM', 'WATE', 'S-1', 'S-7']) {
      expect(r.state.usa[id]!.loc, id).toBe('map')
      expect(r.state.usa[id]!.spent, id).toBe(before[id])
    }
    expect(r.texts('10.44').join('\n')).not.toMatch(/SARA|WATE|S-1/)
  })
})

describe('11.62 the Stonewall Pursuit Fleet', () => {
  it('11.62 (ruling R22): the seven S ships arrive on the east coast in GT16 and move with no deployment or availability', () => {
    const s = campaignAt(16)
    const fleet = P.ships.filter((x) => x.fleet === 'S').map((x) => x.id)
    expect(fleet).toHaveLength(7)
    for (const id of fleet) expect(s.usa[id]!).toMatchObject({ loc: 'map', area: P.mapRoles.eastCoast, spent: 0 })
    expect(parse(s, 'federal', 'DEPLOY S-1').errors.map((e) => e.message)).toEqual([
      'S-1 belongs to the Stonewall Pursuit Fleet and needs no deployment (11.62)',
    ])
    expect(parse(s, 'federal', 'MOVE S-1 C13 C10').errors).toEqual([])
    const r = resolve(s, { federal: 'MOVE S-1 C13 C10', dice: [] })
    const done = resolve(r.state, { confederate: '', dice: [] })
    expect(done.state.usa['S-1']!).toMatchObject({ loc: 'map', area: 'C10', spent: 0 })
  })
})

describe('11.32 the Florida', () => {
  const fla = shipDef('FLA')
  const daco = shipDef('DACO')
  function florida(refits: number, spottedAfterRefit = 0): SdState {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, 'FLA', 'C15', { refits, spottedAfterRefit })
    placeUsa(s, 'DACO', 'C11')
    return s
  }

  it('11.32: after its first refit its movement allowance is 7', () => {
    expect(fla.afterFirstRefit).toEqual({ ma: 7, sunkOnSpotting: 2 })
    const eight = 'FLA: MOVE C11 C10 C11 C10 C11 C10 C11 C10'
    expect(parse(florida(0), 'confederate', eight).errors).toEqual([])
    expect(parse(florida(1), 'confederate', eight).errors.map((e) => e.message)).toEqual([
      `FLA would spend 8 MP but has 7 (movement allowance 7, damage 0) (4.11)`,
    ])
  })

  it('11.32: but its speed for escapes stays 10', () => {
    const diff = fla.ma - daco.ma
    const ok = dieWhere((d) => escapes(T, d, diff))
    const r = resolve(florida(1), {
      federal: '',
      confederate: 'FLA: MOVE C11\nPOLICY FLA ON SPOTTED: ESCAPE',
      dice: [spot1(), ok, FWDT],
    })
    expect(r.texts('6.21')).toEqual([`FLA escapes from DACO (speed difference ${diff}, die ${ok}).`])
    expect(r.texts('11.32')).toEqual([
      'FLA has been spotted 1 time(s) since its first refit; the second spotting sinks it.',
    ])
    expect(r.state.csa.FLA!.spottedAfterRefit).toBe(1)
  })

  it('11.32: the second spotting after its first refit sinks it', () => {
    const r = resolve(florida(1, 1), { federal: '', confederate: 'FLA: MOVE C11 C10', dice: [spot1(), FWDT] })
    expect(r.texts('12.13')).toEqual([
      `FLA is sunk: spotted 2 times since its first refit (11.32). The Federal player scores ${P.victoryPoints.sunk.S} VP.`,
    ])
    expect(r.state.csa.FLA!.status).toBe('sunk')
    expect(r.labels).toEqual(['search for FLA in C11 by 1', 'Federal Warship Deployment Table'])
  })

  it('11.32: spottings before the first refit do not count; a refit in port counts as its first', () => {
    const r = resolve(florida(0), {
      federal: '',
      confederate: 'FLA: MOVE C11\nPOLICY FLA ON SPOTTED: ESCAPE',
      dice: [spot1(), 6, FWDT],
    })
    expect(r.texts('11.32')).toEqual([])
    const s = florida(0)
    s.csa.FLA!.port = 'CSA'
    s.csa.FLA!.area = 'C15'
    const refit = resolve(s, { federal: '', confederate: 'FLA: REFIT', dice: [FWDT] })
    expect(refit.state.csa.FLA!.refits).toBe(1)
  })
})

describe("11.53 the Georgia's prize coal", () => {
  const geo = shipDef('GEO')
  function georgia(): SdState {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, 'GEO', 'C13')
    return s
  }

  it('11.53: PRIZE-COAL gives six more MP that phase, is announced to both players and counts as a coaling', () => {
    expect(geo.prizeCoal).toEqual({ extraMp: 6 })
    const path = ['C10', 'C13', 'C10', 'C13', 'C10', 'C13', 'C10', 'C13', 'C10', 'C13', 'C10', 'C13'].slice(
      0,
      geo.ma + 2,
    )
    expect(parse(georgia(), 'confederate', `GEO: MOVE ${path.join(' ')}`).errors.map((e) => e.message)).toEqual([
      `GEO would spend ${geo.ma + 2} MP but has ${geo.ma} (movement allowance ${geo.ma}, damage 0) (4.11)`,
    ])
    const r = resolve(georgia(), {
      federal: '',
      confederate: `GEO: PRIZE-COAL\nGEO: MOVE ${path.join(' ')}`,
      dice: [FWDT],
    })
    const announcement = r.step.narrative.find((n) => n.rule === '11.53')!
    expect(announcement).toMatchObject({
      audience: { kind: 'public' },
      text: 'The Confederate announces that GEO coals from a captured merchant ship: 6 more MP this phase, and deep-water raids next turn.',
    })
    expect(r.state.csa.GEO!).toMatchObject({ area: path.at(-1), prizeCoalUsed: true, deepRaidTurn: 2 })
  })

  it("11.53: once a game, and as the ship's first line only", () => {
    const s = georgia()
    expect(parse(s, 'confederate', 'GEO: MOVE C10\nGEO: PRIZE-COAL').errors.map((e) => e.message)).toEqual([
      "PRIZE-COAL must be GEO's first line: it is announced at the start of the activity phase (11.53)",
    ])
    s.csa.GEO!.prizeCoalUsed = true
    expect(parse(s, 'confederate', 'GEO: PRIZE-COAL').errors.map((e) => e.message)).toEqual([
      'GEO has already coaled from a captured merchant ship; it may do so once a game (11.53)',
    ])
    placeCsa(s, 'ALA', 'C15')
    expect(parse(s, 'confederate', 'ALA: PRIZE-COAL').errors.map((e) => e.message)).toEqual([
      'only a ship that can coal from its prizes may use PRIZE-COAL (11.53)',
    ])
  })

  it('11.53 / 5.41: deep-water raids the next turn only', () => {
    const r = resolve(georgia(), { federal: '', confederate: 'GEO: PRIZE-COAL\nGEO: MOVE C10 C13', dice: [FWDT] })
    const gt2 = resolve(r.state, { federal: '', dice: [] }).state
    expect(areaDef('D3').kind).toBe('D')
    const raid = resolve(gt2, { confederate: 'GEO: MOVE D3 +RAID', dice: [6, FWDT] })
    expect(raid.texts('5.11')).toEqual([
      `GEO raids D3 (density ${areaDef('D3').density}, die 6): ${raidLoss(T, 6, areaDef('D3').density)} merchant-marine points (2/${geo.ma} MP).`,
    ])
    const gt3 = resolve(raid.state, { federal: '', dice: [] }).state
    gt3.csa.GEO!.cannotRaidUntilRefit = false
    expect(parse(gt3, 'confederate', 'GEO: MOVE D2 +RAID').errors.map((e) => e.message)).toEqual([
      'GEO may not raid D2: gunboats and auxiliaries raid only coastal areas (5.41)',
    ])
  })
})

describe('11.6 the Stonewall', () => {
  const ston = shipDef('STON')
  const kear = shipDef('KEAR')
  function stonewall(area = 'C1'): SdState {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, 'STON', area)
    return s
  }

  it('11.61: its lines are part of the Confederate record; it moves before the Federal movement, unsearched, and the move is published', () => {
    const s = stonewall()
    placeUsa(s, 'DACO', 'C3')
    const p = parse(s, 'confederate', 'STON: MOVE C3 D1')
    expect(p.normalised).toEqual(['STON: MOVE C3, MOVE D1 (record phase, before the Federal movement: 11.61)'])
    const r = resolve(s, { federal: 'MOVE DACO C5', confederate: 'STON: MOVE C3 D1', dice: [FWDT] })
    expect(r.labels).toEqual(['Federal Warship Deployment Table'])
    const published = r.step.narrative.find((n) => n.rule === '11.61')!
    expect(published).toMatchObject({
      audience: { kind: 'public' },
      text: 'The Stonewall (STON) acts before the Federal movement, at sea in C1: MOVE C3, MOVE D1; it is now at sea in D1.',
    })
    // It comes before the Federal movement in the narrative.
    const order = r.step.narrative.map((n) => n.text)
    expect(order.indexOf(published.text)).toBeLessThan(order.indexOf('DACO moves C5.'))
  })

  it('11.61: Federal ships ending Phase 3 in its area spot it; combat opens Phase 4, before any other ship acts', () => {
    const s = stonewall()
    placeUsa(s, 'KEAR', 'C2')
    placeCsa(s, 'ALA', 'C15')
    const hit = crt(6, ston.gun)
    const quiet = dieWhere((d) => crt(d, kear.gun) === 0)
    const segments = Math.ceil(kear.def / hit)
    const fight = Array.from({ length: segments }, () => [6, quiet]).flat()
    const r = resolve(s, {
      federal: 'MOVE KEAR C3',
      confederate: 'ALA: MOVE C11\nSTON: MOVE C3',
      dice: [...fight, FWDT],
    })
    expect(r.texts('11.61')[1]).toBe('KEAR ends the Federal movement in C3 with STON and spots it.')
    expect(r.labels.slice(0, 2)).toEqual(['combat STON fires (segment 1)', 'combat KEAR fires (segment 1)'])
    expect(r.state.usa.KEAR!.loc).toBe('sunk')
    const order = r.step.narrative.map((n) => n.text)
    expect(order.findIndex((t) => t.startsWith('Combat: STON'))).toBeLessThan(
      order.findIndex((t) => t.startsWith('ALA moves')),
    )
  })

  it('11.61: a Federal ship that leaves its area, or a Stonewall in port, is not spotted; European auto-blockade never takes it', () => {
    const s = stonewall('C5')
    s.csa.STON!.port = 'France'
    placeUsa(s, 'KEAR', 'C5')
    const r = resolve(s, { federal: '', confederate: 'STON: STAY', dice: [FWDT] })
    expect(r.texts('11.61')).toHaveLength(1)
    expect(r.texts('8.11')).toEqual([])
    // 6.3: a declared ship entering C5 blockades no Stonewall.
    const t = stonewall('C5')
    t.csa.STON!.port = 'France'
    t.turn = 2
    t.stage = 'federal-orders'
    t.deployTrack.S = 1
    placeUsa(t, 'KEAR', 'C3', { deployed: false })
    expect(parse(t, 'federal', 'DEPLOY KEAR\nEUROPE-BLOCKADE KEAR IN C5').errors.map((e) => e.message)).toEqual([
      'no Confederate ship began GT2 in C5: the declared blockade would find nothing (3.0 step 1C, 6.3)',
    ])
    const placed = resolve(t, { federal: 'DEPLOY KEAR\nMOVE KEAR C5', dice: [] }).state
    const done = resolve(placed, { confederate: 'STON: STAY', dice: [FWDT] })
    expect(done.texts('6.3')).toEqual([])
    expect(done.state.usa.KEAR!.blockading).toBe(null)
  })

  it('11.61: a Confederate ship passing the Federal ships is searched as usual; the Stonewall is not', () => {
    const s = stonewall('C11')
    placeUsa(s, 'DACO', 'C10')
    placeCsa(s, 'ALA', 'C11')
    const r = resolve(s, { federal: '', confederate: 'STON: MOVE C10 C13\nALA: MOVE C10', dice: [miss1(), FWDT] })
    expect(r.labels).toEqual(['search for ALA in C10 by 1', 'Federal Warship Deployment Table'])
  })
})

describe("12.12 the Stonewall's victory points", () => {
  function lastTurn(area: string, port: string | null = null): SdState {
    const s = fresh()
    s.turn = 4
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, 'STON', area, { port })
    return s
  }

  it('12.12: afloat in C9, C14 or C15 at the end, it scores 25 VP', () => {
    expect(P.victoryPoints).toMatchObject({ stonewallAfloat: 25, stonewallAreas: ['C9', 'C14', 'C15'] })
    const r = resolve(lastTurn('C9'), { federal: '', confederate: 'STON: STAY', dice: [] })
    expect(r.step.finished).toBe(true)
    expect(r.texts('12.12')).toEqual(['STON is afloat in C9 at the end: the Confederate player scores 25 VP.'])
    expect(r.state.vp.csa).toBe(25)
    expect(r.state.result!.difference).toBe(25)
    const inPort = resolve(lastTurn('C14', 'CSA'), { federal: '', confederate: 'STON: STAY', dice: [] })
    expect(inPort.state.vp.csa).toBe(25)
  })

  it('12.12: anywhere else, nothing', () => {
    const r = resolve(lastTurn('C13'), { federal: '', confederate: 'STON: STAY', dice: [] })
    expect(r.texts('12.12')).toEqual([])
    expect(r.state.vp.csa).toBe(0)
  })
})
