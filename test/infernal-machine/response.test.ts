import { describe, expect, it } from 'vitest'
import { randomMalfunction, malfunction } from '../../src/games/infernal-machine/malfunction.ts'
import { placeFatigue, placePanic } from '../../src/games/infernal-machine/markers.ts'
import { AUTO_RESPONSE, enemyResponse, type ResponseChoices } from '../../src/games/infernal-machine/response.ts'
import type { Sortie } from '../../src/games/infernal-machine/sortie.ts'
import { tacticalAttackValue } from '../../src/games/infernal-machine/tactical.ts'
import { ctx, pack, sortie } from './helpers.ts'

const noReroll: ResponseChoices = { reroll: () => ({ crank: 'easy', dice: [] }), fateSmiles: () => null }
const at = (zone: 'far' | 'near' | 'contact' | 'otherSide', target = 'usa-gunboat', over: Partial<Sortie> = {}) => {
  const s = sortie(over)
  s.tactical = { target, vector: '6-10', zone, rotated: false, turn: 1 }
  return s
}

describe('Infernal Machine Enemy Response (p.10-12)', () => {
  it('p.11 example: Gunboat, Below, Near: Attack Value 4, a 9 misses and adds Pursuit', () => {
    const s = at('near', 'usa-gunboat', { detected: true })
    expect(tacticalAttackValue(ctx(), s)).toBe(4)
    const r = enemyResponse(ctx({ 'r attack die 1': 9 }), s, 4, AUTO_RESPONSE, 'r')
    expect(r).toEqual({ hits: 0, cancelledByFate: false, pursuitAdded: true })
    expect(s.pursuit).toBe(1)
  })

  it('p.11 example continued: at Contact (6) a 3 less 1 Pursuit hits; Full re-roll 6 (5) still hits; even: a malfunction', () => {
    const s = at('contact', 'usa-gunboat', { detected: true, pursuit: 1 })
    expect(tacticalAttackValue(ctx(), s)).toBe(6)
    const c = ctx({
      'r attack die 1': 3,
      'r attack re-roll 1': 6,
      'r hit 1': 4,
      'r hit 1 malfunction die 1': 5,
      'r hit 1 malfunction die 2': 5,
    })
    const r = enemyResponse(c, s, 6, AUTO_RESPONSE, 'r')
    expect(r.hits).toBe(1)
    expect(s.boat.parts.find((p) => p.kind === 'steeringLink')!.malfunctions).toBe(1)
    expect(s.boat.crew.filter((m) => m.fatigue).map((m) => m.id)).toEqual(['moser'])
    expect(s.pursuit).toBe(1)
  })

  it('p.11 attack dice by Alert Level: 0-1 one, 2 two, 3-4 three', () => {
    const dice = (alert: number) => {
      const c = ctx([{ label: /attack die/, values: [10, 10, 10] }])
      enemyResponse(c, at('far', 'usa-gunboat', { alert }), 4, noReroll, 'r')
      return c.dice.rolls.length
    }
    expect([0, 1, 2, 3, 4].map(dice)).toEqual([1, 1, 2, 3, 3])
  })

  it('p.11 three hits in one attack: Catastrophic Hit, Lost', () => {
    const s = at('contact', 'usa-gunboat', { alert: 3 })
    enemyResponse(ctx([{ label: /attack die/, values: [1, 2, 3] }]), s, 6, noReroll, 'r')
    expect(s.lost).toBe('Catastrophic Hit (3 hits)')
  })

  it('p.11 Fate Smiles: 2 Black cubes turn one hit into a miss, once; the cancelled hit adds no Pursuit (IM-8)', () => {
    const s = at('contact', 'usa-gunboat', { alert: 2 })
    const c = ctx({ 'r attack die 1': 1, 'r attack die 2': 9 })
    const r = enemyResponse(c, s, 6, { reroll: noReroll.reroll, fateSmiles: () => 'black' }, 'r')
    expect(r).toEqual({ hits: 0, cancelledByFate: true, pursuitAdded: false })
    expect(s.pool).toEqual({ black: 3, red: 2 })
    expect(s.pursuit).toBe(0)
  })

  it('p.11 Full re-rolls one die at most, Strain any; a re-roll is not re-rolled again', () => {
    const s = at('contact', 'usa-gunboat', { alert: 3 })
    const c = ctx({
      'r attack die 1': 1,
      'r attack die 2': 1,
      'r attack die 3': 9,
      'r attack re-roll 1': 8,
      'r hit 1': 3,
    })
    const r = enemyResponse(c, s, 6, { reroll: () => ({ crank: 'full', dice: [0, 1] }), fateSmiles: () => null }, 'r')
    expect(r.hits).toBe(1)
    expect(s.boat.leaks).toBe(1)
  })

  it('p.11 on a boat without a hatch an odd hit kills a random crewman instead of a Leak', () => {
    const s = at('contact', 'usa-gunboat')
    s.boat.parts = s.boat.parts.filter((p) => p.kind !== 'hatch')
    const c = ctx({ 'r attack die 1': 2, 'r hit 1': 5, 'r hit 1 crewman killed': 3 })
    enemyResponse(c, s, 6, noReroll, 'r')
    expect(s.boat.crew.map((m) => m.id)).toEqual(['moser', 'baird', 'merriam'])
    expect(s.boat.leaks).toBe(0)
  })

  it('p.10 on the Mission Board below deep or deeper the attack is cancelled', () => {
    const s = sortie()
    const c = ctx()
    expect(enemyResponse(c, s, null, AUTO_RESPONSE, 'r').hits).toBe(0)
    expect(c.dice.rolls).toHaveLength(0)
  })

  it('p.11 a miss against an Obstruction: 3 or less sets off its torpedo, charge and conveyance gone, concussion 15 owed', () => {
    const s = at('near', 'csa-obstruction')
    enemyResponse(ctx({ 'r attack die 1': 9, 'r obstruction': 3 }), s, 4, AUTO_RESPONSE, 'r')
    expect(s.tactical).toMatchObject({ result: 'B', ended: 'detonated', pendingConcussion: 15 })
    expect(s.boat.parts.map((p) => p.kind)).toEqual(['hatch', 'steeringLink', 'ballastTank', 'propeller'])
    const t = at('near', 'csa-obstruction')
    enemyResponse(ctx({ 'r attack die 1': 9, 'r obstruction': 4 }), t, 4, AUTO_RESPONSE, 'r')
    expect(t.tactical!.result).toBeUndefined()
  })
})

describe('Infernal Machine crew markers (p.22)', () => {
  it('p.22 no crewman takes a second Fatigue; when all are fatigued the marker becomes Panic', () => {
    const boat = sortie().boat
    for (const m of boat.crew) m.fatigue = true
    const placed = placeFatigue(pack, boat, 1)
    expect(placed.notes).toEqual([
      'every crewman is fatigued: the Fatigue becomes Panic',
      'Panic on Moser, Iron Nerves: Terror instead',
    ])
  })

  it('p.22 Iron Nerves: the first Panic is Terror, the second Terror is Panic', () => {
    let boat = sortie().boat
    boat = placePanic(pack, boat, 2).boat
    expect(boat.crew.map((m) => [m.id, m.terror, m.panic])).toEqual([
      ['moser', true, false],
      ['baird', false, false],
      ['doyle', false, false],
      ['merriam', true, false],
    ])
    boat = placePanic(pack, boat, 1).boat
    expect(boat.crew.filter((m) => m.panic).map((m) => [m.id, m.terror])).toEqual([['moser', false]])
  })

  it('p.22 a panicked crewman drops his order; once all are panicked the boat is Lost', () => {
    const boat = sortie().boat
    boat.crew[1]!.order = { kind: 'steer' }
    const placed = placePanic(pack, boat, 6)
    expect(placed.boat.crew.every((m) => m.panic && !m.order)).toBe(true)
    expect(placed.allPanicked).toBe(true)
  })
})

describe('Infernal Machine malfunctions (p.34)', () => {
  it('p.34 example: 8 and 7 make 15, the Propeller; 1 marker shifts the grade and panics a crewman', () => {
    const s = sortie()
    randomMalfunction(ctx({ 'm malfunction die 1': 8, 'm malfunction die 2': 7 }), s, 'card', 'm')
    expect(s.boat.parts.find((p) => p.kind === 'propeller')!.malfunctions).toBe(1)
    expect(s.boat.crew[0]!.terror).toBe(true)
  })

  it("p.34 a Shroud takes the Propeller's malfunction", () => {
    const s = sortie()
    s.boat.parts.push({ component: 'shroud', kind: 'shroud', space: 3, malfunctions: 0 })
    malfunction(ctx(), s, 'propeller', 'card')
    expect(s.boat.parts.find((p) => p.kind === 'shroud')!.malfunctions).toBe(1)
    expect(s.boat.parts.find((p) => p.kind === 'propeller')!.malfunctions).toBe(0)
  })

  it('p.34 from a Discovery card a missing mechanism cancels the malfunction; from damage it is a Leak (p.7, p.11)', () => {
    const s = sortie()
    malfunction(ctx(), s, 'snorkel', 'card')
    expect(s.boat.leaks).toBe(0)
    malfunction(ctx(), s, 'snorkel', 'damage')
    expect(s.boat.leaks).toBe(1)
  })

  it('p.34 markers accumulate without limit; the effect line is the 3-marker one from the third on', () => {
    const s = sortie()
    for (let i = 0; i < 4; i++) malfunction(ctx(), s, 'steeringLink', 'card')
    expect(s.boat.parts.find((p) => p.kind === 'steeringLink')!.malfunctions).toBe(4)
  })

  it('p.34 a level tank cannot malfunction', () => {
    const s = sortie()
    s.boat.parts.push({ component: 'level-tank', kind: 'levelTank', space: 2, malfunctions: 0 })
    malfunction(ctx(), s, 'levelTank', 'card')
    expect(s.boat.parts.find((p) => p.kind === 'levelTank')!.malfunctions).toBe(0)
  })

  it('p.7 scenarios 1-3 only count the markers', () => {
    const s = sortie({ counters: true })
    malfunction(ctx(), s, 'propeller', 'damage')
    expect(s.boat.loose.malfunctions).toBe(1)
  })
})
