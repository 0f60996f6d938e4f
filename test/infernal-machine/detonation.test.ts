import { describe, expect, it } from 'vitest'
import { AUTO_CONCUSSION, concussionCheck } from '../../src/games/infernal-machine/detonation.ts'
import type { Sortie } from '../../src/games/infernal-machine/sortie.ts'
import { canDetonate, detonate, detonationCubes, legalMoves, move } from '../../src/games/infernal-machine/tactical.ts'
import { ctx, sortie } from './helpers.ts'

const at = (zone: 'far' | 'near' | 'contact' | 'otherSide', target = 'usa-gunboat', over: Partial<Sortie> = {}) => {
  const s = sortie(over)
  s.tactical = { target, vector: '6-10', zone, rotated: false, turn: 1 }
  return s
}
const swapConveyance = (s: Sortie, component: string, kind: 'shortSpar' | 'towCord' | 'diver') => {
  s.boat.parts = s.boat.parts.map((p) => (p.kind === 'longSpar' ? { ...p, component, kind } : p))
}

describe('Infernal Machine Detonation Phase (p.6)', () => {
  it('p.6 conveyance zones: long spar Near or Contact, short spar Contact, tow cord the Other Side', () => {
    const zones = ['far', 'near', 'contact', 'otherSide'] as const
    expect(zones.map((z) => canDetonate(ctx(), at(z)))).toEqual([false, true, true, false])
    expect(
      zones.map((z) => {
        const s = at(z)
        swapConveyance(s, 'short-spar', 'shortSpar')
        return canDetonate(ctx(), s)
      }),
    ).toEqual([false, false, true, false])
    expect(
      zones.map((z) => {
        const s = at(z)
        swapConveyance(s, 'tow-cord', 'towCord')
        return canDetonate(ctx(), s)
      }),
    ).toEqual([false, false, false, true])
  })

  it('p.6-7 example: Below, Near, 6-10, Medium charge on a Long Spar: 4 cubes, 2 Red read 7; concussion saved by cubes', () => {
    const s = at('near', 'usa-sloop', { pool: { black: 4, red: 4 } })
    expect(detonationCubes(ctx(), s)).toBe(4)
    const c = ctx({
      'detonation cube 1': 1,
      'detonation cube 2': 7,
      'detonation cube 3': 1,
      'detonation cube 4': 5,
      'detonation small or miss': 7,
      concussion: 7,
      'concussion cube 1': 1,
      'concussion cube 2': 3,
      'concussion cube 2 malfunction die 1': 8,
      'concussion cube 2 malfunction die 2': 7,
      'concussion cube 3': 1,
    })
    detonate(c, s, { concussionCrank: () => 'full', drawAnother: AUTO_CONCUSSION.drawAnother })
    expect(c.notes.map((n) => `${n.rule} ${n.text}`)).toEqual([
      'p.6 Detonation: 4 cubes drawn, black, red, black, red: 2 Red',
      'p.6 Detonation Table (2 Red, medium charge): 7, rolled 7: Small Hole',
      'p.7 Concussion crank full: Fatigue on Moser',
      'p.7 Concussion Check against 10: rolled 7 = 7',
      'p.7 cube 1: black, +2 (near, full): 9',
      'p.7 cube 2: red, +0 (near, full): 9',
      'p.34 random malfunction: 8+7 = 15, propeller',
      'p.34 Malfunction on the propeller (1 marker(s)): power grade 1 right, 1 Panic',
      'p.22 Panic on Moser, Iron Nerves: Terror instead',
      'p.7 cube 3: black, +2 (near, full): 11',
      'p.7 11 against 10: the fishboat survives the blast',
    ])
    expect(s.tactical).toMatchObject({ ended: 'detonated', result: 'S' })
    expect(s.lost).toBeUndefined()
    expect(s.pool).toEqual({ black: 0, red: 1 })
    expect(s.boat.parts.some((p) => p.kind === 'charge')).toBe(false)
  })

  it('p.6 a strong target reads one column right: 1 Red against an ironclad reads the 2 Red column', () => {
    const s = at('contact', 'usa-ironclad', { pool: { black: 2, red: 1 } })
    s.tactical!.vector = '11-12'
    s.boat.elevation = 1
    const c = ctx({ 'detonation cube 1': 3, 'detonation cube 2': 1, 'detonation big or small': 3, concussion: 9 })
    detonate(c, s)
    expect(c.notes[1]!.text).toBe(
      'Detonation Table (1 Red, strong target one column right, medium charge): Big or Small, 3: Small Hole',
    )
    expect(s.tactical!.result).toBe('S')
  })

  it('p.6 too few cubes in the Fate Pool: Lost, and the target result is a Miss', () => {
    const s = at('near', 'usa-sloop', { pool: { black: 2, red: 1 } })
    detonate(ctx(), s)
    expect(s.lost).toBe('4 detonation cubes needed, 3 in the Fate Pool')
    expect(s.tactical!.result).toBe('miss')
  })

  it('p.7 a failed Concussion Check Loses the boat with no Escape', () => {
    const s = at('contact', 'usa-sloop', { pool: { black: 0, red: 0 } })
    s.tactical!.turn = 1
    const ok = concussionCheck(ctx({ concussion: 9 }), s, 10, AUTO_CONCUSSION)
    expect(ok).toBe(false)
    expect([s.lost, s.noEscape]).toEqual(['concussion (9 against 10); no Escape', true])
  })

  it('p.7 a Red cube on a mechanism the boat lacks becomes a Leak', () => {
    const s = at('far', 'usa-sloop', { pool: { black: 0, red: 1 } })
    const c = ctx({
      concussion: 5,
      'concussion cube 1': 1,
      'concussion cube 1 malfunction die 1': 1,
      'concussion cube 1 malfunction die 2': 2,
    })
    concussionCheck(c, s, 7, AUTO_CONCUSSION)
    expect(s.boat.leaks).toBe(1)
    expect(c.notes.map((n) => n.text).slice(2, 4)).toEqual([
      'random malfunction: 1+2 = 3, airlock',
      'no airlock aboard: a Leak instead',
    ])
  })

  it('p.7 Sturdy Prow adds 1 to the concussion roll', () => {
    const s = at('far', 'usa-sloop', { pool: { black: 0, red: 0 } })
    s.boat.tiles[0] = 'sturdy-prow'
    expect(concussionCheck(ctx({ concussion: 9 }), s, 10, AUTO_CONCUSSION)).toBe(true)
  })
})

describe('Infernal Machine Diver (p.8-9)', () => {
  const diverBoat = () => {
    const s = at('far', 'usa-gunboat', { pool: { black: 3, red: 0 } })
    swapConveyance(s, 'diver', 'diver')
    s.boat.parts.push({ component: 'airlock', kind: 'airlock', space: 2, malfunctions: 0 })
    s.tactical!.diver = { at: 'airlock', charge: 'carried' }
    return s
  }

  it('p.8-9 example: out, to Near, to Contact, attach, back to Far, in; then detonate with three cubes', () => {
    const s = diverBoat()
    const c = ctx()
    expect(canDetonate(c, s)).toBe(false)
    for (const m of [
      'diverOut',
      'diverAdvance',
      'diverAdvance',
      'diverAttach',
      'diverBack',
      'diverBack',
      'diverIn',
    ] as const)
      move(c, s, m)
    expect(s.tactical!.diver).toEqual({ at: 'airlock', charge: 'onTarget' })
    expect(canDetonate(c, s)).toBe(true)
    expect(detonationCubes(c, s)).toBe(3)
  })

  it('p.8 the diver leaves only from the Far zone, with the boat at the level the target needs (gunboat: below shallow)', () => {
    const s = diverBoat()
    expect(legalMoves(ctx(), s)).toContain('diverOut')
    s.boat.elevation = 1
    expect(legalMoves(ctx(), s)).not.toContain('diverOut')
    const dn = diverBoat()
    dn.tactical!.dn = true
    expect(legalMoves(ctx(), dn)).not.toContain('diverOut')
  })

  it('p.8 moving the boat while the diver is out abandons Diver and Charge', () => {
    const s = diverBoat()
    move(ctx(), s, 'diverOut')
    move(ctx(), s, 'advance')
    expect(s.tactical!.diver).toBeUndefined()
    expect(s.boat.parts.some((p) => p.kind === 'diver' || p.kind === 'charge')).toBe(false)
  })
})
