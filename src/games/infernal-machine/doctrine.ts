// The player's standing doctrine (digest 5.4-5.5) and the choices it gives the rules: crew orders,
// the route, targets, approach, tactic, concussion, response and Fate Smiles, ending the mission.
// Where the doctrine is silent the Decider asks at a halt point or applies the automatic answer.
import type { Order } from './boat.ts'
import { conveyanceOf } from './boat.ts'
import { orderErrors } from './crewOrders.ts'
import type { Decider } from './decider.ts'
import { AUTO_CONCUSSION } from './detonation.ts'
import { AUTO_SETUP, type Mission, type SetupChoices } from './mission.ts'
import { enemyEyes, neighbours } from './mission.ts'
import type { MissionChoices } from './missionTurn.ts'
import { mayEnd } from './missionTurn.ts'
import { AUTO_NAV, elevationAllowed, type Maneuver, navCardText, steerer } from './navigation.ts'
import type { ImCommand, Refill } from './commands.ts'
import { repairAsks, repairPriority } from './haltChoices.ts'
import { AUTO_RESPONSE } from './response.ts'
import type { Ctx } from './sortie.ts'
import type { Zone } from './terms.ts'

export interface Doctrine {
  orders: Record<string, Order>
  route: { to: string; elevation?: number }[]
  routeAt: number
  targets: string[]
  approach: 'best' | 'easy' | 'full' | 'full+' | 'strain'
  detonateAt?: Zone
  exitIfHits: number
  concussion: 'easy' | 'full' | 'strain'
  /** When to stop drawing concussion cubes (p.7): the total to reach ('safe': the value), or a Red count. */
  cubes?: { at: number | 'safe'; red?: number }
  reroll: boolean
  fateSmilesHits: number
  navAuto: boolean
  endHome: boolean
  doctor: boolean
  /** Investor sentiment on an odd roll after a Wreck (R27, p.59): 2 Red or a random investor recycled. */
  sentiment?: 'red' | 'investor'
  /** Who fills a Contract's place left empty (p.53, p.62); AUTO when unset. */
  refill?: Refill
  /** The tiles leaks recycle at Recovery, first choice first, numbered as at launch (p.59); AUTO when unset. */
  leaks?: number[]
  /** Nautical condition shifts paid with 2 Red: condition, value rolled, direction (p.16). */
  shifts: { condition: string; from: string; dir: 'up' | 'down'; pay: 'red' | 'action' }[]
  benefit?: string
  slack?: number
  /** Who takes Fatigue and Panic first (R8, p.22); the automatic rule places the rest. */
  markers?: { fatigue?: string[]; panic?: string[] }
}

export const DEFAULT_DOCTRINE: Doctrine = {
  orders: {},
  route: [],
  routeAt: 0,
  targets: [],
  approach: 'best',
  exitIfHits: 9,
  concussion: 'easy',
  reroll: true,
  fateSmilesHits: 2,
  navAuto: true,
  endHome: true,
  doctor: true,
  shifts: [],
}

/** Folds doctrine lines into the standing doctrine (a new ROUTE starts from its first step). */
export function applyDoctrine(d: Doctrine, commands: readonly ImCommand[]): Doctrine {
  const out = structuredClone(d)
  for (const c of commands) {
    if (c.kind === 'orders') out.orders = c.orders
    else if (c.kind === 'route') Object.assign(out, { route: c.steps, routeAt: 0 })
    else if (c.kind === 'target') out.targets = c.markers
    else if (c.kind === 'approach') out.approach = c.crank
    else if (c.kind === 'tactic') Object.assign(out, { detonateAt: c.detonateAt, exitIfHits: c.exitIfHits })
    else if (c.kind === 'concussion') out.concussion = c.crank
    else if (c.kind === 'cubes') out.cubes = { at: c.at, ...(c.red ? { red: c.red } : {}) }
    else if (c.kind === 'response') out.reroll = c.reroll
    else if (c.kind === 'fatesmiles') out.fateSmilesHits = c.hits
    else if (c.kind === 'navcrank') out.navAuto = c.auto
    else if (c.kind === 'endmission') out.endHome = c.home
    else if (c.kind === 'doctor') out.doctor = c.all
    else if (c.kind === 'sentiment') out.sentiment = c.pick
    else if (c.kind === 'refill') out.refill = c.pick
    else if (c.kind === 'leaks') {
      if (c.tiles === 'auto') delete out.leaks
      else out.leaks = c.tiles
    } else if (c.kind === 'shift')
      out.shifts = [...out.shifts.filter((x) => x.condition !== c.condition || x.from !== c.from), c]
    else if (c.kind === 'benefit') out.benefit = c.benefit
    else if (c.kind === 'slack') out.slack = c.depth
    else if (c.kind === 'markers') out.markers = { ...out.markers, [c.marker]: c.personae }
  }
  return out
}

/** The next maneuver along the route: elevation first (one level), then a move if next to the goal. */
export function routeManeuver(ctx: Ctx, m: Mission, d: Doctrine): Maneuver {
  passStep(m, d)
  // Drift may carry a training boat under Enemy Eyes: it leaves at the first chance (p.56).
  if (m.noEnemyWaters && enemyEyes(ctx, m) && steerer(m)) {
    const out = neighbours(ctx, m).find((n) => !enemyEyes(ctx, m, n))
    if (out) return { to: out }
  }
  const step = d.route[d.routeAt]
  if (!step) return {}
  const plan: Maneuver = {}
  const want = step.elevation ?? m.boat.elevation
  const dir = want > m.boat.elevation ? 1 : want < m.boat.elevation ? -1 : 0
  if (dir && elevationAllowed(ctx, m, (m.boat.elevation + dir) as 0)) plan.elevation = dir
  const next = m.position === step.to ? undefined : nextStepToward(ctx, m, step.to)
  if (next && steerer(m)) plan.to = next
  return plan
}

/** The neighbour on a shortest way to the goal (around Enemy Eyes when the mission must avoid them). */
export function nextStepToward(ctx: Ctx, m: Mission, goal: string): string | undefined {
  const from = new Map<string, string>([[m.position, m.position]])
  const queue = [m.position]
  while (queue.length) {
    const at = queue.shift()!
    if (at === goal) break
    for (const n of neighbours(ctx, m, at))
      if (!from.has(n) && !(m.noEnemyWaters && enemyEyes(ctx, m, n))) {
        from.set(n, at)
        queue.push(n)
      }
  }
  if (!from.has(goal)) return undefined
  let step = goal
  while (from.get(step) !== m.position) step = from.get(step)!
  return step
}

const reached = (m: Mission, step: { to: string; elevation?: number }) =>
  m.position === step.to && (step.elevation === undefined || step.elevation === m.boat.elevation)

/** At the start of a turn the step reached is passed, one a turn: a position repeated holds a turn there. */
function passStep(m: Mission, d: Doctrine): void {
  const step = d.route[d.routeAt]
  if (step && reached(m, step)) d.routeAt++
}

/** True when the boat stands on the last step of its route (or has no route). */
export function routeDone(m: Mission, d: Doctrine): boolean {
  return d.routeAt >= d.route.length || (d.routeAt === d.route.length - 1 && reached(m, d.route[d.routeAt]!))
}

/** Mission set-up under the doctrine: paid shifts, Slack Water placement, the Training Benefit. */
export function setupChoices(d: Doctrine, payAction?: () => boolean): SetupChoices {
  return {
    ...AUTO_SETUP,
    payAction,
    shiftPay: (condition) => d.shifts.find((x) => x.condition === condition)?.pay ?? 'red',
    shift: (condition, value) => d.shifts.find((x) => x.condition === condition && x.from === value)?.dir ?? null,
    benefit: () => d.benefit ?? null,
    slackDepth: () => d.slack ?? null,
  }
}

/** The Orders, Navigation and Discovery phases' choices (p.23-37). */
function turnAsks(
  ctx: Ctx,
  d: Doctrine,
  decider: Decider,
  key: () => string,
): Pick<MissionChoices, 'orders' | 'maneuver' | 'crank' | 'targetChecks' | 'attack' | 'panicSpaceMechanism'> {
  return {
    orders: repairPriority(ctx.pack, decider, key, (m) => {
      const given = Object.entries(d.orders).filter(([id]) => m.boat.crew.some((c) => c.id === id && !c.panic))
      const extra = m.extraSkills ?? {}
      // A standing order a man cannot carry out now is dropped for the turn; the first steersman steers.
      const kept = given.filter(([id, o]) => !orderErrors(ctx.pack, m.boat, { [id]: o }, extra).length)
      const steer = kept.findIndex(([, o]) => o.kind === 'steer')
      return Object.fromEntries(kept.filter(([, o], i) => o.kind !== 'steer' || i === steer))
    }),
    maneuver: (m) => routeManeuver(ctx, m, d),
    crank(card, out, m) {
      const auto = AUTO_NAV.crank(card, out, m)
      return decider.ask({
        kind: 'navcrank',
        key: `${key()} navcrank`,
        question: `Navigation card ${card.id} (${navCardText(ctx, card)}): crank Easy (grade ${out.easy.grade}: ${out.easy.result}), Full (${out.full.grade}: ${out.full.result}) or Strain (${out.strain.grade}: ${out.strain.result})?`,
        options: [
          { id: 'easy', label: `grade ${out.easy.grade}, ${out.easy.result}` },
          { id: 'full', label: `grade ${out.full.grade}, ${out.full.result}, 1 Fatigue` },
          { id: 'strain', label: `grade ${out.strain.grade}, ${out.strain.result}, 2 Fatigue` },
        ],
        standing: d.navAuto ? undefined : 'easy',
        auto,
      })
    },
    targetChecks: (_m, eligible, mayLocate) => {
      const standing = d.targets.filter((t) => eligible.includes(t) || (mayLocate && t === 'passage'))
      const pick = decider.ask({
        kind: 'target',
        key: `${key()} target`,
        question: `${eligible.length ? `Target icons here: ${eligible.join(', ')}` : 'No target icon may be checked here'}${mayLocate ? '; an enemy obstruction blocks the way' : ''}. Make a Target Check on which?`,
        options: [
          ...eligible.map((t) => ({ id: t, label: `check ${t}` })),
          ...(mayLocate ? [{ id: 'passage', label: 'locate passage through the obstruction' }] : []),
          { id: 'none', label: 'no Target Check' },
        ],
        standing: standing.length ? standing[0] : undefined,
        auto: 'none',
      })
      if (pick === 'passage') return 'passage'
      return pick === 'none' ? [] : [pick, ...standing.filter((t) => t !== pick && t !== 'passage')]
    },
    attack: (_m, target) =>
      decider.ask({
        kind: 'attack',
        key: `${key()} attack`,
        question: `The ${target} is acquired: start the attack run?`,
        options: [
          { id: 'yes', label: 'attack' },
          { id: 'no', label: 'hold off' },
        ],
        auto: 'yes',
      }) === 'yes',
    // R13 (p.34): no choice is clearly best, so the judge asks at the halt point `malfunction`;
    // otherwise the first mechanism from prow to stern takes it, named in the report.
    panicSpaceMechanism: (_m, options) =>
      decider.ask({
        kind: 'malfunction',
        key: `${key()} panic malfunction`,
        question: "A malfunction in a panicked crewman's space: on which mechanism?",
        options: options.map((o) => ({ id: o, label: o })),
        auto: options[0]!,
      }),
  }
}

/** The attack run's choices: approach, detonation, moves and the Concussion Check (p.3-9). */
function attackAsks(
  ctx: Ctx,
  d: Doctrine,
  decider: Decider,
  key: () => string,
): Pick<MissionChoices, 'approach' | 'detonate' | 'move' | 'concussionCrank' | 'drawAnother'> {
  return {
    approach(roll, options) {
      const rank = (v: string | null) => (v === null ? -1 : ctx.pack.tactical.vectors.findIndex((x) => x.id === v))
      const top = Math.max(...options.map((o) => rank(o.vector)))
      const best = options.find((o) => rank(o.vector) === top)!.crank
      return decider.ask({
        kind: 'approach',
        key: `${key()} approach`,
        question: `Approach die ${roll}: which crank?`,
        options: options.map((o) => ({
          id: o.crank,
          label: `${o.total}: ${o.vector ?? 'fails'}${o.red ? ', +1 Red' : ''}${o.fatigue ? `, ${o.fatigue} Fatigue` : ''}`,
        })),
        standing: d.approach === 'best' ? undefined : d.approach,
        auto: best,
      })
    },
    detonate: (s) => {
      const t = s.tactical!
      const conveyance = conveyanceOf(s.boat)?.kind
      const auto =
        conveyance === 'diver' ||
        !d.detonateAt ||
        t.zone === d.detonateAt ||
        t.zone === 'otherSide' ||
        t.zone === 'contact'
          ? 'yes'
          : 'no'
      return (
        decider.ask({
          kind: 'detonate',
          key: `${key()} detonate`,
          question: `Detonate in the ${t.zone} zone?`,
          options: [
            { id: 'yes', label: 'detonate' },
            { id: 'no', label: 'not yet' },
          ],
          auto,
        }) === 'yes'
      )
    },
    move(s, legal) {
      const t = s.tactical!
      const hits = s.boat.leaks + s.boat.parts.reduce((a, p) => a + p.malfunctions, 0)
      if (hits >= d.exitIfHits || !s.boat.parts.some((p) => p.kind === 'charge'))
        return legal.includes('exit') ? 'exit' : 'rotate'
      for (const step of ['diverOut', 'diverAttach', 'diverIn'] as const) if (legal.includes(step)) return step
      if (t.diver && t.diver.at !== 'airlock') return t.diver.charge === 'carried' ? 'diverAdvance' : 'diverBack'
      if (t.diver) return 'stay'
      return legal.includes('advance') && t.zone !== (d.detonateAt ?? 'contact') ? 'advance' : 'stay'
    },
    concussionCrank: () =>
      decider.ask({
        kind: 'concussion',
        key: `${key()} concussion`,
        question: 'Concussion Check: set the crank before the die (Easy, Full 1 Fatigue, Strain 2 Fatigue)?',
        options: [
          { id: 'easy', label: 'Easy' },
          { id: 'full', label: 'Full' },
          { id: 'strain', label: 'Strain' },
        ],
        auto: d.concussion,
      }),
    drawAnother: (total, needed, s, reds = 0) =>
      d.cubes
        ? total < (d.cubes.at === 'safe' ? needed : d.cubes.at) &&
          (d.cubes.red === undefined || reds < d.cubes.red) &&
          s.pool.black + s.pool.red > 0
        : AUTO_CONCUSSION.drawAnother(total, needed, s, reds),
  }
}

/** The choices of a mission under this doctrine, asking through the Decider where it is silent. */
export function missionChoices(ctx: Ctx, d: Doctrine, decider: Decider, key: () => string): MissionChoices {
  return {
    ...repairAsks(ctx.pack, decider, key),
    ...AUTO_NAV,
    ...turnAsks(ctx, d, decider, key),
    ...attackAsks(ctx, d, decider, key),
    reroll: (dice, attack) => {
      const auto = d.reroll ? AUTO_RESPONSE.reroll(dice, attack) : { crank: 'easy' as const, dice: [] }
      const crank = decider.ask({
        kind: 'response',
        key: `${key()} response`,
        question: `Attack dice ${dice.join(', ')} against ${attack}: crank Easy (no re-roll), Full (re-roll one hit) or Strain (re-roll every hit)?`,
        options: [
          { id: 'easy', label: 'no re-roll' },
          { id: 'full', label: 're-roll one hit, 1 Fatigue' },
          { id: 'strain', label: 're-roll every hit, 2 Fatigue' },
        ],
        auto: auto.crank,
      })
      const hits = dice.flatMap((v, i) => (v < attack ? [i] : []))
      return { crank, dice: crank === 'easy' ? [] : crank === 'full' ? hits.slice(0, 1) : hits }
    },
    fateSmiles: (hits) =>
      decider.ask({
        kind: 'fatesmiles',
        key: `${key()} fate smiles`,
        question: `${hits} hit(s): pay for Fate Smiles (2 Black or 4 Red cancel one hit)?`,
        options: [
          { id: 'black', label: '2 Black' },
          { id: 'red', label: '4 Red' },
          { id: 'no', label: 'keep the cubes' },
        ],
        auto: hits >= d.fateSmilesHits ? 'black' : 'no',
      }) === 'no'
        ? null
        : (decider.last as 'black' | 'red'),
    endMission: (m) =>
      mayEnd(ctx, m) &&
      decider.ask({
        kind: 'endmission',
        key: `${key()} end`,
        question: 'The fishboat is home: end the mission?',
        options: [
          { id: 'yes', label: 'end the mission' },
          { id: 'no', label: 'stay out' },
        ],
        auto: d.endHome && routeDone(m, d) ? 'yes' : 'no',
      }) === 'yes',
    abandon: () => false,
  }
}
