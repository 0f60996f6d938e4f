// Cards played in their owner's phase (RB 17.2, PB 23): the checks every play meets on receipt and
// at resolution, and each card implemented so far, named by its number.
import { describe, expect, it } from 'vitest'
import { RecordingDice } from '../../src/engine/dice.ts'
import { given } from '../helpers/spec.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import type { Phase, RrState } from '../../src/games/rebel-raiders/state.ts'

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
    expect(rs.parseOrders(s, 'confederate', 'PLAY').errors).toMatchObject([
      { message: 'PLAY needs a card number', suggestion: 'e.g. PLAY 84' },
    ])
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
