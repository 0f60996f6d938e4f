// The play book's extended example of play (PB 22), as far as the judge replays it: the 1862 start with
// cards B, the Union's April 1862 move up the Mississippi, Farragut taking Porter along, the battle of
// Forts Jackson & St. Philip and its assault with the example's dice, then the same fleet going on into
// New Orleans with the turn's second #24 landing (10.42). Where the example's players choose targets
// the judge's own picks stand (ruling RR-K8), so the later rounds are not the example's.
import { describe, expect, it } from 'vitest'
import { given, LabelledDice } from '../../src/games/kit/spec.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'

const pack = rebelRaidersFactory.defaultPack()
const rs = createRebelRaiders(pack as never)

function april1862() {
  const s = rs.setup('1862', { cards: 'B' }, pack, new LabelledDice([])) as RrState
  s.reactions.CSA = [
    { card: 110, at: 'FJSP' },
    { card: 71, at: 'NORL' },
  ]
  return given(rs, s)
    .orders('confederate', 'POLICY FJSP ON DEFENCE: SHELTER\nPOLICY GB-2 ON BATTLE: RETREAT IF round >= 2; FIGHT')
    .orders(
      'union',
      'PLAY 13 AT NORL\nPLAY 23 AT NORL\nMOVE FARRAGUT WGLF > NORL.BS > PICKUP(GB-9,GB-10) > FJSP > NORL\nTACTICS FJSP 1',
    )
    .dice([
      // Porter's mortar boats miss; eight sloop dice without a 6; the battery's 2 and 4, +1 by #110.
      { label: /^#2 mortar boats at FJSP/, values: [2, 3] },
      { label: /^round 1: SL-\d+ at BT-6/, values: Array(8).fill(1) },
      { label: /^round 1: BT-6 at/, values: [2, 4] },
      { label: /^round 2: SL-\d+ at BT-6/, values: [6, 1, 1, 1, 1, 1, 1, 1] },
      { label: /^round 2: BT-6 at/, values: [1, 2] },
      // One of three dice left for +1 (11.63): a pair of 5s against 3 and 6.
      { label: /^assault on FJSP: Union die/, values: [5, 5] },
      { label: /^assault on FJSP: Confederate die/, values: [3, 6] },
    ])
    .resolve()
}

describe('PB 22: the extended example, the Union half of April 1862', () => {
  const run = april1862()

  it('PB 22 (19.5, option B): the cards in play and in the hands are those the example lists', () => {
    const s = rs.setup('1862', { cards: 'B' }, pack, new LabelledDice([])) as RrState
    expect(s.cards.USA.inPlay.sort((a, b) => a - b)).toEqual([2, 8, 37])
    expect(s.cards.USA.hand).toEqual([12, 13, 15, 18, 23, 35, 38])
    expect(s.cards.CSA.hand).toEqual([60, 71, 94, 100, 104, 110])
    expect([s.vp, s.unionPawns, s.seaPawns]).toEqual([30, 4, 4])
  })

  it('PB 22, 7.53: Farragut sails to the station, takes Porter and his two gunboats along and enters the forts: a #24 landing', () => {
    expect(run.texts('7.3')).toContain('SL-1, SL-2, SL-3, SL-4 move WGLF > NORL.BS.')
    expect(run.texts('7.53').join('\n')).toMatch(/Porter comes along with his ships as a subordinate/)
    expect(run.texts('7.73')[0]).toMatch(
      /enter Forts Jackson & St. Philip: an assault \(3 cannon pawn\(s\) left, a #24 landing\)/,
    )
  })

  it('PB 22, 10.12, 10.21: the gunboat sheltered, #110 +1 to the battery, the Hartford named, Porter’s mortars miss, the battery falls to a 6 in round 2', () => {
    expect(run.texts('#110')).toContain('Hulks, Rafts & Chains: every battery adds 1 to its dice in the first round.')
    expect(run.texts('#37')[0]).toMatch(/is the Hartford, with Farragut/)
    expect(run.texts('#2')[0]).toBe("Porter's mortar boats fire at Forts Jackson & St. Philip (2, 3): no battery hit.")
    expect(run.texts('10.1')[0]).toMatch(/\(the defender: shelter\); lost: BT-6/)
  })

  it('PB 22, 10.36: with the battery gone the sheltered gunboat falls back up the river to New Orleans', () => {
    expect(run.texts('10.1')[0]).toMatch(/2 round\(s\) \(the defender: shelter\); lost: BT-6;/)
    expect(run.seenBy({ kind: 'moderator' } as never)).toContain('GB-2 retreats to New Orleans.')
    expect(run.texts('10.1')[1]).toMatch(/^Combat in New Orleans: .* against GB-2, BT-17, BT-18, IC-4/)
  })

  it('PB 22, 11.6: the assault on the forts: 5+1 for the pair +1 for the die left = 7 against 6; 30 points become 29', () => {
    expect(run.texts('11.62')).toContain(
      'Assault on Forts Jackson & St. Philip: Union 5,5 with tactics +1 (1 die from #24) = 7; Confederate 3,6 = 6.',
    )
    expect(run.state.control.FJSP).toBe('USA')
    expect(run.texts('11.67').join('\n')).toMatch(
      /Forts Jackson & St. Philip falls to the Union: -1 VP to the Confederacy \(now 29\)/,
    )
  })

  it('PB 22, 10.42: the victorious fleet goes on into New Orleans with the second #24 landing; #71 Manassas joins and rams, Porter fires again in this new battle', () => {
    expect(run.texts('7.3')).toContain('SL-1, SL-2, SL-3, SL-4, GB-9, GB-10 move FJSP > NORL.')
    expect(run.texts('7.73')[1]).toMatch(/enter New Orleans: an assault \(2 cannon pawn\(s\) left, a #24 landing\)/)
    expect(run.texts('#71')[0]).toMatch(/the Manassas, joins the defence/)
    expect(run.texts('#2')[1]).toMatch(/^Porter's mortar boats fire at New Orleans/)
    expect(run.texts('#13').join('\n')).toMatch(/is the Brooklyn/)
  })

  it('11.8, 10.42: the same path may not go on from New Orleans, an ocean port taken from the sea, to Baton Rouge', () => {
    const s = rs.setup('1862', { cards: 'B' }, pack, new LabelledDice([])) as RrState
    const errors = rs
      .parseOrders(s, 'union', 'MOVE FARRAGUT WGLF > NORL.BS > FJSP > NORL > BTRG')
      .errors.map((e) => e.message)
    expect(errors).toEqual([
      'step 5: SL-1: no assault goes on from New Orleans, an ocean port taken from the sea this turn (RB 11.8)',
    ])
  })
})
