// What River and Coastal's house player reads of its side's view (view.ts): the ships as the side
// sees them, its objective cards, the flags flown, and the scenario's table from the data pack that
// every player has. Nothing here reads the state.
import type { Choice, View } from '../contract.ts'
import type { RiverPack } from './pack.ts'
import type { Scenario } from './scenario.ts'

/** A ship as a side's view shows her: own ships in full, enemy ships only where they stand. */
export interface SeenShip {
  id: string
  side: string
  x: number
  y: number
  heading: number
  class: string
  status: string
  exited?: unknown
  guns?: Record<string, { status: string; crewed: boolean }>
  anchored?: boolean
  speed?: number
  spv?: number
  pv?: number
  /** Feet. */
  draught?: number
  captain?: { quality: string; alive: boolean }
  crew?: { spare: number }
}

/** Whether a ship can still take orders: afloat and on the table. */
export const active = (s: SeenShip) => s.status === 'afloat' && !s.exited

/** Guns fit to fire, from the own ship's view. */
export const readyGuns = (s: SeenShip) =>
  Object.values(s.guns ?? {}).filter((g) => g.status === 'ok' && g.crewed).length

export const classOf = (pack: RiverPack, s: SeenShip) => Object.values(pack.classes).find((c) => c.name === s.class)

const ARMOURED = new Set(['armouredRiver', 'ironclad', 'heavyIronclad'])

/** §3 L95-103: an armoured ship by her class's penetration category (her silhouette shows it). */
export const armoured = (pack: RiverPack, s: SeenShip) => ARMOURED.has(classOf(pack, s)?.category ?? '')

export const distance = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y)

export function scenarioOf(pack: RiverPack, view: View): Scenario | undefined {
  return Object.values(pack.scenarios).find((s) => s.title === view.scenario)
}

export const otherSide = (side: string) => (side === 'USA' ? 'CSA' : 'USA')

/** The nearest of `ships` to `from`, ties broken by the choice source. */
export function nearest(from: SeenShip, ships: SeenShip[], choice: Choice): SeenShip {
  const best = Math.min(...ships.map((e) => distance(from, e)))
  const near = ships.filter((e) => distance(from, e) === best)
  return near[choice.below(near.length, `target for ${from.id}`)]!
}

/** The side's kept objective cards (§6 L391-423), as its view shows them to it. */
export function keptObjectives(view: View, side: string): string[] {
  const objectives = (view.objectives as { side: string; kept: string[] }[] | undefined) ?? []
  return objectives.filter((o) => o.side === side).flatMap((o) => o.kept)
}

/** The side's fleet commander as its view shows him. */
export function commanderOf(view: View, side: string): { quality: string; alive: boolean; aboard?: string | null } {
  const commanders =
    (view.commanders as { side: string; quality: string; alive: boolean; aboard?: string | null }[]) ?? []
  return commanders.find((c) => c.side === side) ?? { quality: 'intelligent', alive: false }
}

/** The flagship of a side as every reader knows it (§4 L133-143, the flag is flown), null before it is nominated. */
export function flagshipOf(view: View, side: string): string | null {
  return (view.flagships as Record<string, string | null> | undefined)?.[side] ?? null
}
