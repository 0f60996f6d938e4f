import { describe, expect, it } from 'vitest'
import { orderErrors } from '../../src/games/infernal-machine/crewOrders.ts'
import {
  applyDoctrine,
  DEFAULT_DOCTRINE,
  routeManeuver,
  setupChoices,
} from '../../src/games/infernal-machine/doctrine.ts'
import { parseImOrders } from '../../src/games/infernal-machine/orders.ts'
import { AUTO_SETUP, setupMission } from '../../src/games/infernal-machine/mission.ts'
import { maneuver } from '../../src/games/infernal-machine/navigation.ts'
import { purchaseOrder, purchaseOrderResult, requisition } from '../../src/games/infernal-machine/purchaseOrder.ts'
import { build, invest } from '../../src/games/infernal-machine/shopActions.ts'
import { campaign, ctx, pack, standardBoat, trainingMission } from './helpers.ts'

const shuffles = { label: /deck shuffle/, values: Array(60).fill(1) }
const conditions = [
  { label: 'setup visibility', values: 2 },
  { label: 'setup drift', values: 7 },
  { label: 'setup atmospherics', values: 6 },
  { label: 'setup drift direction', values: 4 },
  shuffles,
]
const start = (training: number) => ({
  side: 'CSA' as const,
  season: 'spring' as const,
  board: 'training',
  launch: 'wharf',
  type: 'training' as const,
  boat: standardBoat(0),
  pool: { black: 0, red: 0 },
  alert: 0,
  training,
})

describe('Infernal Machine: rules around the edges', () => {
  it('p.19 Training Benefit at TL 2+: +1 strength lifts the base grade (5+1 against 3: B)', () => {
    const m = setupMission(ctx(conditions), start(2), { ...AUTO_SETUP, benefit: () => 'strength' })
    expect([m.baseGrade, m.benefitStrength]).toEqual(['B', 1])
    const low = setupMission(ctx(conditions), start(1), { ...AUTO_SETUP, benefit: () => 'strength' })
    expect(low.baseGrade).toBe('C')
  })

  it('p.19 Operator benefit gives a crewman the mechanical skill for the mission (ruling IM-26)', () => {
    const m = setupMission(ctx(conditions), start(2), { ...AUTO_SETUP, benefit: () => 'operator:baird' })
    const order = { baird: { kind: 'mech' as const, mechanism: 'ballastTank' as const } }
    expect(orderErrors(pack, m.boat, order)).toEqual(['Baird has no mechanical skill'])
    m.boat.crew[1]!.space = 2
    expect(orderErrors(pack, m.boat, order, m.extraSkills)).toEqual([])
  })

  it('p.17 Slack Water placed at a chosen depth of the Navigation deck for 2 Red', () => {
    const m = setupMission(ctx(conditions), start(0), { ...AUTO_SETUP, slackDepth: () => 3 })
    expect(m.navDeck.drawPile.indexOf('SLACK')).toBe(2)
    expect(m.pool.red).toBe(5)
  })

  it('p.56 a training mission may not enter a position under Enemy Eyes', () => {
    const m = trainingMission({
      board: 'charleston',
      position: 'back-bay',
      launch: 'mount-pleasant',
      noEnemyWaters: true,
    })
    m.boat.crew[0]!.order = { kind: 'steer' }
    expect(() => maneuver(ctx(), m, { to: 'maffitts' })).toThrow('maffitts is under Enemy Eyes: not on this mission')
  })

  it('p.54 Blind Alley: a CSA player with no investor adds Prices to an even roll, takes them from an odd one', () => {
    const camp = campaign({ prices: 2 })
    camp.personae = camp.personae.filter((p) => p.id !== 'biederman')
    invest(ctx({ 'spring 1862 investment': 4 }), camp, 5, false)
    expect(camp.funds).toBe(20 - 5 + 7)
  })

  it('p.54 Sure Bet counts only investors in play, not those on a contract', () => {
    const camp = campaign({ funds: 20 })
    camp.personae = [
      { id: 'biederman', where: 'shop' },
      { id: 'price', where: 'shop' },
      { id: 'smith', where: 'contract' },
    ]
    const c = ctx({ 'spring 1862 investment': 5 })
    invest(c, camp, 5, false)
    expect(c.notes[0]!.text).toBe('Investment: $5 at 5: 4')
  })

  it('p.48 Purchase Order Table: 2d10 by parts ordered; L lost, R rejected', () => {
    const c = ctx()
    expect(purchaseOrderResult(c, 1, 2)).toEqual({ delay: 2 })
    expect(purchaseOrderResult(c, 3, 2)).toBe('lost')
    expect(purchaseOrderResult(c, 6, 6)).toBe('lost')
    expect(purchaseOrderResult(c, 6, 4)).toBe('rejected')
    expect(purchaseOrderResult(c, 5, 20)).toEqual({ delay: 0 })
    const camp = campaign({ side: 'USA', commissioned: true, funds: 10 })
    const r = purchaseOrder(
      ctx({ 'purchase order die 1': 2, 'purchase order die 2': 3 }),
      camp,
      ['hatch', 'propeller', 'snorkel'],
      false,
      1,
    )
    // 5 + 1 investor + 1 Greased Wheels = 7: three parts, one season's delay.
    expect([r, camp.funds]).toEqual([{ delay: 1 }, 5])
  })
})

describe('Infernal Machine: Purchase Orders for a commissioned USA boat (p.48-49)', () => {
  it('p.48 a requisition waits for its season; a later Build collects the arrived parts free', () => {
    const camp = campaign({ side: 'USA', commissioned: true, location: 'washington', funds: 3 })
    expect(
      requisition(
        ctx({ 'purchase order die 1': 4, 'purchase order die 2': 3 }),
        camp,
        ['needle-prow', 'section', 'chisel-stern'],
        0,
      ),
    ).toBeNull()
    // 7 + 1 investor = 8: three parts, one season.
    expect(camp.purchase).toEqual({
      parts: ['needle-prow', 'section', 'chisel-stern'],
      due: 'summer 1862',
      dueTurn: 1862 * 4 + 2,
    })
    expect(requisition(ctx(), camp, ['hatch'], 0)).toBe('one Purchase Order may be open at a time')
    const early = build(ctx(), camp, { tiles: ['needle-prow'], parts: [], sell: [] })
    expect(early).toBe('a commissioned boat is built from parts a Purchase Order delivered; not arrived: needle-prow')
    camp.season = 'summer'
    expect(build(ctx(), camp, { tiles: ['needle-prow', 'section'], parts: [], sell: [] })).toBeNull()
    expect([camp.funds, camp.boat.tiles, camp.purchase?.parts]).toEqual([
      3,
      ['needle-prow', 'section'],
      ['chisel-stern'],
    ])
  })

  it('p.48 Persistence: 3 Black cubes buy +1 when it reaches a better cell, and only then', () => {
    const dice = { 'purchase order die 1': 4, 'purchase order die 2': 3 }
    const camp = campaign({ side: 'USA', commissioned: true, location: 'washington', pool: { black: 3, red: 0 } })
    // 7 + 1 investor = 8 (one season); with Persistence 9 (delivered at once).
    expect(requisition(ctx(dice), camp, ['needle-prow', 'section', 'chisel-stern'], 0, 'cubes')).toBeNull()
    expect([camp.purchase?.dueTurn, camp.pool.black]).toEqual([1862 * 4 + 1, 0])
    const again = campaign({ side: 'USA', commissioned: true, location: 'washington', pool: { black: 3, red: 0 } })
    // 2 + 2 + 1 = 5 and 6 both give one season: the cubes stay in the Fate Pool.
    const low = { 'purchase order die 1': 2, 'purchase order die 2': 2 }
    expect(requisition(ctx(low), again, ['needle-prow', 'section', 'chisel-stern'], 0, 'cubes')).toBeNull()
    expect([again.purchase?.dueTurn, again.pool.black]).toEqual([1862 * 4 + 2, 3])
  })

  it('p.48 REQUISITION takes PERSIST CUBES|ACTION last, after GREASE', () => {
    const ok = parseImOrders(pack, 'REQUISITION hatch propeller GREASE 1 PERSIST CUBES')
    expect(ok.errors).toEqual([])
    expect(ok.commands[0]).toEqual({ kind: 'requisition', parts: ['hatch', 'propeller'], grease: 1, persist: 'cubes' })
    const bad = parseImOrders(pack, 'REQUISITION hatch PERSIST MAYBE')
    expect(bad.errors[0]?.message).toBe('unknown persist MAYBE')
  })

  it('p.49 a lost order is gone; a rejection sends the shop to Washington', () => {
    const camp = campaign({ side: 'USA', commissioned: true, location: 'boston', personae: [] })
    requisition(
      ctx({ 'purchase order die 1': 1, 'purchase order die 2': 1 }),
      camp,
      ['hatch', 'propeller', 'snorkel', 'shroud', 'airlock', 'diver'],
      0,
    )
    expect([camp.purchase, camp.location]).toEqual([undefined, 'washington'])
  })
})

describe('Infernal Machine: Rally markers (p.21)', () => {
  it('p.21 the Training Level, +1 for a Spirited Leadership crewman in or next to the Steering Link space', () => {
    const near = standardBoat(0)
    near.crew[3]!.id = 'tomb'
    expect(setupMission(ctx(conditions), { ...start(1), boat: near }).rally).toBe(2)
    const far = standardBoat(0)
    far.crew[3] = { ...far.crew[3]!, id: 'tomb', space: 3 }
    expect(setupMission(ctx(conditions), { ...start(1), boat: far }).rally).toBe(1)
  })
})

describe('Infernal Machine: a training boat drifted under Enemy Eyes (p.56)', () => {
  it('p.56 leaves at the first chance, whatever its route says', () => {
    const m = trainingMission({
      board: 'charleston',
      position: 'maffitts',
      launch: 'mount-pleasant',
      noEnemyWaters: true,
    })
    m.boat.crew[0]!.order = { kind: 'steer' }
    const d = { ...DEFAULT_DOCTRINE, route: [{ to: 'rattlesnake' }] }
    expect(routeManeuver(ctx(), m, d)).toEqual({ to: 'back-bay' })
  })
})

describe('Infernal Machine: set-up doctrine (digest 5.4, p.16-19)', () => {
  it('p.16-19 SHIFT after the roll, SLACK depth and BENEFIT are applied at mission set-up', () => {
    const p = parseImOrders(
      pack,
      'SHIFT DRIFT IF WEAK TO CALM\nSHIFT VISIBILITY IF BRIGHT TO DIM\nSLACK 3\nBENEFIT STRENGTH',
    )
    expect(p.errors).toEqual([])
    const d = applyDoctrine(DEFAULT_DOCTRINE, p.commands)
    const m = setupMission(ctx(conditions), start(2), setupChoices(d))
    expect([m.visibility, m.drift, m.navDeck.drawPile.indexOf('SLACK'), m.baseGrade, m.pool.red]).toEqual([
      'dim',
      'calm',
      2,
      'B',
      9,
    ])
  })

  it('p.16 in the campaign a shift may be paid with an Action instead of 2 Red', () => {
    const d = applyDoctrine(DEFAULT_DOCTRINE, parseImOrders(pack, 'SHIFT DRIFT IF WEAK TO CALM PAY ACTION').commands)
    let paid = 0
    const m = setupMission(
      ctx(conditions),
      start(0),
      setupChoices(d, () => ++paid === 1),
    )
    expect([m.drift, m.pool.red, paid]).toEqual(['calm', 3, 1])
  })

  it('digest 5.2 a shift is one step; a benefit names a persona on board', () => {
    const p = parseImOrders(pack, 'SHIFT DRIFT IF STRONG TO CALM\nBENEFIT OPERATOR:mozer')
    expect(p.errors.map((e) => [e.line, e.message, e.suggestion])).toEqual([
      [
        1,
        'shift one step: VISIBILITY IF BRIGHT TO DIM, DRIFT IF STRONG TO WEAK, DIRECTION IF EBB TO FLOOD',
        'write SHIFT VISIBILITY|DRIFT|DIRECTION IF <value> TO <value> [PAY RED|ACTION]',
      ],
      [2, 'unknown persona mozer', 'did you mean moser or doe?'],
    ])
  })
})
