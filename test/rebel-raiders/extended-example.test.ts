// The play book's extended example of play (PB 22), part one: the 1862 start with cards B and the
// Union's April 1862 move up the Mississippi: Farragut taking Porter along, the battle and assault of
// Forts Jackson & St. Philip with the example's dice, then the same fleet into New Orleans with the
// turn's second #24 landing (10.42), its battle, landing and the way back out to the West Gulf. The
// orders and dice are in pb22.ts; Norfolk, Nashville, the raider hunt, the tidying up and the Union
// build follow in extended-example-union.test.ts. Where the judge's own picks make a battle differ
// from the example's, the test says so and names the ruling.
import { describe, expect, it } from 'vitest'
import { LabelledDice } from '../helpers/spec.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'
import { opening, pack, rs, UNION_MOVE, unionMove } from './pb22.ts'

const at = (s: RrState, id: string) => s.pieces.find((p) => p.id === id)?.at

describe('PB 22: the extended example, the Union half of April 1862 on the Mississippi', () => {
  const run = unionMove()

  it('PB 22 (19.5, option B): the cards in play and in the hands are those the example lists', () => {
    const s = rs.setup('1862', { cards: 'B' }, pack, new LabelledDice([])) as RrState
    expect(s.cards.USA.inPlay.sort((a, b) => a - b)).toEqual([2, 8, 37])
    expect(s.cards.USA.hand).toEqual([12, 13, 15, 18, 23, 35, 38])
    expect(s.cards.CSA.hand).toEqual([60, 71, 94, 100, 104, 110])
    expect(s.cards.CSA.inPlay).toEqual([83])
    expect([s.vp, s.unionPawns, s.seaPawns]).toEqual([30, 4, 2])
  })

  it('PB 22, 7.5: the Union’s order form lists each ship’s reach and Farragut’s and Porter’s stacks as one, with the cards it may play', () => {
    const form = rs.reportModel!(opening(), { kind: 'role', role: 'union' }).orderForm as string[]
    const farragut = form.find((l) => l.startsWith('# FARRAGUT (SL-1,SL-2,SL-3,SL-4) in West Gulf, as one stack:'))!
    expect(farragut.split(' ')).toEqual(expect.arrayContaining(['NORL.BS', 'FJSP']))
    expect(form.some((l) => l.startsWith('# PORTER (GB-9,GB-10) in New Orleans Blockade Station, as one stack:'))).toBe(
      true,
    )
    expect(form.some((l) => l.startsWith('# SL-7 in Navy Yards, 6 MP:'))).toBe(true)
    expect(form).toContain('# Cards you may play in this phase:')
    expect(form.some((l) => /^# {3}PLAY 13 \[AT \.\.\.\] {3}USS Brooklyn/.test(l))).toBe(true)
  })

  it('PB 22: the example’s whole move is accepted as one mail of orders, and every die it rolls is one the example states', () => {
    expect(rs.parseOrders(run.state, 'union', 'PASS').errors).toEqual([])
    expect(run.dice.unused()).toEqual([])
    expect(run.dice.rolls.every((r) => r.forced)).toBe(true)
  })

  it('PB 22, 7.53: Farragut sails to the station, takes Porter and his two gunboats along and enters the forts: a #24 landing', () => {
    expect(run.texts('7.3')).toContain('SL-1, SL-2, SL-3, SL-4 move WGLF > NORL.BS.')
    expect(run.texts('7.53').join('\n')).toMatch(/Porter comes along with his ships as a subordinate/)
    expect(run.texts('7.73')[0]).toMatch(
      /enter Forts Jackson & St. Philip: an assault \(3 cannon pawn\(s\) left, a #24 landing\)/,
    )
  })

  it('PB 22, 10.12, 10.21-10.23: the gunboat sheltered, #110 +1 to the battery, the Hartford named, the mortars miss; the battery’s 2 and 4 (+1) sink a sloop other than the Hartford, and a 6 in round 2 destroys it (the default aim)', () => {
    expect(run.texts('#110')).toContain('Hulks, Rafts & Chains: every battery adds 1 to its dice in the first round.')
    expect(run.texts('#37')[0]).toBe('SL-1 is the Hartford, with Farragut: it may shrug off one hit in this battle.')
    expect(run.texts('#2')[0]).toBe("Porter's mortar boats fire at Forts Jackson & St. Philip (2, 3): no battery hit.")
    // The battery spreads its two dice over two sloops and leaves the Hartford alone, as the example's player does.
    expect(run.labels.filter((l) => /^round 1: BT-6/.test(l))).toEqual([
      'round 1: BT-6 at SL-2 (1)',
      'round 1: BT-6 at SL-3 (2)',
    ])
    expect(run.texts('10.1')[0]).toMatch(/2 round\(s\) \(the defender: shelter\); lost: SL-3, BT-6\.$/)
  })

  it('PB 22, 10.36: with the battery gone the sheltered gunboat falls back up the river to New Orleans', () => {
    expect(run.seenBy({ kind: 'moderator' } as never)).toContain('GB-2 retreats to New Orleans.')
  })

  it('PB 22, 11.6: the assault on the forts: 5+1 for the pair +1 for the die given up = 7 against 6; 30 points become 29', () => {
    expect(run.texts('11.62')).toContain(
      'Assault on Forts Jackson & St. Philip: Union 5,5 with tactics +1 (1 die from #24) = 7; Confederate 3,6 = 6.',
    )
    expect(run.texts('11.67').join('\n')).toMatch(
      /Forts Jackson & St. Philip falls to the Union: -1 VP to the Confederacy \(now 29\)/,
    )
  })

  it('PB 22, 10.42: the three sloops and Porter’s gunboats go on into New Orleans with the second #24 landing; #13 and #71 come into play, the mortars miss again', () => {
    expect(run.texts('7.3')).toContain('SL-1, SL-2, SL-4, GB-9, GB-10 move FJSP > NORL.')
    expect(run.texts('7.73')[1]).toMatch(/enter New Orleans: an assault \(2 cannon pawn\(s\) left, a #24 landing\)/)
    expect(run.texts('#13')).toContain('SL-1 is the Brooklyn: it shrugs off a hit on 5-6, else leaves.')
    expect(run.texts('#71')[0]).toMatch(/IC-4, the Manassas, joins the defence/)
    expect(run.texts('#2')[1]).toBe("Porter's mortar boats fire at New Orleans (1, 4): no battery hit.")
    // The Hartford is a sloop no other card names: with SL-1 the Brooklyn, it is SL-2.
    expect(run.texts('#37')[1]).toBe('SL-2 is the Hartford, with Farragut: it may shrug off one hit in this battle.')
  })

  it('PB 22: the Manassas rams, 4 against 3, and sinks the sloop; the example’s Confederate picks the Mississippi, the judge the first of the strongest (ruling RR-K8), the Brooklyn', () => {
    expect(run.texts('#71')).toContain('The Manassas rams SL-1 (4 against 3): it sinks.')
    expect(run.state.cards.USA.deck.discards).toContain(13)
  })

  it('PB 22, 10.2-10.3: two rounds, the Hartford shrugging off a 5; both Union gunboats, the Mississippi, the Confederate gunboat and the Manassas (to a sloop’s 6) sunk; Porter’s card discarded; the Union stops with only batteries left (10.25, ruling RR-C3)', () => {
    const battle = run.texts('10.1')[1]!
    expect(battle).toMatch(
      /^Combat in New Orleans: SL-2, SL-4, GB-9, GB-10 against GB-2, BT-17, BT-18, IC-4, 2 round\(s\)/,
    )
    expect(battle).toMatch(/lost: GB-9, GB-2, SL-4, GB-10, IC-4;/)
    expect(battle).toMatch(/round 1: SL-2 shrugs off a hit/)
    expect(run.texts('#23')).toContain('SL-4 is the Mississippi: it shrugs off its first hit.')
    expect(run.texts('10.25').join('\n')).toMatch(/The Union ships stop fighting the batteries of New Orleans/)
    expect(run.state.cards.USA.deck.discards).toEqual(expect.arrayContaining([2, 13, 23]))
    expect(run.state.commanders.PORTER).toBeUndefined()
    expect(run.state.cards.CSA.deck.discards).toContain(71)
  })

  it('PB 22, 11.6, 11.67: the landing: a pair of 3s +1 +1 = 5 against three 2s = 4 (the judge’s second battery standing adds a die, the default aim); 29 becomes 28, the city’s die of 3 makes 25, one city lost', () => {
    expect(run.texts('11.62')).toContain(
      'Assault on New Orleans: Union 3,3 with tactics +1 (1 die from #24) = 5; Confederate 2,2,2,1 = 4.',
    )
    expect(run.texts('11.67').join('\n')).toMatch(/New Orleans falls to the Union: -1 VP to the Confederacy \(now 28\)/)
    expect(run.texts('11.68').join('\n')).toMatch(
      /The loss of New Orleans \(one die\): -3 VP to the Confederacy \(now 25\)/,
    )
    expect(run.state.control.NORL).toBe('USA')
    expect(run.state.pieces.filter((p) => p.at === 'NORL')).toEqual([])
  })

  it('PB 22, 10.42, 11.8: Farragut’s last sloop goes back out past the forts to the West Gulf, 6 MP in all; no assault goes on from New Orleans', () => {
    expect(run.texts('7.3')).toContain('SL-2 moves NORL > FJSP > NORL.BS > WGLF.')
    expect(at(run.state, 'SL-2')).toBe('WGLF')
    expect(run.state.commanders.FARRAGUT).toEqual(['SL-2'])
    const s = rs.setup('1862', { cards: 'B' }, pack, new LabelledDice([])) as RrState
    const errors = rs
      .parseOrders(s, 'union', 'MOVE FARRAGUT WGLF > NORL.BS > FJSP > NORL > BTRG')
      .errors.map((e) => e.message)
    expect(errors).toEqual([
      'step 5: SL-1: no assault goes on from New Orleans, an ocean port taken from the sea this turn (RB 11.8)',
    ])
    expect(UNION_MOVE).toContain('> NORL > DROP(GB-9,GB-10) > FJSP > NORL.BS > WGLF')
  })
})
