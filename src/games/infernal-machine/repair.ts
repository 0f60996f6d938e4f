// The Repair and Rally Phases (Rule Book p.31-33): leaks draw cubes unless controlled, repairmen take
// Malfunction markers off by the mechanism's repair kind, the Morale Boost; then Fresh Air and Rally.
import { adjacentSpaces, engineOf, personaOf } from './boat.ts'
import { panelEntry } from './malfunction.ts'
import { panicOn, placePanic } from './markers.ts'
import type { Mission } from './mission.ts'
import { type Ctx, drawCube, loseBoat, note } from './sortie.ts'
import type { Mechanism } from './terms.ts'

export interface RepairChoices {
  /** Morale Boost (p.32): a Black cube or one Fatigue off a crewman. */
  boost(m: Mission): 'black' | 'fatigue'
  /** Spaces to spend Rally markers on (p.33), each clearing the space's crew markers. */
  rally(m: Mission): number[]
}

/** Boost: Fatigue off when someone is fatigued, else a Black; Rally on spaces with a panicked man. */
export const AUTO_REPAIR: RepairChoices = {
  boost: (m) => (m.boat.crew.some((c) => c.fatigue) ? 'fatigue' : 'black'),
  rally: (m) => [...new Set(m.boat.crew.filter((c) => c.panic).map((c) => c.space))].slice(0, m.rally),
}

/** Leaks first (p.12, p.31): one cube per uncontrolled leak (ruling IM-11), each Red a Panic. */
export function leakCubes(ctx: Ctx, m: Mission): void {
  const controlled = m.boat.crew.filter((c) => c.order?.kind === 'leakControl' && !c.panic).length
  const open = Math.max(0, m.boat.leaks - controlled)
  const count = open * ctx.pack.mission.leaks.cubesPerUncontrolledLeak
  if (!m.boat.leaks) return
  note(ctx, 'p.12', `${m.boat.leaks} Leak(s), ${Math.min(controlled, m.boat.leaks)} controlled: ${count} cube(s) drawn`)
  for (let i = 1; i <= count && !m.lost; i++) {
    const cube = drawCube(ctx, m, `leak cube ${i}`)
    if (!cube) return loseBoat(ctx, m, 'p.12', 'a leak cube is needed and the Fate Pool is empty')
    note(ctx, 'p.12', `leak cube ${i}: ${cube}`)
    if (cube === 'red') {
      const placed = placePanic(ctx.pack, m.boat, 1)
      m.boat = placed.boat
      note(ctx, 'p.22', placed.notes.join('; '))
      if (placed.allPanicked) loseBoat(ctx, m, 'p.22', 'every crewman panicked')
    }
  }
}

const toMechanism = (kind: string): Mechanism =>
  /Engine$/.test(kind)
    ? 'engine'
    : ['longSpar', 'shortSpar', 'towCord', 'diver'].includes(kind)
      ? 'conveyance'
      : (kind as Mechanism)

/** Each repairman removes one marker from a mechanism in or next to his space, by its repair kind (p.31-32). */
export function repairs(ctx: Ctx, m: Mission): void {
  for (const c of m.boat.crew) {
    if (c.order?.kind !== 'repair' || c.panic || m.lost) continue
    const name = personaOf(ctx.pack, c).name
    const target = c.order.target
    const part = m.boat.parts.find(
      (p) => p.kind === target && (p.space === c.space || adjacentSpaces(p.space, c.space)),
    )
    const engineWork = part && engineOf(m.boat) === part && m.boat.engineFatigue > 0
    if (!part || (part.malfunctions === 0 && !engineWork)) {
      note(ctx, 'p.31', `${name}: nothing to repair on the ${target}`)
      continue
    }
    const kind = ctx.pack.mission.repairKinds.find((k) => k.id === panelEntry(ctx, toMechanism(part.kind))?.repair)!
    if (kind.maxElevation && m.boat.elevation > (kind.maxElevation === 'awash' ? 1 : 0)) {
      note(ctx, 'p.32', `${name} cannot repair the ${target} below awash`)
      continue
    }
    if (kind.panicIfHardCrank && m.lastCrank !== 'easy') {
      const placed = panicOn(ctx.pack, m.boat, c.id)
      Object.assign(c, placed.boat.crew.find((x) => x.id === c.id)!)
      note(ctx, 'p.32', `${name} repairs after a ${m.lastCrank} crank: ${placed.notes.join('; ')}`)
      if (placed.allPanicked) loseBoat(ctx, m, 'p.22', 'every crewman panicked')
      if (c.panic) continue
    }
    if (kind.takesBlack) {
      if (!m.pool.black) {
        note(ctx, 'p.32', `${name}: no Black cube in the Fate Pool, the repair is cancelled`)
        continue
      }
      m.pool.black--
    }
    if (kind.red) m.pool.red += kind.red
    if (kind.redAtOrBelow && m.boat.elevation >= 1) m.pool.red++
    if (kind.engineFatigueFirst && m.boat.engineFatigue > 0) {
      m.boat.engineFatigue--
      note(ctx, 'p.32', `${name} takes a Fatigue off the engine (${m.boat.engineFatigue} left)`)
      continue
    }
    part.malfunctions--
    note(ctx, 'p.31', `${name} repairs the ${target}: ${part.malfunctions} Malfunction marker(s) left`)
  }
}

/** Morale Boost (p.32): after an Easy crank, with no Malfunction marker anywhere. */
export function moraleBoost(ctx: Ctx, m: Mission, choices: RepairChoices): void {
  if (m.lastCrank !== 'easy' || m.boat.parts.some((p) => p.malfunctions > 0)) return
  if (choices.boost(m) === 'fatigue' && m.boat.crew.some((c) => c.fatigue)) {
    const c = m.boat.crew.find((x) => x.fatigue)!
    c.fatigue = false
    note(ctx, 'p.32', `Morale Boost: ${personaOf(ctx.pack, c).name} loses his Fatigue`)
  } else {
    m.pool.black++
    note(ctx, 'p.32', 'Morale Boost: a Black cube into the Fate Pool')
  }
}

export function repairPhase(ctx: Ctx, m: Mission, choices: RepairChoices): void {
  leakCubes(ctx, m)
  if (m.lost) return
  repairs(ctx, m)
  if (!m.lost) moraleBoost(ctx, m, choices)
}

/** Fresh Air, then Rally (p.33). Fresh Air takes Panic first (R12), then Terror. */
export function rallyPhase(ctx: Ctx, m: Mission, choices: RepairChoices): void {
  if (m.boat.elevation === 0 && m.lastCrank === 'easy') {
    let air = m.boat.parts.filter((p) => p.kind === 'hatch' && p.malfunctions < 3).length
    for (const c of m.boat.crew)
      if (air && c.panic) {
        c.panic = false
        air--
        note(ctx, 'p.33', `Fresh Air: ${personaOf(ctx.pack, c).name} loses his Panic`)
      }
    for (const c of m.boat.crew)
      if (air && c.terror) {
        c.terror = false
        air--
        note(ctx, 'p.33', `Fresh Air: ${personaOf(ctx.pack, c).name} loses his Terror`)
      }
  }
  for (const space of choices.rally(m)) {
    if (m.rally <= 0) break
    m.rally--
    for (const c of m.boat.crew.filter((x) => x.space === space))
      Object.assign(c, { fatigue: false, panic: false, terror: false })
    note(ctx, 'p.33', `Rally marker spent on space ${space} (${m.rally} left)`)
  }
}
