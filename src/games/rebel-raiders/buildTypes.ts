// The shapes of a build phase (RB 14, 15): the orders, what the builds are checked against and the
// plan they make. Apart from builds.ts so that the optional purchases (unionOptions.ts, militia.ts,
// ironcladDamage.ts, yankeeIndustry.ts) and the order types can name them without importing it.
import type { RebelMap } from './map.ts'
import type { PieceType, Side } from './setup.ts'
import type { Control } from './state.ts'

export type Buildable =
  | 'raider'
  | 'gunboat'
  | 'runner'
  | 'ironclad'
  | 'battery'
  | 'sloop'
  | 'counterattack'
  | 'pawn'
  | 'card'
  | 'hunts'
  | 'upgrade'
  | 'militia'
  | 'repair'

export interface BuildOrder {
  line: number
  what: Buildable
  at?: string
  /** Paid with special build points (Confederate, 14.32) instead of builds. */
  special?: boolean
  /** One of the Union's free ships of optional rule 18.24. */
  free?: boolean
}

export interface BuildContext {
  map: RebelMap
  control: Control
  turn: number
  year: number
  vp: number
  citiesLost: number
  razed: ReadonlySet<string>
  /** Special build points bought this phase at 5 VP each (14.31). */
  specialPoints: number
  /** Ironclads placed at the start of this build phase, by space (14.22, 15.22): no other ship is built there. */
  ironcladsPlaced: readonly string[]
  /** Arsenal batteries over the one a city gives (card #95 Tredegar Iron Works). */
  extraArsenalBatteries?: number
  /** #42 The Horse Soldiers: one Confederate build and one arsenal battery fewer this turn. */
  raided?: boolean
  /** #58 Corruption: every Union ship a build more, an extra assault five builds. */
  corrupted?: boolean
  /** 18.32 Draft Riots this turn: the Union builds forfeited; no extra assault nor card bought. */
  riots?: number
  /** The Union builds already spent this phase on ships built new for a card (#62, #76, ruling RR-K16). */
  cardBuilds?: number
  /** 18.24 Increased Ship Building: the free Union sloops and gunboats this turn (0 without the rule). */
  freeShips?: number
  /** The optional rules in play (PB 18), for the purchases they add (unionOptions.ts). */
  rules?: readonly string[]
  /** 18.25: where a Union ironclad is repaired (the pack's table). */
  repairYards?: readonly string[]
  /** 18.25: the damaged ironclads at the start of the build, where they are. */
  damaged?: { id: string; side: Side; at: string }[]
  /** 18.22: the builds Yankee Industry (-1 for a lost one) and Conscription gave this turn. */
  yankee?: { industry: number; conscription: number }
}

export interface BuildPlan {
  now: { type: PieceType; at: string }[]
  nextTurn: {
    type: PieceType | 'pawn' | 'counterattack' | 'hunts' | 'upgrade' | 'militia' | 'repair'
    at: string | null
  }[]
  vp: number
  buildsLeft: number
  /** Cards bought, drawn when the builds are carried out. */
  cards: number
  errors: { line: number; message: string }[]
}
