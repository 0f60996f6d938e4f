// Directives and the autopilot (digest §4.4, ruling RC-54): what a ship does when her player gives
// her helm no order, the fleet commander's signals (ruling RC-6) and his flag shifted at his order.
import { describe, expect, it } from 'vitest'
import { canSee as audienceAllows } from '../../src/games/contract.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import { defaultRiverPack } from '../../src/games/river-coastal/pack.ts'
import { pilotOrder } from '../../src/games/river-coastal/pilot.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { calm, csa, play, ruleset, usa } from './play.ts'

const pack = defaultRiverPack()
const fort = pack.scenarios['passing-the-fort']!
const fresh = (forced: Record<string, number> = {}): RiverState =>
  ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm(forced))
const errors = (s: RiverState, side: string, text: string) =>
  ruleset.parseOrders(s, side, text).errors.map((e) => [e.line, e.message, e.suggestion])

describe('digest §4.4 directive lines', () => {
  it('§4 L139-149 each ship may be given one of the seven directives, read and echoed as understood', () => {
    const p = ruleset.parseOrders(
      fresh(),
      'USA',
      'DIRECTIVE CHIC FOLLOW tecumseh 2\nDIRECTIVE meta steam-to 20,20.5\nDIRECTIVE GALE ENGAGE tennessee\nDIRECTIVE TECU PATROL 30,20 34,40\nDIRECTIVE CHIC STATION TECU STBD 3\nDIRECTIVE GALE GUARD TECU 6\nDIRECTIVE META HOLD\nDIRECTIVE TECU NONE',
    )
    expect(p.errors).toEqual([])
    expect(p.normalised).toEqual([
      'DIRECTIVE CHIC FOLLOW TECU 2',
      'DIRECTIVE META STEAM-TO 20,20.5',
      'DIRECTIVE GALE ENGAGE TENN',
      'DIRECTIVE TECU PATROL 30,20 34,40',
      'DIRECTIVE CHIC STATION TECU STARBOARD 3',
      'DIRECTIVE GALE GUARD TECU 6',
      'DIRECTIVE META HOLD 30,4',
      'DIRECTIVE TECU NONE',
    ])
  })

  it('digest §4.3 a bad directive is refused by its line, with the legal form or range', () => {
    expect(
      errors(
        fresh(),
        'USA',
        'DIRECTIVE CHIC FOLLOW TECU 30\nDIRECTIVE CHIC FOLOW TECU 2\nDIRECTIVE CHIC STEAM-TO 60,20\nDIRECTIVE CHIC ENGAGE GALE\nDIRECTIVE TENN HOLD\nDIRECTIVE CHIC FOLLOW CHIC 2',
      ),
    ).toEqual([
      [1, 'FOLLOW ... 30: at most 24" (digest §4.4)', undefined],
      [2, 'unknown directive FOLOW', 'did you mean FOLLOW or HOLD?'],
      [3, 'STEAM-TO 60,20: the table runs x 0 to 48, y 0 to 72', undefined],
      [4, 'ENGAGE GALE: name an enemy ship or NEAREST', 'did you mean GAIN?'],
      [5, 'TENN is not one of your ships afloat', 'did you mean TECU?'],
      [6, 'FOLLOW CHIC: a ship cannot keep station on herself', undefined],
    ])
  })
})

describe('ruling RC-54 a ship with no helm order follows her directive', () => {
  const text = (step: { narrative: { text: string }[] }) => step.narrative.map((n) => n.text)

  it('digest §4.4 FOLLOW: she keeps the gap astern of her leader at the speed he was ordered; without one (NONE) she holds 6', () => {
    const step = play(fresh(), { USA: 'DIRECTIVE CHIC FOLLOW TECU 2\nTECU: SPEED 8' })
    expect(step.state.ships.CHIC!.speed).toBe(7)
    expect(step.state.ships.CHIC!.pose).toEqual({ pos: { x: 34000, y: 13000 }, heading: 0 })
    expect(play(fresh(), { USA: 'DIRECTIVE CHIC NONE\nTECU: SPEED 8' }).state.ships.CHIC!.speed).toBe(6)
    const told = step.narrative.find((n) => n.text === 'USS Chickasaw keeps to her directive, FOLLOW TECU 2')!
    expect(told.audience).toEqual({ kind: 'roles', roles: ['USA'] })
  })

  it('digest §4.4 STEAM-TO: she turns for the point and makes no more speed than lets her stop there', () => {
    const step = play(fresh(), { USA: 'DIRECTIVE META STEAM-TO 20,20' })
    // 18.9" off: 7 knots (7+5+3+1 = 16" to stop); the point bears 32 degrees to port
    expect(step.state.ships.META!.speed).toBe(7)
    expect(step.state.ships.META!.pose.heading).toBe(32800)
  })

  it('ruling RC-54 a line with no SPEED, HOLD or TURN leaves her helm to the directive and her guns to the line', () => {
    const step = play(fresh(), { USA: 'DIRECTIVE GALE STEAM-TO 20,20\nGALE: FIRE BP AT TENN' }, { 'm1:GALE:BP:hit': 6 })
    expect(step.state.ships.GALE!.pose.heading).not.toBe(0)
    expect(text(step).filter((t) => t.startsWith('USS Galena'))).toEqual([
      'USS Galena keeps to her directive, STEAM-TO 20,20',
      'USS Galena BP (sb100) at CSS Tennessee, long range: rolled 6 -1, needs 5: hit, 4 damage',
    ])
    expect(play(fresh(), { USA: 'GALE: FIRE BP AT TENN' }).state.ships.GALE!.pose.heading).toBe(0)
  })

  it('digest §4.5 POLICY ... ON NO-ORDERS: HOLD keeps a silent ship on speed and heading over her directive', () => {
    const step = play(fresh(), { USA: 'DIRECTIVE CHIC FOLLOW TECU 2\nPOLICY CHIC ON NO-ORDERS: HOLD\nTECU: SPEED 8' })
    expect(step.state.ships.CHIC!.speed).toBe(6)
  })

  it('digest §4.4 ENGAGE NEAREST: she closes on the nearest enemy her side saw and every gun is laid on him', () => {
    const step = play(fresh(), { USA: 'DIRECTIVE GALE ENGAGE NEAREST' }, { 'm1:GALE:BP:hit': 6 })
    expect(step.state.ships.GALE!.speed).toBe(8)
    expect(step.state.ships.GALE!.pose.heading).toBe(35500) // Tennessee bears 5 degrees to port
    expect(text(step)).toContain(
      'USS Galena BP (sb100) at CSS Tennessee, long range: rolled 6 -1, needs 5: hit, 4 damage',
    )
  })

  it('§12 L1143 HOLD: stopped on her point, she drops anchor; a later directive weighs it', () => {
    const one = play(fresh(), { CSA: 'DIRECTIVE TENN HOLD' })
    expect(text(one)).toContain('CSS Tennessee drops anchor')
    const two = play(one.state, { CSA: 'DIRECTIVE TENN STEAM-TO 27,30' })
    expect(text(two)).toContain('CSS Tennessee weighs anchor')
    expect(two.state.ships.TENN!.speed).toBe(2)
  })

  it('digest §4.4 PATROL: within 2" of one end she turns for the other', () => {
    const s = fresh()
    // Galena, 6" ahead at 6 knots, is moved off her track: the helm would keep her clear (ruling RC-62)
    s.ships.GALE!.pose = { pos: { x: 40000, y: 10000 }, heading: 0 }
    const step = play(s, { USA: 'DIRECTIVE META PATROL 30,5 30,30' })
    expect(step.state.directives.META).toMatchObject({ kind: 'PATROL', toB: true })
    expect(step.state.ships.META!.pose.heading).toBe(0)
  })

  it('a side that sends nothing: every ship with a directive still follows it, and only her side hears of it', () => {
    const one = play(fresh(), { USA: 'DIRECTIVE CHIC FOLLOW TECU 2\nDIRECTIVE META STEAM-TO 20,20\nTECU: SPEED 8' })
    const two = play(one.state, {})
    expect(two.state.ships.CHIC!.speed).toBe(8)
    expect(two.state.ships.META!.pose.pos.x).toBeLessThan(one.state.ships.META!.pose.pos.x)
    const forCsa = two.narrative.filter((n) => audienceAllows(csa, n.audience)).map((n) => n.text)
    expect(forCsa.some((t) => /directive/.test(t))).toBe(false)
    const form = (ruleset.reportModel(two.state, usa) as { orderForm: string[] }).orderForm
    expect(form).toContain('# directive: FOLLOW TECU 2')
    expect((ruleset.reportModel(two.state, csa) as { orderForm: string[] }).orderForm.join('\n')).not.toContain(
      'FOLLOW',
    )
  })
})

describe('§4 L175 the helm and the captain', () => {
  it('§4 L175 an Intelligent captain steers round a minefield on his way; a Reckless one steams into it', () => {
    const at = (s: RiverState) => {
      s.ships.META!.pose = { pos: { x: 30000, y: 21000 }, heading: 0 }
      return s
    }
    const d = { kind: 'STEAM-TO' as const, to: { x: 30000, y: 40000 } }
    const careful = at(fresh())
    expect(pilotOrder(careful, careful.ships.META!, d, fort, pack).order.turns).not.toEqual([])
    const reckless = at(fresh({ 'captain:META:white': 5 }))
    expect(pilotOrder(reckless, reckless.ships.META!, d, fort, pack).order).toMatchObject({ speed: 7, turns: [] })
  })
})

describe('§4 L171, L183 ruling RC-6 only the fleet commander changes a Stubborn or Reckless captain’s directive', () => {
  const stubbornGaines = () => {
    const s = fresh({ 'captain:GAIN:white': 3 })
    expect(s.ships.GAIN!.captain.quality).toBe('stubborn')
    return s
  }

  it('digest §1.2 P8 on move 1 every directive is the player’s; from move 2 a DIRECTIVE for her is refused, FLEET SIGNAL suggested', () => {
    const s = stubbornGaines()
    expect(errors(s, 'CSA', 'DIRECTIVE GAIN STEAM-TO 22,30')).toEqual([])
    s.move = 2
    expect(errors(s, 'CSA', 'DIRECTIVE GAIN STEAM-TO 22,30')).toEqual([
      [
        1,
        "DIRECTIVE GAIN: CSS Gaines's Stubborn captain takes new orders only from the fleet commander (§4 L171, L183)",
        'FLEET SIGNAL GAIN STEAM-TO 22,30',
      ],
    ])
    expect(errors(s, 'CSA', 'FLEET SIGNAL GAIN STEAM-TO 22,30\nFLEET SIGNAL SELM DIRECTIVE FOLLOW TENN 2')).toEqual([])
  })

  it('ruling RC-6 a signal needs the flagship’s sight of her now', () => {
    const s = stubbornGaines()
    s.move = 2
    s.fog = 3000
    expect(errors(s, 'CSA', 'FLEET SIGNAL GAIN HOLD')).toEqual([
      [
        1,
        'FLEET SIGNAL GAIN: TENN cannot see CSS Gaines, and signals need a line of sight (ruling RC-6)',
        'signal her when the flagship has her in sight',
      ],
    ])
  })

  it('digest §4.2 a FLEET SIGNAL counts from the next move; this move she keeps the directive she had', () => {
    const one = play(stubbornGaines(), { CSA: 'DIRECTIVE GAIN HOLD' })
    const two = play(one.state, { CSA: 'FLEET SIGNAL GAIN STEAM-TO 22,30' })
    expect(two.narrative.map((n) => n.text)).toContain('CSS Gaines keeps to her directive, HOLD 22,44')
    expect(two.narrative.find((n) => n.text.startsWith('Signal to CSS Gaines'))).toEqual({
      audience: { kind: 'roles', roles: ['CSA'] },
      rule: 'digest §4.4',
      text: 'Signal to CSS Gaines: STEAM-TO 22,30, from next move',
    })
    expect(two.state.directives.GAIN).toEqual({ kind: 'STEAM-TO', to: { x: 22000, y: 30000 } })
  })

  it('ruling RC-6 out of signal a Stubborn ship keeps to her directive (not just her speed and heading)', () => {
    const s = stubbornGaines()
    s.directives.GAIN = { kind: 'STEAM-TO', to: { x: 22000, y: 30000 } }
    s.move = 2
    s.fog = 3000
    expect(errors(s, 'CSA', 'GAIN: SPEED 2')[0]![1]).toBe(
      "CSS Gaines's Stubborn captain keeps to his directive (STEAM-TO 22,30) until CSS Tennessee can signal him (§4 L183, ruling RC-6)",
    )
    const step = play(s, { CSA: 'GAIN: FIRE ALL AT NEAREST' })
    expect(step.state.ships.GAIN!.speed).toBe(2)
    expect((ruleset.reportModel(s, csa) as { orderForm: string[] }).orderForm).toContain(
      '# directive: STEAM-TO 22,30 (Stubborn: change it by FLEET SIGNAL)',
    )
  })
})

describe('§4 L151, L199-203 TRANSFER: the commander shifts his flag at his own order', () => {
  const damaged = (forced: Record<string, number> = {}) => {
    const s = fresh(forced)
    s.ships.TENN!.spv -= 10
    return s
  }

  it('§4 L151 only from a damaged flagship, to a friend within 12"; a Stubborn commander never leaves', () => {
    expect(errors(fresh(), 'CSA', 'TRANSFER SELM')).toEqual([
      [1, 'TRANSFER: the commander leaves his flagship TENN only once she is damaged (§4 L151)', undefined],
    ])
    expect(errors(damaged(), 'CSA', 'TRANSFER SELMA')).toEqual([])
    const far = damaged()
    far.ships.SELM!.pose = { pos: { x: 31000, y: 60000 }, heading: 18000 }
    expect(errors(far, 'CSA', 'TRANSFER SELM')).toEqual([
      [1, 'TRANSFER SELM: his boat reaches friendly ships within 12" of TENN (ruling RC-6)', 'within reach: GAIN'],
    ])
    expect(errors(damaged({ 'commander:CSA:white': 3 }), 'CSA', 'TRANSFER SELM')[0]![1]).toBe(
      'TRANSFER: a Stubborn fleet commander stays with his flagship all game (§4 L199)',
    )
  })

  it('§4 L203 an Intelligent commander goes at once; his qualities now stand in for Selma’s captain', () => {
    const step = play(damaged(), { CSA: 'TRANSFER SELM' })
    expect(step.state.commanders.CSA.aboard).toBe('SELM')
    expect(step.narrative.map((n) => n.text)).toContain(
      'The CSA fleet commander shifts his flag from CSS Tennessee to CSS Selma',
    )
  })

  it('§4 L199 a Reckless commander leaves only on a 5-6, and only his side hears that he stayed', () => {
    const stays = play(
      damaged({ 'commander:CSA:white': 5 }),
      { CSA: 'TRANSFER SELM' },
      { 'm1:commander:CSA:transfer': 4 },
    )
    expect(stays.state.commanders.CSA.aboard).toBe('TENN')
    const said = stays.narrative.find((n) => n.text.startsWith('The CSA fleet commander stays'))!
    expect(said.audience).toEqual({ kind: 'roles', roles: ['CSA'] })
    const goes = play(
      damaged({ 'commander:CSA:white': 5 }),
      { CSA: 'TRANSFER SELM' },
      { 'm1:commander:CSA:transfer': 5 },
    )
    expect(goes.state.commanders.CSA.aboard).toBe('SELM')
  })
})

describe('digest §1.3 ruling RC-54 a silent ship with no directive holds on, but not onto the land', () => {
  it('§8 L489 with Mobile Point across her bow she turns clear instead of running ashore; only her side is told', () => {
    const s = fresh()
    s.ships.TECU!.pose = { pos: { x: 38000, y: 11000 }, heading: 0 }
    const step = play(s, {})
    expect(step.state.aground.TECU).toBeUndefined()
    expect(step.state.ships.TECU!.pose.heading).not.toBe(0)
    const note = step.narrative.find((n) => /keep clear of danger ahead/.test(n.text))!
    expect(note.text).toMatch(/^USS Tecumseh has no orders and holds on, but turns to (port|starboard) \d+/)
    expect(note.audience).toEqual({ kind: 'roles', roles: ['USA'] })
    const written = play(fresh(), { USA: 'TECU: SPEED 6' })
    expect(written.narrative.some((n) => /keep clear/.test(n.text))).toBe(false)
  })
})

describe('ruling RC-63 the scenarios start their columns on FOLLOW directives', () => {
  it('digest §6.2 Passing the Fort: Chickasaw follows Tecumseh, Metacomet Galena, at the gaps they deploy with', () => {
    expect(fresh().directives).toEqual({
      CHIC: { kind: 'FOLLOW', ship: 'TECU', gap: 1480 },
      META: { kind: 'FOLLOW', ship: 'GALE', gap: 1850 },
    })
  })

  it('digest §6.3 Above the Bluffs: each Union column follows its leader; the Confederates get none', () => {
    const s = ruleset.setup('above-the-bluffs', {}, riverCoastalFactory.defaultPack(), calm())
    expect(s.directives).toEqual({
      CINC: { kind: 'FOLLOW', ship: 'CARO', gap: 4500 },
      STLO: { kind: 'FOLLOW', ship: 'MOUN', gap: 4500 },
    })
  })

  it('digest §4.4 the default directives are secret to their side, and a silent follower keeps to hers', () => {
    const s = fresh()
    expect(JSON.stringify(ruleset.reportModel(s, csa))).not.toContain('FOLLOW')
    expect(JSON.stringify(ruleset.reportModel(s, usa))).toContain('FOLLOW TECU 1.48')
    const step = play(s, { USA: 'TECU: SPEED 8' })
    const told = step.narrative.find((n) => n.text === 'USS Chickasaw keeps to her directive, FOLLOW TECU 1.48')!
    expect(told.audience).toEqual({ kind: 'roles', roles: ['USA'] })
    expect(step.state.ships.CHIC!.speed).toBe(8)
  })
})
