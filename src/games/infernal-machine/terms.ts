// The game's vocabulary (Rule Book p.3, p.5, p.20): elevations, visibility, drift, crank intensity,
// zones of the Tactical Board, power grades and the parts a fishboat is built from.

/** Surface 0, awash 1, below shallow 2, below deep 3, below deeper 4 (p.3). */
export const ELEVATIONS = ['surface', 'awash', 'belowShallow', 'belowDeep', 'belowDeeper'] as const
export type ElevationName = (typeof ELEVATIONS)[number]
export type Elevation = 0 | 1 | 2 | 3 | 4

export const elevationIndex = (name: ElevationName): Elevation => ELEVATIONS.indexOf(name) as Elevation
export const elevationName = (e: Elevation): ElevationName => ELEVATIONS[e]
export const ELEVATION_WORDS = ['surface', 'awash', 'below shallow', 'below deep', 'below deeper'] as const

/** Concussion and attack tables have two rows: surface or awash, and below (p.7, p.10). */
export type Band = 'surfaceAwash' | 'below'
export const bandOf = (e: Elevation): Band => (e <= 1 ? 'surfaceAwash' : 'below')

export const VISIBILITIES = ['bright', 'dim', 'inky'] as const
export type Visibility = (typeof VISIBILITIES)[number]

export const DRIFTS = ['strong', 'weak', 'calm'] as const
export type DriftIntensity = (typeof DRIFTS)[number]
export type DriftDirection = 'ebb' | 'flood'

export const CRANKS = ['easy', 'full', 'strain'] as const
export type Crank = (typeof CRANKS)[number]

/** Zones of the Tactical Board, far to the other side of the target (p.3, p.9). */
export const ZONES = ['far', 'near', 'contact', 'otherSide'] as const
export type Zone = (typeof ZONES)[number]

export const GRADES = ['A', 'B', 'C', 'D', 'E'] as const
export type Grade = (typeof GRADES)[number]

export const CHARGE_SIZES = ['small', 'medium', 'large'] as const
export type ChargeSize = (typeof CHARGE_SIZES)[number]

export const CONVEYANCES = ['longSpar', 'shortSpar', 'towCord', 'diver'] as const
export type Conveyance = (typeof CONVEYANCES)[number]

/** Mechanisms the Malfunction panel can name ('engine' is whichever engine the boat has). */
export const MECHANISMS = [
  'hatch',
  'steeringLink',
  'propeller',
  'shroud',
  'divePlanes',
  'ballastTank',
  'levelTank',
  'snorkel',
  'keelWeights',
  'airlock',
  'engine',
  'conveyance',
] as const
export type Mechanism = (typeof MECHANISMS)[number]

export type Side = 'CSA' | 'USA'
export type Cube = 'black' | 'red'
export type Season = 'winter' | 'spring' | 'summer' | 'autumn'
