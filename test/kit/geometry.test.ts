// The kit's fixed-point geometry: exact integers, table trigonometry, the same on every machine.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  advance,
  angleDiff,
  arcOf,
  boxesMeet,
  cosOf,
  distance,
  distanceToSegment,
  divRound,
  headingTo,
  hull,
  isqrt,
  lineOfSight,
  normalise,
  type Point,
  pointInPolygon,
  polygonsOverlap,
  segmentHitsPolygon,
  segmentsIntersect,
  sinOf,
  subSteps,
  turn,
} from '../../src/games/kit/geometry.ts'

const P = (x: number, y: number): Point => ({ x, y })

describe('numbers', () => {
  it('rounds half away from zero, and square roots exactly', () => {
    expect([divRound(5, 2), divRound(-5, 2), divRound(7, 3), divRound(-7, 3)]).toEqual([3, -3, 2, -2])
    expect([isqrt(0), isqrt(1), isqrt(24), isqrt(25), isqrt(10 ** 12 - 1)]).toEqual([0, 1, 4, 5, 999_999])
  })

  it('table trigonometry at the quadrants and between degrees', () => {
    expect([sinOf(0), sinOf(9000), sinOf(18000), sinOf(27000)]).toEqual([0, 65536, 0, -65536])
    expect(cosOf(0)).toBe(65536)
    expect(sinOf(3000)).toBe(32768) // 30 degrees
    expect(Math.abs(sinOf(4550) - Math.round(Math.sin((45.5 * Math.PI) / 180) * 65536))).toBeLessThanOrEqual(2)
    expect(sinOf(-9000)).toBe(-65536)
  })
})

describe('headings', () => {
  it('wrap and differ the short way round', () => {
    expect([normalise(-100), normalise(36000), turn(35000, 2000), turn(500, -1000)]).toEqual([35900, 0, 1000, 35500])
    expect([angleDiff(35000, 1000), angleDiff(1000, 35000), angleDiff(0, 18000)]).toEqual([2000, -2000, 18000])
    expect(turn(turn(12345, 36000), 0)).toBe(12345)
  })

  it('point north, east, south, west and between', () => {
    const o = P(0, 0)
    expect([headingTo(o, P(0, 10)), headingTo(o, P(10, 0)), headingTo(o, P(0, -10)), headingTo(o, P(-10, 0))]).toEqual([
      0, 9000, 18000, 27000,
    ])
    expect(headingTo(o, P(1000, 1000))).toBe(4500)
    expect(headingTo(o, P(-1000, 1000))).toBe(31500)
    expect(Math.abs(headingTo(o, P(3000, 4000)) - 3687)).toBeLessThanOrEqual(1) // atan(3/4) = 36.87 degrees
  })

  it('sort a target into the bow, stern and beam arcs', () => {
    const ship = P(0, 0)
    expect(arcOf(ship, 0, P(100, 1000), 3000, 3000)).toBe('bow')
    expect(arcOf(ship, 0, P(1000, 0), 3000, 3000)).toBe('starboard')
    expect(arcOf(ship, 0, P(-1000, 0), 3000, 3000)).toBe('port')
    expect(arcOf(ship, 9000, P(-1000, 50), 3000, 3000)).toBe('stern')
  })
})

describe('distances and moves', () => {
  it('3-4-5, symmetric, rounded to the nearest unit', () => {
    expect(distance(P(0, 0), P(3000, 4000))).toBe(5000)
    expect(distance(P(3000, 4000), P(0, 0))).toBe(5000)
    expect(distance(P(0, 0), P(1, 1))).toBe(1)
    expect(distance(P(0, 0), P(2, 3))).toBe(4) // sqrt 13 = 3.61
  })

  it('move along a heading: 45 degrees, and back again within a unit', () => {
    const p = advance(P(0, 0), 4500, 10_000)
    expect(p).toEqual({ x: 7071, y: 7071 })
    const back = advance(p, 22500, 10_000)
    expect(Math.abs(back.x) + Math.abs(back.y)).toBeLessThanOrEqual(2)
  })

  it('split a move into sub-steps that land exactly on its end', () => {
    const steps = subSteps(P(0, 0), P(1000, -333), 7)
    expect(steps.at(-1)).toEqual({ x: 1000, y: -333 })
    expect(steps).toHaveLength(7)
    expect(() => subSteps(P(0, 0), P(1, 1), 0)).toThrow()
  })

  it('1,000 moves and turns land on the same point every time (committed value), close to the exact float path', () => {
    let p = P(0, 0)
    let h = 0
    let fx = 0
    let fy = 0
    for (let i = 0; i < 1000; i++) {
      const d = 250 + (i % 7) * 10
      const rad = ((h / 100) * Math.PI) / 180
      fx += d * Math.sin(rad)
      fy += d * Math.cos(rad)
      p = advance(p, h, d)
      h = turn(h, (i % 5) * 731 - 900)
    }
    expect(p).toEqual({ x: 5393, y: -279 })
    expect(h).toBe(22000)
    // Each step rounds to a thousandth of an inch; over 270 inches the drift stays within a fiftieth.
    expect(Math.abs(p.x - fx)).toBeLessThan(20)
    expect(Math.abs(p.y - fy)).toBeLessThan(20)
  })
})

describe('shapes', () => {
  it('segments: crossing, touching, collinear overlap, parallel', () => {
    expect(segmentsIntersect(P(0, 0), P(10, 10), P(0, 10), P(10, 0))).toBe(true)
    expect(segmentsIntersect(P(0, 0), P(10, 0), P(10, 0), P(20, 5))).toBe(true)
    expect(segmentsIntersect(P(0, 0), P(10, 0), P(5, 0), P(15, 0))).toBe(true)
    expect(segmentsIntersect(P(0, 0), P(10, 0), P(11, 0), P(15, 0))).toBe(false)
    expect(segmentsIntersect(P(0, 0), P(10, 0), P(0, 1), P(10, 1))).toBe(false)
  })

  it('points in a concave polygon, the boundary counting as inside', () => {
    const u = [P(0, 0), P(30, 0), P(30, 30), P(20, 30), P(20, 10), P(10, 10), P(10, 30), P(0, 30)]
    expect(pointInPolygon(P(5, 20), u)).toBe(true)
    expect(pointInPolygon(P(15, 20), u)).toBe(false) // in the notch
    expect(pointInPolygon(P(15, 5), u)).toBe(true)
    expect(pointInPolygon(P(30, 15), u)).toBe(true)
    expect(pointInPolygon(P(31, 15), u)).toBe(false)
  })

  it('line of sight past and through an island', () => {
    const island = [P(40, -10), P(60, -10), P(60, 10), P(40, 10)]
    expect(lineOfSight(P(0, 0), P(100, 0), [island])).toBe(false)
    expect(lineOfSight(P(0, 20), P(100, 20), [island])).toBe(true)
    expect(distanceToSegment(P(50, 30), P(0, 20), P(100, 20))).toBe(10)
    expect(distanceToSegment(P(-30, 60), P(0, 20), P(100, 20))).toBe(50)
  })

  it('hulls overlap when rotated into each other, not when apart', () => {
    const a = hull(P(0, 0), 0, 6000, 1000)
    expect(a).toHaveLength(4)
    const crossing = hull(P(0, 0), 9000, 6000, 1000)
    expect(polygonsOverlap(a, crossing)).toBe(true)
    expect(polygonsOverlap(a, hull(P(2500, 2500), 4500, 6000, 1000))).toBe(true) // its stern corner reaches in
    expect(polygonsOverlap(a, hull(P(3500, 3500), 4500, 6000, 1000))).toBe(false)
    expect(polygonsOverlap(a, hull(P(1200, 0), 0, 6000, 1000))).toBe(false)
    expect(polygonsOverlap(a, hull(P(900, 0), 0, 6000, 1000))).toBe(true)
  })

  it('shapes whose boxes do not meet never touch: the box test lets through every pair the exact tests find touching', () => {
    // The box test is only a shortcut before the exact tests: it must never answer "apart" for two
    // shapes that touch, edges meeting at a point included. Touching is decided here without it.
    const point = fc.record({ x: fc.integer({ min: -50, max: 50 }), y: fc.integer({ min: -50, max: 50 }) })
    const convex = fc
      .tuple(
        point,
        fc.integer({ min: 0, max: 35999 }),
        fc.integer({ min: 2, max: 60 }),
        fc.integer({ min: 2, max: 30 }),
      )
      .map(([c, h, length, beam]) => hull(c, h, length, beam))
    const edges = (poly: Point[]) => poly.map((p, i) => [poly[(i + poly.length - 1) % poly.length]!, p] as const)
    const segmentTouches = (s: Point, t: Point, poly: Point[]) =>
      pointInPolygon(s, poly) || pointInPolygon(t, poly) || edges(poly).some(([p, q]) => segmentsIntersect(s, t, p, q))
    const touches = (a: Point[], b: Point[]) =>
      a.some((p) => pointInPolygon(p, b)) || edges(a).some(([p, q]) => segmentTouches(p, q, b))
    let touching = 0
    fc.assert(
      fc.property(convex, convex, point, point, (a, b, s, t) => {
        if (touches(a, b)) {
          touching++
          expect(boxesMeet(a, b)).toBe(true)
          expect(polygonsOverlap(a, b)).toBe(true)
        }
        if (segmentTouches(s, t, a)) expect(boxesMeet([s, t], a) && segmentHitsPolygon(s, t, a)).toBe(true)
      }),
      { numRuns: 500 },
    )
    expect(touching).toBeGreaterThan(50)
    const square = [P(0, 0), P(10, 0), P(10, 10), P(0, 10)]
    expect(boxesMeet(square, [P(10, 10), P(20, 20)])).toBe(true)
    expect(boxesMeet(square, [P(11, 0), P(20, 20)])).toBe(false)
  })
})
