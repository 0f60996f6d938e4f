// The optional rules rolled as a phase opens (PB 18.32 Draft Riots, 18.33 commercial interests,
// 18.34 privateers), made as the phase before it is resolved (ruling RR-O1).
import { describe, expect, it } from 'vitest'
import { given, LabelledDice } from '../helpers/spec.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import { bindRebelPack, loadRebelPack, rawRebelPack } from '../../src/games/rebel-raiders/pack.ts'
import type { Phase, RrState } from '../../src/games/rebel-raiders/state.ts'
import { canonicalJson, sha256Hex } from '../../src/util/canonical.ts'

const pack = rebelRaidersFactory.defaultPack()
const rs = createRebelRaiders(pack as never)
const start = (optional: string, phase: Phase, turn: number, vp = 25) => {
  const s = rs.setup('1861', { optional }, pack, new LabelledDice([])) as RrState
  Object.assign(s, { phase, turn, vp })
  return s
}
const errors = (s: RrState, role: string, text: string) => rs.parseOrders(s, role, text).errors.map((e) => e.message)

describe('PB 18.32: Northern Draft Riots', () => {
  const afterMove = (s: RrState, die: number) =>
    given(rs, s).orders('union', 'PASS').dice({ '18.32 draft riots': die }).resolve()
  it('1863-1864: a die no higher than the tens of the Confederate points starts riots as the Union build opens', () => {
    const riots = afterMove(start('18.32', 'union-move', 7), 2)
    expect(riots.state.marks?.riots).toEqual({ turn: 7, builds: 2 })
    expect(afterMove(start('18.32', 'union-move', 7), 3).state.marks?.riots).toBeUndefined()
    // At 10 VP or less only a 1 does it; not in 1862; not without the option.
    expect(afterMove(start('18.32', 'union-move', 7, 8), 1).state.marks?.riots).toEqual({ turn: 7, builds: 0 })
    expect(afterMove(start('18.32', 'union-move', 7, 8), 2).state.marks?.riots).toBeUndefined()
    expect(afterMove(start('18.32', 'union-move', 6), 1).texts('18.32')).toEqual([])
    expect(afterMove(start('', 'union-move', 7), 1).texts('18.32')).toEqual([])
  })
  it('the die is lowered by each failed Union assault in 1863, one for two from 1864, and by the Emancipation', () => {
    const failed = (turn: number, n: number, emancipated = false) => {
      const s = start('18.32', 'union-move', turn)
      s.marks = { failedAssaults: n }
      s.emancipated = emancipated
      return s
    }
    expect(afterMove(failed(7, 2), 4).state.marks?.riots?.turn).toBe(7)
    expect(afterMove(failed(10, 2), 4).state.marks?.riots).toBeUndefined()
    expect(afterMove(failed(10, 3), 4).state.marks?.riots?.turn).toBe(10)
    expect(afterMove(failed(10, 1, true), 4).state.marks?.riots?.turn).toBe(10)
  })
  it("a Union assault that fails after its dice counts for the next roll; the Union move's count starts at none", () => {
    const s = start('18.32', 'csa-build', 7)
    s.marks = { failedAssaults: 4 }
    expect(given(rs, s).orders('confederate', 'PASS').resolve().state.marks?.failedAssaults).toBe(0)
    const move = start('18.32', 'union-move', 7)
    const run = given(rs, move)
      .orders('union', 'ASSAULT IS10 FROM CAIR')
      .dice([
        { label: /assault on IS10: Union die/, values: [1, 1, 1] },
        { label: /assault on IS10: Confederate die/, values: [6, 6, 6] },
        { label: '18.32 draft riots', values: 6 },
      ])
      .resolve()
    expect(run.state.marks?.failedAssaults).toBe(1)
    expect(run.texts('18.32')).toEqual(['Draft Riots die 6 - 1 against 3: the North stays calm.'])
  })
  it('riots cost the Union builds equal to the tens of the points and bar an extra assault or a card; never two turns running', () => {
    const s = start('18.32', 'union-build', 7)
    s.marks = { riots: { turn: 7, builds: 2 } }
    expect(errors(s, 'union', 'BUILD PAWN\nBUILD CARD')).toEqual([
      'no extra assault is bought in the Draft Riots (18.32)',
      'no card is bought in the Draft Riots (18.32)',
    ])
    // Eight builds in April 1863, two of them lost.
    expect(errors(s, 'union', Array(7).fill('BUILD SLOOP').join('\n'))).toEqual([
      'a sloop costs 1 build(s); 0 left (15.41)',
    ])
    const next = start('18.32', 'union-move', 8)
    next.marks = { riots: { turn: 7, builds: 2 } }
    expect(afterMove(next, 1).texts('18.32')).toEqual(['No Draft Riots roll: the riots broke out last turn.'])
  })
})

describe('PB 18.33: Union commercial interests demand protection', () => {
  const withRaiders = (...at: string[]) => {
    const s = start('18.33', 'csa-build', 4)
    at.forEach((z, i) => s.pieces.push({ id: `RD-${20 + i}`, side: 'CSA', type: 'raider', at: z }))
    return s
  }
  it('a die no higher than the raiders at sea that may raid makes the demand as the Union move opens', () => {
    const demand = given(rs, withRaiders('NATL', 'SATL'))
      .orders('confederate', 'PASS')
      .dice({ '18.33 commercial interests': 2 })
      .resolve()
    expect(demand.state.marks?.protection).toBe(true)
    const none = given(rs, withRaiders('NATL', 'SATL'))
      .orders('confederate', 'PASS')
      .dice({ '18.33 commercial interests': 3 })
      .resolve()
    expect(none.state.marks?.protection).toBeUndefined()
    // No raider at sea, no roll.
    expect(given(rs, withRaiders('FREN')).orders('confederate', 'PASS').resolve().texts('18.33')).toEqual([])
  })
  it('as the Union move ends, 2 VP for each zone with a raider and fewer than two screw sloops', () => {
    const s = withRaiders('NATL', 'SATL', 'SATL')
    s.phase = 'union-move'
    s.marks = { protection: true }
    s.pieces = s.pieces.filter((p) => !(p.type === 'sloop' && ['NATL', 'SATL'].includes(p.at)))
    s.pieces.push(
      { id: 'SL-20', side: 'USA', type: 'sloop', at: 'SATL' },
      { id: 'SL-21', side: 'USA', type: 'sloop', at: 'SATL' },
      { id: 'SL-22', side: 'USA', type: 'sloop', at: 'NATL' },
    )
    const run = given(rs, s).orders('union', 'PASS').resolve()
    expect(run.state.vp).toBe(s.vp + 2)
    expect(run.texts('18.33')).toHaveLength(1)
    expect(run.state.marks?.protection).toBeUndefined()
  })
})

describe('PB 18.34: privateers', () => {
  const afterMove = (s: RrState, die: number) =>
    given(rs, s).orders('confederate', 'PASS').dice({ '18.34 privateers': die }).resolve()
  it('as the Confederate build opens, a die no higher than the tens of the points gives a free raider in France & England', () => {
    const s = start('18.34', 'csa-move', 4)
    const won = afterMove(structuredClone(s), 2)
    const raiders = (x: RrState) => x.pieces.filter((p) => p.type === 'raider' && p.at === 'FREN').length
    expect(raiders(won.state)).toBe(raiders(s) + 1)
    expect(won.state.vp).toBe(afterMove(structuredClone(s), 3).state.vp)
    expect(raiders(afterMove(structuredClone(s), 3).state)).toBe(raiders(s))
  })
  it('the privateer brings the Alabama from the deck (the Shenandoah and Stonewall from 1864), told to the Confederate alone', () => {
    const s = start('18.34', 'csa-move', 4)
    const t = s.cards.CSA
    t.hand = t.hand.filter((c) => c !== 63)
    t.deck = { ...t.deck, drawPile: [...t.deck.drawPile.filter((c) => c !== 63), 63] }
    const run = afterMove(s, 1)
    expect(run.state.cards.CSA.hand).toContain(63)
    expect(run.state.cards.CSA.deck.drawPile).not.toContain(63)
    const seen = run.step.narrative.filter((e) => e.rule === '18.34').map((e) => e.audience.kind)
    expect(seen).toEqual(['public', 'public', 'roles'])
  })
  it('the six raider counters are a cap; failed Union assaults lower the die', () => {
    const s = start('18.34', 'csa-move', 4)
    for (let i = 0; i < 6; i++) s.pieces.push({ id: `RD-${30 + i}`, side: 'CSA', type: 'raider', at: 'SATL' })
    s.pieces = s.pieces.filter((p) => p.type !== 'raider' || p.id.startsWith('RD-3'))
    expect(afterMove(s, 1).texts('18.34')).toEqual([
      'Privateers die 1 against 2: a privateer, but all 6 raider counters are in play.',
    ])
    const lowered = start('18.34', 'csa-move', 4)
    lowered.marks = { failedAssaults: 2 }
    expect(afterMove(lowered, 4).texts('18.34')[0]).toMatch(/^Privateers die 4 - 2 against 2: privateer RD-/)
  })
})

describe("PB 18.34: where the privateer fits out and which named raider it brings are the Confederate player's", () => {
  const won = (turn: number, answers: Record<string, string> = {}) => {
    const s = start('18.34', 'csa-move', turn)
    const t = s.cards.CSA
    t.hand = t.hand.filter((c) => ![63, 64, 74].includes(c))
    t.deck = { ...t.deck, drawPile: [...t.deck.drawPile.filter((c) => ![63, 64, 74].includes(c)), 63, 64, 74] }
    return given(rs, s).orders('confederate', 'PASS').answers(answers).dice({ '18.34 privateers': 1 }).resolve()
  }
  const raidersIn = (x: RrState, at: string) => x.pieces.filter((p) => p.type === 'raider' && p.at === at).length

  it('18.34 the port: a question between France & England and Spain, by default France & England; answered, Spain', () => {
    const asked = won(4)
    const q = asked.questions.find((x) => x.decisionId.startsWith('privateer-port'))!
    expect(q.role).toBe('confederate')
    expect(q.options.map((o) => o.id)).toEqual(['FREN', 'SPAI'])
    expect(q.defaultOption).toBe('FREN')
    expect(asked.texts('18.34')[0]).toMatch(/privateer RD-\d+ fits out in France & England\.$/)
    const spain = won(4, { [q.decisionId]: 'SPAI' })
    expect(raidersIn(spain.state, 'SPAI')).toBe(raidersIn(asked.state, 'SPAI') + 1)
    expect(raidersIn(spain.state, 'FREN')).toBe(raidersIn(asked.state, 'FREN') - 1)
  })

  it('18.34 the card: a question among the named raiders the year allows, or none; by default the first', () => {
    const q1862 = won(4).questions.find((x) => x.decisionId.startsWith('privateer-card'))!
    expect(q1862.options.map((o) => o.id)).toEqual(['63', 'NONE'])
    const asked = won(10)
    const q = asked.questions.find((x) => x.decisionId.startsWith('privateer-card'))!
    expect(q.role).toBe('confederate')
    expect(q.options.map((o) => o.id)).toEqual(['63', '64', '74', 'NONE'])
    expect(q.defaultOption).toBe('63')
    expect(asked.state.cards.CSA.hand).toContain(63)
    const stonewall = won(10, { [q.decisionId]: '74' })
    expect(stonewall.state.cards.CSA.hand).toContain(74)
    expect(stonewall.state.cards.CSA.hand).not.toContain(63)
    const none = won(10, { [q.decisionId]: 'NONE' })
    expect(none.state.cards.CSA.hand.filter((c) => [63, 64, 74].includes(c))).toEqual([])
    expect(none.texts('18.34')).toHaveLength(1)
  })

  it('18.34 fog: the Union sees the raider and that a card was taken, never the questions nor the card', () => {
    const q = won(10).questions.find((x) => x.decisionId.startsWith('privateer-card'))!
    const run = won(10, { [q.decisionId]: '64' })
    const usa = run.seenBy({ kind: 'role', role: 'union' } as never).join('\n')
    expect(usa).toMatch(/privateer RD-\d+ fits out in France & England/)
    expect(usa).toMatch(/takes a named raider card/)
    expect(usa).not.toMatch(/#64|Shenandoah|which named raider/)
    expect(run.seenBy({ kind: 'role', role: 'confederate' } as never)).toContain(
      'You take #64 CSS Shenandoah into your hand.',
    )
  })
})

describe('PB 18.24: increased ship building', () => {
  it("BUILD ... FREE: as many free sloops and gunboats as the year's last digit, 3 VP to the Confederacy each (the 18.24 examples: two in 1862)", () => {
    const s = start('18.24', 'union-build', 4, 10)
    const run = given(rs, s).orders('union', 'BUILD SLOOP FREE\nBUILD GUNBOAT AT NAVY FREE').resolve()
    expect(run.state.vp).toBe(16)
    expect(run.texts('18.24')).toEqual(['Free Union ships: +6 VP to the Confederacy (now 16).'])
    expect(run.state.arriving.filter((a) => a.type === 'sloop' && a.turn === 5)).toHaveLength(1)
    expect(errors(s, 'union', 'BUILD SLOOP FREE\nBUILD SLOOP FREE\nBUILD SLOOP FREE')).toEqual([
      '2 free ship(s) a turn in 1862 (18.24)',
    ])
  })
  it('no ironclad, card or pawn comes free; not without the option; not for the Confederacy', () => {
    expect(errors(start('18.24', 'union-build', 4), 'union', 'BUILD IRONCLAD AT NAVY FREE')).toEqual([
      'only screw sloops and gunboats come free (18.24)',
    ])
    expect(errors(start('', 'union-build', 4), 'union', 'BUILD SLOOP FREE')).toEqual([
      'no free ships without optional rule 18.24',
    ])
    expect(errors(start('18.24', 'csa-build', 4), 'confederate', 'BUILD GUNBOAT AT WILM FREE')).toEqual([
      'only the Union takes free ships (18.24)',
    ])
  })
})

describe("PB 18: the optional rules' tables in the data pack", () => {
  it('are checked with the pack; a pack stored without them keeps its hash and takes the embedded tables', () => {
    const raw = rawRebelPack() as Record<string, unknown> & { optional: { privateers: { port: string } } }
    raw.optional.privateers.port = 'XXXX'
    expect(() => loadRebelPack(raw)).toThrow("the optional rules' tables name XXXX, which is not on the map")
    const old = rawRebelPack() as Record<string, unknown>
    delete old.optional
    const loaded = loadRebelPack(old)
    const { optional: _, ...rest } = rawRebelPack() as Record<string, unknown>
    expect(loaded.hash).toBe(sha256Hex(canonicalJson(rest)))
    expect(bindRebelPack(loaded.content).optional.unionResolve.chits).toHaveLength(10)
  })
})
