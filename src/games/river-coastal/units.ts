// Table units. Positions use the kit's fixed point (thousandths of an inch, kit/geometry.ts) and
// headings its hundredths of a degree; draughts are held in tenths of a foot. Pack values are
// converted once, when the pack is bound, so no fraction ever reaches the state.
import { type Point, UNITS_PER_INCH } from '../kit/geometry.ts'

/** Inches as written in the pack (at most 3 decimals, checked by the schema) to table units. */
export const inches = (n: number): number => Math.round(n * UNITS_PER_INCH)
/** Whole degrees to the kit's hundredths. */
export const degrees = (d: number): number => d * 100
/** Feet as written (one decimal at most in practice) to tenths of a foot. */
export const feetTenths = (f: number): number => Math.round(f * 10)
/** 1:600 scale: 50 ft of hull to the table inch. */
export const hullFeetToUnits = (ft: number): number => Math.round((ft * UNITS_PER_INCH) / 50)
export const point = (xy: readonly number[]): Point => ({ x: inches(xy[0]!), y: inches(xy[1]!) })
/** For messages: table units as inches with up to two decimals. */
export const showInches = (u: number): string => String(Math.round(u / 10) / 100)
