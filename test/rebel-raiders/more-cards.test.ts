// The cards of issue 11 played by the judge (PB 23, in our own words): foreign affairs, rerolls in a
// naval combat, Longstreet and the Union's extra land attack, the storms, the cargoes and the
// ships the cards place. Each test names the card and the rule or ruling it checks.
import { describe, expect, it } from 'vitest'
import { given, LabelledDice } from '../../src/games/kit/spec.ts'
import { emancipation } from '../../src/games/rebel-raiders/landCombat.ts'
import { bindRebelPack } from '../../src/games/rebel-raiders/pack.ts'
import { PhaseRun } from '../../src/games/rebel-raiders/phaseRun.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'
import { cardPosition, type Hands, pack, rs } from './cardPosition.ts'

const seed = { salt: 'rr-more', hidden: '5a' }
const position = (phase: RrState['phase'], turn: number, hands: Hands, inPlay: Hands = {}): RrState => {
  const s = cardPosition(seed, phase, hands, turn)
  for (const side of ['CSA', 'USA'] as const)
    for (const c of inPlay[side] ?? []) {
      const t = s.cards[side]
      t.deck = { ...t.deck, drawPile: t.deck.drawPile.filter((x) => x !== c) }
      t.inPlay.push(c)
    }
  return s
}
const errors = (s: RrState, role: string, text: string) => rs.parseOrders(s, role, text).errors.map((e) => e.message)
const count = (s: RrState, at: string, type: string) => s.pieces.filter((p) => p.at === at && p.type === type).length

describe('#61 Maximillian (PB 23, RB 13.21, 17.33)', () => {
  it('#61 is played only once #83 Trent Affair is face up, and never after the Emancipation', () => {
    expect(errors(position('csa-move', 1, { CSA: [61] }), 'confederate', 'PLAY 61')).toEqual([
      'it is played only once #83 Trent Affair is face up',
    ])
    const freed = position('csa-move', 7, { CSA: [61] }, { CSA: [83] })
    freed.emancipated = true
    expect(errors(freed, 'confederate', 'PLAY 61')).toEqual(['not after the Emancipation Proclamation (17.33)'])
  })

  it('#61 (13.21, ruling RR-K11): the supply loss is a point less for each of Galveston, Arkansas Post, Vicksburg and New Orleans held, never a gain; a free runner in Vera Cruz each Confederate build', () => {
    const s = position('csa-move', 1, { CSA: [61] }, { CSA: [83] })
    const vp = s.vp
    const move = given(rs, s).orders('confederate', 'PLAY 61').dice({ 'supply die 1': 5 }).resolve()
    expect(move.state.cards.CSA.inPlay).toEqual([83, 61])
    expect(move.state.vp).toBe(vp - 1)
    expect(move.texts('#61').join(' ')).toMatch(/the supply loss is 4 less/)
    const small = given(rs, s).orders('confederate', 'PLAY 61').dice({ 'supply die 1': 2 }).resolve()
    expect(small.state.vp).toBe(vp)
    const runners = count(move.state, 'VERA', 'runner')
    const build = given(rs, move.state).orders('confederate', 'PASS').resolve()
    expect(count(build.state, 'VERA', 'runner')).toBe(runners + 1)
    const gone = structuredClone(move.state)
    gone.emancipated = true
    expect(count(given(rs, gone).orders('confederate', 'PASS').resolve().state, 'VERA', 'runner')).toBe(runners)
  })
})

const ATTACK_NORFOLK = 'MOVE SL-6,GB-5 CHES > NORF.BS > NORF'
/** The landing at Norfolk once the naval combat is over, in 1861. */
const NORFOLK_LANDING = {
  'assault on NORF: Union die 1': 6,
  'assault on NORF: Confederate die 1': 2,
  'assault on NORF: Confederate die 2': 3,
  'assault on NORF: Confederate die 3': 1,
  'capture of NORF': 2,
}

describe('#3 Yankee Guns and #27 USS Housatonic: Union dice rolled again (PB 23, RB 10.2-10.3, 7.78)', () => {
  /** A Confederate gunboat attacks a Union ironclad in the Norfolk station (7.75), with #3 face up in 1863. */
  const gunsAtNorfolk = (dice: Record<string, number>) => {
    const s = position('csa-move', 7, {}, { USA: [3] })
    s.pieces.push({ id: 'IC-9', side: 'USA', type: 'ironclad', at: 'NORF.BS' })
    return given(rs, s).orders('confederate', 'MOVE GB-2 NORF.BS').dice(dice).resolve()
  }

  it('#3 is laid face up from 1863 and stays there', () => {
    expect(errors(position('union-move', 4, { USA: [3] }), 'union', 'PLAY 3')).toEqual([
      '#3 Yankee Guns may be played only in 1863-1864',
    ])
    const run = given(rs, position('union-move', 7, { USA: [3] }))
      .orders('union', 'PLAY 3')
      .resolve()
    expect(run.state.cards.USA.inPlay).toEqual([3])
  })

  it('#3 (ruling RR-K12): in the first round of each battle a Union ironclad rolls a missed die again and the new result stands; not in later rounds', () => {
    const hit = gunsAtNorfolk({
      'round 1: IC-9 at GB-2 (1)': 3,
      'round 1: IC-9 at GB-2 (1) rolled again': 5,
      'round 1: GB-2 at IC-9 (1)': 1,
    })
    expect(hit.state.pieces.some((p) => p.id === 'GB-2')).toBe(false)
    expect(hit.texts('#3')[0]).toMatch(/in round 1 each Union screw sloop and ironclad may roll one missed die again/)
    const later = gunsAtNorfolk({
      'round 1: IC-9 at GB-2 (1)': 2,
      'round 1: IC-9 at GB-2 (1) rolled again': 3,
      'round 1: GB-2 at IC-9 (1)': 1,
      'round 2: IC-9 at GB-2 (1)': 2,
      'round 2: GB-2 at IC-9 (1)': 1,
      'round 3: IC-9 at GB-2 (1)': 6,
      'round 3: GB-2 at IC-9 (1)': 1,
    })
    expect(later.labels.filter((l) => l.endsWith('rolled again'))).toEqual(['round 1: IC-9 at GB-2 (1) rolled again'])
    expect(later.state.cards.USA.inPlay).toEqual([3])
  })

  it('#58 Corruption shuffles #3 back into the Union deck when #2 is not face up (ruling RR-K8)', () => {
    const s = position('csa-move', 7, { CSA: [58] }, { USA: [3] })
    s.reactions.CSA = [{ card: 58, at: 'ALL' }]
    const build = given(rs, s).orders('confederate', 'PASS').resolve()
    const move = given(rs, build.state).orders('confederate', 'PASS').resolve()
    const run = given(rs, move.state).orders('union', 'PASS').resolve()
    const union = given(rs, run.state).orders('union', 'PASS').resolve()
    expect(union.state.cards.USA.inPlay).not.toContain(3)
    expect(union.texts('#58')).toContain('#3 Yankee Guns is shuffled back into the Union deck.')
  })

  it('#27 in a battle: played as the sloop first misses, that die is rolled again and the card is discarded', () => {
    const run = given(rs, position('union-move', 2, { USA: [27] }))
      .orders('union', `PLAY 27 AT SL-6\n${ATTACK_NORFOLK}`)
      .dice(
        {
          'round 1: BT-5 at SL-6 (1)': 1,
          'round 1: BT-5 at SL-6 (2)': 1,
          'round 1: GB-2 at GB-5 (1)': 1,
          'round 1: SL-6 at GB-2 (1)': 1,
          'round 1: SL-6 at GB-2 (1) rolled again': 4,
          'round 1: SL-6 at GB-2 (2)': 1,
          'round 1: GB-5 at GB-2 (1)': 1,
          ...NORFOLK_LANDING,
        },
        'strict',
      )
      .resolve()
    expect(run.texts('#27')).toEqual(['SL-6 is the Housatonic: it rolls a missed die again.'])
    expect(run.state.pieces.some((p) => p.id === 'GB-2')).toBe(false)
    expect(run.state.cards.USA.deck.discards).toContain(27)
    expect(run.state.cards.USA.hand).not.toContain(27)
  })

  it('#27 at a speed roll (7.78): a sloop the raider got past rolls its die again and catches it; with no chance left the card stays in the hand', () => {
    const raider = (dice: Record<string, number>) => {
      const s = position('csa-move', 2, { USA: [27] })
      s.reactions.USA = [{ card: 27, at: 'ALL' }]
      s.pieces.find((p) => p.id === 'RD-1')!.at = 'MATL'
      return given(rs, s).orders('confederate', 'MOVE RD-1 NATL').dice(dice).resolve()
    }
    const caught = raider({
      'search for RD-1 by SL-4': 3,
      'speed of RD-1': 1,
      '#27 speed die of SL-4 rolled again': 6,
      'round 1: SL-4 at RD-1 (1)': 5,
      'round 1: SL-4 at RD-1 (2)': 1,
      'round 1: RD-1 at SL-4 (1)': 1,
    })
    expect(caught.texts('#27')).toEqual([
      'USS Housatonic: SL-4 rolls its speed die again: 6 (6 against 4): RD-1 is caught.',
    ])
    expect(caught.state.pieces.some((p) => p.id === 'RD-1')).toBe(false)
    expect(caught.state.cards.USA.deck.discards).toContain(27)
    // The raider's die was 6: its total of 9 cannot be beaten, so the card is not used.
    const hopeless = raider({ 'search for RD-1 by SL-4': 5, 'speed of RD-1': 6 })
    expect(hopeless.state.cards.USA.hand).toContain(27)
    expect(hopeless.texts('#27')).toEqual([])
  })
})

describe('#79 Longstreet and #34 Loose the Fateful Lightning (PB 23, RB 11.6, 11.9)', () => {
  /** A Union land assault on Augusta from Savannah in the Union move of `turn`. */
  const augusta = (s: RrState, extra = '') => {
    s.control.SAVA = 'USA'
    return given(rs, s)
      .orders('union', `ASSAULT AUGU FROM SAVA${extra}`)
      .dice([{ label: /assault on AUGU: Union die/, values: 6 }])
      .resolve()
  }
  const csaDice = (labels: string[]) => labels.filter((l) => /assault on AUGU: Confederate die/.test(l)).length

  it('#79 standing as REACT 79 AT <space>: at the start of the assault there he adds a Confederate die and his card stays face up', () => {
    const without = augusta(position('union-move', 4, { CSA: [79] }))
    const s = position('union-move', 4, { CSA: [79] })
    s.reactions.CSA = [{ card: 79, at: 'AUGU' }]
    const run = augusta(s)
    expect(csaDice(run.labels)).toBe(csaDice(without.labels) + 1)
    expect(run.state.cards.CSA.inPlay).toEqual([79])
    expect(run.state.thisTurn).toContain('longstreet:AUGU')
    expect(run.texts('#79')[0]).toMatch(/^Longstreet defends Augusta: one Confederate die more/)
    expect(rs.parseOrders(position('csa-move', 4, { CSA: [79] }), 'confederate', 'PLAY 79').errors[0]!.message).toMatch(
      /write REACT 79/,
    )
  })

  it('#79 face up (ruling RR-K13): each turn he fights at his first land combat, or only where a standing REACT 79 AT <space> sends him', () => {
    const base = augusta(position('union-move', 4, {}))
    const face = augusta(position('union-move', 4, {}, { CSA: [79] }))
    expect(csaDice(face.labels)).toBe(csaDice(base.labels) + 1)
    const elsewhere = position('union-move', 4, {}, { CSA: [79] })
    elsewhere.reactions.CSA = [{ card: 79, at: 'RICH' }]
    expect(csaDice(augusta(elsewhere).labels)).toBe(csaDice(base.labels))
    const marked = position('union-move', 4, {}, { CSA: [79] })
    marked.thisTurn = ['longstreet:NASH']
    expect(csaDice(augusta(marked).labels)).toBe(csaDice(base.labels))
  })

  it('#79 in one counterattack a turn (11.9): a die more, and his marker moves to the space he attacks', () => {
    const s = position('csa-move', 4, {}, { CSA: [79] })
    s.thisTurn = ['longstreet:AUGU']
    s.control.NASH = 'USA'
    s.csaPawns = 1
    const run = given(rs, s).orders('confederate', 'COUNTERATTACK NASH FROM MEMP').resolve()
    expect(run.labels.filter((l) => /counterattack on NASH: Confederate die/.test(l))).toHaveLength(3)
    expect(run.state.thisTurn).toEqual(['longstreet:NASH', 'longstreet:counterattack'])
  })

  it('#34 (ruling RR-K14): laid face up at the start of a Union move in 1864, one river or land assault a turn needs no pawn', () => {
    const s = position('union-move', 10, { USA: [34] })
    s.unionPawns = 0
    s.control.SAVA = 'USA'
    expect(errors(s, 'union', 'ASSAULT AUGU FROM SAVA')[0]).toMatch(/^no pawn for this assault/)
    expect(errors(s, 'union', 'PLAY 34\nASSAULT AUGU FROM SAVA')).toEqual([])
    expect(errors(s, 'union', 'PLAY 34\nASSAULT AUGU FROM SAVA\nASSAULT AUGU FROM SAVA')[0]).toMatch(/^no pawn/)
    const run = augusta(s, '\nPLAY 34')
    expect(run.state.cards.USA.inPlay).toEqual([34])
    expect(run.state.thisTurn).toContain('used:34')
    expect(run.texts('#34')).toContain('Loose the Fateful Lightning: the assault on Augusta needs no cannon pawn.')
    expect(run.labels.some((l) => /assault on AUGU: Union die/.test(l))).toBe(true)
    const later = position('union-move', 10, {}, { USA: [34] })
    later.unionPawns = 0
    later.control.SAVA = 'USA'
    expect(errors(later, 'union', 'ASSAULT AUGU FROM SAVA')).toEqual([])
  })
})

describe("#99 The Queen's Artillery (PB 23, RB 9.21, 6.12)", () => {
  const landing = (cargo = 2, satin = false) => {
    const s = position('csa-move', 4, { CSA: [99] }, satin ? { USA: [40] } : {})
    s.pieces.push({ id: 'BR-40', side: 'CSA', type: 'runner', at: 'WILM', cargo })
    return s
  }

  it('#99 names a Confederate city, port or fort with room for a battery, and is refused while #40 is in play', () => {
    expect(errors(landing(), 'confederate', 'PLAY 99')).toEqual([
      'name the place for the battery: PLAY 99 AT <city, port or fort>',
    ])
    expect(errors(landing(), 'confederate', 'PLAY 99 AT WASH')).toEqual([
      'WASH is not a Confederate city, port or fort',
    ])
    expect(errors(landing(2, true), 'confederate', 'PLAY 99 AT CHAS')).toEqual([
      'not while #40 Satin & Lace, No Guns is in play',
    ])
  })

  it('#99 (ruling RR-K15): the first 2-VP cargo landed in the phase becomes a battery instead of its points', () => {
    const s = landing()
    const batteries = count(s, 'CHAS', 'battery')
    const run = given(rs, s)
      .orders('confederate', 'PLAY 99 AT CHAS\nMOVE BR-40 UNLOAD')
      .dice({ 'supply die 1': 1 })
      .resolve()
    expect(count(run.state, 'CHAS', 'battery')).toBe(batteries + 1)
    expect(run.state.vp).toBe(s.vp - 1)
    expect(run.state.cards.CSA.heldAside).toEqual([{ card: 99, returnsAfterTurn: 5 }])
    expect(run.state.pieces.find((p) => p.id === 'BR-40')!.cargo).toBeUndefined()
    // A 1-VP cargo scores as usual, and the card finds no moment in the phase.
    const small = given(rs, landing(1))
      .orders('confederate', 'PLAY 99 AT CHAS\nMOVE BR-40 UNLOAD')
      .dice({ 'supply die 1': 1 })
      .resolve()
    expect(count(small.state, 'CHAS', 'battery')).toBe(batteries)
    expect(small.state.vp).toBe(s.vp + 1 - 1)
  })
})

describe('#62 Royal Navy and #55 Diplomatic Pressure (PB 23, RB 17.33)', () => {
  /** #62 standing from the Confederate build; the Union build then begins (turn 4, the Trent Affair face up). */
  const royalNavy = () => {
    const s = position('csa-build', 4, { CSA: [62] }, { CSA: [83] })
    s.pieces.push({ id: 'SL-90', side: 'USA', type: 'sloop', at: 'CHAN' })
    const set = given(rs, s).orders('confederate', 'REACT 62').resolve()
    const move = given(rs, set.state).orders('union', 'PASS').resolve()
    return given(rs, move.state).orders('union', 'PASS').resolve()
  }

  it('#62 is not set off before the Trent Affair is face up: it keeps standing', () => {
    const s = position('union-build', 4, { CSA: [62] })
    s.reactions.CSA = [{ card: 62, at: 'ALL' }]
    const run = given(rs, s).orders('union', 'PASS').resolve()
    expect(run.state.cards.CSA.hand).toContain(62)
    expect(run.state.reactions.CSA).toEqual([{ card: 62, at: 'ALL' }])
  })

  it('#62 (ruling RR-K16): at the start of the Union build, Union ships leave the European seas for the Mid-Atlantic and three sloops go onto the card, the Navy Yards first; the seas stay closed', () => {
    const run = royalNavy()
    expect(run.state.cards.CSA.inPlay).toEqual([83, 62])
    expect(run.state.pieces.find((p) => p.id === 'SL-90')!.at).toBe('MATL')
    const held = run.state.cardShips!.map((h) => h.id)
    expect(held).toHaveLength(3)
    expect(run.state.pieces.some((p) => held.includes(p.id))).toBe(false)
    expect(run.texts('#62')[0]).toMatch(/held on the card \(ruling RR-K16\)/)
    const next = structuredClone(run.state)
    next.phase = 'union-move'
    expect(errors(next, 'union', 'MOVE SL-90 CHAN')[0]).toMatch(/the Royal Navy closes the European seas \(#62\)/)
  })

  it('#55 (a): Trent Affair and Royal Navy are discarded together (digest A34), and the sloops go to the Navy Yards', () => {
    const s = structuredClone(royalNavy().state)
    s.phase = 'union-move'
    const t = s.cards.USA
    t.deck = { ...t.deck, drawPile: t.deck.drawPile.filter((c) => c !== 55) }
    t.hand.push(55)
    expect(errors(position('union-move', 4, { USA: [55] }), 'union', 'PLAY 55')[0]).toMatch(
      /^neither #83 Trent Affair nor #62 Royal Navy is in play/,
    )
    const held = s.cardShips!.map((h) => h.id)
    const run = given(rs, s).orders('union', 'PLAY 55').resolve()
    expect(run.state.cards.CSA.inPlay).toEqual([])
    expect(run.state.cards.CSA.deck.discards).toEqual(expect.arrayContaining([83, 62]))
    expect(run.state.cards.USA.deck.discards).toContain(55)
    expect(run.state.pieces.filter((p) => held.includes(p.id)).map((p) => p.at)).toEqual(['NAVY', 'NAVY', 'NAVY'])
    expect(run.state.cardShips).toEqual([])
  })

  it('#62 ends with the Emancipation Proclamation (17.33): the card leaves the game and its sloops return', () => {
    const s = structuredClone(royalNavy().state)
    s.turn = 7
    const run = new PhaseRun(s, bindRebelPack(pack.content as never), new LabelledDice([]))
    emancipation(run)
    expect(s.cards.CSA.removed).toEqual(expect.arrayContaining([83, 62]))
    expect(s.cardShips).toEqual([])
    expect(run.narrative.map((e) => e.text).join(' ')).toMatch(/return to the Navy Yards/)
  })

  it('#55 (b): after the Emancipation a Union control marker closes a European port; the ships there are seized on 1-3 or put to sea on 4-6', () => {
    const s = position('union-move', 8, { USA: [55] })
    s.emancipated = true
    s.pieces.push({ id: 'BR-50', side: 'CSA', type: 'runner', at: 'FREN' })
    s.pieces.push({ id: 'BR-51', side: 'CSA', type: 'runner', at: 'FREN' })
    expect(errors(position('union-move', 8, { USA: [55] }), 'union', 'PLAY 55 AT FREN')).toEqual([
      'a European port is closed only after the Emancipation Proclamation (17.3)',
    ])
    const run = given(rs, s)
      .orders('union', 'PLAY 55 AT FREN')
      .dice({ '#55 BR-50 in FREN': 2, '#55 BR-51 in FREN': 5 })
      .resolve()
    expect(run.state.control.FREN).toBe('USA')
    expect(run.state.pieces.some((p) => p.id === 'BR-50')).toBe(false)
    expect(run.state.pieces.find((p) => p.id === 'BR-51')!.at).toBe('CHAN')
    expect(run.state.cards.USA.inPlay).toEqual([55])
    const csa = structuredClone(run.state)
    csa.phase = 'csa-build'
    expect(errors(csa, 'confederate', 'BUILD RUNNER AT FREN')[0]).toMatch(/a Union control marker closes/)
    csa.phase = 'csa-move'
    expect(errors(csa, 'confederate', 'MOVE BR-51 FREN')[0]).toMatch(/a Union port/)
  })
})

describe('#76 Red River Fiasco (PB 23)', () => {
  const fiasco = (unionHoldsNewOrleans: boolean) => {
    const s = position('csa-build', 7, { CSA: [76] })
    if (unionHoldsNewOrleans) s.control.NORL = 'USA'
    s.pieces.push({ id: 'IC-90', side: 'USA', type: 'ironclad', at: 'NAVY' })
    const set = given(rs, s).orders('confederate', 'REACT 76').resolve()
    const move = given(rs, set.state).orders('union', 'PASS').resolve()
    return given(rs, move.state).orders('union', 'PASS').resolve()
  }

  it('#76 waits while the Union does not hold New Orleans', () => {
    const run = fiasco(false)
    expect(run.state.cards.CSA.hand).toContain(76)
    expect(run.state.cardShips ?? []).toEqual([])
  })

  it('#76 (ruling RR-K16): an ironclad and two gunboats go onto the card; at the next Union move each reaches New Orleans on 4-6 or sinks, then a die of points', () => {
    const run = fiasco(true)
    const held = run.state.cardShips!.filter((h) => h.card === 76)
    expect(held.map((h) => h.type)).toEqual(['ironclad', 'gunboat', 'gunboat'])
    expect(held[0]!.id).toBe('IC-90')
    expect(run.state.cards.CSA.deck.discards).toContain(76)
    const [, gb1, gb2] = held.map((h) => h.id)
    const csaMove = given(rs, run.state).orders('confederate', 'PASS').dice({ 'supply die 1': 1 }).resolve()
    const csaBuild = given(rs, csaMove.state).orders('confederate', 'PASS').resolve()
    const vp = csaBuild.state.vp
    const back = given(rs, csaBuild.state)
      .orders('union', 'PASS')
      .dice({
        '#76 IC-90 on the Red River': 5,
        [`#76 ${gb1} on the Red River`]: 3,
        [`#76 ${gb2} on the Red River`]: 1,
        '#76 Red River Fiasco points': 4,
      })
      .resolve()
    expect(back.state.pieces.find((p) => p.id === 'IC-90')!.at).toBe('NORL')
    expect(back.state.pieces.some((p) => p.id === gb1 || p.id === gb2)).toBe(false)
    expect(back.state.vp).toBe(vp + 4)
    expect(back.state.cardShips).toEqual([])
  })
})

describe('#93 Herrera & Co. and #94 To the Dark Shores (PB 23, RB 9.1-9.3)', () => {
  it('#93 (ruling RR-K17): markers laid in Havana, the West Indies, Bermuda and Nassau; a runner loading there takes one on top of its load, and lands both', () => {
    const s = position('csa-move', 2, { CSA: [93] })
    s.pieces.push({ id: 'BR-60', side: 'CSA', type: 'runner', at: 'HAVA' })
    expect(errors(s, 'confederate', 'PLAY 93 AT 5')).toEqual(['write PLAY 93 [AT <markers a port, 1-4>]'])
    const run = given(rs, s)
      .orders('confederate', 'PLAY 93 AT 2\nMOVE BR-60 LOAD')
      .dice({ 'supply die 1': 1 })
      .resolve()
    expect(run.state.portCargo).toEqual({ HAVA: 1, WIND: 2, BERM: 2, NASS: 2 })
    const runner = run.state.pieces.find((p) => p.id === 'BR-60')!
    expect([runner.cargo, runner.extraCargo]).toEqual([1, 1])
    expect(run.state.cards.CSA.deck.discards).toContain(93)
    const home = position('csa-move', 2, {})
    home.pieces.push({ id: 'BR-61', side: 'CSA', type: 'runner', at: 'WILM', cargo: 1, extraCargo: 1 })
    const landed = given(rs, home).orders('confederate', 'MOVE BR-61 UNLOAD').dice({ 'supply die 1': 1 }).resolve()
    expect(landed.state.vp).toBe(home.vp + 2 - 1)
    expect(landed.texts('9.21')[0]).toMatch(/with 1 1-VP marker more/)
  })

  it('#94 lays one marker in each of Brazil, Africa and Ponta Delgado by default, within the thirteen 1-VP markers (9.3)', () => {
    const s = position('csa-build', 2, { CSA: [94] })
    const one = given(rs, s).orders('confederate', 'PLAY 94').resolve()
    expect(one.state.portCargo).toEqual({ BRAZ: 1, AFRI: 1, PDEL: 1 })
    const loaded = s.pieces.filter((p) => p.cargo === 1).length
    for (let i = 0; i < 11 - loaded; i++)
      s.pieces.push({ id: `BR-${70 + i}`, side: 'CSA', type: 'runner', at: 'WILM', cargo: 1 })
    const short = given(rs, s).orders('confederate', 'PLAY 94 AT 3').resolve()
    expect(short.state.portCargo).toEqual({ BRAZ: 1, AFRI: 1 })
  })
})

describe('#75 CSS Albemarle (PB 23, RB 7.2, 10.2)', () => {
  it('#75 in 1864, at the start of a Confederate move: a free ironclad named the Albemarle in a Confederate port of the three zones', () => {
    const s = position('csa-move', 10, { CSA: [75] })
    expect(errors(s, 'confederate', 'PLAY 75 AT MOBL')[0]).toMatch(
      /^name a Confederate port for it: PLAY 75 AT NORF\|NBRN\|WILM\|CHAS\|SAVA\|STAU$/,
    )
    const run = given(rs, s).orders('confederate', 'PLAY 75 AT WILM').dice({ 'supply die 1': 1 }).resolve()
    const named = run.state.named.find((n) => n.card === 75)!
    expect(run.state.pieces.find((p) => p.id === named.ship)).toMatchObject({
      type: 'ironclad',
      at: 'WILM',
      side: 'CSA',
    })
    expect(run.state.cards.CSA.inPlay).toEqual([75])
  })

  it('#75: the Albemarle sails into the three coastal zones, where other Confederate ironclads may not, attacks there with +1 and shrugs off its first hit; sunk, its card leaves the game', () => {
    const s = position('csa-move', 10, {}, { CSA: [75] })
    s.pieces = s.pieces.filter((p) => !(p.side === 'USA' && p.at === 'WILM.BS'))
    s.pieces.push({ id: 'IC-80', side: 'CSA', type: 'ironclad', at: 'WILM' })
    s.pieces.push({ id: 'IC-81', side: 'CSA', type: 'ironclad', at: 'WILM' })
    s.pieces.push({ id: 'SL-95', side: 'USA', type: 'sloop', at: 'HATT' })
    s.named.push({ ship: 'IC-80', card: 75, until: 'afloat' })
    expect(errors(s, 'confederate', 'MOVE IC-81 WILM.BS > HATT')[0]).toMatch(/ironclads may not enter a coastal zone/)
    const run = given(rs, s)
      .orders('confederate', 'MOVE IC-80 WILM.BS > HATT')
      .dice({
        'round 1: IC-80 at SL-95 (1)': 4,
        'round 1: SL-95 at IC-80 (1)': 6,
        'round 1: SL-95 at IC-80 (2)': 1,
        'supply die 1': 1,
      })
      .resolve()
    expect(run.state.pieces.some((p) => p.id === 'SL-95')).toBe(false)
    expect(run.state.pieces.find((p) => p.id === 'IC-80')!.at).toBe('HATT')
    const sunk = structuredClone(s)
    sunk.pieces = sunk.pieces.filter((p) => p.id !== 'IC-80')
    const after = given(rs, sunk).orders('confederate', 'PASS').dice({ 'supply die 1': 1 }).resolve()
    expect(after.state.cards.CSA.removed).toContain(75)
  })
})

describe("#49 Tempest's Wrath and #92 Tempest's Fury (PB 23, RB 7.2, 6.12)", () => {
  it('#92 (ruling RR-K18): Union ships in a coastal zone and its stations go to a Union port of the zone, else of the next zones; storm-bound, they may not move this turn', () => {
    const s = position('csa-move', 2, { CSA: [92] })
    s.pieces.push({ id: 'SL-96', side: 'USA', type: 'sloop', at: 'HATT' })
    s.pieces.push({ id: 'GB-96', side: 'USA', type: 'gunboat', at: 'WILM.BS' })
    expect(errors(s, 'confederate', 'PLAY 92 AT NATL')).toEqual(['name a coastal zone: PLAY 92 AT <zone>'])
    const run = given(rs, s).orders('confederate', 'PLAY 92 AT HATT').dice({ 'supply die 1': 1 }).resolve()
    const where = (id: string) => run.state.pieces.find((p) => p.id === id)!.at
    expect([where('SL-96'), where('GB-96')]).toEqual(['NAVY', 'NAVY'])
    expect(run.state.cards.CSA.deck.discards).toContain(92)
    const union = structuredClone(run.state)
    union.phase = 'union-move'
    expect(errors(union, 'union', 'MOVE SL-96 CHES')).toEqual([
      'SL-96 is storm-bound and may not move this turn (#49, #92)',
    ])
    const held = structuredClone(s)
    held.control.WILM = 'USA'
    const home = given(rs, held).orders('confederate', 'PLAY 92 AT HATT').dice({ 'supply die 1': 1 }).resolve()
    expect(home.state.pieces.find((p) => p.id === 'SL-96')!.at).toBe('WILM')
  })

  it('#49: Confederate ships in a high-seas zone go to the nearest neutral port, the next one when it is full (6.12)', () => {
    const s = position('union-move', 2, { USA: [49] })
    s.pieces.find((p) => p.id === 'RD-1')!.at = 'MATL'
    s.pieces.push({ id: 'BR-97', side: 'CSA', type: 'runner', at: 'MATL' })
    const run = given(rs, s).orders('union', 'PLAY 49 AT MATL').resolve()
    // Bermuda and France & England are both two movement points away: the first in the map's order (ruling RR-K18).
    expect(run.state.pieces.find((p) => p.id === 'RD-1')!.at).toBe('FREN')
    expect(run.state.pieces.find((p) => p.id === 'BR-97')!.at).toBe('FREN')
    expect(run.state.thisTurn).toEqual(expect.arrayContaining(['storm:RD-1', 'storm:BR-97']))
    const full = structuredClone(s)
    for (let i = 0; i < 6; i++) full.pieces.push({ id: `BR-${80 + i}`, side: 'CSA', type: 'runner', at: 'FREN' })
    const next = given(rs, full).orders('union', 'PLAY 49 AT MATL').resolve()
    expect(next.state.pieces.find((p) => p.id === 'RD-1')!.at).toBe('FREN')
    expect(next.state.pieces.find((p) => p.id === 'BR-97')!.at).toBe('SPAI')
  })
})

describe('#52 Coaling Station (PB 23, RB 7.3)', () => {
  const LONG = 'NAVY > CHES > NORF.BS > CHES > HATT > SATL > KEYS > EGLF'
  const navy = (csaInStation = false) => {
    const s = position('union-move', 2, { USA: [52] })
    s.pieces.push({ id: 'SL-98', side: 'USA', type: 'sloop', at: 'NAVY' })
    s.pieces.push({ id: 'SL-99', side: 'USA', type: 'sloop', at: 'NAVY' })
    s.pieces.push({ id: 'GB-98', side: 'USA', type: 'gunboat', at: 'NAVY' })
    if (csaInStation) s.pieces.push({ id: 'GB-97', side: 'CSA', type: 'gunboat', at: 'NORF.BS' })
    return s
  }

  it('#52 (ruling RR-K19): a sloop, or a stack of sloops only, gains 6 MP as it enters a blockade station, checked on receipt as at resolution', () => {
    const s = navy()
    expect(errors(s, 'union', `MOVE SL-98 ${LONG}`)[0]).toMatch(/SL-98 has 6 movement points; this move needs 7/)
    expect(errors(s, 'union', `PLAY 52 AT GB-98`)).toEqual([
      'name the Union screw sloop that leads the move: PLAY 52 AT SL-<n>',
    ])
    expect(errors(s, 'union', `PLAY 52 AT SL-98\nMOVE SL-98,SL-99 ${LONG}`)).toEqual([])
    const run = given(rs, s).orders('union', `PLAY 52 AT SL-98\nMOVE SL-98,SL-99 ${LONG}`).resolve()
    expect(run.state.pieces.filter((p) => p.id === 'SL-98' || p.id === 'SL-99').map((p) => p.at)).toEqual([
      'EGLF',
      'EGLF',
    ])
    expect(run.state.cards.USA.hand).not.toContain(52)
    expect(run.state.cards.USA.deck.drawPile).toContain(52)
  })

  it('#52: not with a gunboat in the group, nor at a station a Confederate gunboat or ironclad holds', () => {
    // The sloop does not coal in a group with a gunboat: it is the first to run out.
    expect(errors(navy(), 'union', `PLAY 52 AT SL-98\nMOVE SL-98,GB-98 ${LONG}`)[0]).toMatch(
      /SL-98: SL-98 has 6 movement points; this move needs 7/,
    )
    expect(errors(navy(true), 'union', `PLAY 52 AT SL-98\nMOVE SL-98 ${LONG}`)[0]).toMatch(
      /SL-98 has 6 movement points; this move needs 7/,
    )
  })
})

describe('#44 USS Coeur de Lion (PB 23, RB 7.3, 7.6)', () => {
  const FERRY = 'NAVY > CHES > HATT > SATL > CHAS.BS'
  const yards = (faceUp: boolean) => {
    const s = faceUp ? position('union-move', 2, {}, { USA: [44] }) : position('union-move', 2, { USA: [44] })
    for (const id of ['IC-91', 'IC-92', 'GB-91', 'GB-92', 'GB-93'])
      s.pieces.push({ id, side: 'USA', type: id.startsWith('IC') ? 'ironclad' : 'gunboat', at: 'NAVY' })
    return s
  }

  it('#44 (ruling RR-K20): laid face up, up to four ironclads and gunboats go from the Navy Yards to one station of the three zones, untowed and whatever the distance, once a turn', () => {
    const s = yards(false)
    expect(errors(s, 'union', `MOVE IC-91,GB-91 ${FERRY}`)[0]).toMatch(
      /ironclads may not enter a coastal zone unless towed/,
    )
    expect(errors(s, 'union', `PLAY 44\nMOVE IC-91,GB-91 ${FERRY}`)).toEqual([])
    expect(errors(s, 'union', `PLAY 44\nMOVE IC-91,IC-92,GB-91,GB-92,GB-93 ${FERRY}`)[0]).toMatch(
      /may not enter a coastal zone/,
    )
    expect(errors(s, 'union', `PLAY 44\nMOVE IC-91,GB-91 ${FERRY}\nMOVE GB-92 ${FERRY}`)[0]).toMatch(
      /GB-92 has 3 movement points/,
    )
    expect(errors(s, 'union', `PLAY 44\nMOVE IC-91 NAVY > CHES > HATT > SATL > KEYS > KWST.BS`)[0]).toMatch(
      /may not enter a coastal zone/,
    )
    const run = given(rs, s).orders('union', `PLAY 44\nMOVE IC-91,GB-91 ${FERRY}`).resolve()
    expect(run.state.pieces.filter((p) => p.id === 'IC-91' || p.id === 'GB-91').map((p) => p.at)).toEqual([
      'CHAS.BS',
      'CHAS.BS',
    ])
    expect(run.state.cards.USA.inPlay).toEqual([44])
    expect(run.texts('#44')).toContain('USS Coeur de Lion carries IC-91, GB-91 from the Navy Yards to their station.')
    expect(errors(yards(true), 'union', `MOVE IC-92,GB-92,GB-93 ${FERRY}`)).toEqual([])
  })
})
