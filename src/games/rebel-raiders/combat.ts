// Naval combat (RB 10): ship against ship, ships against batteries, and the defender's choice in a
// port or fort each round (shelter behind the batteries, sortie, or both together). Fire is
// simultaneous: every shooter names one target before the dice (a battery's two dice may go to two),
// dice at a target already sunk by its own side's earlier dice are wasted, and whatever was hit
// leaves at the end of the round. Targets and retreats are the players' standing choices; the
// functions here take them as arguments.
import { PUBLIC, type Dice } from '../contract.ts'
import type { PieceType, Side } from './setup.ts'

export type UnitType = PieceType

export interface Unit {
  id: string
  side: Side
  type: UnitType
  /** The ship standing in front of this one against batteries (10.21), if any. */
  shieldedBy?: string
}

/** The defender's choice each round when it has both ships and batteries (10.12). */
export type Tactic = 'shelter' | 'sortie' | 'combined'

/** The lowest die that destroys a target of this type (10.24, 10.34). */
export function hitOn(target: UnitType): number {
  return target === 'ironclad' || target === 'battery' ? 6 : target === 'gunboat' ? 4 : 5
}

/** Dice a unit rolls in a round (10.22-10.23, 10.33), against batteries or against ships. */
export function diceOf(u: Unit, againstBatteries: boolean): number {
  if (u.type === 'battery') return 2
  if (u.type === 'runner') return 0
  if (!againstBatteries) return u.type === 'sloop' ? 2 : 1
  if (u.type === 'gunboat') return u.shieldedBy ? 0 : 1
  if (u.type === 'sloop') return u.shieldedBy ? 1 : 2
  return 1
}

/** Checks a Union naval shield (10.21): ironclads shield sloops, sloops shield gunboats, one each. */
export function shieldProblems(units: Unit[]): string[] {
  const problems: string[] = []
  const by = new Map(units.map((u) => [u.id, u]))
  const used = new Set<string>()
  for (const u of units) {
    if (!u.shieldedBy) continue
    const front = by.get(u.shieldedBy)
    if (!front || front.side !== u.side)
      problems.push(`${u.id} is shielded by ${u.shieldedBy}, not one of its side's ships here`)
    else if (used.has(front.id)) problems.push(`${front.id} shields one ship only (10.21)`)
    else if (!((front.type === 'ironclad' && u.type === 'sloop') || (front.type === 'sloop' && u.type === 'gunboat')))
      problems.push(
        `${front.id} (${front.type}) cannot shield ${u.id} (${u.type}): ironclads shield sloops and sloops shield gunboats (10.21)`,
      )
    used.add(u.shieldedBy)
  }
  return problems
}

/** One shot as fired: who, at what, the die, and whether it destroyed the target. */
export interface Shot {
  shooter: string
  target: string
  die: number
  hit: boolean
  wasted: boolean
}

export interface Round {
  tactic: Tactic | null
  shots: Shot[]
  destroyed: string[]
}

/**
 * Chooses each shooter's targets among the units it may fire at; the default concentrates on the
 * enemy easiest to destroy (lowest hitOn), then the first listed. A battery's two dice may split.
 */
export type Targeting = (shooter: Unit, targets: Unit[], dice: number) => string[]

export const easiestFirst: Targeting = (_shooter, targets, dice) => {
  const best = [...targets].sort((a, b) => hitOn(a.type) - hitOn(b.type))[0]
  return best ? Array.from({ length: dice }, () => best.id) : []
}

/**
 * One round (10.2, 10.3): `attackers` against `defenders` in one space. With batteries and ships on
 * the defending side the defender's tactic says who fights: shelter (only batteries, and only they
 * are fired at), sortie (only ships), combined (all). Shielded Union ships cannot be fired at by
 * batteries (10.22); against ships no shield counts (10.33).
 */
export function fightRound(
  dice: Dice,
  attackers: Unit[],
  defenders: Unit[],
  opts: { tactic?: Tactic; attackerTargets?: Targeting; defenderTargets?: Targeting; round?: number } = {},
): Round {
  const batteries = defenders.filter((u) => u.type === 'battery')
  const ships = defenders.filter((u) => u.type !== 'battery')
  const tactic: Tactic | null = batteries.length && ships.length ? (opts.tactic ?? 'combined') : null
  // Under shelter only the batteries fight and are fired at; under sortie only the ships.
  const engaged = tactic === 'shelter' ? batteries : tactic === 'sortie' ? ships : defenders
  const shots: Shot[] = []
  const destroyed = new Set<string>()
  const label = `round ${opts.round ?? 1}`
  const volley = (shooters: Unit[], enemies: Unit[], targeting: Targeting) => {
    const sunkByThisSide = new Set<string>()
    for (const s of shooters) {
      // Batteries may fire only at ironclads and unshielded ships (10.22).
      const eligible = s.type === 'battery' ? enemies.filter((e) => !e.shieldedBy) : enemies
      const most = s.type === 'battery' ? 2 : Math.max(diceOf(s, false), diceOf(s, true))
      if (!most || !eligible.length) continue
      const aims = targeting(s, eligible, most)
      if (!aims.length) continue
      const find = (id: string) => {
        const t = eligible.find((e) => e.id === id)
        if (!t) throw new Error(`${s.id} aims at ${id}, which it may not fire at here`)
        return t
      }
      // A battery's two dice may go to two targets; a ship puts all its dice on one (10.22, 10.23, 10.32).
      const first = find(aims[0]!)
      const plan =
        s.type === 'battery' ? aims.slice(0, 2).map(find) : Array(diceOf(s, first.type === 'battery')).fill(first)
      for (const [i, target] of plan.entries()) {
        const die = dice.roll(`${label}: ${s.id} at ${target.id} (${i + 1})`, 6, PUBLIC)
        const wasted = sunkByThisSide.has(target.id)
        const hit = !wasted && die >= hitOn(target.type)
        if (hit) {
          sunkByThisSide.add(target.id)
          destroyed.add(target.id)
        }
        shots.push({ shooter: s.id, target: target.id, die, hit, wasted })
      }
    }
  }
  // The defender fires and marks its hits; then every attacker that began the round fires (10.24).
  volley(engaged, attackers, opts.defenderTargets ?? easiestFirst)
  volley(attackers, engaged, opts.attackerTargets ?? easiestFirst)
  return { tactic, shots, destroyed: [...destroyed] }
}

export interface Battle {
  rounds: Round[]
  /** Units left on each side at the end. */
  attackers: Unit[]
  defenders: Unit[]
  ended: 'attacker-gone' | 'defender-gone' | 'both-gone' | 'attacker-retreated' | 'defender-retreated'
}

/**
 * Rounds until one side is gone or retreats (10.35-10.37). After each round the attacker may
 * retreat first, then the defender if it may (the caller knows where it could go, 10.36).
 */
export function battle(
  dice: Dice,
  attackers: Unit[],
  defenders: Unit[],
  choices: {
    tactic?: (round: number, defenders: Unit[]) => Tactic
    attackerTargets?: Targeting
    defenderTargets?: Targeting
    attackerRetreats?: (round: number, attackers: Unit[], defenders: Unit[]) => boolean
    defenderRetreats?: (round: number, attackers: Unit[], defenders: Unit[]) => boolean
    maxRounds?: number
  } = {},
): Battle {
  let a = [...attackers]
  let d = [...defenders]
  const rounds: Round[] = []
  const fighting = (units: Unit[]) => units.filter((u) => u.type !== 'runner')
  for (let n = 1; n <= (choices.maxRounds ?? 50); n++) {
    const r = fightRound(dice, a, d, {
      ...(choices.tactic ? { tactic: choices.tactic(n, d) } : {}),
      ...(choices.attackerTargets ? { attackerTargets: choices.attackerTargets } : {}),
      ...(choices.defenderTargets ? { defenderTargets: choices.defenderTargets } : {}),
      round: n,
    })
    rounds.push(r)
    a = a.filter((u) => !r.destroyed.includes(u.id))
    d = d.filter((u) => !r.destroyed.includes(u.id))
    const aGone = fighting(a).length === 0
    const dGone = fighting(d).length === 0
    if (aGone || dGone)
      return {
        rounds,
        attackers: a,
        defenders: d,
        ended: aGone && dGone ? 'both-gone' : aGone ? 'attacker-gone' : 'defender-gone',
      }
    if (choices.attackerRetreats?.(n, a, d)) return { rounds, attackers: a, defenders: d, ended: 'attacker-retreated' }
    if (choices.defenderRetreats?.(n, a, d)) return { rounds, attackers: a, defenders: d, ended: 'defender-retreated' }
  }
  throw new Error('the battle did not end: a rules loop')
}
