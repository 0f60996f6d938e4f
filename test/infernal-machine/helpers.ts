// Test fixtures for Infernal Machine rules: a standard fishboat, a sortie around it, and a context
// whose dice are forced by label (any roll a test did not force fails, naming its label).
import { createHash } from 'node:crypto'
import type { Audience } from '../../src/games/contract.ts'
import { type ForcedRoll, LabelledDice } from '../helpers/spec.ts'
import { type Boat, buildBoat } from '../../src/games/infernal-machine/boat.ts'
import { defaultImPack } from '../../src/games/infernal-machine/pack.ts'
import type { Campaign } from '../../src/games/infernal-machine/campaign.ts'
import type { Mission } from '../../src/games/infernal-machine/mission.ts'
import type { Ctx, Sortie } from '../../src/games/infernal-machine/sortie.ts'
import type { Elevation } from '../../src/games/infernal-machine/terms.ts'

export const pack = defaultImPack()

/** Prow 0 (long spar, medium charge), section 1 (hatch, steering link), section 2 (ballast), stern 3 (propeller). */
export function standardBoat(elevation: Elevation = 2): Boat {
  return buildBoat(
    pack,
    ['needle-prow', 'section', 'section', 'chisel-stern'],
    [
      ['long-spar', 0],
      ['medium-charge', 0],
      ['hatch', 1],
      ['steering-link', 1],
      ['ballast-tank', 2],
      ['propeller', 3],
    ],
    [
      ['moser', 1],
      ['baird', 1],
      ['doyle', 2],
      ['merriam', 2],
    ],
    elevation,
  )
}

export function sortie(over: Partial<Sortie> = {}): Sortie {
  return {
    side: 'CSA',
    boat: standardBoat(),
    pool: { black: 5, red: 2 },
    alert: 0,
    training: 0,
    board: 'charleston',
    position: 'maffitts',
    visibility: 'bright',
    atmospherics: 'none',
    drift: 'calm',
    driftDirection: 'ebb',
    detected: false,
    pursuit: 0,
    ...over,
  }
}

export function ctx(forced: Record<string, number | number[]> | ForcedRoll[] = {}): Ctx & { dice: LabelledDice } {
  const list = Array.isArray(forced) ? forced : Object.entries(forced).map(([label, values]) => ({ label, values }))
  return { pack, dice: new LabelledDice(list, 'strict'), notes: [] }
}

/** A forced cube: the draw is a die over the pool, black first, so 1 is black and the top face red. */
export const BLACK = 1
export const red = (s: Sortie) => s.pool.black + s.pool.red

/** A mission on the Training board at the Home Wharf, at surface, decks as the test stacks them. */
export function trainingMission(over: Partial<Mission> = {}): Mission {
  return {
    ...sortie({ board: 'training', position: 'wharf' }),
    season: 'spring',
    type: 'training',
    launch: 'wharf',
    turn: 1,
    navDeck: { drawPile: ['N01'], discards: [], reshuffles: 0 },
    discoveryDeck: { drawPile: ['D03'], discards: [], reshuffles: 0 },
    rally: 1,
    baseGrade: 'C',
    lastCrank: 'easy',
    movedThisTurn: false,
    passages: [],
    farthest: 0,
    reachedBelowShallow: false,
    detonatedOnce: false,
    results: [],
    benefitStrength: 0,
    ...over,
    boat: over.boat ?? { ...standardBoat(0) },
  }
}

/** A CSA campaign in Spring 1862 at Charleston: $20, Biederman, Moser and Baird in the shop. */
export function campaign(over: Partial<Campaign> = {}): Campaign {
  const empty = { drawPile: [], discards: [], reshuffles: 0 }
  return {
    side: 'CSA',
    year: 1862,
    season: 'spring',
    funds: 20,
    prices: 0,
    alert: 0,
    training: 0,
    location: 'charleston',
    removedLocations: [],
    commissioned: false,
    marque: false,
    recruitment: false,
    navyOnly: false,
    personae: [
      { id: 'biederman', where: 'shop' },
      { id: 'moser', where: 'shop' },
      { id: 'baird', where: 'shop' },
    ],
    decks: { investor: { ...empty }, mechanic: { ...empty }, journeyman: { ...empty }, sailor: { ...empty } },
    boat: { tiles: [], parts: [] },
    contracts: [],
    pool: { black: 0, red: 0 },
    lost: 0,
    wreck: false,
    prizes: 0,
    actionsLeft: 2,
    actionBonus: 0,
    ledger: [],
    ...over,
  }
}

/**
 * Dice whose every value follows from the label and how often that label was rolled before: the
 * same sequence of rolls gives the same values whichever resolution makes them (for pace tests).
 */
export class LabelHashDice {
  readonly rolls: { label: string; sides: number; value: number; audience: Audience }[] = []
  private seen = new Map<string, number>()
  private hidden = 0
  private open = 0
  constructor(
    private readonly salt = '',
    private readonly forced: Record<string, number[]> = {},
  ) {}
  roll(label: string, sides: number, audience: Audience): number {
    return this.draw(label, sides, audience).value
  }
  draw(label: string, sides: number, audience: Audience) {
    const n = (this.seen.get(label) ?? 0) + 1
    this.seen.set(label, n)
    const h = createHash('sha256').update(`${this.salt}${label}#${n}`).digest()
    const value = this.forced[label]?.shift() ?? (h.readUInt32BE(0) % sides) + 1
    this.rolls.push({ label, sides, value, audience })
    const hidden = audience.kind !== 'public'
    return { value, index: hidden ? this.hidden++ : this.open++, hidden }
  }
}

/** The smallest seaworthy fishboat (p.47): prow, Section, stern; Hatch and Steering Link on the Section, Propeller behind. */
export function seaworthyHull(): Campaign['boat'] {
  return {
    tiles: ['needle-prow', 'section', 'chisel-stern'],
    parts: [
      ['hatch', 1],
      ['steering-link', 1],
      ['propeller', 2],
    ],
  }
}

/** A shop whose boat has two Sections, a Ballast Tank on the second (for selling and renumbering, p.47, p.59). */
export function twoSectionShop(over: Partial<Campaign> = {}): Campaign {
  return campaign({
    boat: {
      tiles: ['needle-prow', 'section', 'section', 'chisel-stern'],
      parts: [
        ['hatch', 1],
        ['ballast-tank', 2],
        ['propeller', 3],
      ],
    },
    ...over,
  })
}
