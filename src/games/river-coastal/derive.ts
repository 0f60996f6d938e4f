// Ship values derived by rulebook §3: SPV from tonnage, CPV from complement, PV from the
// penetration category, crew split over guns, engine, boiler and spares.
import { divRound } from '../kit/geometry.ts'
import type { Tables } from './packSchema.ts'
import type { shipClassSchema } from './packSchema.ts'
import type { Unwrap } from './sourced.ts'
import { feetTenths, hullFeetToUnits, inches } from './units.ts'

export type Category = 'lightCraft' | 'wooden' | 'armouredRiver' | 'ironclad' | 'heavyIronclad'
export type RamClass = 'A' | 'B' | 'C' | 'D' | 'E'
export type Quadrant = 'F' | 'S' | 'A' | 'P'
export type GunMount =
  | { id: string; gun: string; mount: 'fixed' | 'pivot'; centre: number }
  | { id: string; gun: string; mount: 'turret'; turret: string }

/** A class as the rules read it: integer table units throughout. */
export interface ShipClass {
  key: string
  name: string
  category: Category
  ramClass: RamClass
  tons: number
  complement: number
  /** Draught at the start, tenths of a foot. */
  draught: number
  maxSpeed: number
  /** Minimum turning radius, table units. */
  turningRadius: number
  length: number
  beam: number
  ramFitted: boolean
  sloped: boolean
  smallTarget: boolean
  doubleEnder: boolean
  /** §7 L479: a side-wheeler's radius is chosen before the battle (ruling RC-17). */
  sideWheel: boolean
  mortars: { id: string; kind: 'heavy' | 'light' }[]
  /** §8 L525 ruling RC-74: a submarine, David or torpedo boat may try a spar chain; a spar boat may not. */
  craft?: 'submarine' | 'david' | 'torpedoBoat' | 'sparBoat'
  turrets: { id: string; forbidden: Quadrant[] }[]
  guns: GunMount[]
  /** Ruling RC-66: a tugboat, fire ship or explosive ship. */
  role?: 'tug' | 'fireShip' | 'explosiveShip'
}

/** §3 L85: tonnage / 10, rounded half up. */
export const spvOf = (tons: number, t: Tables): number => divRound(tons, t.derived.spvPerTons)
/** §3 L105: complement / 10, rounded half up (ruling RC-7; Manassas 36 -> 4). */
export const cpvOf = (complement: number, t: Tables): number => divRound(complement, t.derived.cpvPerComplement)

/** §3 L87-101 with ruling RC-3: PV = ceil(SPV x (1 - fraction)). */
export function pvOf(spv: number, category: Category, t: Tables): number {
  const f = t.penetration[category]!
  return Math.ceil((spv * (f.den - f.num)) / f.den)
}

/** §3 L119-125: one CPV per gun, one engine, one boiler, the remainder spare (ruling RC-7). */
export function crewSplit(
  cpv: number,
  guns: number,
  t: Tables,
): { guns: number; engine: number; boiler: number; spare: number } {
  let left = cpv
  const take = (n: number) => {
    const got = Math.min(n, left)
    left -= got
    return got
  }
  // Engine and boiler first: a ship that cannot move is worse off than one short of a gun crew.
  const engine = take(t.crew.engine)
  const boiler = take(t.crew.boiler)
  const gunCrews = take(guns * t.crew.perGun)
  return { guns: gunCrews, engine, boiler, spare: left }
}

type RawClass = Unwrap<ReturnType<typeof shipClassSchema.parse>>

export function bindShipClass(key: string, c: RawClass, t: Tables): ShipClass {
  const radius = typeof c.turning === 'string' ? t.turningRadius[c.turning] : c.turning
  if (radius === undefined) throw new Error(`class ${key}: no turning radius "${String(c.turning)}"`)
  for (const g of c.guns) {
    if (!t.guns[g.gun]) throw new Error(`class ${key}: gun ${g.id} is of unknown type ${g.gun}`)
    if (g.mount === 'turret' && !c.turrets.some((tu) => tu.id === g.turret))
      throw new Error(`class ${key}: gun ${g.id} is in unknown turret ${g.turret}`)
  }
  return {
    key,
    name: c.name,
    category: c.category,
    ramClass: c.ramClass,
    tons: c.tons,
    complement: c.complement,
    draught: feetTenths(c.draughtFt),
    maxSpeed: c.maxSpeed,
    turningRadius: inches(radius),
    length: hullFeetToUnits(c.hull.lengthFt),
    beam: hullFeetToUnits(c.hull.beamFt),
    ramFitted: c.ramFitted,
    sloped: c.sloped,
    smallTarget: c.smallTarget,
    doubleEnder: c.doubleEnder,
    sideWheel: c.sideWheel ?? false,
    mortars: c.mortars ?? [],
    ...(c.craft ? { craft: c.craft } : {}),
    turrets: c.turrets,
    guns: c.guns,
    ...(c.role ? { role: c.role } : {}),
  }
}
