// Rules the judge once applied otherwise than the rule book, each named by its rule.
import { describe, expect, it } from 'vitest'
import { given, LabelledDice } from '../helpers/spec.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'
import { REBEL_ORDER_WORDS } from '../../src/games/rebel-raiders/orders.ts'

const pack = rebelRaidersFactory.defaultPack()
const rs = createRebelRaiders(pack as never)
const start = (phase: RrState['phase'], turn = 1) => {
  const s = rs.setup('1861', {}, pack, new LabelledDice([]))
  s.phase = phase
  s.turn = turn
  return s
}
const errors = (s: RrState, role: string, text: string) =>
  rs.parseOrders(s, role, text).errors.map((e) => [e.line, e.message])

describe('RB 11.63: the Union tactics on an assault', () => {
  it('11.63 Union in 1861 must roll its one assault die: TACTICS 1 refused at receipt', () => {
    const s = start('union-move')
    s.unionPawns = 1
    const e = errors(s, 'union', 'ASSAULT IS10 FROM CAIR TACTICS 1')
    expect(e).toHaveLength(1)
    expect(e[0]![1]).toMatch(/1861 .*1 assault die.*TACTICS may be 0 only \(11\.63\)/)
    expect(errors(s, 'union', 'ASSAULT IS10 FROM CAIR TACTICS 0')).toEqual([])
  })

  it('11.63 three is the most, and card dice cannot be traded: TACTICS 4 refused at receipt in 1864', () => {
    const s = start('union-move', 10)
    s.unionPawns = 1
    expect(errors(s, 'union', 'ASSAULT IS10 FROM CAIR TACTICS 4')[0]![1]).toMatch(
      /1864 .*4 assault dice.*TACTICS may be 0, 1, 2, 3 \(11\.63\)/,
    )
    expect(errors(s, 'union', 'TACTICS SAVA 4')[0]![1]).toMatch(/TACTICS may be 0, 1, 2, 3/)
    expect(errors(s, 'union', 'ASSAULT IS10 FROM CAIR TACTICS 3')).toEqual([])
  })

  it('11.63 an accepted assault with tactics resolves without throwing', () => {
    const s = start('union-move', 4)
    s.unionPawns = 1
    expect(errors(s, 'union', 'ASSAULT IS10 FROM CAIR TACTICS 1')).toEqual([])
    const run = given(rs, s).orders('union', 'ASSAULT IS10 FROM CAIR TACTICS 1').resolve()
    expect(run.state.phase).not.toBe('union-move')
  })
})

describe('RB 7.6-7.7: searches', () => {
  it('7.61 a sloop that drops its ironclad off may search afterwards: the tow has ended', () => {
    const s = start('union-move')
    s.pieces.push({ id: 'IC-1', side: 'USA', type: 'ironclad', at: 'NAVY' })
    s.pieces.push({ id: 'BR-9', side: 'CSA', type: 'runner', at: 'NBRN.BS' })
    expect(errors(s, 'union', 'MOVE SL-6,IC-1 CHES > HATT > NBRN.BS > DROP(IC-1) > SEARCH(BR-9)')).toEqual([])
    expect(errors(s, 'union', 'MOVE SL-6,IC-1 CHES > HATT > NBRN.BS > SEARCH(BR-9)')[0]![1]).toMatch(
      /towing an ironclad may not search \(RB 7\.61\)/,
    )
    const run = given(rs, s)
      .orders('union', 'MOVE SL-6,IC-1 CHES > HATT > NBRN.BS > DROP(IC-1) > SEARCH(BR-9)')
      .dice({ 'search for BR-9 by SL-6': 6, 'speed of BR-9': 1 }, 'strict')
      .resolve()
    expect(run.state.pieces.some((p) => p.id === 'BR-9')).toBe(false)
    expect(run.state.pieces.find((p) => p.id === 'IC-1')!.at).toBe('NBRN.BS')
  })

  it('7.76 SEARCH+1 adds one to the search die as well as costing 4 MP', () => {
    const s = start('union-move')
    s.pieces.push({ id: 'BR-9', side: 'CSA', type: 'runner', at: 'CHES' })
    const run = given(rs, s)
      .orders('union', 'MOVE SL-6 CHES > SEARCH(BR-9)+1')
      .dice({ 'search for BR-9 by SL-6': 5, 'speed of BR-9': 3 }, 'strict')
      .resolve()
    // 5 + 1 beats the runner's 3 + 2; without the +1 the runner would win the tie.
    expect(run.state.pieces.some((p) => p.id === 'BR-9')).toBe(false)
    expect(run.texts('7.78')[0]).toMatch(/BR-9 is caught .*SL-6 6, BR-9 5/)
  })
})

describe('RB 10.43: the search after an ocean port is captured', () => {
  it('10.43 follows the blockade station procedure (7.78): the Union stack may roll one die, +1 a ship beyond the first', () => {
    const s = start('union-move')
    s.pieces = s.pieces.filter((p) => p.at !== 'SAVA' || p.type === 'runner')
    s.pieces.push({ id: 'SL-9', side: 'USA', type: 'sloop', at: 'SAVA.BS' })
    s.pieces.push({ id: 'GB-9', side: 'USA', type: 'gunboat', at: 'SAVA.BS' })
    const runner = s.pieces.find((p) => p.at === 'SAVA' && p.type === 'runner')!.id
    const run = given(rs, s)
      .orders('union', 'INTERCEPT STACK AT SAVA.BS\nMOVE SL-9,GB-9 SAVA')
      .dice({
        'assault on SAVA: Union die 1': 6,
        'assault on SAVA: Confederate die 1': 1,
        'assault on SAVA: Confederate die 2': 1,
        [`search for ${runner} by the stack`]: 4,
        [`speed of ${runner}`]: 4,
      })
      .resolve()
    expect(run.state.control.SAVA).toBe('USA')
    expect(run.labels).toContain(`search for ${runner} by the stack`)
    // 4 + 1 for the second ship beats the runner's bare 4 in the port (7.72: no +2 there).
    expect(run.state.pieces.some((p) => p.id === runner)).toBe(false)
  })
})

describe('RB 8.13 with 7.61: raids beside a towing sloop', () => {
  it('8.13 a sloop still towing an ironclad since the Union move neither intercepts nor stops a raid', () => {
    const s = start('union-move')
    s.pieces.push({ id: 'IC-1', side: 'USA', type: 'ironclad', at: 'NAVY' })
    s.pieces.push({ id: 'RD-9', side: 'CSA', type: 'raider', at: 'HATT' })
    const union = given(rs, s).orders('union', 'MOVE SL-6,IC-1 CHES').resolve()
    expect(union.state.towing).toEqual({ 'SL-6': 'IC-1' })
    const build = given(rs, union.state).resolve()
    expect(build.state.phase).toBe('csa-move')
    const raid = given(rs, build.state).orders('confederate', 'MOVE RD-9 CHES > RAID').resolve()
    expect(raid.labels).toContain('raid by RD-9')
    expect(raid.labels.filter((l) => /SL-6|speed of RD-9/.test(l))).toEqual([])
  })

  it('8.13 a sloop that dropped its ironclad in port stops raids again', () => {
    const s = start('union-move')
    s.pieces.push({ id: 'IC-1', side: 'USA', type: 'ironclad', at: 'NAVY' })
    s.pieces.push({ id: 'RD-9', side: 'CSA', type: 'raider', at: 'HATT' })
    const union = given(rs, s).orders('union', 'MOVE SL-6,IC-1 CHES > NAVY > DROP(IC-1) > CHES').resolve()
    expect(union.state.towing).toEqual({})
    const build = given(rs, union.state).resolve()
    const raid = given(rs, build.state).orders('confederate', 'MOVE RD-9 CHES > RAID').resolve()
    expect(raid.labels).toContain('search for RD-9 by SL-6')
  })
})

describe('RB 10.36: where attackers retreat', () => {
  it('10.36 Confederate attackers that retreat go back to the space they entered the battle from', () => {
    const s = start('csa-move')
    s.pieces.push({ id: 'SL-9', side: 'USA', type: 'sloop', at: 'NORF.BS' })
    const run = given(rs, s)
      .orders('confederate', 'POLICY ALL ON BATTLE: RETREAT\nMOVE GB-2 NORF.BS')
      .dice([{ label: /./, values: Array(20).fill(1) }])
      .resolve()
    expect(run.state.pieces.find((p) => p.id === 'GB-2')!.at).toBe('NORF')
    expect(run.texts('10.36')).toContain('GB-2 falls back to Norfolk.')
  })
})

describe('RB 14.22, 14.24, 15.42: arriving ironclads and the builds beside them', () => {
  const arriving = (s: RrState, side: 'CSA' | 'USA', at: string | null) =>
    s.arriving.push({ turn: s.turn, side, type: 'ironclad', at })

  it('14.24 no other Confederate ship is built in the port where an ironclad is placed this build', () => {
    const s = start('csa-build', 2)
    arriving(s, 'CSA', null)
    expect(errors(s, 'confederate', 'PLACE IRONCLAD AT WILM\nBUILD GUNBOAT AT WILM')).toEqual([
      [2, 'an ironclad is placed in Wilmington this build: no other ship is built there (14.24)'],
    ])
    expect(errors(s, 'confederate', 'PLACE IRONCLAD AT WILM\nBUILD GUNBOAT AT CHAS')).toEqual([])
    const run = given(rs, s).orders('confederate', 'PLACE IRONCLAD AT WILM\nBUILD GUNBOAT AT CHAS').resolve()
    expect(run.texts('14.24').some((t) => /not carried out/.test(t))).toBe(false)
  })

  it('15.42 no Union gunboat is built in St. Louis the build an ironclad is placed there', () => {
    const s = start('union-build', 2)
    arriving(s, 'USA', 'STLO')
    expect(errors(s, 'union', 'BUILD GUNBOAT AT STLO')).toEqual([
      [1, 'an ironclad is placed in STLO this build: no gunboat is built there (15.42)'],
    ])
    expect(errors(s, 'union', 'BUILD GUNBOAT AT CAIR')).toEqual([])
    // The same check at resolution, after the ironclad has taken its place.
    const plain = start('union-build', 2)
    arriving(plain, 'USA', 'STLO')
    const run = given(rs, plain).resolve()
    expect(run.state.pieces.some((p) => p.type === 'ironclad' && p.at === 'STLO')).toBe(true)
  })
})

describe("RB 14.22: where an arriving Confederate ironclad is placed is the Confederate player's choice", () => {
  const withIronclad = () => {
    const s = start('csa-build', 2)
    s.arriving.push({ turn: 2, side: 'CSA', type: 'ironclad', at: null })
    return s
  }
  const CSA = { kind: 'role', role: 'confederate' } as never
  const USA = { kind: 'role', role: 'union' } as never

  it('14.22 standing order: PLACE IRONCLAD AT <port> puts it there', () => {
    const run = given(rs, withIronclad()).orders('confederate', 'PLACE IRONCLAD AT CHAS').resolve()
    expect(run.state.pieces.filter((p) => p.type === 'ironclad' && p.side === 'CSA').map((p) => p.at)).toEqual(['CHAS'])
  })

  it('14.22 refused at receipt with the legal ports: not a Confederate port, or two in one port', () => {
    const s = withIronclad()
    expect(errors(s, 'confederate', 'PLACE IRONCLAD AT NAVY')[0]![1]).toMatch(
      /^NAVY is not a Confederate port: choose one of NORF, NBRN, WILM, .* \(14\.22\)$/,
    )
    s.arriving.push({ turn: 2, side: 'CSA', type: 'ironclad', at: null })
    expect(errors(s, 'confederate', 'PLACE IRONCLAD AT CHAS\nPLACE IRONCLAD AT CHAS')[0]![1]).toMatch(
      /one new ironclad a port a turn/,
    )
    expect(errors(start('csa-build', 2), 'confederate', 'PLACE IRONCLAD AT CHAS')[0]![1]).toBe(
      'no Confederate ironclad arrives this turn (14.22)',
    )
  })

  it('14.22 default without a PLACE line: the first Confederate port in map order, told to its owner', () => {
    const run = given(rs, withIronclad()).resolve()
    expect(run.state.pieces.filter((p) => p.type === 'ironclad' && p.side === 'CSA').map((p) => p.at)).toEqual(['NORF'])
    expect(run.seenBy(CSA).some((t) => /No PLACE IRONCLAD line/.test(t))).toBe(true)
  })

  it('14.22 fog: the Union learns the placement only from the ironclad arriving', () => {
    const run = given(rs, withIronclad()).orders('confederate', 'PLACE IRONCLAD AT CHAS').resolve()
    const seen = run.seenBy(USA)
    expect(seen.some((t) => /arrives in Charleston/.test(t))).toBe(true)
    expect(seen.some((t) => /PLACE/.test(t))).toBe(false)
    expect(
      given(rs, withIronclad())
        .resolve()
        .seenBy(USA)
        .some((t) => /PLACE/.test(t)),
    ).toBe(false)
  })
})

describe('PB 18.61: sudden death at the end of any phase', () => {
  it('18.61 50 points reached by a raid win at the end of the Confederate move, before supply', () => {
    const s = start('csa-move', 7)
    s.options.rules = ['18.6']
    s.vp = 49
    s.pieces.push({ id: 'RD-9', side: 'CSA', type: 'raider', at: 'SATL' })
    const run = given(rs, s).orders('confederate', 'MOVE RD-9 RAID').dice({ 'raid by RD-9': 6 }).resolve()
    expect(run.state.finished).toBe(true)
    expect(run.state.winner).toBe('CSA')
    expect(run.texts('13.21')).toEqual([])
  })
})

describe("RB 6.12, 9.3: limits refused at receipt; what goes is the owner's choice (SCRAP)", () => {
  it('6.12 towing into a station that holds five Union warships is refused, naming the ships that could be scrapped', () => {
    const s = start('union-move')
    s.pieces.push({ id: 'IC-1', side: 'USA', type: 'ironclad', at: 'NAVY' })
    for (let i = 0; i < 5; i++) s.pieces.push({ id: `GB-${30 + i}`, side: 'USA', type: 'gunboat', at: 'NBRN.BS' })
    const e = errors(s, 'union', 'MOVE SL-6,IC-1 CHES > HATT > NBRN.BS')
    expect(e).toHaveLength(1)
    expect(e[0]).toEqual([
      1,
      'IC-1 would break the limit: New Berne Blockade Station holds at most 6 Union warships (6.12); to make room, SCRAP one of GB-30, GB-31, GB-32, GB-33, GB-34 (the choice is yours), or send fewer',
    ])
    expect(errors(s, 'union', 'SCRAP GB-30\nMOVE SL-6,IC-1 CHES > HATT > NBRN.BS')).toEqual([])
    const run = given(rs, s).orders('union', 'SCRAP GB-30\nMOVE SL-6,IC-1 CHES > HATT > NBRN.BS').resolve()
    expect(
      run.state.pieces
        .filter((p) => p.at === 'NBRN.BS' && p.side === 'USA')
        .map((p) => p.id)
        .sort(),
    ).toEqual(['GB-31', 'GB-32', 'GB-33', 'GB-34', 'IC-1', 'SL-6'])
    expect(run.texts('6.12')).toEqual(['GB-30 is scrapped by its owner in New Berne Blockade Station to make room.'])
  })

  it('6.12 a fourth battery in Charleston is refused at receipt', () => {
    const s = start('csa-build', 2)
    s.pieces.push({ id: 'BT-40', side: 'CSA', type: 'battery', at: 'CHAS' })
    s.pieces.push({ id: 'BT-41', side: 'CSA', type: 'battery', at: 'CHAS' })
    const e = errors(s, 'confederate', 'BUILD BATTERY AT CHAS')
    expect(e[0]![0]).toBe(1)
    expect(e[0]![1]).toMatch(
      /^the battery would break the limit: Charleston holds at most 3 Confederate batteries \(6\.12\); to make room, SCRAP one of /,
    )
  })

  it('6.12 a seventh runner in Nassau is refused at receipt', () => {
    const s = start('csa-move', 2)
    for (let i = 0; i < 6; i++) s.pieces.push({ id: `BR-${40 + i}`, side: 'CSA', type: 'runner', at: 'NASS' })
    s.pieces.push({ id: 'BR-49', side: 'CSA', type: 'runner', at: 'BAHA' })
    expect(errors(s, 'confederate', 'MOVE BR-49 NASS')[0]![1]).toMatch(
      /^BR-49 would break the limit: Nassau holds at most 6 Confederate blockade runners \(6\.12\)/,
    )
  })

  it('9.3 a LOAD for a runner that already carries cargo is refused at receipt', () => {
    const s = start('csa-move', 2)
    s.pieces.push({ id: 'BR-49', side: 'CSA', type: 'runner', at: 'BAHA', cargo: 1 })
    expect(errors(s, 'confederate', 'MOVE BR-49 NASS > LOAD')[0]![1]).toMatch(
      /BR-49 already carries cargo.*\(RB 9\.3, 9\.11\)/,
    )
    expect(errors(s, 'confederate', 'MOVE BR-49 NASS')).toEqual([])
  })
})

describe("RB 10.36: where a raider retreats after a round is the Confederate player's choice", () => {
  const caught = () => {
    const s = start('csa-move', 2)
    s.pieces.push({ id: 'RD-9', side: 'CSA', type: 'raider', at: 'HATT' })
    s.pieces.push({ id: 'SL-9', side: 'USA', type: 'sloop', at: 'SATL' })
    return s
  }
  const dice = [
    { label: 'search for RD-9 by SL-9', values: 6 },
    { label: 'speed of RD-9', values: 1 },
    { label: /./, values: Array(20).fill(1) },
  ]
  const USA = { kind: 'role', role: 'union' } as never

  it('10.36 standing order: RETREAT <raider> TO <zones> takes the first zone open to it', () => {
    const run = given(rs, caught())
      .orders('confederate', 'RETREAT RD-9 TO CHES,KEYS\nMOVE RD-9 SATL')
      .dice(dice)
      .resolve()
    expect(run.state.pieces.find((p) => p.id === 'RD-9')!.at).toBe('KEYS')
    expect(run.questions).toEqual([])
    expect(run.texts('10.36')).toContain('RD-9 retreats to The Keys.')
  })

  it('10.36 without a standing order a question, its default the zone the raider came from', () => {
    const run = given(rs, caught()).orders('confederate', 'MOVE RD-9 SATL').dice(dice).resolve()
    expect(run.questions).toHaveLength(1)
    const q = run.questions[0]!
    expect(q.role).toBe('confederate')
    expect(q.defaultOption).toBe('HATT')
    expect(q.options.map((o) => o.id).sort()).toEqual(['HATT', 'KEYS'])
    expect(run.state.pieces.find((p) => p.id === 'RD-9')!.at).toBe('HATT')
    const answered = given(rs, caught())
      .orders('confederate', 'MOVE RD-9 SATL')
      .answers({ [q.decisionId]: 'KEYS' })
      .dice(dice)
      .resolve()
    expect(answered.state.pieces.find((p) => p.id === 'RD-9')!.at).toBe('KEYS')
  })

  it('10.36 fog: the Union learns the choice only from where the raider goes', () => {
    const run = given(rs, caught()).orders('confederate', 'RETREAT ALL TO KEYS\nMOVE RD-9 SATL').dice(dice).resolve()
    const seen = run.seenBy(USA).join('\n')
    expect(seen).toMatch(/RD-9 retreats to The Keys/)
    expect(seen).not.toMatch(/RETREAT ALL|RETREAT RD-9/)
    expect(JSON.stringify(rs.view(run.state, USA))).not.toMatch(/KEYS"\]|retreatTo/)
  })
})

describe('RB 7.72, 10.42: a ship that escapes the search in a captured port leaves with the next Confederate move', () => {
  const captured = () => {
    const s = start('union-move')
    s.pieces = s.pieces.filter((p) => p.at !== 'SAVA' || p.type === 'runner')
    s.pieces.push({ id: 'SL-9', side: 'USA', type: 'sloop', at: 'SAVA.BS' })
    const runner = s.pieces.find((p) => p.at === 'SAVA' && p.type === 'runner')!.id
    const union = given(rs, s)
      .orders('union', 'MOVE SL-9 SAVA')
      .dice({
        'assault on SAVA: Union die 1': 6,
        'assault on SAVA: Confederate die 1': 1,
        'assault on SAVA: Confederate die 2': 1,
        [`search for ${runner} by SL-9`]: 1,
      })
      .resolve()
    return { runner, after: given(rs, union.state).resolve().state, union }
  }

  it("7.72 the escaped runner stays in the port, and its next move is the Confederate player's to write", () => {
    const { runner, after, union } = captured()
    expect(union.state.control.SAVA).toBe('USA')
    expect(union.state.pieces.find((p) => p.id === runner)!.at).toBe('SAVA')
    expect(union.texts('10.42')).toContain(
      `${runner} escapes the search and must leave Savannah with the next Confederate move (7.72).`,
    )
    expect(after.phase).toBe('csa-move')
    const run = given(rs, after).orders('confederate', `MOVE ${runner} SAVA.BS > SATL`).resolve()
    expect(run.state.pieces.find((p) => p.id === runner)?.at ?? 'caught').not.toBe('SAVA')
    expect(run.state.mustLeave).toBeUndefined()
  })

  it("7.72 default: given no move, it leaves for the port's station at the end of the move; the orders are warned", () => {
    const { runner, after } = captured()
    expect(rs.parseOrders(after, 'confederate', 'PASS').warnings.map((w) => w.message)).toContainEqual(
      expect.stringMatching(new RegExp(`^${runner} must leave SAVA this move`)),
    )
    const run = given(rs, after).orders('confederate', 'PASS').resolve()
    expect(run.state.pieces.find((p) => p.id === runner)!.at).toBe('SAVA.BS')
    expect(run.texts('10.42')).toContain(`${runner} leaves Savannah for Savannah Blockade Station (7.72).`)
    expect(run.texts('10.42')).toContain(`${runner} was given no move: it leaves by default (ruling RR-D1).`)
  })

  it("7.72 fog: the Union learns the escaped ship's move only from where it goes, never the orders nor that none was written", () => {
    const { runner, after } = captured()
    const written = given(rs, after).orders('confederate', `MOVE ${runner} SAVA.BS > SATL`).resolve()
    const usa = written.seenBy({ kind: 'role', role: 'union' } as never).join('\n')
    expect(usa).not.toMatch(new RegExp(`MOVE ${runner}`))
    const byDefault = given(rs, after).orders('confederate', 'PASS').resolve()
    const usaDefault = byDefault.seenBy({ kind: 'role', role: 'union' } as never).join('\n')
    expect(usaDefault).toMatch(new RegExp(`${runner} leaves Savannah for Savannah Blockade Station`))
    expect(usaDefault).not.toMatch(/was given no move/)
    expect(byDefault.seenBy({ kind: 'role', role: 'confederate' } as never).join('\n')).toMatch(/was given no move/)
  })
})

describe("RB 10.21, 10.32: whom each side fires at, and which Union ship shields which, are the players' choices", () => {
  // A Union sloop and gunboat attack Norfolk: its battery BT-5 and gunboat GB-2.
  const norfolk = () => {
    const s = start('union-move')
    s.pieces.push({ id: 'GB-9', side: 'USA', type: 'gunboat', at: 'CHES' })
    s.pieces.push({ id: 'SL-9', side: 'USA', type: 'sloop', at: 'CHES' })
    return s
  }
  const misses = [{ label: /^round/, values: Array(40).fill(1) }]
  const aimedAt = (labels: string[], shooter: string) =>
    labels.filter((l) => l.startsWith(`round 1: ${shooter} at `)).map((l) => l.split(' at ')[1]!.split(' ')[0])

  it('10.32 default: each ship fires at the enemy easiest to destroy; a sloop shields the gunboat', () => {
    const run = given(rs, norfolk()).orders('union', 'MOVE SL-9,GB-9 NORF.BS > NORF').dice(misses).resolve()
    expect(aimedAt(run.labels, 'SL-9')).toEqual(['GB-2', 'GB-2'])
    // Shielded by SL-9, GB-9 does not fire at the battery nor is fired at by it (10.21-10.23).
    expect(aimedAt(run.labels, 'BT-5')).not.toContain('GB-9')
  })

  it('10.32 standing order: AIM ALL AT BATTERY puts the Union fire on the battery', () => {
    const run = given(rs, norfolk())
      .orders('union', 'AIM ALL AT BATTERY\nMOVE SL-9,GB-9 NORF.BS > NORF')
      .dice(misses)
      .resolve()
    expect(aimedAt(run.labels, 'SL-9')).toEqual(['BT-5', 'BT-5'])
  })

  it('10.21 standing order: SHIELD GB-9 NONE leaves the gunboat unshielded, to fire and be fired at', () => {
    const run = given(rs, norfolk())
      .orders('union', 'SHIELD GB-9 NONE\nMOVE SL-9,GB-9 NORF.BS > NORF')
      .dice(misses)
      .resolve()
    expect(aimedAt(run.labels, 'GB-9')).toEqual(['GB-2'])
    expect(rs.parseOrders(start('union-move'), 'union', 'SHIELD GB-9 BY SL-9').errors).toMatchObject([
      { message: 'SHIELD: unexpected BY', suggestion: 'e.g. SHIELD SL-6 WITH IC-8' },
    ])
    expect(errors(start('csa-move'), 'confederate', 'SHIELD GB-2 NONE')[0]![1]).toMatch(/only the Union shields/)
  })

  it('10.32 the Confederate AIM: the battery puts both dice on the sloop; fog: the Union sees only the shots', () => {
    const s = norfolk()
    s.aims = { CSA: { ALL: ['SL-9'] } }
    const run = given(rs, s).orders('union', 'MOVE SL-9,GB-9 NORF.BS > NORF').dice(misses).resolve()
    expect(aimedAt(run.labels, 'BT-5')).toEqual(['SL-9', 'SL-9'])
    expect(aimedAt(run.labels, 'GB-2')).toEqual(['SL-9'])
    const usa = JSON.stringify(rs.view(run.state, { kind: 'role', role: 'union' } as never))
    expect(usa).not.toMatch(/aims|"SL-9"\]/)
    expect(run.seenBy({ kind: 'role', role: 'union' } as never).join('\n')).not.toMatch(/AIM/)
    expect(rs.parseOrders(start('union-move'), 'confederate', 'AIM ALL AT SL-9').normalised).toEqual([
      'AIM ALL AT SL-9  # stands until changed, 10.32',
    ])
  })
})

describe('Orders and reports a player can use', () => {
  it('7.2 an illegal step names the spaces the ship could enter', () => {
    const s = start('csa-move')
    s.pieces.push({ id: 'RD-9', side: 'CSA', type: 'raider', at: 'HATT' })
    expect(errors(s, 'confederate', 'MOVE RD-9 BERM')[0]![1]).toMatch(
      /^step 1: Bermuda is not next to Hatteras \(RB 7\.2\): Hatteras borders .*\(CHES\).*\(NATL\)/,
    )
  })

  it('HELP gives the Rebel Raiders order syntax of the phase, with examples that the parser takes', () => {
    const move = rs.orderHelp!(start('union-move'), 'union')
    expect(move.join('\n')).toMatch(/ASSAULT <target> FROM <space> \[TACTICS <n>\]/)
    expect(move.join('\n')).toMatch(/SHIELD <ship> \[WITH <ship>\] \[NONE\]/)
    const build = rs.orderHelp!(start('csa-build', 2), 'confederate').join('\n')
    expect(build).toMatch(/PLACE IRONCLAD AT <port>/)
    expect(build).toMatch(/RETREAT <raider\|ALL> \[TO <space>,<space>\.\.\.\] \[OFF\]/)
    expect(rs.orderHelp!(start('csa-move'), 'union')[0]).toMatch(/only standing orders/)
    expect(errors(start('csa-build', 2), 'confederate', 'BUILD RUNNER AT WILM\nBUILD RAIDER AT FREN')).toEqual([])
    expect(
      errors(start('union-build', 2), 'union', 'BUILD SLOOP\nBUILD GUNBOAT AT CAIR\nBUILD IRONCLAD AT STLO'),
    ).toEqual([])
    expect(
      errors(start('union-move'), 'union', 'AIM ALL AT BATTERY\nPOLICY ALL ON BATTLE: RETREAT IF lost >= 1; FIGHT'),
    ).toEqual([])
  })

  it('HELP shows every order word the parser takes, each with an example (18.21 HUNT, 18.22 ROLL, 18.5 LEE among them)', () => {
    const optional = (phase: RrState['phase'], turn = 4) => {
      const s = rs.setup('1861', { optional: '18.21,18.22,18.5' }, pack, new LabelledDice([]))
      Object.assign(s, { phase, turn })
      return s
    }
    const phases = [
      ['csa-move', 'confederate'],
      ['csa-build', 'confederate'],
      ['union-move', 'union'],
      ['union-build', 'union'],
    ] as const
    const help = phases.flatMap(([phase, role]) => rs.orderHelp!(optional(phase), role))
    const examples = help.flatMap((l) => {
      const eg = /e\.g\.\s+(.*)$/.exec(l)?.[1]
      if (eg) return eg.split(/\s{2,}/)
      // A line whose syntax has no placeholder is its own example (PASS).
      const literal = /^ {2}([A-Z][A-Z ]*?)(?:\s{2,}|$)/.exec(l)?.[1]
      return literal && !l.includes('<') ? [literal] : []
    })
    const missing = REBEL_ORDER_WORDS.filter((w) => !examples.some((e) => e.split(/\s+/)[0] === w))
    expect(missing).toEqual([])
    // The examples of the optional orders are taken as written, in the phase HELP shows them in.
    const eg = (word: string) => [...new Set(examples.filter((e) => e.startsWith(`${word} `)))]
    expect(eg('HUNT')).toEqual(['HUNT AT CHAS,WILM'])
    for (const line of [...eg('HUNT'), 'HUNT AT ALL', 'HUNT OFF'])
      expect(errors(optional('union-build'), 'union', line)).toEqual([])
    for (const line of eg('ROLL')) expect(errors(optional('union-move'), 'union', line)).toEqual([])
    for (const line of [...eg('LEE'), 'LEE AT ALL', 'LEE OFF'])
      expect(errors(optional('csa-move'), 'confederate', line)).toEqual([])
    expect(eg('LEE')).toEqual(['LEE AT NASH,MEMP'])
    expect(eg('ROLL')).toEqual(['ROLL INDUSTRY'])
    expect(errors(optional('union-move'), 'union', 'ROLL CONSCRIPTION')).toEqual([])
    // Without the optional rules HELP offers none of their orders.
    const plain = rs.orderHelp!(start('union-move', 4), 'union').join('\n')
    expect(plain).not.toMatch(/HUNT|ROLL INDUSTRY/)
    expect(rs.orderHelp!(optional('csa-move'), 'union').join('\n')).not.toMatch(/HUNT/)
  })

  it('the order form states where raiding is allowed, what each build costs and what there is to spend', () => {
    const form = (s: RrState, role: string) =>
      (rs.reportModel!(s, { kind: 'role', role } as never) as { orderForm: string[] }).orderForm.join('\n')
    expect(form(start('csa-move'), 'confederate')).toMatch(/# Raiding \(8\.11\): RAID in any coastal or high seas zone/)
    expect(form(start('csa-build', 2), 'confederate')).toMatch(/# Costs: gunboat or runner 1 build/)
    expect(form(start('union-build', 2), 'union')).toMatch(/ironclad 2 builds/)
    // What is left to spend: the builds of the phase (14.23, 15.31) and the arsenal batteries (14.23).
    expect(form(start('csa-build', 2), 'confederate')).toMatch(/# Builds this phase: 5 \(unused ones are lost\)/)
    expect(form(start('csa-build', 2), 'confederate')).toMatch(/# Arsenal batteries: 2;/)
    expect(form(start('union-build', 5), 'union')).toMatch(/# Builds this phase: 7 /)
  })

  it("the order form names the chosen optional rules' orders (18.21 HUNT, 18.22 ROLL, 18.5 LEE) and those standing", () => {
    const form = (s: RrState, role: string) =>
      (rs.reportModel!(s, { kind: 'role', role } as never) as { orderForm: string[] }).orderForm.join('\n')
    const s = rs.setup('1861', { optional: '18.21,18.22,18.5' }, pack, new LabelledDice([]))
    Object.assign(s, { phase: 'union-move', turn: 5 })
    s.marks = { huntsAt: ['CHAS'], leeWanted: ['NASH'] }
    const union = form(s, 'union')
    expect(union).toMatch(/^# ROLL INDUSTRY\|CONSCRIPTION .*\(18\.22\)/m)
    expect(union).toMatch(/^# HUNT \[AT <space\|ALL>.*\(18\.21\)/m)
    expect(union).toMatch(/# Your standing orders: HUNT AT CHAS\./)
    expect(union).not.toMatch(/LEE/)
    Object.assign(s, { phase: 'csa-build' })
    const csa = form(s, 'confederate')
    expect(csa).toMatch(/^# LEE \[AT <space\|ALL>.*\(18\.5\)/m)
    expect(csa).toMatch(/# Your standing orders: LEE AT NASH\./)
    expect(csa).not.toMatch(/HUNT|ROLL/)
    expect(form(start('union-move', 5), 'union')).not.toMatch(/HUNT|ROLL/)
  })
})

describe('RB 6.12: a limit broken at resolution is settled by the owner', () => {
  const crowded = () => {
    const s = start('union-move')
    s.pieces.push(
      { id: 'BT-20', side: 'CSA', type: 'battery', at: 'IS10' },
      { id: 'BT-21', side: 'CSA', type: 'battery', at: 'IS10' },
      { id: 'BT-22', side: 'CSA', type: 'battery', at: 'IS10' },
    )
    return s
  }

  it('6.12 a question to the owner, its default the last piece to arrive', () => {
    const s = crowded()
    const n = s.pieces.filter((p) => p.at === 'IS10' && p.type === 'battery').length
    const run = given(rs, s).orders('union', 'PASS').resolve()
    const q = run.questions.find((x) => x.decisionId.startsWith('stacking-IS10'))!
    expect(q.role).toBe('confederate')
    expect(q.options).toHaveLength(n)
    expect(q.defaultOption).toBe('BT-22')
    expect(run.state.pieces.some((p) => p.id === 'BT-22')).toBe(false)
    const answered = given(rs, crowded())
      .orders('union', 'PASS')
      .answers({ [q.decisionId]: 'BT-20' })
      .resolve()
    expect(answered.state.pieces.some((p) => p.id === 'BT-20')).toBe(false)
    expect(answered.state.pieces.some((p) => p.id === 'BT-22')).toBe(true)
    expect(answered.texts('6.12')[0]).toMatch(/^BT-20 is removed: Island No\. 10 holds at most 3 Confederate batteries/)
    // Fog: the Union reads which battery went, never the question.
    const usa = answered.seenBy({ kind: 'role', role: 'union' } as never).join('\n')
    expect(usa).toMatch(/BT-20 is removed/)
    expect(usa).not.toMatch(/which of your pieces/)
  })
})

describe('standing choices are shown to their owner only', () => {
  it('the order form lists AIM, SHIELD and RETREAT orders to the side that wrote them, and not to the other', () => {
    const s = start('csa-move')
    s.aims = { CSA: { ALL: ['SL-9'] }, USA: { ALL: ['BATTERY'] } }
    s.shields = { 'GB-9': 'NONE' }
    s.retreatTo = { ALL: ['HATT'] }
    const form = (role: string) =>
      (rs.reportModel!(s, { kind: 'role', role } as never) as { orderForm: string[] }).orderForm.join('\n')
    expect(form('confederate')).toMatch(/# Your standing orders: AIM ALL AT SL-9; RETREAT ALL TO HATT\./)
    expect(form('union')).toMatch(/# Your standing orders: AIM ALL AT BATTERY; SHIELD GB-9 NONE\./)
    expect(form('union')).not.toMatch(/SL-9|RETREAT ALL/)
    expect(form('confederate')).not.toMatch(/BATTERY|SHIELD GB-9/)
  })
})

describe('RB 11.63: TACTICS for a landing from the sea', () => {
  it('11.63 TACTICS names a Confederate ocean port or fort, refused otherwise with the places allowed', () => {
    const s = start('union-move', 4)
    expect(errors(s, 'union', 'TACTICS SL-3 1')[0]![1]).toMatch(
      /^TACTICS names a Confederate ocean port or fort the Union ships land at \(11\.3\): one of .*SAVA/,
    )
    expect(errors(s, 'union', 'TACTICS SAVA 1')).toEqual([])
  })

  it('11.63 a TACTICS line no landing used is reported to the Union as lapsed', () => {
    const run = given(rs, start('union-move', 4)).orders('union', 'TACTICS SAVA 1').resolve()
    expect(run.seenBy({ kind: 'role', role: 'union' } as never)).toContain(
      'TACTICS SAVA 1: no landing was made there this phase; the order lapses.',
    )
    expect(run.seenBy({ kind: 'role', role: 'confederate' } as never).join('\n')).not.toMatch(/TACTICS/)
  })
})
