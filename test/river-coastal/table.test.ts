// The random table of rulebook §5 (L239-389) as pre-game questions between resolutions (digest §1.2
// P2-P5, ruling RC-57), and the side-wheeler's radius (§7 L479, digest §1.2 P7).
import { describe, expect, it } from 'vitest'
import { canSee as audienceAllows } from '../../src/games/contract.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { csa, dice, play, ruleset, usa } from './play.ts'

const packData = riverCoastalFactory.defaultPack()
/** The cards left in the pack's order (FORT or ISLAND_FORT, TOWN, PORT, ISLANDS, STRAIGHT_BARS, CURVED_BARS). */
const unshuffled = Object.fromEntries([1, 2, 3, 4, 5].map((i) => [`table:cards ${i}`, i + 1]))
const table = (scenario = 'random-river', forced: Record<string, number | number[]> = {}) => {
  const d = dice({ ...unshuffled, ...forced })
  return { s: ruleset.setup(scenario, {}, packData, d) as RiverState, d }
}
const lay = (s: RiverState, decisions: Record<string, string> = {}) =>
  ruleset.resolve(s, { orders: {}, decisions }, dice())
const knots = (s: RiverState) => s.table!.layout!.current.map((c) => c.knots)

describe('§5 L249-307 the set-up throws, before anyone is asked', () => {
  it('§5 L249 every roll-off and the dice its winner throws are thrown openly at set-up; equal throws go again', () => {
    const { s, d } = table('random-river', {
      'table:mines:1:USA': 4,
      'table:mines:1:CSA': 4,
      'table:mines:2:USA': 2,
      'table:mines:2:CSA': 5,
    })
    expect(s.phase).toBe('table')
    expect(s.table!.draw).toMatchObject({
      cards: ['FORT', 'TOWN', 'PORT', 'ISLANDS', 'STRAIGHT_BARS', 'CURVED_BARS'],
      mines: 'CSA',
    })
    const thrown = d.rolls.filter((r) => r.label.startsWith('table:'))
    expect(thrown.length).toBeGreaterThan(20)
    expect(thrown.every((r) => r.audience.kind === 'public')).toBe(true)
    expect(ruleset.turnLabel(ruleset.turnOf(s))).toBe('Before the battle')
  })

  it('§5 L277 each square’s placer is asked where its feature goes; the minefields’ layer how he lays them; a fort costs the Confederates a ship and §9 L901 its guns are his to place', () => {
    const { s } = table()
    const asks = ruleset.awaiting(s)
    const draw = s.table!.draw
    expect(asks.map((a) => (a.kind === 'decision' ? [a.decisionId, a.role, a.defaultOption] : []))).toEqual([
      ...draw.placers.map((p, i) => [`PLACE-${i + 1}`, p, 'MIDDLE']),
      ['MINES', draw.mines, 'REAL 14,36 DUMMY 34,36'],
      ['LEAVE-CSA', 'CSA', 'MORE'],
      // §9 L901: where the thrown guns stand, the Confederates' to write
      ['FORT-GUNS', 'CSA', 'G1 1 G2 2 G3 3 G4 4 G5 5 G6 6 CPV 2,2,2,2,1,1 COMMANDER 1'],
    ])
    // the flagship is never the one left out
    const leave = asks.at(-2)!
    expect(leave.kind === 'decision' && leave.options.map((o) => o.id)).toEqual(['MANS', 'MORE'])
  })

  it('§5 L263 with the answers the table is laid: the fort on its bank, the chosen ship stays away, the objective cards come next', () => {
    const { s } = table()
    const step = lay(s, { 'PLACE-1': 'UPSTREAM', 'LEAVE-CSA': 'MANS' })
    const st = step.state
    expect(st.ships.MANS).toBeUndefined()
    expect(st.table!.layout!.forts.map((f) => [f.id, f.name, f.side])).toEqual([['FORT', 'the Shore Fort', 'CSA']])
    // square 1 (x 4-24, y 48-72) lies on the west bank: the fort 1" wide on it, at the upstream end (y 64)
    expect(st.table!.layout!.forts[0]!.polygon[0]).toEqual({ x: 2500, y: 62000 })
    expect(st.forts.FORT!.commander.alive).toBe(true)
    expect(st.phase).toBe('objectives')
    expect(ruleset.awaiting(st).map((a) => (a.kind === 'decision' ? a.decisionId : ''))).toEqual([
      'OBJECTIVES-USA',
      'OBJECTIVES-CSA',
    ])
    expect(step.narrative.map((n) => n.text)).toContain(
      `${s.table!.draw.placers[0]} places FORT at the upstream end of square 1`,
    )
  })

  it('§5 L267 ruling RC-57 a feature in an east-bank square is drawn mirrored: the islands of square 4 at its upstream end', () => {
    const st = lay(table().s, { 'PLACE-4': 'UPSTREAM' }).state
    const islands = st.table!.layout!.land.filter((l) => l.id.startsWith('sq4-'))
    expect(islands.map((l) => l.polygon[0])).toEqual([
      { x: 41500, y: 38000 },
      { x: 31500, y: 38000 },
    ])
  })
})

describe('§5 L291-307, L355-385 current, depth and tide', () => {
  it('§5 L291-301 the current: the die less 3, 2, 1, 2, 3 across the river (a 6 gives 3, 4, 5, 4, 3); never below 0', () => {
    expect(knots(lay(table('random-river', { 'table:current': 6 }).s).state)).toEqual([3, 4, 5, 4, 3])
    expect(knots(lay(table('random-river', { 'table:current': 2 }).s).state)).toEqual([0, 0, 1, 0, 0])
  })

  it('§5 L355-359 a tidal estuary: squares 1-2 two knots less, 3-4 one less, 5-6 slack', () => {
    const st = lay(table('random-estuary', { 'table:current': 6 }).s).state
    // lane by lane, west to east: rows 1-2, 3-4, 5-6
    expect(knots(st)).toEqual([1, 2, 0, 2, 3, 0, 3, 4, 0, 2, 3, 0, 1, 2, 0])
  })

  it('§5 L303, L377-385 the depth: 3D6 feet in a river, 4D6 and 2D6 of tide in an estuary (full in squares 5-6, half in 3-4)', () => {
    const river = table('random-river', { 'table:depth:1': 1, 'table:depth:2': 2, 'table:depth:3': 3 }).s
    expect(river.table!.draw.depthFt).toBe(6)
    const depth = (s: RiverState, sq: number) =>
      lay(s).state.table!.layout!.hazards.find((h) => h.id === `sq${sq}-depth`)!.depth
    expect(depth(river, 1)).toBe(60)
    const estuary = table('random-estuary', {
      'table:depth:1': 2,
      'table:depth:2': 2,
      'table:depth:3': 2,
      'table:depth:4': 2,
      'table:tide:1': 3,
      'table:tide:2': 2,
    }).s
    expect([1, 3, 5].map((sq) => depth(estuary, sq))).toEqual([80, 100, 130])
  })

  it('§5 L271-273 each sandbar card’s two bars take a D6 of depth each: a ship drawing that much sticks on them', () => {
    const st = lay(table('random-river', { 'table:bar:6:1': 2 }).s).state
    expect(st.table!.layout!.hazards.find((h) => h.id === 'sq6-bar1')).toMatchObject({ kind: 'sandbar', depth: 20 })
  })
})

describe('§5 L283 minefields, laid in secret', () => {
  const setupFor = () => {
    const { s } = table('random-river', {
      'table:mines:1:USA': 6,
      'table:mines:1:CSA': 1,
    })
    return s
  }

  it('§5 L283 the answer is checked: one real and one dummy 4" field on the water, apart', () => {
    const s = setupFor()
    const q = ruleset.awaiting(s).find((a) => a.kind === 'decision' && a.decisionId === 'MINES')!
    if (q.kind !== 'decision') throw new Error('no question')
    expect(q.role).toBe('USA')
    expect(ruleset.parseAnswer!(s, q, 'real 20,30 dummy 30,50')).toEqual({ answer: 'REAL 20,30 DUMMY 30,50' })
    expect(ruleset.parseAnswer!(s, q, 'REAL 20,30')).toEqual({ error: 'lay 1 real and 1 dummy fields (§5 L283, L345)' })
    expect(ruleset.parseAnswer!(s, q, 'REAL 5,30 DUMMY 30,50')).toEqual({
      error: 'a field centred at 5,30 is not all on the water (x 6 to 42)',
    })
    expect(ruleset.parseAnswer!(s, q, 'REAL 20,30 DUMMY 22,31')).toEqual({
      error: 'the fields at 20,30 and 22,31 overlap',
    })
  })

  it('§5 L283 the fields are on both plots; which is real only its layer knows, and its ids follow the places, not the answer', () => {
    const step = lay(setupFor(), { MINES: 'REAL 30,50 DUMMY 20,30' })
    const fields = step.state.table!.layout!.minefields
    expect(fields.map((f) => [f.id, f.owner, f.real])).toEqual([
      ['field-1', 'USA', false],
      ['field-2', 'USA', true],
    ])
    const forCsa = step.narrative.filter((n) => audienceAllows(csa, n.audience)).map((n) => n.text)
    expect(forCsa).toContain('USA lays minefields centred at 20,30 and 30,50')
    expect(forCsa.some((t) => /real/i.test(t))).toBe(false)
    const csaView = ruleset.view(step.state, csa) as { minefields: { id: string; real?: boolean }[] }
    expect(csaView.minefields).toEqual([
      { id: 'field-1', owner: 'USA' },
      { id: 'field-2', owner: 'USA' },
    ])
    const usaView = ruleset.view(step.state, usa) as { minefields: { real?: boolean }[] }
    expect(usaView.minefields.map((m) => m.real)).toEqual([false, true])
  })
})

describe('§7 L479 the side-wheeler’s radius', () => {
  const fresh = () => ruleset.setup('passing-the-fort', {}, packData, dice())

  it('digest §1.2 P7 each side is asked, with its move-1 orders, the radius of each side-wheeler; her class radius by default', () => {
    const q = ruleset.awaiting(fresh()).find((a) => a.kind === 'decision' && a.decisionId === 'RADIUS-META')!
    expect(q).toMatchObject({ role: 'USA', defaultOption: '5' })
    expect(q.kind === 'decision' && q.options.map((o) => o.id)).toEqual(['5', '7', '9'])
  })

  it('§7 L479 the answer stands all game: orders are checked against it, and only her side is told', () => {
    const step = ruleset.resolve(fresh(), { orders: {}, decisions: { 'RADIUS-META': '9', 'RADIUS-GAIN': '4' } }, dice())
    expect(step.state.ships.META!.radius).toBe(9000)
    expect(step.state.ships.GAIN!.radius).toBe(7000)
    const told = step.narrative.find((n) => n.text === 'USS Metacomet turns on a 9" radius')!
    expect(told.audience).toEqual({ kind: 'roles', roles: ['USA'] })
    expect(ruleset.parseOrders(step.state, 'USA', 'META: SPEED 8; TURN PORT 60').errors[0]!.message).toBe(
      'TURN PORT 60: this class turns at most 50 at speed 8 (radius 9", §7 L471)',
    )
    expect(ruleset.awaiting(step.state).some((a) => a.kind === 'decision')).toBe(false)
    expect(play(step.state, {}).state.ships.META!.radius).toBe(9000)
  })
})
