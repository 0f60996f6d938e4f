// Sides and captains (rulings RC-91 to RC-94) on the ruleset as the judge holds it: the
// roles a game gets from its scenario and the option `captains`, a captain's lines for his own ships
// only, the fleet's lines for the senior captain, the captains' orders merged for the side, the
// questions and the narrative routed to captains, and each captain's report and order form.
import { describe, expect, it } from 'vitest'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { testApp } from '../helpers/app.ts'
import { calm, dice } from './play.ts'

const rules = riverCoastalFactory.create(riverCoastalFactory.defaultPack())
const CAPTAINS = ['usawest', 'usaeast', 'csaflag', 'csarams']
const opening = (): RiverState =>
  rules.setup('above-the-bluffs', { captains: '2' }, riverCoastalFactory.defaultPack(), calm()) as RiverState
/** Past the hidden deployment, every ship in its scenario place. */
const atMove1 = () => rules.resolve(opening(), { orders: {}, decisions: {} }, dice()).state as RiverState
const players = (roles: readonly string[]) =>
  roles.map((role) => ({ role, address: `${role}@example.test`, name: `Captain ${role}` }))

describe('ruling RC-91: the roles of a game come from its scenario and the option captains', () => {
  it('Above the Bluffs with captains=2 has two captains a side; without it (or with 1) one player a side', () => {
    expect(rules.rolesFor?.('above-the-bluffs', { captains: '2' })).toEqual(CAPTAINS)
    expect(rules.rolesFor?.('above-the-bluffs', { captains: 2 })).toEqual(CAPTAINS)
    expect(rules.rolesFor?.('above-the-bluffs', {})).toEqual(['usa', 'csa'])
    expect(rules.rolesFor?.('above-the-bluffs', { captains: '1' })).toEqual(['usa', 'csa'])
    expect(rules.roles).toEqual(['usa', 'csa'])
    // digest §6.2: Passing the Fort's Union monitors and wooden ships, each a line ahead.
    expect(rules.rolesFor?.('passing-the-fort', { captains: '2' })).toEqual([
      'usairon',
      'usawood',
      'csaflag',
      'csaboats',
    ])
  })

  it("Passing the Fort: the flagship's nomination is the senior captain's, each side-wheeler's radius her captain's (RC-93)", () => {
    const s = rules.setup('passing-the-fort', { captains: '2' }, riverCoastalFactory.defaultPack(), calm())
    const asked = rules.awaiting(s).filter((a) => a.kind === 'decision')
    expect(asked.map((a) => [a.role, a.kind === 'decision' && a.decisionId])).toEqual([
      ['usawood', 'RADIUS-META'],
      ['csaboats', 'RADIUS-GAIN'],
      ['csaboats', 'RADIUS-SELM'],
      ['usairon', 'FLAGSHIP-USA'],
    ])
  })

  it('a bad value, or captains for a scenario that divides no side, is refused with the values allowed', () => {
    expect(() => rules.rolesFor?.('above-the-bluffs', { captains: '3' })).toThrow(
      'option captains: Above the Bluffs gives a side 1 or 2 captains, so captains=1 or captains=2, not "3"',
    )
    expect(() => rules.rolesFor?.('above-the-bluffs', { captains: 'two' })).toThrow(/not "two"/)
    expect(() => rules.rolesFor?.('plymouth-boom', { captains: '2' })).toThrow(
      'option captains: The Boom at Plymouth has one captain a side, so captains=1, not "2"',
    )
  })

  it('the judge creates a game only with one player for each captain of the scenario and option', () => {
    const app = testApp('rc-captains-create')
    try {
      const create = (game: string, roles: readonly string[], options: Record<string, string>) =>
        app.judge.createGame({
          game,
          ruleset: 'river-coastal',
          scenario: 'above-the-bluffs',
          players: players(roles),
          options,
          zone: 'UTC',
        })
      expect(() => create('cap1', ['usa', 'csa'], { captains: '2' })).toThrow(
        'unknown role "usa": ACW River and Coastal Naval Actions has the roles usawest, usaeast, csaflag, csarams',
      )
      expect(() => create('cap2', CAPTAINS, { captains: '3' })).toThrow(/option captains: .* not "3"/)
      expect(() => create('cap3', CAPTAINS, {})).toThrow(/unknown role "usawest"/)
      expect(Object.keys(create('cap4', CAPTAINS, { captains: '2' }).keys)).toEqual(CAPTAINS)
      expect([...app.judge.load('cap4').players.keys()]).toEqual(CAPTAINS)
    } finally {
      app.cleanup()
    }
  })
})

describe('ruling RC-92: a captain writes lines for his own ships only', () => {
  it("a line for a colleague's ship is refused by its number, naming whose ship she is", () => {
    const s = atMove1()
    const p = rules.parseOrders(s, 'usaeast', 'MOUN: SPEED 5\nCARO: SPEED 6\nSTLO: SPEED 5')
    expect(p.errors).toEqual([
      {
        line: 2,
        text: 'CARO: SPEED 6',
        message: "CARO is USS Carondelet of usawest's command (the west column): you order MOUN, STLO (ruling RC-92)",
        suggestion: 'usawest writes her line',
      },
    ])
    expect(p.normalised).toEqual(['MOUN: SPEED 5', 'STLO: SPEED 5'])
    // By her name too, and a directive or a policy for her.
    expect(rules.parseOrders(s, 'usaeast', 'Carondelet: SPEED 6').errors[0]?.message).toMatch(/^CARO is USS Carondelet/)
    expect(rules.parseOrders(s, 'usaeast', 'POLICY CINC ON NO-ORDERS: HOLD').errors[0]?.message).toMatch(
      /^POLICY CINC: CINC is USS Cincinnati of usawest's command/,
    )
    // The rules' own checks still run on his own lines, numbered as he wrote them.
    expect(rules.parseOrders(s, 'usaeast', 'CARO: SPEED 6\nMOUN: SPEED 12').errors.map((e) => e.line)).toEqual([1, 2])
  })

  it('the deployment lines of a captain are his own ships only', () => {
    const p = rules.parseOrders(opening(), 'csarams', 'MANS: AT 14,64 HEADING 180\nARKS: AT 24,66 HEADING 180')
    expect(p.errors.map((e) => [e.line, e.message])).toEqual([
      [2, "ARKS is CSS Arkansas of csaflag's command (the flagship): you order MANS, MORE (ruling RC-92)"],
    ])
  })
})

describe("ruling RC-93: the senior captain writes the fleet's lines and answers the side's questions", () => {
  it('FLEET SIGNAL, TRANSFER, POLICY ALL and a directive for a colleague are refused to the junior captain', () => {
    const s = atMove1()
    const junior = rules.parseOrders(
      s,
      'usaeast',
      'FLEET SIGNAL STLO FOLLOW MOUN 2\nTRANSFER MOUN\nPOLICY ALL ON NO-TARGET: NEAREST\nDIRECTIVE CINC HOLD\nDIRECTIVE STLO FOLLOW MOUN 3',
    )
    expect(junior.errors.map((e) => [e.line, e.message.split(':')[0]])).toEqual([
      [1, 'FLEET SIGNAL'],
      [2, 'TRANSFER'],
      [3, 'POLICY ALL'],
      [4, 'DIRECTIVE CINC'],
    ])
    expect(junior.errors[0]!.message).toContain('written by the senior captain, usawest (ruling RC-93)')
    const senior = rules.parseOrders(s, 'usawest', 'POLICY ALL ON NO-TARGET: NEAREST\nDIRECTIVE STLO FOLLOW MOUN 3')
    expect(senior.errors).toEqual([])
  })

  it("orders are awaited from each captain with a ship afloat; a ship's question goes to her captain", () => {
    const s = atMove1()
    const asked = rules.awaiting(s)
    expect(asked.filter((a) => a.kind === 'orders').map((a) => [a.role, a.label])).toEqual([
      ['usawest', 'Move 1 Union orders: CARO, CINC'],
      ['usaeast', 'Move 1 Union orders: MOUN, STLO'],
      ['csaflag', 'Move 1 Confederate orders: ARKS'],
      ['csarams', 'Move 1 Confederate orders: MANS, MORE'],
    ])
    // §7 L479: Governor Moore is a side-wheeler; her radius is asked of the captain of the rams.
    expect(
      asked.filter((a) => a.kind === 'decision').map((a) => [a.role, a.kind === 'decision' && a.decisionId]),
    ).toEqual([['csarams', 'RADIUS-MORE']])
    // The hidden deployment is asked of both Confederate captains.
    expect(rules.awaiting(opening()).map((a) => a.role)).toEqual(['csaflag', 'csarams'])
    // Once the west column is gone its captain writes no more, and the east column's is senior.
    s.ships.CARO!.status = 'sunk'
    s.ships.CINC!.status = 'sunk'
    expect(
      rules
        .awaiting(s)
        .filter((a) => a.kind === 'orders')
        .map((a) => a.role),
    ).toEqual(['usaeast', 'csaflag', 'csarams'])
    expect(rules.parseOrders(s, 'usaeast', 'POLICY ALL ON NO-TARGET: NEAREST').errors).toEqual([])
  })
})

describe("ruling RC-94: the captains' orders are the side's; each captain reads what his side reads", () => {
  it("both captains' lines are resolved together, and the side's narrative goes to each of its captains", () => {
    const s = atMove1()
    const west = rules.parseOrders(s, 'usawest', 'CARO: SPEED 6\nCINC: SPEED 6')
    const east = rules.parseOrders(s, 'usaeast', 'MOUN: SPEED 2\nSTLO: SPEED 2')
    const step = rules.resolve(s, { orders: { usawest: west.commands, usaeast: east.commands }, decisions: {} }, dice())
    const after = step.state as RiverState
    expect([
      after.ships.CARO!.speed,
      after.ships.CINC!.speed,
      after.ships.MOUN!.speed,
      after.ships.STLO!.speed,
    ]).toEqual([6, 6, 2, 2])
    const roles = new Set(step.narrative.flatMap((n) => (n.audience.kind === 'roles' ? n.audience.roles : [])))
    // The side's secrets (the Confederates' helm notes here) reach every captain of the side, and no role
    // outside the game is named.
    expect(roles.has('csaflag') && roles.has('csarams')).toBe(true)
    expect([...roles].every((r) => CAPTAINS.includes(r))).toBe(true)
    for (const n of step.narrative)
      if (n.audience.kind === 'roles')
        expect(n.audience.roles.sort()).toSatisfy(
          (r: string[]) => r.join() === 'usaeast,usawest' || r.join() === 'csaflag,csarams',
        )
  })

  it("a captain's report shows his own ships to order and his colleague's as friends; the view is the side's", () => {
    const s = atMove1()
    const model = rules.reportModel(s, { kind: 'role', role: 'usaeast' }) as {
      rc: { own: { id: string }[]; friends: { id: string; by: string }[]; captain: string }
      orderForm: string[]
    }
    expect(model.rc.own.map((x) => x.id)).toEqual(['MOUN', 'STLO'])
    expect(model.rc.friends.map((x) => [x.id, x.by])).toEqual([
      ['CARO', 'usawest'],
      ['CINC', 'usawest'],
    ])
    expect(model.rc.captain).toMatch(/^You are usaeast, a USA captain commanding the east column \(MOUN, STLO\)/)
    expect(model.orderForm.filter((l) => /^[A-Z]{4}: /.test(l))).toEqual(['MOUN: SPEED 4', 'STLO: SPEED 4'])
    expect(model.orderForm.slice(0, 2)).toEqual([
      '# usaeast: lines for your own ships only (MOUN, STLO), ruling RC-92',
      "# FLEET SIGNAL, TRANSFER, POLICY ALL and directives for other ships are usawest's, the senior captain (RC-93)",
    ])
    // The captain's view is the side's, plus which ships are his (what the house captain orders).
    const { captain, ...side } = rules.view(s, { kind: 'role', role: 'usaeast' })
    expect(side).toEqual(rules.view(s, { kind: 'role', role: 'usa' }))
    expect(captain).toEqual({ ships: ['MOUN', 'STLO'], senior: false })
  })
})

describe("ruling RC-95: two captains' hidden deployments in the same water", () => {
  it("the senior captain's ship is placed first; a junior's ship that would touch her keeps her default place", () => {
    const s = opening()
    const flag = rules.parseOrders(s, 'csaflag', 'ARKS: AT 24,66 HEADING 180')
    const rams = rules.parseOrders(s, 'csarams', 'MANS: AT 24,66 HEADING 180\nMORE: AT 36,64 HEADING 180')
    expect([...flag.errors, ...rams.errors]).toEqual([])
    const step = rules.resolve(s, { orders: { csarams: rams.commands, csaflag: flag.commands }, decisions: {} }, dice())
    const ships = (step.state as RiverState).ships
    expect(ships.ARKS!.pose.pos).toEqual({ x: 24_000, y: 66_000 })
    expect(ships.MANS!.pose.pos).toEqual({ x: 16_000, y: 60_000 })
    expect(ships.MORE!.pose.pos).toEqual({ x: 36_000, y: 64_000 })
    const deployed = step.narrative.find((n) => n.text.startsWith('Deployed: '))!
    expect(deployed.audience).toEqual({ kind: 'roles', roles: ['csaflag', 'csarams'] })
  })
})
