import { describe, expect, it } from 'vitest'
import { canSee as audienceAllows, type Viewer } from '../../src/games/contract.ts'
import { LabelledDice } from '../../src/games/kit/spec.ts'
import { dragUnderJammed } from '../../src/games/river-coastal/collisions.ts'
import { commanded, shiftCommanders } from '../../src/games/river-coastal/commander.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'

const ruleset = riverCoastalFactory.create(riverCoastalFactory.defaultPack())
const dice = (forced: Record<string, number | number[]> = {}) =>
  new LabelledDice(Object.entries(forced).map(([label, values]) => ({ label, values })))
/** Set-up dice with every captain Intelligent (white 1), so that ships follow their written orders. */
const calm = (forced: Record<string, number | number[]> = {}) =>
  new LabelledDice([
    ...Object.entries(forced).map(([label, values]) => ({ label, values })),
    { label: /^(captain|commander):.*:white$/, values: Array(20).fill(1) },
  ])
/** Past the hidden deployment, every ship in its scenario place. */
const deployed = (s: RiverState): RiverState => ruleset.resolve(s, { orders: {}, decisions: {} }, dice()).state
const usa: Viewer = { kind: 'role', role: 'USA' }
const csa: Viewer = { kind: 'role', role: 'CSA' }

function play(
  state: RiverState,
  orders: { USA?: string; CSA?: string },
  forced: Record<string, number | number[]> = {},
) {
  const parsed = Object.fromEntries(
    (['USA', 'CSA'] as const).map((side) => {
      const p = ruleset.parseOrders(state, side, orders[side] ?? '')
      expect(p.errors).toEqual([])
      return [side, p.commands]
    }),
  )
  return ruleset.resolve(state, { orders: parsed, decisions: {} }, dice(forced))
}

describe('the River & Coastal ruleset, turn by turn', () => {
  it('offers both scenarios and waits for both sides’ orders each move', () => {
    expect(ruleset.scenarios.map((s) => [s.id, s.turns])).toEqual([
      ['passing-the-fort', '14 moves'],
      ['above-the-bluffs', '15 moves'],
    ])
    const s = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())
    expect(ruleset.awaiting(s).map((a) => a.role)).toEqual(['USA', 'CSA'])
    expect(ruleset.turnLabel(ruleset.turnOf(s))).toBe('Move 1')
  })

  it('§4 L157 captains are rolled at set-up on four dice, seen by their own side only', () => {
    const d = dice({
      'captain:TENN:white': 5,
      'captain:TENN:green': 1,
      'captain:TENN:red': 6,
      'captain:TENN:yellow': 3,
    })
    const s = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), d)
    expect(s.ships.TENN!.captain).toEqual({ quality: 'reckless', green: 3, red: -3, yellow: 2, alive: true })
    expect(d.rolls.find((r) => r.label === 'captain:TENN:white')!.audience).toEqual({ kind: 'roles', roles: ['CSA'] })
  })

  it('§7 one move: ordered speeds and turns are followed from the set-up positions, at the same time', () => {
    const s = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())
    const step = play(s, { USA: 'TECU: SPEED 8\nCHIC: SPEED 6; TURN STARBOARD 15 AT 3', CSA: 'TENN: SPEED 2' })
    const ships = step.state.ships
    expect([ships.TECU!.pose.pos, ships.TECU!.pose.heading]).toEqual([{ x: 34000, y: 20000 }, 0])
    expect(ships.CHIC!.pose.heading).toBe(1500)
    // Tennessee steams downstream at 2 knots with a 2-knot current behind her: 4" (§7 L459)
    expect(ships.TENN!.pose.pos).toEqual({ x: 27000, y: 38000 })
    expect(step.state.move).toBe(2)
    expect(step.label).toBe('Move 1')
  })

  it('§9 L537 hidden deployment in fog: neither side sees the other, and the views and plots say nothing of it', () => {
    const fog = { 'weather:fog': 3, 'weather:fog:1': 4, 'weather:fog:2': 4 }
    const s = deployed(ruleset.setup('above-the-bluffs', {}, riverCoastalFactory.defaultPack(), calm(fog)))
    expect(s.fog).toBe(8000)
    expect(s.seen).toEqual({ USA: [], CSA: [] })
    const view = ruleset.view(s, usa) as { ships: { id: string }[]; minefields: { real?: boolean }[] }
    expect(view.ships.map((x) => x.id)).toEqual(['CARO', 'CINC', 'MOUN', 'STLO'])
    expect(view.minefields.every((m) => m.real === undefined)).toBe(true)
    const plot = ruleset.figures!(s, usa, [])[0]!.svg
    expect(plot).toContain('CARO')
    expect(plot).not.toContain('ARKS')
    const step = play(s, { CSA: 'ARKS: SPEED 2' })
    const csaOnly = step.narrative.filter((e) => !audienceAllows(usa, e.audience))
    expect(step.narrative.filter((e) => audienceAllows(usa, e.audience)).some((e) => /Arkansas/.test(e.text))).toBe(
      false,
    )
    expect(csaOnly.every((e) => audienceAllows(csa, e.audience))).toBe(true)
    // §9 L589: fog thins by a quarter: 8" -> 10"
    expect(step.state.fog).toBe(10000)
  })

  it('§9 an enemy in sight is shown without its hull points or crew; own ships in full', () => {
    const s = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())
    const view = ruleset.view(s, usa) as { ships: { id: string; spv?: number }[] }
    expect(view.ships.find((x) => x.id === 'TENN')).not.toHaveProperty('spv')
    expect(view.ships.find((x) => x.id === 'TECU')!.spv).toBe(210)
  })

  it('§9 L593-611 guns fire at the end of movement: Galena’s bow pivot hits Tennessee bow-on (-1) for half on her sloped armour', () => {
    const s = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())
    // Galena at (30,10) stops short of the torpedo line; Tennessee (27,42) lies 28" up, in the bow pivot's arc
    const step = play(s, { USA: 'GALE: SPEED 4; FIRE BP AT TENN' }, { 'm1:GALE:BP:hit': 6 })
    expect(step.narrative.map((e) => e.text)).toContain(
      'USS Galena BP (sb100) at CSS Tennessee, long range: rolled 6 -1, needs 5: hit, 4 damage',
    )
    expect(step.state.ships.TENN!.spv).toBe(123)
    expect(step.state.ships.GALE!.guns.BP!.lastFired).toBe(1)
  })
})

describe('forts, mines and rams inside a move', () => {
  const fresh = () => ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())

  it('§9 L881-907 ruling RC-50 Fort Morgan fires at the nearest Union ship in its western arc and reach', () => {
    const s = fresh()
    // Tecumseh steams into the channel under the fort: 8" ahead puts her at (34,20), ~5" from the fort's centre
    const step = play(s, { USA: 'TECU: SPEED 8' }, { 'm1:MORG:M1a:hit': 6, 'm1:MORG:M3a:hit': 2 })
    const fortLines = step.narrative.map((e) => e.text).filter((t) => t.startsWith('Fort Morgan'))
    expect(fortLines).toContain('Fort Morgan M1a (sb11) at USS Tecumseh, close range: rolled 6, needs 4: hit, 8 damage')
    expect(fortLines).toContain('Fort Morgan M3a (r32) at USS Tecumseh, close range: rolled 2, needs 3: miss')
    expect(step.state.forts.MORG!.lastFired.M1a).toBe(1)
  })

  it('§9 L811-819 a real torpedo is rolled in secret for its owner; 4-6 sinks the ship', () => {
    const s = fresh()
    s.ships.GALE!.pose = { pos: { x: 22000, y: 24000 }, heading: 0 }
    const d = dice({ 'm1:GALE:torpedo-2:mine': 5 })
    const parsed = ruleset.parseOrders(s, 'USA', 'GALE: SPEED 6').commands
    const step = ruleset.resolve(s, { orders: { USA: parsed, CSA: [] }, decisions: {} }, d)
    expect(step.state.ships.GALE!.status).toBe('sunk')
    expect(d.rolls.find((r) => r.label === 'm1:GALE:torpedo-2:mine')!.audience).toEqual({
      kind: 'roles',
      roles: ['CSA'],
    })
    expect(step.narrative.map((e) => e.text)).toContain('a torpedo explodes under USS Galena: she sinks')
  })

  it('§11 L983 a controlled ram on a beam: Tennessee (D) on the gunboat Galena (B) needs no test and rolls 1+1 dice at 2 knots, times 5', () => {
    const s = fresh()
    // CSS Tennessee placed 3" off Galena's beam, bow on
    s.ships.TENN!.pose = { pos: { x: 26500, y: 10000 }, heading: 9000 }
    s.ships.TENN!.speed = 2
    s.ships.GALE!.speed = 0
    const step = play(
      s,
      { USA: 'GALE: SPEED 0', CSA: 'TENN: SPEED 2; RAM GALENA' },
      { 'm1:TENN:ram:GALE:dmg:d1': 4, 'm1:TENN:ram:GALE:dmg:d2': 3, 'm1:TENN:ram:GALE:onRammer': 1 },
    )
    const text = step.narrative.map((e) => e.text)
    expect(text).toContain('CSS Tennessee needs no ram test (no test for this pairing)')
    expect(text.find((t) => t.startsWith('CSS Tennessee rams'))).toBe(
      'CSS Tennessee rams USS Galena in the 3rd quarter at 2 knots (ram attack): dice 4+3 -> 35 SPV',
    )
    expect(step.state.ships.GALE!.spv).toBe(60)
    // §11 L987: both ships stop; the rammer backs off next move
    expect(step.state.ships.TENN!.speed).toBe(0)
  })

  it('§11 L1111 a ship locked to one that sinks goes down with her; once released she does not', () => {
    const s = fresh()
    s.jams = [{ a: 'TENN', b: 'GALE', until: 1 }]
    s.ships.GALE!.status = 'sunk'
    expect(dragUnderJammed(s)).toEqual([
      { ship: 'TENN', text: 'CSS Tennessee is dragged under, locked to USS Galena', rule: '§11 L1111' },
    ])
    expect(s.ships.TENN!.status).toBe('sunk')
    const later = fresh()
    later.move = 2
    later.jams = [{ a: 'TENN', b: 'GALE', until: 1 }]
    later.ships.GALE!.status = 'sunk'
    expect(dragUnderJammed(later)).toEqual([])
  })
})

describe('§6 objective cards', () => {
  it('§6 L395 each side is dealt three cards in secret and keeps two; the other side never learns them', () => {
    const pack = riverCoastalFactory.defaultPack()
    const s: RiverState = ruleset.setup('above-the-bluffs', { objectiveCards: true }, pack, dice())
    expect(ruleset.turnLabel(ruleset.turnOf(s))).toBe('Before the battle')
    const asks = ruleset.awaiting(s)
    expect(asks.map((a) => [a.kind, a.role])).toEqual([
      ['decision', 'USA'],
      ['decision', 'CSA'],
    ])
    const usaCards = s.dealt!.USA
    expect(usaCards).toHaveLength(3)
    expect((ruleset.view(s, csa) as { objectives: { side: string }[] }).objectives.map((o) => o.side)).toEqual(['CSA'])
    const step = ruleset.resolve(
      s,
      { orders: {}, decisions: { 'objectives-USA': usaCards[0]!, 'objectives-CSA': 'nonsense' } },
      dice(),
    )
    expect(step.state.objectives.USA).toEqual(usaCards.slice(1))
    expect(step.state.objectives.CSA).toEqual(s.dealt!.CSA.slice(0, 2))
    expect(step.state.phase).toBe('deployment')
    const forCsa = step.narrative.filter((e) => audienceAllows(csa, e.audience)).map((e) => e.text)
    expect(forCsa).toEqual([
      `You keep your objectives ${s.dealt!.CSA.slice(0, 2).join(' and ')}`,
      'Both commanders have chosen their objectives',
    ])
    expect(ruleset.awaiting(step.state).map((a) => [a.kind, a.role])).toEqual([['orders', 'CSA']])
  })

  it('§6 L421 ruling RC-13 more objectives complete wins; equal counts draw', () => {
    const s = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())
    s.move = s.moves
    s.ships.TENN!.status = 'sunk' // USA: the enemy flagship destroyed
    const step = play(s, {})
    expect(step.finished).toBe(true)
    expect(ruleset.outcome(step.state)).toEqual({
      summary: 'Objectives: USA 1 of 2, CSA 0 of 2: USA wins',
      winner: 'USA',
    })
  })
})

describe('§4 captains’ personalities', () => {
  it('§4 L169-171 a Reckless captain who sees an enemy steams at the nearest, 2 knots faster, turning as hard as he may', () => {
    const s: RiverState = ruleset.setup(
      'passing-the-fort',
      {},
      riverCoastalFactory.defaultPack(),
      calm({ 'captain:GAIN:white': 6 }),
    )
    expect(s.ships.GAIN!.captain.quality).toBe('reckless')
    const step = play(s, { CSA: 'GAIN: SPEED 0' })
    expect(step.narrative.map((e) => e.text)).toContain("CSS Gaines's reckless captain steams at the enemy (speed 2)")
    // at rest heading 180, Tecumseh (the nearest enemy she sees) bears 159: 21 degrees to port, of which a
    // 7" radius allows 16 in 2"
    expect(step.state.ships.GAIN!.speed).toBe(2)
    expect(step.state.ships.GAIN!.pose.heading).toBe(16400)
    expect(step.state.ships.SELM!.speed).toBe(0)
  })
})

describe('digest §4.5 standing orders in play', () => {
  const fresh = () => ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())

  it('§9 L605 NO-TARGET: NEAREST shifts a gun whose target is out of reach to the nearest it can reach; HOLD (the default) does not', () => {
    const orders = 'GALE: SPEED 4; FIRE BP AT GAINES'
    const held = play(fresh(), { USA: orders }, { 'm1:GALE:BP:hit': 6 })
    expect(held.narrative.some((e) => e.text.startsWith('USS Galena BP'))).toBe(false)
    const shifted = play(fresh(), { USA: `POLICY GALE ON NO-TARGET: NEAREST\n${orders}` }, { 'm1:GALE:BP:hit': 6 })
    expect(shifted.narrative.map((e) => e.text)).toContain(
      'USS Galena BP (sb100) at CSS Tennessee, long range: rolled 6 -1, needs 5: hit, 4 damage',
    )
  })

  it('digest §1.3 NO-ORDERS: REPEAT keeps a silent ship on last move’s order, turn and all; the policy stands', () => {
    const one = play(fresh(), { USA: 'POLICY ALL ON NO-ORDERS: REPEAT\nTECU: SPEED 8; TURN PORT 10' })
    expect(one.state.ships.TECU!.pose.heading).toBe(35000)
    const two = play(one.state, {})
    expect(two.state.ships.TECU!.pose.heading).toBe(34000)
    expect(two.state.policies.USA.map((p: { text: string }) => p.text)).toEqual(['POLICY ALL ON NO-ORDERS: REPEAT'])
  })

  it('digest §1.3 NO-ORDERS: SLOW takes 2 knots off a silent ship; with no policy she holds her speed', () => {
    const s = fresh()
    const slow = play(s, { USA: 'POLICY CHIC ON NO-ORDERS: SLOW' })
    expect(slow.state.ships.CHIC!.speed).toBe(4)
    expect(slow.state.ships.TECU!.speed).toBe(6)
  })
})

describe('§12 anchors', () => {
  const bluffs = () =>
    deployed(ruleset.setup('above-the-bluffs', {}, riverCoastalFactory.defaultPack(), calm({ 'weather:fog': 1 })))

  it('§7 L463 a stopped ship drifts with the current: Manassas (39 SPV) the full 2 knots of her lane', () => {
    const step = play(bluffs(), {})
    expect(step.state.ships.MANS!.pose.pos).toEqual({ x: 16000, y: 58000 })
  })

  it('§12 L1143 at anchor she holds her place and, under 60 SPV, swings 90 degrees a move toward the current (RC-47)', () => {
    const one = play(bluffs(), { CSA: 'MANS: ANCHOR DROP\nARKS: ANCHOR DROP' })
    expect(one.state.ships.MANS!.pose).toEqual({ pos: { x: 16000, y: 60000 }, heading: 27000 })
    expect(one.state.ships.ARKS!.pose).toEqual({ pos: { x: 24000, y: 62000 }, heading: 18000 })
    const two = play(one.state, {})
    expect(two.state.ships.MANS!.pose.heading).toBe(0)
  })

  it('§12 L1143 an anchored ship must weigh before she makes way; a moving ship cannot drop anchor', () => {
    const one = play(bluffs(), { CSA: 'MANS: ANCHOR DROP' })
    const p = ruleset.parseOrders(one.state, 'CSA', 'MANS: SPEED 2')
    expect(p.errors[0]).toMatchObject({
      message: 'CSS Manassas is at anchor: ANCHOR WEIGH to get under way (§12 L1143)',
      suggestion: 'MANS: ANCHOR WEIGH; SPEED 2',
    })
    expect(ruleset.parseOrders(one.state, 'CSA', 'MANS: ANCHOR WEIGH; SPEED 2').errors).toEqual([])
    expect(ruleset.parseOrders(bluffs(), 'USA', 'CARO: ANCHOR DROP').errors[0]!.message).toBe(
      'ANCHOR DROP: USS Carondelet must be stopped (speed 0 last move and this move, §12 L1143)',
    )
  })
})

describe('§12 boarding', () => {
  const fortMisses = Object.fromEntries(['M1a', 'M1b', 'M2a', 'M2b', 'M3a', 'M3b'].map((g) => [`m1:MORG:${g}:hit`, 2]))
  function alongsideSelma(): RiverState {
    const s: RiverState = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())
    s.ships.META!.pose = { pos: { x: 31850, y: 44000 }, heading: 18000 }
    s.ships.META!.speed = 0
    return s
  }

  it('§12 L1117-1123 a party gets aboard on 4-6 and beats a defender die: the defender loses a CPV; a party that fails to board is not lost', () => {
    const step = play(
      alongsideSelma(),
      { USA: 'META: BOARD SELMA 2' },
      {
        ...fortMisses,
        'm1:META:board:SELM:1:aboard': 5,
        'm1:META:board:SELM:1:attack': 6,
        'm1:META:board:SELM:1:defend': 2,
        'm1:META:board:SELM:2:aboard': 3,
      },
    )
    expect(step.narrative.map((e) => e.text)).toEqual(
      expect.arrayContaining([
        "USS Metacomet's party 1 beats a defender of CSS Selma (6 to 2)",
        "USS Metacomet's party 2 fails to get aboard CSS Selma",
      ]),
    )
    expect([step.state.ships.SELM!.cpvLost, step.state.ships.SELM!.crew.spare]).toEqual([1, 2])
    expect(step.state.ships.META!.cpvLost).toBe(0)
  })

  it('§12 L1125 ruling RC-45 an abandoned ship is taken by the first party aboard, unopposed', () => {
    const s = alongsideSelma()
    s.ships.SELM!.status = 'abandoned'
    const step = play(s, { USA: 'META: BOARD SELMA 1' }, { ...fortMisses, 'm1:META:board:SELM:1:aboard': 4 })
    expect(step.state.ships.SELM!.status).toBe('captured')
    expect(step.narrative.map((e) => e.text)).toContain("USS Metacomet's boarders take CSS Selma, unopposed")
  })

  it('§12 L1117 ships not alongside cannot board; the order names the parties allowed', () => {
    const s: RiverState = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())
    expect(ruleset.parseOrders(s, 'USA', 'META: BOARD SELMA 3').errors[0]!.message).toBe(
      'BOARD SELMA 3: 1 to 2 parties a move (§12 L1115)',
    )
    const step = play(s, { USA: 'META: BOARD SELMA 1' }, fortMisses)
    expect(step.narrative.map((e) => e.text)).toContain('USS Metacomet is not alongside CSS Selma: no boarding')
  })
})

describe('§9 L537 hidden deployment', () => {
  const setup = () =>
    ruleset.setup('above-the-bluffs', {}, riverCoastalFactory.defaultPack(), calm({ 'weather:fog': 1 }))

  it('digest §6.3 only the Confederates deploy, in secret, before move 1', () => {
    const s: RiverState = setup()
    expect(s.phase).toBe('deployment')
    expect(ruleset.awaiting(s)).toEqual([{ kind: 'orders', role: 'CSA', label: 'Hidden deployment', phase: 'setup' }])
  })

  it('digest §6.3 a place must be in the zone (y 56 and up), on the water, clear of the others, at speed 4 or less', () => {
    const s: RiverState = setup()
    const errors = ruleset.parseOrders(
      s,
      'CSA',
      'ARKS: AT 24,50 HEADING 180\nMANS: AT 2,60 HEADING 180\nMORE: AT 30,60 HEADING 180 SPEED 6\nARKS: AT 24,62 HEADING 180\nMANS: AT 24.5,62.5 HEADING 180',
    ).errors
    expect(errors.map((e: { line: number; message: string }) => [e.line, e.message])).toEqual([
      [1, 'AT 24,50: CSA deploys with y from 56 to 72, x from 0 to 48'],
      [2, 'AT 2,60: CSS Manassas would sit on West bank'],
      [3, 'SPEED 6: at most 4 at deployment'],
      [5, 'AT 24.5,62.5: CSS Manassas would touch ARKS'],
    ])
  })

  it('§9 L537 the ships go where ordered; the Union reader learns only that they are deployed', () => {
    const s: RiverState = setup()
    const p = ruleset.parseOrders(s, 'CSA', 'ARKS: AT 40,66 HEADING 200 SPEED 2')
    const step = ruleset.resolve(s, { orders: { CSA: p.commands }, decisions: {} }, dice())
    expect(step.state.ships.ARKS!.pose).toEqual({ pos: { x: 40000, y: 66000 }, heading: 20000 })
    expect(step.state.ships.ARKS!.speed).toBe(2)
    expect(step.state.ships.MANS!.pose.pos).toEqual({ x: 16000, y: 60000 })
    expect(step.narrative.filter((e) => audienceAllows(usa, e.audience)).map((e) => e.text)).toEqual([
      'The CSA ships are deployed; those in sight are on the plot',
    ])
    expect(step.state.phase).toBe('moves')
  })
})

describe('the report', () => {
  it('digest §8 the order form has a pre-filled line per ship, with legal speeds and the sharpest turn', () => {
    const s: RiverState = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())
    const form = (ruleset.reportModel(s, usa) as { orderForm: string[] }).orderForm
    expect(form.slice(0, 3)).toEqual([
      '# Move 1: one line per ship; a ship with no line holds her speed and heading',
      '# USS Tecumseh: speed 4..8; radius 7", at most 65 degrees at speed 8; guns T1a T1b; turret T1 faces F',
      'TECU: SPEED 6',
    ])
    expect(form).toHaveLength(9)
    // the form parses as it stands
    expect(ruleset.parseOrders(s, 'USA', form.join('\n')).errors).toEqual([])
  })
})

describe('§9 L881-905 forts under ship fire', () => {
  it('§9 L903-905 ship fire only wears FPV down; below a third the fort falls silent (it still fires this move)', () => {
    const s: RiverState = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())
    s.forts.MORG!.fpv = 81
    const step = play(s, { USA: 'GALE: SPEED 4; FIRE BP AT MORG' }, { 'm1:GALE:BP:hit': 6 })
    expect(step.state.forts.MORG).toMatchObject({ fpv: 73, silenced: true })
    const text = step.narrative.map((e) => e.text)
    expect(text).toContain('USS Galena BP (sb100) at Fort Morgan, medium range: rolled 6, needs 4: hit, 8 damage')
    expect(text).toContain('Fort Morgan is reduced to rubble below a third of its FPV and falls silent')
    expect(text.some((t) => t.startsWith('Fort Morgan M1a'))).toBe(true)
    const next = play(step.state, {})
    expect(next.narrative.some((e) => e.text.startsWith('Fort Morgan M'))).toBe(false)
  })
})

describe('§12 landing parties', () => {
  it('§12 L1129-1133 a party lands from a ship stopped by the shore, walks 1" a move to the town and takes it on a 6', () => {
    let s: RiverState = deployed(
      ruleset.setup('above-the-bluffs', {}, riverCoastalFactory.defaultPack(), calm({ 'weather:fog': 1 })),
    )
    s.ships.MANS!.pose = { pos: { x: 5200, y: 61500 }, heading: 0 }
    const landing = play(s, { CSA: 'MANS: ANCHOR DROP; LAND 1 AT TOWN' })
    expect(landing.narrative.map((e) => e.text)).toContain(
      'CSS Manassas puts 1 landing parties ashore for the Shore Town',
    )
    s = landing.state
    expect(s.parties).toEqual([
      { id: 'MANS-1-1', side: 'CSA', ship: 'MANS', pos: { x: 5200, y: 61500 }, goal: 'TOWN', landedMove: 1 },
    ])
    for (const x of [4200, 3200, 2200]) {
      s = play(s, {}).state
      expect(s.parties[0]!.pos).toEqual({ x, y: 61500 })
    }
    const fail = play(s, {}, { 'm5:MANS-1-1:take': 5 })
    expect(fail.narrative.map((e) => e.text)).toContain('A CSA landing party has not yet taken the Shore Town (5)')
    const taken = play(fail.state, {}, { 'm6:MANS-1-1:take': 6 })
    expect(taken.state.placesTaken).toEqual({ TOWN: 'CSA' })
  })

  it('§12 L1135-1139 parties at a fort fight the garrison die against die; the fort falls when its CPV are gone', () => {
    let s: RiverState = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())
    s.ships.GALE!.pose = { pos: { x: 36200, y: 22000 }, heading: 0 }
    s.ships.GALE!.speed = 0
    s.forts.MORG!.cpv = 1
    s = play(s, { USA: 'GALE: LAND 2 AT MORG' }).state
    expect(s.parties.map((p) => p.id)).toEqual(['GALE-1-1', 'GALE-1-2'])
    // 3.5" from the fort's nearest corner: three moves' walk brings the parties within 1" of it
    for (let m = 2; m <= 4; m++) {
      const step = play(s, {})
      expect(step.narrative.some((e) => /landing party/.test(e.text))).toBe(false)
      s = step.state
    }
    const won = play(s, {}, { 'm5:GALE-1-1:attack': 6, 'm5:GALE-1-1:defend': 1 })
    expect(won.state.forts.MORG).toMatchObject({ cpv: 0, takenBy: 'USA', silenced: true })
    expect(won.narrative.map((e) => e.text)).toContain(
      'A USA landing party beats a defender of Fort Morgan (6 to 1): Fort Morgan is taken',
    )
  })
})

describe('§4 L181-183 Stubborn captains and signals', () => {
  it('ruling RC-6 from move 2 a Stubborn captain out of his flagship’s sight holds speed and heading; his guns stay free', () => {
    const s: RiverState = ruleset.setup(
      'passing-the-fort',
      {},
      riverCoastalFactory.defaultPack(),
      calm({ 'captain:GAIN:white': 3 }),
    )
    expect(s.ships.GAIN!.captain.quality).toBe('stubborn')
    expect(ruleset.parseOrders(s, 'CSA', 'GAIN: SPEED 2').errors).toEqual([]) // move 1: the opening orders
    s.move = 2
    expect(ruleset.parseOrders(s, 'CSA', 'GAIN: SPEED 2').errors).toEqual([]) // Tennessee sees her: signals get through
    s.ships.TENN!.status = 'sunk'
    expect(ruleset.parseOrders(s, 'CSA', 'GAIN: SPEED 2').errors[0]!.message).toBe(
      "CSS Gaines's Stubborn captain holds to his orders (speed 0, no turn) until CSS Tennessee can signal him (§4 L183, ruling RC-6)",
    )
    expect(ruleset.parseOrders(s, 'CSA', 'GAIN: FIRE BP AT TECU').errors).toEqual([])
    const form = (ruleset.reportModel(s, csa) as { orderForm: string[] }).orderForm
    expect(form.some((l) => l.includes("Stubborn, out of CSS Tennessee's sight: holds speed and heading"))).toBe(true)
  })
})

describe('§9 L607 move 1: fire at any point in the move', () => {
  const setup = () => {
    const s: RiverState = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())
    s.ships.TENN!.pose = { pos: { x: 27000, y: 30000 }, heading: 18000 }
    return s
  }
  const hit = 'USS Galena BP (sb100) at CSS Tennessee, medium range: rolled 6 -1, needs 4: hit, 4 damage'

  it('§9 L607 WHEN Q1 fires on the first quarter’s positions: Tennessee is still in the bow pivot’s arc', () => {
    const step = play(setup(), { USA: 'GALE: SPEED 8; TURN PORT 90; FIRE BP AT TENN WHEN Q1' }, { 'm1:GALE:BP:hit': 6 })
    expect(step.narrative.map((e) => e.text)).toContain(hit)
    expect(step.state.ships.TENN!.spv).toBe(123)
  })

  it('§9 L607 without WHEN the gun fires at the end of the move, when Tennessee has gone out of its arc', () => {
    const step = play(setup(), { USA: 'GALE: SPEED 8; TURN PORT 90; FIRE BP AT TENN' }, { 'm1:GALE:BP:hit': 6 })
    expect(step.narrative.some((e) => e.text.startsWith('USS Galena BP'))).toBe(false)
  })

  it('§9 L607 after move 1 guns fire only at the end of the move', () => {
    const s = setup()
    s.move = 2
    expect(ruleset.parseOrders(s, 'USA', 'GALE: FIRE BP AT TENN WHEN Q2').errors[0]!.message).toBe(
      'WHEN: only on move 1 may guns fire during the move; later they fire at its end (§9 L607)',
    )
  })
})

describe('§4 L207-225 fort commanders', () => {
  it('§4 L221 §10 L969 a panicky commander tests at the first CPV lost, -2 a CPV lost; an abandoned fort is walked into', () => {
    const d = calm({ 'fortCommander:MORG:white': 1, 'fortCommander:MORG:green': 5 })
    let s: RiverState = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), d)
    expect(s.forts.MORG!.commander).toMatchObject({ quality: 'panicky', green: 1 })
    expect(d.rolls.find((r) => r.label === 'fortCommander:MORG:white')!.audience).toEqual({
      kind: 'roles',
      roles: ['CSA'],
    })
    s.ships.GALE!.pose = { pos: { x: 36200, y: 22000 }, heading: 0 }
    s.ships.GALE!.speed = 0
    s = play(s, { USA: 'GALE: LAND 2 AT MORG' }).state
    for (let m = 2; m <= 4; m++) s = play(s, {}).state
    const shaken = play(
      s,
      {},
      {
        'm5:GALE-1-1:attack': 5,
        'm5:GALE-1-1:defend': 2,
        'm5:GALE-1-2:attack': 3,
        'm5:GALE-1-2:defend': 3,
        'm5:MORG:morale': 1,
      },
    )
    expect(shaken.narrative.map((e) => e.text)).toContain(
      'Fort Morgan tests morale: rolled 1, total 0: the garrison abandons the fort',
    )
    expect(shaken.state.forts.MORG).toMatchObject({ cpv: 8, abandoned: true, silenced: true })
    const taken = play(shaken.state, {})
    expect(taken.state.forts.MORG!.takenBy).toBe('USA')
    expect(taken.narrative.map((e) => e.text)).toContain('A USA landing party walks into Fort Morgan, abandoned')
  })
})

describe('§4 L151-203 the fleet commander', () => {
  const setup = (forced: Record<string, number | number[]> = {}) =>
    ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm(forced)) as RiverState

  it('§4 L155 while aboard, his qualities replace the captain’s (morale, ram test, behaviour)', () => {
    const s = setup({ 'commander:CSA:green': 1, 'captain:TENN:green': 6 })
    expect(s.commanders.CSA).toMatchObject({ aboard: 'TENN', green: 3, alive: true })
    expect(s.ships.TENN!.captain.green).toBe(1)
    expect(commanded(s, s.ships.TENN!).captain.green).toBe(3)
    expect(commanded(s, s.ships.GAIN!).captain).toEqual(s.ships.GAIN!.captain)
  })

  it('§4 L203 an Intelligent commander shifts his flag from a sunk flagship to the nearest ship within 12"', () => {
    const s = setup()
    s.ships.TENN!.status = 'sunk'
    expect(shiftCommanders(s, dice())).toEqual([
      {
        ship: 'SELM',
        text: 'The CSA fleet commander shifts his flag from CSS Tennessee to CSS Selma',
        rule: '§4 L199-203',
      },
    ])
    expect(s.commanders.CSA.aboard).toBe('SELM')
  })

  it('§4 L201 a Stubborn commander goes down with his flagship; a Reckless one leaves only on 5-6', () => {
    const stubborn = setup({ 'commander:CSA:white': 3 })
    stubborn.ships.TENN!.status = 'sunk'
    shiftCommanders(stubborn, dice())
    expect(stubborn.commanders.CSA).toMatchObject({ alive: false, aboard: null })
    const reckless = setup({ 'commander:CSA:white': 5 })
    reckless.ships.TENN!.status = 'sunk'
    shiftCommanders(reckless, dice({ 'm1:commander:CSA:leave': 4 }))
    expect(reckless.commanders.CSA.alive).toBe(false)
    const lucky = setup({ 'commander:CSA:white': 6 })
    lucky.ships.TENN!.status = 'sunk'
    shiftCommanders(lucky, dice({ 'm1:commander:CSA:leave': 5 }))
    expect(lucky.commanders.CSA.aboard).toBe('SELM')
  })
})
