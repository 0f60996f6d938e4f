// Foreign affairs and the ships a card holds (PB 23, in our own words): #61 Maximillian, #62 Royal
// Navy, #55 Diplomatic Pressure and #76 Red River Fiasco. Each test names the card and the rule or
// ruling it checks.
import { describe, expect, it } from 'vitest'
import { emancipation } from '../../src/games/rebel-raiders/landCombat.ts'
import { bindRebelPack } from '../../src/games/rebel-raiders/pack.ts'
import { PhaseRun } from '../../src/games/rebel-raiders/phaseRun.ts'
import { given, LabelledDice } from '../helpers/spec.ts'
import { count, errors, pack, position, rs } from './moreCards.ts'

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
    // The Emancipation takes #61 (and #83) out of play (17.33).
    gone.emancipated = true
    gone.cards.CSA.inPlay = gone.cards.CSA.inPlay.filter((c) => c !== 61 && c !== 83)
    gone.cards.CSA.removed.push(61, 83)
    expect(count(given(rs, gone).orders('confederate', 'PASS').resolve().state, 'VERA', 'runner')).toBe(runners)
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

  it("#62 which sloops leave the map for the card is the Union's: a question for each place, by default the Navy Yards first; answered, the sloop named; fog", () => {
    const byDefault = royalNavy()
    const q = byDefault.questions.find((x) => x.decisionId.startsWith('card-62-ship-1'))!
    expect(q.role).toBe('union')
    expect(q.defaultOption).toBe(byDefault.state.cardShips![0]!.id)
    expect(q.options.map((o) => o.id)).toContain('SL-90')
    // Building a sloop new instead (ruling RR-K16): the Union's PASS leaves all its builds unspent.
    expect(q.options.map((o) => o.id)).toContain('NEW')
    const s = position('csa-build', 4, { CSA: [62] }, { CSA: [83] })
    s.pieces.push({ id: 'SL-90', side: 'USA', type: 'sloop', at: 'CHAN' })
    const set = given(rs, s).orders('confederate', 'REACT 62').resolve()
    const move = given(rs, set.state).orders('union', 'PASS').resolve()
    const answered = given(rs, move.state)
      .orders('union', 'PASS')
      .answers({ [q.decisionId]: 'SL-90' })
      .resolve()
    expect(answered.state.cardShips![0]!.id).toBe('SL-90')
    expect(answered.state.pieces.some((p) => p.id === 'SL-90')).toBe(false)
    const csa = answered.seenBy({ kind: 'role', role: 'confederate' } as never).join('\n')
    expect(csa).toMatch(/SL-90, .* are held on the card/)
    expect(csa).not.toMatch(/which sloop do you put on the card/)
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
  it('#76 (ruling RR-K16): the Union may build the ships new instead, with the builds its written orders leave unspent; nothing ordered is undone', () => {
    const s = position('csa-build', 7, { CSA: [76] })
    s.control.NORL = 'USA'
    s.pieces.push({ id: 'IC-90', side: 'USA', type: 'ironclad', at: 'NAVY' })
    const set = given(rs, s).orders('confederate', 'REACT 76').resolve()
    const move = given(rs, set.state).orders('union', 'PASS').resolve()
    // Eight builds in 1863's first turn (15.31): seven sloops ordered leave one, a gunboat's price but not an ironclad's.
    const sloops = Array(7).fill('BUILD SLOOP').join('\n')
    const asked = given(rs, move.state).orders('union', sloops).resolve()
    const options = (place: number) =>
      asked.questions.find((q) => q.decisionId.startsWith(`card-76-ship-${place}`))?.options.map((o) => o.id) ?? []
    // IC-90 is the one ironclad and a new one costs two: nothing to ask.
    expect(options(1)).toEqual([])
    expect(options(2)).toContain('NEW')
    const built = given(rs, move.state).orders('union', sloops).answers({ 'card-76-ship-2-turn-7': 'NEW' }).resolve()
    const held = built.state.cardShips!.filter((h) => h.card === 76)
    expect(held[0]!.id).toBe('IC-90')
    const fresh = held[1]!.id
    expect(built.state.pieces.some((p) => p.id === fresh)).toBe(false)
    expect(built.texts('#76').join(' ')).toMatch(
      new RegExp(`A new gunboat ${fresh} is built onto the card for 1 build`),
    )
    // The one build left is spent: the third place is a gunboat off the map, and all seven sloops are built.
    expect(
      built.questions.find((q) => q.decisionId.startsWith('card-76-ship-3'))?.options.map((o) => o.id) ?? [],
    ).not.toContain('NEW')
    expect(built.texts('14').join(' ')).not.toMatch(/not carried out/)
    expect(built.state.arriving.filter((a) => a.type === 'sloop')).toHaveLength(7)
    // With no ship of the type on the map and the builds to spare, the new one is the default.
    const none = structuredClone(move.state)
    none.pieces = none.pieces.filter((p) => !(p.side === 'USA' && p.type === 'ironclad'))
    const bare = given(rs, none).orders('union', 'PASS').resolve()
    expect(bare.texts('#76').join(' ')).toMatch(/A new ironclad IC-\d+ is built onto the card for 2 build/)
  })
})
