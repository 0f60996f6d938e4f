import { describe, expect, it } from 'vitest'
import {
  actionsFor,
  alertCheck,
  epidemicCheck,
  fortunes,
  income,
  setupCampaign,
} from '../../src/games/infernal-machine/campaign.ts'
import { sickBay, timePhase, AUTO_TIME } from '../../src/games/infernal-machine/seasonEnd.ts'
import {
  build,
  changeLocation,
  commission,
  contract,
  invest,
  letter,
  recruit,
  salvage,
  seaworthy,
} from '../../src/games/infernal-machine/shopActions.ts'
import { campaign, ctx, seaworthyHull } from './helpers.ts'

describe('Infernal Machine campaign set-up and seasons (p.39-47)', () => {
  it('p.39 set-up: three investors drawn face down, one kept for his dollars, a starting location at random', () => {
    const c = ctx([
      { label: /deck shuffle/, values: Array(40).fill(1) },
      { label: 'start location', values: 2 },
    ])
    const camp = setupCampaign(c, 'CSA', { investor: (ids) => ids[0]! })
    expect(camp.personae).toHaveLength(1)
    const kept = camp.personae[0]!.id
    expect(camp.funds).toBe(ctx().pack.personae.get(kept)!.funds)
    expect([camp.location, camp.year, camp.season, camp.alert, camp.training]).toEqual([
      'norfolk',
      1861,
      'spring',
      0,
      0,
    ])
    expect(camp.decks.investor.discards).toHaveLength(2)
  })

  it('p.44-46 Income: shop earnings by season; contracts pay and expire on their season; Winter infusion and prizes', () => {
    const camp = campaign({
      season: 'winter',
      prizes: 15,
      contracts: [{ id: 'c5', pay: 5, expires: 'winter 1862', personae: ['moser'] }],
    })
    camp.personae[0] = { id: 'sigourney', where: 'shop' }
    camp.personae[1]!.where = 'contract'
    income(ctx(), camp)
    expect(camp.funds).toBe(20 + 3 + 5 + 7 + 15)
    expect([camp.contracts, camp.personae[1]!.where, camp.prizes]).toEqual([[], 'shop', 0])
  })

  it('p.46 Fortunes of War: d10 on the season table (synthetic Almanac); debt allowed only here', () => {
    const camp = campaign({ funds: 1 })
    fortunes(ctx({ 'spring 1862 fortunes of war': 3 }), camp)
    expect(camp.funds).toBe(-1)
  })

  it('p.47 actions: 1 in Winter, 2 otherwise; Washington +1 in Summer; Fortunes of War may add', () => {
    const c = ctx()
    expect(actionsFor(c, campaign({ season: 'winter' }))).toBe(1)
    expect(actionsFor(c, campaign({ season: 'summer', location: 'washington', side: 'USA' }))).toBe(3)
    expect(actionsFor(c, campaign({ actionBonus: 1 }))).toBe(3)
  })

  it('p.61 Sick Bay: even recovers, odd stays, 1 dies; the doctor gives two dice', () => {
    const camp = campaign()
    camp.personae[1]!.where = 'sickBay'
    camp.personae[2]!.where = 'sickBay'
    sickBay(
      ctx({ 'sick bay moser': 1, 'sick bay moser doctor': 4, 'sick bay baird': 1, 'sick bay baird doctor': 1 }),
      camp,
      AUTO_TIME,
    )
    expect(camp.personae.map((p) => [p.id, p.where])).toEqual([
      ['biederman', 'shop'],
      ['moser', 'shop'],
    ])
    expect(camp.funds).toBe(18)
  })

  it('p.61 Time: the Event Check, then the season moves on; Spring 1865 is the last', () => {
    const camp = campaign({ season: 'autumn' })
    expect(timePhase(ctx({ 'autumn 1862 event': 1 }), camp)).toBe(false)
    expect([camp.year, camp.season]).toEqual([1863, 'winter'])
    const last = campaign({ year: 1865, season: 'spring' })
    expect(timePhase(ctx({ 'spring 1865 event': 1 }), last)).toBe(true)
    expect(last.ended).toBe('the war ends')
  })

  it('p.62 Epidemic: Sick Bay is emptied first; a 2 sends two to Sick Bay, an investor too, and one of them dies', () => {
    const camp = campaign()
    camp.personae[2]!.where = 'sickBay'
    epidemicCheck(ctx({ 'spring 1862 epidemic': 7, 'epidemic victim 1': 2, 'epidemic death': 1 }), camp)
    expect(camp.personae.map((p) => [p.id, p.where])).toEqual([['biederman', 'sickBay']])
  })

  it('p.62 Epidemic: the last hand left is the victim without a die (no one-sided roll)', () => {
    const camp = campaign()
    camp.personae = camp.personae.slice(1, 2)
    // Only the epidemic roll is given: a die for the victim would find no value.
    epidemicCheck(ctx({ 'spring 1862 epidemic': 7 }), camp)
    expect(camp.personae.map((p) => p.id)).toEqual([])
  })

  it('p.42 Alert Check: -1 with 12 parts in the shop, -1 for a loss (synthetic table)', () => {
    const camp = campaign({ lost: 1 })
    alertCheck(ctx({ a: 7 }), camp, 'a')
    expect(camp.alert).toBe(0)
    alertCheck(ctx({ a: 9 }), camp, 'a')
    expect(camp.alert).toBe(1)
  })
})

describe('Infernal Machine campaign actions (p.47-61)', () => {
  const hull = { ...seaworthyHull(), sell: [] }

  it("p.47 Build: within the shop's expertise, paid part by part with Prices (CSA); at most 6 parts", () => {
    const camp = campaign({ funds: 40, prices: 1 })
    expect(build(ctx(), camp, hull)).toBeNull()
    expect(camp.funds).toBe(40 - (3 + 4 + 3 + 4 + 3 + 6) - 6)
    expect(seaworthy(ctx(), camp)).toBe(true)
    expect(
      build(ctx(), campaign({ funds: 99 }), {
        tiles: ['section', 'section', 'section', 'section', 'section', 'section', 'section'],
        parts: [],
        sell: [],
      }),
    ).toBe('at most 6 parts a Build')
    expect(build(ctx(), campaign({ funds: 99 }), { tiles: [], parts: [['magnetic-engine', 0]], sell: [] })).toBe(
      'Magnetic Engine needs expertise 6, the shop has 5',
    )
  })

  it('p.47 only one prow; a Wreck in play forbids building', () => {
    const camp = campaign({ funds: 99 })
    build(ctx(), camp, hull)
    expect(build(ctx(), camp, { tiles: ['chisel-prow'], parts: [], sell: [] })).toBe('only one prow')
    expect(build(ctx(), campaign({ wreck: true }), hull)).toBe('a Wreck is in play: salvage or abandon it first')
  })

  it('p.50 Change Location: cost by parts kept, an Alert Check, the Action Phase ends', () => {
    const camp = campaign({ boat: { tiles: ['needle-prow', 'section', 'chisel-stern'], parts: [['hatch', 1]] } })
    expect(changeLocation(ctx({ 'spring 1862 relocation alert': 5 }), camp, 'selma')).toBeNull()
    expect([camp.location, camp.funds, camp.actionsLeft]).toEqual(['selma', 17, 0])
  })

  it('p.52 Commission: 2d10 + 2 seaworthy + 1 per investor against the table', () => {
    const camp = campaign({ side: 'USA', location: 'boston', boat: { tiles: hull.tiles, parts: hull.parts } })
    camp.personae[0] = { id: 'halsted', where: 'shop' }
    const c = ctx({ 'commission die 1': 6, 'commission die 2': 5 })
    commission(c, camp)
    // No persona of expertise 3+, 6 parts: 19; 11 + 2 + 1 + 2 (Halsted) = 16.
    expect(c.notes[0]!.text).toBe('Commission: 6+5 +5 = 16 against 19: refused')
    expect(camp.commissioned).toBe(false)
  })

  it("p.53 Contract: the personae's expertise must reach it; they leave until the marker's season", () => {
    const camp = campaign()
    expect(contract(ctx(), camp, 'c5', ['baird'])).toBe('contract c5 needs expertise 4')
    expect(contract(ctx(), camp, 'c2', ['moser'])).toBeNull()
    expect(camp.contracts).toEqual([{ id: 'c2', pay: 2, expires: 'winter 1863', personae: ['moser'] }])
  })

  it('p.54 Investment: a $5 stake at 8 returns $10; Shenanigans on "!" may cost an investor', () => {
    const camp = campaign()
    invest(ctx({ 'spring 1862 investment': 8 }), camp, 5, false)
    expect(camp.funds).toBe(25)
    const risky = campaign({ funds: 20 })
    invest(ctx({ 'spring 1862 investment': 10, shenanigans: 3, 'shenanigans investor': 1 }), risky, 20, false)
    expect([risky.funds, risky.personae.map((p) => p.id)]).toEqual([50, ['moser', 'baird']])
  })

  it('p.55 Letter of Marque: d10 + 1 per investor against the table (paid $10, TL 0: 12)', () => {
    const camp = campaign({ funds: 40 })
    letter(ctx({ 'letter of marque': 10 }), camp, 'marque', 10)
    expect([camp.marque, camp.funds]).toEqual([false, 30])
    letter(ctx({ 'letter of marque': 10 }), camp, 'marque', 15)
    expect(camp.marque).toBe(true)
  })

  it("p.60 Recruit: the location's count of cards, those kept paid for, and the Training Level drops", () => {
    const camp = campaign({ training: 2 })
    camp.decks.journeyman = { drawPile: ['doyle', 'snow', 'connor'], discards: [], reshuffles: 0 }
    recruit(ctx(), camp, 'journeyman', (id) => id === 'snow')
    expect([camp.personae.map((p) => p.id), camp.funds, camp.training]).toEqual([
      ['biederman', 'moser', 'baird', 'snow'],
      19,
      1,
    ])
    expect(camp.decks.journeyman).toEqual({ drawPile: ['connor'], discards: ['doyle'], reshuffles: 0 })
    expect(recruit(ctx(), camp, 'sailor', () => true)).toBe('Sailors need a commission or a Letter of Recruitment')
  })

  it('p.61 Salvage: only with a Wreck; pay by the parts kept', () => {
    expect(salvage(ctx(), campaign(), [])).toBe('no Wreck marker in play')
    const camp = campaign({ wreck: true, boat: { tiles: hull.tiles, parts: hull.parts } })
    salvage(ctx(), camp, ['needle-prow', 'hatch', 'propeller', 'chisel-stern'])
    expect([camp.wreck, camp.funds, camp.boat.tiles, camp.boat.parts.map(([id]) => id)]).toEqual([
      false,
      17,
      ['needle-prow', 'chisel-stern'],
      ['hatch', 'propeller'],
    ])
  })
})
