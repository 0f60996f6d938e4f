// Wind and smoke (rulebook §9 L561-579, digest A24, ruling RC-61), with the game option `smoke`
// (off by default, as the digest proposes). Before the battle a D6 gives wind on 3-6 and a second
// its quarter; with wind, smoke clears the move it is made. In still air each ship that fires leaves
// a cloud about her guns, half an inch across, growing half an inch for each further move she fires
// without moving, and lasting two moves for each move of firing. A cloud blocks the line of sight
// between any two others; a ship's own smoke hides neither her nor her targets.
import type { Dice } from '../contract.ts'
import { PUBLIC } from '../contract.ts'
import type { Point } from '../kit/geometry.ts'
import type { RiverState } from './state.ts'
import type { Wind } from './stateTypes.ts'

const HALF_INCH = 500
const WIND: Record<number, Wind> = { 1: 'N', 2: 'N', 3: 'E', 4: 'W', 5: 'S', 6: 'S' }

/** §9 L563-569: 1-2 still air; 3-6 wind, from the quarter of a second die. */
export function rollWind(dice: Dice): Wind {
  if (dice.roll('weather:wind', 6, PUBLIC) <= 2) return 'none'
  return WIND[dice.roll('weather:wind:quarter', 6, PUBLIC)]!
}

/** After the shooting: the clouds of the ships that fired this move. Mutates `state`. */
export function makeSmoke(state: RiverState, firers: string[]): void {
  if (!state.weather) return
  const n = state.move
  const clouds = (state.smoke ?? []).filter((c) => c.until >= n)
  if (state.weather.wind !== 'none') {
    state.smoke = [] // §9 L571: with wind, smoke disperses the same move
    return
  }
  for (const id of firers) {
    const s = state.ships[id]
    if (!s) continue
    const here = clouds.find((c) => c.ship === id && c.pos.x === s.pose.pos.x && c.pos.y === s.pose.pos.y)
    if (here) {
      here.size += HALF_INCH
      here.fired++
      here.until = n + 2 * here.fired
    } else clouds.push({ ship: id, pos: s.pose.pos, size: HALF_INCH, fired: 1, until: n + 2 })
  }
  state.smoke = clouds
}

/** The clouds standing now, as squares with their maker (for the sight rules). */
export function smokeScreens(state: RiverState): { owner: string; polygon: Point[] }[] {
  return (state.smoke ?? [])
    .filter((c) => c.until >= state.move)
    .map((c) => {
      const h = Math.floor(c.size / 2)
      const { x, y } = c.pos
      return {
        owner: c.ship,
        polygon: [
          { x: x - h, y: y - h },
          { x: x + h, y: y - h },
          { x: x + h, y: y + h },
          { x: x - h, y: y + h },
        ],
      }
    })
}
