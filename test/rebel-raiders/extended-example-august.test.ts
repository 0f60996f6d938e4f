// The play book's extended example (PB 22), part three: the Confederate August 1862 turn as far as the
// book goes, after the Union's April (pb22.ts): the two raiders at sea, the counterattack on Nashville
// against the Union's standing tactics and Grant, the Memphis gunboats to Vicksburg, the supply die,
// the card draws and the Confederate build. The runner log that opens the move is rebuilt in
// pb22Runners.ts and replayed in extended-example-runners.test.ts (thirteen of its sixteen runners;
// the other three rows fit no runner of the example's set-up, ruling RR-S64), not here; each step
// asserts the change in points the book states rather than its running total, which counts the 17 VP
// of landed cargo the replay cannot reach (9 VP).
import { describe, expect, it } from 'vitest'
import { given } from '../helpers/spec.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'
import { CSA_AUGUST, CSA_AUGUST_BUILD, CSA_AUGUST_DICE, rs, unionBuild } from './pb22.ts'

const at = (s: RrState, id: string) => s.pieces.find((p) => p.id === id)?.at

describe('PB 22: the Confederate August 1862 move and supply', () => {
  const april = unionBuild()
  // The Union leaves its tactics for Nashville standing during the Confederate move (RB 11.91, ruling RR-A3).
  const move = given(rs, april.state)
    .orders('union', 'DEFEND NASH TACTICS 1')
    .orders('confederate', CSA_AUGUST)
    .dice(CSA_AUGUST_DICE, 'strict')
    .resolve()

  it('11.91, ruling RR-A3: DEFEND <space|ALL> TACTICS <n> is the Union’s, standing, at most 3', () => {
    const errors = (role: string, text: string) => rs.parseOrders(april.state, role, text).errors.map((e) => e.message)
    expect(errors('union', 'DEFEND NASH TACTICS 1')).toEqual([])
    expect(errors('union', 'DEFEND NASH TACTICS 4')).toEqual(['the tactics is a whole number from 0 to 3, not 4'])
    expect(errors('confederate', 'DEFEND NASH TACTICS 1')).toEqual([
      'only the Union defends against a counterattack (11.91)',
    ])
    expect(move.state.defence).toEqual({ NASH: 1 })
  })

  it('PB 22: every die of the move is one the book states', () => {
    expect(move.dice.unused()).toEqual([])
    expect(april.state.vp).toBe(20)
  })

  it('PB 22, 7.75, 8.11: the raider in France & England slips past the sloop in the Channel (a 1), raids the North Atlantic twice: 5 and 3, +1 VP', () => {
    expect(move.texts('7.78')).toContain('RD-1 slips past SL-12 in The Channel (Union SL-12 1).')
    expect(move.texts('8.11')).toEqual(
      expect.arrayContaining([
        'RD-1 raids in North Atlantic (die 5): +1 VP to the Confederacy (now 21).',
        'RD-1 raids in North Atlantic and finds nothing (die 3).',
      ]),
    )
  })

  it('PB 22, 8.11: the Canaries raider leaves the sloop there for the Indian Ocean (2 MP) and raids twice: 1 and 6, +2 VP', () => {
    expect(move.texts('7.3')).toContain('RD-2 moves CANA > AFRW > INDO.')
    expect(move.texts('8.11')).toContain('RD-2 raids in Indian Ocean (die 6): +2 VP to the Confederacy (now 23).')
  })

  it('PB 22, 11.91, 11.63: the counterattack on Nashville: Confederate 5, 1 against the Union’s 2 +1; Grant’s reroll turns it: by default the Confederate 5 is rolled again (ruling RR-A7; the book’s Union answers with its own 2, below); the counterattack fails', () => {
    expect(move.texts('#8')).toContain('Grant Takes Command: the Confederate 5 is rolled again: 1.')
    expect(move.texts('11.91')).toContain(
      'Counterattack on Nashville from Memphis: Confederate 1,1 = 2; Union 2 with tactics +1 = 3.',
    )
    expect(move.texts('11.93')).toContain('The counterattack on Nashville fails: -1 VP to the Confederacy (now 22).')
    expect(move.state.control.NASH).toBe('USA')
    expect(move.state.csaPawns).toBe(0)
  })

  it('PB 22, #8, 11.91 (ruling RR-A7): the die Grant rolls again is the Union’s answer; as the book’s Union it rolls its own 2 again: 6+1 = 7 against 5, the counterattack fails by two', () => {
    const q = move.questions.find((x) => x.decisionId.startsWith('card-8-NASH'))!
    expect(q.role).toBe('union')
    expect(q.defaultOption).toBe('1')
    expect(q.options.map((o) => o.id)).toEqual(['1', '2', 'U1', 'keep'])
    const dice = CSA_AUGUST_DICE.map((d) =>
      String(d.label).includes('Grant') ? { label: '#8 Grant: Union die 1 at NASH rolled again', values: [6] } : d,
    )
    const booked = given(rs, april.state)
      .orders('union', 'DEFEND NASH TACTICS 1')
      .orders('confederate', CSA_AUGUST)
      .answers({ [q.decisionId]: 'U1' })
      .dice(dice, 'strict')
      .resolve()
    expect(booked.texts('#8')).toContain('Grant Takes Command: the Union 2 is rolled again: 6.')
    expect(booked.texts('11.91')).toContain(
      'Counterattack on Nashville from Memphis: Confederate 5,1 = 5; Union 6 with tactics +1 = 7.',
    )
    expect(booked.texts('11.93')).toContain('The counterattack on Nashville fails: -2 VP to the Confederacy (now 21).')
    expect(booked.state.control.NASH).toBe('USA')
    // Fog: the Confederate reads the die rolled again, never the question.
    const csa = booked.seenBy({ kind: 'role', role: 'confederate' } as never).join('\n')
    expect(csa).toMatch(/the Union 2 is rolled again: 6/)
    expect(csa).not.toMatch(/Which die is rolled again/)
  })

  it('PB 22, 7.3, 13.2: the Memphis gunboats go down to Vicksburg; the supply’s single die is a 6: -6 VP', () => {
    expect([at(move.state, 'GB-3'), at(move.state, 'GB-4')]).toEqual(['VICK', 'VICK'])
    expect(move.texts('13.21').join('\n')).toMatch(/1 die \(6\): -6 VP to the Confederacy \(now 16\)/)
  })

  it('PB 22, 14.1: the Confederate hand, down to Battle Flags North, Stonewall Jackson and Bobby Lee, draws #63, #73 and #78', () => {
    expect(move.state.cards.CSA.hand).toEqual([60, 100, 104, 63, 73, 78])
    expect(move.seenBy({ kind: 'role', role: 'confederate' })).toContain(
      "You draw #63 CSS Alabama, #73 CSS Hunley, #78 Mallory's Miracle.",
    )
  })

  const build = given(rs, move.state).orders('confederate', CSA_AUGUST_BUILD).dice([], 'strict').resolve()

  it('PB 22, #63, 14.2-14.33: the Alabama free in France & England; a raider in Spain (-1 VP), runners in France & England and Africa, gunboats in Memphis and Vicksburg, the arsenal batteries to Richmond and Vicksburg', () => {
    expect(build.texts('#63').join('\n')).toMatch(/the Alabama, puts to sea from France & England/)
    const built = build.seenBy({ kind: 'role', role: 'union' })
    for (const line of [
      'Confederate raider RD-4 built in Spain.',
      'Confederate runner BR-17 built in France & England.',
      'Confederate runner BR-18 built in Africa.',
      'Confederate gunboat GB-19 built in Memphis.',
      'Confederate gunboat GB-20 built in Vicksburg.',
      'Confederate battery BT-19 built in Richmond.',
      'Confederate battery BT-20 built in Vicksburg.',
    ])
      expect(built).toContain(line)
    expect(build.state.pieces.filter((p) => p.at === 'RICH' && p.type === 'battery')).toHaveLength(2)
  })

  it('PB 22, 14.32: 15 VP exchanged for three special points: a gunboat at Arkansas Post and a card, #72 CSS Gaines; the points end 16 below where they began the build', () => {
    expect(build.seenBy({ kind: 'role', role: 'union' })).toContain('Confederate gunboat GB-21 built in Arkansas Post.')
    expect(build.seenBy({ kind: 'role', role: 'confederate' })).toContain('You draw #72 CSS Gaines.')
    expect(build.seenBy({ kind: 'role', role: 'union' }).join('\n')).not.toContain('#72')
    expect(move.state.vp - build.state.vp).toBe(16)
    expect(build.state.cards.CSA.hand).toEqual([60, 100, 104, 73, 78, 72])
  })
})
