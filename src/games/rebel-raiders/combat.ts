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
  /** What cards give it (17.23): see CardStrengths. */
  card?: CardStrengths
  /** This round only, set by a card before the round: see RoundOrders. */
  now?: RoundOrders
}

/** A named ship's strengths for a whole battle (battleCards.ts sets them from the cards played). */
export interface CardStrengths {
  /** Dice more in every round (#10, #20), only against targets of `extraDiceAgainst` when set (#14). */
  extraDice?: number
  extraDiceAgainst?: UnitType
  /** Added to each of its combat dice (#22, #28, #70). */
  dieBonus?: number
  /** Hits it shrugs off, used up as they come (#19, #23, #26, #86). */
  ignoresHits?: number
  /** A hit does not sink it: a die of this or more and it fights on, else it leaves the battle (#13, #15; 7 for always, #70). */
  hitTest?: number
  /** Its own dice against batteries count twice (#1; dice from other cards do not). */
  doubleAgainstBatteries?: boolean
  /** Asked as a hit lands: whether a card played now makes it shrug the hit off (#23, #26). */
  spareHit?: () => boolean
  /** Asked as one of its dice misses: whether a card played now rolls that die again (#27). */
  rerollMiss?: () => boolean
  /** A hit damages it instead of sinking it: it takes no further part (optional rule 18.25). */
  damagedInstead?: boolean
}

/** A card's effect on one round (cleared after it). */
export interface RoundOrders {
  /** Does not fire this round (#25). */
  holdsFire?: boolean
  /** Neither fires nor may be fired at (#47, an ironclad broken down). */
  outOfAction?: boolean
  /** Dice more (or fewer) this round (#101, #54). */
  diceDelta?: number
  /** Added to each die this round (#110). */
  dieBonus?: number
  /** Missed dice it may roll again this round, the new result standing (#3). */
  missRerolls?: number
}

/** The defender's choice each round when it has both ships and batteries (10.12). */
export type Tactic = 'shelter' | 'sortie' | 'combined'

/** The lowest die that destroys a target of this type (10.24, 10.34). */
export function hitOn(target: UnitType): number {
  return target === 'ironclad' || target === 'battery' ? 6 : target === 'gunboat' ? 4 : 5
}

/** Dice a unit rolls in a round (10.22-10.23, 10.33), against batteries or against ships, before cards. */
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
  /** Units a hit sent out of the battle instead of sinking them (#13, #15, #70). */
  withdrawn: string[]
  /** Ironclads a hit damaged instead of sinking them (18.251). */
  damaged: string[]
  /** What the cards did in the round, in words (a hit shrugged off, a ship leaving). */
  notes: string[]
}

/** Dice a unit rolls at a target this round, its cards included. */
function diceAt(s: Unit, target: Unit): number {
  const vsBattery = target.type === 'battery'
  const own = s.type === 'battery' ? 2 : diceOf(s, vsBattery) * (vsBattery && s.card?.doubleAgainstBatteries ? 2 : 1)
  const extra =
    s.card?.extraDice && (!s.card.extraDiceAgainst || s.card.extraDiceAgainst === target.type) ? s.card.extraDice : 0
  return Math.max(0, own + extra + (s.now?.diceDelta ?? 0))
}

/**
 * Chooses each shooter's targets among the units it may fire at; the default concentrates on the
 * enemy easiest to destroy (lowest hitOn), among those as easy a ship before a battery (a warship left
 * repulses a landing, 10.41), then one no card lets shrug off a hit, then the first listed; a battery's
 * two dice go to the first two. This is the default a side's AIM orders override (aims.ts).
 */
export type Targeting = (shooter: Unit, targets: Unit[], dice: number) => string[]

/** Whether a card lets the unit shrug off (or test against) its next hit: the Hartford, the Brooklyn and the rest. */
const guarded = (u: Unit): number => (u.card?.ignoresHits || u.card?.hitTest !== undefined ? 1 : 0)

export const easiestFirst: Targeting = (shooter, targets, dice) => {
  const battery = (u: Unit) => (u.type === 'battery' ? 1 : 0)
  const ranked = [...targets].sort(
    (a, b) => hitOn(a.type) - hitOn(b.type) || battery(a) - battery(b) || guarded(a) - guarded(b),
  )
  // A battery spreads its dice over the first targets of that order, as the play book's batteries do (PB 22).
  if (shooter.type === 'battery' && ranked.length)
    return Array.from({ length: dice }, (_, i) => ranked[i % ranked.length]!.id)
  const best = ranked[0]
  return best ? Array.from({ length: dice }, () => best.id) : []
}

/** A round as it is fought: the dice, its label, and what the shots have done so far. */
interface RoundState {
  dice: Dice
  label: string
  shots: Shot[]
  destroyed: Set<string>
  withdrawn: Set<string>
  damaged: Set<string>
  notes: string[]
}

/** A hit lands: shrugged off, sent out of the battle, or sunk. Returns whether it sank or sent it away. */
function strike(st: RoundState, target: Unit): boolean {
  const { notes } = st
  if (target.card?.ignoresHits) {
    target.card.ignoresHits -= 1
    notes.push(`${target.id} shrugs off a hit`)
    return false
  }
  if (target.card?.spareHit?.()) {
    delete target.card.spareHit
    notes.push(`${target.id} shrugs off a hit`)
    return false
  }
  if (target.card?.hitTest !== undefined) {
    const test = target.card.hitTest
    const die = test > 6 ? 0 : st.dice.roll(`${st.label}: ${target.id} hit, fights on?`, 6, PUBLIC)
    if (test <= 6 && die >= test) {
      notes.push(`${target.id} is hit and fights on (die ${die})`)
      return false
    }
    st.withdrawn.add(target.id)
    notes.push(`${target.id} is hit and leaves the battle instead of sinking${test <= 6 ? ` (die ${die})` : ''}`)
    return true
  }
  if (target.card?.damagedInstead) {
    st.damaged.add(target.id)
    notes.push(`${target.id} is damaged`)
    return true
  }
  st.destroyed.add(target.id)
  return true
}

/** Whether a missed die of this shooter is rolled again: a round's allowance first, then a card played now. */
function rollsAgain(u: Unit): boolean {
  if (u.now?.missRerolls) {
    u.now.missRerolls -= 1
    return true
  }
  if (!u.card?.rerollMiss?.()) return false
  delete u.card.rerollMiss
  return true
}

/** One side's shooters fire at their chosen targets; dice at a target this side already sank are wasted. */
function volley(st: RoundState, shooters: Unit[], enemies: Unit[], targeting: Targeting): void {
  const goneByThisSide = new Set<string>()
  for (const s of shooters) {
    if (s.now?.holdsFire || s.now?.outOfAction) continue
    // Batteries may fire only at ironclads and unshielded ships (10.22).
    const eligible = enemies.filter((e) => !e.now?.outOfAction && !(s.type === 'battery' && e.shieldedBy))
    const most = Math.max(...eligible.map((e) => diceAt(s, e)), 0)
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
    const plan: Unit[] =
      s.type === 'battery'
        ? Array.from({ length: diceAt(s, first) }, (_, i) => find(aims[Math.min(i, aims.length - 1)]!))
        : Array(diceAt(s, first)).fill(first)
    const bonus = (s.card?.dieBonus ?? 0) + (s.now?.dieBonus ?? 0)
    for (const [i, target] of plan.entries()) {
      let die = st.dice.roll(`${st.label}: ${s.id} at ${target.id} (${i + 1})`, 6, PUBLIC)
      const wasted = goneByThisSide.has(target.id)
      let hit = !wasted && die + bonus >= hitOn(target.type)
      if (!wasted && !hit && rollsAgain(s)) {
        // A card's reroll after the dice (#3, #27): the new result stands.
        die = st.dice.roll(`${st.label}: ${s.id} at ${target.id} (${i + 1}) rolled again`, 6, PUBLIC)
        hit = die + bonus >= hitOn(target.type)
        st.notes.push(`${s.id} rolls a missed die again: ${die}`)
      }
      if (hit && strike(st, target)) goneByThisSide.add(target.id)
      st.shots.push({ shooter: s.id, target: target.id, die, hit, wasted })
    }
  }
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
  opts: {
    tactic?: Tactic
    attackerTargets?: Targeting
    defenderTargets?: Targeting
    round?: number
    /** The batteries fire first and their hits sink before anyone answers (#1's first round). */
    batteriesFirst?: boolean
  } = {},
): Round {
  const batteries = defenders.filter((u) => u.type === 'battery')
  const ships = defenders.filter((u) => u.type !== 'battery')
  const tactic: Tactic | null = batteries.length && ships.length ? (opts.tactic ?? 'combined') : null
  // Under shelter only the batteries fight and are fired at; under sortie only the ships.
  const engaged = (tactic === 'shelter' ? batteries : tactic === 'sortie' ? ships : defenders).filter(
    (u) => !u.now?.outOfAction,
  )
  const st: RoundState = {
    dice,
    label: `round ${opts.round ?? 1}`,
    shots: [],
    destroyed: new Set(),
    withdrawn: new Set(),
    damaged: new Set(),
    notes: [],
  }
  const defenderTargets = opts.defenderTargets ?? easiestFirst
  const attackerTargets = opts.attackerTargets ?? easiestFirst
  const out = (u: Unit) => st.destroyed.has(u.id) || st.withdrawn.has(u.id) || st.damaged.has(u.id)
  if (opts.batteriesFirst) {
    // The batteries' hits sink before the attacker answers; the defending ships still fire with the batteries.
    volley(
      st,
      engaged.filter((u) => u.type === 'battery'),
      attackers,
      defenderTargets,
    )
    const survivors = attackers.filter((u) => !out(u))
    volley(
      st,
      engaged.filter((u) => u.type !== 'battery'),
      survivors,
      defenderTargets,
    )
    volley(st, survivors, engaged, attackerTargets)
  } else {
    // The defender fires and marks its hits; then every attacker that began the round fires (10.24).
    volley(st, engaged, attackers, defenderTargets)
    volley(st, attackers, engaged, attackerTargets)
  }
  return {
    tactic,
    shots: st.shots,
    destroyed: [...st.destroyed],
    withdrawn: [...st.withdrawn],
    damaged: [...st.damaged],
    notes: st.notes,
  }
}

export interface Battle {
  rounds: Round[]
  /** Units left on each side at the end. */
  attackers: Unit[]
  defenders: Unit[]
  /** Units that left the battle without sinking (a card's retreat or breakdown), in order. */
  withdrawn: string[]
  /** Ironclads damaged instead of sunk (18.251), in order. */
  damaged: string[]
  ended: 'attacker-gone' | 'defender-gone' | 'both-gone' | 'attacker-retreated' | 'defender-retreated'
}

/** What the cards do before a round: its orders for the units (set on `now`), units that leave, words for the report. */
export interface RoundStart {
  notes?: string[]
  /** Units out of the battle from now on, without sinking (#47). */
  leave?: string[]
  batteriesFirst?: boolean
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
    tactic?: (round: number, defenders: Unit[], attackers: Unit[]) => Tactic
    attackerTargets?: Targeting
    defenderTargets?: Targeting
    attackerRetreats?: (round: number, attackers: Unit[], defenders: Unit[]) => boolean
    defenderRetreats?: (round: number, attackers: Unit[], defenders: Unit[]) => boolean
    /** Defenders that may not follow a retreat (10.36: Union ironclads beyond the sloops to tow them). */
    defendersLeftBehind?: (defenders: Unit[]) => string[]
    /** Attackers that may not follow their side's retreat (Union ironclads beyond the sloops to tow them to sea). */
    attackersLeftBehind?: (attackers: Unit[]) => string[]
    /** The cards' effects on the coming round (battleCards.ts). */
    beforeRound?: (round: number, attackers: Unit[], defenders: Unit[]) => RoundStart
    maxRounds?: number
  } = {},
): Battle {
  let a = [...attackers]
  let d = [...defenders]
  const rounds: Round[] = []
  const withdrawn: string[] = []
  const damaged: string[] = []
  const fighting = (units: Unit[]) => units.filter((u) => u.type !== 'runner')
  let heldToTheEnd = false
  let attackersHeld = false
  const result = (ended: Battle['ended']): Battle => ({ rounds, attackers: a, defenders: d, withdrawn, damaged, ended })
  for (let n = 1; n <= (choices.maxRounds ?? 50); n++) {
    const start = choices.beforeRound?.(n, a, d) ?? {}
    if (start.leave?.length) {
      withdrawn.push(...start.leave)
      a = a.filter((u) => !start.leave!.includes(u.id))
      d = d.filter((u) => !start.leave!.includes(u.id))
    }
    const r = fightRound(dice, a, d, {
      ...(choices.tactic ? { tactic: choices.tactic(n, d, a) } : {}),
      ...(choices.attackerTargets ? { attackerTargets: choices.attackerTargets } : {}),
      ...(choices.defenderTargets ? { defenderTargets: choices.defenderTargets } : {}),
      ...(start.batteriesFirst ? { batteriesFirst: true } : {}),
      round: n,
    })
    r.notes.unshift(...(start.notes ?? []))
    rounds.push(r)
    withdrawn.push(...r.withdrawn)
    damaged.push(...r.damaged)
    const gone = (u: Unit) => r.destroyed.includes(u.id) || r.withdrawn.includes(u.id) || r.damaged.includes(u.id)
    a = a.filter((u) => !gone(u))
    d = d.filter((u) => !gone(u))
    for (const u of [...a, ...d]) delete u.now
    const aGone = fighting(a).length === 0
    const dGone = fighting(d).length === 0
    if (aGone || dGone) return result(aGone && dGone ? 'both-gone' : aGone ? 'attacker-gone' : 'defender-gone')
    if (!attackersHeld && choices.attackerRetreats?.(n, a, d)) {
      const behind = choices.attackersLeftBehind?.(a) ?? []
      if (!behind.length) return result('attacker-retreated')
      // The ship table and 10.36: a Union ironclad enters a sea zone only towed; those without a sloop fight on.
      withdrawn.push(...a.filter((u) => !behind.includes(u.id)).map((u) => u.id))
      a = a.filter((u) => behind.includes(u.id))
      r.notes.push(
        `${behind.join(', ')} ${behind.length > 1 ? 'have' : 'has'} no sloop to tow ${behind.length > 1 ? 'them' : 'it'} back and ${behind.length > 1 ? 'fight' : 'fights'} on`,
      )
      attackersHeld = true
    }
    if (!heldToTheEnd && choices.defenderRetreats?.(n, a, d)) {
      const behind = choices.defendersLeftBehind?.(d) ?? []
      if (!behind.length) return result('defender-retreated')
      // 10.36: the rest leave, the ironclads left behind fight on until victory or elimination.
      const away = d.filter((u) => !behind.includes(u.id))
      withdrawn.push(...away.map((u) => u.id))
      d = d.filter((u) => behind.includes(u.id))
      r.notes.push(
        `${behind.join(', ')} ${behind.length > 1 ? 'have' : 'has'} no sloop to tow ${behind.length > 1 ? 'them' : 'it'} out and ${behind.length > 1 ? 'fight' : 'fights'} on`,
      )
      heldToTheEnd = true
    }
  }
  throw new Error('the battle did not end: a rules loop')
}
