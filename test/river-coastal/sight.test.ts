import { describe, expect, it } from 'vitest'
import { hullPolygon } from '../../src/games/river-coastal/hull.ts'
import {
  bearingFrom,
  bowOrSternOn,
  canSee,
  inArc,
  quadrantOf,
  rangeInArc,
  type Sighted,
  turretCanFace,
} from '../../src/games/river-coastal/sight.ts'
import { rect } from './helpers.ts'

const hull = { length: 4000, beam: 800 }
const at = (id: string, x: number, y: number, headingDeg: number, spv = 100): Sighted => ({
  id,
  pose: { pos: { x: x * 1000, y: y * 1000 }, heading: headingDeg * 100 },
  hull,
  spv,
})
const clear = { maxRange: 50000 }

describe('§9 L537 line of sight', () => {
  it('§9 L537 an island between observer and target hides it', () => {
    const island = rect(20, 28, 28, 32)
    expect(canSee(at('O', 24, 10, 0), at('T', 24, 50, 0), [], [island], clear)).toBe(false)
    expect(canSee(at('O', 10, 10, 0), at('T', 10, 50, 0), [], [island], clear)).toBe(true)
  })
  it('§9 L537 ruling RC-21 a ship at least as large as the target screens it; a smaller one does not', () => {
    const screen = at('S', 24, 30, 90, 100)
    expect(canSee(at('O', 24, 10, 0), at('T', 24, 50, 90, 100), [screen], [], clear)).toBe(false)
    expect(canSee(at('O', 24, 10, 0), at('T', 24, 50, 90, 101), [screen], [], clear)).toBe(true)
  })
  it('§9 L537 sight reaches 50" and no further; fog shortens it', () => {
    // the target lies along the line of sight, so its stern is its nearest point: 50" and 50.5"
    expect(canSee(at('O', 24, 0, 0), at('T', 24, 52, 0), [], [], clear)).toBe(true)
    expect(canSee(at('O', 24, 0, 0), at('T', 24, 52.5, 0), [], [], clear)).toBe(false)
    expect(canSee(at('O', 24, 0, 0), at('T', 24, 12, 0), [], [], { maxRange: 8000 })).toBe(false)
  })
  it('digest §3.8 a target is seen if any of stem, reference point or stern is in sight', () => {
    // the island hides the reference point and stern, but the stem pokes out
    const island = rect(21, 28, 24.5, 32)
    expect(canSee(at('O', 24, 10, 0), at('T', 24, 40, 90), [], [island], clear)).toBe(true)
    expect(canSee(at('O', 24, 10, 0), at('T', 22, 40, 90), [], [island], clear)).toBe(false)
  })
})

describe('§9 L641-649 arcs of fire', () => {
  const firer = { pos: { x: 20000, y: 20000 }, heading: 0 }
  const starboardGun = { kind: 'sector' as const, centre: 9000, half: 1000 }
  it('§9 L649 a broadside gun fires 10 degrees either side of its centre line', () => {
    expect(inArc(starboardGun, 10000)).toBe(true)
    expect(inArc(starboardGun, 10001)).toBe(false)
    expect(inArc(starboardGun, 8000)).toBe(true)
  })
  it('§9 L647 ruling RC-31 a pivot gun in the open covers 150 degrees about its mounting line', () => {
    const pivot = { kind: 'sector' as const, centre: 0, half: 7500 }
    expect(inArc(pivot, -7500)).toBe(true)
    expect(inArc(pivot, 7600)).toBe(false)
  })
  it('§9 L643 a turret fires into the one quadrant it faces', () => {
    expect([0, 4600, 18000, -9000].map(quadrantOf)).toEqual(['F', 'S', 'A', 'P'])
    expect(inArc({ kind: 'quadrant', facing: 'S' }, bearingFrom(firer, { x: 30000, y: 21000 }))).toBe(true)
  })
  it('§9 L643-645 ruling RC-29 a turret turns a quadrant per inch moved and never into a forbidden one', () => {
    expect(turretCanFace('F', 'A', 2000, [], 1)).toBe(true)
    expect(turretCanFace('F', 'A', 1999, [], 1)).toBe(false)
    expect(turretCanFace('F', 'F', 0, [], 1)).toBe(true)
    expect(turretCanFace('S', 'A', 3000, ['A'], 1)).toBe(false)
  })
  it('digest §3.7 range is to the nearest target point inside the arc', () => {
    // target lies across the bow line 10" off to starboard: its stem is nearest
    const target = { pos: { x: 30000, y: 20000 }, heading: 27000 }
    expect(rangeInArc(firer, starboardGun, target, hull)).toBe(8000)
    expect(rangeInArc(firer, { kind: 'sector', centre: -9000, half: 1000 }, target, hull)).toBeNull()
  })
})

describe('§9 L625 bow and stern targets', () => {
  it('§9 L625 ruling RC-28 a shot from within 30 degrees of the bow or stern line is at a bow/stern target', () => {
    const target = { pos: { x: 20000, y: 20000 }, heading: 0 }
    expect(bowOrSternOn(target, { x: 20000, y: 40000 }, 3000)).toBe(true)
    expect(bowOrSternOn(target, { x: 25000, y: 5000 }, 3000)).toBe(true)
    expect(bowOrSternOn(target, { x: 30000, y: 25000 }, 3000)).toBe(false)
  })
  it('digest §3.2 the hull is a pentagon with its stem on the heading', () => {
    expect(hullPolygon({ pos: { x: 0, y: 0 }, heading: 0 }, hull)).toEqual([
      { x: 0, y: 2000 },
      { x: 400, y: 1400 },
      { x: 400, y: -2000 },
      { x: -400, y: -2000 },
      { x: -400, y: 1400 },
    ])
  })
})
