// Cards played in the other side's phase as standing reactions (digest 6.1; RB 17.23): REACT lines
// taken from either player at any time, kept until the card is played or withdrawn, and played by the
// judge when the moment its text names comes. Each card is named by its number.
import { describe, expect, it } from 'vitest'
import { RecordingDice } from '../../src/engine/dice.ts'
import { given } from '../helpers/spec.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import type { Phase, RrState } from '../../src/games/rebel-raiders/state.ts'

const pack = rebelRaidersFactory.defaultPack()
const rs = createRebelRaiders(pack as never)
const position = (phase: Phase, turn: number, csaHand: number[]): RrState => {
  const s = rs.setup('1861', {}, pack, new RecordingDice('00'.repeat(32), 'rr-react', 0, '', '33'.repeat(32)))
  s.phase = phase
  s.turn = turn
  const t = s.cards.CSA
  t.deck = { ...t.deck, drawPile: [...t.deck.drawPile, ...t.hand].filter((c) => !csaHand.includes(c)) }
  t.hand = [...csaHand]
  return s
}
/** A Confederate reaction set in his own build, then a Union land assault on Augusta from Savannah. */
const landAssault = (turn: number, react: string, csaHand: number[]) => {
  const s = position('csa-build', turn, csaHand)
  s.control.SAVA = 'USA'
  const set = given(rs, s).orders('confederate', react).resolve()
  expect(set.state.phase).toBe('union-move')
  return set.state
}
const assaultDice = (union: number[], csa: number[]) => [
  { label: /assault on AUGU: Union die/, values: union },
  { label: /assault on AUGU: Confederate die/, values: csa },
]

describe('REACT: standing reactions', () => {
  it('are read from either player at any time, checked, kept until played or withdrawn', () => {
    const s = position('union-move', 4, [85])
    const errors = (text: string) => rs.parseOrders(s, 'confederate', text).errors.map((e) => e.message)
    expect(errors('MOVE RD-1 WGLF')).toEqual([
      "it is the other player's phase: only REACT, POLICY, INTERCEPT, DEFEND, RETREAT, AIM, SHIELD, TOW lines are taken now",
    ])
    expect(errors('REACT 12')).toEqual(["#12 USS Iroquois is the other side's card"])
    expect(errors('REACT 87')[0]).toMatch(
      /^#87 Cotton is King cannot stand as a reaction: write PLAY 87 in your own phase/,
    )
    expect(errors('REACT 85 AT MARS')).toEqual(['no space MARS on the map'])
    expect(rs.parseOrders(s, 'confederate', 'REACT 85 SOON').errors).toMatchObject([
      { message: 'REACT: unexpected SOON', suggestion: 'e.g. REACT 84 AT ALL IF SHIPS >= 2' },
    ])
    const set = rs.parseOrders(s, 'confederate', 'REACT 85 AT AUGU\nREACT 91')
    expect(set.errors).toEqual([])
    expect(set.normalised).toEqual([
      'REACT 85 AT AUGU  # #85 Nathan Bedford Forrest; stands until played or withdrawn',
      'REACT 91 AT ALL  # #91 J.E. Johnston; stands until played or withdrawn',
    ])
    expect(set.warnings.map((w) => w.message)).toEqual([
      '#91 J.E. Johnston is not in your hand now; the reaction stands for when it is',
    ])
    const run = rs.resolve(
      s,
      { orders: { confederate: set.commands, union: [] }, decisions: {} },
      new RecordingDice('00'.repeat(32), 'rr-react', 1, ''),
    )
    expect(run.state.reactions.CSA).toEqual([
      { card: 85, at: 'AUGU' },
      { card: 91, at: 'ALL' },
    ])
    const off = rs.parseOrders(run.state, 'confederate', 'REACT 85 OFF').commands
    const after = rs.resolve(
      run.state,
      { orders: { confederate: off, union: [] }, decisions: {} },
      new RecordingDice('00'.repeat(32), 'rr-react', 2, ''),
    )
    expect(after.state.reactions.CSA).toEqual([{ card: 91, at: 'ALL' }])
  })
})

describe('PB 23: the Confederate answers to a Union assault', () => {
  it('#85 Nathan Bedford Forrest: one Union die fewer over a land line; the card is played once and discarded', () => {
    const s = landAssault(4, 'REACT 85 AT AUGU', [85])
    const run = given(rs, s)
      .orders('union', 'ASSAULT AUGU FROM SAVA')
      .dice(assaultDice([6], [1, 1, 1, 1, 1]))
      .resolve()
    // 1862 gives the Union two dice; Forrest takes one.
    expect(run.dice.rolls.filter((r) => r.label.includes('Union die'))).toHaveLength(1)
    expect(run.texts('17.23')).toContain('The Confederate player plays #85 Nathan Bedford Forrest in answer.')
    expect(run.state.reactions.CSA).toEqual([])
    expect(run.state.cards.CSA.deck.discards).toContain(85)
  })

  it('#85 is not played before 1862: the card stays in the hand and the reaction stands', () => {
    const early = landAssault(1, 'REACT 85', [85])
    const run = given(rs, early)
      .orders('union', 'ASSAULT AUGU FROM SAVA')
      .dice(assaultDice([6], [1, 1, 1, 1, 1]))
      .resolve()
    expect(run.state.cards.CSA.hand).toContain(85)
    expect(run.state.reactions.CSA).toEqual([{ card: 85, at: 'ALL' }])
  })

  it('11.63: whatever the cards take away, the Union rolls at least one die (#85 and #105 against two dice)', () => {
    const s = landAssault(4, 'REACT 85\nREACT 105', [85, 105])
    const run = given(rs, s)
      .orders('union', 'ASSAULT AUGU FROM SAVA')
      .dice(assaultDice([6], [1, 1, 1, 1, 1]))
      .resolve()
    expect(run.dice.rolls.filter((r) => r.label.includes('Union die'))).toHaveLength(1)
    expect(run.state.cards.CSA.hand).toEqual([])
  })

  it('#105 Cold Harbor: one Union die fewer, and a repulse costs the Union double', () => {
    const s = landAssault(4, 'REACT 105', [105])
    const vp = s.vp
    const run = given(rs, s)
      .orders('union', 'ASSAULT AUGU FROM SAVA')
      .dice(assaultDice([2], [5, 1, 1, 1, 1]))
      .resolve()
    expect(run.dice.rolls.filter((r) => r.label.includes('Union die'))).toHaveLength(1)
    // 5 against 2: a repulse by 3, doubled.
    expect(run.state.vp).toBe(vp + 6)
  })

  it('#91 J.E. Johnston: one Confederate die more; then a die, +2 for a Confederate win: 4 or more and he comes back to the hand', () => {
    const s = landAssault(4, 'REACT 91 AT AUGU', [91])
    const run = given(rs, s)
      .orders('union', 'ASSAULT AUGU FROM SAVA')
      .dice([...assaultDice([2, 3], [5, 1, 1, 1, 1, 1]), { label: '#91 Johnston after the assault', values: 2 }])
      .resolve()
    const csaDice = run.dice.rolls.filter((r) => r.label.includes('Confederate die')).length
    const without = given(rs, landAssault(4, 'PASS', []))
      .orders('union', 'ASSAULT AUGU FROM SAVA')
      .dice(assaultDice([2, 3], [5, 1, 1, 1, 1, 1]))
      .resolve()
      .dice.rolls.filter((r) => r.label.includes('Confederate die')).length
    expect(csaDice).toBe(without + 1)
    expect(run.state.cards.CSA.hand).toContain(91)
    expect(run.state.cards.CSA.deck.drawPile).not.toContain(91)
  })

  it('#59 Mud-Bound: the land assault does not take place and its cannon pawn is lost', () => {
    const s = landAssault(4, 'REACT 59', [59])
    const pawns = s.unionPawns
    const run = given(rs, s).orders('union', 'ASSAULT AUGU FROM SAVA').resolve()
    expect(run.dice.rolls.some((r) => r.label.includes('assault on AUGU'))).toBe(false)
    expect(run.state.unionPawns).toBe(pawns - 1)
    expect(run.state.control.AUGU).toBeUndefined()
    expect(run.texts('#59')).toEqual([
      'Mud-Bound: the assault on Augusta does not take place, and its cannon pawn is lost.',
    ])
  })
})

describe('PB 23 #81 Mosquito Fleet: as Union ships enter a Confederate port', () => {
  const entry = (die: number) => {
    const s = position('union-move', 7, [81])
    s.reactions.CSA = [{ card: 81, at: 'SAVA' }]
    return given(rs, s)
      .orders('union', 'MOVE SL-3 SAVA.BS > SAVA')
      .dice([{ label: '#81 mosquito fleet at SAVA', values: die }])
      .resolve()
  }

  it('5-6: two gunboats join the defence before the fight', () => {
    const run = entry(5)
    expect(run.texts('#81')[0]).toMatch(/^Mosquito Fleet: die 5: GB-\d+, GB-\d+ join the defence of Savannah\.$/)
    expect(run.state.cards.CSA.deck.drawPile).toContain(81)
  })

  it('3-4: one gunboat; 1-2: the Confederacy draws a card instead', () => {
    expect(entry(3).texts('#81')[0]).toMatch(/^Mosquito Fleet: die 3: GB-\d+ join the defence of Savannah\.$/)
    const draw = entry(2)
    expect(draw.texts('#81')[0]).toBe('Mosquito Fleet: die 2: the Confederacy draws a card.')
    expect(draw.state.cards.CSA.hand).toHaveLength(1)
  })
})

describe('PB 23: the Union answers to a Confederate ship evading (7.78)', () => {
  /** BR-6 leaves Wilmington past a Union gunboat (and a sloop) in the station, the Union holding these cards. */
  const runPast = (react: string[], unionHand: number[], ships: ('gunboat' | 'sloop')[] = ['gunboat']) => {
    const s = position('csa-move', 1, [])
    ships.forEach((type, i) =>
      s.pieces.push({ id: `${type === 'gunboat' ? 'GB' : 'SL'}-${90 + i}`, side: 'USA', type, at: 'WILM.BS' }),
    )
    const t = s.cards.USA
    t.deck = { ...t.deck, drawPile: [...t.deck.drawPile, ...t.hand].filter((c) => !unionHand.includes(c)) }
    t.hand = [...unionHand]
    s.reactions.USA = react.map((r) => ({ card: Number(r), at: 'WILM.BS' }))
    return s
  }

  it('#16 USS Hatteras: the gunboat adds 2 to its speed rolls until the turn ends, and the card is discarded then', () => {
    const dice = { 'search for BR-6 by GB-90': 4, 'speed of BR-6': 3, 'supply die 1': 1 }
    const without = given(rs, runPast([], [])).orders('confederate', 'MOVE BR-6 WILM.BS > HATT').dice(dice).resolve()
    expect(without.state.pieces.some((p) => p.id === 'BR-6')).toBe(true)
    const run = given(rs, runPast(['16'], [16]))
      .orders('confederate', 'MOVE BR-6 WILM.BS > HATT')
      .dice(dice)
      .resolve()
    expect(run.state.pieces.some((p) => p.id === 'BR-6')).toBe(false)
    expect(run.state.speedBonus).toEqual({ 'GB-90': { amount: 2, card: 16 } })
    expect(run.state.cards.USA.inPlay).toEqual([16])
    const end = structuredClone(run.state)
    end.phase = 'union-build'
    const next = given(rs, end).orders('union', 'PASS').resolve()
    expect(next.state.speedBonus).toEqual({})
    expect(next.state.cards.USA.inPlay).toEqual([])
    expect(next.state.cards.USA.deck.discards).toContain(16)
  })

  it('#17 USS Unadilla and #9 USS Osceola: the gunboat adds 2 to its speed rolls; with both standing one card names it and the other stays in the hand', () => {
    const dice = { 'search for BR-6 by GB-90': 4, 'speed of BR-6': 3, 'supply die 1': 1 }
    const run = given(rs, runPast(['17'], [17]))
      .orders('confederate', 'MOVE BR-6 WILM.BS > HATT')
      .dice(dice)
      .resolve()
    expect(run.state.pieces.some((p) => p.id === 'BR-6')).toBe(false)
    expect(run.state.speedBonus).toEqual({ 'GB-90': { amount: 2, card: 17 } })
    expect(run.state.cards.USA.inPlay).toEqual([17])
    const both = given(rs, runPast(['17', '9'], [17, 9]))
      .orders('confederate', 'MOVE BR-6 WILM.BS > HATT')
      .dice(dice)
      .resolve()
    expect(both.state.cards.USA.inPlay).toHaveLength(1)
    expect(both.state.cards.USA.hand).toHaveLength(1)
  })

  it('#12 USS Iroquois: a runner evading a sloop is sunk unless it rolls a 6', () => {
    const chase = (die: number) =>
      given(rs, runPast(['12'], [12], ['sloop']))
        .orders('confederate', 'MOVE BR-6 WILM.BS > HATT')
        .dice({ '#12 BR-6 against the Iroquois': die, 'supply die 1': 1 })
        .resolve()
    const sunk = chase(5)
    expect(sunk.state.pieces.some((p) => p.id === 'BR-6')).toBe(false)
    expect(sunk.dice.rolls.some((r) => r.label.startsWith('search for BR-6'))).toBe(false)
    expect(sunk.state.cards.USA.deck.discards).toContain(12)
    expect(chase(6).state.pieces.find((p) => p.id === 'BR-6')!.at).toBe('HATT')
  })

  it('#21 USS Powhattan names a sloop; #9 and #16 are not played where no gunboat searches', () => {
    const run = given(rs, runPast(['21', '9'], [21, 9], ['sloop']))
      .orders('confederate', 'MOVE BR-6 WILM.BS > HATT')
      .dice({ 'search for BR-6 by SL-90': 1, 'speed of BR-6': 1, 'supply die 1': 1 })
      .resolve()
    expect(run.state.speedBonus).toEqual({ 'SL-90': { amount: 2, card: 21 } })
    expect(run.state.cards.USA.hand).toContain(9)
    expect(run.state.reactions.USA).toEqual([{ card: 9, at: 'WILM.BS' }])
  })
})

describe('PB 23: answers to an assault result and to the Confederate supply phase', () => {
  it('#102 Matthew Brady: a lost assault costs the Union twice its points and a card from its hand at random', () => {
    const s = landAssault(4, 'REACT 102', [102])
    s.cards.USA.hand = [30, 31]
    const vp = s.vp
    const run = given(rs, s)
      .orders('union', 'ASSAULT AUGU FROM SAVA')
      .dice([...assaultDice([2, 2], [5, 1]), { label: /#102 Union card at random/, values: 2 }])
      .resolve()
    // Union 2 + 1 for the pair = 3 against 5: 2 points, doubled.
    expect(run.state.vp).toBe(vp + 4)
    expect(run.state.cards.USA.hand).toContain(30)
    expect(run.state.cards.USA.hand).not.toContain(31)
    expect(run.state.cards.USA.deck.discards).toContain(31)
    expect(run.state.cards.CSA.deck.discards).toContain(102)
  })

  it('#107 The South Shall Rise: right after the Union takes a space, a free counterattack on it', () => {
    const s = landAssault(4, 'REACT 107', [107])
    const run = given(rs, s)
      .orders('union', 'ASSAULT AUGU FROM SAVA')
      .dice([
        ...assaultDice([6, 1], [1, 1]),
        { label: /capture of AUGU|loss of/, values: [1, 1, 1] },
        { label: /counterattack on AUGU: Confederate die/, values: [6, 6] },
        { label: /counterattack on AUGU: Union die/, values: [1, 1] },
        { label: /recapture of AUGU/, values: 1 },
      ])
      .resolve()
    expect(run.texts('11.91')[0]).toMatch(/^Counterattack on Augusta \(free\)/)
    expect(run.state.control.AUGU).toBeUndefined()
    expect(run.state.csaPawns).toBe(0)
  })

  it('#41 Plumb Wore Out (1864): as the Confederate supply phase begins, a die plus the great cities the Union holds', () => {
    const s = position('csa-move', 10, [])
    s.cards.USA.hand = [41]
    s.reactions.USA = [{ card: 41, at: 'ALL' }]
    s.control.NORL = 'USA'
    const vp = s.vp
    const run = given(rs, s)
      .orders('confederate', 'PASS')
      .dice([
        { label: '#41 plumb wore out', values: 3 },
        { label: /supply die/, values: [1, 1, 1, 1, 1, 1] },
      ])
      .resolve()
    expect(run.texts('#41')).toEqual([
      expect.stringMatching(/^Plumb Wore Out \(die 3 \+ 1 cities held by the Union\): -4 VP/),
    ])
    expect(run.state.vp).toBeLessThanOrEqual(vp - 4)
  })

  it('#36 If it takes all Summer: in December 1864 a higher Union total carries the war into a 13th turn (16.13)', () => {
    const play = (union: number, csa: number) => {
      const s = position('csa-move', 12, [])
      s.cards.USA.hand = [36]
      s.reactions.USA = [{ card: 36, at: 'ALL' }]
      s.control.ATLA = 'USA'
      return given(rs, s)
        .orders('confederate', 'PASS')
        .dice([
          { label: '#36 all summer: Union die', values: union },
          { label: '#36 all summer: Confederate die', values: csa },
        ])
        .resolve()
    }
    expect(play(3, 3).state.lastTurn).toBe(13)
    expect(play(2, 3).state.lastTurn).toBe(12)
    expect(play(2, 3).texts('16.13')[0]).toMatch(/Union 2 \+ 1 = 3 against 3: the game still ends this turn/)
  })

  it('#36 is not played before the December 1864 turn: the reaction stands', () => {
    const s = position('csa-move', 9, [])
    s.cards.USA.hand = [36]
    s.reactions.USA = [{ card: 36, at: 'ALL' }]
    const run = given(rs, s).orders('confederate', 'PASS').resolve()
    expect(run.state.reactions.USA).toEqual([{ card: 36, at: 'ALL' }])
    expect(run.state.lastTurn).toBe(12)
  })
})

describe('PB 23: #8 Grant Takes Command', () => {
  it('face up, once a turn it has the Confederate high die rolled again in a land assault the Union is losing', () => {
    const s = landAssault(4, 'PASS', [])
    s.cards.USA.inPlay = [8]
    const run = given(rs, s)
      .orders('union', 'ASSAULT AUGU FROM SAVA')
      .dice([
        ...assaultDice([4, 1], [5, 2]),
        { label: /#8 Grant: Confederate die 1 at AUGU rolled again/, values: 1 },
        { label: /capture of AUGU|loss of/, values: [1, 1] },
      ])
      .resolve()
    expect(run.texts('#8')).toEqual(['Grant Takes Command: the Confederate 5 is rolled again: 1.'])
    expect(run.state.control.AUGU).toBe('USA')
    expect(run.state.thisTurn).toContain('used:8')
    // The die, or keeping the card for later, is the Union player's: a question, the high die by default.
    const q = run.questions.find((x) => x.decisionId.startsWith('card-8'))!
    expect(q).toMatchObject({ role: 'union', defaultOption: '1' })
    const kept = given(rs, s)
      .orders('union', 'ASSAULT AUGU FROM SAVA')
      .answers({ [q.decisionId]: 'keep' })
      .dice([...assaultDice([4, 1], [5, 2])])
      .resolve()
    expect(kept.state.thisTurn).not.toContain('used:8')
    expect(kept.labels.some((l) => l.startsWith('#8'))).toBe(false)
    expect(kept.seenBy({ kind: 'role', role: 'confederate' } as never).join('\n')).not.toMatch(/Which is rolled again/)
  })
})
