// PB 18.25 Invincible Ironclads: a hit from ships or batteries damages an ironclad instead of sinking
// it (18.251; a card's attack, a ram, the David, the Hunley, still sinks it). It returns fire in that
// round and takes no further part; a damaged ironclad has one movement point and no part in later
// fights (phaseRun.ts, movement.ts). After the battle it stays only where its side holds the field
// (18.252, ruling RR-O11), and is repaired in a build (18.253): a Confederate one in a Confederate port
// for two builds or two special points, a Union one at Cairo, St. Louis, Cincinnati or the Navy
// Yards for one build (`BUILD REPAIR AT <space>`), outside the ports' limits.
import type { BuildContext, BuildOrder, BuildPlan } from './buildTypes.ts'
import type { Battle, Unit } from './combat.ts'
import { usesRule } from './optionalRules.ts'
import type { PhaseRun } from './phaseRun.ts'
import type { Side } from './setup.ts'

const LAND_SPACES = ['oceanPort', 'riverPort', 'fort', 'inlandCity']

/** 18.251: the battle's ironclads are damaged by a hit instead of sunk. */
export function damageable(run: PhaseRun, units: Unit[]): void {
  if (!usesRule(run.s, '18.25')) return
  for (const u of units) if (u.type === 'ironclad') u.card = { ...u.card, damagedInstead: true }
}

/**
 * 18.252 after a battle in `where`: the damaged ironclads are flipped; each stays only where its
 * side holds the field (a defender that kept its port, fort or city, or a side that did not retreat
 * and faces no enemy warship); the others are lost and join `lost`.
 */
export function settleDamage(run: PhaseRun, b: Battle, where: string, aSide: Side, lost: Set<string>): void {
  if (!b.damaged.length) return
  const land = LAND_SPACES.includes(run.space(where).kind)
  const warshipsLeft = (side: Side) =>
    run.piecesAt(where, side, ['gunboat', 'ironclad', 'sloop', 'raider']).filter((p) => !lost.has(p.id)).length
  const wrecks = b.damaged.flatMap((id) => run.s.pieces.filter((x) => x.id === id))
  for (const p of wrecks) p.damaged = true
  for (const p of wrecks) {
    const id = p.id
    const attacker = p.side === aSide
    const retreated = b.ended === (attacker ? 'attacker-retreated' : 'defender-retreated')
    // The other side's retreat leaves the field, though its ships have not moved off yet.
    const otherLeft = b.ended === (attacker ? 'defender-retreated' : 'attacker-retreated')
    const holds = attacker
      ? !land && !retreated && (otherLeft || warshipsLeft(p.side === 'CSA' ? 'USA' : 'CSA') === 0)
      : !retreated && (land || otherLeft || warshipsLeft(aSide) === 0)
    if (holds) run.say('18.252', `${id} is damaged and stays in ${run.name(where)}.`, where)
    else {
      lost.add(id)
      run.say('18.252', `${id} is damaged where its side does not hold the field, and is lost.`, where)
    }
  }
}

/** A `BUILD REPAIR AT <space>` line, checked and priced (false when the line is something else). */
export function repairBuild(
  side: Side,
  o: BuildOrder,
  ctx: BuildContext,
  plan: BuildPlan,
  pay: (builds: number) => boolean,
  fail: (message: string) => void,
): boolean {
  if (o.what !== 'repair') return false
  const at = o.at ?? ''
  const place =
    side === 'USA'
      ? (ctx.repairYards ?? []).includes(at)
      : ctx.map.has(at) &&
        ['oceanPort', 'riverPort'].includes(ctx.map.space(at).kind) &&
        (ctx.control[at] ?? ctx.map.space(at).side) === 'CSA'
  const waiting = (ctx.damaged ?? []).filter((d) => d.side === side && d.at === at).map((d) => d.id)
  const done = plan.nextTurn.filter((n) => n.type === 'repair').map((n) => n.at)
  const ship = waiting.find((id) => !done.includes(id))
  if (!ctx.rules?.includes('18.25')) fail('repairs are optional rule 18.25, not chosen for this game')
  else if (!place)
    fail(
      side === 'USA'
        ? 'a Union ironclad is repaired at Cairo, St. Louis, Cincinnati or the Navy Yards (18.253)'
        : 'a Confederate ironclad is repaired in a Confederate port (18.253)',
    )
  else if (!ship) fail(`no damaged ${side === 'USA' ? 'Union' : 'Confederate'} ironclad to repair at ${at} (18.253)`)
  else if (pay(side === 'USA' ? 1 : 2)) plan.nextTurn.push({ type: 'repair', at: ship })
  return true
}

/** 18.253: the ironclad is flipped back at once. */
export function repaired(run: PhaseRun, id: string | null): void {
  const p = run.s.pieces.find((x) => x.id === id)
  if (!p) return
  delete p.damaged
  run.say('18.253', `${p.id} is repaired in ${run.name(p.at)}.`, p.at)
}
