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

/** #77 and #100 bar assaults on the spaces they name for a turn; the view shows the card, not the turn. */
const BARRING_CARDS = [77, 100]

/** The least chance of taking a space the house spends a pawn on: a pawn not spent is lost at the turn's end. */
const LEAST_CHANCE = 0.05

/** The chance above which the house writes the next assault as if this one had taken its space. */
const LIKELY = 0.5

/** The spaces a barring card the view shows anywhere may close: the house keeps away from them. */
function barred(pack: RebelPack, view: View): Set<string> {
  const seen = (view.cards as Record<string, { discards: number[]; inPlay: number[]; heldAside: { card: number }[] }>)
    .confederate
  const shown = [...(seen?.discards ?? []), ...(seen?.inPlay ?? []), ...(seen?.heldAside ?? []).map((h) => h.card)]
  return new Set(BARRING_CARDS.filter((c) => shown.includes(c)).flatMap((c) => pack.cards.get(c)?.spaces ?? []))
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

const GOALS = [...MISSISSIPPI, 'ATLA', 'RICH']

const ASSAULT_LINES = ['land', 'river', 'river-noships'] as const

/**
 * How many assaults, on average, the way from each space to `goal` still takes over the land and river
 * lines: nothing for a space the Union holds, one over the chance for a Confederate port, fort or
 * city (11.62), so a fortified way counts longer than an open one. Shortest first (Dijkstra).
 */
function distancesTo(pack: RebelPack, b: Board, control: Board['control'], goal: string): Map<string, number> {
  const dice = unionAssaultDice(dateOf(b.turn).year)
  const cost = (id: string): number => {
    const s = pack.map.space(id)
    if ((control[id] ?? s.side) === 'USA') return 0
    if (s.side !== 'CSA' || !['oceanPort', 'riverPort', 'fort', 'inlandCity'].includes(s.kind)) return 1000
    return 1 / Math.max(0.02, assaultChance(dice, defenceDice(b, id)).chance)
  }
  const dist = new Map<string, number>([[goal, cost(goal)]])
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

const CITY_KINDS = ['oceanPort', 'riverPort', 'inlandCity']

/**
 * 13.11: whether a fort the Union took would wither at the next supply phase, no land or river line
 * joining it to a city or port the Union holds (Forts Jackson & St. Philip are supplied from the sea).
 */
function withers(pack: RebelPack, control: Board['control'], target: string): boolean {
  if (pack.map.space(target).kind !== 'fort' || target === 'FJSP') return false
  return !pack.map.neighbours(target, ASSAULT_LINES).some((n) => {
    const s = pack.map.space(n)
    return CITY_KINDS.includes(s.kind) && (control[n] ?? s.side) === 'USA'
  })
}

interface Option {
  target: string
  line: string
  chance: number
}

/** The assaults open on `control` (the board with the spaces earlier lines would take). */
function optionsOn(pack: RebelPack, b: Board, control: Board['control'], closed: Set<string>): Option[] {
  const dice = unionAssaultDice(dateOf(b.turn).year)
  const options: Option[] = []
  for (const target of pack.map.spaces.map((s) => s.id)) {
    const space = pack.map.space(target)
    if (space.side !== 'CSA' || control[target] === 'USA' || closed.has(target)) continue
    if (withers(pack, control, target)) continue
    const { chance, tactics } = assaultChance(dice, defenceDice(b, target))
    if (chance < LEAST_CHANCE) continue
    for (const from of pack.map.neighbours(target)) {
      const kind = pack.map.between(from, target).includes('land') ? 'land' : 'river'
      if (assaultProblem(pack.map, control, target, kind, from)) continue
      const line = `ASSAULT ${target} FROM ${from}${tactics ? ` TACTICS ${tactics}` : ''}`
      options.push({ target, line, chance })
      break
    }
  }
  return options
}

/**
 * RB 16.11 needs every victory city, so the house pushes on each front in turn, the one furthest from
 * its city first: for that city, the open assault on the surest way to it (distancesTo), the best chance next.
 */
function nextAssault(
  pack: RebelPack,
  b: Board,
  options: Option[],
  control: Board['control'],
  served: Set<string>,
  choice: Choice,
) {
  const fronts = GOALS.filter((g) => control[g] !== 'USA' && !served.has(g)).map((goal) => {
    const dist = distancesTo(pack, b, control, goal)
    const near = Math.min(...options.map((o) => dist.get(o.target) ?? 9999))
    return { goal, near, on: options.filter((o) => (dist.get(o.target) ?? 9999) === near) }
  })
  const open = fronts.filter((f) => f.on.length && f.near < 1000)
  const far = Math.max(...open.map((f) => f.near))
  const behind = open.filter((f) => f.near === far)
  const front = behind.length ? behind[choice.below(behind.length, 'front')]! : null
  const on = front ? front.on : options
  const top = Math.max(...on.map((o) => o.chance))
  const best = on.filter((o) => o.chance === top)
  return { pick: best[choice.below(best.length, 'assault')]!, goal: front?.goal }
}

export function unionAssaults(pack: RebelPack, b: Board, view: View, choice: Choice): string[] {
  // A river or land assault may not spend the pawns kept for landings from the sea (#24).
  const pawns = (view.unionAssaultsLeft as number) - ((view.unionSeaPawnsLeft as number | undefined) ?? 0)
  const closed = barred(pack, view)
  const hoped = { ...b.control }
  const served = new Set<string>()
  // Each front gets a line in turn. A later line may start from a space an earlier one is likely to
  // take; one less likely stays open for the next front's line to try again. A line whose start is not
  // taken, or whose target is taken already, is skipped at resolution without spending its pawn.
  const lines: string[] = []
  while (lines.length < pawns) {
    const options = optionsOn(pack, b, hoped, closed)
    if (!options.length) break
    if (GOALS.every((g) => hoped[g] === 'USA' || served.has(g))) served.clear()
    const { pick, goal } = nextAssault(pack, b, options, hoped, served, choice)
    if (goal) served.add(goal)
    lines.push(pick.line)
    if (pick.chance >= LIKELY) hoped[pick.target] = 'USA'
  }
  return lines
}
