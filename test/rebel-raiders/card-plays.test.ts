// Cards played in their owner's phase (RB 17.2, PB 23): the checks every play meets on receipt and
// at resolution, and each card implemented so far, named by its number.
import { describe, expect, it } from 'vitest'
import { RecordingDice } from '../../src/engine/dice.ts'
import { given, LabelledDice } from '../../src/games/kit/spec.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import { bindRebelPack } from '../../src/games/rebel-raiders/pack.ts'
import type { Phase, RrState } from '../../src/games/rebel-raiders/state.ts'
import { orderForm } from '../../src/games/rebel-raiders/view.ts'

const pack = rebelRaidersFactory.defaultPack()
const rs = createRebelRaiders(pack as never)
/** A position in a phase and turn, with these cards in the hands. */
const position = (phase: Phase, turn: number, hands: { CSA?: number[]; USA?: number[] } = {}): RrState => {
  const s = rs.setup('1861', {}, pack, new RecordingDice('00'.repeat(32), 'rr-plays', 0, '', '22'.repeat(32)))
  s.phase = phase
  s.turn = turn
  for (const side of ['CSA', 'USA'] as const) {
    const hand = hands[side]
    if (!hand) continue
    const t = s.cards[side]
    t.deck = { ...t.deck, drawPile: [...t.deck.drawPile, ...t.hand].filter((c) => !hand.includes(c)) }
    t.hand = [...hand]
  }
  return s
}
const errors = (s: RrState, role: string, text: string) => rs.parseOrders(s, role, text).errors.map((e) => e.message)
const at = (s: RrState, space: string, type: string) => s.pieces.filter((p) => p.at === space && p.type === type)

describe('RB 17.2: what every play is checked for, on receipt and at resolution', () => {
  it("the card must be in the hand, the player's own, in its years and in its window", () => {
    const s = position('csa-build', 1, { CSA: [84, 88, 64], USA: [30] })
    expect(errors(s, 'confederate', 'PLAY 95')).toEqual(['#95 Tredegar Iron Works is not in your hand'])
    expect(errors(s, 'confederate', 'PLAY 30')).toEqual(["#30 Gustavus Fox is the other side's card"])
    expect(errors(s, 'confederate', 'PLAY 64 AT SPAI')).toEqual(['#64 CSS Shenandoah may be played only in 1864'])
    expect(errors(s, 'confederate', 'PLAY 84')[0]).toMatch(
      /^#84 The Douglas is played at the start of any Confederate Movement Phase; this is the csa build phase$/,
    )
    expect(errors(s, 'confederate', 'PLAY 999')).toEqual(['there is no card #999'])
    expect(errors(s, 'confederate', 'PLAY')).toEqual(['write PLAY <card number> [AT <space>], e.g. PLAY 84'])
    expect(errors(s, 'confederate', 'PLAY 88 AT RICH\nPLAY 88 AT RICH')).toEqual(['#88 is played twice'])
  })

  it('a played card leaves the hand for where its text sends it, and both sides are told what was played', () => {
    const run = given(rs, position('csa-build', 1, { CSA: [88, 108] }))
      .orders('confederate', 'PLAY 88 AT CHAS\nPLAY 108')
      .dice({ '#108 profiteers at FREN': 1 })
      .resolve()
    const t = run.state.cards.CSA
    expect(t.hand).toEqual([])
    expect(t.heldAside).toEqual([{ card: 88, returnsAfterTurn: 2 }])
    expect(t.deck.discards).toEqual([108])
    expect(run.seenBy({ kind: 'role', role: 'union' })).toContain('The Confederate player plays #88 P.G.T. Beauregard.')
  })
})

describe('PB 23: the cards of the build phases and of the start of a move', () => {
  it('#30 Gustavus Fox: a free gunboat in each of three Union build phases, in the Navy Yards or St. Louis', () => {
    const s = position('union-move', 1, { USA: [30] })
    expect(errors(s, 'union', 'PLAY 30 AT CAIR')).toEqual(['it places its ship in NAVY or STLO'])
    const run = given(rs, s).orders('union', 'PLAY 30 AT STLO').resolve()
    expect(run.state.arriving.filter((a) => a.type === 'gunboat')).toEqual([
      { turn: 1, side: 'USA', type: 'gunboat', at: 'STLO' },
      { turn: 2, side: 'USA', type: 'gunboat', at: 'STLO' },
      { turn: 3, side: 'USA', type: 'gunboat', at: 'STLO' },
    ])
    const build = given(rs, run.state).orders('union', 'PASS').resolve()
    expect(at(build.state, 'STLO', 'gunboat').length).toBe(at(run.state, 'STLO', 'gunboat').length + 1)
    expect(build.state.arriving.filter((a) => a.type === 'gunboat')).toHaveLength(2)
  })

  it('#31 John Dahlgren: a free sloop in the Navy Yards in each of three Union build phases, the first at once in a build', () => {
    const s = position('union-build', 1, { USA: [31] })
    const sloops = at(s, 'NAVY', 'sloop').length
    const run = given(rs, s).orders('union', 'PLAY 31').resolve()
    expect(at(run.state, 'NAVY', 'sloop').length).toBe(sloops + 1)
    expect(run.state.arriving.filter((a) => a.type === 'sloop').map((a) => a.turn)).toEqual([2, 3])
  })

  it("#35 Eads' Ironclads: from 1862, a free ironclad in Cairo or St. Louis in each of three Union build phases", () => {
    expect(errors(position('union-move', 3, { USA: [35] }), 'union', 'PLAY 35')).toEqual([
      "#35 Eads' Ironclads may be played only in 1862-1864",
    ])
    const run = given(rs, position('union-move', 4, { USA: [35] }))
      .orders('union', 'PLAY 35')
      .resolve()
    expect(run.state.arriving.filter((a) => a.type === 'ironclad')).toEqual([
      { turn: 4, side: 'USA', type: 'ironclad', at: 'CAIR' },
      { turn: 5, side: 'USA', type: 'ironclad', at: 'CAIR' },
      { turn: 6, side: 'USA', type: 'ironclad', at: 'CAIR' },
    ])
  })

  it("#78 Mallory's Miracle: from 1862, a free ironclad in a Confederate port; the discards and the card go back into the deck", () => {
    const s = position('csa-build', 4, { CSA: [78] })
    s.cards.CSA.deck = {
      ...s.cards.CSA.deck,
      drawPile: s.cards.CSA.deck.drawPile.filter((c) => c < 100 || c > 101),
      discards: [100, 101],
    }
    expect(errors(s, 'confederate', 'PLAY 78')).toEqual(['name the port: PLAY 78 AT <port>'])
    expect(errors(s, 'confederate', 'PLAY 78 AT NAVY')).toEqual(['NAVY is not a Confederate port'])
    const run = given(rs, s).orders('confederate', 'PLAY 78 AT MOBL').resolve()
    expect(at(run.state, 'MOBL', 'ironclad').length).toBe(at(s, 'MOBL', 'ironclad').length + 1)
    const t = run.state.cards.CSA
    expect(t.deck.discards).toEqual([])
    expect(t.deck.drawPile).toEqual(expect.arrayContaining([78, 100, 101]))
    expect(t.deck.drawPile).toHaveLength(55)
  })

  it('#83 Trent Affair: a free runner in Europe, the card face up; not after the Emancipation Proclamation', () => {
    const s = position('csa-move', 1, { CSA: [83] })
    const run = given(rs, s).orders('confederate', 'PLAY 83 AT SPAI').dice({ 'supply die 1': 1 }).resolve()
    expect(at(run.state, 'SPAI', 'runner').length).toBe(at(s, 'SPAI', 'runner').length + 1)
    expect(run.state.cards.CSA.inPlay).toEqual([83])
    const late = position('csa-move', 7, { CSA: [83] })
    late.emancipated = true
    expect(errors(late, 'confederate', 'PLAY 83')).toEqual(['not after the Emancipation Proclamation (17.33)'])
  })

  it('#84 The Douglas: at the start of the move, whatever the order of the lines, a loaded runner in France & England', () => {
    const s = position('csa-move', 1, { CSA: [84] })
    s.pieces = s.pieces.filter((p) => !(p.at === 'FREN' && p.type === 'runner'))
    const run = given(rs, s)
      .orders('confederate', 'MOVE BR-6 WILM.BS > HATT\nPLAY 84')
      .dice({ 'supply die 1': 1 })
      .resolve()
    const douglas = at(run.state, 'FREN', 'runner')
    expect(douglas).toHaveLength(1)
    expect(douglas[0]!.cargo).toBe(2)
    const texts = run.step.narrative.map((e) => e.text)
    expect(texts.findIndex((t) => t.includes('#84'))).toBeLessThan(texts.findIndex((t) => t.startsWith('BR-6 moves')))
  })

  it('#88 P.G.T. Beauregard: one free battery in a Confederate city, port or fort, at most three there', () => {
    const s = position('csa-build', 1, { CSA: [88] })
    expect(errors(s, 'confederate', 'PLAY 88')).toEqual(['name the place: PLAY 88 AT <city, port or fort>'])
    expect(errors(s, 'confederate', 'PLAY 88 AT NAVY')).toEqual(['NAVY is not a Confederate city, port or fort'])
    for (let i = 0; i < 3; i++) s.pieces.push({ id: `BT-${90 + i}`, side: 'CSA', type: 'battery', at: 'ATLA' })
    expect(errors(s, 'confederate', 'PLAY 88 AT ATLA')[0]).toMatch(/already holds 3 batteries \(6\.12\)$/)
    const run = given(rs, s).orders('confederate', 'PLAY 88 AT CHAS').resolve()
    expect(at(run.state, 'CHAS', 'battery').length).toBe(at(s, 'CHAS', 'battery').length + 1)
  })

  it('#95 Tredegar Iron Works: Richmond gives a second arsenal battery this turn, counted on receipt', () => {
    const s = position('csa-build', 1, { CSA: [95] })
    const orders = 'BUILD BATTERY AT RICH\nBUILD BATTERY AT ATLA\nBUILD BATTERY AT CHAS'
    expect(errors(s, 'confederate', orders)[0]).toMatch(/no arsenal battery is left/)
    expect(errors(s, 'confederate', `PLAY 95\n${orders}`)).toEqual([])
    const run = given(rs, s).orders('confederate', `PLAY 95\n${orders}`).resolve()
    expect(at(run.state, 'CHAS', 'battery').length).toBe(at(s, 'CHAS', 'battery').length + 1)
    expect(run.state.thisTurn).toEqual(['tredegar'])
    s.control.RICH = 'USA'
    expect(errors(s, 'confederate', 'PLAY 95')).toEqual(['the Confederacy does not hold Richmond'])
  })

  it('#108 Foreign War Profiteers: a die for each neutral port, a free runner on 5 or 6; Vera Cruz passed over under Maximillian', () => {
    const s = position('csa-build', 1, { CSA: [108] })
    s.cards.CSA.inPlay = [61]
    const run = given(rs, s)
      .orders('confederate', 'PLAY 108')
      .dice({ '#108 profiteers at HAVA': 5, '#108 profiteers at BERM': 6, '#108 profiteers at NASS': 4 })
      .resolve()
    expect(at(run.state, 'HAVA', 'runner').length).toBe(at(s, 'HAVA', 'runner').length + 1)
    expect(at(run.state, 'BERM', 'runner').length).toBe(at(s, 'BERM', 'runner').length + 1)
    expect(at(run.state, 'NASS', 'runner').length).toBe(at(s, 'NASS', 'runner').length)
    expect(run.dice.rolls.map((r) => r.label)).not.toContain('#108 profiteers at VERA')
    expect(run.texts('#108')).toContain('Vera Cruz is passed over while #61 Maximillian is in play.')
  })
})

describe('PB 23: cards that wait for their moment in the phase', () => {
  const landAssault = (cards: number[]) => {
    const s = position('union-move', 1, { USA: cards })
    s.control.SAVA = 'USA'
    return s
  }

  it('#32 Army/Navy Cooperation: one Union die more in the amphibious assault on the port it names', () => {
    const s = position('union-move', 7, { USA: [32] })
    expect(errors(s, 'union', 'PLAY 32 AT ATLA')).toEqual(['ATLA is not a Confederate ocean port or fort'])
    const run = given(rs, s)
      .orders('union', 'PLAY 32 AT SAVA\nMOVE SL-3 SAVA.BS > SAVA')
      .dice([
        { label: /assault on SAVA: Union die/, values: [1, 1, 1, 6] },
        { label: /assault on SAVA: Confederate die/, values: [1, 2, 3, 4, 5] },
      ])
      .resolve()
    expect(run.dice.rolls.filter((r) => r.label.includes('Union die'))).toHaveLength(4)
    expect(run.texts('11.62')[0]).toContain('(1 die from #32)')
    expect(run.state.control.SAVA).toBe('USA')
    expect(run.state.pending).toEqual([])
  })

  it('a card whose moment never comes in the phase is spent, and the report says so', () => {
    const run = given(rs, position('union-move', 7, { USA: [32] }))
      .orders('union', 'PLAY 32 AT SAVA')
      .resolve()
    expect(run.texts('#32')).toContain('#32 Army/Navy Cooperation found no assault on SAVA this phase and is spent.')
    expect(run.state.cards.USA.hand).not.toContain(32)
  })

  it('#48 Siege Train: one die more over a land line; after it a die, +2 for a win: 4 or more and the card comes back to the hand', () => {
    const s = landAssault([48])
    expect(errors(s, 'union', 'PLAY 48 AT NAVY')).toEqual(['NAVY is not a Confederate city, port or fort'])
    const won = given(rs, s)
      .orders('union', 'PLAY 48 AT AUGU\nASSAULT AUGU FROM SAVA')
      .dice([
        { label: /assault on AUGU: Union die/, values: [6, 6] },
        { label: /assault on AUGU: Confederate die/, values: [1, 2, 3, 4, 5] },
        { label: '#48 siege train after the assault', values: 2 },
      ])
      .resolve()
    expect(won.dice.rolls.filter((r) => r.label.includes('Union die'))).toHaveLength(2)
    expect(won.state.cards.USA.hand).toContain(48) // with the three drawn as the move phase ends
    expect(won.state.cards.USA.deck.drawPile).not.toContain(48)
    const again = structuredClone(won.state)
    again.phase = 'union-move'
    expect(rs.parseOrders(again, 'union', 'PLAY 48 AT CHAS').errors[0]!.message).toMatch(/^Siege Train came back/)
    const lost = given(rs, s)
      .orders('union', 'PLAY 48 AT AUGU\nASSAULT AUGU FROM SAVA')
      .dice([
        { label: /assault on AUGU: Union die/, values: [1, 2] },
        { label: /assault on AUGU: Confederate die/, values: [6, 6, 6, 6, 6] },
        { label: '#48 siege train after the assault', values: 3 },
      ])
      .resolve()
    expect(lost.state.cards.USA.hand).not.toContain(48)
    expect(lost.state.cards.USA.deck.drawPile).toContain(48)
  })

  it('#68 The Banshee and #69 CSS Robert E. Lee: the cargo the named runner lands this phase scores 2 and 1 VP more', () => {
    const s = position('csa-move', 4, { CSA: [68, 69] })
    s.pieces.push({ id: 'BR-40', side: 'CSA', type: 'runner', at: 'WILM', cargo: 2 })
    expect(errors(s, 'confederate', 'PLAY 68 AT SL-1')).toEqual([
      'name the Confederate runner that lands the cargo: PLAY <card> AT BR-<n>',
    ])
    const run = given(rs, s)
      .orders('confederate', 'PLAY 68 AT BR-40\nPLAY 69 AT BR-40\nMOVE BR-40 UNLOAD')
      .dice({ 'supply die 1': 1 })
      .resolve()
    expect(run.state.vp).toBe(s.vp + 2 + 2 + 1 - 1)
    expect(run.texts('#68')).toContain("#68 The Banshee on BR-40's cargo: +2 VP to the Confederacy (now 14).")
  })

  it('#65 CSS David: a Union ship in a port or station sinks on a higher Confederate die, +1 when it is alone there', () => {
    const s = position('csa-move', 1, { CSA: [65] })
    const lone = { id: 'SL-90', side: 'USA' as const, type: 'sloop' as const, at: 'CHAS.BS' }
    s.pieces.push(lone)
    const atSea = { id: 'SL-91', side: 'USA' as const, type: 'sloop' as const, at: 'SATL' }
    s.pieces.push(atSea)
    expect(errors(s, 'confederate', 'PLAY 65 AT SL-91')).toEqual(['SL-91 is not in a port or a blockade station'])
    expect(errors(s, 'confederate', 'PLAY 65 AT RD-1')).toEqual([
      'name the Union ship: PLAY <card> AT <ship>, e.g. AT SL-3',
    ])
    const sunk = given(rs, s)
      .orders('confederate', `PLAY 65 AT ${lone.id}`)
      .dice({ [`#65 David against ${lone.id}`]: 4, [`#65 ${lone.id} against the David`]: 4, 'supply die 1': 1 })
      .resolve()
    expect(sunk.state.pieces.some((p) => p.id === lone.id)).toBe(false)
    const company = structuredClone(s)
    company.pieces.push({ id: 'SL-92', side: 'USA', type: 'sloop', at: 'CHAS.BS' })
    const sameDice = given(rs, company)
      .orders('confederate', `PLAY 65 AT ${lone.id}`)
      .dice({ [`#65 David against ${lone.id}`]: 4, [`#65 ${lone.id} against the David`]: 4, 'supply die 1': 1 })
      .resolve()
    expect(sameDice.state.pieces.some((p) => p.id === lone.id)).toBe(true)
    const missed = given(rs, s)
      .orders('confederate', `PLAY 65 AT ${lone.id}`)
      .dice({ [`#65 David against ${lone.id}`]: 3, [`#65 ${lone.id} against the David`]: 5, 'supply die 1': 1 })
      .resolve()
    expect(missed.state.pieces.some((p) => p.id === lone.id)).toBe(true)
  })

  it('#73 CSS Hunley: a Union ship in a station: 1-2 nothing, 3-4 to the Navy Yards, 5-6 sunk', () => {
    const s = position('csa-move', 1, { CSA: [73] })
    const target = { id: 'SL-90', side: 'USA' as const, type: 'sloop' as const, at: 'CHAS.BS' }
    s.pieces.push(target)
    const hunley = (die: number) =>
      given(rs, s)
        .orders('confederate', `PLAY 73 AT ${target.id}`)
        .dice({ [`#73 Hunley against ${target.id}`]: die, 'supply die 1': 1 })
        .resolve()
        .state.pieces.find((p) => p.id === target.id)
    expect(hunley(2)!.at).toBe(target.at)
    expect(hunley(4)!.at).toBe('NAVY')
    expect(hunley(5)).toBeUndefined()
    const inPort = position('csa-move', 1, { CSA: [73] })
    const navy = inPort.pieces.find((p) => p.side === 'USA' && p.at === 'NAVY')!
    expect(errors(inPort, 'confederate', `PLAY 73 AT ${navy.id}`)).toEqual([`${navy.id} is not in a blockade station`])
  })
})

describe('PB 23: cards that ask their player a question in the middle of the phase', () => {
  it('#29 Gideon Welles: three cards drawn and one kept by answer (by default the lowest-numbered, ruling RR-K3); the discards go back into the deck', () => {
    const s = position('union-build', 1, { USA: [29] })
    s.cards.USA.deck = {
      drawPile: [40, 12, 33, ...s.cards.USA.deck.drawPile.filter((c) => ![40, 12, 33].includes(c))],
      discards: [5],
      reshuffles: 0,
    }
    const byDefault = given(rs, s).orders('union', 'PLAY 29').resolve()
    expect(byDefault.questions).toHaveLength(1)
    const q = byDefault.questions[0]!
    expect(q.options.map((o) => o.id)).toEqual(['12', '33', '40'])
    expect(q.role).toBe('union')
    expect(byDefault.state.cards.USA.hand).toEqual([12])
    expect(byDefault.state.cards.USA.deck.discards).toEqual([])
    expect(byDefault.state.cards.USA.deck.drawPile).toEqual(expect.arrayContaining([5, 29, 33, 40]))
    const answered = given(rs, s)
      .orders('union', 'PLAY 29')
      .answers({ [q.decisionId]: '40' })
      .resolve()
    expect(answered.state.cards.USA.hand).toEqual([40])
    expect(answered.step.decisions[0]!.byDefault).toBe(false)
    // The Confederate player learns that a card was kept, not which.
    const seen = answered.seenBy({ kind: 'role', role: 'confederate' }).join('\n')
    expect(seen).toContain('The Union player keeps one card and discards #12')
    expect(seen).not.toContain('#40')
  })

  it("#39 All the World's a Stage: two Confederate cards taken at random, one discarded by answer (by default the higher-numbered), the other given back", () => {
    const s = position('union-move', 1, { USA: [39], CSA: [60, 70, 80, 90] })
    const run = given(rs, s).orders('union', 'PLAY 39').resolve()
    const q = run.questions[0]!
    const [low, high] = q.options.map((o) => Number(o.id))
    expect(low! < high!).toBe(true)
    expect(run.state.cards.CSA.hand).toHaveLength(3)
    expect(run.state.cards.CSA.hand).toContain(low)
    expect(run.state.cards.CSA.deck.discards).toEqual([high])
    const answered = given(rs, s)
      .orders('union', 'PLAY 39')
      .answers({ [q.decisionId]: String(low) })
      .resolve()
    expect(answered.state.cards.CSA.deck.discards).toEqual([low])
    expect(answered.state.cards.CSA.hand).toContain(high)
    // Both players see which two were taken; an observer does not.
    const taken = `#${low} `
    expect(answered.seenBy({ kind: 'role', role: 'union' }).join('\n')).toContain(taken)
    expect(answered.seenBy({ kind: 'role', role: 'confederate' }).join('\n')).toContain(taken)
    expect(answered.seenBy({ kind: 'observer' }).join('\n')).not.toContain(`#${high} `)
  })

  it('#82 A Rose by Any Other Name: the same against the Union hand, at the start of the Confederate move; one card left is the one discarded', () => {
    const s = position('csa-move', 1, { CSA: [82], USA: [7] })
    const run = given(rs, s)
      .orders('confederate', 'MOVE BR-6 WILM.BS > HATT\nPLAY 82')
      .dice({ 'supply die 1': 1 })
      .resolve()
    expect(run.questions).toEqual([])
    expect(run.state.cards.USA.hand).toEqual([])
    expect(run.state.cards.USA.deck.discards).toEqual([7])
  })
})

describe('PB 23: cards of the start of the Union turn, played in the Confederate build before it', () => {
  it('#77 Lee Moves North: before 1864 no Union assault on Fredericksburg, Richmond, Goldsboro or Norfolk this turn, refused on receipt and at resolution', () => {
    const played = given(rs, position('csa-build', 4, { CSA: [77] }))
      .orders('confederate', 'PLAY 77')
      .resolve()
    expect(played.state.phase).toBe('union-move')
    expect(played.texts('#77')).toEqual([
      'This turn the Union may not assault Fredericksburg, Richmond, Goldsboro, Norfolk.',
    ])
    expect(errors(played.state, 'union', 'MOVE SL-6 CHES > NORF.BS > NORF')).toEqual([
      '#77 Lee Moves North forbids an assault on Norfolk this turn',
    ])
    // A Union order written before the card was played meets it at resolution.
    const s = structuredClone(played.state)
    s.thisTurn = []
    const orders = rs.parseOrders(s, 'union', 'MOVE SL-6 CHES > NORF.BS > NORF')
    expect(orders.errors).toEqual([])
    const run = rs.resolve(played.state, { orders: { union: orders.commands }, decisions: {} }, new LabelledDice([]))
    expect(run.narrative.map((e) => e.text).join('\n')).toContain(
      'may not enter Norfolk: #77 Lee Moves North forbids an assault on Norfolk this turn',
    )
    // The next turn it no longer holds.
    const next = given(rs, run.state).orders('union', 'PASS').resolve()
    expect(next.state.thisTurn).toEqual([])
  })

  it('#77 in 1864: the Union loses a cannon pawn instead', () => {
    const s = position('csa-build', 10, { CSA: [77] })
    s.unionPawns = 2
    const run = given(rs, s).orders('confederate', 'PLAY 77').resolve()
    expect(run.state.unionPawns).toBe(1)
    expect(run.state.thisTurn).toEqual([])
  })

  it('#100 Battle Flags North!: only while the Union holds neither Atlanta nor Chattanooga; bars the western cities', () => {
    const s = position('csa-build', 4, { CSA: [100] })
    const run = given(rs, s).orders('confederate', 'PLAY 100').resolve()
    expect(run.state.thisTurn).toContain('no-assault:LOUI:100')
    expect(run.state.thisTurn).toHaveLength(7)
    s.control.CHAT = 'USA'
    expect(errors(s, 'confederate', 'PLAY 100')).toEqual(['the Union holds Chattanooga'])
  })
})

describe('PB 23: Confederate cards of the move phase', () => {
  it('#57 A Lively Little Trade: after the supply dice, each die of 4 or more is rolled again (ruling RR-K4); with none, the card goes back to the hand', () => {
    const s = position('csa-move', 1, { CSA: [57] })
    const rerolled = given(rs, s)
      .orders('confederate', 'PLAY 57')
      .dice({ 'supply die 1': 5, 'supply die 1 rolled again': 2 })
      .resolve()
    expect(rerolled.state.vp).toBe(s.vp - 2)
    expect(rerolled.state.cards.CSA.deck.discards).toEqual([57])
    const kept = given(rs, s).orders('confederate', 'PLAY 57').dice({ 'supply die 1': 3 }).resolve()
    expect(kept.state.vp).toBe(s.vp - 3)
    expect(kept.state.cards.CSA.hand).toContain(57)
    expect(kept.dice.rolls.map((r) => r.label)).not.toContain('supply die 1 rolled again')
  })

  it('#89 John Bell Hood: in 1864 a counterattack without the grey pawn; a failure costs twice its points', () => {
    const s = position('csa-move', 10, { CSA: [89] })
    s.control.NASH = 'USA'
    expect(errors(s, 'confederate', 'COUNTERATTACK NASH FROM MEMP')[0]).toMatch(/needs the grey pawn/)
    expect(errors(s, 'confederate', 'PLAY 89\nCOUNTERATTACK NASH FROM MEMP')).toEqual([])
    const run = given(rs, s)
      .orders('confederate', 'PLAY 89\nCOUNTERATTACK NASH FROM MEMP')
      .dice([
        { label: /counterattack on NASH: Confederate die/, values: [3, 2, 1] },
        { label: /counterattack on NASH: Union die/, values: [6, 5, 4, 1] },
        { label: /supply die/, values: [1, 1, 1, 1, 1, 1] },
      ])
      .resolve()
    expect(run.texts('11.93')[0]).toMatch(/^The counterattack on Nashville fails \(doubled by #89\): -6 VP/)
    expect(run.state.control.NASH).toBe('USA')
  })

  it('#98 Rebel Yell: from 1863, three cards more before the build; never in the turn it was drawn', () => {
    const s = position('csa-move', 7, { CSA: [98] })
    const run = given(rs, s)
      .orders('confederate', 'PLAY 98')
      .dice([{ label: /supply die/, values: [1, 1, 1, 1] }])
      .resolve()
    expect(run.state.cards.CSA.hand).toHaveLength(6)
    expect(run.texts('#98')[0]).toBe('The Confederate player draws 3 card(s) for the Rebel Yell.')
    s.cards.CSA.drawnOn[98] = 7
    expect(errors(s, 'confederate', 'PLAY 98')).toEqual(['Rebel Yell may not be played in the turn it was drawn'])
  })
})

describe("PB 23: the Union rerolls after an assault's dice (ruling RR-K5)", () => {
  const augusta = (hand: number[]) => {
    const s = position('union-move', 4, { USA: hand })
    s.control.SAVA = 'USA'
    return s
  }
  const dice = (union: number[], csa: number[], more: { label: string; values: number }[] = []) => [
    { label: /assault on AUGU: Union die \d$/, values: union },
    { label: /assault on AUGU: Confederate die \d$/, values: csa },
    ...more,
  ]

  it('#5 Willing to Fight: a losing Union rolls all its dice again, and the new result stands', () => {
    const run = given(rs, augusta([5]))
      .orders('union', 'PLAY 5 AT AUGU\nASSAULT AUGU FROM SAVA')
      .dice(
        dice(
          [1, 2],
          [4, 1, 1, 1, 1],
          [
            { label: 'assault on AUGU: Union die 1 rolled again', values: 6 },
            { label: 'assault on AUGU: Union die 2 rolled again', values: 6 },
          ],
        ),
      )
      .resolve()
    expect(run.texts('#5').at(-1)).toBe('Willing to Fight: Union 6,6 = 7; Confederate 4,1 = 4.')
    expect(run.state.control.AUGU).toBe('USA')
  })

  it('a reroll card the Union does not need goes back to its hand', () => {
    const run = given(rs, augusta([5]))
      .orders('union', 'PLAY 5 AT AUGU\nASSAULT AUGU FROM SAVA')
      .dice(dice([6, 5], [1, 2, 3, 1, 2]))
      .resolve()
    expect(run.state.cards.USA.hand).toContain(5)
    expect(run.dice.rolls.some((r) => r.label.includes('rolled again'))).toBe(false)
  })

  it('#7 A Lack of Brains: the Confederate high die is rolled again', () => {
    const run = given(rs, augusta([7]))
      .orders('union', 'PLAY 7 AT AUGU\nASSAULT AUGU FROM SAVA')
      .dice(dice([3, 1], [5, 2, 1, 1, 1], [{ label: 'assault on AUGU: Confederate die 1 rolled again', values: 1 }]))
      .resolve()
    expect(run.state.control.AUGU).toBe('USA')
  })

  it("#4 We Cross the Ford serves over a river or land line only; #85 Forrest bars the Union's rerolls", () => {
    const s = augusta([4])
    s.reactions.CSA = [{ card: 85, at: 'ALL' }]
    s.cards.CSA.hand.push(85)
    const run = given(rs, s)
      .orders('union', 'PLAY 4 AT AUGU\nASSAULT AUGU FROM SAVA')
      .dice(dice([2], [4, 1, 1, 1, 1]))
      .resolve()
    expect(run.texts('#4').at(-1)).toBe(
      'We cross the ford, never to retreat again to this side is not used (#85 Forrest bars Union rerolls) and goes back to the hand.',
    )
    expect(run.state.cards.USA.hand).toContain(4)
  })
})

describe('the order form', () => {
  it('lists the cards in the hand the judge can play in this phase, with when each acts', () => {
    const form = orderForm(
      position('csa-build', 1, { CSA: [88, 84, 64] }),
      bindRebelPack(pack.content as never),
      'confederate',
    )
    expect(form.filter((l) => l.includes('PLAY'))).toEqual([
      '#   PLAY 88 [AT ...]   P.G.T. Beauregard: during the Confederate Build Phase',
    ])
  })
})

describe('PB 23: the Union generals face up', () => {
  it('#50 William Tecumseh Sherman: from 1863, one Union die more in one assault over a land line a turn; the card stays face up', () => {
    const s = position('union-move', 7, { USA: [50] })
    s.control.SAVA = 'USA'
    s.unionPawns = 2
    const run = given(rs, s)
      .orders('union', 'PLAY 50\nASSAULT AUGU FROM SAVA')
      .dice([
        { label: /assault on AUGU: Union die/, values: [6, 5, 4, 3] },
        { label: /assault on AUGU: Confederate die/, values: [1, 2, 3, 1, 2] },
      ])
      .resolve()
    expect(run.dice.rolls.filter((r) => r.label.startsWith('assault on AUGU: Union die'))).toHaveLength(4)
    expect(run.state.cards.USA.inPlay).toEqual([50])
    expect(run.state.thisTurn).toContain('used:50')
    // The next turn it serves again.
    const later = structuredClone(run.state)
    later.phase = 'union-move'
    later.thisTurn = []
    const again = given(rs, later)
      .orders('union', 'ASSAULT CHAS FROM AUGU')
      .dice([
        { label: /Union die/, values: [1, 1, 1, 1] },
        { label: /Confederate die/, values: [6, 6, 6, 6, 6] },
      ])
      .resolve()
    expect(again.texts('#50')).toEqual([
      'William Tecumseh Sherman: the Union rolls one die more at Charleston (once this turn).',
    ])
  })

  it('#11 Sheridan: in 1864, one Union die more against a Confederate counterattack on a space next to Richmond', () => {
    const s = position('csa-move', 10, {})
    s.cards.USA.inPlay = [11]
    s.control.FRED = 'USA'
    s.csaPawns = 1
    const run = given(rs, s)
      .orders('confederate', 'COUNTERATTACK FRED FROM RICH')
      .dice([
        { label: /counterattack on FRED: Confederate die/, values: [6, 6, 6] },
        { label: /counterattack on FRED: Union die/, values: [1, 1, 1, 1, 1] },
        { label: /supply die/, values: [1, 1, 1, 1, 1, 1] },
      ])
      .resolve()
    expect(run.dice.rolls.filter((r) => r.label.startsWith('counterattack on FRED: Union die'))).toHaveLength(5)
    expect(run.texts('#11')).toEqual(['Sheridan: the Union rolls one die more at Fredericksburg (once this turn).'])
  })
})
