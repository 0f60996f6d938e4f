// Nominating the flagship (digest §1.2 step P7, §4 L133-143; scenario A, digest §6.2: "the Union
// player nominates the flagship"). A side whose scenario lets it choose is asked, with its move-1
// orders, which of its ships carries the fleet commander; without an answer the scenario's ship
// does. The choice takes effect before the first move is resolved. Our ruling: the flag is flown,
// so both sides learn which ship it is (the enemy's DESTROY_FLAGSHIP objective names her).
import type { NarrativeEntry, Question } from '../contract.ts'
import { PUBLIC } from '../contract.ts'
import type { RiverPack } from './pack.ts'
import type { Scenario, Side } from './scenario.ts'
import type { RiverState } from './state.ts'

/** Upper case, like every decision id: the mail layer reads a DECIDE line's id in upper case. */
export const flagshipId = (side: Side) => `FLAGSHIP-${side}`

/** The sides still to nominate: those the scenario lets choose, before the first move is resolved. */
export const nominating = (state: RiverState, sc: Scenario): Side[] =>
  state.phase === 'moves' && state.move === 1 ? sc.nominateFlagship.filter((side) => !state.flagships?.[side]) : []

export function flagshipQuestion(state: RiverState, side: Side, sc: Scenario, pack: RiverPack): Question {
  const own = Object.values(state.ships).filter((s) => s.side === side && s.status === 'afloat')
  return {
    decisionId: flagshipId(side),
    role: side,
    question: 'Which ship carries your fleet commander and flies your flag? The enemy will see the flag.',
    options: own.map((s) => ({ id: s.id, label: `${s.name} (${pack.classes[s.classKey]!.name})` })),
    defaultOption: sc.flagships[side],
    situation: own.map((s) => `${s.id}: ${s.name}, ${pack.classes[s.classKey]!.name}`),
  }
}

/** The flagship of a side: the nominated one, else the scenario's. */
export const flagshipOf = (state: RiverState, sc: Scenario, side: Side): string =>
  state.flagships?.[side] ?? sc.flagships[side]

/**
 * Applies each nominating side's answer (or the scenario's ship when the answer names none of its
 * ships afloat) to the state in place: the commander goes aboard. Returns what both sides are told.
 */
export function applyFlagships(state: RiverState, decisions: Record<string, string>, sc: Scenario): NarrativeEntry[] {
  const told: NarrativeEntry[] = []
  for (const side of nominating(state, sc)) {
    const answer = decisions[flagshipId(side)]
    const ship = state.ships[answer ?? '']
    const id = ship && ship.side === side && ship.status === 'afloat' ? ship.id : sc.flagships[side]
    state.flagships = { ...state.flagships, [side]: id }
    if (state.commanders[side].alive) state.commanders[side].aboard = id
    told.push({ audience: PUBLIC, rule: '§4 L133-143', text: `The ${side} flag flies in ${state.ships[id]!.name}` })
  }
  return told
}
