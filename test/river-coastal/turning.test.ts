import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normalise } from '../../src/games/kit/geometry.ts'
import { buildPlan, type Steering, startCursor, stepAlong } from '../../src/games/river-coastal/plan.ts'
import { arcLengthFor, maxTurnDegrees, turnOver } from '../../src/games/river-coastal/turning.ts'
import { seeds } from '../helpers/properties.ts'
import { seeded } from './helpers.ts'

describe('§7 turning on the class radius (substitute for the §13 templates)', () => {
  it('§7 L471 a 5" radius ship at speed 4 turns at most 45 degrees; a 7" one 32; a 9" one 25', () => {
    expect(maxTurnDegrees(4000, 5000)).toBe(45)
    expect(maxTurnDegrees(4000, 7000)).toBe(32)
    expect(maxTurnDegrees(4000, 9000)).toBe(25)
  })
  it('§7 L481 a steam launch (2") turns 90 degrees in 3.14"', () => {
    expect(arcLengthFor(9000, 2000)).toBe(3142)
    expect(turnOver(3142, 2000)).toBeGreaterThanOrEqual(9000)
    expect(turnOver(3141, 2000)).toBeLessThan(9000)
  })
  it('§7 a stopped ship cannot turn (ruling RC-17: no pivoting at 0 knots)', () => {
    const plan = buildPlan(0, 5000, [{ dir: 1, degrees: 30, at: 0 }])
    expect(plan.legs).toEqual([])
    expect(stepAlong(plan, startCursor(0), { pos: { x: 0, y: 0 }, heading: 0 }, 1000).pose.heading).toBe(0)
  })
  it('§7 a 30 degree turn to port at 2" then straight: ends on heading 330', () => {
    const plan = buildPlan(6, 5000, [{ dir: -1, degrees: 30, at: 2000 }])
    expect(plan.legs.map((l) => l.kind)).toEqual(['straight', 'arc', 'straight'])
    expect(plan.legs.reduce((s, l) => s + l.length, 0)).toBe(6000)
    let pose = { pos: { x: 10000, y: 10000 }, heading: 0 }
    let cursor = startCursor(0)
    for (let i = 0; i < 24; i++) ({ pose, cursor } = stepAlong(plan, cursor, pose, 250))
    expect(pose.heading).toBe(33000)
  })

  it('§7 property: over any plotted or forced move the heading never changes by more than the radius allows', () => {
    const turn = fc.record({
      dir: fc.constantFrom<1 | -1>(1, -1),
      degrees: fc.integer({ min: 1, max: 180 }),
      at: fc.integer({ min: 0, max: 12 }).map((n) => n * 500),
    })
    const move = {
      speed: fc.integer({ min: -4, max: 12 }),
      radius: fc.constantFrom(2000, 5000, 7000, 9000),
      turns: fc.array(turn, { maxLength: 3 }),
      steering: fc.constantFrom<Steering>('free', 'hardPort', 'hardStarboard', 'straight'),
      heading: fc.integer({ min: 0, max: 35999 }),
      steps: seeds, // the seed of the step lengths
    }
    fc.assert(
      fc.property(fc.record(move), ({ speed, radius, turns, steering, heading, steps }) => {
        const rnd = seeded(steps)
        const plan = buildPlan(speed, radius, turns, steering)
        let pose = { pos: { x: 20000, y: 20000 }, heading }
        let cursor = startCursor(pose.heading)
        let swept = 0
        let travelled = 0
        while (travelled < plan.distance) {
          const ds = Math.min(rnd.int(1, 400), plan.distance - travelled)
          const before = pose.heading
          ;({ pose, cursor } = stepAlong(plan, cursor, pose, ds))
          const d = normalise(pose.heading - before)
          const turned = Math.min(d, 36000 - d)
          // never tighter than the radius, step by step (one hundredth of rounding at a step edge)
          expect(turned).toBeLessThanOrEqual(turnOver(ds, radius) + 1)
          swept += turned
          travelled += ds
        }
        expect(swept).toBeLessThanOrEqual(turnOver(plan.distance, radius))
      }),
      { numRuns: 400 },
    )
  })
})
