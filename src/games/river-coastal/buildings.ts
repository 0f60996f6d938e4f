// A town's buildings under fire (rulebook §9 L843-911, rulings RC-86 to RC-88). Each building is a
// polygon of the scenario with its BPV from its area (5 points a quarter-inch square, L889), standing
// in one square of its town's 2x3 grid. Ships' guns wear its BPV down as they wear a fort's FPV
// (L903); a mortar hit in its square damages it by the mortar's column or destroys it outright
// (L857-871). Under half its BPV it is rubble (L911). A building stands in the open: what befalls
// it is told to both sides, though not who fired, which the firer's own lines tell as he may be seen.
import type { Point } from '../kit/geometry.ts'
import type { RiverPack } from './pack.ts'
import type { BuildingSetup, Scenario, Side } from './scenario.ts'
import type { BuildingState } from './buildingSetup.ts'
import type { RiverState } from './state.ts'

/** A narrative line about a building: `ship` is the building's id, so the audience is everyone. */
export type BuildingLine = { ship: string; text: string; rule: string }

/** What a ship's guns may be laid on ashore: the forts and the buildings still standing (§9 L903). */
export function shoreTargets(state: RiverState, sc: Scenario): Map<string, { name: string; polygon: Point[] }> {
  const out = new Map<string, { name: string; polygon: Point[] }>()
  for (const f of sc.forts) out.set(f.id, { name: f.name, polygon: f.polygon })
  for (const b of sc.buildings)
    if (!state.buildings?.[b.id]?.destroyed) out.set(b.id, { name: b.name, polygon: b.polygon })
  return out
}

/** The towns a side's mortars may fire on: those with an enemy building (§9 L845), id to name. */
export function enemyTowns(sc: Scenario, side: Side): Record<string, string> {
  const out: Record<string, string> = {}
  for (const p of sc.places) if (sc.buildings.some((b) => b.town === p.id && b.side !== side)) out[p.id] = p.name
  return out
}

function settle(b: BuildingSetup, bs: BuildingState, pack: RiverPack, lines: BuildingLine[]) {
  const f = pack.tables.forts.rubbleBelow
  if (bs.bpv === 0 && !bs.destroyed) {
    bs.destroyed = true
    bs.rubble = true
    lines.push({ ship: b.id, text: `${b.name} is destroyed`, rule: 'ruling RC-87' })
  } else if (!bs.rubble && bs.bpv * f.den < bs.bpvStart * f.num) {
    bs.rubble = true
    lines.push({ ship: b.id, text: `${b.name} is reduced to rubble below half its BPV`, rule: '§9 L911' })
  }
}

/** Points off a building's BPV, by gunfire (§9 L903) or a mortar's damage row (L861, L867, L877). */
export function damageBuilding(
  state: RiverState,
  b: BuildingSetup,
  points: number,
  by: string,
  pack: RiverPack,
): BuildingLine[] {
  const bs = state.buildings![b.id]!
  if (bs.destroyed) return []
  const lines: BuildingLine[] = []
  bs.bpv = Math.max(0, bs.bpv - points)
  lines.push({
    ship: b.id,
    text: `${b.name} is hit by ${by}: ${points} BPV lost, ${bs.bpv} of ${bs.bpvStart} left`,
    rule: by === 'gunfire' ? '§9 L903' : '§9 L861-877',
  })
  settle(b, bs, pack, lines)
  return lines
}

/** A mortar's "building destroyed" (§9 L865, L871). */
function destroyBuilding(state: RiverState, b: BuildingSetup): BuildingLine[] {
  const bs = state.buildings![b.id]!
  bs.bpv = 0
  bs.destroyed = true
  bs.rubble = true
  return [{ ship: b.id, text: `${b.name} is destroyed by a mortar shell`, rule: '§9 L865, L871' }]
}

/**
 * A mortar hit on a town's square (ruling RC-87): it falls on the building of that square with the
 * most BPV left (the first by id of equals); with none standing there it does nothing (L879).
 * Returns what the firer is told of the effect, and the lines both sides hear of the building.
 */
export function mortarOnTown(
  state: RiverState,
  sc: Scenario,
  town: string,
  square: number,
  effect: { fpv?: { heavy: number; light: number }; buildingDestroyed?: boolean },
  kind: 'heavy' | 'light',
  pack: RiverPack,
): { done: string; lines: BuildingLine[] } {
  const target = sc.buildings
    .filter((b) => b.town === town && b.square === square && !state.buildings?.[b.id]?.destroyed)
    .sort((a, b) => state.buildings![b.id]!.bpv - state.buildings![a.id]!.bpv || (a.id < b.id ? -1 : 1))[0]
  if (!target) return { done: 'no building standing there', lines: [] }
  if (effect.buildingDestroyed) return { done: `${target.name} destroyed`, lines: destroyBuilding(state, target) }
  const points = effect.fpv?.[kind] ?? 0
  if (!points) return { done: 'no effect', lines: [] }
  return {
    done: `${points} BPV off ${target.name}`,
    lines: damageBuilding(state, target, points, 'a mortar shell', pack),
  }
}

/** The order form's note under a ship with mortars: what they may be laid on (§9 L835-845). */
export function mortarNote(sc: Scenario, side: Side): string {
  const forts = sc.forts.filter((f) => f.side !== side).map((f) => `${f.id} ${f.name}`)
  const towns = Object.entries(enemyTowns(sc, side)).map(([id, name]) => `${id} ${name}`)
  return `# mortars: MORTAR <target> [SQ 1-6] at ${[...forts, ...towns].join(', ') || 'nothing on this table'}`
}

/** The order form's note of the enemy buildings still standing, for FIRE ... AT (§9 L903). */
export function buildingNote(state: RiverState, sc: Scenario, side: Side): string[] {
  const standing = sc.buildings.filter((b) => b.side !== side && !state.buildings?.[b.id]?.destroyed)
  return standing.length
    ? [`# enemy buildings for FIRE ... AT: ${standing.map((b) => `${b.id} ${b.name}`).join(', ')}`]
    : []
}
