// A ship's changing state (digest §5): what the rules fold from move to move. Static class data
// (guns fitted, hull, radius) stays in the pack; the state keeps only what damage and orders change.
import type { Tables } from './pack.ts'
import type { Pose } from './hull.ts'
import { crewSplit, type ShipClass } from './derive.ts'
import type { Quadrant } from './derive.ts'
import type { ShipSetup, Side } from './scenario.ts'

export interface Officer {
  quality: 'intelligent' | 'stubborn' | 'reckless'
  green: number
  red: number
  yellow: number
  alive: boolean
  /** The gun the captain serves (§4 L237): adds his yellow score to it, dies with its crew. */
  atGun?: string
}

export interface GunState {
  status: 'ok' | 'out' | 'destroyed'
  /** Out of action through this move, or for the rest of the game. */
  outUntil?: number | 'game'
  crewed: boolean
  lastFired?: number
}

/** A timed or lasting effect of a critical hit or a ram (tables 2-4, ram chart). */
export interface Effect {
  kind:
    | 'hardPort'
    | 'hardStarboard'
    | 'sameCourse'
    | 'straightAhead'
    | 'speedMinus'
    | 'maxSpeedMinus'
    | 'boilerDestroyed'
  amount?: number
  /** The last move it acts in, or the rest of the game. */
  until: number | 'game'
}

export type MoraleTrigger =
  | 'captainKilled'
  | 'belowPv'
  | 'cpvLost'
  | 'aground'
  | 'noArmament'
  | 'noSpeed'
  | 'steeringJammed'
  | 'rammed'

export interface ShipState {
  id: string
  name: string
  side: Side
  classKey: string
  pose: Pose
  /** Speed made good last move, knots (negative = astern). */
  speed: number
  /** Ruling RC-49: the friend she has in tow, kept from move to move until cast off or the tow parts. */
  towing?: string
  spv: number
  spvStart: number
  pv: number
  cpvStart: number
  cpvLost: number
  crew: { engine: number; boiler: number; spare: number }
  /** Tenths of a foot. */
  draught: number
  draughtStart: number
  captain: Officer
  guns: Record<string, GunState>
  turrets: Record<string, { facing: Quadrant; jammedUntil?: number | 'game' }>
  effects: Effect[]
  fire?: { movesLeft: number; putOutOn: number[] }
  ramLost: boolean
  /** §9 L823-825: a spar torpedo declared at the start, good for one attack. */
  spar: 'none' | 'fitted' | 'used'
  /** 'captured': taken by boarders; out of the fight for the rest of the game (RC-45). */
  status: 'afloat' | 'abandoned' | 'sunk' | 'exploded' | 'captured'
  aground: boolean
  anchored: boolean
  firedOnBy: string[]
  morale: MoraleTrigger[]
  /** The fort her mortars last fired at: later shots at it hit on 5-6 (§9 L851). */
  mortarAt?: string
  /** A prize: the side she was taken from (prize.ts); `side` is now her captor's. */
  prizeOf?: Side
  /** A side-wheeler's chosen turning radius, table units (radius.ts); else her class's. */
  radius?: number
  /** A fire ship set alight, an explosive ship that has touched an enemy (fireShips.ts, ruling RC-68, RC-70). */
  blaze?: { alight?: true; touched?: true }
  /** Ruling RC-73 (balloons.ts): a balloon aboard; `raisedIn` is the move it went up, absent while stowed. */
  balloon?: { raisedIn?: number }
}

/** A ship as set up by the scenario: full crew spread over guns, engine, boiler and spares (§3 L119-125). */
export function newShip(s: ShipSetup, c: ShipClass, captain: Officer, t: Tables): ShipState {
  const split = crewSplit(s.cpv, c.guns.length, t)
  const guns: Record<string, GunState> = {}
  c.guns.forEach((g, i) => {
    guns[g.id] = { status: 'ok', crewed: i < split.guns }
  })
  const turrets: ShipState['turrets'] = {}
  for (const tu of c.turrets) turrets[tu.id] = { facing: 'F' }
  return {
    id: s.id,
    name: s.name,
    side: s.side,
    classKey: s.classKey,
    pose: { pos: s.pos, heading: s.heading },
    speed: s.speed,
    spv: s.spv,
    spvStart: s.spv,
    pv: s.pv,
    cpvStart: s.cpv,
    cpvLost: 0,
    crew: { engine: split.engine, boiler: split.boiler, spare: split.spare },
    draught: c.draught,
    draughtStart: c.draught,
    captain,
    guns,
    turrets,
    effects: [],
    ramLost: false,
    spar: 'none',
    status: 'afloat',
    aground: false,
    anchored: s.anchored ?? false,
    firedOnBy: [],
    morale: [],
  }
}

export const isAfloat = (s: ShipState) => s.status === 'afloat'
/** §12 L1125: a ship needs a crewed engine and boiler to make way, and some speed left. */
export const canMove = (s: ShipState, classMax: number, move: number) =>
  s.crew.engine > 0 &&
  s.crew.boiler > 0 &&
  !s.effects.some((e) => e.kind === 'boilerDestroyed') &&
  maxSpeedNow(s, classMax, move) > 0

/** Max speed with every penalty that applies this move (ruling RC-35: they all cut max speed and stack). */
export function maxSpeedNow(s: ShipState, classMax: number, move = 0): number {
  let max = classMax
  for (const e of s.effects) {
    if (e.until !== 'game' && e.until < move) continue
    if (e.kind === 'speedMinus' || e.kind === 'maxSpeedMinus') max -= e.amount ?? 0
  }
  return Math.max(0, max)
}

export const gunsCanFire = (s: ShipState) => Object.values(s.guns).some((g) => g.status === 'ok' && g.crewed)
