// The fishboat as the mission and tactical levels see it (Rule Book p.19-24): its tiles (spaces),
// the mechanisms and weapon parts in them, the crew with their Fatigue, Panic and Terror markers,
// engine Fatigue and Leaks. Scenarios 1-3 have no crew: their markers are only counted (p.4, p.11).
import type { Component, PartKind, Persona } from './fishboatPack.ts'
import type { ImPack } from './pack.ts'
import type { Elevation, Mechanism } from './terms.ts'

export type Order =
  | { kind: 'steer' }
  | { kind: 'mech'; mechanism: PartKind }
  | { kind: 'repair'; target: PartKind }
  | { kind: 'leakControl' }

export interface Crewman {
  /** The persona card's id. */
  id: string
  space: number
  fatigue: boolean
  panic: boolean
  terror: boolean
  order?: Order
}

export interface Part {
  component: string
  kind: PartKind
  space: number
  malfunctions: number
}

export interface Boat {
  /** Boat tiles' component ids, prow first; a crewman's space is the index of his tile. */
  tiles: string[]
  parts: Part[]
  crew: Crewman[]
  engineFatigue: number
  leaks: number
  elevation: Elevation
  /** Markers of a crewless boat (scenarios 1-3), kept for the outcome only. */
  loose: { fatigue: number; panic: number; malfunctions: number }
  /** The player's MARKERS order: who takes Fatigue and Panic first (R8, p.22). */
  priority?: { fatigue?: string[]; panic?: string[] }
}

const ENGINES: PartKind[] = ['boilerEngine', 'magneticEngine']
const CONVEYANCE_KINDS: PartKind[] = ['longSpar', 'shortSpar', 'towCord', 'diver']

/** The part a Malfunction-panel mechanism names on this boat ('engine' and 'conveyance' are generic). */
export function partFor(boat: Boat, mechanism: Mechanism): Part | undefined {
  const kinds: PartKind[] =
    mechanism === 'engine' ? ENGINES : mechanism === 'conveyance' ? CONVEYANCE_KINDS : [mechanism as PartKind]
  return boat.parts.find((p) => kinds.includes(p.kind))
}

export const hasPart = (boat: Boat, kind: PartKind): boolean => boat.parts.some((p) => p.kind === kind)
export const engineOf = (boat: Boat): Part | undefined => boat.parts.find((p) => ENGINES.includes(p.kind))
export const conveyanceOf = (boat: Boat): Part | undefined => boat.parts.find((p) => CONVEYANCE_KINDS.includes(p.kind))
export const chargeOf = (boat: Boat): Part | undefined => boat.parts.find((p) => p.kind === 'charge')

/** Busy (an order or Panic), fatigued or panicked: not cranking well (p.23). */
export const incapacitated = (c: Crewman): boolean => c.fatigue || c.panic || c.order !== undefined

/** Spaces with crew in which every crewman is incapacitated (p.23). */
export function incapacitatedSpaces(boat: Boat): number[] {
  const spaces = [...new Set(boat.crew.map((c) => c.space))].sort((a, b) => a - b)
  return spaces.filter((s) => boat.crew.filter((c) => c.space === s).every(incapacitated))
}

export const hatchSpaces = (boat: Boat): number[] => boat.parts.filter((p) => p.kind === 'hatch').map((p) => p.space)

/** Tiles touch in a line, prow first (p.47; ruling IM-23 keeps the boat a straight line). */
export const adjacentSpaces = (a: number, b: number): boolean => Math.abs(a - b) === 1

export function personaOf(pack: ImPack, c: Crewman): Persona {
  const p = pack.personae.get(c.id)
  if (!p) throw new Error(`unknown persona ${c.id}`)
  return p
}

export function componentOf(pack: ImPack, id: string): Component {
  const c = pack.components.get(id)
  if (!c) throw new Error(`unknown component ${id}`)
  return c
}

/** A boat from components: tiles in order, and parts as [component id, space]. */
export function buildBoat(
  pack: ImPack,
  tiles: string[],
  parts: [string, number][],
  crew: [string, number][],
  elevation: Elevation = 0,
): Boat {
  for (const t of tiles) componentOf(pack, t)
  return {
    tiles,
    parts: parts.map(([component, space]) => ({
      component,
      kind: componentOf(pack, component).kind,
      space,
      malfunctions: 0,
    })),
    crew: crew.map(([id, space]) => {
      personaOf(pack, { id } as Crewman)
      return { id, space, fatigue: false, panic: false, terror: false }
    }),
    engineFatigue: 0,
    leaks: 0,
    elevation,
    loose: { fatigue: 0, panic: 0, malfunctions: 0 },
  }
}
