// The Rebel Raiders turn as the engine runs it (RB 5): orders checked on receipt, each phase
// resolved with forced dice through the kit's given/when/then helper.
import { describe, expect, it } from 'vitest'
import { given, LabelledDice } from '../helpers/spec.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'

const rs = createRebelRaiders(rebelRaidersFactory.defaultPack() as never)
const start = () => rs.setup('1861', {}, rebelRaidersFactory.defaultPack(), new LabelledDice([])) as RrState
const piece = (s: RrState, id: string) => s.pieces.find((p) => p.id === id)

describe('RB 5: the turn', () => {
  it('opens with the Confederate move of April 1861, awaiting the Confederate orders; the Union may send standing orders only', () => {
    const s = start()
    expect(rs.awaiting(s)).toEqual([
      { kind: 'orders', role: 'confederate', label: 'Apr 1861: Confederate move and supply', phase: 'move' },
      {
        kind: 'orders',
        role: 'union',
        label: 'Apr 1861: standing orders during the Confederate move and supply',
        optional: true,
        phase: 'move',
      },
    ])
    expect(rs.parseOrders(s, 'union', 'PASS').errors[0]!.message).toBe(
      "it is the other player's phase: only REACT, POLICY, INTERCEPT, DEFEND, RETREAT, AIM, SHIELD, TOW lines are taken now",
    )
    expect(rs.parseOrders(s, 'union', 'INTERCEPT EACH').errors).toEqual([])
  })

  it('7.33, 9.12, 13.21: a runner sails to France & England and loads 2-VP cargo; the supply die costs points', () => {
    const run = given(rs, start())
      .orders('confederate', 'MOVE BR-6 WILM.BS > HATT > NATL > CHAN > FREN > LOAD')
      .dice({ 'supply die 1': 3 })
      .resolve()
    expect(piece(run.state, 'BR-6')).toMatchObject({ at: 'FREN', cargo: 2 })
    expect(run.state.vp).toBe(7)
    expect(run.state.phase).toBe('csa-build')
    expect(run.texts('9.1')).toEqual(['BR-6 loads cargo worth 2 VP in France & England.'])
  })

  it('9.3: loading needs a free marker: a 1-VP one in Europe when the 2-VP ones are out, none when all are', () => {
    const s = start()
    for (let i = 0; i < 6; i++) s.pieces.push({ id: `BR-${20 + i}`, side: 'CSA', type: 'runner', at: 'BERM', cargo: 2 })
    s.pieces.push({ id: 'BR-30', side: 'CSA', type: 'runner', at: 'FREN' })
    const one = given(rs, s).orders('confederate', 'MOVE BR-30 LOAD').dice({ 'supply die 1': 1 }).resolve()
    expect(piece(one.state, 'BR-30')!.cargo).toBe(1)
    for (let i = 0; i < 13; i++)
      s.pieces.push({ id: `BR-${40 + i}`, side: 'CSA', type: 'runner', at: 'BERM', cargo: 1 })
    const none = given(rs, s).orders('confederate', 'MOVE BR-30 LOAD').dice({ 'supply die 1': 1 }).resolve()
    expect(piece(none.state, 'BR-30')!.cargo).toBeUndefined()
    expect(none.texts('9.3')).toEqual(['No cargo marker is free: BR-30 loads nothing (9.3).'])
  })

  it('7.76, 10.3, 8.11: a raider caught by the West Gulf sloop sinks it, then raids for two', () => {
    const run = given(rs, start())
      .orders('confederate', 'MOVE RD-1 FJSP > NORL.BS > WGLF > RAID')
      .dice(
        {
          'search for RD-1 by SL-1': 6,
          'speed of RD-1': 1,
          'round 1: RD-1 at SL-1 (1)': 5,
          'round 1: SL-1 at RD-1 (1)': 1,
          'round 1: SL-1 at RD-1 (2)': 2,
          'raid by RD-1': 6,
          'supply die 1': 1,
        },
        'strict',
      )
      .resolve()
    expect(piece(run.state, 'SL-1')).toBeUndefined()
    expect(piece(run.state, 'RD-1')).toMatchObject({ at: 'WGLF' })
    expect(run.state.vp).toBe(11)
    expect(run.dice.unused()).toEqual([])
  })

  it('orders are checked on receipt as the resolution will check them', () => {
    const p = rs.parseOrders(start(), 'confederate', 'MOVE RD-1 WGLF\nMOVE BR-9 HATT\nBUILD RAIDER AT SPAI\nFLY AWAY')
    expect(p.errors.map((e) => [e.line, e.message])).toEqual([
      [
        1,
        'step 1: West Gulf is not next to New Orleans (RB 7.2): New Orleans borders Forts Jackson & St. Philip (FJSP), Baton Rouge (BTRG)',
      ],
      [2, 'no Confederate piece BR-9'],
      [3, 'BUILD belongs to a build phase; this is the csa move phase'],
      [4, 'unknown order FLY'],
    ])
    expect(p.errors[3]!.suggestion).toBe('did you mean PLAY?')
    const orders = rs.parseOrders(start(), 'confederate', 'XYZZYQ').errors[0]!.suggestion!
    expect(orders).toMatch(/^orders: MOVE, COMMAND, RELIEVE, ASSAULT, /)
    for (const w of [
      'COUNTERATTACK',
      'INTERCEPT',
      'POLICY',
      'BUILD',
      'REACT',
      'DEFEND',
      'PASS',
      'TOW',
      'ROLL',
      'LEE',
      'HUNT',
    ])
      expect(orders.split(/, |: /)).toContain(w)
  })
})

describe("RB 7.78: the Union's standing choice in a station", () => {
  it('INTERCEPT STACK makes the ships of a station roll one die, +1 for the second ship, when a runner comes in', () => {
    const s = start()
    s.phase = 'union-build'
    s.pieces.push(
      { id: 'SL-8', side: 'USA', type: 'sloop', at: 'CHAS.BS' },
      { id: 'SL-9', side: 'USA', type: 'sloop', at: 'CHAS.BS' },
    )
    const standing = given(rs, s).orders('union', 'INTERCEPT STACK AT CHAS.BS').resolve()
    expect(standing.state.intercept).toEqual({ 'CHAS.BS': 'stack' })
    const run = given(rs, standing.state)
      .orders('confederate', 'MOVE BR-5 CHAS.BS')
      .dice({ 'search for BR-5 by the stack': 4, 'speed of BR-5': 3, 'supply die 1': 1 }, 'strict')
      .resolve()
    expect(run.texts('7.78')[0]).toMatch(
      /^BR-5 slips past SL-8, SL-9 in Charleston Blockade Station \(Union SL-8\+SL-9 5, BR-5 5\)/,
    )
    expect(rs.parseOrders(s, 'union', 'INTERCEPT STACK AT HATT').errors[0]!.message).toMatch(/not a blockade station/)
  })
})

describe('RB 11: a Union assault from the sea', () => {
  it('7.73, 10.2, 10.25, 11.6: a sloop enters Savannah, fights its battery a round, lands and takes the port; the Confederacy pays for it', () => {
    const s = start()
    s.phase = 'union-move'
    const run = given(rs, s)
      .orders('union', 'MOVE SL-3 SAVA.BS > SAVA\nTACTICS SAVA 0')
      .dice(
        {
          'round 1: BT-8 at SL-3 (1)': 1,
          'round 1: BT-8 at SL-3 (2)': 4,
          'round 1: SL-3 at BT-8 (1)': 5,
          'round 1: SL-3 at BT-8 (2)': 2,
          'assault on SAVA: Union die 1': 6,
          'assault on SAVA: Confederate die 1': 2,
          'assault on SAVA: Confederate die 2': 3,
          'assault on SAVA: Confederate die 3': 4,
          'capture of SAVA': 2,
          'speed of BR-4': 1,
          'search for BR-4 by SL-3': 6,
        },
        'strict',
      )
      .resolve()
    expect(run.state.control.SAVA).toBe('USA')
    expect(run.state.citiesLost).toBe(1)
    expect(run.state.vp).toBe(10 - 2 - 2)
    expect(run.state.unionPawns).toBe(1)
    expect(run.state.pieces.filter((p) => p.at === 'SAVA' && p.side === 'CSA')).toEqual([])
  })
})

describe('RB 14-16: builds and the end of the turn', () => {
  it('build orders are checked whole on receipt, each refusal on its own line', () => {
    const s = start()
    s.phase = 'csa-build'
    const p = rs.parseOrders(s, 'confederate', 'BUILD RAIDER AT SPAI\nBUILD RAIDER AT FREN\nBUILD GUNBOAT AT ATLA')
    expect(p.errors.map((e) => [e.line, e.text, e.message])).toEqual([
      [2, 'BUILD RAIDER AT FREN', 'one raider a turn (14.24)'],
      [3, 'BUILD GUNBOAT AT ATLA', 'a gunboat is built in a Confederate ocean or river port (14.24)'],
    ])
  })

  it('the Union build places its free gunboats and new ships, and the turn moves on to August', () => {
    const s = start()
    s.phase = 'union-build'
    const run = given(rs, s).orders('union', 'BUILD GUNBOAT AT CINC\nBUILD SLOOP').resolve()
    expect(run.state.turn).toBe(2)
    expect(run.state.phase).toBe('csa-move')
    expect(
      run.state.pieces
        .filter((p) => p.side === 'USA' && p.type === 'gunboat')
        .map((p) => p.at)
        .sort(),
    ).toEqual(['CAIR', 'CAIR', 'CINC', 'NAVY', 'NAVY'])
    expect(run.state.arriving).toEqual([{ turn: 2, side: 'USA', type: 'sloop', at: 'NAVY' }])
    expect(run.state.unionPawns).toBe(2)
  })

  it('16.12: at the end of turn 12 without a Union victory the Confederacy wins', () => {
    const s = start()
    s.turn = 12
    s.phase = 'union-build'
    const run = given(rs, s).resolve()
    expect(run.state.finished).toBe(true)
    expect(rs.outcome(run.state)).toMatchObject({ winner: 'confederate' })
  })
})
