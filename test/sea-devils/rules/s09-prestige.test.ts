// Rule 9: the Confederate Prestige Levels: track adjustments, action adjustments and their effects
// on ports and coal.
import { describe, expect, it } from 'vitest'
import {
  FWDT,
  P,
  T,
  areaDef,
  clearFederals,
  dieWhere,
  fresh,
  parse,
  placeCsa,
  placeUsa,
  raidLoss,
  resolve,
  searchSpots,
  trackOf,
  withoutSumter,
} from './helpers.ts'

const threshold = P.victoryPoints.mmEnglandThreshold

describe('9.2 adjusting the prestige levels', () => {
  it('9.21: at the turn advance W goes to all three levels, then E to England and F to France', () => {
    const s = fresh()
    clearFederals(s)
    const { W, E, F } = trackOf(2).cpl
    const r = resolve(s, { federal: '', confederate: '', dice: [FWDT] })
    expect(r.state.turn).toBe(2)
    expect(r.state.cpl).toEqual({
      world: s.cpl.world + W,
      england: s.cpl.england + W + E,
      france: s.cpl.france + W + F,
    })
    expect(r.texts('9.21')[0]).toContain(
      `world ${s.cpl.world + W}, England ${s.cpl.england + W + E}, France ${s.cpl.france + W + F}`,
    )
  })

  it('9.22(1): the merchant marine falling below 1165 lowers England at once, only once', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    s.mm = threshold + 1
    placeCsa(s, 'ALA', 'C15')
    const l1 = raidLoss(T, 6, areaDef('C11').density)
    const l2 = raidLoss(T, 6, areaDef('C10').density)
    expect(l1).toBeGreaterThanOrEqual(2)
    const r = resolve(s, { federal: '', confederate: 'ALA: MOVE C11 +RAID\nALA: MOVE C10 +RAID', dice: [6, 6, FWDT] })
    expect(r.texts('9.22')).toEqual([
      `The merchant marine falls below ${threshold}: England's prestige level drops to ${s.cpl.england - 1}.`,
    ])
    const { W, E } = trackOf(2).cpl
    expect(r.state.cpl.england).toBe(s.cpl.england - 1 + W + E)
    expect(r.state.mmEnglandDropDone).toBe(true)
    expect(r.state.mm).toBe(threshold + 1 - l1 - l2)
  })

  it('9.22(1): no second drop once it has happened', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    s.mm = threshold - 10
    s.mmEnglandDropDone = true
    placeCsa(s, 'ALA', 'C15')
    const r = resolve(s, { federal: '', confederate: 'ALA: MOVE C11 +RAID\nALA: MOVE C10', dice: [6, FWDT] })
    expect(r.texts('9.22')).toEqual([])
    const { W, E } = trackOf(2).cpl
    expect(r.state.cpl.england).toBe(s.cpl.england + W + E)
  })

  it("9.22(2): a refit in France lowers France's level", () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, 'ALA', 'C5', { port: 'France', turnsAtSea: 2 })
    const r = resolve(s, { federal: '', confederate: 'ALA: REFIT', dice: [FWDT] })
    expect(r.texts('9.22')).toEqual(["ALA completes a refit in C5; France's prestige level falls by 1."])
    const { W, F, E } = trackOf(2).cpl
    expect(r.state.cpl.france).toBe(s.cpl.france - 1 + W + F)
    expect(r.state.cpl.england).toBe(s.cpl.england + W + E)
    expect(r.state.csa.ALA!.turnsAtSea).toBe(0)
  })

  it("9.22(2): a repair in England lowers England's level and removes the damage", () => {
    const s = fresh()
    s.semmes.ship = null
    clearFederals(s)
    placeCsa(s, 'SUM', 'C2', { port: 'England', damage: 2 })
    const r = resolve(s, { federal: '', confederate: 'SUM: REPAIR', dice: [FWDT] })
    expect(r.texts('9.22')).toEqual(["SUM is repaired in C2; England's prestige level falls by 1."])
    const { W, E } = trackOf(2).cpl
    expect(r.state.cpl.england).toBe(s.cpl.england - 1 + W + E)
    expect(r.state.csa.SUM!.damage).toBe(0)
  })
})

describe('9.3 effects of the prestige levels', () => {
  const e13 = areaDef('C13').ports.find((p) => p.nat === 'E')!

  it('9.31: a colonial port below its threshold cannot be entered', () => {
    const s = fresh()
    withoutSumter(s)
    placeCsa(s, 'ALA', 'D3')
    s.cpl.world = e13.cplThreshold! - 1
    expect(parse(s, 'confederate', 'ALA: MOVE C13\nALA: ENTER-PORT').errors.map((e) => e.message)).toEqual([
      'ALA cannot enter port in C13: the English colonial port in C13 is closed to Confederate ships at the current prestige level (9.3)',
    ])
    s.cpl.world = e13.cplThreshold!
    expect(parse(s, 'confederate', 'ALA: MOVE C13\nALA: ENTER-PORT').errors).toEqual([])
  })

  it('9.31: a colonial port below its threshold gives no coal', () => {
    for (const world of [e13.cplThreshold!, e13.cplThreshold! - 1]) {
      const s = fresh()
      withoutSumter(s)
      clearFederals(s)
      s.cpl.world = world
      placeCsa(s, 'ALA', 'D3')
      const r = resolve(s, { federal: '', confederate: 'ALA: MOVE C13', dice: [FWDT] })
      const open = world >= e13.cplThreshold!
      expect(r.texts('11.51')).toEqual(
        open ? ['ALA coals in C13 (English colonial port): 1 coaling(s) this turn.'] : [],
      )
      expect(r.state.csa.ALA!.cannotRaidUntilRefit).toBe(!open)
    }
  })

  it('4.42 / 9.3: a closed port may still be entered to accept blockade', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    s.cpl.world = e13.cplThreshold! - 1
    placeCsa(s, 'ALA', 'D3')
    placeUsa(s, 'DACO', 'C13')
    const spot = dieWhere((d) => searchSpots(T, d, 1))
    const r = resolve(s, { federal: '', confederate: 'ALA: MOVE C13\nPOLICY ALA ON SPOTTED: PORT', dice: [spot, FWDT] })
    expect(r.state.csa.ALA!.port).toBe('E')
    expect(r.state.usa.DACO!.blockading).toBe('ALA')
  })

  it('9.36: a ship may never refit in the country that supplied it (parse error)', () => {
    const s = fresh()
    s.semmes.ship = null
    placeCsa(s, 'ALA', 'C2', { port: 'England' })
    placeCsa(s, 'SUM', 'C2', { port: 'England' })
    expect(parse(s, 'confederate', 'ALA: REFIT').errors.map((e) => e.message)).toEqual([
      'ALA was received in England and may never refit there (9.36)',
    ])
    expect(parse(s, 'confederate', 'SUM: REFIT').errors).toEqual([])
    placeCsa(s, 'ALA', 'C5', { port: 'France' })
    expect(parse(s, 'confederate', 'ALA: REFIT').errors).toEqual([])
  })

  it('9.37: England always coals a commissioned ship, whatever its level; not an uncommissioned one', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    const england = areaDef('C2').ports.find((p) => p.nat === 'England')!
    s.cpl.england = england.cplThreshold! - 5
    placeCsa(s, 'ALA', 'C3')
    placeCsa(s, 'GEO', 'C1', { commissioned: false })
    const r = resolve(s, { federal: '', confederate: 'ALA: MOVE C2\nGEO: MOVE C2', dice: [FWDT] })
    expect(r.texts('11.51')).toEqual(['ALA coals in C2 (English port): 1 coaling(s) this turn.'])
    expect(r.state.csa.ALA!.cannotRaidUntilRefit).toBe(false)
    expect(r.state.csa.GEO!.cannotRaidUntilRefit).toBe(true)
  })

  it('9.38: a Federal ship holding a Colombian coal area all phase denies Colombian coal', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, 'ALA', 'C22')
    placeUsa(s, 'DACO', 'C16')
    const miss = dieWhere((d) => !searchSpots(T, d, 1))
    const r = resolve(s, { federal: '', confederate: 'ALA: MOVE C16', dice: [miss, FWDT] })
    expect(r.texts('9.38')).toEqual(['DACO holds C16 all phase: COL gives no coal to Confederate ships this turn.'])
    expect(r.texts('11.51')).toEqual([])
    expect(r.state.csa.ALA!.cannotRaidUntilRefit).toBe(true)
    expect(r.state.coalDenied).toEqual([]) // the denial lasts one turn
  })

  it('9.38: a Federal ship that moved during the phase denies nothing', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, 'ALA', 'C22')
    placeUsa(s, 'DACO', 'C25')
    const miss = dieWhere((d) => !searchSpots(T, d, 1))
    const r = resolve(s, { federal: 'MOVE DACO C16', confederate: 'ALA: MOVE C16', dice: [miss, FWDT] })
    expect(r.texts('9.38')).toEqual([])
    expect(r.texts('11.51')).toEqual(['ALA coals in C16 (Colombian port): 1 coaling(s) this turn.'])
    expect(r.state.csa.ALA!.cannotRaidUntilRefit).toBe(false)
  })
})
