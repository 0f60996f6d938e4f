// Shared test fixtures: a seeded generator for property tests (tests only; the rules use Dice) and
// a plain table to move on.
import type { Helm, Waters } from '../../src/games/river-coastal/autopilot.ts'
import type { MoveRules, Mover, TableGeometry } from '../../src/games/river-coastal/movement.ts'
import { defaultRiverPack } from '../../src/games/river-coastal/pack.ts'
import { buildPlan, type PlottedTurn, type Steering } from '../../src/games/river-coastal/plan.ts'
import { inches } from '../../src/games/river-coastal/units.ts'

/** The tests' seeded generator: the same seed gives the same cases on every run. */
export { seededRandom as seeded } from '../helpers/random.ts'

export const tables = defaultRiverPack().tables

export const moveRules: MoveRules = {
  maxStep: inches(tables.movement.subStepMaxInches),
  minSubSteps: tables.movement.minSubSteps,
  shoreBuffer: inches(tables.hazards.shoreBufferInches),
  minRamAngle: tables.ramming.minAngleDegrees * 100,
  halfDriftFromSpv: tables.movement.driftHalfFromSpv,
}

/** An open 48" x 72" table: no land, no hazards, no current unless given. */
export function openTable(extra: Partial<TableGeometry> = {}): TableGeometry {
  return { width: 48000, length: 72000, land: [], hazards: [], minefields: [], current: [], ...extra }
}

export const rect = (x0: number, y0: number, x1: number, y1: number) => [
  { x: inches(x0), y: inches(y0) },
  { x: inches(x1), y: inches(y0) },
  { x: inches(x1), y: inches(y1) },
  { x: inches(x0), y: inches(y1) },
]

export function ship(
  id: string,
  x: number,
  y: number,
  headingDeg: number,
  speed: number,
  opts: {
    turns?: PlottedTurn[]
    steering?: Steering
    radius?: number
    spv?: number
    draught?: number
    length?: number
  } = {},
): Mover {
  const radius = opts.radius ?? 7000
  return {
    id,
    pose: { pos: { x: inches(x), y: inches(y) }, heading: headingDeg * 100 },
    hull: { length: opts.length ?? 4000, beam: 800 },
    plan: buildPlan(speed, radius, opts.turns ?? [], opts.steering ?? 'free'),
    speed,
    spv: opts.spv ?? 100,
    draught: opts.draught ?? 60,
    held: false,
  }
}

import { LabelledDice } from '../helpers/spec.ts'
import { newShip, type Officer, type ShipState } from '../../src/games/river-coastal/ship.ts'

export const pack = defaultRiverPack()

export const steadyCaptain = (): Officer => ({ quality: 'intelligent', green: 2, red: -2, yellow: 2, alive: true })

/** A ship of a scenario in its opening state. */
export function scenarioShip(scenario: string, id: string, captain: Officer = steadyCaptain()): ShipState {
  const setup = pack.scenarios[scenario]!.ships.find((s) => s.id === id)!
  return newShip(setup, pack.classes[setup.classKey]!, captain, tables)
}

/** Dice forced by label; any roll not forced fails the test, naming its label. */
export const forced = (rolls: Record<string, number | number[]>) =>
  new LabelledDice(
    Object.entries(rolls).map(([label, values]) => ({ label, values })),
    'strict',
  )

/** Open water for the judge's helm: the whole table, no land, hazards, minefields or current. */
export const openWaters = (extra: Partial<Waters> = {}): Waters => ({
  width: 48000,
  length: 72000,
  land: [],
  shoreBuffer: 1000,
  hazards: [],
  minefields: [],
  lookAhead: 500,
  current: [],
  halfDriftFromSpv: 80,
  ...extra,
})

/** A ship the judge steers, mid-table and heading north at 6 knots: a 4" gunboat on a 7" radius. */
export const steeredHelm = (extra: Partial<Helm> = {}): Helm => ({
  pose: { pos: { x: 24000, y: 10000 }, heading: 0 },
  hull: { length: 4000, beam: 800 },
  draught: 60,
  speed: 6,
  maxSpeed: 9,
  maxChange: 2,
  radius: 7000,
  avoidMines: true,
  spv: 100,
  ...extra,
})
