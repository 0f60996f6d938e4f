// RB 10.35-10.36: standing battle orders (POLICY ... ON BATTLE) and where a side may retreat.
import { describe, expect, it } from 'vitest'
import { given, LabelledDice } from '../helpers/spec.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import { parseBattlePolicy } from '../../src/games/rebel-raiders/policies.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'

const rs = createRebelRaiders(rebelRaidersFactory.defaultPack() as never)
const start = (phase: RrState['phase']) => {
  const s = rs.setup('1861', {}, rebelRaidersFactory.defaultPack(), new LabelledDice([]))
  s.phase = phase
  return s
}

describe('battle orders', () => {
  it('are read on receipt, restated, and stand until replaced', () => {
    const s = start('union-move')
    const p = rs.parseOrders(
      s,
      'union',
      'POLICY ALL ON BATTLE: RETREAT IF lost >= 1; FIGHT\nPOLICY ALL ON BATTLE: HIDE',
    )
    expect(p.normalised).toEqual(['POLICY ALL ON BATTLE: RETREAT IF lost >= 1; FIGHT  # stands until replaced'])
    expect(p.errors[0]!.message).toBe('HIDE is not an answer to BATTLE; use FIGHT, RETREAT')
    const run = given(rs, s).orders('union', 'POLICY ALL ON BATTLE: RETREAT IF lost >= 1; FIGHT').resolve()
    expect(run.state.policies.USA.map((x) => x.text)).toEqual(['POLICY ALL ON BATTLE: RETREAT IF lost >= 1; FIGHT'])
  })
})

describe('RB 10.36 with the ship table: Union ironclads fall back to sea only towed', () => {
  /** SL-9 tows IC-8 (and SL-10 IC-9) from Chesapeake into the Norfolk station against GB-2; GB-2 sinks SL-9; the Union retreats. */
  const attack = (dice: Record<string, number>, pairs = [['SL-9', 'IC-8']], extra = '') => {
    const s = start('union-move')
    s.pieces = s.pieces.filter((p) => p.at !== 'NORF.BS' && p.id !== 'GB-2')
    s.pieces.push({ id: 'GB-2', side: 'CSA', type: 'gunboat', at: 'NORF.BS' })
    for (const [sloop, ironclad] of pairs)
      s.pieces.push(
        { id: sloop!, side: 'USA', type: 'sloop', at: 'CHES' },
        { id: ironclad!, side: 'USA', type: 'ironclad', at: 'CHES' },
      )
    s.policies.USA = [parseBattlePolicy('ALL ON BATTLE: RETREAT') as never]
    return given(rs, s)
      .orders('union', `${extra}MOVE ${pairs.flat().join(',')} NORF.BS`)
      .dice(dice, 'strict')
      .resolve()
  }

  it('10.36: an attacking ironclad whose towing sloop is sunk may not fall back to the coastal zone: it fights on', () => {
    const run = attack({
      'round 1: IC-8 at GB-2 (1)': 1,
      'round 1: SL-9 at GB-2 (1)': 1,
      'round 1: SL-9 at GB-2 (2)': 1,
      'round 1: GB-2 at SL-9 (1)': 5,
      'round 2: IC-8 at GB-2 (1)': 6,
      'round 2: GB-2 at IC-8 (1)': 1,
    })
    const at = (id: string) => run.state.pieces.find((p) => p.id === id)?.at
    expect([at('IC-8'), at('SL-9'), at('GB-2')]).toEqual(['NORF.BS', undefined, undefined])
    expect(run.texts('7.75')[0]).toMatch(
      /2 round\(s\); lost: SL-9, GB-2; round 1: IC-8 has no sloop to tow it back and fights on/,
    )
  })

  it('10.36: with a sloop left for one of two ironclads, the one the TOW order names falls back with it; the other fights on', () => {
    const run = attack(
      {
        'round 1: IC-8 at GB-2 (1)': 1,
        'round 1: IC-9 at GB-2 (1)': 1,
        'round 1: SL-9 at GB-2 (1)': 1,
        'round 1: SL-9 at GB-2 (2)': 1,
        'round 1: SL-10 at GB-2 (1)': 1,
        'round 1: SL-10 at GB-2 (2)': 1,
        'round 1: GB-2 at SL-9 (1)': 5,
        'round 2: IC-8 at GB-2 (1)': 6,
        'round 2: GB-2 at IC-8 (1)': 1,
      },
      [
        ['SL-9', 'IC-8'],
        ['SL-10', 'IC-9'],
      ],
      'TOW IC-9\n',
    )
    const at = (id: string) => run.state.pieces.find((p) => p.id === id)?.at
    expect([at('IC-9'), at('SL-10'), at('IC-8')]).toEqual(['CHES', 'CHES', 'NORF.BS'])
    expect(run.texts('10.36')).toEqual([
      'SL-10 leaves the fight for Chesapeake.',
      'IC-9 leaves the fight for Chesapeake.',
    ])
  })
})

describe('RB 10.36, 10.41: the attacker falls back', () => {
  it('a Union stack that loses a ship at Norfolk falls back to the station as its orders say: a repulse', () => {
    const s = start('union-move')
    s.policies.USA = [parseBattlePolicy('ALL ON BATTLE: RETREAT IF lost >= 1; FIGHT') as never]
    const run = given(rs, s)
      .orders('union', 'MOVE SL-6,GB-5 CHES > NORF.BS > NORF')
      .dice(
        {
          'round 1: BT-5 at SL-6 (1)': 1,
          'round 1: BT-5 at SL-6 (2)': 1,
          'round 1: GB-2 at GB-5 (1)': 4,
          'round 1: SL-6 at GB-2 (1)': 1,
          'round 1: SL-6 at GB-2 (2)': 1,
          'round 1: GB-5 at GB-2 (1)': 1,
          'repulse at NORF: first die': 5,
          'repulse at NORF: second die': 2,
        },
        'strict',
      )
      .resolve()
    expect(run.state.pieces.find((p) => p.id === 'SL-6')!.at).toBe('NORF.BS')
    expect(run.state.pieces.find((p) => p.id === 'GB-5')).toBeUndefined()
    expect(run.state.vp).toBe(13)
    expect(run.state.control.NORF).toBeUndefined()
    expect(run.state.unionPawns).toBe(1)
  })
})

describe('RB 10.36, 10.42: the defender retreats', () => {
  it('a Confederate gunboat in Memphis may fall back down the river to Vicksburg; the assault then goes ahead', () => {
    const s = start('union-move')
    s.control.IS10 = 'USA'
    s.pieces = s.pieces.filter((p) => p.at !== 'IS10')
    s.pieces.push({ id: 'GB-9', side: 'USA', type: 'gunboat', at: 'IS10' })
    s.policies.CSA = [parseBattlePolicy('ALL ON BATTLE: RETREAT') as never]
    const run = given(rs, s)
      .orders('union', 'MOVE GB-9 MEMP')
      .dice(
        {
          'round 1: GB-1 at GB-9 (1)': 1,
          'round 1: GB-9 at GB-1 (1)': 1,
          'assault on MEMP: Union die 1': 6,
          'assault on MEMP: Confederate die 1': 1,
          'assault on MEMP: Confederate die 2': 2,
          'capture of MEMP': 2,
        },
        'strict',
      )
      .resolve()
    expect(run.state.pieces.find((p) => p.id === 'GB-1')!.at).toBe('VICK')
    expect(run.state.control.MEMP).toBe('USA')
    expect(run.texts('10.36')).toEqual(['GB-1 retreats to Vicksburg.'])
  })
})

describe('RB 10.36: Union ironclads towed out of a station into a coastal zone', () => {
  /** A Confederate gunboat attacks Union ironclads and a sloop in the Norfolk station; the Union retreats. */
  const attackOnNorfolkStation = (dice: Record<string, number>, ironclads = ['IC-8', 'IC-9']) => {
    const s = start('csa-move')
    s.pieces = s.pieces.filter((p) => p.at !== 'NORF.BS')
    for (const id of ironclads) s.pieces.push({ id, side: 'USA', type: 'ironclad', at: 'NORF.BS' })
    s.pieces.push({ id: 'SL-9', side: 'USA', type: 'sloop', at: 'NORF.BS' })
    s.policies.USA = [parseBattlePolicy('ALL ON BATTLE: RETREAT') as never]
    return given(rs, s)
      .orders('confederate', 'MOVE GB-2 NORF.BS')
      .dice({ ...dice, 'supply die 1': 3 }, 'strict')
      .resolve()
  }

  it('10.36: the sloop tows one ironclad into Chesapeake; the other, with no sloop to tow it, fights on until the gunboat is sunk', () => {
    const run = attackOnNorfolkStation({
      'round 1: IC-8 at GB-2 (1)': 1,
      'round 1: IC-9 at GB-2 (1)': 1,
      'round 1: SL-9 at GB-2 (1)': 1,
      'round 1: SL-9 at GB-2 (2)': 1,
      'round 1: GB-2 at SL-9 (1)': 1,
      'round 2: IC-9 at GB-2 (1)': 2,
      'round 2: GB-2 at IC-9 (1)': 1,
      'round 3: IC-9 at GB-2 (1)': 6,
      'round 3: GB-2 at IC-9 (1)': 1,
    })
    const at = (id: string) => run.state.pieces.find((p) => p.id === id)?.at
    expect([at('IC-8'), at('SL-9'), at('IC-9'), at('GB-2')]).toEqual(['CHES', 'CHES', 'NORF.BS', undefined])
    expect(run.texts('7.75')[0]).toMatch(
      /3 round\(s\); lost: GB-2; round 1: IC-9 has no sloop to tow it out and fights on/,
    )
    expect(run.texts('10.36')).toEqual([
      'IC-8 leaves the fight for Chesapeake.',
      'SL-9 leaves the fight for Chesapeake.',
    ])
  })

  it('10.36: with a sloop for each ironclad the whole stack retreats after the first round', () => {
    const run = attackOnNorfolkStation(
      {
        'round 1: IC-8 at GB-2 (1)': 1,
        'round 1: SL-9 at GB-2 (1)': 1,
        'round 1: SL-9 at GB-2 (2)': 1,
        'round 1: GB-2 at SL-9 (1)': 1,
      },
      ['IC-8'],
    )
    expect(run.texts('10.36')).toEqual(['IC-8, SL-9 retreat to Chesapeake.'])
    expect(run.state.pieces.find((p) => p.id === 'GB-2')!.at).toBe('NORF.BS')
  })
})

describe("RB 10.36: which ironclads the sloops tow out of a station is the Union's choice", () => {
  const misses = [{ label: /./, values: Array(40).fill(1) }]
  const CSA = { kind: 'role', role: 'confederate' } as never
  /** Two Union ironclads and one sloop in the Norfolk station, attacked by a Confederate gunboat; the Union retreats. */
  const attacked = (tow?: string[]) => {
    const s = start('csa-move')
    s.pieces = s.pieces.filter((p) => p.at !== 'NORF.BS')
    for (const id of ['IC-8', 'IC-9']) s.pieces.push({ id, side: 'USA', type: 'ironclad', at: 'NORF.BS' })
    s.pieces.push({ id: 'SL-9', side: 'USA', type: 'sloop', at: 'NORF.BS' })
    s.policies.USA = [parseBattlePolicy('ALL ON BATTLE: RETREAT') as never]
    if (tow) s.tow = tow
    return s
  }
  /** The gunboat is sunk in the second round by the ironclad left behind. */
  const sinks = (left: string) => [{ label: `round 2: ${left} at GB-2 (1)`, values: 6 }, ...misses]
  const at = (run: { state: RrState }, id: string) => run.state.pieces.find((p) => p.id === id)?.at

  it('10.36 standing order: TOW IC-9 has the sloop tow IC-9 out; IC-8 fights on', () => {
    const run = given(rs, attacked(['IC-9']))
      .orders('confederate', 'MOVE GB-2 NORF.BS')
      .dice(sinks('IC-8'))
      .resolve()
    expect(run.questions).toEqual([])
    expect([at(run, 'IC-9'), at(run, 'SL-9'), at(run, 'IC-8')]).toEqual(['CHES', 'CHES', 'NORF.BS'])
    expect(run.texts('7.75')[0]).toMatch(/round 1: IC-8 has no sloop to tow it out and fights on/)
  })

  it('10.36 without a TOW order a question to the Union, by default the ironclad listed first (ruling RR-D1)', () => {
    const run = given(rs, attacked()).orders('confederate', 'MOVE GB-2 NORF.BS').dice(sinks('IC-9')).resolve()
    expect(run.questions).toHaveLength(1)
    const q = run.questions[0]!
    expect(q.role).toBe('union')
    expect(q.options.map((o) => o.id)).toEqual(['IC-8', 'IC-9'])
    expect(q.defaultOption).toBe('IC-8')
    expect([at(run, 'IC-8'), at(run, 'IC-9')]).toEqual(['CHES', 'NORF.BS'])
    const answered = given(rs, attacked())
      .orders('confederate', 'MOVE GB-2 NORF.BS')
      .answers({ [q.decisionId]: 'IC-9' })
      .dice(sinks('IC-8'))
      .resolve()
    expect([at(answered, 'IC-9'), at(answered, 'IC-8')]).toEqual(['CHES', 'NORF.BS'])
  })

  it('10.36 TOW is read on receipt: the Union names its own ironclads, stands until changed, TOW OFF clears it', () => {
    const s = start('union-move')
    const msg = (role: string, text: string) => rs.parseOrders(s, role, text).errors.map((e) => e.message)
    expect(msg('union', 'TOW IC-1')).toEqual([])
    expect(rs.parseOrders(s, 'union', 'TOW IC-1').normalised).toEqual(['TOW IC-1  # stands until changed, 10.36'])
    expect(msg('union', 'TOW SL-6')[0]).toMatch(/^SL-6 is a sloop; TOW names your ironclads: /)
    expect(msg('confederate', 'TOW IC-1')[0]).toMatch(/only the Union chooses/)
    const run = given(rs, s).orders('union', 'TOW IC-1\nPASS').resolve()
    expect(run.state.tow).toEqual(['IC-1'])
    expect(given(rs, run.state).orders('union', 'TOW OFF\nPASS').resolve().state.tow).toBeUndefined()
  })

  it('10.36 fog: the Confederate learns the choice only from the ironclads that leave', () => {
    const run = given(rs, attacked(['IC-9']))
      .orders('confederate', 'MOVE GB-2 NORF.BS')
      .dice(sinks('IC-8'))
      .resolve()
    const seen = run.seenBy(CSA).join('\n')
    expect(seen).toMatch(/IC-9 leaves the fight for Chesapeake/)
    expect(seen).not.toMatch(/TOW IC-9|which ironclads/)
    expect(JSON.stringify(rs.view(run.state, CSA))).not.toMatch(/"tow"/)
    const form = (role: string) =>
      (rs.reportModel!(run.state, { kind: 'role', role } as never) as { orderForm: string[] }).orderForm.join('\n')
    expect(form('union')).toMatch(/TOW IC-9/)
    expect(form('confederate')).not.toMatch(/TOW/)
  })
})

describe('RB 10.36: a raider or the Albemarle (#75) leaves a station for its coastal zone', () => {
  const MISSES = { 'round 1: IC-20 at SL-6 (1)': 1, 'round 1: SL-6 at IC-20 (1)': 1, 'round 1: SL-6 at IC-20 (2)': 1 }
  /** Union-held Norfolk: a Union sloop comes out of Chesapeake Bay at a Confederate ship in the Norfolk station. */
  const sloopAtTheStation = (type: 'ironclad' | 'gunboat', named: boolean, dice: Record<string, number>) => {
    const s = start('union-move')
    s.control.NORF = 'USA'
    s.pieces = s.pieces.filter((p) => p.at !== 'NORF.BS')
    s.pieces.push({ id: 'IC-20', side: 'CSA', type, at: 'NORF.BS' })
    if (named) s.named.push({ ship: 'IC-20', card: 75, until: 'afloat' })
    s.policies.CSA = [parseBattlePolicy('ALL ON BATTLE: RETREAT') as never]
    return given(rs, s).orders('union', 'MOVE SL-6 CHES > NORF.BS').dice(dice, 'strict').resolve()
  }

  it('10.36: the Albemarle, Chesapeake Bay being one of its zones, retreats there with Norfolk lost', () => {
    const run = sloopAtTheStation('ironclad', true, MISSES)
    expect(run.texts('10.36')).toEqual(['IC-20 retreats to Chesapeake.'])
    expect(run.state.pieces.find((p) => p.id === 'IC-20')!.at).toBe('CHES')
  })

  it('10.36 standing order: RETREAT names the Albemarle, which goes to its port when told so', () => {
    const s = start('union-move')
    s.named.push({ ship: 'IC-20', card: 75, until: 'afloat' })
    s.pieces.push({ id: 'IC-20', side: 'CSA', type: 'ironclad', at: 'NORF.BS' })
    expect(rs.parseOrders(s, 'confederate', 'RETREAT IC-20 TO NORF').errors).toEqual([])
    expect(rs.parseOrders(s, 'confederate', 'RETREAT IC-1 TO NORF').errors[0]!.message).toMatch(/IC-1 is/)
  })

  it('10.36: a Confederate gunboat there has nowhere to go and fights on until sunk', () => {
    const run = sloopAtTheStation('gunboat', false, {
      ...MISSES,
      'round 2: IC-20 at SL-6 (1)': 1,
      'round 2: SL-6 at IC-20 (1)': 6,
      'round 2: SL-6 at IC-20 (2)': 1,
    })
    expect(run.texts('10.36')).toEqual([])
    expect(run.state.pieces.some((p) => p.id === 'IC-20')).toBe(false)
  })
})

describe("RB 10.36: where a raider defending a station retreats is the Confederate player's choice", () => {
  const USA = { kind: 'role', role: 'union' } as never
  const misses = [{ label: /./, values: Array(40).fill(1) }]
  /** A Union sloop comes out of Chesapeake Bay at a raider and a gunboat in the Norfolk station. */
  const station = (norfolk: 'CSA' | 'USA') => {
    const s = start('union-move')
    s.control.NORF = norfolk
    s.pieces = s.pieces.filter((p) => p.at !== 'NORF.BS')
    s.pieces.push({ id: 'RD-9', side: 'CSA', type: 'raider', at: 'NORF.BS' })
    s.pieces.push({ id: 'GB-20', side: 'CSA', type: 'gunboat', at: 'NORF.BS' })
    s.policies.CSA = [parseBattlePolicy('ALL ON BATTLE: RETREAT') as never]
    return s
  }
  const at = (run: { state: RrState }, id: string) => run.state.pieces.find((p) => p.id === id)?.at

  it('10.36 standing order: RETREAT RD-9 TO CHES sends the raider out to sea, the gunboat to its port', () => {
    const s = station('CSA')
    s.retreatTo = { 'RD-9': ['CHES'] }
    const run = given(rs, s).orders('union', 'MOVE SL-6 CHES > NORF.BS').dice(misses).resolve()
    expect([at(run, 'RD-9'), at(run, 'GB-20')]).toEqual(['CHES', 'NORF'])
    expect(run.questions).toEqual([])
    expect(run.texts('10.36').sort()).toEqual(['GB-20 retreats to Norfolk.', 'RD-9 retreats to Chesapeake.'])
  })

  it('10.36 without a standing order a question to the Confederate, its default the port (ruling RR-D1)', () => {
    const run = given(rs, station('CSA')).orders('union', 'MOVE SL-6 CHES > NORF.BS').dice(misses).resolve()
    expect(run.questions).toHaveLength(1)
    const q = run.questions[0]!
    expect(q.role).toBe('confederate')
    expect(q.options.map((o) => o.id)).toEqual(['NORF', 'CHES'])
    expect(q.defaultOption).toBe('NORF')
    expect([at(run, 'RD-9'), at(run, 'GB-20')]).toEqual(['NORF', 'NORF'])
    const answered = given(rs, station('CSA'))
      .orders('union', 'MOVE SL-6 CHES > NORF.BS')
      .answers({ [q.decisionId]: 'CHES' })
      .dice(misses)
      .resolve()
    expect([at(answered, 'RD-9'), at(answered, 'GB-20')]).toEqual(['CHES', 'NORF'])
  })

  it('10.36 with the port lost the raider puts to sea and the gunboat, with nowhere to go, fights on', () => {
    const run = given(rs, station('USA'))
      .orders('union', 'MOVE SL-6 CHES > NORF.BS')
      .dice([{ label: 'round 2: SL-6 at GB-20 (1)', values: 6 }, ...misses])
      .resolve()
    expect(run.questions).toEqual([])
    expect(at(run, 'RD-9')).toBe('CHES')
    expect(at(run, 'GB-20')).toBeUndefined()
    expect(run.texts('7.75')[0]).toMatch(/2 round\(s\); lost: GB-20/)
    expect(run.texts('10.36')).toEqual(['RD-9 leaves the fight for Chesapeake.'])
  })

  it('10.36 fog: the Union learns the choice only from where the raider goes', () => {
    const s = station('CSA')
    const run = given(rs, s)
      .orders('confederate', 'RETREAT ALL TO CHES')
      .orders('union', 'MOVE SL-6 CHES > NORF.BS')
      .dice(misses)
      .resolve()
    const seen = run.seenBy(USA).join('\n')
    expect(seen).toMatch(/RD-9 retreats to Chesapeake/)
    expect(seen).not.toMatch(/RETREAT ALL|its default|where does it retreat/)
    expect(JSON.stringify(rs.view(run.state, USA))).not.toMatch(/retreatTo/)
  })
})
