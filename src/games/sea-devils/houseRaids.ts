// The standard Confederate house player's voyage for one raider and one turn (5.0, 11.3, 11.5): of
// the ways through the map its movement allowance reaches, the one whose raids take the most
// merchant tonnage by the raid table's mean, with enough coalings on the way (11.52: short of coal,
// every raid of the turn is void), keeping out of the areas where Federal ships were seen, and ending
// in a port that can refit it when its refit period runs out this turn (11.3). It asks the game's own
// port and raid rules about the position rebuilt from the Confederate view (housePorts.ts).
import type { Choice } from '../contract.ts'
import type { OwnShip } from './housePorts.ts'
import { coalPortsAt, enterPortAt, isBar, raidBar, runInBar } from './legality.ts'
import { portWord } from './nations.ts'
import { isPortRefitCapable } from './ports.ts'
import { refitForbiddenByOrigin } from './scriptChecks.ts'
import { baseAllowance, type Ctx, neighbours, type SdState } from './state.ts'
import { raidLoss } from './tables.ts'

/** 5.11: the raid table's mean loss at an area's density. */
export function expectedLoss(ctx: Ctx, area: string): number {
  const a = ctx.area(area)
  let sum = 0
  for (let die = 1; die <= 6; die++) sum += raidLoss(ctx.pack.tables, die, a.density)
  return sum / 6
}

/** How far ahead the search looks: enough for a raider's allowance of moves and raids in one turn. */
const MAX_MOVES = 6
/** What entering an area where a Federal ship was seen costs, in merchant points: a search and perhaps a fight (6.1, 8). */
const SEEN_FEDERAL = 12
/** What running short of coal costs: this turn's raids, and no raiding until a refit (11.52). */
const SHORT_OF_COAL = 60

/** Where the voyage starts: the area, and what leaving port has already spent and coaled. */
export interface Start {
  steps: string[]
  mp: number
  coalings: number
}

interface Voyage {
  steps: string[]
  score: number
}

/** A port in `area` the ship may enter and refit in: its steps and the MP and coalings they add. */
function refitEntry(ctx: Ctx, pos: SdState, s: OwnShip, area: string): { step: string; mp: number } | null {
  if (!runInBar(pos, ctx, area) && !refitForbiddenByOrigin(ctx, s.id, 'CSA')) return { step: 'RUN-IN', mp: 1 }
  const at = enterPortAt(pos, ctx, area)
  if (isBar(at) || !isPortRefitCapable(pos, ctx, area, at.port.nat)) return null
  if (refitForbiddenByOrigin(ctx, s.id, at.port.nat)) return null
  return { step: `ENTER-PORT ${portWord(at.port.nat)}`, mp: 0 }
}

/** The voyage along `path` (areas entered after the start area): its raids chosen by value as the MP allow. */
function voyageAlong(ctx: Ctx, pos: SdState, s: OwnShip, plan: Plan, path: string[]): Voyage | null {
  const end = path.at(-1) ?? plan.from
  const entry = plan.mustRefit ? refitEntry(ctx, pos, s, end) : null
  if (plan.mustRefit && !entry) return null
  let mp = plan.start.mp + path.length + (entry?.mp ?? 0)
  if (mp > plan.allowance) return null
  let coalings = plan.start.coalings + (entry?.step === 'RUN-IN' ? 1 : 0)
  let risk = 0
  for (const a of path) {
    coalings += coalPortsAt(pos, ctx, a, s.commissioned, false).length
    if (plan.watched.has(a)) risk += SEEN_FEDERAL
  }
  // Raids where no Federal ship was seen, the richest first, as many as the MP left allow.
  const candidates = [...new Set([plan.from, ...path])]
    .filter((a) => !plan.watched.has(a) && expectedLoss(ctx, a) > 0 && !raidBar(pos, ctx, s.id, a, 0, s.commissioned))
    .sort((x, y) => expectedLoss(ctx, y) - expectedLoss(ctx, x))
  const raids = new Set(candidates.slice(0, Math.min(plan.oneRaid ? 1 : 99, Math.max(0, plan.allowance - mp))))
  mp += raids.size
  let value = [...raids].reduce((sum, a) => sum + expectedLoss(ctx, a), 0)
  if (coalings < plan.coal) value = -SHORT_OF_COAL
  const steps = [...plan.start.steps]
  if (raids.has(plan.from)) steps.push('RAID')
  for (const a of path) steps.push(raids.has(a) ? `MOVE ${a} +RAID` : `MOVE ${a}`)
  if (entry) steps.push(entry.step)
  return { steps, score: value - risk }
}

interface Plan {
  from: string
  start: Start
  allowance: number
  coal: number
  oneRaid: boolean
  mustRefit: boolean
  watched: Set<string>
}

/**
 * The best voyage for a raider leaving `start` from its area, or null when none reaches a refitting
 * port it must reach. Every simple path of up to MAX_MOVES areas is weighed; ties go to the choice source.
 */
export function bestVoyage(ctx: Ctx, pos: SdState, s: OwnShip, start: Start, watched: Set<string>, choice: Choice) {
  const def = ctx.ship(s.id)
  const plan: Plan = {
    from: s.area!,
    start,
    allowance: baseAllowance(ctx, s) - s.damage,
    coal: def.coal ?? 0,
    oneRaid: !!def.oneRaidPerTurn,
    mustRefit: s.cannotRaidUntilRefit || s.turnsAtSea + 1 >= s.refitPeriod,
    watched,
  }
  const best: Voyage[] = []
  const consider = (v: Voyage | null) => {
    if (!v) return
    if (best.length && v.score < best[0]!.score) return
    if (best.length && v.score > best[0]!.score) best.length = 0
    best.push(v)
  }
  const walk = (path: string[], seen: Set<string>) => {
    consider(voyageAlong(ctx, pos, s, plan, path))
    if (path.length >= Math.min(MAX_MOVES, plan.allowance - start.mp)) return
    for (const n of neighbours(ctx, path.at(-1) ?? plan.from)) {
      if (seen.has(n)) continue
      seen.add(n)
      walk([...path, n], seen)
      seen.delete(n)
    }
  }
  walk([], new Set([plan.from]))
  if (!best.length) return null
  return best[choice.below(best.length, `voyage for ${s.id}`)]!
}
