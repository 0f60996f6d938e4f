// What a ship's order line says once read (digest §4, in the judge's one-line-per-ship form),
// and what the parser must know about each ship to check it.
import type { Point } from '../kit/geometry.ts'
import type { Policy } from '../kit/policy.ts'
import type { GunMount, Quadrant } from './derive.ts'
import type { Directive } from './stateTypes.ts'
import type { PlottedTurn } from './plan.ts'

export interface FireOrder {
  /** The guns as written (BOW, PORT, T1, P2 ...) and the gun ids they name. */
  selection: string
  guns: string[]
  target: string
  orElse?: string
  /** Move 1 only (§9 L607): fire at the end of this quarter of the move instead of at its end. */
  when?: 1 | 2 | 3 | 4 | 'BEST'
}

export interface RamOrder {
  /** A named target, or any enemy met bow-on when absent. */
  target?: string
  ifBowOn: boolean
  /** §11 L989: what the ship does when the ram test fails. */
  fallback: 'TURN-AWAY' | 'SLOW' | 'STOP'
}

export interface ShipOrder {
  ship: string
  speed: number
  turns: PlottedTurn[]
  fire: FireOrder[]
  turrets: Record<string, Quadrant>
  ram?: RamOrder
  captainAt?: string
  /** §12 L1143: drop or weigh anchor, only when stopped. */
  anchor?: 'DROP' | 'WEIGH'
  /** §12 L1115: boarding parties (1 CPV each, at most 2 a move) sent against a ship alongside. */
  board?: { target: string; parties: number }
  /** §12 L1127-1139: landing parties put ashore for a town, a port or a fort. */
  land?: { goal: string; parties: number }
  /** §9 L821-833: the spar torpedo goes off when the bow touches this ship. */
  spar?: string
  /** §9 L717: spare CPV put on a repair job (a STEERING, SPEED, gun or turret word, or AUTO). */
  repair?: { crew: number; job: string }
  /** §3 L119-125, digest A7: one CPV moved between stations at the end of the move. */
  crewMove?: { from: string; to: string }
  /** §8 L499, L513: a friend alongside helps her off the sandbar or stakes. */
  assist?: string
  /** Ruling RC-49: she takes this friend, stopped alongside, in tow for the move. */
  tow?: string
  /** Ruling RC-49: she lets go of the friend she has in tow. */
  castOff?: true
  /** Ruling RC-73: raise or lower her observation balloon (balloons.ts). */
  balloon?: 'UP' | 'DOWN'
  /** §9 L835-845: the ship's mortars fire at a fort or a town, at one square of its grid if plotted. */
  mortar?: { target: string; square?: number }
  /** No SPEED, HOLD or TURN on the line: a ship with a directive is steered by it (ruling RC-54). */
  helmFree?: true
  /** §9 L543, ruling RC-68: a fire ship's crew tries to light her at the start of the move. */
  ignite?: true
  /** §9 L557, ruling RC-70: an explosive ship throws to go off after the movement. */
  detonate?: true
  /** §9 L541, ruling RC-67: the tow lets her fire or explosive ship go (a CAST OFF that sets her adrift). */
  release?: true
}

/** What the order checks need to know of one ship at the start of the move. */
export interface ShipForOrders {
  id: string
  name: string
  /** Speed last move, knots (negative = astern). */
  speed: number
  /** Max speed this move with every penalty applied. */
  maxSpeed: number
  doubleEnder: boolean
  turningRadius: number
  guns: GunMount[]
  turrets: { id: string; facing: Quadrant; forbidden: Quadrant[] }[]
  ramFitted: boolean
  anchored: boolean
  sparReady: boolean
  /** Spare CPV aboard (boarding parties come from them). */
  spare: number
  /** A Stubborn captain out of signal reach of his flagship: he holds speed and heading (ruling RC-6). */
  lockedBy?: string
  /** Repair jobs she has now (upkeep.ts), her stations' crews, whether she is stuck. */
  jobs: string[]
  hasMortars: boolean
  /** Guns that cannot fire this move, with the reason (gunnery.ts gunBar). */
  gunBars?: Record<string, string>
  /** §9 L837-839: how far each of her mortars reaches, table units. */
  mortarReach?: number[]
  stations: { engine: number; boiler: number; crewedGuns: string[] }
  aground: boolean
  /** Friends afloat whose hulls lie within the boarding gap of hers (ruling RC-49 towing). */
  alongside?: string[]
  /** The friend she has in tow since an earlier move (ruling RC-49). */
  towing?: string
  /** Ruling RC-66: a tugboat, fire ship or explosive ship; whether a fire ship burns already. */
  role?: 'tug' | 'fireShip' | 'explosiveShip'
  alight?: boolean
  /** Ruling RC-73: the balloon she carries, whether it is up, and the speed she may tow it at. */
  balloon?: { inflated: boolean; speedMax: number }
  /** Her captain's quality when only a fleet signal may change her directive (digest §4.4). */
  needsSignal?: 'Stubborn' | 'Reckless'
  /** The flagship can signal her this move (ruling RC-6). */
  signalled: boolean
  /** Her directive as written, if she has one. */
  directive?: string
  here: Point
}

export interface OrderContext {
  side: string
  move: number
  own: ShipForOrders[]
  /** Every unit a gun may be aimed at: id -> name (both sides; the order of battle is known). */
  units: Record<string, { name: string; side: string }>
  /** Towns, ports and enemy forts a landing party may make for: id -> name. */
  places: Record<string, string>
  /** Towns with enemy buildings, which mortars may bombard (§9 L845, buildings.ts): id -> name. */
  towns?: Record<string, string>
  /** §9 L837-839: the mortars' least range, their targets' centres and the fastest current's drift, table units. */
  mortar?: { min: number; targets: Record<string, Point>; drift: number }
  /** Reverse speed as a fraction of max (§7 L453). */
  reverse: { num: number; den: number }
  maxSpeedChange: number
  turretStepsPerInch: number
  boardingParties: number
  /** The table (points in directives) and the longest station gap, table units. */
  table: { width: number; length: number; maxGap: number }
  /** The fleet commander, if alive: his ship, his quality, whether she is damaged, and where he may shift. */
  flag?: { ship: string; quality: string; damaged: boolean; reach: string[] }
}

/** A standing order (policies.ts), as written on its own line: POLICY <ship|ALL> ON <event>: ... */
export interface PolicyCommand {
  policy: Policy
}

export type RiverCommand = ShipOrder | PolicyCommand | DeployCommand | DirectiveCommand | TransferCommand

/** DIRECTIVE <ship> ... (now) or FLEET SIGNAL <ship> ... (from next move); null clears it. */
export interface DirectiveCommand {
  directive: { ship: string; order: Directive | null; signal: boolean }
}
/** TRANSFER <ship>: the fleet commander shifts his flag (§4 L151, L199-203). */
export interface TransferCommand {
  transfer: { ship: string }
}
export const isDirective = (c: RiverCommand): c is DirectiveCommand => 'directive' in c
export const isTransfer = (c: RiverCommand): c is TransferCommand => 'transfer' in c

export const isPolicy = (c: RiverCommand): c is PolicyCommand => 'policy' in c
export const isShipOrder = (c: RiverCommand): c is ShipOrder => 'ship' in c

export interface DeployCommand {
  deploy: { ship: string; x: number; y: number; heading: number; speed: number }
}
