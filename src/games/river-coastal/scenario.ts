// A scenario bound for the rules: the table's polygons in table units, the ships with their
// derived values, the forts with their FPV (§9 L885-887: points per square inch of footprint).
import { type Point, UNITS_PER_INCH } from '../kit/geometry.ts'
import { cpvOf, pvOf, type ShipClass, spvOf } from './derive.ts'
import type { Tables } from './packSchema.ts'
import type { scenarioSchema } from './packSchema.ts'
import type { Unwrap } from './sourced.ts'
import { degrees, feetTenths, inches, point } from './units.ts'
import { bindCaptains, type Captain } from './captainSetup.ts'
import type { Side } from './sides.ts'

export { SIDES, type Side } from './sides.ts'

export interface ShipSetup {
  id: string
  name: string
  classKey: string
  side: Side
  complement: number
  spv: number
  cpv: number
  pv: number
  pos: Point
  heading: number
  speed: number
  /** The FOLLOW directive she starts with, if the scenario gives one (gap in table units). */
  follow?: { ship: string; gap: number }
  /** She starts at anchor (§12 L1143). */
  anchored?: boolean
}

export interface FortSetup {
  id: string
  name: string
  side: Side
  construction: 'earthwork' | 'stone'
  polygon: Point[]
  fpv: number
  arcCentre: number
  arcHalf: number
  cpv: number
  commanderSquare: number
  guns: { id: string; gun: string; square: number }[]
}

/** A building of a town, in one square of the town's 2x3 grid (ruling RC-86). */
export interface BuildingSetup {
  id: string
  name: string
  side: Side
  town: string
  square: number
  polygon: Point[]
  bpv: number
}

export interface Scenario {
  id: string
  title: string
  kind: 'river' | 'estuary'
  moves: number
  width: number
  length: number
  /** Water depth away from marked hazards, tenths of a foot. */
  depth: number
  fog: boolean
  land: { id: string; name: string; polygon: Point[] }[]
  hazards: { id: string; kind: 'sandbar' | 'stakes' | 'chain'; depth?: number; polygon: Point[] }[]
  minefields: { id: string; owner: Side; real: boolean; polygon: Point[] }[]
  current: { knots: number; polygon: Point[] }[]
  forts: FortSetup[]
  ships: ShipSetup[]
  hiddenDeployment: { side: Side; minY: number; maxSpeed: number }[]
  /** Towns and ports landing parties may take (§12 L1127-1133). */
  places: { id: string; name: string; kind: 'town' | 'port'; polygon: Point[]; centre: Point }[]
  /** A town's buildings with their BPV (§9 L889, buildings.ts). */
  buildings: BuildingSetup[]
  flagships: Record<Side, string>
  /** Sides asked to nominate their flagship before move 1 (digest §1.2 P7). */
  nominateFlagship: Side[]
  objectives: Record<Side, string[]>
  /** Ships fitted with a spar torpedo at the start (§9 L823, ruling RC-74). */
  spars: string[]
  /** The captains each side may be divided into, each a player (sideCaptains.ts, ruling RC-91). */
  captains: Captain[]
  /** A random table (rulebook §5): laid out before the battle (tableDraw.ts, tableLayout.ts). */
  random?: { kind: 'river' | 'estuary'; tidal: boolean }
}

/** Twice the signed area, table units squared (shoelace). */
export function doubleArea(poly: Point[]): number {
  let s = 0
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) s += poly[j]!.x * poly[i]!.y - poly[i]!.x * poly[j]!.y
  return s
}

/** Points per square inch times the footprint's area, rounded down. */
export function pointsForArea(poly: Point[], perSquareInch: number): number {
  return Math.floor((Math.abs(doubleArea(poly)) * perSquareInch) / (2 * UNITS_PER_INCH * UNITS_PER_INCH))
}

type RawScenario = Unwrap<ReturnType<typeof scenarioSchema.parse>>

export function bindScenario(id: string, s: RawScenario, classes: Record<string, ShipClass>, t: Tables): Scenario {
  const poly = (pts: readonly (readonly number[])[]) => pts.map(point)
  const ships = s.ships.map((sh): ShipSetup => {
    const c = classes[sh.class]
    if (!c) throw new Error(`scenario ${id}: ship ${sh.id} is of unknown class ${sh.class}`)
    const complement = sh.complement ?? c.complement
    const spv = spvOf(c.tons, t)
    return {
      id: sh.id,
      name: sh.name,
      classKey: sh.class,
      side: sh.side,
      complement,
      spv,
      cpv: cpvOf(complement, t),
      pv: pvOf(spv, c.category, t),
      pos: point([sh.x, sh.y]),
      heading: degrees(sh.heading),
      speed: sh.speed,
      ...(sh.follow ? { follow: { ship: sh.follow.ship, gap: inches(sh.follow.gapInches) } } : {}),
      ...(sh.anchored ? { anchored: true } : {}),
    }
  })
  for (const side of ['USA', 'CSA'] as const)
    if (!ships.some((sh) => sh.id === s.flagships[side] && sh.side === side))
      throw new Error(`scenario ${id}: the ${side} flagship ${s.flagships[side]} is not a ${side} ship`)
  return {
    id,
    title: s.title,
    kind: s.kind,
    moves: s.moves,
    width: inches(s.table.width),
    length: inches(s.table.length),
    depth: feetTenths(s.table.depthFt),
    fog: s.fog,
    land: s.land.map((l) => ({ id: l.id, name: l.name, polygon: poly(l.points) })),
    hazards: s.hazards.map((h) => ({
      id: h.id,
      kind: h.kind,
      ...(h.depthFt === undefined ? {} : { depth: feetTenths(h.depthFt) }),
      polygon: poly(h.points),
    })),
    minefields: s.minefields.map((m) => ({ id: m.id, owner: m.owner, real: m.real, polygon: poly(m.points) })),
    current: s.current.map((c) => ({ knots: c.knots, polygon: poly(c.points) })),
    forts: s.forts.map((f) => {
      for (const g of f.guns) if (!t.guns[g.gun]) throw new Error(`fort ${f.id}: unknown gun type ${g.gun}`)
      const polygon = poly(f.points)
      return {
        id: f.id,
        name: f.name,
        side: f.side,
        construction: f.construction,
        polygon,
        fpv: pointsForArea(polygon, t.forts.fpvPerSquareInch[f.construction]),
        arcCentre: degrees(f.arcCentre),
        arcHalf: degrees(f.arcHalf),
        cpv: f.cpv,
        commanderSquare: f.commanderSquare,
        guns: f.guns,
      }
    }),
    ships,
    hiddenDeployment: s.hiddenDeployment.map((h) => ({ side: h.side, minY: inches(h.minY), maxSpeed: h.maxSpeed })),
    places: s.places.map((p) => ({
      id: p.id,
      name: p.name,
      kind: p.kind,
      polygon: poly(p.points),
      centre: point(p.centre),
    })),
    buildings: (s.buildings ?? []).map((b) => ({
      id: b.id,
      name: b.name,
      side: b.side,
      town: b.town,
      square: b.square,
      polygon: poly(b.points),
      bpv: pointsForArea(poly(b.points), t.forts.bpvPerSquareInch),
    })),
    flagships: s.flagships,
    nominateFlagship: s.nominateFlagship ?? [],
    objectives: s.objectives,
    spars: s.spars ?? [],
    captains: bindCaptains(id, s.captains ?? [], ships),
    ...(s.random ? { random: s.random } : {}),
  }
}
