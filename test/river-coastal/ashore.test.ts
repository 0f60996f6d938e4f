import { describe, expect, it } from 'vitest'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { calm, deployed, play, ruleset } from './play.ts'

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

  describe('§12 L1123 ruling RC-64 a drawn melee goes on into the next move', () => {
    const misses = (m: number) =>
      Object.fromEntries(Object.entries(fortMisses).map(([k, v]) => [k.replace('m1:', `m${m}:`), v]))
    const drawn = () =>
      play(
        alongsideSelma(),
        { USA: 'DIRECTIVE CHIC NONE\nDIRECTIVE META NONE\nMETA: SPEED 0; BOARD SELMA 1' },
        {
          ...fortMisses,
          'm1:META:board:SELM:1:aboard': 5,
          'm1:META:board:SELM:1:attack': 3,
          'm1:META:board:SELM:1:defend': 3,
        },
      )

    it('§12 L1123 a tie keeps the party aboard, out of her company, with nobody lost', () => {
      const one = drawn()
      expect(one.narrative.map((e) => e.text)).toContain(
        "USS Metacomet's party 1 and the defenders of CSS Selma fight to a standstill (3 all); the melee goes on next move",
      )
      expect(one.state.melees).toEqual([{ attacker: 'META', target: 'SELM', party: 1 }])
      expect([one.state.ships.META!.crew.spare, one.state.ships.META!.cpvLost]).toEqual([3, 0])
      expect(one.state.ships.SELM!.cpvLost).toBe(0)
    })

    it('§12 L1121-1123 next move it is fought again with no order and no roll to get aboard: a win returns the party', () => {
      const two = play(
        drawn().state,
        { USA: 'META: SPEED 0' },
        { ...misses(2), 'm2:META:melee:SELM:1:attack': 5, 'm2:META:melee:SELM:1:defend': 1 },
      )
      expect(two.narrative.map((e) => e.text)).toContain(
        "USS Metacomet's party 1 beats a defender of CSS Selma (5 to 1)",
      )
      expect(two.state.melees).toEqual([])
      expect([two.state.ships.META!.crew.spare, two.state.ships.SELM!.cpvLost]).toEqual([4, 1])
    })

    it('§12 L1121-1123 a party beaten in the continued melee is lost; another tie fights on again', () => {
      const lost = play(
        drawn().state,
        {},
        { ...misses(2), 'm2:META:melee:SELM:1:attack': 1, 'm2:META:melee:SELM:1:defend': 4 },
      )
      expect([lost.state.ships.META!.crew.spare, lost.state.ships.META!.cpvLost, lost.state.melees]).toEqual([3, 1, []])
      const again = play(
        drawn().state,
        {},
        { ...misses(2), 'm2:META:melee:SELM:1:attack': 2, 'm2:META:melee:SELM:1:defend': 2 },
      )
      expect(again.state.melees).toEqual([{ attacker: 'META', target: 'SELM', party: 1 }])
    })
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
      'BOARD SELM 3: 1 to 2 parties a move (§12 L1115)',
    )
    const step = play(s, { USA: 'META: BOARD SELMA 1' }, fortMisses)
    expect(step.narrative.map((e) => e.text)).toContain('USS Metacomet is not alongside CSS Selma: no boarding')
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

describe('§9 L821-833 spar torpedoes', () => {
  const setup = () => {
    const s: RiverState = deployed(
      ruleset.setup(
        'above-the-bluffs',
        { spars: 'mans' },
        riverCoastalFactory.defaultPack(),
        calm({ 'weather:fog': 1 }),
      ),
    )
    s.ships.CARO!.speed = 0
    s.ships.MANS!.pose = { pos: { x: 21000, y: 14000 }, heading: 27000 }
    return s
  }

  it('§9 L823 only a ship declared at the start carries a spar, and it is good for one attack', () => {
    const s = setup()
    expect([s.ships.MANS!.spar, s.ships.ARKS!.spar]).toEqual(['fitted', 'none'])
    expect(ruleset.parseOrders(s, 'CSA', 'ARKS: SPAR CARO').errors[0]!.message).toBe(
      'SPAR: CSS Arkansas has no spar torpedo left (declared at the start, one use, §9 L823-825)',
    )
  })

  it('§9 L831 the spar goes off at bow contact with its target: 3-6 sinks her', () => {
    const step = play(setup(), { USA: 'CARO: SPEED 0', CSA: 'MANS: SPEED 2; SPAR CARO' }, { 'm1:MANS:spar:CARO': 4 })
    expect(step.narrative.map((e) => e.text)).toContain(
      "CSS Manassas's spar torpedo in the 3rd quarter (4) sinks USS Carondelet",
    )
    expect(step.state.ships.CARO!.status).toBe('sunk')
    expect(step.state.ships.MANS!.spar).toBe('used')
    // §4 L203: her loss sends the Union commander (Intelligent) to the nearest ship within 12"
    expect(step.state.commanders.USA.aboard).toBe('CINC')
  })

  it('§9 L829 ruling RC-38 a 2 goes off early: 20 SPV to the attacker, and the ram still strikes', () => {
    const step = play(
      setup(),
      { USA: 'CARO: SPEED 0\nDIRECTIVE CINC NONE', CSA: 'MANS: SPEED 2; SPAR CARO' },
      { 'm1:MANS:spar:CARO': 2 },
    )
    expect(step.state.ships.MANS!.spv).toBe(19)
    expect(step.narrative.some((e) => e.text.startsWith('CSS Manassas rams USS Carondelet'))).toBe(true)
  })
})
