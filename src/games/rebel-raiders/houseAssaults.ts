// The standard house player's assaults (RB 11): the Union goes in nearest the cities its victory
// needs (16.11) wherever its chance of taking the space is fair (11.62: the year's dice against two,
// one more per battery up to three, one more at Richmond; the Confederacy wins ties), trading the dice
// for +1s as far as that raises the chance (11.63), over a river or land line from a space it holds
// or takes earlier in the same mail (11.8), one cannon pawn each (11.1). Each is put through the
// game's own assault check on the board the view shows, with the spaces the earlier lines would take.
import type { Choice, View } from '../contract.ts'
import { assaultProblem, matchBonus, unionAssaultDice } from './assault.ts'
import type { Board } from './houseBoard.ts'
import type { RebelPack } from './pack.ts'
import { dateOf } from './state.ts'
import { MISSISSIPPI } from './supply.ts'

/** The least chance of taking a space the house spends a pawn on: a pawn not spent is lost at the turn's end. */
const LEAST_CHANCE = 0.05

/** How far (in expected assaults) a way to a victory city may be longer than the best and still count. */
const SLACK = 0.5

/** The spaces a card played this turn bars to assaults (#77, #100), as the view shows them. */
function barred(view: View): Set<string> {
  return new Set((view.assaultsBarred as string[] | undefined) ?? [])
}

/** The Confederate dice against an assault on `target` (11.62). */
function defenceDice(b: Board, target: string): number {
  const batteries = b.pieces.filter((p) => p.side === 'CSA' && p.type === 'battery' && p.at === target).length
  return 2 + Math.min(3, batteries) + (target === 'RICH' ? 1 : 0)
}

const totals = new Map<number, Map<number, number>>()

/** 11.62: how likely each total (the highest die plus the bonus for matches) is with `n` dice. */
function totalsOf(n: number): Map<number, number> {
  const known = totals.get(n)
  if (known) return known
  const out = new Map<number, number>()
  const all = 6 ** n
  for (let i = 0; i < all; i++) {
    const dice = Array.from({ length: n }, (_, k) => (Math.floor(i / 6 ** k) % 6) + 1)
    const total = Math.max(...dice) + matchBonus(dice)
    out.set(total, (out.get(total) ?? 0) + 1 / all)
  }
  totals.set(n, out)
  return out
}

/** The Union's chance of winning an assault and the tactics that give it (11.62-11.63: ties to the defence). */
export function assaultChance(unionDice: number, csaDice: number): { chance: number; tactics: number } {
  let best = { chance: 0, tactics: 0 }
  for (let t = 0; t <= Math.min(3, unionDice - 1); t++) {
    let chance = 0
    for (const [u, pu] of totalsOf(unionDice - t))
      for (const [c, pc] of totalsOf(csaDice)) if (u + t > c) chance += pu * pc
    if (chance > best.chance + 1e-9) best = { chance, tactics: t }
  }
  return best
}

export const GOALS = [...MISSISSIPPI, 'ATLA', 'RICH']

const ASSAULT_LINES = ['land', 'river', 'river-noships'] as const

/**
 * What taking a space costs in assaults on average: nothing for a space the Union holds, one over
 * the chance for a Confederate port, fort or city (11.62), so a fortified way counts longer.
 */
function costOf(pack: RebelPack, b: Board, control: Board['control']): (id: string) => number {
  const dice = unionAssaultDice(dateOf(b.turn).year)
  // Each space's cost is asked for many times over the searches from each goal: worked out once.
  const known = new Map<string, number>()
  const work = (id: string) => {
    const s = pack.map.space(id)
    if ((control[id] ?? s.side) === 'USA') return 0
    if (s.side !== 'CSA' || !['oceanPort', 'riverPort', 'fort', 'inlandCity'].includes(s.kind)) return 1000
    return 1 / Math.max(0.02, assaultChance(dice, defenceDice(b, id)).chance)
  }
  return (id) => {
    const c = known.get(id) ?? work(id)
    known.set(id, c)
    return c
  }
}

/** The least summed cost over the land and river lines from `sources` (their own cost counted) to every space (Dijkstra). */
function spread(pack: RebelPack, cost: (id: string) => number, sources: string[]): Map<string, number> {
  const dist = new Map<string, number>(sources.map((id) => [id, cost(id)]))
  const done = new Set<string>()
  for (;;) {
    let at: string | null = null
    for (const [id, d] of dist) if (!done.has(id) && (at === null || d < dist.get(at)!)) at = id
    if (at === null) return dist
    done.add(at)
    for (const n of pack.map.neighbours(at, ASSAULT_LINES)) {
      const d = dist.get(at)! + cost(n)
      if (d < (dist.get(n) ?? Number.POSITIVE_INFINITY)) dist.set(n, d)
    }
  }
}

/**
 * RB 16.11 needs every victory city: how much taking each space helps, summed over the cities the
 * Union lacks. A space on the surest way from what the Union holds to a city counts as many assaults
 * as that way still takes, so the city furthest off, the one the victory waits for, counts most; a
 * space on a longer way counts less, the longer the less (SLACK), so the house keeps to the ways the
 * dice favour.
 */
function weights(pack: RebelPack, b: Board): Map<string, number> {
  const cost = costOf(pack, b, b.control)
  const held = pack.map.spaces.filter((s) => (b.control[s.id] ?? s.side) === 'USA').map((s) => s.id)
  const from = spread(pack, cost, held)
  const out = new Map<string, number>()
  for (const goal of GOALS) {
    if (b.control[goal] === 'USA') continue
    const best = from.get(goal)
    if (best === undefined || best >= 1000) continue
    for (const [id, d] of spread(pack, cost, [goal])) {
      const via = (from.get(id) ?? 1e9) + d - cost(id) - best
      if (via < 3 * SLACK) out.set(id, (out.get(id) ?? 0) + best * Math.exp(-via / SLACK))
    }
  }
  return out
}

const CITY_KINDS = ['oceanPort', 'riverPort', 'inlandCity']

/**
 * 13.11: whether a fort the Union took would wither at the next supply phase, no land or river line
 * joining it to a city or port the Union holds or is likely to take (Forts Jackson & St. Philip are
 * supplied from the sea).
 */
function withers(pack: RebelPack, held: (id: string) => number, target: string): boolean {
  if (pack.map.space(target).kind !== 'fort' || target === 'FJSP') return false
  return !pack.map.neighbours(target, ASSAULT_LINES).some((n) => {
    const s = pack.map.space(n)
    return CITY_KINDS.includes(s.kind) && held(n) >= 0.5
  })
}

interface Option {
  target: string
  line: string
  /** The chance the line is carried out: its start held, its target not yet taken. */
  runs: number
  chance: number
  score: number
}

/** The assault lines open after the lines so far: `held` is each space's chance of being the Union's by then. */
function optionsOn(
  pack: RebelPack,
  b: Board,
  held: Map<string, number>,
  worth: Map<string, number>,
  closed: Set<string>,
) {
  const dice = unionAssaultDice(dateOf(b.turn).year)
  const p = (id: string) => held.get(id) ?? 0
  const options: Option[] = []
  for (const target of pack.map.spaces.map((s) => s.id)) {
    const space = pack.map.space(target)
    if (space.side !== 'CSA' || p(target) >= 1 || closed.has(target) || withers(pack, p, target)) continue
    const { chance, tactics } = assaultChance(dice, defenceDice(b, target))
    if (chance < LEAST_CHANCE) continue
    const froms = pack.map.neighbours(target).filter((from) => p(from) > 0)
    froms.sort((x, y) => p(y) - p(x))
    for (const from of froms) {
      const kind = pack.map.between(from, target).includes('land') ? 'land' : 'river'
      if (assaultProblem(pack.map, { ...b.control, [from]: 'USA' }, target, kind, from)) continue
      // The target can fall only after its start does: the line runs while the start is held and the target is not.
      const runs = Math.max(0, p(from) - p(target))
      const line = `ASSAULT ${target} FROM ${from}${tactics ? ` TACTICS ${tactics}` : ''}`
      // A space off every way to a victory city still costs the Confederacy points (11.67-11.68).
      const score = runs * chance * ((worth.get(target) ?? 0) + 0.001)
      options.push({ target, line, runs, chance, score })
      break
    }
  }
  return options
}

/**
 * The Union's river and land assaults, one line a pawn (11.1), best first: each line's worth is the
 * chance it is carried out (its start held, its target still Confederate) times its chance of taking
 * the space (11.62-11.63) times how much that space helps toward the victory cities (weights). A line
 * may start from a space an earlier line may take (11.8), or go in again where one may fail: a line
 * whose start is not taken, or whose target is taken already, is skipped without spending its pawn.
 */
export function unionAssaults(pack: RebelPack, b: Board, view: View, choice: Choice, pawns: number): string[] {
  const closed = barred(view)
  const worth = weights(pack, b)
  const held = new Map<string, number>()
  for (const s of pack.map.spaces) if ((b.control[s.id] ?? s.side) === 'USA') held.set(s.id, 1)
  const lines: string[] = []
  while (lines.length < pawns) {
    const options = optionsOn(pack, b, held, worth, closed)
    if (!options.length) break
    const top = Math.max(...options.map((o) => o.score))
    if (top <= 0) break
    const best = options.filter((o) => o.score >= top - 1e-12)
    const pick = best[choice.below(best.length, 'assault')]!
    lines.push(pick.line)
    held.set(pick.target, (held.get(pick.target) ?? 0) + pick.runs * pick.chance)
  }
  return lines
}
