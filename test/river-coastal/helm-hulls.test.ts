// Other hulls in the judge's look-ahead (digest §4.4, ruling RC-62): a ship on her directive or
// holding on keeps clear of friends and of the enemies her side has seen, except one she is
// ordered to ram; an enemy her side has not seen cannot steer her.
import { describe, expect, it } from 'vitest'
import { type Helm, type OtherHull, steer, type Waters } from '../../src/games/river-coastal/autopilot.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import { defaultRiverPack } from '../../src/games/river-coastal/pack.ts'
import type { ShipOrder } from '../../src/games/river-coastal/orderTypes.ts'
import { holdCourse, hullsAround, pilotOrder } from '../../src/games/river-coastal/pilot.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { openWaters, steeredHelm } from './helpers.ts'
import { calm, ruleset } from './play.ts'

const helm: Helm = steeredHelm()
const open: Waters = openWaters()
const ahead = { point: { x: 24000, y: 40000 }, speed: 6 }
const hull = (y: number, speed: number): OtherHull => ({
  id: 'X',
  pose: { pos: { x: 24000, y }, heading: 0 },
  hull: { length: 4000, beam: 800 },
  speed,
})

describe('ruling RC-62 other hulls in the helm look-ahead', () => {
  it('digest §4.4 a hull lying across her track is steered round; with none she keeps on', () => {
    expect(steer(helm, ahead, open)).toEqual({ speed: 6, turns: [], safe: true })
    const c = steer(helm, ahead, open, [hull(17000, 0)])
    expect(c.safe).toBe(true)
    expect(c.turns).not.toEqual([])
  })

  it('digest §4.4 a hull ahead going her way as fast as she does is no danger: it is carried along', () => {
    expect(steer(helm, ahead, open, [hull(17000, 6)])).toEqual({ speed: 6, turns: [], safe: true })
  })

  it('ruling RC-62 when no course clears a hull too, the land, shoals and mines come first', () => {
    // she cannot turn on a 30" radius, and even 4 knots reach the hull 3" beyond her stem: she is steered as if it were not there
    const stiff = { ...helm, radius: 30000 }
    expect(steer(stiff, ahead, open, [hull(17000, 0)])).toEqual(steer(stiff, ahead, open))
  })

  it('ruling RC-62 a hull she already touches at the start does not turn her away', () => {
    expect(
      steer(helm, ahead, open, [{ ...hull(10000, 6), pose: { pos: { x: 24600, y: 10000 }, heading: 0 } }]),
    ).toEqual({
      speed: 6,
      turns: [],
      safe: true,
    })
  })
})

const pack = defaultRiverPack()
const fort = pack.scenarios['passing-the-fort']!
const fresh = (): RiverState => ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())
/** Metacomet 3" short of Selma's place, heading for her at 6 knots. */
const collisionCourse = (seen: boolean): RiverState => {
  const s = fresh()
  s.ships.META!.pose = { pos: { x: 31000, y: 38500 }, heading: 0 }
  if (!seen) s.seen.USA = s.seen.USA.filter((id) => id !== 'SELM')
  return s
}

describe('ruling RC-62 the enemies in the look-ahead are those her side saw', () => {
  it('digest §1.3 step 0 a silent ship holding on turns clear of an enemy seen ahead (told to her side only)', () => {
    const s = collisionCourse(true)
    const held = holdCourse(s, s.ships.META!, fort, pack)
    expect(held?.order.turns).not.toEqual([])
    expect(held?.note).toContain('keep clear of danger ahead')
  })

  it('ruling RC-62 an enemy her side has not seen does not steer her (the helm knows no more than her side)', () => {
    const s = collisionCourse(false)
    expect(holdCourse(s, s.ships.META!, fort, pack)).toBeNull()
    expect(hullsAround(s, s.ships.META!, pack).map((h) => h.id)).toEqual(['CHIC', 'GAIN', 'GALE', 'TECU', 'TENN'])
  })

  it('§11 L981-983 an enemy she is ordered to ram (RA) is left in her way; RAM with no target leaves every enemy', () => {
    const s = collisionCourse(true)
    const ids = (ram?: { target?: string }) => hullsAround(s, s.ships.META!, pack, {}, ram).map((h) => h.id)
    expect(ids()).toEqual(['CHIC', 'GAIN', 'GALE', 'SELM', 'TECU', 'TENN'])
    expect(ids({ target: 'SELM' })).toEqual(['CHIC', 'GAIN', 'GALE', 'TECU', 'TENN'])
    expect(ids({})).toEqual(['CHIC', 'GALE', 'TECU'])
    const d = { kind: 'STEAM-TO' as const, to: { x: 31000, y: 60000 } }
    const ram = {
      ship: 'META',
      speed: 6,
      turns: [],
      fire: [],
      turrets: {},
      helmFree: true as const,
      ram: { target: 'SELM', ifBowOn: false, fallback: 'TURN-AWAY' as const },
    }
    expect(pilotOrder(s, s.ships.META!, d, fort, pack).order.turns).not.toEqual([])
    expect(pilotOrder(s, s.ships.META!, d, fort, pack, { META: ram }).order.turns).toEqual([])
  })

  it('ruling RC-62 a friend is carried by the speed written for her this move', () => {
    const s = fresh()
    const friend = (written: Record<string, ShipOrder>) =>
      hullsAround(s, s.ships.META!, pack, written).find((h) => h.id === 'CHIC')!.speed
    expect(friend({})).toBe(6)
    expect(friend({ CHIC: { ship: 'CHIC', speed: 8, turns: [], fire: [], turrets: {} } })).toBe(8)
  })
})
