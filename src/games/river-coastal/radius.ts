// The side-wheeler's turning radius (rulebook §7 L479, digest §1.2 P7, ruling RC-17): a side-wheel
// steamboat may turn on any of the radii of L471-477. Each side is asked, with its move-1 orders,
// which one each of its side-wheelers uses for the whole game; the class radius is the default.
// The choice is the side's own: the enemy learns it only by watching her turn.
import type { NarrativeEntry, Question } from '../contract.ts'
import { onlyRoles } from '../contract.ts'
import type { RiverPack } from './pack.ts'
import type { Side } from './scenario.ts'
import type { ShipState } from './ship.ts'
import type { RiverState } from './state.ts'
import { inches, showInches } from './units.ts'

export const radiusId = (ship: string) => `RADIUS-${ship}`

/** A ship's radius: her chosen one, else her class's (table units). */
export const radiusOf = (s: ShipState, pack: RiverPack): number => s.radius ?? pack.classes[s.classKey]!.turningRadius

/** The side-wheelers a side still chooses for: before move 1 is resolved. */
export function choosingRadius(state: RiverState, side: Side, pack: RiverPack): ShipState[] {
  if (state.phase !== 'moves' || state.move !== 1 || state.radiiChosen) return []
  return Object.values(state.ships)
    .filter((s) => s.side === side && s.status === 'afloat' && pack.classes[s.classKey]!.sideWheel)
    .sort((a, b) => (a.id < b.id ? -1 : 1))
}

export function radiusQuestion(s: ShipState, pack: RiverPack): Question {
  const c = pack.classes[s.classKey]!
  return {
    decisionId: radiusId(s.id),
    role: s.side,
    question: `${s.name} is a side-wheeler: on which radius does she turn, for the whole game (§7 L479)?`,
    options: pack.tables.sideWheelRadii.map((r) => ({ id: String(r), label: `${r}" radius` })),
    defaultOption: showInches(c.turningRadius),
    situation: [`${s.name} (${c.name}): class radius ${showInches(c.turningRadius)}"`],
  }
}

/** Applies the answers (a radius not offered keeps the class's) before move 1; tells each side its own. */
export function applyRadii(state: RiverState, decisions: Record<string, string>, pack: RiverPack): NarrativeEntry[] {
  const told: NarrativeEntry[] = []
  for (const side of ['USA', 'CSA'] as const)
    for (const s of choosingRadius(state, side, pack)) {
      const answer = Number(decisions[radiusId(s.id)])
      const r = pack.tables.sideWheelRadii.includes(answer) ? inches(answer) : pack.classes[s.classKey]!.turningRadius
      state.ships[s.id]!.radius = r
      told.push({ audience: onlyRoles(side), rule: '§7 L479', text: `${s.name} turns on a ${showInches(r)}" radius` })
    }
  state.radiiChosen = true
  return told
}
