// PB 18.31 Arm & Train Local Militia: once the Confederacy is down to four builds or fewer it may
// buy militia in its build (two builds or all that are left, or two special build points; four a
// turn at most), each for this turn's Union assaults. `BUILD MILITIA [AT <space>]` keeps it for an
// assault on that space, or, without AT, for the first assaults (ruling RR-O7); at most two answer
// one assault, each rolling a die: 1 nothing, 2-4 a defence die more, 5-6 two more.
import { onlyRoles, PUBLIC } from '../contract.ts'
import type { BuildContext, BuildOrder, BuildPlan } from './buildTypes.ts'
import { confederateBuilds } from './buildCounts.ts'
import { usesRule } from './optionalRules.ts'
import type { PhaseRun } from './phaseRun.ts'

const MILITIA_A_TURN = 4
const MILITIA_AN_ASSAULT = 2
const MILITIA_COST = 2

/** A Confederate build line for militia, checked and priced (false when the line is something else). */
export function militiaBuild(
  o: BuildOrder,
  ctx: BuildContext,
  plan: BuildPlan,
  pay: (builds: number) => boolean,
  fail: (message: string) => void,
): boolean {
  if (o.what !== 'militia') return false
  const space = o.at && ctx.map.has(o.at) ? ctx.map.space(o.at) : null
  if (!ctx.rules?.includes('18.31')) fail('militia is optional rule 18.31, not chosen for this game')
  else if (confederateBuilds(ctx.citiesLost) > 4)
    fail('militia is raised once the Confederacy has four builds or fewer (18.31)')
  else if (plan.nextTurn.filter((n) => n.type === 'militia').length >= MILITIA_A_TURN)
    fail(`at most ${MILITIA_A_TURN} militia a turn (18.31)`)
  else if (o.at && (!space || (ctx.control[space.id] ?? space.side) !== 'CSA'))
    fail(`militia defends a Confederate space; ${o.at} is not one`)
  else if (!o.special && plan.buildsLeft === 0) fail('militia costs two builds, or all left; none is left (18.31)')
  else if (pay(o.special ? 0 : Math.min(MILITIA_COST, plan.buildsLeft)))
    plan.nextTurn.push({ type: 'militia', at: o.at ?? null })
  return true
}

/** Militia bought: it serves in this turn's Union move only. */
export function militiaBought(run: PhaseRun, at: string | null): void {
  const marks = (run.s.marks ??= {})
  const kept = marks.militia?.turn === run.s.turn ? marks.militia.at : []
  marks.militia = { turn: run.s.turn, at: [...kept, at] }
  // The marker is public, the space it waits for the Confederate's own until an assault meets it.
  run.say('18.31', "Local militia raised against this turn's Union assaults.")
  if (at) run.tell(onlyRoles('confederate'), '18.31', `Your militia waits for an assault on ${run.name(at)}.`)
}

/** 18.31 as a Union assault is announced: up to two militia for the space (its own first), their dice. */
export function militiaDice(run: PhaseRun, target: string): number {
  const m = run.s.marks?.militia
  if (!usesRule(run.s, '18.31') || !m || m.turn !== run.s.turn) return 0
  const chosen: number[] = []
  for (const want of [target, null])
    m.at.forEach((at, i) => {
      if (at === want && chosen.length < MILITIA_AN_ASSAULT) chosen.push(i)
    })
  if (!chosen.length) return 0
  m.at = m.at.filter((_, i) => !chosen.includes(i))
  let dice = 0
  chosen.forEach((_, n) => {
    const die = run.dice.roll(`18.31 militia at ${target} ${n + 1}`, 6, PUBLIC)
    const more = run.pack.optional.militia.diceByDie[die - 1]!
    dice += more
    run.say(
      '18.31',
      `Militia at ${run.name(target)} (die ${die}): ${more ? `${more} defence die more` : 'it routs at the first shot'}.`,
      target,
    )
  })
  return dice
}
