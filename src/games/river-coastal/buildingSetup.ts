// A town's buildings as a game starts (rulebook §9 L881-911, ruling RC-86): each standing, whole, at
// the BPV its footprint gives. Kept apart from buildings.ts, which fires on them, so that the
// state's set-up does not import the rules that read the state.
import type { Scenario } from './scenario.ts'

export interface BuildingState {
  bpv: number
  bpvStart: number
  /** Below half its BPV (§9 L911). */
  rubble: boolean
  /** Struck by a mortar's "building destroyed", or battered to nothing (ruling RC-87). */
  destroyed: boolean
}

export function newBuildings(sc: Scenario): Record<string, BuildingState> {
  return Object.fromEntries(
    sc.buildings.map((b) => [b.id, { bpv: b.bpv, bpvStart: b.bpv, rubble: false, destroyed: false }]),
  )
}
