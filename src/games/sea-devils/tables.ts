// Table look-ups. The values live in the data pack; this file only knows how to read them.
import type { DeployType, SeaDevilsPack } from './pack.ts'

type Tables = SeaDevilsPack['tables']

/** The index of the last column whose heading is <= value (columns ascend; beyond the last = last). */
function columnFor(columns: number[], value: number): number {
  let index = -1
  for (let i = 0; i < columns.length; i++) if (columns[i]! <= value) index = i
  return index
}

/** 5.11: merchant-marine points lost. */
export function raidLoss(t: Tables, die: number, density: number): number {
  const col = columnFor(t.raid.columns, density)
  return col < 0 ? 0 : t.raid.rows[die - 1]![col]!
}

/** 6.11: a search by `searchers` ships/squadrons. */
export function searchSpots(t: Tables, die: number, searchers: number): boolean {
  if (searchers <= 0) return false
  const col = Math.max(0, columnFor(t.search.columns, searchers))
  return t.search.rows[die - 1]![col]!
}

/** 6.41: the East Coast Emergency Search column. */
export function ecesSpots(t: Tables, die: number): boolean {
  return t.search.eces[die - 1]!
}

/** 6.21: speed difference = own speed - enemy speed, clamped to the table. */
export function escapes(t: Tables, die: number, speedDifference: number): boolean {
  const d = Math.min(t.escape.maxDiff, Math.max(t.escape.minDiff, speedDifference))
  return t.escape.rows[die - 1]![d - t.escape.minDiff]!
}

/** 8.11: damage points from a firing segment; no gunnery, no damage (10.51). */
export function combatDamage(t: Tables, die: number, gunnery: number): number {
  if (gunnery <= 0) return 0
  const col = columnFor(t.crt.columns, gunnery)
  return col < 0 ? 0 : t.crt.rows[die - 1]![col]!
}

/** 7.11: the modified roll, and the hypothetical blockader's gunnery (null = it does not fire). */
export function blockadeResult(
  t: Tables,
  die: number,
  year: number,
  direction: 'in' | 'out',
): { modified: number; gunnery: number | null } {
  const mod = t.blockade.yearMods[String(year)]?.[direction] ?? 0
  const modified = Math.min(t.blockade.maxRoll, Math.max(t.blockade.minRoll, die + mod))
  return { modified, gunnery: t.blockade.results[modified - t.blockade.minRoll] ?? null }
}

/** 10.31: deployment points by type for `csaInPlay` Confederate ships. */
export function deploymentPoints(t: Tables, die: number, csaInPlay: number): Record<DeployType, number> {
  const numeric = t.fwdt.columns.map((c) => Number.parseInt(c, 10))
  const col = Math.max(0, columnFor(numeric, csaInPlay))
  return { ...t.fwdt.rows[die - 1]![col]! }
}

/** 6.43-6.44: the counterless ship an East Coast Emergency Search finds. */
export function ecesShip(
  t: Tables,
  die: number,
  typeClass: string,
  earlierEntries: number,
): { gun: number; def: number; speed: number } {
  const columns = t.ecesShip.columns[typeClass] ?? t.ecesShip.columns.S!
  const column = columns[Math.min(earlierEntries, columns.length - 1)]!
  return { ...column[die - 1]! }
}
