// The standard house player's assaults (RB 11): the Union goes in nearest the cities its victory
// needs (16.11) where its dice outnumber the defender's (11.62: the year's dice against two, one more per battery up to three, one more at
// Richmond), over a river or land line from a space it holds, one cannon pawn each (11.1). Each is put
// through the game's own assault check on the board the view shows before it is written.
import type { Choice, View } from '../contract.ts'
import { assaultProblem, unionAssaultDice } from './assault.ts'
import type { Board } from './houseBoard.ts'
import type { RebelPack } from './pack.ts'
import { dateOf } from './state.ts'
import { MISSISSIPPI } from './supply.ts'

/** #77 and #100 bar assaults on the spaces they name for a turn; the view shows the card, not the turn. */
const BARRING_CARDS = [77, 100]

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

/**
 * RB 16.11: how many assaults away each space lies from the nearest victory city the Union does not
 * hold yet (the Mississippi ports, Atlanta, Richmond), over every line of the map.
 */
function stepsToVictory(pack: RebelPack, b: Board): Map<string, number> {
  const goals = [...MISSISSIPPI, 'ATLA', 'RICH'].filter((id) => b.control[id] !== 'USA')
  const steps = new Map<string, number>(goals.map((g) => [g, 0]))
  let frontier = goals
  for (let d = 1; frontier.length; d++) {
    const next: string[] = []
    for (const at of frontier)
      for (const n of pack.map.neighbours(at))
        if (!steps.has(n)) {
          steps.set(n, d)
          next.push(n)
        }
    frontier = next
  }
  return steps
}

export function unionAssaults(pack: RebelPack, b: Board, view: View, choice: Choice): string[] {
  const pawns = view.unionAssaultsLeft as number
  const dice = unionAssaultDice(dateOf(b.turn).year)
  const closed = barred(pack, view)
  const toVictory = stepsToVictory(pack, b)
  const options: { line: string; edge: number; steps: number }[] = []
  for (const target of pack.map.spaces.map((s) => s.id)) {
    const space = pack.map.space(target)
    if (space.side !== 'CSA' || b.control[target] === 'USA' || closed.has(target)) continue
    const edge = dice - defenceDice(b, target)
    if (edge <= 0) continue
    for (const from of pack.map.neighbours(target)) {
      const kind = pack.map.between(from, target).includes('land') ? 'land' : 'river'
      if (assaultProblem(pack.map, b.control, target, kind, from)) continue
      options.push({ line: `ASSAULT ${target} FROM ${from}`, edge, steps: toVictory.get(target) ?? 99 })
      break
    }
  }
  // The assaults nearest the victory cities first (16.11), the dice's edge over the defence next.
  const lines: string[] = []
  while (lines.length < pawns && options.length) {
    const near = Math.min(...options.map((o) => o.steps))
    const top = Math.max(...options.filter((o) => o.steps === near).map((o) => o.edge))
    const best = options.filter((o) => o.steps === near && o.edge === top)
    const pick = best[choice.below(best.length, 'assault')]!
    lines.push(pick.line)
    options.splice(options.indexOf(pick), 1)
  }
  return lines
}
