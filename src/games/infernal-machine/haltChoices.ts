// The choices of digest 5.6 that the player may now also be asked at a halt point: a nautical
// condition's shift after its roll (R6, p.16), the Training Benefit (p.19), the Morale Boost (R10,
// p.32), where to spend Rally markers (R11, p.33) and what is repaired first (R9, p.31). A standing order answers first (SHIFT,
// BENEFIT); without one, HALT shift|benefit|boost|rally|repair asks, and otherwise the automatic answer holds.
import type { DecisionOption } from '../contract.ts'
import { type Order, personaOf } from './boat.ts'
import { orderErrors } from './crewOrders.ts'
import type { Decider } from './decider.ts'
import type { Mission, SetupChoices } from './mission.ts'
import type { ImPack } from './pack.ts'
import { AUTO_REPAIR, type RepairChoices } from './repair.ts'

/** The steps of each shiftable condition, "up" towards the first (p.16). */
export const CONDITION_STEPS: Record<string, readonly string[]> = {
  visibility: ['bright', 'dim', 'inky'],
  drift: ['strong', 'weak', 'calm'],
  direction: ['ebb', 'flood'],
}

/** Mission set-up choices: the doctrine's (`base`, from setupChoices), asking at the shift and benefit halt points. */
export function setupAsks(pack: ImPack, base: SetupChoices, decider: Decider, key: string): SetupChoices {
  return {
    ...base,
    shift(condition, value) {
      const steps = CONDITION_STEPS[condition] ?? []
      const i = steps.indexOf(value)
      const options: DecisionOption[] = [{ id: 'keep', label: `keep ${value}` }]
      if (i > 0) options.push({ id: 'up', label: `shift to ${steps[i - 1]} (2 Red or an Action)` })
      if (i >= 0 && i < steps.length - 1)
        options.push({ id: 'down', label: `shift to ${steps[i + 1]} (2 Red or an Action)` })
      const standing = base.shift(condition, value) ?? undefined
      if (options.length === 1 && !standing) return null
      const pick = decider.ask<string>({
        kind: 'shift',
        key: `${key} shift ${condition}`,
        question: `The ${condition} is rolled ${value}: keep it or shift it one step?`,
        options,
        standing,
        auto: 'keep',
      })
      return pick === 'up' || pick === 'down' ? pick : null
    },
    benefit(m: Mission) {
      const crew = m.boat.crew.map((c) => c.id)
      const options: DecisionOption[] = [
        { id: 'none', label: 'no benefit' },
        { id: 'black', label: 'a Black cube' },
        { id: 'strength', label: '+1 strength for the power grade' },
        ...crew.map((id) => ({ id: `operator:${id}`, label: `${personaOf(pack, { id } as never).name} operates` })),
        ...crew.map((id) => ({
          id: `teamwork:${id}`,
          label: `${personaOf(pack, { id } as never).name} gains Teamwork`,
        })),
      ]
      const standing = base.benefit?.(m) ?? undefined
      const pick = decider.ask<string>({
        kind: 'benefit',
        key: `${key} benefit`,
        question: `Training Level ${m.training}: take which Training Benefit for this mission?`,
        options,
        standing: standing && options.some((o) => o.id === standing) ? standing : undefined,
        auto: 'none',
      })
      return pick === 'none' ? null : pick
    },
  }
}

/** Repair and Rally choices, asking at the boost and rally halt points (automatic answers otherwise). */
export function repairAsks(pack: ImPack, decider: Decider, key: () => string): RepairChoices {
  return {
    boost(m) {
      // With nobody fatigued only the Black cube is possible: nothing to ask.
      if (!m.boat.crew.some((c) => c.fatigue)) return 'black'
      return decider.ask({
        kind: 'boost',
        key: `${key()} boost`,
        question: 'Morale Boost: a Black cube into the Fate Pool, or one Fatigue off a crewman?',
        options: [
          { id: 'black', label: 'a Black cube' },
          { id: 'fatigue', label: 'one Fatigue off' },
        ],
        auto: AUTO_REPAIR.boost(m),
      })
    },
    rally(m) {
      const auto = AUTO_REPAIR.rally(m)
      const marked = [...new Set(m.boat.crew.filter((c) => c.fatigue || c.panic || c.terror).map((c) => c.space))]
      if (!m.rally || !marked.length) return auto
      const names = (space: number) =>
        m.boat.crew
          .filter((c) => c.space === space)
          .map((c) => personaOf(pack, c).name)
          .join(', ')
      const options: DecisionOption[] = [
        { id: 'auto', label: auto.length ? `tile(s) ${auto.join(', ')}, where a man panics` : 'keep the markers' },
        ...marked.map((s) => ({ id: `tile${s}`, label: `clear tile ${s} (${names(s)})` })),
        { id: 'none', label: `keep all ${m.rally} Rally marker(s)` },
      ]
      const pick = decider.ask<string>({
        kind: 'rally',
        key: `${key()} rally`,
        question: `${m.rally} Rally marker(s): clear the markers of which tile?`,
        options,
        auto: 'auto',
      })
      return pick === 'auto' ? auto : pick === 'none' ? [] : [Number(pick.slice(4))]
    },
  }
}

/**
 * Repair priority (R9, p.31): at the Orders Phase, with a Malfunction or a Leak aboard, which one a
 * man is ordered to work on first. The answer gives that order to the first man who may carry it out
 * (not the steersman), in place of his standing order for this turn; `orders` stands otherwise.
 */
export function repairPriority(
  pack: ImPack,
  decider: Decider,
  key: () => string,
  standing: (m: Mission) => Record<string, Order | undefined>,
): (m: Mission) => Record<string, Order | undefined> {
  return (m) => {
    const given = standing(m)
    const broken = m.boat.parts.filter((p) => p.malfunctions > 0)
    if (!broken.length && !m.boat.leaks) return given
    const options: DecisionOption[] = [
      { id: 'standing', label: 'the standing CREW orders' },
      ...broken.map((p) => ({ id: `repair:${p.kind}`, label: `repair the ${p.kind} (${p.malfunctions})` })),
      ...(m.boat.leaks ? [{ id: 'leak', label: `control the leaks (${m.boat.leaks})` }] : []),
    ]
    const pick = decider.ask<string>({
      kind: 'repair',
      key: `${key()} repair`,
      question: `Malfunctions ${broken.map((p) => `${p.kind} ${p.malfunctions}`).join(', ') || 'none'}; Leaks ${m.boat.leaks}: what is worked on first?`,
      options,
      auto: 'standing',
    })
    if (pick === 'standing') return given
    const order: Order = pick === 'leak' ? { kind: 'leakControl' } : { kind: 'repair', target: pick.slice(7) as never }
    const already = Object.values(given).some((o) => JSON.stringify(o) === JSON.stringify(order))
    if (already) return given
    for (const c of m.boat.crew) {
      if (c.panic || given[c.id]?.kind === 'steer') continue
      const tried = { ...given, [c.id]: order }
      if (!orderErrors(pack, m.boat, tried, m.extraSkills ?? {}).length) return tried
    }
    return given
  }
}

/**
 * Investor sentiment after a Wreck, on an odd roll (R27, p.59): 2 Red cubes, or one investor drawn
 * at random withdraws. No answer is clearly best (the Red weigh on every later mission, an investor
 * pays each Winter), so `SENTIMENT` stands or the halt point `sentiment` asks; failing both, 2 Red.
 */
export function askSentiment(decider: Decider, season: string, standing?: 'red' | 'investor'): 'red' | 'investor' {
  return decider.ask<'red' | 'investor'>({
    kind: 'sentiment',
    key: `${season} sentiment`,
    question: 'Investor sentiment is odd: take 2 Red cubes, or let a random investor withdraw?',
    options: [
      { id: 'red', label: '2 Red cubes into the Fate Pool' },
      { id: 'investor', label: 'an investor drawn at random withdraws' },
    ],
    standing,
    auto: 'red',
  })
}
