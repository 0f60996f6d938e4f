// A ship the judge steers that lies stopped with a hull in her way (after a ram, a collision, or
// held against it): the book lets her back off (§11 L989, §7 L445-449), so the helm does, rather
// than keep her stopped for as long as the other hull lies there (ruling RC-106).
import { describe, expect, it } from 'vitest'
import { type Helm, type OtherHull, steer, type Waters } from '../../src/games/river-coastal/autopilot.ts'
import { hullPolygon } from '../../src/games/river-coastal/hull.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import { defaultRiverPack } from '../../src/games/river-coastal/pack.ts'
import { helmOf, pilotOrder } from '../../src/games/river-coastal/pilot.ts'
import { gapBetween } from '../../src/games/river-coastal/shapes.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { openWaters, steeredHelm } from './helpers.ts'
import { calm, ruleset } from './play.ts'

const helm: Helm = steeredHelm({ speed: 0, astern: 3 })
const open: Waters = openWaters()
/** A 4" channel between two shores, as under Fort Morgan. */
const channel: Waters = {
  ...open,
  shoreBuffer: 500,
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
}
const upstream = { point: { x: 24000, y: 40000 }, speed: 6 }
/** A hull lying stopped a tenth of an inch beyond her stem. */
const blocker: OtherHull = { id: 'X', pose: { pos: { x: 24000, y: 14100 }, heading: 0 }, hull: helm.hull, speed: 0 }

describe('§11 L989 ruling RC-106 the judge’s helm backs a stopped ship off a hull in her way', () => {
  it('§11 L989 §7 L449 stopped with a hull dead ahead she goes astern two knots, straight, in the channel or in open water', () => {
    expect(gapBetween(hullPolygon(helm.pose, helm.hull), hullPolygon(blocker.pose, blocker.hull))).toBe(100)
    expect(steer(helm, upstream, channel, [blocker])).toEqual({ speed: -2, turns: [], safe: true })
    expect(steer(helm, upstream, open, [blocker])).toEqual({ speed: -2, turns: [], safe: true })
  })

  it('§7 L449 no faster astern than she may make: a third of her top speed', () => {
    expect(steer({ ...helm, astern: 1 }, upstream, channel, [blocker]).speed).toBe(-1)
  })

  it('§7 L445-447 under way she first comes to a stop: astern only from a stop', () => {
    expect(steer({ ...helm, speed: 2 }, upstream, channel, [blocker])).toEqual({ speed: 0, turns: [], safe: true })
  })

  it('ruling RC-106 a ship that wants no way on, or is held by no hull, stays where she is', () => {
    expect(steer(helm, { ...upstream, speed: 0 }, channel, [blocker]).speed).toBe(0)
    // a shore across the channel ahead, no hull: going astern is not the helm's to choose
    const closed = {
      ...channel,
      land: [
        ...channel.land,
        [
          { x: 22000, y: 15000 },
          { x: 26000, y: 15000 },
          { x: 26000, y: 16000 },
          { x: 22000, y: 16000 },
        ],
      ],
    }
    expect(steer(helm, upstream, closed).speed).toBeGreaterThanOrEqual(0)
  })

  it('ruling RC-106 astern must be clear too: a hull close astern keeps her stopped', () => {
    const astern: OtherHull = { ...blocker, id: 'Y', pose: { pos: { x: 24000, y: 5900 }, heading: 0 } }
    expect(steer(helm, upstream, channel, [blocker, astern])).toEqual({ speed: 0, turns: [], safe: true })
  })

  it('ruling RC-106 with the hull ahead moving off she goes ahead instead', () => {
    expect(steer(helm, upstream, channel, [{ ...blocker, speed: 4 }]).speed).toBe(2)
  })
})

const pack = defaultRiverPack()
const fort = pack.scenarios['passing-the-fort']!
const fresh = (): RiverState => ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())

describe('§11 L989 ruling RC-106 a Union runner stopped against a friend in the Passing the Fort channel', () => {
  it('§11 L989 on her directive she backs off the friend lying stopped ahead instead of waiting on her for good', () => {
    const s = fresh()
    const meta = s.ships.META!
    const chic = s.ships.CHIC!
    // Below the bar, where no current runs (a current would let her stem it at two knots instead).
    meta.pose = { pos: { x: 26000, y: 15000 }, heading: 0 }
    meta.speed = 0
    const mh = helmOf(s, meta, pack).hull
    const ch = helmOf(s, chic, pack).hull
    // Chickasaw lies stopped at anchor a tenth of an inch beyond Metacomet's stem.
    chic.pose = { pos: { x: 26000, y: 15000 + mh.length / 2 + ch.length / 2 + 100 }, heading: 0 }
    chic.speed = 0
    chic.anchored = true
    expect(gapBetween(hullPolygon(meta.pose, mh), hullPolygon(chic.pose, ch))).toBeLessThan(500)
    const d = { kind: 'STEAM-TO' as const, to: { x: 26000, y: 70000 } }
    const before = pilotOrder(s, meta, d, fort, pack).order
    expect(before.speed).toBeLessThan(0)
    expect(before.turns).toEqual([])
  })
})
