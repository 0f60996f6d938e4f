// The exchanges before the first move (digest §1.2): objective cards kept (§6 L395), then the hidden
// deployment of a side whose scenario allows it (§9 L537). Each ends with the seen-sets recomputed.
import type { Input, NarrativeEntry, Step } from '../contract.ts'
import { onlyRoles, PUBLIC } from '../contract.ts'
import { applyDeployment } from './deployment.ts'
import type { DeployCommand } from './orderTypes.ts'
import { discardId, keptObjectives } from './objectives.ts'
import type { RiverCommand } from './orderTypes.ts'
import type { RiverPack } from './pack.ts'
import { strandingHolders } from './retrieve.ts'
import { SIDES } from './scenario.ts'
import { seenBy } from './sighting.ts'
import type { RiverState } from './state.ts'
import { scenarioOf } from './tableLayout.ts'

/** §6 L395: each side keeps two of its three cards, in secret. */
export function resolveObjectives(s: RiverState, input: Input<RiverCommand>, pack: RiverPack): Step<RiverState> {
  const state: RiverState = structuredClone(s)
  const narrative: NarrativeEntry[] = []
  for (const side of SIDES) {
    state.objectives[side] = keptObjectives(s.dealt![side], input.decisions[discardId(side)])
    narrative.push({
      audience: onlyRoles(side),
      rule: '§6 L395',
      text: `You keep your objectives ${state.objectives[side].join(' and ')}`,
    })
  }
  delete state.dealt
  // §6 L419: a side keeping RETRIEVE_GROUNDED has a ship stranded by the enemy first (ruling RC-79).
  state.phase = strandingHolders(state, pack).length
    ? 'stranding'
    : scenarioOf(s, pack).hiddenDeployment.length
      ? 'deployment'
      : 'moves'
  narrative.push({ audience: PUBLIC, rule: '§6 L395', text: 'Both commanders have chosen their objectives' })
  return { state, narrative, decisions: [], label: 'Objective cards', finished: false }
}

/** §9 L537: the hidden side's ships go where its orders put them; the enemy learns only that it is done. */
export function resolveDeployment(s: RiverState, input: Input<RiverCommand>, pack: RiverPack): Step<RiverState> {
  const sc = scenarioOf(s, pack)
  const narrative: NarrativeEntry[] = []
  let state: RiverState = structuredClone(s)
  for (const zone of sc.hiddenDeployment) {
    const commands = (input.orders[zone.side] ?? []).filter((c): c is DeployCommand => 'deploy' in c)
    state = applyDeployment(state, commands, pack)
    const where = Object.values(state.ships)
      .filter((x) => x.side === zone.side)
      .map((x) => `${x.id} at ${x.pose.pos.x / 1000},${x.pose.pos.y / 1000} heading ${x.pose.heading / 100}`)
    narrative.push({ audience: onlyRoles(zone.side), rule: '§9 L537', text: `Deployed: ${where.join('; ')}` })
    narrative.push({
      audience: PUBLIC,
      rule: '§9 L537',
      text: `The ${zone.side} ships are deployed; those in sight are on the plot`,
    })
  }
  state.phase = 'moves'
  state.seen = { USA: seenBy('USA', state, sc, pack), CSA: seenBy('CSA', state, sc, pack) }
  return { state, narrative, decisions: [], label: 'Hidden deployment', finished: false }
}
