// The shapes the game state holds for the table draw, the layout, smoke and standing directives.
// They live apart from the modules that work on them (tableDraw.ts, tableLayout.ts, smoke.ts,
// directives.ts) so that state.ts and the order types can name them without importing those modules.
import type { Point } from '../kit/geometry.ts'
import type { Scenario, Side } from './scenario.ts'

export interface TableDraw {
  /** The card in each square, squares 1-6 in order. */
  cards: string[]
  /** Who places the feature of each square. */
  placers: Side[]
  mines: Side
  currentBy: Side
  currentDie: number
  depthFt: number
  tideFt: number
  /** Each sandbar card's two depths, feet, by square. */
  barDepths: Record<string, number[]>
  /** §9 L895-897: a drawn fort's guns (their types, by a D6 each) and its CPV (2D6). */
  fort?: { guns: string[]; cpv: number }
}

export type Layout = Pick<Scenario, 'land' | 'hazards' | 'minefields' | 'current' | 'forts' | 'places'> & {
  /** The town's and the port's buildings (ruling RC-101); absent in layouts laid before them. */
  buildings?: Scenario['buildings']
}

export type Wind = 'none' | 'N' | 'E' | 'W' | 'S'

export interface Cloud {
  ship: string
  pos: Point
  /** Side of the square, table units. */
  size: number
  /** Moves she has fired from here. */
  fired: number
  /** The last move it stands in. */
  until: number
}

export type StationPlace = 'PORT' | 'STARBOARD' | 'AHEAD' | 'ASTERN'

export type Directive =
  | { kind: 'STATION'; ship: string; place: StationPlace; gap: number }
  | { kind: 'FOLLOW'; ship: string; gap: number }
  | { kind: 'STEAM-TO'; to: Point }
  | { kind: 'ENGAGE'; target: string }
  | { kind: 'GUARD'; ship: string; gap: number }
  | { kind: 'HOLD'; at: Point }
  | { kind: 'PATROL'; a: Point; b: Point; toB: boolean }
