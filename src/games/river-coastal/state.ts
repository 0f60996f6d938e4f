// The game state of a River & Coastal game (digest §5, the parts this foundation runs): the ships,
// the forts' points, the minefields (which are real never leaves the moderator's and owner's view),
// the fog, and what each side has seen.
import type { Dice } from '../contract.ts'
import type { Point } from '../kit/geometry.ts'
import type { Policy } from '../kit/policy.ts'
import { onlyRoles } from '../contract.ts'
import { type BuildingState, newBuildings } from './buildingSetup.ts'
import { type Commander, rollCommander } from './commander.ts'
import { dealObjectives } from './objectives.ts'
import type { ShipOrder } from './orderTypes.ts'
import type { Cloud, Directive, Layout, TableDraw, Wind } from './stateTypes.ts'
import type { RiverPack } from './pack.ts'
import { SIDES, type Side } from './scenario.ts'
import { newShip, type Officer, type ShipState } from './ship.ts'
import type { Captain } from './captainSetup.ts'

export interface FortState {
  id: string
  /** Crew points left (§9 L897): only mortars and landing parties take them (L903-907). */
  cpv: number
  takenBy?: Side
  cpvStart: number
  /** CPV lost this move, for the fort commander's morale (§4 L221-225, §10 L969). */
  lostThisMove: number
  commander: { quality: 'panicky' | 'stubborn' | 'fanatic'; green: number; red: number; yellow: number; alive: boolean }
  abandoned: boolean
  fpv: number
  fpvStart: number
  lastFired: Record<string, number>
  silenced: boolean
  /** A random fort's CPV in each square of its grid, 1 to 6, as its sheet allots them (§9 L901). */
  cpvSquares?: number[]
  /** Guns destroyed by mortar fire (§9 L857-861). */
  gunsLost?: string[]
  /** The commander was killed this move: the garrison tests morale (§9 L863). */
  mustTest?: boolean
}

export interface RiverState {
  scenario: string
  /** Choosing objective cards before the first move, then the moves. */
  phase: 'table' | 'objectives' | 'stranding' | 'deployment' | 'moves'
  /** A random table (rulebook §5): the set-up throws, then its layout once placed. */
  table?: { draw: TableDraw; layout?: Layout }
  /** Each side's secret objectives (the scenario's, or the cards kept). */
  objectives: Record<Side, string[]>
  /** The cards dealt, while the sides choose which to discard. */
  dealt?: Record<Side, string[]>
  /** The move being ordered (1-based). */
  move: number
  moves: number
  ships: Record<string, ShipState>
  forts: Record<string, FortState>
  /** Fog visibility, table units (undefined = clear: 50"). */
  fog?: number
  /** Each ship's path over the last move (its start and the quarters), and the sides that saw her as it began (plot.ts). */
  tracks?: Record<string, { path: Point[]; seenBy: Side[] }>
  /** Enemy ship ids each side saw at the end of the last move. */
  seen: Record<Side, string[]>
  /** Each side's fleet commander (commander.ts). */
  commanders: Record<Side, Commander>
  /** Each ship's directive (directives.ts, digest §4.4), secret to her side; none = hold on. */
  directives: Record<string, Directive>
  /** Each side's standing orders (policies.ts), kept from move to move. */
  policies: Record<Side, Policy[]>
  /** Last move's accepted orders per ship (a ship with no orders repeats its speed, digest §1.3). */
  lastOrders: Record<string, ShipOrder>
  exited: Record<string, 'upstream' | 'downstream' | 'side'>
  /** Ships stuck on a hazard: its kind and the refloat attempts left (§8 L497-513, ruling RC-18); `bottom`, settled for good (RC-102). */
  aground: Record<
    string,
    { kind: 'sandbar' | 'stakes' | 'wreck' | 'land' | 'bottom'; attemptsLeft: number; assisted?: boolean }
  >
  /** Landing parties ashore (§12 L1127-1139), one CPV each. */
  parties: { id: string; side: Side; ship: string; pos: Point; goal: string; landedMove: number }[]
  /** The towns' buildings as they stand (buildings.ts); absent when the scenario has none. */
  buildings?: Record<string, BuildingState>
  /** Towns and ports taken, by whom. */
  placesTaken: Record<string, Side>
  /** Ships locked together after a ram (§11 L1103-1111): held through move `until`. */
  jams: { a: string; b: string; until: number }[]
  /** §12 L1123, ruling RC-64: boarding parties whose melee was drawn, fighting on next move. */
  melees?: { attacker: string; target: string; party: number }[]
  /** §8 L529-531, ruling RC-20: the hulls of ships sunk in river or estuary, and the sides that know of each. */
  wrecks?: { id: string; polygon: Point[]; knownTo: Side[] }[]
  /** §6 L419, ruling RC-79: the ship each holder of RETRIEVE_GROUNDED must bring off a sandbar (retrieve.ts). */
  stranded?: Partial<Record<Side, string>>
  finished?: { winner: Side | null; summary: string }
  /** With the option `smoke` (smoke.ts): the wind, and the clouds standing. */
  weather?: { wind: Wind }
  smoke?: Cloud[]
  /** The side-wheelers' radii are chosen (radius.ts). */
  radiiChosen?: boolean
  /** Flagships nominated before move 1 (flagship.ts); a side not here keeps the scenario's. */
  flagships?: Partial<Record<Side, string>>
  /** With the option `captains`: each side's captains, each a player with his own ships (ruling RC-91). */
  captains?: Captain[]
}

export type { RiverCommand } from './orderTypes.ts'

/** §4 L157-165: four coloured dice per captain, fixed for the game; the owner knows them, the enemy does not. */
export function rollCaptain(shipId: string, side: Side, hidden: Dice, pack: RiverPack): Officer {
  const c = pack.tables.captain
  const audience = onlyRoles(side)
  const d = (colour: string) => String(hidden.roll(`captain:${shipId}:${colour}`, 6, audience)) as '1'
  return {
    quality: c.quality[d('white')]! as Officer['quality'],
    green: c.green[d('green')]!,
    red: c.red[d('red')]!,
    yellow: c.yellow[d('yellow')]!,
    alive: true,
  }
}

/** §4 L207-217: the fort commander's four dice, on his own table. */
export function rollFortCommander(fortId: string, side: Side, hidden: Dice, pack: RiverPack): FortState['commander'] {
  const c = pack.tables.fortCommander
  const d = (colour: string) => String(hidden.roll(`fortCommander:${fortId}:${colour}`, 6, onlyRoles(side))) as '1'
  return {
    quality: c.quality[d('white')]! as FortState['commander']['quality'],
    green: c.green[d('green')]!,
    red: c.red[d('red')]!,
    yellow: c.yellow[d('yellow')]!,
    alive: true,
  }
}

export function initialState(
  scenarioId: string,
  pack: RiverPack,
  hidden: Dice,
  objectiveCards = false,
  spars: string[] = [],
): RiverState {
  const sc = pack.scenarios[scenarioId]
  if (!sc) throw new Error(`unknown scenario ${scenarioId}; scenarios are ${Object.keys(pack.scenarios).join(', ')}`)
  const ships: Record<string, ShipState> = {}
  for (const s of sc.ships)
    ships[s.id] = newShip(s, pack.classes[s.classKey]!, rollCaptain(s.id, s.side, hidden, pack), pack.tables)
  // §9 L823: spar torpedoes are declared at the start of the game (option `spars`: ship ids).
  for (const id of spars) {
    if (!ships[id]) throw new Error(`spars: no ship ${id} in ${scenarioId}`)
    ships[id].spar = 'fitted'
  }
  const forts: Record<string, FortState> = {}
  for (const f of sc.forts)
    forts[f.id] = {
      id: f.id,
      cpv: f.cpv,
      cpvStart: f.cpv,
      lostThisMove: 0,
      commander: rollFortCommander(f.id, f.side, hidden, pack),
      abandoned: false,
      fpv: f.fpv,
      fpvStart: f.fpv,
      lastFired: {},
      silenced: false,
    }
  // Ruling RC-82: the islands' inlet only where the two islands are (every random table has them).
  const dealt = objectiveCards ? dealObjectives(pack, hidden, sc.random ? [] : ['CONTROL_ISLAND_INLET']) : undefined
  const state: RiverState = {
    scenario: scenarioId,
    phase: dealt ? 'objectives' : sc.hiddenDeployment.length ? 'deployment' : 'moves',
    objectives: dealt ? { USA: [], CSA: [] } : structuredClone(sc.objectives),
    ...(dealt ? { dealt } : {}),
    move: 1,
    moves: sc.moves,
    ships,
    forts,
    ...(sc.buildings.length ? { buildings: newBuildings(sc) } : {}),
    seen: { USA: [], CSA: [] },
    commanders: {
      USA: rollCommander('USA', sc.flagships.USA, hidden, pack),
      CSA: rollCommander('CSA', sc.flagships.CSA, hidden, pack),
    },
    // digest §6.2-6.3: a scenario's line-ahead columns start on FOLLOW directives (ruling RC-63).
    directives: Object.fromEntries(
      sc.ships.flatMap((x) => (x.follow ? [[x.id, { kind: 'FOLLOW' as const, ...x.follow }]] : [])),
    ),
    policies: { USA: [], CSA: [] },
    lastOrders: {},
    exited: {},
    aground: {},
    parties: [],
    placesTaken: {},
    jams: [],
  }
  if (sc.fog) {
    // §9 L583-587: early morning: fog on 3-6, then 2D6 inches of visibility.
    const v = pack.tables.visibility
    if (v.fogOn.includes(hidden.roll('weather:fog', 6, { kind: 'public' }))) {
      let inches = 0
      for (let i = 0; i < v.fogInitialDice; i++) inches += hidden.roll(`weather:fog:${i + 1}`, 6, { kind: 'public' })
      state.fog = inches * 1000
    }
  }
  return state
}

export const otherSide = (s: Side): Side => (s === 'USA' ? 'CSA' : 'USA')
export const sideOf = (role: string): Side => {
  if (!SIDES.includes(role as Side)) throw new Error(`unknown role ${role}`)
  return role as Side
}
