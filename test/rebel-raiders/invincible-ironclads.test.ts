// PB 18.25 Invincible Ironclads: a hit damages an ironclad instead of sinking it (18.251); where it
// stays after the battle (18.252, ruling RR-O11); one movement point and repairs (18.253).
import { describe, expect, it } from 'vitest'
import { given, LabelledDice } from '../helpers/spec.ts'
import { type Battle, battle } from '../../src/games/rebel-raiders/combat.ts'
import { settleDamage } from '../../src/games/rebel-raiders/ironcladDamage.ts'
import { bindRebelPack, type RawRebelPack } from '../../src/games/rebel-raiders/pack.ts'
import { PhaseRun } from '../../src/games/rebel-raiders/phaseRun.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import type { Phase, RrState } from '../../src/games/rebel-raiders/state.ts'

const pack = rebelRaidersFactory.defaultPack()
const rs = createRebelRaiders(pack as never)
const start = (optional: string, phase: Phase, turn = 5) => {
  const s = rs.setup('1861', { optional }, pack, new LabelledDice([])) as RrState
  Object.assign(s, { phase, turn })
  return s
}
const errors = (s: RrState, role: string, text: string) => rs.parseOrders(s, role, text).errors.map((e) => e.message)
const piece = (s: RrState, id: string) => s.pieces.find((p) => p.id === id)

describe('PB 18.251: a hit damages an ironclad', () => {
  it('it fires back in the round it is hit, then takes no part: the battle ends with it out, not sunk', () => {
    const dice = new LabelledDice([
      { label: 'round 1: GB-1 at IC-1 (1)', values: 6 },
      { label: 'round 1: IC-1 at GB-1 (1)', values: 6 },
    ])
    const b = battle(
      dice,
      [{ id: 'IC-1', side: 'CSA', type: 'ironclad', card: { damagedInstead: true } }],
      [{ id: 'GB-1', side: 'USA', type: 'gunboat' }],
    )
    expect(b.damaged).toEqual(['IC-1'])
    expect(b.rounds[0]!.destroyed).toEqual(['GB-1'])
    expect(b.ended).toBe('both-gone')
  })
})

describe('PB 18.252: where a damaged ironclad stays', () => {
  const sortie = (optional: string, withSloop: boolean) => {
    const s = start(optional, 'csa-move')
    s.pieces.push(
      { id: 'IC-8', side: 'CSA', type: 'ironclad', at: 'CHAS' },
      { id: 'IC-9', side: 'USA', type: 'ironclad', at: 'CHAS.BS' },
    )
    if (withSloop) s.pieces.push({ id: 'SL-9', side: 'USA', type: 'sloop', at: 'CHAS.BS' })
    return given(rs, s)
      .orders('confederate', 'MOVE IC-8 CHAS.BS')
      .dice([
        { label: 'round 1: IC-9 at IC-8 (1)', values: 6 },
        { label: /round 1: SL-9 at IC-8/, values: [1, 1] },
        { label: /round 1: IC-8 at/, values: 6 },
      ])
      .resolve()
  }
  it('two ironclads damaging each other in a station both stay there, damaged', () => {
    const run = sortie('18.25', false)
    expect(piece(run.state, 'IC-8')).toMatchObject({ at: 'CHAS.BS', damaged: true })
    expect(piece(run.state, 'IC-9')).toMatchObject({ at: 'CHAS.BS', damaged: true })
  })
  it('a damaged attacker facing enemy warships that are left is lost; without the option the hit sinks it', () => {
    const run = sortie('18.25', true)
    expect(piece(run.state, 'IC-8')).toBeUndefined()
    expect(piece(run.state, 'SL-9')).toBeUndefined()
    expect(run.texts('18.252')).toEqual(['IC-8 is damaged where its side does not hold the field, and is lost.'])
    const plain = sortie('', false)
    expect(piece(plain.state, 'IC-8')).toBeUndefined()
    expect(piece(plain.state, 'IC-9')).toBeUndefined()
  })
  it('a damaged ironclad takes no part in a later fight, and is lost when the enemy takes its space', () => {
    const s = start('18.25', 'union-move')
    s.pieces.push({ id: 'IC-8', side: 'CSA', type: 'ironclad', at: 'CHAS.BS', damaged: true })
    s.pieces.push({ id: 'SL-9', side: 'USA', type: 'sloop', at: 'SATL' })
    const run = given(rs, s).orders('union', 'MOVE SL-9 CHAS.BS').resolve()
    expect(run.texts('7.75')).toEqual([])
    expect(piece(run.state, 'IC-8')).toMatchObject({ at: 'CHAS.BS', damaged: true })
    const held = start('18.25', 'csa-move')
    held.control.NORF = 'USA'
    held.csaPawns = 1
    held.pieces.push({ id: 'IC-9', side: 'USA', type: 'ironclad', at: 'NORF', damaged: true })
    const retaken = given(rs, held)
      .orders('confederate', 'COUNTERATTACK NORF FROM RICH')
      .dice([
        { label: /counterattack on NORF: Confederate die/, values: [6, 6] },
        { label: /counterattack on NORF: Union die/, values: [1, 2] },
      ])
      .resolve()
    expect(piece(retaken.state, 'IC-9')).toBeUndefined()
    expect(retaken.texts('18.252')).toEqual(['IC-9, damaged, is lost with Norfolk.'])
  })
})

describe('PB 18.252: a retreat, and a port (ruling RR-O11)', () => {
  /** A battle at `where` that damaged `damaged` and ended so, settled on a position with a Union and a Confederate ironclad there. */
  const settle = (where: string, aSide: 'USA' | 'CSA', ended: Battle['ended'], damaged: string) => {
    const s = start('18.25', 'union-move')
    s.pieces.push(
      { id: 'IC-8', side: 'CSA', type: 'ironclad', at: where },
      { id: 'IC-9', side: 'USA', type: 'ironclad', at: where },
      { id: 'IC-10', side: aSide === 'USA' ? 'USA' : 'CSA', type: 'ironclad', at: where },
    )
    const run = new PhaseRun(s, bindRebelPack(pack.content as RawRebelPack), new LabelledDice([]))
    const lost = new Set<string>()
    settleDamage(
      run,
      { rounds: [], attackers: [], defenders: [], withdrawn: [], damaged: [damaged], ended },
      where,
      aSide,
      lost,
    )
    return lost.has(damaged) ? 'lost' : 'stays'
  }
  it('a side that retreats loses its damaged ironclads; the side it left holds the field', () => {
    expect(settle('CHAS.BS', 'USA', 'attacker-retreated', 'IC-9')).toBe('lost')
    expect(settle('CHAS.BS', 'USA', 'attacker-retreated', 'IC-8')).toBe('stays')
    expect(settle('CHAS.BS', 'CSA', 'defender-retreated', 'IC-9')).toBe('lost')
    expect(settle('CHAS.BS', 'CSA', 'defender-retreated', 'IC-8')).toBe('stays')
  })
  it('in a port the defender keeps its damaged ironclad while it holds the port; a damaged attacker there is lost', () => {
    expect(settle('CHAS', 'USA', 'defender-gone', 'IC-8')).toBe('stays')
    expect(settle('CHAS', 'USA', 'defender-gone', 'IC-9')).toBe('lost')
  })
})

describe('PB 18.253: moving and repairing damaged ironclads', () => {
  it('a damaged ironclad has one movement point', () => {
    const s = start('18.25', 'csa-move')
    s.pieces.push({ id: 'IC-8', side: 'CSA', type: 'ironclad', at: 'CHAS', damaged: true })
    expect(errors(s, 'confederate', 'MOVE IC-8 CHAS.BS > CHAS')).toEqual([
      'step 2: IC-8 has 1 movement points; this move needs 2 (RB 7.3, 18.253)',
    ])
  })
  it('BUILD REPAIR: two builds in a Confederate port, one at a Union yard; not counted against the port', () => {
    const csa = start('18.25', 'csa-build')
    csa.pieces.push({ id: 'IC-8', side: 'CSA', type: 'ironclad', at: 'CHAS', damaged: true })
    const run = given(rs, csa).orders('confederate', 'BUILD REPAIR AT CHAS\nBUILD GUNBOAT AT CHAS').resolve()
    expect(piece(run.state, 'IC-8')!.damaged).toBeUndefined()
    expect(errors(csa, 'confederate', 'BUILD REPAIR AT CHAS\nBUILD REPAIR AT CHAS')).toEqual([
      'no damaged Confederate ironclad to repair at CHAS (18.253)',
    ])
    // Five builds: the repair's two and three gunboats, one of them in Charleston itself.
    const ports = ['CHAS', 'SAVA', 'WILM', 'MOBL'].map((p) => `BUILD GUNBOAT AT ${p}`).join('\n')
    expect(errors(csa, 'confederate', `BUILD REPAIR AT CHAS\n${ports}`)).toEqual([
      'a gunboat costs 1 build(s); 0 left (14.24)',
    ])
    const usa = start('18.25', 'union-build')
    usa.pieces.push({ id: 'IC-9', side: 'USA', type: 'ironclad', at: 'NAVY', damaged: true })
    expect(errors(usa, 'union', 'BUILD REPAIR AT NAVY')).toEqual([])
    expect(errors(usa, 'union', 'BUILD REPAIR AT NORF')).toEqual([
      'a Union ironclad is repaired at Cairo, St. Louis, Cincinnati or the Navy Yards (18.253)',
    ])
    expect(errors(start('', 'union-build'), 'union', 'BUILD REPAIR AT NAVY')).toEqual([
      'repairs are optional rule 18.25, not chosen for this game',
    ])
  })
})
