// The Union's optional purchases of PB 18.2: Hunt's Artillery (18.21), a +1 bought for the next
// turn's assaults and defences, and Two If By Sea (18.23), a pawn upgraded for a second amphibious
// assault on an ocean port next turn. Bought with `BUILD HUNTS` and `BUILD UPGRADE` in the Union
// build; the Union declares where a Hunt's +1 goes with a standing `HUNT AT <space>[,...]` (18.21: it
// is declared before the dice), else it goes to the turn's first assaults and defences (ruling RR-O6). Also the free ships of Increased Ship Building (18.24), checked here for builds.ts.
import type { BuildContext, BuildOrder, BuildPlan } from './buildTypes.ts'
import { usesRule } from './optionalRules.ts'
import type { PhaseRun } from './phaseRun.ts'
import { militiaBought } from './militia.ts'
import { repairBuild, repaired } from './ironcladDamage.ts'
import type { RrCommand } from './orderTypes.ts'
import type { Side } from './setup.ts'
import type { RrState } from './state.ts'

/** Hunt's Artillery: at most two a build, one build each, not in 1861 (18.21). */
const HUNTS_A_TURN = 2
/** Two If By Sea: one upgrade a turn for two builds (18.23). */
const UPGRADE_COST = 2

/**
 * A Union build line for an optional purchase, checked and priced (false when the line is no such
 * purchase). `pay` takes builds from what is left and says why not.
 */
export function optionalUnionBuild(
  o: BuildOrder,
  ctx: BuildContext,
  plan: BuildPlan,
  pay: (builds: number) => boolean,
  fail: (message: string) => void,
): boolean {
  const bought = (type: string) => plan.nextTurn.filter((n) => n.type === type).length
  if (repairBuild('USA', o, ctx, plan, pay, fail)) return true
  if (o.what === 'hunts') {
    if (!ctx.rules?.includes('18.21')) fail("Hunt's Artillery is optional rule 18.21, not chosen for this game")
    else if (ctx.year < 1862) fail("no Hunt's Artillery in 1861 (18.21)")
    else if (bought('hunts') >= HUNTS_A_TURN) fail(`at most ${HUNTS_A_TURN} Hunt's Artillery a build (18.21)`)
    else if (pay(1)) plan.nextTurn.push({ type: 'hunts', at: null })
    return true
  }
  if (o.what === 'upgrade') {
    if (!ctx.rules?.includes('18.23')) fail('Two If By Sea is optional rule 18.23, not chosen for this game')
    else if (bought('upgrade') >= 1) fail('one pawn upgraded a turn (18.23)')
    else if (pay(UPGRADE_COST)) plan.nextTurn.push({ type: 'upgrade', at: null })
    return true
  }
  return false
}

/** 18.24: a free sloop or gunboat, 3 VP to the Confederacy each, placed as a built one is; whether it is taken. */
export function freeShip(
  o: BuildOrder,
  ctx: BuildContext,
  plan: BuildPlan,
  fail: (message: string) => void,
  taken: { n: number },
): boolean {
  const allowed = ctx.freeShips ?? 0
  const refusal =
    o.what !== 'sloop' && o.what !== 'gunboat'
      ? 'only screw sloops and gunboats come free (18.24)'
      : taken.n < allowed
        ? null
        : allowed
          ? `${allowed} free ship(s) a turn in ${ctx.year} (18.24)`
          : 'no free ships without optional rule 18.24'
  if (refusal) {
    fail(refusal)
    return false
  }
  taken.n++
  plan.vp += 3
  return true
}

/** A purchase of 18.21 or 18.23 made: it serves in the coming turn (18.31's militia, this turn: militia.ts). */
export function optionalBought(
  run: PhaseRun,
  type: 'hunts' | 'upgrade' | 'militia' | 'repair',
  at: string | null,
): void {
  if (type === 'militia') return militiaBought(run, at)
  if (type === 'repair') return repaired(run, at)
  const marks = (run.s.marks ??= {})
  const turn = run.s.turn + 1
  if (type === 'hunts') {
    marks.hunts = { turn, left: (marks.hunts?.turn === turn ? marks.hunts.left : 0) + 1 }
    run.say('18.21', "Hunt's Artillery bought: a +1 for a Union assault or defence next turn.")
  } else {
    marks.upgrade = turn
    run.say('18.23', 'Two If By Sea: a pawn upgraded for a second amphibious assault on an ocean port next turn.')
  }
}

/** 18.21: a Hunt's +1 for this assault or counterattack defence, while the turn has one (one an assault). */
export function huntsBonus(run: PhaseRun, target: string): number {
  const h = run.s.marks?.hunts
  if (!usesRule(run.s, '18.21') || !h || h.turn !== run.s.turn || h.left < 1) return 0
  const kept = run.s.marks?.huntsAt
  if (kept?.length && !kept.includes('ALL') && !kept.includes(target)) return 0
  h.left -= 1
  run.say('18.21', `Hunt's Artillery: +1 to the Union at ${run.name(target)}.`, target)
  return 1
}

/** 18.23: the second amphibious assault on an ocean port this turn, for the orders' check and the resolution. */
export const oceanUpgrade = (s: { marks?: { upgrade?: number }; turn: number }): boolean => s.marks?.upgrade === s.turn

/** A HUNT line (18.21: the Union declares its +1 before the dice), or why it is refused. */
export function readHunt(state: RrState, side: Side, at: string[], line: number): RrCommand | string {
  if (!usesRule(state, '18.21')) return "Hunt's Artillery is optional rule 18.21, not chosen for this game"
  if (side !== 'USA') return "only the Union declares Hunt's Artillery (18.21)"
  return { kind: 'hunt', line, at }
}

/** A standing HUNT order takes effect: the spaces named keep the Hunt's +1; OFF gives it to the first assaults again. */
export function huntsStanding(s: RrState, commands: RrCommand[]): void {
  for (const c of commands)
    if (c.kind === 'hunt') {
      if (c.at.length) (s.marks ??= {}).huntsAt = c.at
      else if (s.marks) delete s.marks.huntsAt
    }
}
