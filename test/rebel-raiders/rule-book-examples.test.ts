// The examples the rule book gives inside its rules (RB 6.12, 7.21-7.24, 7.78, 11.1, 11.8, 17.2), each as a
// test that cites it. The play book's own examples are in play-book-examples.test.ts; others are
// cited where their rule is tested (11.63 in assault.test.ts, 15.31 and 15.42 in builds.test.ts).
import { describe, expect, it } from 'vitest'
import rawMap from '../../src/games/rebel-raiders/data/map.json' with { type: 'json' }
import rawPieces from '../../src/games/rebel-raiders/data/pieces.json' with { type: 'json' }
import rawSetup from '../../src/games/rebel-raiders/data/setup-1861.json' with { type: 'json' }
import { given } from '../helpers/spec.ts'
import { loadRebelMap } from '../../src/games/rebel-raiders/map.ts'
import { checkMove } from '../../src/games/rebel-raiders/movement.ts'
import { parsePath } from '../../src/games/rebel-raiders/orderPath.ts'
import { openingPosition, piecesSchema, setupSchema } from '../../src/games/rebel-raiders/setup.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'
import { cardPosition, type Hands, rs } from './cardPosition.ts'

const map = loadRebelMap(structuredClone(rawMap)).content
const position = (phase: RrState['phase'], hands: Hands = {}, turn = 2): RrState =>
  cardPosition({ salt: 'rr-battle', hidden: '44' }, phase, hands, turn)

describe('RB 7.21-7.24: the examples of adjacency', () => {
  it('7.21 examples: Norfolk, its blockade station and the Chesapeake; neutral Havana opens on the Cuban Coast', () => {
    expect(map.between('NORF', 'NORF.BS')).toEqual(['port'])
    expect(map.neighbours('NORF.BS', ['sea'])).toContain('CHES')
    expect(map.between('NORF', 'CHES')).toEqual([])
    expect(map.neighbours('HAVA').sort()).toEqual(['CUBA'])
  })

  it('7.22 examples: the Cuban Coast touches the Keys, South America, the Bahamas and the Brazilian Coast; the European coasts are the Channel and the Bay of Biscay', () => {
    expect(map.neighbours('CUBA', ['sea']).sort()).toEqual(['BAHA', 'BRCO', 'KEYS', 'SAMR'])
    expect(map.between('FREN', 'CHAN')).toEqual(['port'])
    expect(map.between('SPAI', 'BISC')).toEqual(['port'])
  })

  it('7.23 example: Vicksburg’s river lines reach the fort at Baton Rouge, Arkansas Post and Memphis', () => {
    for (const n of ['BTRG', 'ARKP', 'MEMP']) expect(map.between('VICK', n), n).toContain('river')
  })

  it('7.24 examples: Nashville’s land lines reach Louisville, Chattanooga and Memphis; Vicksburg has land lines to Mobile and Meridian besides its rivers', () => {
    for (const n of ['LOUI', 'CHAT', 'MEMP']) expect(map.between('NASH', n), n).toContain('land')
    for (const n of ['MOBL', 'MERI']) expect(map.between('VICK', n), n).toContain('land')
  })
})

describe('RB 7.78: the search example', () => {
  it('7.78 example: a sloop spends 4 MP on a search at +1, or all 6 at +2 (the 2 MP of the search included)', () => {
    const pieces = piecesSchema.parse(rawPieces)
    const start = openingPosition(setupSchema.parse(rawSetup), pieces, map)
    start.pieces.push(
      { id: 'SL-90', side: 'USA', type: 'sloop', at: 'NATL' },
      { id: 'RD-90', side: 'CSA', type: 'raider', at: 'NATL' },
    )
    const c = { map, pieces, position: start, control: {} }
    const cost = (path: string) => checkMove(c, start.pieces.find((p) => p.id === 'SL-90')!, parsePath(path) as never)
    expect(cost('SEARCH(RD-90)+1')).toMatchObject({ ok: true, mp: 4 })
    expect(cost('SEARCH(RD-90)+2')).toMatchObject({ ok: true, mp: 6 })
  })
})

describe('RB 11.1: the example of seven assaults in a turn', () => {
  it('11.1 example: two cannon pawns, two more bought, and #6, #34 and #46 each a free assault: seven assaults in one Union move', () => {
    const s = position('union-move', { USA: [6, 34, 46] }, 10)
    // The two pawns of the turn and the two the Union bought at its build (15.41).
    s.unionPawns = 4
    s.control.SAVA = 'USA'
    const run = given(rs, s)
      .orders(
        'union',
        [
          'PLAY 34',
          'PLAY 46 AT AUGU',
          'PLAY 6 AT ATLA',
          'ASSAULT HEND FROM CAIR',
          'ASSAULT CHAT FROM HEND',
          'ASSAULT NASH FROM CHAT',
          'ASSAULT MEMP FROM NASH',
          'ASSAULT AUGU FROM SAVA',
        ].join('\n'),
      )
      .dice([
        // Augusta beats off the first assault; #46 sends the Union in again.
        { label: /assault on AUGU: Union die/, values: [1, 1, 1, 1, 6, 6, 6, 6] },
        { label: /assault on AUGU: Confederate die/, values: [6, 6, 1, 1] },
        { label: /: Union die/, values: Array(20).fill(6) },
        { label: /: Confederate die/, values: Array(20).fill(1) },
      ])
      .resolve()
    const assaults = run.labels.filter((l) => /^assault on \w+: Union die 1$/.test(l)).map((l) => l.slice(11, 15))
    expect(assaults).toEqual(['HEND', 'CHAT', 'NASH', 'MEMP', 'AUGU', 'AUGU', 'ATLA'])
    expect(run.state.unionPawns).toBe(0)
    // #34 spares the first land or river assault its pawn; #6 presses on from Augusta to Atlanta.
    expect(run.texts('#34')).toContain(
      'Loose the Fateful Lightning: the assault on Forts Henry & Donelson needs no cannon pawn.',
    )
    expect(run.texts('#6')).toContain('War is Cruelty: the Union presses on from Augusta to Atlanta, a die fewer.')
    expect(run.texts('#46')).toContain(
      'One More Effort Boys!: the repulse at Augusta costs nothing; the Union goes in again.',
    )
    for (const at of ['HEND', 'CHAT', 'NASH', 'MEMP', 'AUGU', 'ATLA']) expect(run.state.control[at], at).toBe('USA')
  })
})

describe('RB 11.8: the examples of assaults in a row', () => {
  const westernChain = (unionDie: number) => {
    const s = position('union-move', {}, 4)
    s.unionPawns = 3
    return given(rs, s)
      .orders('union', 'ASSAULT HEND FROM CAIR\nASSAULT CHAT FROM HEND\nASSAULT NASH FROM CHAT')
      .dice([
        { label: /: Union die/, values: Array(6).fill(unionDie) },
        { label: /: Confederate die/, values: Array(9).fill(1) },
      ])
      .resolve()
  }

  it('11.8 example: three pawns take Forts Henry & Donelson, then Chattanooga, then Nashville, one after another in a turn', () => {
    const run = westernChain(6)
    expect([run.state.control.HEND, run.state.control.CHAT, run.state.control.NASH]).toEqual(['USA', 'USA', 'USA'])
    expect(run.state.unionPawns).toBe(0)
  })

  it('11.8: the chain stops where an assault fails; a later assault from a space not taken is refused and keeps its pawn', () => {
    const run = westernChain(1)
    expect(run.state.control.HEND ?? 'CSA').toBe('CSA')
    expect(run.texts('11.8')).toEqual([
      'No assault from Forts Henry & Donelson: the Union does not hold it.',
      'No assault from Chattanooga: the Union does not hold it.',
    ])
    expect(run.state.unionPawns).toBe(2)
  })

  it('11.8 example: Savannah taken from the sea; no pawn goes on from it to Augusta or Charleston that turn', () => {
    const s = position('union-move', {}, 4)
    s.pieces = s.pieces.filter((p) => p.at !== 'SAVA' || p.side !== 'CSA')
    s.unionPawns = 3
    s.pieces.push({ id: 'SL-90', side: 'USA', type: 'sloop', at: 'SAVA.BS' })
    const errors = rs
      .parseOrders(s, 'union', 'MOVE SL-90 SAVA\nASSAULT AUGU FROM SAVA\nASSAULT CHAS FROM SAVA')
      .errors.map((e) => e.message)
    expect(errors).toHaveLength(2)
  })
})

describe('RB 17.2: the examples of cards together', () => {
  const norfolk = (usa: number[], csa: number[], dice: Record<string, number>, turn = 7) => {
    const s = position('union-move', { USA: usa, CSA: csa }, turn)
    s.reactions.USA = usa.map((card) => ({ card, at: 'ALL' }))
    s.reactions.CSA = csa.map((card) => ({ card, at: 'ALL' }))
    s.pieces.push({ id: 'IC-9', side: 'USA', type: 'ironclad', at: 'NORF.BS' })
    return given(rs, s).orders('union', 'MOVE IC-9 NORF\nPOLICY ALL ON BATTLE: RETREAT').dice(dice, 'strict').resolve()
  }
  const repulse = { 'repulse at NORF: first die': 2, 'repulse at NORF: second die': 1 }

  it('17.2 example: the Confederacy answers the attack with #70 CSS Virginia; the Union may then play #47 Engine Breakdown against the ironclad it brought', () => {
    const s = position('union-move', { USA: [47], CSA: [70] }, 7)
    s.reactions.USA = [{ card: 47, at: 'ALL' }]
    s.reactions.CSA = [{ card: 70, at: 'ALL' }]
    s.pieces.push({ id: 'IC-9', side: 'USA', type: 'ironclad', at: 'NORF.BS' })
    const run = given(rs, s)
      .orders('union', 'MOVE IC-9 NORF\nPOLICY ALL ON BATTLE: RETREAT')
      .dice([{ label: /#47 round 1/, values: 6 }])
      .resolve()
    expect(run.texts('#70').length).toBeGreaterThan(0)
    expect(run.texts('#47')[0]).toMatch(/^Engine Breakdown/)
    expect(run.labels.some((l) => /^#47 round 1: /.test(l))).toBe(true)
    expect(run.state.cards.USA.hand).not.toContain(47)
  })

  it('17.2 example: no ship takes two names; #19 Monitor and #20 Roanoke with one ironclad name it once, the other card staying in the hand', () => {
    const run = norfolk([19, 20], [], {
      'round 1: BT-5 at IC-9 (1)': 1,
      'round 1: BT-5 at IC-9 (2)': 1,
      'round 1: GB-2 at IC-9 (1)': 1,
      'round 1: IC-9 at GB-2 (1)': 1,
      ...repulse,
    })
    expect([...run.texts('#19'), ...run.texts('#20')].filter((t) => /is the/.test(t))).toHaveLength(1)
    expect(run.state.cards.USA.hand.filter((c) => c === 19 || c === 20)).toHaveLength(1)
  })

  it('17.2 example: #101 Ring of Fire with #110 Hulks, Rafts & Chains: a free battery, and each battery three dice at +1 in the first round', () => {
    const run = norfolk([], [101, 110], {
      'round 1: BT-5 at IC-9 (1)': 1,
      'round 1: BT-5 at IC-9 (2)': 1,
      'round 1: BT-5 at IC-9 (3)': 1,
      'round 1: BT-10 at IC-9 (1)': 1,
      'round 1: BT-10 at IC-9 (2)': 1,
      'round 1: BT-10 at IC-9 (3)': 5,
      'round 1: GB-2 at IC-9 (1)': 1,
      'round 1: IC-9 at GB-2 (1)': 1,
    })
    expect(run.state.pieces.filter((p) => p.at === 'NORF' && p.type === 'battery')).toHaveLength(2)
    expect(run.state.pieces.some((p) => p.id === 'IC-9')).toBe(false)
  })
})
