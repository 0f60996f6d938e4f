// Rule 13.3-13.5: the three scenarios that start at the Confederate ship placement of a later turn.
// Every expected value below is copied from the rulebook's scenario text (not read from the pack);
// the opening resolution must then run 1B/1C of the first turn without the 1A prestige change.
import { describe, expect, it } from 'vitest'
import { P, T, fresh, parse, resolve, rs, shipDef } from './helpers.ts'
import type { SdState } from '../../../src/games/sea-devils/state.ts'
import { deploymentPoints } from '../../../src/games/sea-devils/tables.ts'

const onMap = (s: SdState) =>
  Object.fromEntries(
    Object.values(s.usa)
      .filter((u) => u.loc === 'map')
      .map((u) => [u.id, u.area]),
  )
const inLoc = (s: SdState, loc: string) =>
  Object.values(s.usa)
    .filter((u) => u.loc === loc)
    .map((u) => u.id)
    .sort()
const spent = (s: SdState) =>
  Object.fromEntries(
    Object.values(s.usa)
      .filter((u) => u.spent > 0)
      .map((u) => [u.id, u.spent]),
  )
const csaInPlay = (s: SdState) =>
  Object.fromEntries(
    Object.values(s.csa)
      .filter((c) => c.status === 'map')
      .map((c) => [
        c.id,
        {
          area: c.area,
          port: c.port,
          commissioned: c.commissioned,
          turnsAtSea: c.turnsAtSea,
          turnsInPort: c.turnsInPort,
        },
      ]),
  )
const sorted = (xs: string[]) => [...xs].sort()

/** The ships a scenario marks "(out)": their whole availability is used, so they lie in the Unavailable Pool. */
function expectOutShipsInUP(s: SdState, out: string[]) {
  expect(inLoc(s, 'UP')).toEqual(sorted(out))
  for (const id of out) expect(s.usa[id]!.spent, `${id} is out`).toBe(shipDef(id).availability)
}

/** Resolves the opening with a fixed Federal Warship Deployment Table die. */
function opening(s: SdState, die = 3) {
  const r = resolve(s, { dice: [die] })
  expect(r.labels).toEqual(['Federal Warship Deployment Table'])
  expect(r.step.label).toBe(`GT${s.turn} opening placement`)
  return r
}

describe('13.3 The Greyhounds are Loose', () => {
  const s = fresh('greyhounds')

  it('13.31 / 13.34: GT5 to GT7, waiting at the placement of GT5 for no orders', () => {
    expect(s).toMatchObject({ turn: 5, lastTurn: 7, stage: 'opening' })
    expect(rs.awaiting(s)).toEqual([])
    expect(parse(s, 'federal', 'MOVE KEAR C7').errors[0]!.message).toMatch(/opening placement has not been resolved/)
  })

  it('13.32: initial levels', () => {
    expect(s.mm).toBe(1216)
    expect(s.mmInitial).toBe(1216)
    expect(s.mmEnglandDropDone).toBe(false)
    expect(s.cpl).toEqual({ world: -3, england: 0, france: 0 })
    expect(s.deployTrack).toEqual({ F: 0, SF: 0, S: 0, GB: 0, SGB: 0 })
    expect(s.ecesEntries).toEqual({})
  })

  it('13.33: Federal deployment, Available Pool and availability consumed', () => {
    expect(onMap(s)).toEqual({
      TUSC: 'C8',
      KEAR: 'C8',
      'S-D-CU': 'C14',
      LANC: 'C50',
      SARA: 'C50',
      NARRA: 'C52',
      SAGI: 'C66',
      WYOM: 'C54',
    })
    expect(inLoc(s, 'AP')).toEqual(
      sorted([
        'SAN-J',
        'NIAG',
        'POWH',
        'DACO',
        'IROQ',
        'MOHIC',
        'WACH',
        'ONEID',
        'CONN',
        'DESOTO',
        'J-ADG',
        'FLOR',
        'S-O-GE',
        'AUGU',
        'ALAB',
        'OCTO',
        'TIOG',
        'R-ISL',
        'CHIP',
        'MERC',
        'R-R-CUY',
        'CAYU',
      ]),
    )
    expect(inLoc(s, 'CSE')).toEqual([])
    expect(spent(s)).toEqual({
      'S-D-CU': 3,
      TUSC: 3,
      IROQ: 2,
      KEAR: 2,
      POWH: 2,
      'K-STAT': 2,
      'Q-CITY': 2,
      FLAM: 1,
      PENG: 1,
      RICH: 1,
      CONN: 1,
      'J-ADG': 1,
    })
    expectOutShipsInUP(s, ['K-STAT', 'Q-CITY', 'FLAM', 'PENG', 'RICH'])
    expect(s.cseUsed).toEqual({})
  })

  it('13.33: Sumter in the C8 English port and Nashville in the C14 Confederate port, one turn in port each; Semmes on the track for Alabama', () => {
    expect(csaInPlay(s)).toEqual({
      SUM: { area: 'C8', port: 'E', commissioned: true, turnsAtSea: 0, turnsInPort: 1 },
      NASH: { area: 'C14', port: 'CSA', commissioned: true, turnsAtSea: 0, turnsInPort: 1 },
    })
    expect(s.semmes).toMatchObject({
      ship: null,
      onTrack: true,
      placeNext: 'ALA',
      removed: false,
      shipsCommanded: ['SUM'],
    })
    expect(s.csa.ALA!.status).toBe('pending')
  })

  it('13.34: all five whaling counters are placed; no neutral-port commissioning yet in 1862', () => {
    expect(Object.keys(s.whaling)).toHaveLength(5)
    expect(Object.values(s.whaling).sort()).toEqual([...P.whalingValues.values].sort())
    expect(s.neutralCommissionYears).toEqual([])
  })

  it('13.35: victory levels', () => {
    expect(P.scenarios.find((x) => x.id === 'greyhounds')!.victory.map((v) => [v.min, v.max])).toEqual([
      [281, null],
      [131, 280],
      [101, 130],
      [-99, 100],
      [null, -100],
    ])
  })

  it('13.34: the opening runs 1B and 1C of GT5 without the GT5 prestige change; Semmes joins Alabama in C2', () => {
    const r = opening(fresh('greyhounds'))
    expect(r.state).toMatchObject({ turn: 5, stage: 'federal-orders', cpl: { world: -3, england: 0, france: 0 } })
    expect(r.texts('9.21')).toEqual([])
    expect(r.state.csa.ALA!).toMatchObject({
      status: 'map',
      area: 'C2',
      port: 'England',
      commissioned: false,
      arrivedTurn: 5,
    })
    expect(r.state.semmes).toMatchObject({ ship: 'ALA', onTrack: false, shipsCommanded: ['SUM', 'ALA'] })
    expect(r.texts('11.72')).toEqual(['Semmes takes command of ALA.'])
    // Federal reinforcements of GT5 (F. Jack by the errata) join the Available Pool.
    expect(r.state.usa['F-JACK']!.loc).toBe('AP')
    // 10.31: Sumter (C8) and Alabama (C2) count one half each, Nashville one: two ships.
    expect(r.texts('10.31')[0]).toMatch(/^Deployment roll with 2 Confederate ship\(s\) in play: die 3 gives /)
    expect(r.state.deployTrack).toEqual(deploymentPoints(T, 3, 2))
    expect(rs.awaiting(r.state).map((a) => a.role)).toEqual(['federal'])
  })

  it("13.3: a whole turn then plays on to GT6, where the track's prestige change applies", () => {
    const open = opening(fresh('greyhounds')).state
    const placed = resolve(open, { federal: '', dice: [] }).state
    const r = resolve(placed, { confederate: 'SUM: STAY\nNASH: STAY\nALA: COMMISSION', dice: [1] })
    expect(r.state.turn).toBe(6)
    const { W, E, F } = P.track.find((t) => t.gt === 6)!.cpl
    expect(r.state.cpl).toEqual({ world: -3 + W, england: 0 + W + E, france: 0 + W + F })
    expect(r.state.csa.ALA!.commissioned).toBe(true)
    expect(r.state.neutralCommissionYears).toEqual([1862])
  })
})

describe('13.4 The Cresting Tide', () => {
  const s = fresh('cresting-tide')

  it('13.41 / 13.44: GT8 to GT12, waiting at the placement of GT8', () => {
    expect(s).toMatchObject({ turn: 8, lastTurn: 12, stage: 'opening' })
    expect(rs.awaiting(s)).toEqual([])
  })

  it('13.42: initial levels; one earlier sloop emergency search', () => {
    expect(s.mm).toBe(1117)
    // Below 1165 already: England's one-time drop (9.22) is behind us.
    expect(s.mmEnglandDropDone).toBe(true)
    expect(s.cpl).toEqual({ world: -1, england: -1, france: 7 })
    expect(s.deployTrack).toEqual({ F: 0, SF: 0, S: 0, GB: 0, SGB: 0 })
    expect(s.ecesEntries).toEqual({ S: 1 })
  })

  it('13.43: Federal deployment, CSE box, Available Pool and availability consumed (1862 and 1863 CSE one each)', () => {
    expect(onMap(s)).toEqual({
      TUSC: 'C8',
      KEAR: 'C8',
      CHIP: 'C8',
      MOHIC: 'C10',
      DACO: 'C10',
      ONEID: 'C12',
      ALAB: 'C12',
      OCTO: 'C14',
      WACH: 'C16',
      DESOTO: 'C16',
      'S-D-CU': 'C16',
      TIOG: 'C16',
      'R-R-CUY': 'C15',
      SONO: 'C15',
      'R-ISL': 'C15',
      VAND: 'C15',
      NARRA: 'C50',
      SARA: 'C50',
      LANC: 'C54',
      SAGI: 'C54',
      WYOM: 'C66',
    })
    expect(inLoc(s, 'CSE')).toEqual(['CONN'])
    expect(inLoc(s, 'AP')).toEqual(
      sorted(['NIAG', 'POWH', 'IROQ', 'JUN', 'SAC', 'MERC', 'J-ADG', 'FLOR', 'S-O-GE', 'AUGU', 'F-JACK']),
    )
    expect(spent(s)).toEqual({
      'S-D-CU': 6,
      TUSC: 6,
      KEAR: 5,
      'R-R-CUY': 3,
      DACO: 3,
      'SAN-J': 2,
      CHIP: 2,
      IROQ: 2,
      MOHIC: 2,
      WACH: 2,
      POWH: 2,
      CONN: 2,
      'K-STAT': 2,
      OCTO: 2,
      'Q-CITY': 2,
      SONO: 2,
      TIOG: 2,
      VAND: 2,
      CAYU: 1,
      FLAM: 1,
      PENG: 1,
      ADIR: 1,
      ONEID: 1,
      RICH: 1,
      ALAB: 1,
      DESOTO: 1,
      'J-ADG': 1,
      'R-ISL': 1,
    })
    expectOutShipsInUP(s, ['SAN-J', 'K-STAT', 'Q-CITY', 'CAYU', 'FLAM', 'PENG', 'ADIR', 'RICH'])
    expect(s.cseUsed).toEqual({ 1862: 1, 1863: 1 })
  })

  it('13.43: Alabama (with Semmes) and Florida at sea in C18, commissioned, three and two turns without refit', () => {
    expect(csaInPlay(s)).toEqual({
      ALA: { area: 'C18', port: null, commissioned: true, turnsAtSea: 3, turnsInPort: 0 },
      FLA: { area: 'C18', port: null, commissioned: true, turnsAtSea: 2, turnsInPort: 0 },
    })
    expect(s.semmes).toMatchObject({ ship: 'ALA', onTrack: false, removed: false, shipsCommanded: ['SUM', 'ALA'] })
    // 11.32: Florida has not refitted yet, so it keeps its full movement allowance.
    expect(s.csa.FLA!.refits).toBe(0)
    // The scenario's set-up is public: the Federal knows where they are.
    expect(s.csa.ALA!.knownToFederal).toEqual({ turn: 8, area: 'C18', port: null })
  })

  it('13.44: whaling counters only in C57, C60 and D58, one each of 1, 3 and 4', () => {
    expect(Object.keys(s.whaling).sort()).toEqual(['C57', 'C60', 'D58'])
    expect(Object.values(s.whaling).sort()).toEqual([1, 3, 4])
  })

  it('13.44: Alexandra and Texas are off the track; no neutral-port commissioning yet in 1863', () => {
    expect(s.csa.ALEX!.status).toBe('cancelled')
    expect(s.csa.TEX!.status).toBe('cancelled')
    expect(s.neutralCommissionYears).toEqual([])
    // Ships that entered play before GT8 and are not listed are out of play (Sumter, Nashville, Georgiana).
    for (const id of ['SUM', 'NASH', 'GEOA']) expect(s.csa[id]!.status).toBe('cancelled')
  })

  it('13.45: victory levels', () => {
    expect(P.scenarios.find((x) => x.id === 'cresting-tide')!.victory.map((v) => [v.min, v.max])).toEqual([
      [350, null],
      [151, 349],
      [100, 150],
      [-49, 99],
      [null, -50],
    ])
  })

  it('13.44: the opening runs 1B/1C of GT8 only: Georgia arrives, the Florida Auxiliary joins Florida, Alexandra stays out, Conn leaves the CSE box', () => {
    const r = opening(fresh('cresting-tide'), 5)
    expect(r.state).toMatchObject({ turn: 8, stage: 'federal-orders', cpl: { world: -1, england: -1, france: 7 } })
    expect(r.state.csa.GEO!).toMatchObject({ status: 'map', area: 'C2', port: 'England', commissioned: false })
    expect(r.state.csa['FLA-AUX']!).toMatchObject({ status: 'map', area: 'C18', port: null, commissioned: true })
    expect(r.state.csa.ALEX!.status).toBe('cancelled')
    expect(r.all).not.toContain('ALEX')
    expect(r.state.usa.CONN!.loc).toBe('AP')
    expect(r.state.cseUsed).toEqual({ 1862: 1, 1863: 1 })
    // ALA, FLA, FLA-AUX count one each, GEO in C2 one half: three.
    expect(r.texts('10.31')[0]).toMatch(/^Deployment roll with 3 Confederate ship\(s\) in play: die 5 gives /)
    expect(r.state.deployTrack).toEqual(deploymentPoints(T, 5, 3))
  })
})

describe('13.5 Endgame', () => {
  const s = fresh('endgame')

  it('13.51 / 13.54: GT13 to GT16, waiting at the placement of GT13', () => {
    expect(s).toMatchObject({ turn: 13, lastTurn: 16, stage: 'opening' })
    expect(rs.awaiting(s)).toEqual([])
  })

  it('13.52: initial levels; two sloop and one auxiliary emergency searches before', () => {
    expect(s.mm).toBe(940)
    expect(s.mmEnglandDropDone).toBe(true)
    expect(s.cpl).toEqual({ world: -12, england: -16, france: -12 })
    expect(s.deployTrack).toEqual({ F: 0, SF: 0, S: 0, GB: 0, SGB: 0 })
    expect(s.ecesEntries).toEqual({ S: 2, AUX: 1 })
  })

  it('13.53: Federal deployment, CSE box, Available Pool and availability consumed (CSE 1862 one, 1863 nine, 1864 three)', () => {
    expect(onMap(s)).toEqual({
      NIAG: 'C2',
      KEAR: 'C5',
      SAC: 'C8',
      POWH: 'C16',
      WACH: 'C40',
      WYOM: 'D7',
      WATE: 'C45',
      LANC: 'C48',
      NARRA: 'C52',
      SAGI: 'C52',
      SARA: 'C54',
    })
    expect(inLoc(s, 'CSE')).toEqual(['GALA', 'NEPT'])
    expect(inLoc(s, 'AP')).toEqual(
      sorted([
        'IROQ',
        'NERE',
        'GLAU',
        'CONN',
        'ALAB',
        'S-O-GE',
        'AUGU',
        'VAND',
        'PONT',
        'J-ADG',
        'SASS',
        'R-ISL',
        'TIOG',
        'FLOR',
      ]),
    )
    expect(spent(s)).toEqual({
      KEAR: 10,
      'S-D-CU': 9,
      TUSC: 8,
      MOHIC: 7,
      TIOG: 7,
      VAND: 6,
      WACH: 5,
      POWH: 5,
      'R-ISL': 5,
      'R-R-CUY': 4,
      DACO: 4,
      CONN: 4,
      OCTO: 4,
      CHIP: 3,
      JUN: 3,
      ALAB: 3,
      SONO: 3,
      'SAN-J': 2,
      MERC: 2,
      IROQ: 2,
      ONEID: 2,
      SAC: 2,
      TICO: 2,
      DESOTO: 2,
      'K-STAT': 2,
      'Q-CITY': 2,
      NIAG: 1,
      CAYU: 1,
      FLAM: 1,
      GALA: 1,
      NEPT: 1,
      PENG: 1,
      PROT: 1,
      ADIR: 1,
      RICH: 1,
      WYOM: 1,
      'F-JACK': 1,
      'J-ADG': 1,
    })
    expectOutShipsInUP(s, [
      'S-D-CU',
      'TUSC',
      'MOHIC',
      'R-R-CUY',
      'DACO',
      'OCTO',
      'CHIP',
      'JUN',
      'SONO',
      'SAN-J',
      'MERC',
      'ONEID',
      'TICO',
      'DESOTO',
      'K-STAT',
      'Q-CITY',
      'CAYU',
      'FLAM',
      'PENG',
      'PROT',
      'ADIR',
      'RICH',
      'F-JACK',
    ])
    expect(s.cseUsed).toEqual({ 1862: 1, 1863: 9, 1864: 3 })
  })

  it('13.53: Florida at sea in C13 two turns after its second refit; Georgia (prize coal used) and the uncommissioned Rappahannock in the C5 port', () => {
    expect(csaInPlay(s)).toEqual({
      FLA: { area: 'C13', port: null, commissioned: true, turnsAtSea: 2, turnsInPort: 0 },
      GEO: { area: 'C5', port: 'France', commissioned: true, turnsAtSea: 0, turnsInPort: 1 },
      RAPP: { area: 'C5', port: 'France', commissioned: false, turnsAtSea: 0, turnsInPort: 1 },
    })
    // 11.32: two refits behind it, so its movement allowance is down; no spotting counted yet (ruling R28).
    expect(s.csa.FLA!).toMatchObject({ refits: 2, spottedAfterRefit: 0 })
    expect(s.csa.GEO!.prizeCoalUsed).toBe(true)
    // The Florida Auxiliary was used and sunk: it is out of play, as are the earlier ships not listed.
    for (const id of ['FLA-AUX', 'ALA', 'ALA-AUX', 'SUM', 'NASH', 'GEOA']) expect(s.csa[id]!.status).toBe('cancelled')
  })

  it('13.54: whaling counters in C57, C60 and D58 (1, 3, 4); Semmes out of the game; no neutral-port commissioning yet in 1864', () => {
    expect(Object.keys(s.whaling).sort()).toEqual(['C57', 'C60', 'D58'])
    expect(Object.values(s.whaling).sort()).toEqual([1, 3, 4])
    expect(s.semmes).toMatchObject({ ship: null, onTrack: false, removed: true })
    const placed = resolve(resolve(fresh('endgame'), { dice: [3] }).state, { federal: '', dice: [] }).state
    expect(parse(placed, 'confederate', 'SEMMES: PLACE GEO').errors.map((e) => e.message)).toEqual([
      'Semmes has left the game (11.73)',
    ])
    expect(s.neutralCommissionYears).toEqual([])
  })

  it('13.55: victory levels (Federal Major at -30 and below)', () => {
    expect(P.scenarios.find((x) => x.id === 'endgame')!.victory.map((v) => [v.min, v.max])).toEqual([
      [250, null],
      [81, 249],
      [60, 80],
      [-29, 59],
      [null, -30],
    ])
  })

  it('13.54: the opening runs 1B/1C of GT13 only: Tallahassee arrives, the CSE ships go to the Available Pool, the Wateree stays on its march', () => {
    const r = opening(fresh('endgame'), 2)
    expect(r.state).toMatchObject({ turn: 13, stage: 'federal-orders', cpl: { world: -12, england: -16, france: -12 } })
    expect(r.state.csa.TALL!).toMatchObject({ status: 'map', area: 'C14', port: 'CSA', commissioned: true })
    expect(inLoc(r.state, 'CSE')).toEqual([])
    expect(r.state.usa.NEPT!.loc).toBe('AP')
    expect(r.state.usa.WATE!).toMatchObject({ loc: 'map', area: 'C45' })
    // FLA and TALL one each, GEO and RAPP in C5 one half each: three.
    expect(r.texts('10.31')[0]).toMatch(/^Deployment roll with 3 Confederate ship\(s\) in play: die 2 gives /)
    expect(r.texts('11.72')).toEqual([])
  })
})
