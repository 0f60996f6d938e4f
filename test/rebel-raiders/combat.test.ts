// RB 10: naval combat, dice forced by label ("round N: <shooter> at <target> (k)").
import { describe, expect, it } from 'vitest'
import { LabelledDice } from '../helpers/spec.ts'
import {
  battle,
  diceOf,
  easiestFirst,
  fightRound,
  hitOn,
  shieldProblems,
  type Unit,
} from '../../src/games/rebel-raiders/combat.ts'

const strict = (forced: Record<string, number | number[]>) =>
  new LabelledDice(
    Object.entries(forced).map(([label, values]) => ({ label, values })),
    'strict',
  )
const u = (id: string, side: 'CSA' | 'USA', type: Unit['type'], shieldedBy?: string): Unit => ({
  id,
  side,
  type,
  ...(shieldedBy ? { shieldedBy } : {}),
})

describe('RB 10.3: ship against ship', () => {
  it('10.34: a hit on an ironclad or a battery needs a 6, on a sloop or a raider 5, on a gunboat 4', () => {
    expect(['ironclad', 'battery', 'sloop', 'raider', 'gunboat'].map((t) => hitOn(t as Unit['type']))).toEqual([
      6, 6, 5, 5, 4,
    ])
  })

  it('10.33: sloops roll two dice, gunboats, ironclads and raiders one; runners none; no shield counts against ships', () => {
    expect(diceOf(u('SL-1', 'USA', 'sloop', 'IC-1'), false)).toBe(2)
    expect(diceOf(u('GB-1', 'USA', 'gunboat', 'SL-1'), false)).toBe(1)
    expect(diceOf(u('RD-1', 'CSA', 'raider'), false)).toBe(1)
    expect(diceOf(u('BR-1', 'CSA', 'runner'), false)).toBe(0)
  })

  it('10.31: fire is simultaneous: a raider sunk by the sloop still fires and may sink it', () => {
    const r = fightRound(
      strict({ 'round 1: RD-1 at SL-1 (1)': 5, 'round 1: SL-1 at RD-1 (1)': 6, 'round 1: SL-1 at RD-1 (2)': 1 }),
      [u('SL-1', 'USA', 'sloop')],
      [u('RD-1', 'CSA', 'raider')],
    )
    expect(r.destroyed.sort()).toEqual(['RD-1', 'SL-1'])
  })

  it('10.33: a die at a target its side already sank this round is wasted', () => {
    const r = fightRound(
      strict({ 'round 1: SL-1 at RD-1 (1)': 5, 'round 1: SL-1 at RD-1 (2)': 6, 'round 1: RD-1 at SL-1 (1)': 1 }),
      [u('SL-1', 'USA', 'sloop')],
      [u('RD-1', 'CSA', 'raider')],
    )
    expect(r.shots.filter((s) => s.shooter === 'SL-1').map((s) => [s.hit, s.wasted])).toEqual([
      [true, false],
      [false, true],
    ])
  })

  it('10.35-10.37: rounds go on until a side is gone; the attacker may retreat after a round', () => {
    const dice = strict({
      'round 1: RD-1 at SL-1 (1)': 1,
      'round 1: SL-1 at RD-1 (1)': 2,
      'round 1: SL-1 at RD-1 (2)': 3,
      'round 2: RD-1 at SL-1 (1)': 2,
      'round 2: SL-1 at RD-1 (1)': 5,
      'round 2: SL-1 at RD-1 (2)': 1,
    })
    const fought = battle(dice, [u('SL-1', 'USA', 'sloop')], [u('RD-1', 'CSA', 'raider')])
    expect(fought.ended).toBe('defender-gone')
    expect(fought.rounds).toHaveLength(2)
    const retreating = battle(
      strict({ 'round 1: RD-1 at SL-1 (1)': 1, 'round 1: SL-1 at RD-1 (1)': 1, 'round 1: SL-1 at RD-1 (2)': 1 }),
      [u('SL-1', 'USA', 'sloop')],
      [u('RD-1', 'CSA', 'raider')],
      { attackerRetreats: () => true },
    )
    expect(retreating.ended).toBe('attacker-retreated')
  })
})

describe('RB 10.2: ships against batteries', () => {
  it('10.23: against batteries an unshielded sloop rolls two, a shielded one one; an unshielded gunboat one, a shielded none; an ironclad one', () => {
    expect(diceOf(u('SL-1', 'USA', 'sloop'), true)).toBe(2)
    expect(diceOf(u('SL-2', 'USA', 'sloop', 'IC-1'), true)).toBe(1)
    expect(diceOf(u('GB-1', 'USA', 'gunboat'), true)).toBe(1)
    expect(diceOf(u('GB-2', 'USA', 'gunboat', 'SL-1'), true)).toBe(0)
    expect(diceOf(u('IC-1', 'USA', 'ironclad'), true)).toBe(1)
    expect(diceOf(u('BT-1', 'CSA', 'battery'), true)).toBe(2)
  })

  it('10.21: ironclads shield sloops and sloops shield gunboats, one ship each; an ironclad may not shield a gunboat', () => {
    expect(
      shieldProblems([
        u('IC-1', 'USA', 'ironclad'),
        u('SL-1', 'USA', 'sloop', 'IC-1'),
        u('GB-1', 'USA', 'gunboat', 'SL-1'),
      ]),
    ).toEqual([])
    expect(shieldProblems([u('IC-1', 'USA', 'ironclad'), u('GB-1', 'USA', 'gunboat', 'IC-1')])).toEqual([
      'IC-1 (ironclad) cannot shield GB-1 (gunboat): ironclads shield sloops and sloops shield gunboats (10.21)',
    ])
    expect(
      shieldProblems([
        u('SL-1', 'USA', 'sloop'),
        u('GB-1', 'USA', 'gunboat', 'SL-1'),
        u('GB-2', 'USA', 'gunboat', 'SL-1'),
      ]),
    ).toEqual(['SL-1 shields one ship only (10.21)'])
  })

  it('10.22: a battery rolls two dice, may split them, and may not fire at a shielded ship', () => {
    const r = fightRound(
      strict({
        'round 1: BT-1 at IC-1 (1)': 6,
        'round 1: BT-1 at GB-1 (2)': 4,
        'round 1: IC-1 at BT-1 (1)': 2,
        'round 1: SL-1 at BT-1 (1)': 6,
        'round 1: GB-1 at BT-1 (1)': 1,
      }),
      [u('IC-1', 'USA', 'ironclad'), u('SL-1', 'USA', 'sloop', 'IC-1'), u('GB-1', 'USA', 'gunboat')],
      [u('BT-1', 'CSA', 'battery')],
      {
        defenderTargets: (_s, targets) => {
          expect(targets.map((t) => t.id)).toEqual(['IC-1', 'GB-1']) // the shielded sloop is out of reach
          return ['IC-1', 'GB-1']
        },
        attackerTargets: (_s, targets) => [targets[0]!.id],
      },
    )
    expect(r.destroyed.sort()).toEqual(['BT-1', 'GB-1', 'IC-1'])
    // The shielded sloop rolled one die, the sunk gunboat still fired its one.
    expect(r.shots.filter((s) => s.shooter === 'SL-1')).toHaveLength(1)
    expect(r.shots.filter((s) => s.shooter === 'GB-1')).toHaveLength(1)
  })

  it('10.12: under shelter only the batteries fight and are fired at; under sortie only the ships', () => {
    const attackers = [u('SL-1', 'USA', 'sloop')]
    const defenders = [u('BT-1', 'CSA', 'battery'), u('GB-4', 'CSA', 'gunboat')]
    const shelter = fightRound(
      strict({
        'round 1: BT-1 at SL-1 (1)': 1,
        'round 1: BT-1 at SL-1 (2)': 1,
        'round 1: SL-1 at BT-1 (1)': 1,
        'round 1: SL-1 at BT-1 (2)': 1,
      }),
      attackers,
      defenders,
      { tactic: 'shelter' },
    )
    expect(new Set(shelter.shots.map((s) => `${s.shooter}>${s.target}`))).toEqual(new Set(['BT-1>SL-1', 'SL-1>BT-1']))
    const sortie = fightRound(
      strict({ 'round 1: GB-4 at SL-1 (1)': 1, 'round 1: SL-1 at GB-4 (1)': 1, 'round 1: SL-1 at GB-4 (2)': 4 }),
      attackers,
      defenders,
      { tactic: 'sortie' },
    )
    expect(sortie.destroyed).toEqual(['GB-4'])
    expect(sortie.shots.some((s) => s.shooter === 'BT-1')).toBe(false)
  })
})

describe('RB 10.22-10.23, 10.32: who fires at what by default (no AIM order)', () => {
  const hartford: Unit = { ...u('SL-1', 'USA', 'sloop'), card: { ignoresHits: 1 } }
  it('a ship puts all its dice on the enemy easiest to sink, a warship before a battery as hard to sink', () => {
    const foes = [u('BT-1', 'CSA', 'battery'), u('IC-1', 'CSA', 'ironclad'), u('GB-1', 'CSA', 'gunboat')]
    expect(easiestFirst(u('SL-9', 'USA', 'sloop'), foes, 2)).toEqual(['GB-1', 'GB-1'])
    expect(easiestFirst(u('SL-9', 'USA', 'sloop'), foes.slice(0, 2), 2)).toEqual(['IC-1', 'IC-1'])
  })

  it('a battery spreads its two dice over the first two, leaving a ship a card guards for last (PB 22: not the Hartford)', () => {
    const sloops = [hartford, u('SL-2', 'USA', 'sloop'), u('SL-3', 'USA', 'sloop')]
    expect(easiestFirst(u('BT-6', 'CSA', 'battery'), sloops, 2)).toEqual(['SL-2', 'SL-3'])
    expect(easiestFirst(u('BT-6', 'CSA', 'battery'), [hartford], 2)).toEqual(['SL-1', 'SL-1'])
    expect(easiestFirst(u('GB-2', 'CSA', 'gunboat'), sloops, 1)).toEqual(['SL-2'])
  })
})
