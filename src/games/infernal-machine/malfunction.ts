// Malfunctions and Leaks (Rule Book p.12, p.34; the Malfunction panel of the Cyclopedia). A random
// malfunction is 2d10 on the panel; a mechanism the boat lacks cancels it when a Discovery card asked
// for it, and becomes a Leak when damage (a concussion Red cube or a hit) did (p.7, p.11, p.34).
import { type Boat, type Part, partFor } from './boat.ts'
import { placePanic } from './markers.ts'
import type { MalfunctionEntry } from './missionPack.ts'
import { type Ctx, loseBoat, note, type Sortie } from './sortie.ts'
import type { Mechanism } from './terms.ts'

export type MalfunctionSource = 'card' | 'damage'

export function panelEntry(ctx: Ctx, mechanism: Mechanism): MalfunctionEntry | undefined {
  return ctx.pack.mission.malfunctions.find((e) => e.mechanism === mechanism)
}

/** The panel entry and part a malfunction on this mechanism lands on (a Shroud takes the Propeller's). */
function landing(ctx: Ctx, boat: Boat, mechanism: Mechanism): { entry: MalfunctionEntry; part: Part } | null {
  const entry = panelEntry(ctx, mechanism)
  if (!entry) return null
  if (entry.redirect) {
    const shroud = partFor(boat, entry.redirect)
    const redirected = panelEntry(ctx, entry.redirect)
    if (shroud && redirected) return { entry: redirected, part: shroud }
  }
  const part = partFor(boat, mechanism)
  return part ? { entry, part } : null
}

/** 2d10 on the Malfunction panel, no modifiers (p.34). */
export function randomMalfunction(ctx: Ctx, s: Sortie, source: MalfunctionSource, label: string): void {
  const a = ctx.dice.roll(`${label} malfunction die 1`, 10, { kind: 'public' })
  const b = ctx.dice.roll(`${label} malfunction die 2`, 10, { kind: 'public' })
  const sum = a + b
  const entry = ctx.pack.mission.malfunctions.find((e) => e.lo <= sum && sum <= e.hi)!
  note(ctx, 'p.34', `random malfunction: ${a}+${b} = ${sum}, ${entry.mechanism}`)
  malfunction(ctx, s, entry.mechanism, source)
}

/** One Malfunction marker on a mechanism, its effect applied at once (p.34). */
export function malfunction(ctx: Ctx, s: Sortie, mechanism: Mechanism, source: MalfunctionSource): void {
  if (s.counters) {
    s.boat.loose.malfunctions++
    note(ctx, 'p.7', 'a Malfunction marker (counted, scenarios 1-3)')
    return
  }
  const hit = ctx.pack.mission.cannotMalfunction.mechanisms.includes(mechanism) ? null : landing(ctx, s.boat, mechanism)
  if (!hit) {
    if (source === 'card') note(ctx, 'p.34', `no ${mechanism} aboard: the malfunction is cancelled`)
    else {
      note(ctx, 'p.7', `no ${mechanism} aboard: a Leak instead`)
      addLeak(ctx, s, 1)
    }
    return
  }
  hit.part.malfunctions++
  const effect = hit.entry.effects[Math.min(hit.part.malfunctions, 3) - 1]!
  note(ctx, 'p.34', `Malfunction on the ${hit.part.kind} (${hit.part.malfunctions} marker(s))${describe(effect)}`)
  if (effect.panic) {
    const placed = placePanic(ctx.pack, s.boat, effect.panic)
    s.boat = placed.boat
    for (const n of placed.notes) note(ctx, 'p.22', n)
    if (placed.allPanicked) loseBoat(ctx, s, 'p.22', 'every crewman panicked')
  }
  if (effect.leak) addLeak(ctx, s, effect.leak)
}

function describe(e: MalfunctionEntry['effects'][number]): string {
  const parts = [
    e.gradeRight ? `power grade ${e.gradeRight} right` : '',
    e.gradeE ? 'power grade E' : '',
    e.panic ? `${e.panic} Panic` : '',
    e.leak ? `${e.leak} Leak` : '',
    e.inoperable ? 'inoperable' : '',
    e.deadInWater ? 'dead in the water' : '',
  ].filter(Boolean)
  return parts.length ? `: ${parts.join(', ')}` : ''
}

export function addLeak(ctx: Ctx, s: Sortie, n: number): void {
  s.boat.leaks += n
  note(ctx, 'p.12', `${n} Leak (now ${s.boat.leaks})`)
}

/** The effect a part's malfunction markers have now (the 1, 2 or 3 marker line, p.34). */
export function malfunctionState(ctx: Ctx, part: Part): MalfunctionEntry['effects'][number] {
  if (part.malfunctions === 0) return {}
  const entry = ctx.pack.mission.malfunctions.find(
    (e) =>
      e.mechanism === part.kind ||
      (e.mechanism === 'engine' && /Engine$/.test(part.kind)) ||
      (e.mechanism === 'conveyance' && ['longSpar', 'shortSpar', 'towCord', 'diver'].includes(part.kind)),
  )
  return entry ? entry.effects[Math.min(part.malfunctions, 3) - 1]! : {}
}

export const operable = (ctx: Ctx, part: Part | undefined): boolean => !!part && !malfunctionState(ctx, part).inoperable

/** Dead in the water: a Propeller or Steering Link with 3 markers, or an effect that says so (p.34). */
export const deadInWater = (ctx: Ctx, boat: Boat): boolean =>
  boat.parts.some((p) => malfunctionState(ctx, p).deadInWater)
