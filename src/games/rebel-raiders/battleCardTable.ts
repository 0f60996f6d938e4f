// The table of the cards that act in a naval combat (PB 23, in our own words): the named ships and
// their strengths, the free Confederate ironclads, the cards that change a whole battle, and the
// strengths a named ship carries into each battle. battleCards.ts plays them.
import type { CardStrengths, RoundStart, Unit, UnitType } from './combat.ts'
import type { PhaseRun } from './phaseRun.ts'
import type { PieceType, Side } from './setup.ts'
import type { NamedShip, RrPiece } from './state.ts'

/** A battle as the cards see it: where, who attacks, the units (with their card strengths) on each side. */
export interface Scene {
  where: string
  attackerSide: Side
  attackers: Unit[]
  defenders: Unit[]
}

/** What the cards played at a battle's start leave for its rounds and its end. */
export interface BattleCards {
  beforeRound(round: number, attackers: Unit[], defenders: Unit[]): RoundStart
  /** After the battle: names that lapse, cards that go, ships that broke down and are lost with a lost battle. */
  close(sunk: ReadonlySet<string>, loser: Side | null): void
  /** The defender must fight with ships and batteries together (#47). */
  forceCombined: boolean
}

export const isBattery = (u: Unit) => u.type === 'battery'
export const sideName = (side: Side) => (side === 'CSA' ? 'Confederate' : 'Union')

/** A card that names one of its side's ships in the battle and gives it strengths. */
export interface Naming {
  type: PieceType
  until: NamedShip['until']
  strengths: CardStrengths
  /** It counts as an ironclad in every respect while named (#18, #72). */
  asIronclad?: boolean
  words: string
}

export const NAMINGS: Readonly<Record<number, Naming>> = {
  10: { type: 'gunboat', until: 'battle', strengths: { extraDice: 1 }, words: 'rolls one die more each round' },
  13: { type: 'sloop', until: 'battle', strengths: { hitTest: 5 }, words: 'shrugs off a hit on 5-6, else leaves' },
  15: { type: 'ironclad', until: 'battle', strengths: { hitTest: 4 }, words: 'shrugs off hits, leaving on 1-3' },
  18: { type: 'gunboat', until: 'battle', strengths: {}, asIronclad: true, words: 'counts as an ironclad' },
  19: { type: 'ironclad', until: 'battle', strengths: { ignoresHits: 1 }, words: 'ignores the first hit' },
  20: { type: 'ironclad', until: 'battle', strengths: { extraDice: 1 }, words: 'rolls one die more each round' },
  22: { type: 'ironclad', until: 'battle', strengths: { dieBonus: 2 }, words: 'adds 2 to its combat dice' },
  28: { type: 'ironclad', until: 'turn', strengths: { dieBonus: 1 }, words: 'adds 1 to its combat dice this turn' },
  72: { type: 'gunboat', until: 'battle', strengths: {}, asIronclad: true, words: 'counts as an ironclad' },
}

/** Sloops that shrug off their first hit (#23, #26): the judge plays one when a sloop of the side is first hit. */
export const SPARES = [23, 26] as const

/** Free Confederate ironclads placed in a port as the Union's naval attack on it begins (#70, #71, #86). */
export const PLACED: Readonly<Record<number, { ports: string[]; strengths: CardStrengths; words: string }>> = {
  70: { ports: ['oceanPort'], strengths: { dieBonus: 1, hitTest: 7 }, words: 'adds 1 to its die; a hit sends it away' },
  71: { ports: ['oceanPort', 'riverPort'], strengths: {}, words: 'rams a Union ship as each naval combat begins' },
  86: { ports: ['oceanPort', 'riverPort'], strengths: {}, words: 'ignores the first hit it takes' },
}

/** Cards that change a whole battle: rams, breakdowns, and the ship-versus-battery cards. */
export const SCENES: Readonly<Record<number, { side: Side; fits: (run: PhaseRun, scene: Scene) => boolean }>> = {
  1: { side: 'USA', fits: (_run, sc) => sc.attackerSide === 'USA' && sc.defenders.some(isBattery) },
  25: { side: 'USA', fits: (_run, sc) => sc.attackerSide === 'USA' && sc.defenders.some(isBattery) },
  38: {
    side: 'USA',
    fits: (_run, sc) => unionUnits(sc).some((u) => u.type === 'gunboat') && csaShips(sc).length > 0,
  },
  47: { side: 'USA', fits: (_run, sc) => csaShips(sc).some((u) => u.type === 'ironclad') },
  101: {
    side: 'CSA',
    fits: (run, sc) => sc.attackerSide === 'USA' && sc.defenders.some(isBattery) && batteryRoom(run, sc.where) > 0,
  },
  110: { side: 'CSA', fits: (_run, sc) => sc.attackerSide === 'USA' && sc.defenders.some(isBattery) },
  54: {
    side: 'USA',
    fits: (run, sc) => sc.attackerSide === 'USA' && sc.defenders.some(isBattery) && !run.s.thisTurn.includes('used:54'),
  },
}

export const unionUnits = (sc: Scene) => (sc.attackerSide === 'USA' ? sc.attackers : sc.defenders)
export const csaUnits = (sc: Scene) => (sc.attackerSide === 'CSA' ? sc.attackers : sc.defenders)
export const csaShips = (sc: Scene) => csaUnits(sc).filter((u) => !isBattery(u))
export const batteryRoom = (run: PhaseRun, at: string) =>
  run.pack.pieces.stacking.batteriesPerSpace - run.piecesAt(at, 'CSA', ['battery']).length

/** Every card this module plays in a battle, with its side. */
export const BATTLE_CARD_SIDES: Readonly<Record<number, Side>> = {
  ...Object.fromEntries(Object.keys(NAMINGS).map((c) => [c, Number(c) === 72 ? 'CSA' : 'USA'])),
  ...Object.fromEntries(SPARES.map((c) => [c, 'USA'])),
  ...Object.fromEntries(Object.keys(PLACED).map((c) => [c, 'CSA'])),
  ...Object.fromEntries(Object.entries(SCENES).map(([c, d]) => [c, d.side])),
  // #27 the Housatonic's reroll (rerollCards.ts).
  27: 'USA',
}

/** The card strengths a ship carries into a battle from the names it holds. */
export function unitWithCards(run: PhaseRun, p: RrPiece): Unit {
  const named = run.s.named.find((n) => n.ship === p.id)
  const u: Unit = { id: p.id, side: p.side, type: p.type }
  if (!named) return u
  const other = NAMED_ELSEWHERE[named.card]
  const strengths = NAMINGS[named.card]?.strengths ?? PLACED[named.card]?.strengths ?? other?.strengths ?? {}
  u.card = { ...strengths, ...(named.ignoresLeft ? { ignoresHits: named.ignoresLeft } : {}) }
  if (NAMINGS[named.card]?.asIronclad || other?.asIronclad) u.type = 'ironclad'
  return u
}

/** Ships named outside a battle whose names carry combat strengths: #14 the Kearsarge, #63 the Alabama, #74 the Stonewall, #75 the Albemarle. */
export const NAMED_ELSEWHERE: Readonly<Record<number, { strengths: CardStrengths; asIronclad?: boolean }>> = {
  14: { strengths: { extraDice: 1, extraDiceAgainst: 'raider' } },
  63: { strengths: { dieBonus: 1 } },
  74: { strengths: { ignoresHits: 1 }, asIronclad: true },
  75: { strengths: { dieBonus: 1, ignoresHits: 1 } },
}

/** Named ships whose card leaves the game when they sink (#63, #64, #74, #75); the others' cards are discarded. */
export const REMOVED_WHEN_SUNK: readonly number[] = [63, 64, 74, 75]

export const STRENGTH: Record<UnitType, number> = {
  ironclad: 4,
  sloop: 3,
  raider: 2,
  gunboat: 1,
  runner: 0,
  battery: 0,
}
export const strongest = (units: Unit[]) => [...units].sort((a, b) => STRENGTH[b.type] - STRENGTH[a.type])[0]

export function shipName(run: PhaseRun, card: number): string {
  return run.cardName(card).replace(/^(USS|CSS) /, '')
}
