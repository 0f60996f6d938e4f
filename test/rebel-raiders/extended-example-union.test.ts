// The play book's extended example (PB 22), part two: the rest of the Union's April 1862 move as the
// example plays it ("D-Day" at Norfolk, the battle of Nashville, the raider hunt at the Canaries, the
// blockade tidied up), the Union card phase and the Union build. Orders and dice are in pb22.ts; where
// the judge's own aim makes a battle differ from the example's, the test names the ruling.
import { describe, expect, it } from 'vitest'
import { given } from '../helpers/spec.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'
import { rs, UNION_BUILD, unionMove } from './pb22.ts'

const at = (s: RrState, id: string) => s.pieces.find((p) => p.id === id)?.at

describe('PB 22: "D-Day" at Norfolk and the battle of Nashville', () => {
  const run = unionMove()

  it('PB 22, 7.53, 11.2, 19.42: the Navy Yards sloop and gunboat take on the station’s four ships and land with an ordinary pawn (both of #24’s went to New Orleans), two dice (ruling RR-S62)', () => {
    expect(run.texts('7.53').join('\n')).toMatch(/SL-5, SL-6, GB-14, IC-2 join the stack in Norfolk Blockade Station/)
    expect(run.texts('7.73')[2]).toBe(
      'SL-7, GB-13, SL-5, SL-6, GB-14, IC-2 enter Norfolk: an assault (1 cannon pawn(s) left).',
    )
  })

  it('PB 22: #15 makes the ironclad the Carondelet, #18 a gunboat the Tyler (an ironclad), #38 the other the Queen of the West, whose ram, 3 against 2, puts the Confederate ironclad out with nowhere to retreat (ruling RR-K7)', () => {
    expect(run.texts('#15')).toContain('IC-2 is the Carondelet: it shrugs off hits, leaving on 1-3.')
    expect(run.texts('#18')).toContain('GB-13 is the Tyler: it counts as an ironclad.')
    expect(run.texts('#38')).toContain(
      'Queen of the West: GB-14 rams IC-1 (3 against 2): IC-1 is damaged and leaves the battle.',
    )
    expect(run.seenBy({ kind: 'moderator' } as never)).toContain('IC-1 is out of the fight, with nowhere to go.')
    expect(run.state.cards.USA.deck.discards).toEqual(expect.arrayContaining([15, 18, 38]))
  })

  it('PB 22, 10.2-10.3: the battery’s 5 and 5, the gunboat’s 2 then 6, the Union’s 5, 3, 3, 2, 4 in round 2 sink the gunboat; with no AIM order the Union aims every ship at the gunboat first, so the battery stands to the landing (the default aim)', () => {
    expect(run.labels.filter((l) => /^round 1: BT-2/.test(l))).toEqual([
      'round 1: BT-2 at SL-6 (1)',
      'round 1: BT-2 at GB-13 (2)',
    ])
    expect(run.texts('10.1')[2]).toMatch(/^Combat in Norfolk: .* 2 round\(s\); lost: SL-6, GB-14, GB-1\.$/)
    expect(run.texts('10.25').join('\n')).toMatch(/The Union ships stop fighting the batteries of Norfolk/)
  })

  it('PB 22, 11.6, 11.67-11.68: no tactics, 5 and 6 = 6 against 3, 4 (and the battery’s 1) = 4: 25 becomes 23, the city’s die of 1 makes 22, two cities lost; the fleet goes out to the station, the Tyler staying', () => {
    expect(run.texts('11.62')).toContain('Assault on Norfolk: Union 5,6 = 6; Confederate 3,4,1 = 4.')
    expect(run.texts('11.67').join('\n')).toMatch(/Norfolk falls to the Union: -2 VP to the Confederacy \(now 23\)/)
    expect(run.texts('11.68').join('\n')).toMatch(
      /The loss of Norfolk \(one die\): -1 VP to the Confederacy \(now 22\)/,
    )
    expect(run.state.pieces.filter((p) => p.at === 'NORF' && p.side === 'CSA')).toEqual([])
    expect(['SL-5', 'SL-7', 'IC-2'].map((id) => at(run.state, id))).toEqual(['NORF.BS', 'NORF.BS', 'NORF.BS'])
    expect(at(run.state, 'GB-13')).toBe('NORF')
  })

  it('PB 22, 11.4, 11.63, 11.67-11.68: Nashville from Forts Henry & Donelson, one die with +1: 4+1 = 5 against 4, 2; Grant’s reroll not needed; 21, then the city’s die of 1: 20 points and three cities lost', () => {
    expect(run.texts('11.62')).toContain('Assault on Nashville: Union 4 with tactics +1 = 5; Confederate 4,2 = 4.')
    expect(run.texts('#8')).toEqual([])
    expect(run.state.control.NASH).toBe('USA')
    expect([run.state.vp, run.state.citiesLost]).toEqual([20, 3])
    expect(run.state.cards.USA.inPlay).toContain(8)
  })
})

describe('PB 22: raider hunting and tidying up the blockade', () => {
  const run = unionMove()

  it('PB 22, 7.75, 7.78: the Mid-Atlantic sloop searches the Canaries with a 1: the raider, +3, need not roll; it goes on to the Channel (6 MP)', () => {
    expect(run.texts('7.78')).toContain('RD-2 slips past SL-12 in Canary Islands (Union SL-12 1).')
    expect(at(run.state, 'SL-12')).toBe('CHAN')
  })

  it('PB 22, 7.75, 7.78: the North Atlantic sloop searches with +1 for 2 MP more: 5+1 = 6 against the raider’s 6+3 = 9; the raider stays free', () => {
    expect(run.texts('7.78')).toContain('RD-2 slips past SL-11 in Canary Islands (Union SL-11 6, RD-2 9).')
    expect([at(run.state, 'SL-11'), at(run.state, 'RD-2')]).toEqual(['CANA', 'CANA'])
  })

  it('PB 22, 7.3: the Navy Yards sloop joins Farragut in the West Gulf (6 MP); two gunboats form the Key West station, the New Berne pair split to St. Augustine and Savannah (3 MP each)', () => {
    expect(at(run.state, 'SL-8')).toBe('WGLF')
    expect(['GB-15', 'GB-16', 'GB-11', 'GB-12'].map((id) => at(run.state, id))).toEqual([
      'KWST.BS',
      'KWST.BS',
      'STAU.BS',
      'SAVA.BS',
    ])
  })

  it('PB 22, 15.1: the hand down to Eads’ Ironclads and USS Iroquois, the Union draws #1, #7 and #52 (the draw pile set as the example’s), told to the Union alone', () => {
    expect(run.state.cards.USA.hand).toEqual([12, 35, 1, 7, 52])
    const drawn = 'You draw #1 Damn the Torpedoes… Full Speed Ahead!, #7 A Lack of Brains, #52 Coaling Station.'
    expect(run.seenBy({ kind: 'role', role: 'union' })).toContain(drawn)
    expect(run.seenBy({ kind: 'role', role: 'confederate' })).not.toContain(drawn)
  })
})

describe('PB 22: the Union April 1862 build', () => {
  const move = unionMove()
  const build = given(rs, move.state).orders('union', UNION_BUILD).dice([], 'strict').resolve()

  it('PB 22, #35, 15.22: Eads’ Ironclads first: one ironclad a turn for three turns, the April one placed in St. Louis, the card discarded', () => {
    expect(build.texts('15.22').join('\n')).toMatch(/Union ironclad IC-5 arrives in St\. Louis/)
    expect(at(build.state, 'IC-5')).toBe('STLO')
    expect(build.state.arriving.filter((a) => a.type === 'ironclad' && a.at === 'STLO').map((a) => a.turn)).toEqual([
      5, 6, 5,
    ])
    expect(build.state.cards.USA.deck.discards).toContain(35)
  })

  it('PB 22, 15.33: the two free gunboats, one in Cairo (Foote’s five gunboats and one ironclad), one in the Navy Yards', () => {
    const cairo = build.state.pieces.filter((p) => p.at === 'CAIR' && p.side === 'USA')
    expect(cairo.map((p) => p.type).sort()).toEqual(['gunboat', 'gunboat', 'gunboat', 'gunboat', 'gunboat', 'ironclad'])
    expect(build.state.pieces.filter((p) => p.at === 'NAVY' && p.type === 'gunboat').length).toBe(1)
  })

  it('PB 22, 15.3, 15.44: six builds: an ironclad (2), two sloops (2) for August, and a card (2): #48 Siege Train; five cards in hand and two cannon pawns for August 1862', () => {
    const due = build.state.arriving.filter((a) => a.turn === 5 && a.side === 'USA').map((a) => a.type)
    expect(due.sort()).toEqual(['ironclad', 'ironclad', 'sloop', 'sloop'])
    expect(build.seenBy({ kind: 'role', role: 'union' })).toContain('You draw #48 Siege Train.')
    expect(build.state.cards.USA.hand).toEqual([12, 1, 7, 52, 48])
    expect([build.state.turn, build.state.phase, build.state.unionPawns]).toEqual([5, 'csa-move', 2])
  })
})
