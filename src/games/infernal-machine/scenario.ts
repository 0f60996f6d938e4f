// The scenarios the Rule Book describes (Scenario Book lost, ruling IM-57): a tactical-only attack
// run by a crewless "counters" boat (p.3-14: Fatigue, Malfunctions and Leaks are only counted, no
// Escape). The set-up comes from the pack; the outcome is read as the scenario's interpretation.
import { buildBoat } from './boat.ts'
import type { ImPack } from './pack.ts'
import { type Ctx, note, type Sortie } from './sortie.ts'
import { runTactical, type TacticalChoices, tacticalTurn, targetOf, vectorFor } from './tactical.ts'
import type { Atmospherics } from './boardsPack.ts'
import type { Elevation } from './terms.ts'

export type ScenarioSetup = ImPack['tactical']['scenarios'][number]

export const scenarioOf = (pack: ImPack, id: string): ScenarioSetup | undefined =>
  pack.tactical.scenarios.find((s) => `scenario-${s.id}` === id)

/** The fishboat of the set-up: prow, a section and a stern; the weapon on the prow; no crew. */
export function scenarioSortie(pack: ImPack, sc: ScenarioSetup): Sortie {
  const boat = buildBoat(
    pack,
    ['needle-prow', 'section', 'chisel-stern'],
    [
      [sc.conveyance, 0],
      [sc.charge, 0],
    ],
    [],
    sc.elevation as Elevation,
  )
  return {
    side: sc.side,
    boat,
    pool: { black: sc.black, red: sc.red },
    alert: sc.alert,
    training: sc.training,
    board: 'tactical',
    position: 'tactical',
    visibility: sc.visibility,
    atmospherics: sc.atmospherics as Atmospherics,
    drift: 'calm',
    driftDirection: 'ebb',
    detected: false,
    pursuit: 0,
    counters: true,
  }
}

/** Scenarios 1-3 (p.3): a failed approach counts as a total of 1 (6 with a Tow Cord), the run goes on. */
export function playScenario(ctx: Ctx, s: Sortie, sc: ScenarioSetup, choices: TacticalChoices): void {
  runTactical(ctx, s, sc.target, choices)
  if (s.tactical || s.lost) return
  const tow = s.boat.parts.some((p) => p.kind === 'towCord')
  const vector = vectorFor(ctx, tow ? 6 : 1, tow)!
  s.tactical = { target: sc.target, vector, zone: 'far', rotated: false, turn: 0 }
  note(ctx, 'p.3', `Scenarios 1-3: the failed approach counts as ${tow ? 6 : 1}: the ${vector} vector in the Far zone`)
  while (!s.lost && !s.tactical.ended && s.tactical.turn < 40) tacticalTurn(ctx, s, choices)
}

/** The interpretation: the result on the target and the counters (p.7, p.11-12). */
export function scenarioOutcome(ctx: Ctx, s: Sortie, sc: ScenarioSetup): string {
  const t = s.tactical
  const target = targetOf(ctx, sc.target).name
  const result = s.lost
    ? 'the fishboat is Lost'
    : t?.ended === 'detonated'
      ? `${t.result === 'B' ? 'a Big Hole' : t.result === 'S' ? 'a Small Hole' : 'a Miss'} in the ${target}`
      : `the fishboat exits without attacking the ${target}`
  const malfunctions = s.boat.loose.malfunctions + s.boat.parts.reduce((a, p) => a + p.malfunctions, 0)
  return `${sc.title}: ${result}; ${s.boat.loose.fatigue} Fatigue, ${malfunctions} Malfunction(s), ${s.boat.leaks} Leak(s)`
}
