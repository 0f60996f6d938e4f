// The play book's rule examples of play (PB 21: 7.78 examples one to six, 8.1 examples one to three,
// 11 and 11.6 examples) and the examples the rule book gives inside its rules, each as a test that
// cites it and replays its dice and numbers in our own words.
import { describe, expect, it } from 'vitest'
import rawMap from '../../src/games/rebel-raiders/data/map.json' with { type: 'json' }
import rawPieces from '../../src/games/rebel-raiders/data/pieces.json' with { type: 'json' }
import rawSetup from '../../src/games/rebel-raiders/data/setup-1861.json' with { type: 'json' }
import { given, LabelledDice } from '../helpers/spec.ts'
import { assaultProblem, matchBonus, scoreAssault } from '../../src/games/rebel-raiders/assault.ts'
import { diceOf } from '../../src/games/rebel-raiders/combat.ts'
import { loadRebelMap } from '../../src/games/rebel-raiders/map.ts'
import { checkMove, type MoveContext } from '../../src/games/rebel-raiders/movement.ts'
import { parsePath } from '../../src/games/rebel-raiders/orderPath.ts'
import { openingPosition, type Piece, piecesSchema, setupSchema } from '../../src/games/rebel-raiders/setup.ts'
import { intercept, raidResult, speedBonus } from '../../src/games/rebel-raiders/speed.ts'
import { position, rs } from './moreCards.ts'

const map = loadRebelMap(structuredClone(rawMap)).content
const dice = (forced: Record<string, number | number[]>) =>
  new LabelledDice(
    Object.entries(forced).map(([label, values]) => ({ label, values })),
    'strict',
  )
const ship = (id: string) => ({ id, type: (id.startsWith('SL') ? 'sloop' : 'gunboat') as 'sloop' | 'gunboat' })
const RD = { id: 'RD-1', type: 'raider' as const }
const BR = { id: 'BR-1', type: 'runner' as const }

describe('PB 21, rule 7.78 examples: searches and speed rolls', () => {
  it('7.78 Example One: a runner leaving Norfolk for its station, a gunboat rolls 5 and a sloop 6 against 3+2; the sloop catches it', () => {
    const d = dice({ 'search for BR-1 by GB-1': 5, 'search for BR-1 by SL-1': 6, 'speed of BR-1': 3 })
    const r = intercept(d, BR, 'blockadeStation', [ship('GB-1'), ship('SL-1')])
    expect(r.csa).toEqual({ die: 3, total: 5 })
    expect(r.winners).toEqual([{ ships: ['SL-1'], total: 6 }])
    expect(r.evaded).toBe(false)
  })

  it('7.78 Example Two: a raider (+3 in the station) rolls 2 against 5, 6, 6; the sloop and the second gunboat fight it together', () => {
    const d = dice({
      'search for RD-1 by GB-1': 5,
      'search for RD-1 by SL-1': 6,
      'search for RD-1 by GB-2': 6,
      'speed of RD-1': 2,
    })
    const r = intercept(d, RD, 'blockadeStation', [ship('GB-1'), ship('SL-1'), ship('GB-2')])
    expect(r.csa).toEqual({ die: 2, total: 5 })
    expect(r.winners).toEqual([{ ships: ['SL-1', 'GB-2'], total: 6 }])
  })

  it('7.78 Example Three: the sloop and a gunboat roll as a stack, 5+1 against the raider’s 2+3; both fight it', () => {
    const d = dice({ 'search for RD-1 by the stack': 5, 'speed of RD-1': 2 })
    const r = intercept(d, RD, 'blockadeStation', [ship('SL-1'), ship('GB-1')], { asStack: true })
    expect(r.union).toEqual([{ ships: ['SL-1', 'GB-1'], die: 5, total: 6 }])
    expect(r.winners).toEqual([{ ships: ['SL-1', 'GB-1'], total: 6 }])
  })

  it('7.78 Example Four: in Hatteras one sloop rolls 5 for the runner (3+2 wins the tie), two roll 4 and 5 for the raider (1+3); the 5 catches it', () => {
    const runner = intercept(dice({ 'search for BR-1 by SL-3': 5, 'speed of BR-1': 3 }), BR, 'coastal', [ship('SL-3')])
    expect(runner).toMatchObject({ csa: { total: 5 }, winners: [], evaded: true })
    const raider = intercept(
      dice({ 'search for RD-1 by SL-1': 4, 'search for RD-1 by SL-2': 5, 'speed of RD-1': 1 }),
      RD,
      'coastal',
      [ship('SL-1'), ship('SL-2')],
    )
    expect(raider.csa).toEqual({ die: 1, total: 4 })
    expect(raider.winners).toEqual([{ ships: ['SL-2'], total: 5 }])
  })

  it('7.78 Example Five: a raider out of Spain meets three sloops in the Bay of Biscay (6, 5, 5 against 1+3): the 6 first, then the two 5s with four dice; it may fall back to the Canaries', () => {
    const r = intercept(
      dice({
        'search for RD-1 by SL-1': 6,
        'search for RD-1 by SL-2': 5,
        'search for RD-1 by SL-3': 5,
        'speed of RD-1': 1,
      }),
      RD,
      'highSeas',
      [ship('SL-1'), ship('SL-2'), ship('SL-3')],
    )
    expect(r.csa).toEqual({ die: 1, total: 4 })
    expect(r.winners).toEqual([
      { ships: ['SL-1'], total: 6 },
      { ships: ['SL-2', 'SL-3'], total: 5 },
    ])
    const sloop = { id: 'SL-2', side: 'USA', type: 'sloop' } as never
    expect(2 * diceOf(sloop, false)).toBe(4) // 10.3: two sloops, two dice each
    expect(map.between('SPAI', 'BISC')).toEqual(['port'])
    expect(map.neighbours('BISC', ['sea'])).toContain('CANA')
  })

  it('7.78 Example Six: a sloop from the Navy Yards enters Hatteras (2 MP), searches for one runner (2 MP) and goes on to the Keys (2 MP): six in all', () => {
    const c = ctx([
      { id: 'SL-90', side: 'USA', type: 'sloop', at: 'NAVY' },
      { id: 'BR-90', side: 'CSA', type: 'runner', at: 'HATT' },
      { id: 'BR-91', side: 'CSA', type: 'runner', at: 'HATT' },
    ])
    expect(move(c, 'SL-90', 'NAVY > CHES > HATT > SEARCH(BR-90) > SATL > KEYS')).toMatchObject({ ok: true, mp: 6 })
    expect(move(c, 'SL-90', 'NAVY > CHES > HATT > SEARCH(BR-90) > SEARCH(BR-91) > SATL')).toMatchObject({
      ok: false,
    })
  })
})

describe('PB 21, rule 8.1 examples: raids', () => {
  it('8.1 Example One: an undefended raider in the North Atlantic spends its 6 MP on three raids, 4-5 one VP and 6 two', () => {
    const c = ctx([{ id: 'RD-90', side: 'CSA', type: 'raider', at: 'NATL' }])
    expect(move(c, 'RD-90', 'RAID x3')).toMatchObject({ ok: true, mp: 6 })
    const vp = [4, 5, 6].map((die) => raidResult(dice({ 'raid by RD-90': die }), 'RD-90', 'highSeas', 0).vp)
    expect(vp).toEqual([1, 1, 2])
  })

  it('8.1 Example Two: or one raid with +2 for all 6 MP: 1 fails, 2-3 earn one VP and 4-6 two', () => {
    const c = ctx([{ id: 'RD-90', side: 'CSA', type: 'raider', at: 'NATL' }])
    expect(move(c, 'RD-90', 'RAID+2')).toMatchObject({ ok: true, mp: 6 })
    const vp = [1, 2, 3, 4, 5, 6].map((die) => raidResult(dice({ 'raid by RD-90': die }), 'RD-90', 'highSeas', 2).vp)
    expect(vp).toEqual([0, 1, 1, 2, 2, 2])
  })

  it('8.1 Example Three (8.13, 8.2): three raids in the Whaling Grounds past two sloops, the raider’s bonus falling +3, +2, +1', () => {
    const sloops = [ship('SL-1'), ship('SL-2')]
    // The first raid: 4 and 1 cannot beat the raider's 1+3, so it does not roll; a 3 earns nothing.
    const first = dice({ 'search for RD-1 by SL-1': 4, 'search for RD-1 by SL-2': 1 })
    expect(intercept(first, RD, 'whaling', sloops, { priorRaids: 0 })).toMatchObject({ csa: null, evaded: true })
    expect(raidResult(dice({ 'raid by RD-1': 3 }), 'RD-1', 'whaling', 0).vp).toBe(0)
    // The second: two 5s against 3+2, a tie to the raider; a 4 earns two VP in the Whaling Grounds.
    const second = dice({ 'search for RD-1 by SL-1': 5, 'search for RD-1 by SL-2': 5, 'speed of RD-1': 3 })
    expect(speedBonus('raider', 'whaling', 1)).toBe(2)
    expect(intercept(second, RD, 'whaling', sloops, { priorRaids: 1 })).toMatchObject({ winners: [], evaded: true })
    expect(raidResult(dice({ 'raid by RD-1': 4 }), 'RD-1', 'whaling', 0).vp).toBe(2)
    // The third: 6 and 2 against 2+1; the sloop with the 6 alone fights it.
    const third = dice({ 'search for RD-1 by SL-1': 6, 'search for RD-1 by SL-2': 2, 'speed of RD-1': 2 })
    expect(intercept(third, RD, 'whaling', sloops, { priorRaids: 2 }).winners).toEqual([{ ships: ['SL-1'], total: 6 }])
    expect(raidResult(dice({ 'raid by RD-1': 6 }), 'RD-1', 'whaling', 0).vp).toBe(2)
  })
})

describe('PB 21, rule 11 examples: where assaults come from', () => {
  it('11 Example One: Union-held Washington adjoins Fredericksburg; a cannon pawn attacks it from there over land', () => {
    expect(assaultProblem(map, {}, 'FRED', 'land', 'WASH')).toBeNull()
    expect(rs.parseOrders(position('union-move', 4, {}), 'union', 'ASSAULT FRED FROM WASH').errors).toEqual([])
  })

  it('11 Example Two: with Atlanta in Union hands each city or fort on a land line from it may be assaulted from there', () => {
    const targets = map.neighbours('ATLA', ['land'])
    expect(targets.length).toBeGreaterThan(2)
    for (const t of targets) expect(assaultProblem(map, { ATLA: 'USA' }, t, 'land', 'ATLA'), t).toBeNull()
  })

  it('11 Example Three (11.3, 10.41): a sloop enters undefended Key West for the turn’s amphibious assault; beaten, it falls back to the station and goes no further (10.42)', () => {
    const s = position('union-move', 4, {})
    s.pieces = s.pieces.filter((p) => p.at !== 'KWST' || p.side !== 'CSA')
    const sloop = s.pieces.find((p) => p.side === 'USA' && p.type === 'sloop')!
    sloop.at = 'KWST.BS'
    const run = given(rs, s)
      .orders('union', `MOVE ${sloop.id} KWST > KWST.BS > KEYS`)
      .dice([
        { label: /assault on KWST: Union die/, values: 1 },
        { label: /assault on KWST: Confederate die/, values: 6 },
      ])
      .resolve()
    expect(run.labels.filter((l) => /^assault on KWST: Union die/.test(l))).toHaveLength(2)
    expect(run.state.control.KWST ?? 'CSA').toBe('CSA')
    expect(run.state.pieces.find((p) => p.id === sloop.id)!.at).toBe('KWST.BS')
  })

  it('11.6 Example (11.61): Richmond with three batteries, #79 Longstreet, #91 J.E. Johnston and #104 Jackson face up defends with 10 dice', () => {
    const s = position('union-move', 4, { CSA: [79, 91] }, { CSA: [104] })
    s.control.FRED = 'USA'
    const batteries = s.pieces.filter((p) => p.at === 'RICH' && p.type === 'battery').length
    for (let i = batteries; i < 3; i++) s.pieces.push({ id: `BT-9${i}`, side: 'CSA', type: 'battery', at: 'RICH' })
    s.reactions.CSA = [
      { card: 79, at: 'RICH' },
      { card: 91, at: 'RICH' },
    ]
    const run = given(rs, s)
      .orders('union', 'ASSAULT RICH FROM FRED')
      .dice([{ label: /assault on RICH: Union die/, values: 1 }])
      .resolve()
    const csa = new Set(run.labels.filter((l) => /^assault on RICH: Confederate die \d+$/.test(l)))
    expect(csa.size).toBe(10)
  })

  it('11.63 and PB 22: in 1862 the Union leaves one of three dice for +1, rolls a pair of 5s: 5+1+1 = 7 beats a 6 and costs the Confederacy one point', () => {
    expect(matchBonus([5, 5])).toBe(1)
    const r = scoreAssault([5, 5], [3, 6], 1)
    expect(r).toMatchObject({ union: { total: 7 }, csa: { total: 6 }, unionWins: true, vp: -1 })
  })
})

function ctx(extra: Piece[] = []): MoveContext {
  const position = openingPosition(setupSchema.parse(rawSetup), piecesSchema.parse(rawPieces), map)
  position.pieces.push(...extra)
  return { map, pieces: piecesSchema.parse(rawPieces), position, control: {} }
}
function move(c: MoveContext, id: string, path: string) {
  const steps = parsePath(path)
  if (typeof steps === 'string') throw new Error(steps)
  return checkMove(c, c.position.pieces.find((p) => p.id === id)!, steps, {})
}
