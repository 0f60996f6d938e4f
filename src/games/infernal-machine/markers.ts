// Placing Fatigue, Panic and Terror (Rule Book p.22). Which crewman takes a marker is the player's
// choice; the judge applies a fixed automatic rule (named in every report) that costs the least:
// Fatigue first on crewmen whose space is already incapacitated, Panic first on Iron Nerves crewmen
// without Terror (it becomes harmless Terror), then on crewmen already incapacitated.
import { type Boat, type Crewman, engineOf, incapacitated, incapacitatedSpaces, personaOf } from './boat.ts'
import type { ImPack } from './pack.ts'

export interface Placed {
  boat: Boat
  /** What went where, for the report. */
  notes: string[]
  /** Every crewman is panicked: the boat is Lost (p.22). */
  allPanicked: boolean
}

/**
 * Fatigue from cranking: on the engine if there is one (p.3), else one marker a crewman, never two
 * on the same man; a marker no unfatigued crewman can take becomes Panic (Terror for Iron Nerves).
 */
export function placeFatigue(pack: ImPack, boat: Boat, count: number, onEngine = true): Placed {
  let b = structuredClone(boat)
  const notes: string[] = []
  if (count <= 0) return { boat: b, notes, allPanicked: false }
  if (onEngine && engineOf(b)) {
    b.engineFatigue += count
    return { boat: b, notes: [`${count} Fatigue on the engine (now ${b.engineFatigue})`], allPanicked: false }
  }
  if (!b.crew.length) {
    b.loose.fatigue += count
    return { boat: b, notes: [`${count} Fatigue (counted)`], allPanicked: false }
  }
  let allPanicked = false
  for (let i = 0; i < count && !allPanicked; i++) {
    const idle = new Set(incapacitatedSpaces(b))
    const fresh = b.crew
      .map((c, index) => ({ c, index }))
      .filter(({ c }) => !c.fatigue)
      .sort(
        (x, y) =>
          named(b.priority?.fatigue, x.c) - named(b.priority?.fatigue, y.c) ||
          rankFatigue(b, x.c, idle) - rankFatigue(b, y.c, idle) ||
          x.index - y.index,
      )
    const pick = fresh[0]
    if (pick) {
      b.crew[pick.index]!.fatigue = true
      notes.push(`Fatigue on ${personaOf(pack, pick.c).name}`)
    } else {
      notes.push('every crewman is fatigued: the Fatigue becomes Panic')
      const p = placePanic(pack, b, 1)
      b = p.boat
      notes.push(...p.notes)
      allPanicked ||= p.allPanicked
    }
  }
  return { boat: b, notes, allPanicked }
}

/** A man the MARKERS order names ranks by his place in it, before every man it does not name. */
function named(order: readonly string[] | undefined, c: Crewman): number {
  const i = order?.indexOf(c.id) ?? -1
  return i < 0 ? Number.MAX_SAFE_INTEGER : i
}

// Lower is better: a space already incapacitated or a man already busy loses nothing more; a man
// whose space keeps another fit crewman costs less than one whose fatigue incapacitates his space.
function rankFatigue(boat: Boat, c: Crewman, idle: Set<number>): number {
  if (idle.has(c.space)) return 0
  if (incapacitated(c)) return 1
  return boat.crew.some((o) => o !== c && o.space === c.space && !incapacitated(o)) ? 2 : 3
}

/** Panic markers, each on a crewman not yet panicked; Iron Nerves turns the first into Terror. */
export function placePanic(pack: ImPack, boat: Boat, count: number): Placed {
  const b = structuredClone(boat)
  const notes: string[] = []
  if (!b.crew.length) {
    b.loose.panic += count
    return { boat: b, notes: [`${count} Panic (counted)`], allPanicked: false }
  }
  for (let i = 0; i < count && !b.crew.every((c) => c.panic); i++) {
    const candidates = b.crew
      .map((c, index) => ({ c, index }))
      .filter(({ c }) => !c.panic)
      .sort(
        (x, y) =>
          named(b.priority?.panic, x.c) - named(b.priority?.panic, y.c) ||
          rankPanic(pack, x.c) - rankPanic(pack, y.c) ||
          x.index - y.index,
      )
    const pick = candidates[0]
    if (!pick) break
    const c = b.crew[pick.index]!
    const name = personaOf(pack, c).name
    if (personaOf(pack, c).ironNerves && !c.terror) {
      c.terror = true
      notes.push(`Panic on ${name}, Iron Nerves: Terror instead`)
    } else {
      if (c.terror) c.terror = false // the second Terror flips to Panic, the other marker recycled
      c.panic = true
      c.order = undefined // a panicked man drops his order (p.22)
      notes.push(`Panic on ${name}`)
    }
  }
  const allPanicked = b.crew.every((c) => c.panic)
  if (allPanicked) notes.push('every crewman is panicked: the fishboat is Lost (p.22)')
  return { boat: b, notes, allPanicked }
}

function rankPanic(pack: ImPack, c: Crewman): number {
  if (personaOf(pack, c).ironNerves && !c.terror) return 0
  return incapacitated(c) ? 1 : 2
}

/** A Panic on one named crewman (a repairman's, p.32): Terror first if he has Iron Nerves. */
export function panicOn(pack: ImPack, boat: Boat, id: string): Placed {
  const b = structuredClone(boat)
  const c = b.crew.find((x) => x.id === id)!
  const name = personaOf(pack, c).name
  let text = `Panic on ${name}`
  if (c.panic) text = `${name} is already panicked`
  else if (personaOf(pack, c).ironNerves && !c.terror) {
    c.terror = true
    text += ', Iron Nerves: Terror instead'
  } else {
    c.terror = false
    c.panic = true
    c.order = undefined
  }
  const allPanicked = b.crew.every((x) => x.panic)
  return { boat: b, notes: [text], allPanicked }
}
