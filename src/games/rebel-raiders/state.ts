// Rebel Raiders game state: plain JSON, folded by the engine from the log. A turn (April, August,
// December of 1861-1864) runs the Confederate move (with supply after it), the Confederate build,
// the Union move and the Union build (with the victory check after it); each is one resolution.
import type { Deck } from '../kit/deck.ts'
import type { BattlePolicy } from './policies.ts'
import type { PieceType, Side } from './setup.ts'

export const PHASES = ['csa-move', 'csa-build', 'union-move', 'union-build'] as const
export type Phase = (typeof PHASES)[number]

export const ROLES = ['confederate', 'union'] as const
export type Role = (typeof ROLES)[number]
export const roleOf = (side: Side): Role => (side === 'CSA' ? 'confederate' : 'union')
export const sideOf = (role: string): Side => (role === 'confederate' ? 'CSA' : 'USA')

export const LAST_TURN = 12

export interface RrPiece {
  id: string
  side: Side
  type: PieceType
  at: string
  /** A blockade runner's cargo, in victory points (9.1). */
  cargo?: number
  /** 1-VP markers a runner carries on top of its load (#93, #94). */
  extraCargo?: number
  /** A damaged ironclad (optional rule 18.25): one movement point, no part in combat. */
  damaged?: boolean
}

/** One side's cards (RB 17): the deck, the hand and where played cards went (cards.ts runs them). */
export interface CardTable {
  deck: Deck<number>
  /** Seen by its owner only. */
  hand: number[]
  /** Played and kept face up (retained cards, cards with a commander, lasting events). */
  inPlay: number[]
  /** Played cards that go back into the deck after the end of a later turn (14.43). */
  heldAside: { card: number; returnsAfterTurn: number }[]
  /** Out of the game (17.33, a named ship sunk). */
  removed: number[]
  /** Bought in this build phase: not playable before the phase is over (14.32). */
  bought: number[]
  /** The turn each card in the hand was drawn (#98 may not be played the turn it came). */
  drawnOn: Record<number, number>
}

export type Decks = Record<Side, CardTable>

/** A standing card reaction (REACT): the card, and the space it answers at or ALL (reactions.ts). */
export interface Reaction {
  card: number
  /** A space id, or ALL. */
  at: string
  /** A storm's condition (#49, #92): at least this many of the other side's ships caught (stormAnswers.ts). */
  min?: number
}

/** A played card waiting for its moment in the phase: an assault on `at`, the unloading of runner `at`, a 2-VP cargo (#99, a battery for `at`). */
export interface CardBonus {
  card: number
  on: 'assault' | 'unload' | 'supply' | 'counterattack' | 'reroll' | 'battle' | 'again' | 'next' | 'artillery'
  at: string
  amount: number
  /** For an assault: the kinds it applies to (11.3-11.4). */
  kinds?: ('amphibious' | 'river' | 'land')[]
}

/** A ship a card has named (the Black Hawk, the Tennessee): its strengths come from the card (battleCards.ts). */
export interface NamedShip {
  ship: string
  card: number
  /** How long the name holds: to the end of the battle, of the turn, or while the ship is afloat. */
  until: 'battle' | 'turn' | 'afloat'
  /** Hits it may still shrug off, where the card gives it that for as long as it lives (#86). */
  ignoresLeft?: number
}

/** A game's choices at creation: the optional rules in play and, for the 1862 start, its card option (19.5). */
export interface RrOptions {
  rules: string[]
  cards?: 'A' | 'B' | 'C'
}

/** What the optional rules carry from phase to phase (PB 18); absent in a game without them. */
export interface OptionalMarks {
  /** Union assaults failed in the last Union move, kept until the next one (18.32, 18.34). */
  failedAssaults?: number
  /** Union Resolve failures so far (18.43), and whether a 4 has replaced a 1 in the chits (18.41). */
  resolveFailures?: number
  resolveFour?: boolean
  /** The turn Draft Riots last broke out and the builds they cost (18.32): never two turns running. */
  riots?: { turn: number; builds: number }
  /** Commercial interests demand sloops with the raiders this Union turn (18.33). */
  protection?: boolean
  /** Hunt's Artillery bought for a turn, and how many are left in it (18.21). */
  hunts?: { turn: number; left: number }
  /** The spaces whose assaults and counterattack defences the Union keeps its Hunt's +1 for (HUNT AT, 18.21); none: the first ones. */
  huntsAt?: string[]
  /** The turn a pawn upgraded by Two If By Sea serves (18.23). */
  upgrade?: number
  /** Militia raised this turn, each for a space or (null) the first assaults (18.31). */
  militia?: { turn: number; at: (string | null)[] }
  /** The builds Yankee Industry and Conscription gave this turn (18.22; industry -1 for a lost build). */
  yankee?: { turn: number; industry: number; conscription: number }
  /** 2-VP cargo markers the Lion's Roar kept from the Emancipation (18.36). */
  markersKept?: number
  /** Lee's marker (18.5), and the spaces the Confederate sends him to (LEE AT). */
  lee?: LeeMarker
  leeWanted?: string[]
  /** The sides that made the option C opening redraw (19.55). */
  redrawn?: Side[]
}

export interface RrState {
  scenario: string
  /** The optional rules and card option the game was created with (PB 18, 19.5). */
  options: RrOptions
  turn: number
  phase: Phase
  vp: number
  pieces: RrPiece[]
  /** Spaces whose holder differs from the map's (Union control markers, 11.65). */
  control: Control
  /** Union assaults left this turn (cannon pawns, 11.1). */
  unionPawns: number
  /** Of the Union's pawns, those only for landings on ocean ports and forts (#24), and the targets they are kept to (19.42), or null. */
  seaPawns: number
  seaTargets: string[] | null
  /** Extra pawns bought for next turn (15.44). */
  pawnsNext: number
  /** Confederate counterattacks left this turn, and bought for the next (11.9, 14.24). */
  csaPawns: number
  csaPawnsNext: number
  /** This turn's amphibious assault on an ocean port (11.2) and the ocean ports it took (11.8). */
  amphibiousOcean: boolean
  takenFromSea: string[]
  /** 18.23: amphibious assaults on ocean ports allowed this turn beyond the one of 11.2. */
  extraOcean?: number
  /** The Emancipation Proclamation has been issued (17.3). */
  emancipated: boolean
  /** Each side's standing battle orders (10.35-10.36), replaced policy by policy. */
  policies: { CSA: BattlePolicy[]; USA: BattlePolicy[] }
  /** The Union's standing choice in a blockade station (7.78): one die for the stack, or one a ship; by station or ALL. */
  intercept: Record<string, 'stack' | 'each'>
  citiesLost: number
  /** Once-a-game losses already taken (11.68): 'mississippi', 'ATLA', 'RICH'. */
  once: string[]
  /** Arsenals razed (14.23). */
  razed: string[]
  /** Pieces built for a later turn (14.22, 15.43). */
  arriving: { turn: number; side: Side; type: PieceType; at: string | null }[]
  /** The last number given to the counters of a type (`RD`), one numbering for both sides. */
  counters: Record<string, number>
  /** Union sloops towing an ironclad since the Union move, with the ironclad (7.61, 8.13): they neither search nor intercept. */
  towing?: Record<string, string>
  /** Raid attempts this turn per raider and zone (8.13). */
  raids: Record<string, number>
  /** Each side's deck, hand, discards and cards in play (17). */
  cards: Decks
  /** Card effects that last to the end of the turn (`tredegar`). */
  thisTurn: string[]
  /** Speed-roll bonuses cards gave named ships until the end of the turn, by ship (with the card, which stays out meanwhile). */
  speedBonus: Record<string, { amount: number; card: number }>
  /** Commanders on the map, each with the ships he has (7.4-7.53). */
  commanders: Record<string, string[]>
  /** The turn each commander last left the map: he may not come back in it (7.41). */
  relieved: Record<string, number>
  /** Ships named by cards, with how long the name holds. */
  named: NamedShip[]
  /** The round of every battle #3 Yankee Guns acts in, as the Union named it (1 by default). */
  yankeeGunsRound?: number
  /** Each side's standing fire orders (AIM, 10.32): targets by preference, by shooter, type or ALL. */
  aims?: Partial<Record<Side, Record<string, string[]>>>
  /** The Union's standing shield orders (10.21): the ship before each one, or NONE. */
  shields?: Record<string, string>
  /** Confederate ships that escaped the search in a captured port and must leave it with the next Confederate move (7.72). */
  mustLeave?: string[]
  /** The Confederate player's standing retreat destinations for raiders (10.36), by raider or ALL, in order of preference. */
  retreatTo?: Record<string, string[]>
  /** The Union's standing TOW order (10.36): the ironclads its sloops tow out of a station first, in order. */
  tow?: string[]
  /** The Union's standing tactics against counterattacks, by space or ALL (DEFEND, defenceTactics.ts). */
  defence?: Record<string, number>
  /** Each side's standing card reactions (REACT), kept until played or withdrawn. */
  reactions: Record<Side, Reaction[]>
  /** 1-VP cargo markers lying in a port for the runners that load there (#93, #94). */
  portCargo?: Record<string, number>
  /** Union ships a card holds off the map (#62, #76; heldShips.ts). */
  cardShips?: { card: number; id: string; type: PieceType }[]
  /** Cards played for a later step of this phase: extra assault dice, extra cargo points (cleared when the phase ends). */
  pending: CardBonus[]
  /** The optional rules' own markers (PB 18). */
  marks?: OptionalMarks
  /** The game's last turn: 12, or 13 when #36 carries the war into April 1865 (16.13). */
  lastTurn: number
  finished: boolean
  winner: Side | null
  result: string | null
}

/** The turn's date: April, August and December of 1861 onwards (RB 5). */
export function dateOf(turn: number): { month: string; year: number; december: boolean } {
  const month = ['April', 'August', 'December'][(turn - 1) % 3]!
  return { month, year: 1861 + Math.floor((turn - 1) / 3), december: month === 'December' }
}

export const turnName = (turn: number) => {
  const d = dateOf(turn)
  return `${d.month.slice(0, 3)} ${d.year}`
}

const PHASE_NAMES: Record<Phase, string> = {
  'csa-move': 'Confederate move and supply',
  'csa-build': 'Confederate build',
  'union-move': 'Union move and assaults',
  'union-build': 'Union build and victory',
}
export const phaseName = (phase: Phase) => PHASE_NAMES[phase]

/** A new counter's id: the type's code and the next number of that type (`RD-2`). */
export function nextCounter(state: RrState, code: string): string {
  state.counters[code] = (state.counters[code] ?? 0) + 1
  return `${code}-${state.counters[code]}`
}

/** Who holds each space: a side, or neutral (Kentucky before it is committed, 12.1). */
export type Control = Record<string, Side | 'neutral'>

/** Lee's marker under optional rule 18.5 (leeGoesWest.ts). */
export interface LeeMarker {
  /** Free to go anywhere (18.52: a 5-6 face up, 3-6 from the hand, or a turn spent outside Virginia). */
  free?: boolean
  /** The space he defended this turn, and the turn. */
  turn?: number
  at?: string
  /** He has moved between Virginian spaces this turn: one die again from then on (18.53). */
  moved?: boolean
}
