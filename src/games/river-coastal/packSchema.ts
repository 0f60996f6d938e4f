// The shape of the River & Coastal data pack, checked with zod. Any value may carry its own
// provenance as { v, src }; any object may carry a `src` that covers everything inside it. The
// loader checks the shape here, then strips the provenance (sourced.ts) for the rules.
import { z } from 'zod'
import type { Unwrap } from './sourced.ts'
import { fireShipsTableSchema, shipRoleSchema } from './fireShipSchema.ts'

/** rules (a rulebook line), digest (a digest proposal), ruling (ours), hist (reference data), placeholder. */
export const srcSchema = z.string().regex(/^(rules §\d|digest §\d|ruling RC-\d|hist|placeholder)/, {
  message: 'provenance must start with rules §n, digest §n, ruling RC-n, hist or placeholder',
})

const sourced = <T extends z.ZodType>(s: T) => z.union([s, z.object({ v: s, src: srcSchema }).strict()])
const table = <T extends z.ZodRawShape>(shape: T) => z.object({ ...shape, src: srcSchema.optional() }).strict()

const int = z.number().int()
const face = int.min(1).max(6)
const faces = z.array(face)
const fraction = table({ num: int.min(0), den: int.min(1) })
/** Inches or feet as written: at most three decimals, so that thousandths are exact. */
const measure = z.number().refine((n) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6, 'at most 3 decimals')
const xy = z.tuple([measure, measure])
const byFace = <T extends z.ZodType>(s: T) => z.record(z.enum(['1', '2', '3', '4', '5', '6']), s)
const officer = <Q extends [string, ...string[]]>(qualities: Q) =>
  table({ quality: byFace(z.enum(qualities)), green: byFace(int), red: byFace(int), yellow: byFace(int) })
const category = z.enum(['lightCraft', 'wooden', 'armouredRiver', 'ironclad', 'heavyIronclad'])
const ramClass = z.enum(['A', 'B', 'C', 'D', 'E'])
const speedBand = { minSpeed: int.min(0), maxSpeed: int.min(0) }

export const CRITICAL_EFFECTS = [
  'gunOut4',
  'gunOutGame',
  'gunDestroyed',
  'hardStarboard4',
  'hardPort4',
  'sameCourse4',
  'sameCourseGame',
  'speedMinus1For4',
  'maxSpeedMinus2Game',
  'maxSpeedMinus2For4',
  'boilerDestroyed',
  'straightAhead4',
  'loseCpv1',
  'loseCpv2',
  'loseCpv3',
  'fire6',
  'fire56',
  'captainKilled',
  'draughtPlus1',
  'draughtPlus2',
  'magazineExplodes',
] as const
const criticalTable = table({ name: z.string() }).catchall(z.enum(CRITICAL_EFFECTS))

export const tablesSchema = z
  .object({
    id: z.string(),
    source: z.string(),
    derived: table({ spvPerTons: int.min(1), cpvPerComplement: int.min(1) }),
    penetration: table(
      Object.fromEntries(category.options.map((c) => [c, fraction])) as Record<string, typeof fraction>,
    ),
    crew: table({ perGun: int, engine: int, boiler: int }),
    captain: officer(['intelligent', 'stubborn', 'reckless']),
    fortCommander: officer(['panicky', 'stubborn', 'fanatic']),
    movement: table({
      maxSpeedChange: int.min(1),
      reverseFractionOfMax: fraction,
      driftHalfFromSpv: sourced(int),
      subStepMaxInches: sourced(measure),
      minSubSteps: sourced(int.min(1)),
    }),
    turningRadius: table({}).catchall(sourced(measure.refine((n) => n > 0))),
    hazards: table({
      shallowDraughtMaxFt: measure,
      sandbar: table({
        stuckShallow: faces,
        stuckDeep: faces,
        refloatOn: faces,
        attempts: int,
        attemptsAssisted: int,
      }),
      stakes: table({
        stuckShallow: faces,
        stuckDeep: faces,
        refloatOn: faces,
        attempts: int,
        assistedRefloatOn: faces,
        attemptsAssisted: int,
      }),
      shoreBufferInches: measure,
      sparChain: table({ crossers: z.array(z.string()), minSpeed: int, crossOn: faces }),
      wreck: table({ freeOn: faces, attempts: int, openSeaPassableAfterMoves: int }),
    }),
    visibility: table({
      maxSightInches: measure,
      windOn: faces,
      windDirection: byFace(z.enum(['N', 'E', 'W', 'S'])),
      fogOn: faces,
      fogInitialDice: int,
      fogGrowth: fraction,
    }),
    rangeBands: table(
      Object.fromEntries(
        ['howitzer', 'smoothbore', 'rifle'].map((k) => [
          k,
          z.array(table({ band: z.enum(['close', 'medium', 'long']), maxInches: measure, hitOn: face })).length(3),
        ]),
      ),
    ),
    toHit: table({ smallTarget: int, bowOrStern: int, aspectConeDegrees: sourced(int.min(0).max(90)) }),
    guns: table({}).catchall(
      table({
        name: z.string(),
        range: z.enum(['howitzer', 'smoothbore', 'rifle']),
        damage: int.min(0),
        alternate: z.boolean(),
        burstCheck: z.boolean().optional(),
      }),
    ),
    arcs: table({
      fixedHalfDegrees: int,
      pivotHalfDegrees: int,
      turretQuadrantHalfDegrees: int,
      turretStepsPerInch: int,
    }),
    damage: table({ slopedArmour: fraction, repairMovesPerCpv: int, floodingSinks: fraction }),
    criticals: table(Object.fromEntries(['1', '2', '3', '4', '5', '6'].map((k) => [k, criticalTable]))),
    mine: table(
      Object.fromEntries(['1', '2', '3', '4', '5', '6'].map((k) => [k, z.enum(['dud', 'spv20', 'spv30', 'sinks'])])),
    ),
    sparTorpedo: table({
      ...Object.fromEntries(['1', '2', '3', '4', '5', '6'].map((k) => [k, z.enum(['dud', 'attackerSpv20', 'sinks'])])),
      smallCraftLostOn: faces,
      /** §9 L833 ruling RC-96: the craft that throw for themselves after their torpedo goes off. */
      smallCraft: sourced(z.array(z.enum(['submarine', 'david', 'torpedoBoat', 'sparBoat']))),
    }),
    forts: table({
      fpvPerSquareInch: table({ earthwork: int, stone: int }),
      bpvPerSquareInch: int,
      silencedBelow: fraction,
      rubbleBelow: fraction,
    }),
    morale: table({}).catchall(int),
    ramming: table({
      minAngleDegrees: int,
      classes: table({}).catchall(z.array(z.string())),
      test: table({}).catchall(table({}).catchall(z.union([int, z.literal('ifLostCpv')]))),
      testMods: table({}).catchall(int),
      damage: z.array(table({ ...speedBand, factor: int, dice: int })),
      controlledExtraDice: int,
      noRamDamage: fraction,
      onRammer: z.array(
        table({ ...speedBand }).catchall(
          z.enum(['loseRam20', 'loseRam30', 'loseRam40', 'loseStack', 'steamPipe', 'locked']),
        ),
      ),
      jam: byFace(int),
    }),
    boarding: table({
      partiesPerMove: int,
      boardOn: faces,
      alongsideGapInches: sourced(measure),
      alongsideMaxAngleDegrees: sourced(int),
    }),
    landing: table({ landingMoves: int, inchesPerMove: int, takeTownOn: faces }),
    anchor: table({ swingBelowSpv: int, swingDegreesPerMove: sourced(int) }),
    /** §7 L483-485 ruling RC-73: an inflated balloon's tow speed and the moves it takes to set up. */
    balloon: table({ towSpeedMaxKnots: int.min(1), setUpMoves: sourced(int.min(0)) }),
    sideWheelRadii: sourced(z.array(measure).min(1)),
    mortars: table({
      minRangeInches: measure,
      rangeInches: table({ heavy: measure, light: measure }),
      hitOn: faces,
      hitOnAgain: faces,
      effects: byFace(
        table({
          fpv: table({ heavy: int, light: int }).optional(),
          gunAndCpv: z.boolean().optional(),
          /** §9 L865, L871: the same rows destroy a building (ruling RC-87). */
          buildingDestroyed: sourced(z.boolean()).optional(),
          commander: z.boolean().optional(),
        }),
      ),
    }),
    randomTable: table({
      squares: z.record(z.enum(['1', '2', '3', '4', '5', '6']), z.tuple([measure, measure, measure, measure])),
      lanes: z.array(z.tuple([measure, measure])).min(1),
      laneOffsets: sourced(z.array(int)),
      tidalRowOffsets: sourced(z.record(z.enum(['1', '2', '3', '4', '5', '6']), int.min(0).nullable())),
      tideShare: table({ '1': fraction, '2': fraction, '3': fraction, '4': fraction, '5': fraction, '6': fraction }),
      cards: table({ river: z.array(z.string()).length(6), estuary: z.array(z.string()).length(6) }),
      anchors: table({ UPSTREAM: measure, MIDDLE: measure, DOWNSTREAM: measure }),
      shapes: table({}).catchall(
        table({
          land: z.array(z.array(xy).min(3)).optional(),
          bars: z.array(z.array(xy).min(3)).optional(),
          fort: z.array(xy).min(3).optional(),
          place: z.array(xy).min(3).optional(),
          /** A town's or port's buildings, each in a square of its grid (§9 L881-911, ruling RC-101). */
          buildings: z
            .array(
              table({
                id: z.string().regex(/^[A-Z]{4}$/),
                name: z.string(),
                square: int.min(1).max(6),
                points: z.array(xy).min(3),
              }),
            )
            .optional(),
          arcCentre: int.optional(),
          arcHalf: int.optional(),
        }),
      ),
      fort: table({
        construction: z.enum(['earthwork', 'stone']),
        commanderSquare: int.min(1).max(6),
        /** §9 L895-897: D6s thrown for the number of guns and for the CPV. */
        gunDice: int.min(1),
        cpvDice: int.min(1),
        /** Ruling RC-104: each gun's type by a D6. */
        gunTypes: z.record(z.enum(['1', '2', '3', '4', '5', '6']), z.string()),
      }),
      minefields: table({ river: int.min(1), estuary: int.min(1), sizeInches: measure }),
      depthDice: table({ river: int.min(1), estuary: int.min(1), tide: int.min(1), sandbar: int.min(1) }),
    }),
    directives: table({
      arriveInches: sourced(measure),
      patrolTurnInches: sourced(measure),
      closeInches: sourced(measure),
      maxGapInches: sourced(measure),
      lookAheadInches: sourced(measure),
      seaRoomInches: sourced(measure).optional(),
    }),
    objectives: table({
      cards: z.record(z.string(), z.string()),
      dealt: int.min(1),
      kept: int.min(1),
      deck: sourced(z.array(z.string()).min(1)),
      /** Ruling RC-65: the downstream area a CONTROL_ESTUARY_OR_DOWNSTREAM card means, from the downstream edge. */
      downstreamAreaInches: sourced(measure),
      /** Ruling RC-82: how far the islands' inlet area reaches beyond the two islands. */
      inletMarginInches: sourced(measure).optional(),
    }),
    fireShips: fireShipsTableSchema,
  })
  .strict()

const gunMount = z.discriminatedUnion('mount', [
  z.object({ id: z.string(), gun: z.string(), mount: z.literal('fixed'), centre: int }).strict(),
  z.object({ id: z.string(), gun: z.string(), mount: z.literal('pivot'), centre: int }).strict(),
  z.object({ id: z.string(), gun: z.string(), mount: z.literal('turret'), turret: z.string() }).strict(),
])
const quadrant = z.enum(['F', 'S', 'A', 'P'])

export const shipClassSchema = table({
  name: z.string(),
  category: sourced(category),
  ramClass: sourced(ramClass),
  tons: sourced(int.min(1)),
  complement: sourced(int.min(1)),
  draughtFt: sourced(measure),
  maxSpeed: sourced(int.min(0)),
  /** A key of the turning-radius table, or a radius in inches. */
  turning: z.union([z.string(), sourced(measure)]),
  hull: sourced(table({ lengthFt: int.min(1), beamFt: int.min(1) })),
  ramFitted: sourced(z.boolean()),
  sloped: sourced(z.boolean()),
  smallTarget: sourced(z.boolean()),
  doubleEnder: sourced(z.boolean()),
  sideWheel: sourced(z.boolean()).optional(),
  turrets: z.array(table({ id: z.string(), forbidden: sourced(z.array(quadrant)) })),
  /** §8 L525: the small craft that may try a spar chain, and the spar boat (ruling RC-74); a David carries no gun. */
  craft: sourced(z.enum(['submarine', 'david', 'torpedoBoat', 'sparBoat'])).optional(),
  /** At least one, but for fire and explosive ships and the gunless small craft (rulings RC-66, RC-74: pack.test.ts checks it). */
  guns: z.array(gunMount),
  role: shipRoleSchema,
  /** §9 L835-839: mortars fire only at forts and towns, by their own table (mortars.ts). */
  mortars: z.array(table({ id: z.string(), kind: z.enum(['heavy', 'light']) })).optional(),
})

export const shipsSchema = z
  .object({ id: z.string(), source: z.string(), classes: z.record(z.string(), shipClassSchema) })
  .strict()

const polygon = z.array(xy).min(3)
const side = z.enum(['USA', 'CSA'])

export const scenarioSchema = table({
  title: z.string(),
  kind: z.enum(['river', 'estuary']),
  moves: int.min(1),
  table: table({ width: measure, length: measure, depthFt: measure }),
  fog: z.boolean(),
  land: z.array(table({ id: z.string(), name: z.string(), points: polygon })),
  hazards: z.array(
    table({
      id: z.string(),
      kind: z.enum(['sandbar', 'stakes', 'chain']),
      depthFt: measure.optional(),
      // a spar chain is a line of two or more points (ruling RC-19), the others polygons
      points: z.array(xy).min(2),
    }).refine((h) => h.kind === 'chain' || h.points.length >= 3, 'a sandbar or stakes needs 3 points or more'),
  ),
  minefields: z.array(table({ id: z.string(), owner: side, real: z.boolean(), points: polygon })),
  current: z.array(table({ knots: int.min(0), points: polygon })),
  forts: z.array(
    table({
      id: z.string(),
      name: z.string(),
      side,
      construction: z.enum(['earthwork', 'stone']),
      points: polygon,
      arcCentre: int,
      arcHalf: int,
      cpv: int.min(0),
      commanderSquare: int.min(1).max(6),
      guns: z.array(table({ id: z.string(), gun: z.string(), square: int.min(1).max(6) })),
    }),
  ),
  ships: z.array(
    table({
      id: z.string().regex(/^[A-Z]{4}$/),
      name: z.string(),
      class: z.string(),
      side,
      complement: sourced(int.min(1)).optional(),
      x: measure,
      y: measure,
      heading: int.min(0).max(359),
      speed: int,
      /** Her directive at the start: line astern of another ship, the gap in inches (digest §4.4). */
      follow: table({ ship: z.string().regex(/^[A-Z]{4}$/), gapInches: measure }).optional(),
      /** She starts the battle at anchor (§12 L1143). */
      anchored: z.boolean().optional(),
    }),
  ),
  hiddenDeployment: z.array(table({ side, minY: measure, maxSpeed: int })),
  places: z.array(
    table({ id: z.string(), name: z.string(), kind: z.enum(['town', 'port']), points: polygon, centre: xy }),
  ),
  /** §9 L881-911: a town's buildings, each in one square of its town's grid (buildings.ts, ruling RC-86). */
  buildings: z
    .array(
      table({
        id: z.string().regex(/^[A-Z]{4}$/),
        name: z.string(),
        side,
        town: z.string(),
        square: int.min(1).max(6),
        points: polygon,
      }),
    )
    .optional(),
  flagships: z.object({ USA: sourced(z.string()), CSA: sourced(z.string()) }).strict(),
  /** The sides that nominate their flagship before the first move (digest §1.2 P7); the default is `flagships`. */
  nominateFlagship: sourced(z.array(side)).optional(),
  objectives: z.object({ USA: z.array(z.string()), CSA: z.array(z.string()) }).strict(),
  /** §9 L823: ships that carry a spar torpedo from the start, besides any the option `spars` names (ruling RC-74). */
  spars: sourced(z.array(z.string().regex(/^[A-Z]{4}$/))).optional(),
  /** Several captains a side, each a player with his own ships, under the option `captains` (ruling RC-91). */
  captains: z
    .array(table({ role: z.string().regex(/^[a-z]+$/), side, name: z.string(), ships: z.array(z.string()).min(1) }))
    .optional(),
  /** A random table of rulebook §5: the set-up rolls and the players' placements lay it out. */
  random: sourced(table({ kind: z.enum(['river', 'estuary']), tidal: z.boolean() })).optional(),
})

export const scenariosSchema = z
  .object({ id: z.string(), source: z.string(), scenarios: z.record(z.string(), scenarioSchema) })
  .strict()

/** The tables as the rules read them (provenance stripped). */
export type Tables = Unwrap<ReturnType<typeof tablesSchema.parse>>
