// The order in which the judge's helm tries its courses (ruling RC-80 as amended): a turn away that
// gains no ground gives way to the wanted course at a lower speed, one that gains comes before it,
// and a ship going round a hull lying still (RC-107) holds her course for the point abeam of it,
// slowing if she must, rather than turning off it. In Passing the Fort that keeps a ship running the channel between the minefield
// squares and Mobile Point in the channel when an enemy lies anchored in it.
import { describe, expect, it } from 'vitest'
import { distance } from '../../src/games/kit/geometry.ts'
import { steer } from '../../src/games/river-coastal/autopilot.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import { hullPolygon } from '../../src/games/river-coastal/hull.ts'
import { defaultRiverPack } from '../../src/games/river-coastal/pack.ts'
import { buildPlan, startCursor, stepAlong } from '../../src/games/river-coastal/plan.ts'
import { shapesTouch } from '../../src/games/river-coastal/shapes.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { openWaters, rect, steeredHelm } from './helpers.ts'
import { calm, deployed, play, ruleset } from './play.ts'

describe('ruling RC-80 the wanted course slower after a turn at the wanted speed that gains ground, before one that gains nothing', () => {
  const helm = steeredHelm({ speed: 8 })
  /** Where a course ends on still water. */
  const endOf = (speed: number, turns: { dir: -1 | 1; degrees: number; at: number }[]) => {
    const plan = buildPlan(speed, helm.radius, turns)
    return stepAlong(plan, startCursor(helm.pose.heading), helm.pose, plan.distance).pose.pos
  }

  it('§7 L441 a patrol point 4" ahead at 8 knots with the shore 16" ahead: she slows to 7 on her course, not the 32-degree half turn away at 8 she took before', () => {
    const w = openWaters({ land: [rect(0, 26, 48, 72)] })
    const goal = { point: { x: 24000, y: 14000 }, speed: 8 }
    const c = steer(helm, goal, w)
    expect(c).toEqual({ speed: 7, turns: [], safe: true })
    // The turn the helm took before this ruling's order: a half turn at 8 knots ends no nearer the point.
    const now = distance(helm.pose.pos, goal.point)
    expect(distance(endOf(8, [{ dir: 1, degrees: 32, at: 0 }]), goal.point)).toBeGreaterThanOrEqual(now)
    expect(distance(endOf(7, []), goal.point)).toBeLessThan(now)
  })

  it('§7 L441 L471 a turn at the wanted speed that gains ground comes before the wanted course slower: an islet 13" ahead, the point 40" on', () => {
    // The islet leaves the wanted course (8 degrees toward the point) no room to stop at 8 knots,
    // but room at 7; a half turn to starboard at 8 clears it and gains more ground.
    const w = openWaters({ land: [rect(22, 23, 26, 25)] })
    const point = { x: 30000, y: 50000 }
    const now = distance(helm.pose.pos, point)
    const slower = steer(helm, { point, speed: 7 }, w)
    expect(slower).toEqual({ speed: 7, turns: [{ dir: 1, degrees: 8, at: 0 }], safe: true })
    const slowerEnd = distance(endOf(7, slower.turns), point)
    expect(slowerEnd).toBeLessThan(now)
    const c = steer(helm, { point, speed: 8 }, w)
    expect(c).toEqual({ speed: 8, turns: [{ dir: 1, degrees: 32, at: 0 }], safe: true })
    expect(distance(endOf(c.speed, c.turns), point)).toBeLessThan(slowerEnd)
  })
})

const pack = defaultRiverPack()

/** Passing the Fort with one Union ship in the channel under way at 8 knots and Selma anchored ahead of her, bow to the current. */
function channel(id: string, y: number, selmaY: number): RiverState {
  const s = deployed(ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm()))
  // Everyone else out of the way, stopped in the far corners.
  const park: Record<string, [number, number]> = {
    TECU: [2, 2],
    CHIC: [2, 6],
    GALE: [2, 10],
    META: [2, 14],
    GAIN: [10, 70],
    TENN: [5, 66],
  }
  for (const [other, [x, py]] of Object.entries(park))
    if (other !== id)
      Object.assign(s.ships[other]!, { pose: { pos: { x: x * 1000, y: py * 1000 }, heading: 0 }, speed: 0 })
  Object.assign(s.ships[id]!, { pose: { pos: { x: 34000, y: y * 1000 }, heading: 0 }, speed: 8 })
  Object.assign(s.ships.SELM!, { pose: { pos: { x: 34000, y: selmaY * 1000 }, heading: 0 }, speed: 0, anchored: true })
  s.seen.USA = [...new Set([...s.seen.USA, 'SELM'])]
  return s
}

describe('rulings RC-80 RC-107 Passing the Fort: a ship running the channel past Mobile Point with an enemy anchored in it', () => {
  it.each([
    [20, 34],
    [18, 33],
    [22, 35],
  ])(
    '§7 L441 §11 L979 Tecumseh from y %i on a patrol up the channel, Selma anchored at y %i: she slows and passes her east, never west across the squares\u2019 line',
    (y, selmaY) => {
      let s = channel('TECU', y, selmaY)
      const fort = pack.scenarios['passing-the-fort']!
      const squares = Math.max(...fort.minefields.flatMap((m) => m.polygon.map((p) => p.x)))
      const size = (ship: string) => {
        const c = pack.classes[s.ships[ship]!.classKey]!
        return { length: c.length, beam: c.beam }
      }
      const selma = hullPolygon(s.ships.SELM!.pose, size('SELM'))
      const speeds: number[] = [8]
      let passed = false
      for (let m = 0; m < 5; m++) {
        s = play(s, { USA: m === 0 ? 'DIRECTIVE TECU PATROL 34,72 34,72' : '', CSA: 'SELM: SPEED 0' }).state
        const t = s.ships.TECU!
        speeds.push(t.speed)
        expect(t.status).toBe('afloat')
        expect(t.pose.pos.x).toBeGreaterThan(squares)
        expect(shapesTouch(hullPolygon(t.pose, size('TECU')), selma)).toBe(false)
        passed ||= t.pose.pos.y > selmaY * 1000 + size('SELM').length
      }
      expect(passed).toBe(true)
      // She slowed on the way in: the wanted course slower, not a turn away at 8 knots.
      expect(Math.min(...speeds)).toBeLessThan(8)
      for (let i = 1; i < speeds.length; i++)
        expect(Math.abs(speeds[i]! - speeds[i - 1]!)).toBeLessThanOrEqual(pack.tables.movement.maxSpeedChange)
    },
  )
})
