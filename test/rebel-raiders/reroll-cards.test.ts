// Union dice rolled again after they are cast (PB 23): #3 Yankee Guns and #27 USS Housatonic, in a
// naval combat and at a speed roll. Each test names the card and the rule or ruling it checks.
import { describe, expect, it } from 'vitest'
import { given } from '../helpers/spec.ts'
import { errors, position, rs } from './moreCards.ts'

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

  it('#3 by default: in the first round of each battle a Union ironclad rolls a missed die again and the new result stands; not in later rounds', () => {
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

  it("#3 the round is the Union player's: PLAY 3 AT <round> names it as the card is laid", () => {
    const laid = given(rs, position('union-move', 7, { USA: [3] }))
      .orders('union', 'PLAY 3 AT 2')
      .resolve()
    expect(laid.state.yankeeGunsRound).toBe(2)
    expect(errors(position('union-move', 7, { USA: [3] }), 'union', 'PLAY 3 AT X')[0]).toMatch(/PLAY 3 AT <round>/)
    const s = position('csa-move', 7, {}, { USA: [3] })
    s.yankeeGunsRound = 2
    s.pieces.push({ id: 'IC-9', side: 'USA', type: 'ironclad', at: 'NORF.BS' })
    const run = given(rs, s)
      .orders('confederate', 'MOVE GB-2 NORF.BS')
      .dice({
        'round 1: IC-9 at GB-2 (1)': 2,
        'round 1: GB-2 at IC-9 (1)': 1,
        'round 2: IC-9 at GB-2 (1)': 2,
        'round 2: IC-9 at GB-2 (1) rolled again': 6,
        'round 2: GB-2 at IC-9 (1)': 1,
      })
      .resolve()
    expect(run.labels.filter((l) => l.endsWith('rolled again'))).toEqual(['round 2: IC-9 at GB-2 (1) rolled again'])
    expect(run.state.pieces.some((p) => p.id === 'GB-2')).toBe(false)
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
