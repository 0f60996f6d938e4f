// Union assaults (RB 11): which spaces may be assaulted and from where, the dice of both sides with
// the bonus for matching dice and the Union's tactics, the result and its victory points, and what a
// capture costs the Confederacy besides (a die for a city or port, and once a game for the last
// Mississippi port, Atlanta and Richmond).
import { PUBLIC, type Dice } from '../contract.ts'
import type { LinkKind, RebelMap } from './map.ts'
import { type Control, dateOf } from './state.ts'
import { MISSISSIPPI } from './supply.ts'

export type AssaultKind = 'amphibious' | 'river' | 'land'

/** RB 11.62: the Union's assault dice by year; 1865 (a 13th turn) keeps 1864's four (ruling RR-A1). */
export function unionAssaultDice(year: number): number {
  return Math.max(1, Math.min(4, year - 1860))
}

/**
 * RB 11.62: +1 for each pair, +2 for each triple, +3 for four alike, counted so as to give the most
 * (two pairs +2; five alike as four and one, or a triple and a pair, +3; six alike as two triples +4).
 */
export function matchBonus(dice: number[]): number {
  const counts = new Map<number, number>()
  for (const d of dice) counts.set(d, (counts.get(d) ?? 0) + 1)
  const best = (n: number): number =>
    n < 2 ? 0 : Math.max(1 + best(n - 2), n >= 3 ? 2 + best(n - 3) : 0, n >= 4 ? 3 + best(n - 4) : 0)
  return [...counts.values()].reduce((sum, n) => sum + best(n), 0)
}

/** RB 11.63: the most of the year's dice the Union may leave unrolled (card dice never count; one is always rolled; three at most). */
export function tacticsAllowed(s: { turn: number }): number {
  return Math.min(3, unionAssaultDice(dateOf(s.turn).year) - 1)
}

/** Why a tactics number cannot be ordered this turn, with the numbers that can (11.63), or null. */
export function tacticsProblem(s: { turn: number }, n: number): string | null {
  const most = tacticsAllowed(s)
  if (Number.isInteger(n) && n >= 0 && n <= most) return null
  const year = dateOf(s.turn).year
  const choices = Array.from({ length: most + 1 }, (_, i) => String(i)).join(', ')
  return `in ${year} the Union has ${unionAssaultDice(year)} assault ${unionAssaultDice(year) === 1 ? 'die' : 'dice'} and must roll at least one; card dice cannot be traded, and three is the most: TACTICS may be ${most ? `${choices}` : '0 only'} (11.63)`
}

export interface AssaultRoll {
  union: { dice: number[]; tactics: number; total: number }
  csa: { dice: number[]; total: number }
  unionWins: boolean
  /** The Confederate points from the dice alone (11.66-11.67): the difference, to the loser's cost. */
  vp: number
}

/**
 * Rolls an assault (11.6). `tactics` is the number of the year's dice the Union leaves unrolled for
 * +1 each (11.63: at most 3, and at least one die is always rolled); card dice (`extra`) cannot be
 * traded. The Confederacy rolls two dice, one more per battery up to three, one more at Richmond.
 */
export function rollAssault(
  dice: Dice,
  target: string,
  opts: {
    year: number
    tactics?: number
    batteries: number
    extraUnionDice?: number
    extraCsaDice?: number
    unionMod?: number
    csaMod?: number
    /** Hunt's Artillery's +1 (18.21): kept with the tactics through any reroll, beyond their cap. */
    hunts?: number
  },
): AssaultRoll {
  const base = unionAssaultDice(opts.year)
  const tactics = opts.tactics ?? 0
  if (!Number.isInteger(tactics) || tactics < 0 || tactics > Math.min(3, base - 1))
    throw new Error(
      `Union tactics may leave at most ${Math.min(3, base - 1)} of ${base} dice unrolled in ${opts.year} (11.63)`,
    )
  const roll = (who: string, n: number) =>
    Array.from({ length: n }, (_, i) => dice.roll(`assault on ${target}: ${who} die ${i + 1}`, 6, PUBLIC))
  // The Union always rolls first (11.63).
  const u = roll('Union', base - tactics + (opts.extraUnionDice ?? 0))
  const csaCount = 2 + Math.min(3, opts.batteries) + (target === 'RICH' ? 1 : 0) + (opts.extraCsaDice ?? 0)
  const c = roll('Confederate', csaCount)
  return scoreAssault(u, c, tactics + (opts.hunts ?? 0), opts.unionMod ?? 0, opts.csaMod ?? 0)
}

/** An assault's result from its dice (11.62-11.66): the high die, the matching bonus, tactics and card modifiers; ties to the Confederacy. */
export function scoreAssault(u: number[], c: number[], tactics: number, unionMod = 0, csaMod = 0): AssaultRoll {
  const attack = Math.max(...u) + matchBonus(u) + tactics + unionMod
  const defense = Math.max(...c) + matchBonus(c) + csaMod
  const unionWins = attack > defense
  return {
    union: { dice: u, tactics, total: attack },
    csa: { dice: c, total: defense },
    unionWins,
    vp: unionWins ? -(attack - defense) : defense - attack,
  }
}

/**
 * RB 11.68: what a capture costs besides the dice: one die for a city or port (not a fort, not
 * Louisville), and once a game one die for the last Mississippi port, two for Atlanta, three for
 * Richmond. `control` is before the capture; `once` names the once-a-game losses already taken.
 */
export function captureLosses(
  dice: Dice,
  map: RebelMap,
  control: Control,
  target: string,
  once: ReadonlySet<string>,
): { vp: number; cityLost: boolean; onceTaken: string[]; rolls: number[] } {
  const s = map.space(target)
  const cityLost = s.side === 'CSA' && (s.kind === 'oceanPort' || s.kind === 'riverPort' || s.kind === 'inlandCity')
  if (!cityLost) return { vp: 0, cityLost: false, onceTaken: [], rolls: [] }
  const rolls: number[] = []
  const die = (label: string) => {
    const v = dice.roll(label, 6, PUBLIC)
    rolls.push(v)
    return v
  }
  let vp = -die(`capture of ${target}`)
  const onceTaken: string[] = []
  const held = (id: string) => (control[id] ?? map.space(id).side) === 'CSA'
  const lastOnRiver = (MISSISSIPPI as readonly string[]).includes(target) && MISSISSIPPI.filter(held).length === 1
  const bonus: [string, number, boolean][] = [
    ['mississippi', 1, lastOnRiver],
    ['ATLA', 2, target === 'ATLA'],
    ['RICH', 3, target === 'RICH'],
  ]
  for (const [key, n, applies] of bonus) {
    if (!applies || once.has(key)) continue
    for (let i = 1; i <= n; i++)
      vp -= die(`once-a-game loss for ${key === 'mississippi' ? 'the Mississippi' : key}: die ${i}`)
    onceTaken.push(key)
  }
  return { vp, cityLost, onceTaken, rolls }
}

/**
 * Whether the Union may assault `target` this way (11.3-11.4): amphibiously when its ships entered
 * the space; over a river line from an adjacent Union-held space; over a land line from an adjacent
 * Union-held city, fort or port. Only Confederate-held ports, forts and cities are assaulted.
 */
export function assaultProblem(
  map: RebelMap,
  control: Control,
  target: string,
  kind: AssaultKind,
  from: string | null,
): string | null {
  if (!map.has(target)) return `no space ${target} on the map`
  const s = map.space(target)
  if (!['oceanPort', 'riverPort', 'fort', 'inlandCity'].includes(s.kind))
    return `${s.name} is not a port, fort or city (11)`
  const holder = control[target] ?? s.side
  // An uncommitted Louisville is taken by a land assault from a Union space (12.2).
  const kentucky = s.side === 'neutral' && holder === 'neutral' && kind === 'land'
  if (holder !== 'CSA' && !kentucky) return `${s.name} is not held by the Confederacy`
  if (kind === 'amphibious') return s.kind === 'inlandCity' ? `${s.name} has no water to land from (11.3)` : null
  if (!from || !map.has(from)) return `an ${kind} assault names the Union-held space it starts from (11.4)`
  const origin = map.space(from)
  if ((control[from] ?? origin.side) !== 'USA') return `${origin.name} is not held by the Union (11.4)`
  // A river line closed to ships (Chattanooga to Forts Henry & Donelson) still carries an assault (11.8's example).
  const line: LinkKind[] = kind === 'river' ? ['river', 'river-noships'] : ['land']
  if (!map.between(from, target).some((k) => line.includes(k)))
    return `no ${kind === 'river' ? 'river (blue)' : 'land (red)'} line joins ${origin.name} and ${s.name} (11.4)`
  return null
}

/**
 * RB 11.9: whether the Confederacy may counterattack `target` from `from`: over a land line, from a
 * space it holds, against a neighbour the Union took from it (never one the Union held at the start).
 */
export function counterattackProblem(map: RebelMap, control: Control, target: string, from: string): string | null {
  if (!map.has(target) || !map.has(from)) return `no space ${map.has(target) ? from : target} on the map`
  const t = map.space(target)
  const f = map.space(from)
  if (t.side !== 'CSA' || control[target] !== 'USA')
    return `${t.name} is not a Confederate space the Union has taken (11.9)`
  if ((control[from] ?? f.side) !== 'CSA' || !['oceanPort', 'riverPort', 'fort', 'inlandCity'].includes(f.kind))
    return `${f.name} is not a Confederate port, fort or city (11.9)`
  if (!map.between(from, target).includes('land')) return `no land (red) line joins ${f.name} and ${t.name} (11.9)`
  return null
}

/** RB 11.91: the Confederacy rolls two dice in 1861-1862 and three from 1863; the Union defends with its assault dice. */
export function rollCounterattack(
  dice: Dice,
  target: string,
  opts: { year: number; unionTactics?: number; extraUnionDice?: number; extraCsaDice?: number; hunts?: number },
): AssaultRoll & { csaWins: boolean } {
  const roll = (who: string, n: number) =>
    Array.from({ length: n }, (_, i) => dice.roll(`counterattack on ${target}: ${who} die ${i + 1}`, 6, PUBLIC))
  const c = roll('Confederate', (opts.year >= 1863 ? 3 : 2) + (opts.extraCsaDice ?? 0))
  const tactics = opts.unionTactics ?? 0
  const u = roll('Union', unionAssaultDice(opts.year) - tactics + (opts.extraUnionDice ?? 0))
  const attack = Math.max(...c) + matchBonus(c)
  const defense = Math.max(...u) + matchBonus(u) + tactics + (opts.hunts ?? 0)
  // The Confederacy wins ties here too (11.91: all assault rules apply).
  const csaWins = attack >= defense
  return {
    union: { dice: u, tactics, total: defense },
    csa: { dice: c, total: attack },
    unionWins: !csaWins,
    csaWins,
    vp: attack - defense,
  }
}
