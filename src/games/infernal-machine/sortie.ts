// What the mission and tactical levels share while a fishboat is out (Rule Book p.2-3, p.15-17):
// the boat, the Fate Pool, the gauges, the nautical conditions, the detection state and Pursuit,
// and the context every rules function takes (the pack, the dice and the narrative so far).
import type { Boat } from './boat.ts'
import type { Atmospherics } from './boardsPack.ts'
import type { Dice } from '../contract.ts'
import { PUBLIC } from '../contract.ts'
import type { ImPack } from './pack.ts'
import type { Cube, DriftDirection, DriftIntensity, Side, Visibility, Zone } from './terms.ts'

export interface FatePool {
  black: number
  red: number
}

export interface TacticalState {
  /** The target marker's id. */
  target: string
  /** Icon modifier and Diver-No mark of the Mission Board target, when there is one. */
  dn?: boolean
  vector: string
  zone: Zone
  rotated: boolean
  turn: number
  diver?: { at: 'airlock' | Zone; charge: 'carried' | 'onTarget' }
  /** How the tactical action ended. */
  ended?: 'exited' | 'detonated' | 'lost'
  /** The result on the target: Big hole, Small hole, Miss; 'fog' while a Fog of War roll waits (p.6). */
  result?: 'B' | 'S' | 'miss' | 'fog'
  /** The Detonation Table cell whose die the Fog of War option defers: B-or-S or a number. */
  fogCell?: FogCell
  /** An Obstruction's own torpedo went off: the Concussion Check against this value is owed (p.11). */
  pendingConcussion?: number
}

export interface Sortie {
  side: Side
  boat: Boat
  pool: FatePool
  alert: number
  training: number
  board: string
  position: string
  visibility: Visibility
  atmospherics: Atmospherics
  drift: DriftIntensity
  driftDirection: DriftDirection
  detected: boolean
  pursuit: number
  tactical?: TacticalState
  /** Why the fishboat was Lost, once it is. */
  lost?: string
  /** Lost by concussion: nobody escapes (p.7). */
  noEscape?: boolean
  /** Scenarios 1-3: crewless boat, malfunctions and leaks only counted (p.7, p.11-12). */
  counters?: boolean
  /** The optional Fog of War rule (p.6): the campaign defers the B-or-S and number dice. */
  fog?: boolean
}

/** A Detonation Table cell that needs a die: B-or-S, or the number a Small Hole needs. */
export type FogCell = 'BS' | number

/** A Fog of War die waiting on the campaign (Rule Book p.6, fogOfWar.ts). */
export interface FogPending {
  target: string
  cell: FogCell
  /** Rolled at the end of this season, or at the end of the game (a boat Lost on the way home). */
  at: 'season' | 'end'
  /** Someone came home uncaptured: a Big Hole then earns its prize (p.46). */
  survivors: boolean
  season: string
}

export interface Note {
  rule: string
  text: string
}

export interface Ctx {
  pack: ImPack
  dice: Dice
  notes: Note[]
}

export const note = (ctx: Ctx, rule: string, text: string): void => void ctx.notes.push({ rule, text })

export const d10 = (ctx: Ctx, label: string): number => ctx.dice.roll(label, 10, PUBLIC)

/**
 * A blind draw from the Fate Pool (p.2): the cube leaves the pool whatever its colour. Null when the
 * pool is empty, which Loses the boat wherever a draw is required.
 */
export function drawCube(ctx: Ctx, s: Sortie, label: string): Cube | null {
  const total = s.pool.black + s.pool.red
  if (total === 0) return null
  // A last cube is drawn without a die (the judge's dice have two faces at least).
  const cube: Cube = (total === 1 ? 1 : ctx.dice.roll(label, total, PUBLIC)) <= s.pool.black ? 'black' : 'red'
  s.pool[cube]--
  return cube
}

export function addCubes(s: Sortie, cube: Cube, n: number): void {
  s.pool[cube] += n
}

export function loseBoat(ctx: Ctx, s: Sortie, rule: string, cause: string): void {
  if (s.lost) return
  s.lost = cause
  if (s.tactical) s.tactical.ended = 'lost'
  note(ctx, rule, `the fishboat is Lost: ${cause}`)
}
