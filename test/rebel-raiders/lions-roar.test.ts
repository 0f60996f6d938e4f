// PB 18.36 The Lion's Roar: saving rolls as the Emancipation comes (17.3), and a free runner under
// the British flag at each Confederate build (ruling RR-O9).
import { describe, expect, it } from 'vitest'
import { given, LabelledDice } from '../helpers/spec.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import { bindRebelPack, type RawRebelPack } from '../../src/games/rebel-raiders/pack.ts'
import { PhaseRun } from '../../src/games/rebel-raiders/phaseRun.ts'
import type { Phase, RrState } from '../../src/games/rebel-raiders/state.ts'

const pack = rebelRaidersFactory.defaultPack()
const rs = createRebelRaiders(pack as never)
const start = (optional: string, phase: Phase, turn: number) => {
  const s = rs.setup('1861', { optional }, pack, new LabelledDice([])) as RrState
  Object.assign(s, { phase, turn })
  return s
}

describe("PB 18.36: the Lion's Roar at the Emancipation", () => {
  // A Confederate counterattack beaten in 1863 issues the Proclamation (17.3).
  const capture = (optional: string, dice: Record<string, number>) => {
    const s = start(optional, 'csa-move', 7)
    s.control.NORF = 'USA'
    s.csaPawns = 1
    s.cards.CSA.inPlay.push(62)
    s.cards.CSA.deck = { ...s.cards.CSA.deck, drawPile: s.cards.CSA.deck.drawPile.filter((c) => c !== 62) }
    return given(rs, s)
      .orders('confederate', 'COUNTERATTACK NORF FROM RICH')
      .dice([
        { label: /counterattack on NORF: Union die/, values: [6, 5, 4] },
        { label: /counterattack on NORF: Confederate die/, values: [1, 2, 3] },
        ...Object.entries(dice).map(([label, values]) => ({ label, values })),
      ])
      .resolve()
  }
  it('a 6 keeps Royal Navy in play and a 2-VP cargo marker in the pool; +1 while the Confederacy holds 16 cities', () => {
    const run = capture('18.36', { '18.36 card 62': 6, '18.36 cargo marker 1': 5, '18.36 cargo marker 2': 6 })
    expect(run.state.emancipated).toBe(true)
    expect(run.state.cards.CSA.inPlay).toContain(62)
    expect(run.state.cards.CSA.removed).not.toContain(62)
    expect(run.state.marks?.markersKept).toBe(2)
    expect(run.texts('18.36')).toContain("The Lion's Roar for 2-VP cargo marker 1: die 5 + 1, it stays.")
  })
  it('anything less and they go as 17.33 says; without the option no dice', () => {
    const run = capture('18.36', { '18.36 card 62': 4, '18.36 cargo marker 1': 4, '18.36 cargo marker 2': 1 })
    expect(run.state.cards.CSA.removed).toContain(62)
    expect(run.state.marks?.markersKept).toBeUndefined()
    const plain = capture('', {})
    expect(plain.texts('18.36')).toEqual([])
    expect(plain.state.cards.CSA.removed).toContain(62)
  })
})

describe('PB 18.36: a kept 2-VP marker stays in the pool', () => {
  it('after the Emancipation the pool of 2-VP markers loses two, less those the Lion kept', () => {
    const s = start('18.36', 'csa-move', 7)
    s.emancipated = true
    const pool = bindRebelPack(pack.content as RawRebelPack)
    const two = pool.pieces.cargoMarkers.two
    for (let i = 0; i < two - 2; i++)
      s.pieces.push({ id: `BR-${60 + i}`, side: 'CSA', type: 'runner', at: 'NASS', cargo: 2 })
    const free = (x: RrState) => new PhaseRun(x, pool, new LabelledDice([])).cargoFree(2)
    expect(free(s)).toBe(false)
    s.marks = { markersKept: 1 }
    expect(free(s)).toBe(true)
  })
})

describe("PB 18.36: the Lion's Roar runner", () => {
  it('each Confederate build opens with a free runner in the British port with the fewest Confederate runners', () => {
    const s = start('18.36', 'csa-move', 2)
    const run = given(rs, s).orders('confederate', 'PASS').resolve()
    const [text] = run.texts('18.36')
    expect(text).toMatch(/^The Lion's Roar: a free runner BR-\d+ in (France & England|Bermuda|Nassau)\.$/)
    const at = run.state.pieces.at(-1)!.at
    const runners = (x: RrState, id: string) => x.pieces.filter((p) => p.type === 'runner' && p.at === id).length
    for (const id of ['FREN', 'BERM', 'NASS']) expect(runners(s, at)).toBeLessThanOrEqual(runners(s, id))
    expect(
      given(rs, start('', 'csa-move', 2))
        .orders('confederate', 'PASS')
        .resolve()
        .texts('18.36'),
    ).toEqual([])
  })
})

describe("PB 18.36: which British port takes the free runner is the Confederate player's", () => {
  it('18.36 a question among the ports under the British flag, the fewest runners by default; answered, the port named; fog', () => {
    const s = start('18.36', 'csa-move', 2)
    const asked = given(rs, s).orders('confederate', 'PASS').resolve()
    const q = asked.questions.find((x) => x.decisionId.startsWith('lions-runner'))!
    expect(q.role).toBe('confederate')
    expect([...q.options.map((o) => o.id)].sort()).toEqual(['BERM', 'FREN', 'NASS'])
    expect(asked.state.pieces.at(-1)!.at).toBe(q.defaultOption)
    const other = q.options.map((o) => o.id).find((id) => id !== q.defaultOption)!
    const answered = given(rs, s)
      .orders('confederate', 'PASS')
      .answers({ [q.decisionId]: other })
      .resolve()
    expect(answered.state.pieces.at(-1)).toMatchObject({ type: 'runner', at: other })
    const usa = answered.seenBy({ kind: 'role', role: 'union' } as never).join('\n')
    expect(usa).toMatch(/The Lion's Roar: a free runner BR-\d+ in /)
    expect(usa).not.toMatch(/in which port under the British flag/)
  })
})

describe("PB 18.36: #55 Diplomatic Pressure against a card the Lion's Roar kept", () => {
  /** After the Emancipation, #61 and #62 kept by their 6s, Royal Navy holding a Union sloop; #55 in the Union hand. */
  const kept = (optional: string) => {
    const s = start(optional, 'union-move', 8)
    s.emancipated = true
    const t = s.cards.CSA
    t.inPlay.push(61, 62)
    t.deck = { ...t.deck, drawPile: t.deck.drawPile.filter((c) => c !== 61 && c !== 62) }
    const u = s.cards.USA
    u.hand = [55]
    u.deck = { ...u.deck, drawPile: u.deck.drawPile.filter((c) => c !== 55) }
    return s
  }
  const errors = (s: RrState, text: string) => rs.parseOrders(s, 'union', text).errors.map((e) => e.message)

  it('18.36: PLAY 55 AT 61 takes Maximillian out instead of the card event; #62 stays, #55 is discarded', () => {
    const run = given(rs, kept('18.36')).orders('union', 'PLAY 55 AT 61').resolve()
    const t = run.state.cards.CSA
    expect(t.inPlay).toContain(62)
    expect(t.inPlay).not.toContain(61)
    expect(t.removed).toContain(61)
    expect(run.state.cards.USA.deck.discards).toContain(55)
    expect(run.texts('#55')).toEqual([
      "Diplomatic Pressure (18.36): #61 Maximillian kept by the Lion's Roar is discarded, out of the game.",
    ])
  })

  it('18.36: PLAY 55 AT 62 takes Royal Navy out (its sloops home to the Navy Yards); #61 stays', () => {
    const s = kept('18.36')
    s.cardShips = [{ card: 62, id: 'SL-40', type: 'sloop' }]
    const run = given(rs, s).orders('union', 'PLAY 55 AT 62').resolve()
    expect(run.state.cards.CSA.inPlay).toContain(61)
    expect(run.state.cards.CSA.removed).toContain(62)
    expect(run.state.cardShips ?? []).toEqual([])
    expect(run.state.pieces.find((p) => p.id === 'SL-40')?.at).toBe('NAVY')
    expect(run.texts('#55')[0]).toMatch(/#62 Royal Navy kept by the Lion's Roar is discarded/)
  })

  it('18.36: a kept #61 goes on giving its Vera Cruz runner each Confederate build, until #55 takes it away', () => {
    const s = kept('18.36')
    s.phase = 'csa-build'
    const build = given(rs, s).orders('confederate', 'PASS').resolve()
    expect(build.texts('#61')[0]).toMatch(/^Maximillian: a free blockade runner BR-\d+ in Vera Cruz\.$/)
    const taken = given(rs, kept('18.36')).orders('union', 'PLAY 55 AT 61').resolve().state
    taken.phase = 'csa-build'
    expect(given(rs, taken).orders('confederate', 'PASS').resolve().texts('#61')).toEqual([])
  })

  it('18.36: the choice needs the option, the Emancipation and the card in play', () => {
    expect(errors(kept('18.36'), 'PLAY 55 AT 61')).toEqual([])
    expect(errors(kept(''), 'PLAY 55 AT 61')[0]).toMatch(/Lion's Roar's choice \(optional rule 18.36\)/)
    const before = kept('18.36')
    before.emancipated = false
    expect(errors(before, 'PLAY 55 AT 62')[0]).toMatch(/once the Emancipation has come/)
    const gone = kept('18.36')
    gone.cards.CSA.inPlay = gone.cards.CSA.inPlay.filter((c) => c !== 61)
    expect(errors(gone, 'PLAY 55 AT 61')[0]).toMatch(/#61 is not in play/)
  })
})
