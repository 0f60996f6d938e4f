// The optional rules of PB 18 a game is created with (`--option optional=18.7,18.9`), and what each
// implemented one does at its moment: cargo worth more (18.7), the tournament levels (18.8), the
// Confederacy's Mississippi bonus (18.9), sudden death (18.6 / 18.62), better gunboats in the
// stations (18.26), the Union's ironclad design troubles (18.35). The others have their own files:
// the Union's purchases (18.21-18.24) unionOptions.ts and yankeeIndustry.ts, 18.25 ironcladDamage.ts,
// 18.31 militia.ts, 18.32-18.34 optionalRolls.ts, 18.36 lionsRoar.ts, 18.4 unionResolve.ts, 18.5
// leeGoesWest.ts; their tables are in the pack (optionalTables.ts). The engine names none of them:
// they are this game's options, checked when the game is set up.
import { type Options, PUBLIC } from '../contract.ts'
import type { RebelMap } from './map.ts'
import type { PhaseRun } from './phaseRun.ts'
import { dateOf, type RrOptions, type RrState } from './state.ts'

import { confederateCities, holder, MISSISSIPPI } from './supply.ts'

/** The optional rules this judge plays, with their names (PB 18). */
export const OPTIONAL_RULES: Readonly<Record<string, string>> = {
  '18.21': "Hunt's Artillery",
  '18.22': 'Yankee Industry & Conscription Builds',
  '18.23': 'Two If By Sea: Extra Union Amphibious Assaults',
  '18.24': 'Increased Ship Building',
  '18.25': 'Invincible Ironclads',
  '18.26': 'Superior Gunboat Engines / Blockade Tactics',
  '18.31': 'Arm & Train Local Militia',
  '18.32': 'Northern Draft Riots',
  '18.33': 'Union Commercial Interests Demand Protection',
  '18.34': 'Privateers',
  '18.35': 'Union Ironclad Design Conundrums',
  '18.36': "The Lion's Roar",
  '18.4': 'Union Resolve (with 18.6)',
  '18.5': 'Lee Goes West',
  '18.6': 'Confederate Sudden Death Victory (18.61 with Union Resolve, 18.62 without)',
  '18.7': 'Increased Blockade Runner Cargo Value',
  '18.8': 'Tournament Levels of Victory',
  '18.9': 'Confederate Mississippi Survival Bonus',
}

/** The rules played, in the play book's order (18.21 ... 18.36, 18.4 ... 18.9). */
export const playedRules = (): string[] => Object.keys(OPTIONAL_RULES).sort((a, b) => Number(a) - Number(b))

/** Reads and checks the game's options; a wrong one stops the creation with the reason. */
export function readOptions(options: Options, scenario: string): RrOptions {
  const unknownName = Object.keys(options).find((k) => k !== 'optional' && k !== 'cards')
  if (unknownName)
    throw new Error(`Rebel Raiders has no option ${unknownName}; its options are optional=<18.x,...> and cards=A|B|C`)
  const rules = String(options.optional ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)
  const unknown = rules.filter((r) => !OPTIONAL_RULES[r])
  if (unknown.length)
    throw new Error(
      `optional rule ${unknown.join(', ')} is not one this judge plays; it plays ${playedRules().join(', ')}`,
    )
  if (rules.includes('18.4') && !rules.includes('18.6'))
    throw new Error('optional rule 18.4 Union Resolve is played with 18.6 Confederate Sudden Death: add 18.6')
  const cards = options.cards === undefined ? undefined : String(options.cards).toUpperCase()
  if (cards !== undefined && (scenario !== '1862' || !['A', 'B', 'C'].includes(cards)))
    throw new Error('cards=A, B or C chooses the card set-up of the 1862 start (19.5), and only of it')
  return { rules: [...new Set(rules)].sort(), ...(cards ? { cards: cards as 'A' | 'B' | 'C' } : {}) }
}

export const usesRule = (s: RrState, rule: string): boolean => s.options.rules.includes(rule)

/** 18.7: what a landed cargo is worth, by the cities and ports lost, and from 1864 whatever they are. */
export function cargoValue(s: RrState, marker: number): number {
  if (!usesRule(s, '18.7') || !marker) return marker
  if (dateOf(s.turn).year >= 1864 || s.citiesLost >= 17) return marker * 2
  if (marker === 2 && s.citiesLost >= 13) return 4
  if (marker === 2 && s.citiesLost >= 9) return 3
  return marker
}

/** The Confederacy holds Richmond, Atlanta and a Mississippi port, with at least `cities` of its own cities and ports. */
function holdsCore(map: RebelMap, s: RrState, cities: number, both: boolean): boolean {
  const csa = (id: string) => holder(map, s.control, id) === 'CSA'
  const held = confederateCities(map).filter(csa).length
  const capitals = both ? csa('RICH') && csa('ATLA') : csa('RICH') || csa('ATLA')
  return held >= cities && capitals && MISSISSIPPI.some(csa)
}

/** 18.6 / 18.62 at the end of any phase from April 1863: 50 points and 16 cities with Richmond, Atlanta and a river port. */
export function suddenDeath(run: PhaseRun): void {
  const s = run.s
  if (s.finished || !usesRule(s, '18.6') || s.turn < 7 || s.vp < 50) return
  // 18.61: with Union Resolve in play, the Union must have failed it at least once.
  if (usesRule(s, '18.4') && !s.marks?.resolveFailures) return
  if (!holdsCore(run.pack.map, s, 16, true)) return
  s.finished = true
  s.winner = 'CSA'
  s.result = `Confederate sudden death victory: 50 points with Richmond, Atlanta, a Mississippi port and 16 cities (${usesRule(s, '18.4') ? '18.61, after a failure of Union Resolve' : '18.62'})`
  run.say('18.6', s.result)
}

/** 18.9 after a December Union turn the Union has not won: dice for each Mississippi port the Confederacy holds. */
export function mississippiBonus(run: PhaseRun): void {
  const s = run.s
  const { year, december } = dateOf(s.turn)
  if (!usesRule(s, '18.9') || !december || s.finished) return
  const perPort = year === 1861 ? 1 : 2
  for (const port of MISSISSIPPI) {
    if (holder(run.pack.map, s.control, port) !== 'CSA') continue
    const dice = Array.from({ length: perPort }, (_, i) => run.dice.roll(`18.9 ${port} die ${i + 1}`, 6, PUBLIC))
    run.vp(
      dice.reduce((a, b) => a + b, 0),
      '18.9',
      `${run.name(port)} survives the year on the Mississippi (${dice.join(', ')})`,
    )
  }
}

/** 18.8: the tournament level of the result, and its points. */
export function tournamentLevel(map: RebelMap, s: RrState): { level: string; points: number } | null {
  if (!s.finished || !s.winner || !usesRule(s, '18.8')) return null
  if (s.winner === 'USA') {
    const union = (id: string) => holder(map, s.control, id) === 'USA'
    if (s.turn <= 12 && s.result?.includes('holds the Mississippi, Atlanta and Richmond'))
      return { level: 'Legendary', points: 3 }
    if (union('RICH') && union('ATLA')) return { level: 'Strategic', points: 2 }
    return { level: 'Marginal', points: 1 }
  }
  if (s.result?.includes('sudden death') || holdsCore(map, s, 12, true)) return { level: 'Legendary', points: 3 }
  if (holdsCore(map, s, 12, false)) return { level: 'Strategic', points: 2 }
  return { level: 'Marginal', points: 1 }
}

/** 18.35: a Union ironclad just ordered: on 5 it comes a turn late; on 6 it is a gunboat, a turn late. */
export function ironcladDesign(run: PhaseRun): { type: 'ironclad' | 'gunboat'; delay: number } {
  if (!usesRule(run.s, '18.35')) return { type: 'ironclad', delay: 0 }
  const die = run.dice.roll('18.35 Union ironclad design', 6, PUBLIC)
  const result =
    die === 6 ? { type: 'gunboat' as const, delay: 1 } : { type: 'ironclad' as const, delay: die === 5 ? 1 : 0 }
  run.say(
    '18.35',
    `Union ironclad design (die ${die}): ${die <= 4 ? 'built as planned' : die === 5 ? 'it comes a turn late' : 'a flawed design: a gunboat instead, a turn late'}.`,
  )
  return result
}
