// The optional rules of PB 18 chosen when a game is created (`--option optional=...`), each named by
// its rule number: the options checked at set-up, and what each implemented rule changes.
import { describe, expect, it } from 'vitest'
import { LabelledDice, given } from '../helpers/spec.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import type { Phase, RrState } from '../../src/games/rebel-raiders/state.ts'
import { seaDevilsFactory } from '../../src/games/sea-devils/index.ts'

const pack = rebelRaidersFactory.defaultPack()
const rs = createRebelRaiders(pack as never)
const start = (optional: string, phase: Phase, turn: number) => {
  const s = rs.setup('1861', { optional }, pack, new LabelledDice([])) as RrState
  s.phase = phase
  s.turn = turn
  return s
}

describe('PB 18.1: the options are checked when the game is set up', () => {
  it('refuses a rule this judge does not play, a card option outside the 1862 start, an unknown option', () => {
    const setup = (options: Record<string, string>) => () => rs.setup('1861', options, pack, new LabelledDice([]))
    expect(setup({ optional: '18.7,18.99' })).toThrow(
      'optional rule 18.99 is not one this judge plays; it plays 18.21, 18.22, 18.23, 18.24, 18.25, 18.26, 18.31, 18.32, 18.33, 18.34, 18.35, 18.36, 18.4, 18.5, 18.6, 18.7, 18.8, 18.9',
    )
    expect(setup({ cards: 'A' })).toThrow(
      'cards=A, B or C chooses the card set-up of the 1862 start (19.5), and only of it',
    )
    expect(setup({ speed: 'fast' })).toThrow(/Rebel Raiders has no option speed/)
    expect((rs.setup('1861', { optional: '18.9, 18.7' }, pack, new LabelledDice([])) as RrState).options).toEqual({
      rules: ['18.7', '18.9'],
    })
    const sd = seaDevilsFactory.create(seaDevilsFactory.defaultPack())
    expect(() =>
      sd.setup('weak-beginning', { optional: '18.7' }, seaDevilsFactory.defaultPack(), new LabelledDice([])),
    ).toThrow('Sea Devils has no game options (optional given)')
  })
})

describe('PB 18.7: increased blockade runner cargo value', () => {
  const land = (turn: number, citiesLost: number, cargo: number, optional = '18.7') => {
    const s = start(optional, 'csa-move', turn)
    s.citiesLost = citiesLost
    s.pieces.push({ id: 'BR-40', side: 'CSA', type: 'runner', at: 'WILM', cargo })
    const run = given(rs, s).orders('confederate', 'MOVE BR-40 UNLOAD').dice({ 'supply die 1': 1 }).resolve()
    return run.state.vp - s.vp + 1
  }
  it('18.71: with 9-12 cities lost a 2-VP cargo is worth 3; with 13-16, 4; a 1-VP one stays 1 until 17', () => {
    expect([land(4, 8, 2), land(4, 9, 2), land(4, 13, 2), land(4, 13, 1), land(4, 17, 1)]).toEqual([2, 3, 4, 1, 2])
  })
  it('18.72: from 1864 every cargo is worth twice its marker; without the option nothing changes', () => {
    expect([land(10, 0, 2), land(10, 0, 1), land(10, 0, 2, '')]).toEqual([4, 2, 2])
  })
})

describe('PB 18.9: the Confederate Mississippi survival bonus', () => {
  it('after a December Union turn without a Union win: one die a Mississippi port held in 1861, two later', () => {
    const december1861 = given(rs, start('18.9', 'union-build', 3))
      .orders('union', 'PASS')
      .dice({ '18.9 MEMP die 1': 2, '18.9 VICK die 1': 3, '18.9 NORL die 1': 4 })
      .resolve()
    expect(december1861.texts('18.9')).toHaveLength(3)
    const s = start('18.9', 'union-build', 6)
    s.control.MEMP = 'USA'
    const december1862 = given(rs, s)
      .orders('union', 'PASS')
      .dice({ '18.9 VICK die 1': 1, '18.9 VICK die 2': 1, '18.9 NORL die 1': 6, '18.9 NORL die 2': 6 })
      .resolve()
    expect(december1862.state.vp).toBe(s.vp + 14)
    expect(
      given(rs, start('18.9', 'union-build', 2))
        .orders('union', 'PASS')
        .resolve()
        .texts('18.9'),
    ).toEqual([])
  })
})

describe('PB 18.6 / 18.62: Confederate sudden death', () => {
  it('from April 1863, 50 points with Richmond, Atlanta, a Mississippi port and 16 cities end the game at once', () => {
    const s = start('18.6', 'csa-build', 7)
    s.vp = 50
    const run = given(rs, s).orders('confederate', 'PASS').resolve()
    expect(run.state.finished).toBe(true)
    expect(run.state.winner).toBe('CSA')
    const early = start('18.6', 'csa-build', 6)
    early.vp = 50
    expect(given(rs, early).orders('confederate', 'PASS').resolve().state.finished).toBe(false)
    const without = start('', 'csa-build', 7)
    without.vp = 50
    expect(given(rs, without).orders('confederate', 'PASS').resolve().state.finished).toBe(false)
  })
})

describe('PB 18.8: tournament levels', () => {
  const finished = (winner: 'CSA' | 'USA', result: string, turn = 12, optional = '18.8') => {
    const s = start(optional, 'union-build', turn)
    Object.assign(s, { finished: true, winner, result })
    return s
  }
  it('18.82: Richmond, Atlanta, a river port and 12 cities make a Confederate win Legendary; one capital, Strategic', () => {
    const s = finished('CSA', 'Confederate victory')
    expect(rs.outcome(s)?.details).toEqual({ tournamentLevel: 'Legendary', tournamentPoints: 3 })
    s.control.ATLA = 'USA'
    expect(rs.outcome(s)?.details).toEqual({ tournamentLevel: 'Strategic', tournamentPoints: 2 })
    s.control.RICH = 'USA'
    expect(rs.outcome(s)?.details).toEqual({ tournamentLevel: 'Marginal', tournamentPoints: 1 })
    expect(rs.outcome(finished('CSA', 'Confederate victory', 12, ''))?.details).toBeUndefined()
  })
  it('18.81: the Union taking the Mississippi, Atlanta and Richmond by December 1864 is Legendary; holding both at the end, Strategic', () => {
    const legendary = finished(
      'USA',
      'Union victory: the Union holds the Mississippi, Atlanta and Richmond while the Confederacy is below zero (16.11)',
      10,
    )
    expect(rs.outcome(legendary)?.details).toEqual({ tournamentLevel: 'Legendary', tournamentPoints: 3 })
    const late = finished('USA', 'Union victory: the Union holds 16 Confederate cities', 13)
    late.control.RICH = 'USA'
    late.control.ATLA = 'USA'
    expect(rs.outcome(late)?.details).toEqual({ tournamentLevel: 'Strategic', tournamentPoints: 2 })
    late.control.ATLA = 'CSA'
    expect(rs.outcome(late)?.details).toEqual({ tournamentLevel: 'Marginal', tournamentPoints: 1 })
  })
})

describe('PB 18.26: superior gunboat engines', () => {
  const runPast = (optional: string, turn: number) => {
    const s = start(optional, 'csa-move', turn)
    s.pieces.push({ id: 'GB-9', side: 'USA', type: 'gunboat', at: 'SAVA.BS' })
    return given(rs, s)
      .orders('confederate', 'MOVE BR-4 SAVA.BS')
      .dice({ 'search for BR-4 by GB-9': 6, 'speed of BR-4': 6 })
      .resolve()
  }
  it("from 1863 a gunboat's natural 6 in a blockade station takes the runner whatever its own roll", () => {
    expect(runPast('18.26', 7).state.pieces.some((p) => p.id === 'BR-4')).toBe(false)
    expect(runPast('18.26', 7).texts('18.26')).toHaveLength(1)
  })
  it("not in 1862, nor without the option: the runner's 6 + 2 wins", () => {
    expect(runPast('18.26', 6).state.pieces.some((p) => p.id === 'BR-4')).toBe(true)
    expect(runPast('', 7).state.pieces.some((p) => p.id === 'BR-4')).toBe(true)
  })
})

describe('PB 18.35: Union ironclad design conundrums', () => {
  const build = (die: number) =>
    given(rs, start('18.35', 'union-build', 4))
      .orders('union', 'BUILD IRONCLAD AT NAVY')
      .dice({ '18.35 Union ironclad design': die })
      .resolve()
      .state.arriving.filter((a) => a.side === 'USA' && a.at === 'NAVY' && a.type !== 'sloop')
  it('1-4 as planned, 5 a turn late, 6 a gunboat a turn late', () => {
    expect(build(4)).toEqual([{ turn: 5, side: 'USA', type: 'ironclad', at: 'NAVY' }])
    expect(build(5)).toEqual([{ turn: 6, side: 'USA', type: 'ironclad', at: 'NAVY' }])
    expect(build(6)).toEqual([{ turn: 6, side: 'USA', type: 'gunboat', at: 'NAVY' }])
  })
})
