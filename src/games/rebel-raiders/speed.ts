// Searches, speed rolls and raids (RB 7.75-7.78, 8): who rolls, what is added, who wins, and what a
// raid earns. The Union rolls first; the Confederate ship rolls one die, adds its bonus at sea and
// wins ties; in a blockade station the Union may roll one die for the whole stack. Every roll is
// public and labelled; cards add their modifiers through `mods` (declared before the dice, 7.78).
import { PUBLIC, type Dice } from '../contract.ts'
import type { SpaceKind } from './map.ts'

export interface Searcher {
  id: string
  type: 'sloop' | 'gunboat'
  /** Added to this ship's speed rolls (a card naming it); a stack die takes the best of its ships'. */
  mod?: number
}

export interface Interception {
  /** Each Union die: the ships it stands for and its total. */
  union: { ships: string[]; die: number; total: number }[]
  /** The Confederate die and its total, or null when no Union total could beat its lowest (7.78). */
  csa: { die: number; total: number } | null
  /** Union groups that beat the Confederate total, best first; ships with equal totals fight together (7.78). */
  winners: { ships: string[]; total: number }[]
  evaded: boolean
}

export interface SpeedMods {
  /** Added to every Union die (search boost 7.76, cards). */
  union?: number
  /** Added to the Confederate die (cards). */
  csa?: number
  /** Raids already attempted by this raider in this zone this turn (8.13: the bonus drops by one each). */
  priorRaids?: number
}

/** The Confederate ship's bonus where it is (7.78): runners +2, raiders +3 at sea, none in a port or fort. */
export function speedBonus(target: 'runner' | 'raider', where: SpaceKind, priorRaids = 0): number {
  const atSea = where === 'coastal' || where === 'highSeas' || where === 'whaling' || where === 'blockadeStation'
  if (!atSea) return 0
  // Ruling RR-S1 (digest A1): a raider keeps +3 in a blockade station, as the play book's examples give it.
  return target === 'runner' ? 2 : Math.max(0, 3 - priorRaids)
}

/**
 * One search or speed roll (7.78). In a blockade station (or by its procedure) `asStack` rolls one die for every searcher
 * there, +1 for each ship after the first (at most +3); otherwise each searcher rolls its own die.
 */
export function intercept(
  dice: Dice,
  target: { id: string; type: 'runner' | 'raider' },
  where: SpaceKind,
  searchers: Searcher[],
  opts: SpeedMods & { asStack?: boolean; stationProcedure?: boolean } = {},
): Interception {
  if (!searchers.length) throw new Error('an interception needs at least one Union ship')
  const unionMod = opts.union ?? 0
  // `stationProcedure`: a search after a port's capture rolls as in a blockade station (10.43).
  const stack = opts.asStack && (where === 'blockadeStation' || opts.stationProcedure)
  const union = stack
    ? [
        rollFor(
          dice,
          `search for ${target.id} by the stack`,
          searchers.map((s) => s.id),
          unionMod + Math.min(3, searchers.length - 1) + Math.max(0, ...searchers.map((s) => s.mod ?? 0)),
        ),
      ]
    : searchers.map((s) => rollFor(dice, `search for ${target.id} by ${s.id}`, [s.id], unionMod + (s.mod ?? 0)))
  const bonus = speedBonus(target.type, where, opts.priorRaids) + (opts.csa ?? 0)
  const best = Math.max(...union.map((u) => u.total))
  // No Confederate roll when even his lowest total wins the tie (7.78, last bullet).
  if (best <= 1 + bonus) return { union, csa: null, winners: [], evaded: true }
  const die = dice.roll(`speed of ${target.id}`, 6, PUBLIC)
  const csa = { die, total: die + bonus }
  const byTotal = new Map<number, string[]>()
  for (const u of union) if (u.total > csa.total) byTotal.set(u.total, [...(byTotal.get(u.total) ?? []), ...u.ships])
  const winners = [...byTotal.entries()].sort((a, b) => b[0] - a[0]).map(([total, ships]) => ({ ships, total }))
  return { union, csa, winners, evaded: winners.length === 0 }
}

function rollFor(dice: Dice, label: string, ships: string[], mod: number) {
  const die = dice.roll(label, 6, PUBLIC)
  return { ships, die, total: die + mod }
}

/** What one raid earns (8.11-8.12): 4-5 one VP and 6 two VP at sea; 4 or more two VP in the Whaling Grounds. */
export function raidResult(
  dice: Dice,
  raider: string,
  where: SpaceKind,
  boost: number,
  mod = 0,
): { die: number; vp: number } {
  const die = dice.roll(`raid by ${raider}`, 6, PUBLIC)
  const total = die + boost + mod
  const vp = where === 'whaling' ? (total >= 4 ? 2 : 0) : total >= 6 ? 2 : total >= 4 ? 1 : 0
  return { die, vp }
}
