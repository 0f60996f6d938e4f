// The 1862 start (PB 19): the Union half of April 1862 opens with the forces, commanders, control
// markers and cargo of 19.2-19.3, #24's four pawns (19.42), and the cards of option A, B or C (19.5).
import { describe, expect, it } from 'vitest'
import { LabelledDice, given } from '../helpers/spec.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'

const pack = rebelRaidersFactory.defaultPack()
const rs = createRebelRaiders(pack as never)
const start = (cards?: string, forced: { label: RegExp; values: number[] }[] = []) =>
  rs.setup('1862', cards ? { cards } : {}, pack, new LabelledDice(forced)) as RrState
const count = (s: RrState, side: 'CSA' | 'USA', type: string) =>
  s.pieces.filter((p) => p.side === side && p.type === type).length

describe('PB 19.2-19.4: the 1862 position', () => {
  it('19.41: the Union half of April 1862 opens, at 30 points, with Forts Henry & Donelson and Louisville Union', () => {
    const s = start()
    expect([s.turn, s.phase, s.vp, s.citiesLost]).toEqual([4, 'union-move', 30, 0])
    expect(s.control).toEqual({ HEND: 'USA', LOUI: 'USA' })
    expect(s.csaPawnsNext).toBe(1)
    expect(rs.scenarios.find((x) => x.id === '1862')!.turns).toBe('Apr 1862 - Dec 1864 (9 turns)')
  })

  it('19.2-19.3: the forces, with Farragut, Porter and Foote and their ships', () => {
    const s = start()
    expect([
      count(s, 'CSA', 'runner'),
      count(s, 'CSA', 'raider'),
      count(s, 'CSA', 'ironclad'),
      count(s, 'CSA', 'gunboat'),
    ]).toEqual([16, 2, 1, 4])
    expect(count(s, 'CSA', 'battery')).toBe(18)
    expect([count(s, 'USA', 'sloop'), count(s, 'USA', 'gunboat'), count(s, 'USA', 'ironclad')]).toEqual([13, 12, 2])
    const at = (name: string) => [...new Set(s.commanders[name]!.map((id) => s.pieces.find((p) => p.id === id)!.at))]
    expect(Object.keys(s.commanders).sort()).toEqual(['FARRAGUT', 'FOOTE', 'PORTER'])
    expect([s.commanders.FARRAGUT!.length, s.commanders.PORTER!.length, s.commanders.FOOTE!.length]).toEqual([4, 2, 4])
    expect([at('FARRAGUT'), at('PORTER'), at('FOOTE')]).toEqual([['WGLF'], ['NORL.BS'], ['CAIR']])
  })

  it('19.2: each runner starts loaded on 4-6, with 2-VP cargo in France & England, Spain and four Confederate ports', () => {
    const s = start(undefined, [{ label: /^1862 cargo of/, values: Array(16).fill(4) }])
    const cargo = Object.fromEntries(s.pieces.filter((p) => p.type === 'runner').map((p) => [p.at, p.cargo]))
    expect(cargo).toMatchObject({ FREN: 2, SPAI: 2, NBRN: 2, WILM: 2, CHAS: 2, SAVA: 2, BERM: 1, PENS: 1, MOBL: 1 })
    const empty = start(undefined, [{ label: /^1862 cargo of/, values: Array(16).fill(3) }])
    expect(empty.pieces.filter((p) => p.cargo).length).toBe(0)
  })
})

describe('PB 19.42: four pawns by #24, for the historic targets with cards A or B', () => {
  it('all four may land on Forts Jackson & St. Philip, New Orleans, Norfolk and New Berne', () => {
    const s = start('B')
    // #24's two roll a die more; the two ordinary ones land there free of 11.2 (ruling RR-S62, PB 22's Norfolk).
    expect([s.unionPawns, s.seaPawns, s.seaTargets]).toEqual([4, 2, ['FJSP', 'NORL', 'NORF', 'NBRN']])
    expect(
      rs.parseOrders(
        s,
        'union',
        'MOVE FARRAGUT WGLF > NORL.BS > PICKUP(GB-9,GB-10) > FJSP\nMOVE SL-5,SL-6 NORF.BS > NORF\nMOVE GB-11,GB-12 NBRN.BS > NBRN',
      ).errors,
    ).toEqual([])
  })

  it('a pawn spent elsewhere leaves #24 its usual two; with cards C the usual two from the start', () => {
    const s = start('B')
    const p = rs.parseOrders(
      s,
      'union',
      'MOVE GB-15 CHAS.BS > CHAS\nMOVE SL-5 NORF.BS > NORF\nMOVE GB-11 NBRN.BS > NBRN\nMOVE GB-12 NBRN.BS > NBRN',
    )
    expect(p.errors.map((e) => [e.line, e.message])).toEqual([
      // Charleston took the one ordinary ocean landing; #24's two went to Norfolk and New Berne.
      [4, "entering New Berne is an assault, and the turn's one amphibious assault on an ocean port is spent (11.2)"],
    ])
    expect([start('C').seaPawns, start('C').seaTargets]).toEqual([2, null])
  })
})

describe('PB 19.5: the cards', () => {
  it('19.51-19.52 (A and B): the historic cards in play, in the discards and in hand; the Union holds seven', () => {
    const s = start('A')
    expect(s.options.cards).toBe('A')
    expect(s.cards.USA.inPlay).toEqual([2, 8, 37])
    expect(s.cards.USA.deck.discards).toEqual([19, 30, 31, 24])
    expect(s.cards.USA.hand).toEqual([12, 13, 15, 18, 23, 35, 38])
    expect(s.cards.CSA.hand).toEqual([60, 71, 94, 100, 104, 110])
    expect(s.cards.CSA.inPlay).toEqual([83])
    expect(s.cards.CSA.heldAside).toEqual([{ card: 88, returnsAfterTurn: 5 }])
    expect(s.cards.USA.deck.drawPile).toHaveLength(55 - 3 - 4 - 7)
  })

  it('19.55 (C): five Union and six Confederate cards drawn, none of the placed ones among them', () => {
    const s = start('C')
    expect(s.cards.USA.hand).toHaveLength(5)
    expect(s.cards.CSA.hand).toHaveLength(6)
    for (const c of [2, 8, 37, 19, 30, 31, 24]) expect(s.cards.USA.hand).not.toContain(c)
    expect(s.cards.USA.deck.drawPile).toHaveLength(55 - 3 - 4 - 5)
  })

  it('19.531 (A): in the first turn #13 acts only in a combat with Farragut; away from him it stays in the hand', () => {
    const s = start('A')
    s.reactions.USA = [{ card: 13, at: 'ALL' }]
    const run = given(rs, s)
      .orders('union', 'MOVE SL-5 NORF.BS > NORF\nPOLICY ALL ON BATTLE: RETREAT')
      .dice({ '#2 mortar boats at NORF (1)': 1 })
      .resolve()
    expect(run.state.cards.USA.hand).toContain(13)
    const b = start('B')
    b.reactions.USA = [{ card: 13, at: 'ALL' }]
    const free = given(rs, b).orders('union', 'MOVE SL-5 NORF.BS > NORF\nPOLICY ALL ON BATTLE: RETREAT').resolve()
    expect(free.state.cards.USA.hand).not.toContain(13)
  })
})
