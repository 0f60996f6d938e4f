// PB 18.22 Yankee Industry & Conscription: the Union may ask for either roll or both (`ROLL
// INDUSTRY`, `ROLL CONSCRIPTION` in its move orders; ruling RR-O8), rolled as the move ends so its
// build is written knowing them. A die of 2-3 gives a build, 4-5 two, 6 three, each build gained 2 VP
// to the Confederacy; a 1 costs Industry a build and Conscription one die of points in 1861-1862, two
// from 1863. Industry's builds buy no pawn; Conscription's buy only cards and extra assaults.
import { PUBLIC } from '../contract.ts'
import type { Buildable, BuildPlan } from './buildTypes.ts'
import { usesRule } from './optionalRules.ts'
import type { RrCommand } from './orderTypes.ts'
import type { PhaseRun } from './phaseRun.ts'
import type { Side } from './setup.ts'
import { dateOf, type RrState } from './state.ts'

export type YankeeRoll = 'industry' | 'conscription'

/** A ROLL line, or why it is refused. */
export function readRoll(state: RrState, side: Side, what: YankeeRoll, line: number): RrCommand | string {
  if (!usesRule(state, '18.22'))
    return 'Yankee Industry & Conscription is optional rule 18.22, not chosen for this game'
  if (side !== 'USA' || state.phase !== 'union-move')
    return "the Union asks for the rolls of 18.22 in its move's orders, for the build that follows"
  return { kind: 'roll', line, what }
}

/** 18.22 as the Union move ends: the rolls asked for, their builds kept for this turn's build. */
export function yankeeRolls(run: PhaseRun, commands: RrCommand[]): void {
  const s = run.s
  if (!usesRule(s, '18.22') || s.finished) return
  const asked = new Set(commands.flatMap((c) => (c.kind === 'roll' ? [c.what] : [])))
  if (!asked.size) return
  const table = run.pack.optional.yankeeIndustry
  const got = { turn: s.turn, industry: 0, conscription: 0 }
  for (const what of ['industry', 'conscription'] as const) {
    if (!asked.has(what)) continue
    const die = run.dice.roll(`18.22 ${what}`, 6, PUBLIC)
    const name = what === 'industry' ? 'Yankee Industry' : 'Conscription'
    if (die === 1 && what === 'industry') {
      got.industry = -1
      run.say('18.22', `${name} (die 1): the Union loses a build this turn.`)
    } else if (die === 1) {
      const n = dateOf(s.turn).year >= 1863 ? 2 : 1
      const dice = Array.from({ length: n }, (_, i) => run.dice.roll(`18.22 conscription penalty ${i + 1}`, 6, PUBLIC))
      run.vp(
        dice.reduce((a, b) => a + b, 0),
        '18.22',
        `${name} (die 1) stirs the North against the draft (${dice.join(', ')})`,
      )
    } else {
      got[what] = table.buildsByDie[die - 1]!
      run.vp(
        table.vpPerBuild * got[what],
        '18.22',
        `${name} (die ${die}): ${got[what]} build(s) more for the Union this turn`,
      )
    }
  }
  ;(s.marks ??= {}).yankee = got
}

/** The builds of 18.22 still to spend in a Union build plan. */
export interface ExtraBuilds {
  industry: number
  conscription: number
}

const mayUse = (what: Buildable) => ({
  industry: what !== 'pawn',
  conscription: what === 'pawn' || what === 'card',
})

/** How many builds a purchase of `what` may draw on: the ordinary ones and the 18.22 ones it may use. */
export function buildsFor(plan: BuildPlan, extra: ExtraBuilds, what: Buildable): number {
  const may = mayUse(what)
  return plan.buildsLeft + (may.industry ? extra.industry : 0) + (may.conscription ? extra.conscription : 0)
}

/** Spends `n` builds on `what` (checked with buildsFor): the 18.22 builds first, the ordinary ones last. */
export function spendBuilds(plan: BuildPlan, extra: ExtraBuilds, what: Buildable, n: number): void {
  const may = mayUse(what)
  let due = n
  for (const pool of ['conscription', 'industry'] as const) {
    if (!may[pool]) continue
    const take = Math.min(due, extra[pool])
    extra[pool] -= take
    due -= take
  }
  plan.buildsLeft -= due
}
