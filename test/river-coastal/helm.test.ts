// The judge's helm for ships on their directives (digest §4.4, ruling RC-54): the legal speeds and
// turns of §7, and the look-ahead that keeps her off the land, the shoals, stakes and minefields.
import { describe, expect, it } from 'vitest'
import { helmSpeeds, steer } from '../../src/games/river-coastal/autopilot.ts'
import { brakingSpeed } from '../../src/games/river-coastal/pilot.ts'
import { openWaters, rect, steeredHelm } from './helpers.ts'

const helm = steeredHelm
const open = openWaters
const ahead = { point: { x: 24000, y: 40000 }, speed: 9 }

describe('ruling RC-54 the helm obeys the rules a written order does', () => {
  it('§7 L441 two knots of change a move; a ship going astern comes to a stop before anything else', () => {
    expect(helmSpeeds(helm())).toEqual({ lo: 4, hi: 8 })
    expect(helmSpeeds(helm({ speed: -3 }))).toEqual({ lo: -1, hi: -1 })
    expect(helmSpeeds(helm({ speed: 8, maxSpeed: 5 }))).toEqual({ lo: 5, hi: 5 })
  })

  it('§7 L471 she turns toward her goal no harder than her radius allows at the speed she makes', () => {
    // the goal lies 90 degrees to starboard; 8" on a 7" radius turns 65 degrees at most
    const c = steer(helm(), { point: { x: 40000, y: 10000 }, speed: 9 }, open())
    expect(c).toEqual({ speed: 8, turns: [{ dir: 1, degrees: 65, at: 0 }], safe: true })
  })

  it('§7 L441 she makes for a point no faster than she can stop there', () => {
    expect([brakingSpeed(900, 2), brakingSpeed(4000, 2), brakingSpeed(16000, 2), brakingSpeed(19999, 2)]).toEqual([
      0, 3, 7, 7,
    ])
  })
})

describe('ruling RC-54 the helm keeps her out of trouble on the way', () => {
  it('§8 L489 land across her bow, or its 1" margin: she takes the clear turn that ends nearest her goal', () => {
    // straight on, her bow would reach 1" of the land; half her sharpest turn clears it this move but
    // leaves her no clear course the next (ruling RC-80), so she takes her sharpest turn
    const c = steer(helm(), ahead, open({ land: [rect(20, 20, 28, 23)] }))
    expect(c).toEqual({ speed: 8, turns: [{ dir: 1, degrees: 65, at: 0 }], safe: true })
    expect(steer(helm(), ahead, open()).turns).toEqual([])
  })

  it('§8 L491 ruling RC-11 a shoal counts only when she draws at least its depth', () => {
    const shoal = (depth: number) => open({ hazards: [{ kind: 'sandbar', depth, polygon: rect(20, 19, 28, 22) }] })
    expect(steer(helm(), ahead, shoal(50)).turns).not.toEqual([])
    expect(steer(helm(), ahead, shoal(90)).turns).toEqual([])
  })

  it('§4 L175 a minefield in her way is steered round, unless her captain is Reckless', () => {
    const mines = open({ minefields: [rect(22, 15, 26, 19)] })
    expect(steer(helm(), ahead, mines).turns).not.toEqual([])
    expect(steer(helm({ avoidMines: false }), ahead, mines)).toEqual({ speed: 8, turns: [], safe: true })
  })

  it('§8 L489 a wall she cannot turn from: she slows as much as she may and says so', () => {
    const c = steer(helm({ radius: 30000 }), ahead, open({ land: [rect(0, 14, 48, 30)] }))
    expect(c).toEqual({ speed: 4, turns: [], safe: false })
  })
})
