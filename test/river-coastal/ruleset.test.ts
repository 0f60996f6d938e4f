import { describe, expect, it } from 'vitest'
import { canSee as audienceAllows } from '../../src/games/contract.ts'
import { dragUnderJammed } from '../../src/games/river-coastal/collisions.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { pack } from './helpers.ts'
import { calm, csa, deployed, dice, play, ruleset, usa } from './play.ts'

describe('the River & Coastal ruleset, turn by turn', () => {
  it('offers its scenarios and waits for both sides’ orders each move', () => {
    expect(ruleset.scenarios.map((s) => [s.id, s.turns])).toEqual([
      ['passing-the-fort', '14 moves'],
      ['above-the-bluffs', '15 moves'],
      ['plymouth-boom', '6 moves'],
      ['random-river', '15 moves'],
      ['random-estuary', '15 moves'],
      ['fire-rafts', '12 moves'],
      ['mortar-flotilla', '10 moves'],
    ])
    const s = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())
    // with the move-1 orders: each side-wheeler's radius (§7 L479) and the Union flagship (digest §1.2 P7)
    expect(ruleset.awaiting(s).map((a) => [a.kind, a.role, a.kind === 'decision' ? a.decisionId : ''])).toEqual([
      ['orders', 'USA', ''],
      ['orders', 'CSA', ''],
      ['decision', 'USA', 'RADIUS-META'],
      ['decision', 'CSA', 'RADIUS-GAIN'],
      ['decision', 'CSA', 'RADIUS-SELM'],
      ['decision', 'USA', 'FLAGSHIP-USA'],
    ])
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

describe('receipt agrees with resolution: no accepted fire order vanishes', () => {
  const fresh = () => ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())

  it('§9 L615-621 an alternate-move gun that fired last move: warned at receipt, and its side told why it held fire', () => {
    const one = play(fresh(), { USA: 'GALE: SPEED 4; FIRE BP AT TENN' }, { 'm1:GALE:BP:hit': 6 })
    expect(one.state.ships.GALE!.guns.BP!.lastFired).toBe(1)
    const line = 'GALE: FIRE BP AT TENN ELSE NEAREST'
    const p = ruleset.parseOrders(one.state, 'USA', line)
    expect(p.errors).toEqual([])
    expect((p as { warnings: { message: string }[] }).warnings.map((w) => w.message)).toEqual([
      'FIRE BP: BP will not fire this move: fired on move 1 and fires only on alternate moves, next on move 3 (§9 L615-621)',
    ])
    const two = play(one.state, { USA: line })
    const held = two.narrative.filter((e) => e.text.startsWith('USS Galena BP'))
    expect(held.map((e) => [e.text, audienceAllows(usa, e.audience), audienceAllows(csa, e.audience)])).toEqual([
      [
        'USS Galena BP (FIRE BP AT TENN ELSE NEAREST) held fire: fired on move 1 and fires only on alternate moves, next on move 3 (§9 L615-621)',
        true,
        false,
      ],
    ])
  })

  it('ruling RC-25 a gun whose targets are out of its arc or reach holds its fire, and says so to its side', () => {
    const step = play(fresh(), { USA: 'GALE: SPEED 4; FIRE STARBOARD AT TENN ELSE NEAREST' })
    const held = step.narrative.filter((e) => e.text.startsWith('USS Galena S1'))
    expect(held.map((e) => e.text)).toEqual([
      "USS Galena S1, S2 (FIRE STARBOARD AT TENN ELSE NEAREST) held fire: CSS Tennessee is outside the gun's arc; no enemy in sight within its arc and reach",
    ])
    expect(held.every((e) => !audienceAllows(csa, e.audience))).toBe(true)
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

  it('§9 L899 a fort fires only as many guns as it has CPV; its own side hears which stand unmanned', () => {
    const s = fresh()
    s.forts.MORG!.cpv = 1
    const step = play(s, { USA: 'TECU: SPEED 8' }, { 'm1:MORG:M1a:hit': 6 })
    const fortShots = step.narrative.map((e) => e.text).filter((t) => /^Fort Morgan \S+ \(/.test(t))
    expect(fortShots).toEqual(['Fort Morgan M1a (sb11) at USS Tecumseh, close range: rolled 6, needs 4: hit, 8 damage'])
    const unmanned = step.narrative.filter((e) => e.text.startsWith('Fort Morgan: 1 CPV serve 1 of its 6 guns'))
    expect(unmanned.map((e) => [e.text, audienceAllows(csa, e.audience), audienceAllows(usa, e.audience)])).toEqual([
      ['Fort Morgan: 1 CPV serve 1 of its 6 guns; M1b, M2a, M2b, M3a, M3b stand unmanned', true, false],
    ])
  })

  it('ruling RC-35, §7 L441: a ship faster than her max speed once a hit cut it is ordered her new max, which the move makes at once; faster is refused at receipt', () => {
    const s = fresh()
    const classMax = pack.classes[s.ships.GALE!.classKey]!.maxSpeed
    s.ships.GALE!.pose = { pos: { x: 4000, y: 30000 }, heading: 9000 }
    s.ships.GALE!.speed = classMax
    s.ships.GALE!.effects = [{ kind: 'maxSpeedMinus', amount: 4, until: 'game' }]
    // The change limit alone would keep her at classMax - 2 or more; her new max is classMax - 4.
    const faster = ruleset.parseOrders(s, 'USA', `GALE: SPEED ${classMax - 3}`).errors
    expect(faster.map((e) => [e.message, e.suggestion])).toEqual([
      [
        `SPEED ${classMax - 3}: USS Galena makes at most ${classMax - 4} this move`,
        `use ${classMax - 4}..${classMax - 4}`,
      ],
    ])
    const parsed = ruleset.parseOrders(s, 'USA', `GALE: SPEED ${classMax - 4}`)
    expect(parsed.errors).toEqual([])
    const step = ruleset.resolve(s, { orders: { USA: parsed.commands, CSA: [] }, decisions: {} }, calm())
    expect(step.state.ships.GALE!.speed).toBe(classMax - 4)
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
      'CSS Tennessee rams USS Galena in the 3rd quarter at 2 knots (ram attack): dice 4+3 -> 35 SPV; both stop (to back off, order SPEED astern next move)',
    )
    expect(step.state.ships.GALE!.spv).toBe(60)
    // §11 L987: both ships stop; the rammer backs off next move
    expect(step.state.ships.TENN!.speed).toBe(0)
  })

  it('§11 L989 §7 L445-449 after the ram stops both, SPEED astern from the stop backs her off; ahead she strikes again', () => {
    const s = fresh()
    s.ships.TENN!.pose = { pos: { x: 26500, y: 10000 }, heading: 9000 }
    s.ships.TENN!.speed = 2
    s.ships.GALE!.speed = 0
    const rolls = { 'm1:TENN:ram:GALE:dmg:d1': 1, 'm1:TENN:ram:GALE:dmg:d2': 1, 'm1:TENN:ram:GALE:onRammer': 1 }
    const first = play(s, { USA: 'GALE: SPEED 0', CSA: 'TENN: SPEED 2; RAM GALENA' }, rolls).state
    const x = first.ships.TENN!.pose.pos.x
    expect(first.ships.TENN!.speed).toBe(0)
    const back = play(first, { USA: 'GALE: SPEED 0', CSA: 'TENN: SPEED -1' }, {})
    expect(back.state.ships.TENN!.speed).toBe(-1)
    expect(back.state.ships.TENN!.pose.pos.x).toBe(x - 1000)
    const again = play(first, { USA: 'GALE: SPEED 0', CSA: 'TENN: SPEED 2' }, { 'm2:TENN:ram:GALE:onRammer': 1 })
    expect(again.narrative.map((e) => e.text).find((t) => t.startsWith('CSS Tennessee rams'))).toContain('uncontrolled')
    expect(again.state.ships.TENN!.speed).toBe(0)
    expect(again.state.ships.TENN!.pose.pos.x).toBe(x)
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

describe('the report', () => {
  it('digest §8 the order form has a pre-filled line per ship, with legal speeds and the sharpest turn', () => {
    const s: RiverState = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())
    const form = (ruleset.reportModel(s, usa) as { orderForm: string[] }).orderForm
    expect(form.slice(0, 3)).toEqual([
      '# Move 1: one line per ship; a ship with no line (or no SPEED, HOLD or TURN) follows her directive, or holds her speed and heading',
      '# USS Tecumseh: speed 4..8; radius 7", at most 65 degrees at speed 8; guns T1a T1b; turret T1 faces F',
      'TECU: SPEED 6',
    ])
    // ruling RC-63: the Union's second ships start on FOLLOW directives, shown on their side's form
    expect(form).toContain('# directive: FOLLOW TECU 1.48')
    expect(form).toContain('# directive: FOLLOW GALE 1.85')
    // each order form from the declared grammar, with an example, then the words a ship's line takes
    expect(form).toHaveLength(17)
    expect(form).toContain('# DIRECTIVE <ship> <directive>')
    expect(form).toContain('# FLEET SIGNAL <ship> [DIRECTIVE] <directive>')
    expect(form.at(-1)).toMatch(/^# orders: SPEED, HOLD, TURN, FIRE, TURRET, RAM, CAPTAIN, ANCHOR, BOARD/)
    // the form parses as it stands
    expect(ruleset.parseOrders(s, 'USA', form.join('\n')).errors).toEqual([])
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
    expect(step.narrative.filter((e) => e.text.startsWith('USS Galena BP')).map((e) => e.text)).toEqual([
      "USS Galena BP (FIRE BP AT TENN) held fire: CSS Tennessee is outside the gun's arc",
    ])
  })

  it('§9 L607 WHEN BEST takes the quarter where the shot is easiest: closing on Tennessee, the last (close range)', () => {
    const order = (when: string) => `GALE: SPEED 8; FIRE BP AT TENN WHEN ${when}`
    const first = play(setup(), { USA: order('Q1') }, { 'm1:GALE:BP:hit': 6 })
    expect(first.narrative.map((e) => e.text)).toContain(hit)
    const best = play(setup(), { USA: order('BEST') }, { 'm1:GALE:BP:hit': 6 })
    expect(best.narrative.map((e) => e.text)).toContain(
      'USS Galena BP (sb100) at CSS Tennessee, close range: rolled 6 -1, needs 3: hit, 4 damage',
    )
  })

  it('§9 L607 after move 1 guns fire only at the end of the move', () => {
    const s = setup()
    s.move = 2
    expect(ruleset.parseOrders(s, 'USA', 'GALE: FIRE BP AT TENN WHEN Q2').errors[0]!.message).toBe(
      'WHEN: only on move 1 may guns fire during the move; later they fire at its end (§9 L607)',
    )
  })
})
