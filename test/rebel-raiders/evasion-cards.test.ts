// The cards played as a Confederate ship tries to slip past Union ships (RB 7.78, PB 23), and the
// named Confederate raiders the Confederacy puts to sea in its build. Each card is named by its number.
import { describe, expect, it } from 'vitest'
import { given } from '../helpers/spec.ts'
import { cardPosition, type Hands, rs } from './cardPosition.ts'
import type { Phase, RrState } from '../../src/games/rebel-raiders/state.ts'

const position = (phase: Phase, hands: Hands = {}, turn = 2): RrState =>
  cardPosition({ salt: 'rr-evasion', hidden: '55', standing: true }, phase, hands, turn)
/** A raider crossing into the North Atlantic, where SL-4 waits. */
const raiderRun = (hands: { CSA?: number[]; USA?: number[] }, dice: Record<string, number | number[]>) => {
  const s = position('csa-move', hands)
  s.pieces.find((p) => p.id === 'RD-1')!.at = 'MATL'
  return given(rs, s).orders('confederate', 'MOVE RD-1 NATL').dice(dice).resolve()
}
/** A runner leaving Savannah past a Union gunboat in its station. */
const runnerRun = (hands: { CSA?: number[]; USA?: number[] }, dice: Record<string, number>) => {
  const s = position('csa-move', hands)
  s.pieces.push({ id: 'GB-9', side: 'USA', type: 'gunboat', at: 'SAVA.BS' })
  return given(rs, s).orders('confederate', 'MOVE BR-4 SAVA.BS').dice(dice).resolve()
}
const afloat = (s: RrState, id: string) => s.pieces.some((p) => p.id === id)

describe('PB 23: the Union searchers', () => {
  it('#14 USS Kearsarge: the sloop after a raider adds 1 to its speed roll and rolls a die more at it', () => {
    const run = raiderRun(
      { USA: [14] },
      {
        'search for RD-1 by SL-4': 4,
        'speed of RD-1': 1,
        'round 1: SL-4 at RD-1 (1)': 1,
        'round 1: SL-4 at RD-1 (2)': 1,
        'round 1: SL-4 at RD-1 (3)': 5,
        'round 1: RD-1 at SL-4 (1)': 1,
      },
    )
    expect(run.texts('7.78')[0]).toMatch(/RD-1 is caught in .*\(Union SL-4 5, RD-1 4\)/)
    expect(afloat(run.state, 'RD-1')).toBe(false)
    expect(run.state.named).toEqual([{ ship: 'SL-4', card: 14, until: 'turn' }])
  })
})

describe('PB 23: the Confederate answers at an evasion', () => {
  it('#106 Most Brilliant Daredevil: the raider adds 1 for the turn before the dice, and wins the tie', () => {
    const run = raiderRun({ CSA: [106] }, { 'search for RD-1 by SL-4': 5, 'speed of RD-1': 1 })
    expect(run.texts('7.78')[0]).toMatch(/RD-1 slips past/)
    expect(run.state.speedBonus['RD-1']).toEqual({ amount: 1, card: 106 })
  })

  it("#66 The Don: played after the runner's die only when its +1 turns the catch into an escape", () => {
    const saved = runnerRun({ CSA: [66] }, { 'search for BR-4 by GB-9': 5, 'speed of BR-4': 2 })
    expect(afloat(saved.state, 'BR-4')).toBe(true)
    expect(saved.texts('#66')).toEqual(['The Don: BR-4 adds 1 (now 5 against 5) and slips past.'])
    const lost = runnerRun({ CSA: [66] }, { 'search for BR-4 by GB-9': 6, 'speed of BR-4': 1 })
    expect(afloat(lost.state, 'BR-4')).toBe(false)
    expect(lost.state.cards.CSA.hand).toContain(66)
  })

  it('#67 CSS Advance acts as #66', () => {
    const run = runnerRun({ CSA: [67] }, { 'search for BR-4 by GB-9': 4, 'speed of BR-4': 1 })
    expect(afloat(run.state, 'BR-4')).toBe(true)
    expect(run.state.speedBonus['BR-4']).toEqual({ amount: 1, card: 67 })
  })

  it('#90 Frankly, My Dear…: the Union card aimed at the runner is cancelled, and the Rhett is beyond interception this turn', () => {
    const run = runnerRun({ CSA: [90], USA: [9] }, {})
    expect(afloat(run.state, 'BR-4')).toBe(true)
    expect(run.state.cards.USA.deck.discards).toContain(9)
    expect(run.state.named).toEqual([{ ship: 'BR-4', card: 90, until: 'turn' }])
    expect(run.dice.rolls.some((r) => r.label.startsWith('search for BR-4'))).toBe(false)
  })
})

describe('PB 23: the named raiders put to sea in the Confederate build', () => {
  it('#63 CSS Alabama: a free raider in a European port, +1 to its speed and combat rolls', () => {
    const s = position('csa-build', { CSA: [63] })
    expect(rs.parseOrders(s, 'confederate', 'PLAY 63 AT BERM').errors.map((e) => e.message)).toEqual([
      'name the European port: PLAY 63 AT FREN or AT SPAI',
    ])
    const run = given(rs, s).orders('confederate', 'PLAY 63 AT SPAI').resolve()
    const alabama = run.state.named.find((n) => n.card === 63)!
    expect(run.state.pieces.find((p) => p.id === alabama.ship)).toMatchObject({ type: 'raider', at: 'SPAI' })
    expect(run.state.cards.CSA.inPlay).toEqual([63])
  })

  it('#63: sunk, the Alabama takes its card out of the game', () => {
    const s = position('csa-move')
    s.pieces.find((p) => p.id === 'RD-1')!.at = 'MATL'
    s.named = [{ ship: 'RD-1', card: 63, until: 'afloat' }]
    s.cards.CSA.inPlay = [63]
    const run = given(rs, s)
      .orders('confederate', 'MOVE RD-1 NATL')
      .dice({
        'search for RD-1 by SL-4': 6,
        'speed of RD-1': 1,
        'round 1: SL-4 at RD-1 (1)': 5,
        'round 1: SL-4 at RD-1 (2)': 1,
        'round 1: RD-1 at SL-4 (1)': 3,
      })
      .resolve()
    // 1 + 3 + 1 (the Alabama) = 5 against 6: caught; the raider's 3 + 1 misses the sloop.
    expect(run.texts('7.78')[0]).toMatch(/RD-1 5\)/)
    expect(afloat(run.state, 'RD-1')).toBe(false)
    expect(run.state.cards.CSA.removed).toEqual([63])
    expect(run.state.named).toEqual([])
  })

  it('#64 CSS Shenandoah (1864): +2 on its raids', () => {
    const s = position('csa-move', {}, 10)
    s.pieces.find((p) => p.id === 'RD-1')!.at = 'SATL'
    s.named = [{ ship: 'RD-1', card: 64, until: 'afloat' }]
    s.pieces = s.pieces.filter((p) => p.at !== 'SATL' || p.side === 'CSA')
    const run = given(rs, s).orders('confederate', 'MOVE RD-1 RAID').dice({ 'raid by RD-1': 4 }).resolve()
    expect(run.texts('8.11')[0]).toMatch(/RD-1 raids in .* \(die 4\): \+2 VP/)
  })

  it('#74 CSS Stonewall: fights as an ironclad (a 5 does not sink it) and shrugs off its first hit; no raider bonus to its speed', () => {
    const s = position('csa-move', {}, 10)
    s.pieces.find((p) => p.id === 'RD-1')!.at = 'MATL'
    s.named = [{ ship: 'RD-1', card: 74, until: 'afloat' }]
    const run = given(rs, s)
      .orders('confederate', 'MOVE RD-1 NATL\nPOLICY RD-1 ON BATTLE: FIGHT')
      .dice({
        'search for RD-1 by SL-4': 3,
        'speed of RD-1': 2,
        'round 1: SL-4 at RD-1 (1)': 6,
        'round 1: SL-4 at RD-1 (2)': 5,
        'round 1: RD-1 at SL-4 (1)': 5,
      })
      .resolve()
    expect(run.texts('7.78')[0]).toMatch(/RD-1 is caught .*\(Union SL-4 3, RD-1 2\)/)
    expect(afloat(run.state, 'RD-1')).toBe(true)
    expect(afloat(run.state, 'SL-4')).toBe(false)
  })
})
