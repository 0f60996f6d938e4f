// Wind and smoke (rulebook §9 L561-579, digest A24, ruling RC-61): the option `smoke`.
import { describe, expect, it } from 'vitest'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import { canSee, type Sighted } from '../../src/games/river-coastal/sight.ts'
import { rollWind } from '../../src/games/river-coastal/smoke.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { calm, dice, play, ruleset } from './play.ts'

/** Galena stopped at 30,20, in slack water (no current south of y 24), within reach of Tennessee. */
const setup = (forced: Record<string, number> = {}, smoke = true): RiverState => {
  const s = ruleset.setup(
    'passing-the-fort',
    smoke ? { smoke: true } : {},
    riverCoastalFactory.defaultPack(),
    calm(forced),
  )
  s.ships.GALE!.pose = { pos: { x: 30000, y: 20000 }, heading: 0 }
  s.ships.GALE!.speed = 0
  return s
}

describe('§9 L561-579 wind and smoke', () => {
  it('§9 L563-569 a D6: 1-2 still air; 3-6 wind, from the quarter of a second die (1-2 N, 3 E, 4 W, 5-6 S)', () => {
    expect(rollWind(dice({ 'weather:wind': 2 }))).toBe('none')
    expect(rollWind(dice({ 'weather:wind': 5, 'weather:wind:quarter': 3 }))).toBe('E')
    expect(setup({ 'weather:wind': 1 }).weather).toEqual({ wind: 'none' })
    expect(setup({}, false).weather).toBeUndefined()
    const report = ruleset.reportModel(setup({ 'weather:wind': 3, 'weather:wind:quarter': 5 }), {
      kind: 'role',
      role: 'USA',
    }) as { rc: { sight: string } }
    expect(report.rc.sight).toBe('clear: 50" sight; wind from the S, smoke clears')
  })

  it('§9 L573-579 in still air a ship that fires leaves a half-inch cloud; firing again from the same place, it grows and lasts longer', () => {
    const one = play(setup({ 'weather:wind': 1 }), { USA: 'GALE: SPEED 0; FIRE BP AT TENN' })
    const at = one.state.ships.GALE!.pose.pos
    expect(one.state.smoke).toContainEqual({ ship: 'GALE', pos: at, size: 500, fired: 1, until: 3 })
    // her 100-pdr fires every other move: she fires again on move 3, still where she was
    const two = play(one.state, { USA: 'GALE: SPEED 0' })
    const three = play(two.state, { USA: 'GALE: SPEED 0; FIRE BP AT TENN' })
    expect(three.state.smoke).toContainEqual({ ship: 'GALE', pos: at, size: 1000, fired: 2, until: 7 })
  })

  it('§9 L571 with wind the smoke is gone the same move', () => {
    const one = play(setup({ 'weather:wind': 4, 'weather:wind:quarter': 1 }), { USA: 'GALE: SPEED 0; FIRE BP AT TENN' })
    expect(one.state.smoke).toEqual([])
  })

  it('digest A24 a cloud blocks the sight between two others; its maker sees and is seen through it', () => {
    const ship = (id: string, x: number): Sighted => ({
      id,
      pose: { pos: { x, y: 10000 }, heading: 0 },
      hull: { length: 2000, beam: 500 },
      spv: 10,
    })
    const [a, b] = [ship('A', 0), ship('B', 20000)]
    const cloud = (owner: string) => ({
      maxRange: 50000,
      smoke: [
        {
          owner,
          polygon: [
            { x: 9000, y: 8000 },
            { x: 11000, y: 8000 },
            { x: 11000, y: 12000 },
            { x: 9000, y: 12000 },
          ],
        },
      ],
    })
    expect(canSee(a, b, [a, b], [], cloud('C'))).toBe(false)
    expect(canSee(a, b, [a, b], [], cloud('A'))).toBe(true)
    expect(canSee(a, b, [a, b], [], { maxRange: 50000 })).toBe(true)
  })
})
