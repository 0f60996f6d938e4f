// A ship the judge steers for a point beyond a hull lying still in a channel: the helm finds the
// side with water and passes, rather than stopping behind it move after move (ruling RC-107).
import { describe, expect, it } from 'vitest'
import {
  type Course,
  type Goal,
  type Helm,
  type OtherHull,
  steer,
  type Waters,
} from '../../src/games/river-coastal/autopilot.ts'
import { hullPolygon, type Pose } from '../../src/games/river-coastal/hull.ts'
import { buildPlan, startCursor, stepAlong } from '../../src/games/river-coastal/plan.ts'
import { gapBetween, shapesTouch } from '../../src/games/river-coastal/shapes.ts'
import { maxTurnDegrees } from '../../src/games/river-coastal/turning.ts'
import { openWaters, steeredHelm } from './helpers.ts'

/** A 4" channel between two shores (x 22-26"), as between the Fort Morgan minefield and the shore. */
const channel: Waters = openWaters({
  shoreBuffer: 500,
  seaRoom: 100,
  land: [
    [
      { x: 0, y: 0 },
      { x: 22000, y: 0 },
      { x: 22000, y: 72000 },
      { x: 0, y: 72000 },
    ],
    [
      { x: 26000, y: 0 },
      { x: 48000, y: 0 },
      { x: 48000, y: 72000 },
      { x: 26000, y: 72000 },
    ],
  ],
})
const goal: Goal = { point: { x: 24000, y: 60000 }, speed: 6 }

/** She sails `moves` moves on the helm's courses; where she is after each, and every course taken. */
function sail(helm: Helm, w: Waters, others: OtherHull[], moves: number): { poses: Pose[]; courses: Course[] } {
  let h = helm
  const poses: Pose[] = []
  const courses: Course[] = []
  for (let m = 0; m < moves; m++) {
    const c = steer(h, { ...goal, speed: Math.min(goal.speed, h.maxSpeed) }, w, others)
    const plan = buildPlan(c.speed, h.radius, c.turns)
    const end = stepAlong(plan, startCursor(h.pose.heading), h.pose, plan.distance).pose
    h = { ...h, pose: end, speed: c.speed }
    poses.push(end)
    courses.push(c)
  }
  return { poses, courses }
}

const standing = (x: number, y: number, id = 'X'): OtherHull => ({
  id,
  pose: { pos: { x, y }, heading: 0 },
  hull: { length: 4000, beam: 800 },
  speed: 0,
})

describe('ruling RC-107 the judge’s helm finds a way round a hull lying still in her way', () => {
  const helm = steeredHelm({ speed: 4, astern: 3 })

  it.each([
    ['the east side', 23600],
    ['either side, a hull in mid-channel', 24000],
    ['the west side', 24400],
  ])(
    '§7 L441 §11 L985 an enemy anchored in a 4" channel with water on %s: she passes it within 8 moves, clear of it and the shores',
    (_, x) => {
      const blocker = standing(x, 24000)
      const { poses, courses } = sail(helm, channel, [blocker], 8)
      const top = blocker.pose.pos.y + 2000
      expect(poses.some((p) => p.pos.y - 2000 > top)).toBe(true)
      for (const [i, p] of poses.entries()) {
        expect(courses[i]!.safe).toBe(true)
        const hull = hullPolygon(p, helm.hull)
        expect(shapesTouch(hull, hullPolygon(blocker.pose, blocker.hull))).toBe(false)
        for (const l of channel.land) expect(gapBetween(hull, l)).toBeGreaterThan(channel.shoreBuffer)
      }
    },
  )

  it('§7 L441 every course keeps the written-order limits: two knots of change, no more than her radius allows', () => {
    const { courses } = sail(helm, channel, [standing(23300, 24000)], 8)
    let v = helm.speed
    for (const c of courses) {
      expect(Math.abs(c.speed - v)).toBeLessThanOrEqual(helm.maxChange)
      for (const t of c.turns)
        expect(t.degrees).toBeLessThanOrEqual(maxTurnDegrees(Math.abs(c.speed) * 1000, helm.radius))
      v = c.speed
    }
  })

  it('ruling RC-107 a hull across the whole channel is not passed: she stops short of it', () => {
    const wide: OtherHull = {
      ...standing(24000, 24000),
      hull: { length: 3800, beam: 800 },
      pose: { pos: { x: 24000, y: 24000 }, heading: 9000 },
    }
    const { poses } = sail(helm, channel, [wide], 8)
    for (const p of poses) expect(shapesTouch(hullPolygon(p, helm.hull), hullPolygon(wide.pose, wide.hull))).toBe(false)
    expect(poses.every((p) => p.pos.y < 24000)).toBe(true)
  })

  it('ruling RC-107 the enemy she makes for is closed on, not gone round; one seen under way is not gone round either', () => {
    const far = standing(24000, 30000)
    const h = steeredHelm({ speed: 4 })
    expect(steer(h, { point: far.pose.pos, speed: 6 }, channel, [far]).turns).toEqual([])
    expect(steer(h, goal, channel, [far]).turns).not.toEqual([])
    expect(steer(h, goal, channel, [{ ...far, still: false }]).turns).toEqual([])
  })

  it('ruling RC-62 a hull under way is not gone round: she keeps her course for the point', () => {
    const moving = { ...standing(23300, 40000), speed: 4 }
    const h = steeredHelm({ speed: 4, pose: { pos: { x: 24000, y: 30000 }, heading: 0 } })
    expect(steer(h, goal, channel, [moving]).turns).toEqual([])
  })
})

describe('ruling RC-107 a known wreck in the channel is gone round as a hull lying still is', () => {
  it('§11 L981 a wreck in the channel, the water on the east side two tenths of an inch wider than she needs with her sea room: she passes it within 8 moves, clear of it', () => {
    const wreck = [
      { x: 23600, y: 22000 },
      { x: 24200, y: 22000 },
      { x: 24200, y: 26000 },
      { x: 23600, y: 26000 },
    ]
    const w: Waters = { ...channel, hazards: [{ kind: 'wreck', polygon: wreck }] }
    const { poses, courses } = sail(steeredHelm({ speed: 4 }), w, [], 8)
    expect(poses.some((p) => p.pos.y - 2000 > 26000)).toBe(true)
    for (const [i, p] of poses.entries()) {
      expect(courses[i]!.safe).toBe(true)
      expect(shapesTouch(hullPolygon(p, { length: 4000, beam: 800 }), wreck)).toBe(false)
    }
  })
})
