// Turning, standing in for the lost templates of rulebook §13 (digest §3.3): a ship turns on a
// circle no tighter than its class radius (§7 L471-481), so the heading it can change over a
// distance is that distance over the radius. Pi is the fixed fraction 355/113, so every engine
// computes the same whole hundredths of a degree.
const PI_NUM = 355
const PI_DEN = 113
const HALF_CIRCLE = 18000

/** Heading change (hundredths of a degree) after `distance` along an arc of `radius` (both table units), rounded down. */
export function turnOver(distance: number, radius: number): number {
  if (distance <= 0) return 0
  return Math.floor((distance * HALF_CIRCLE * PI_DEN) / (PI_NUM * radius))
}

/** The arc length needed to turn through `angle` (hundredths of a degree) at `radius`: the least distance that does it. */
export function arcLengthFor(angle: number, radius: number): number {
  if (angle <= 0) return 0
  let s = Math.ceil((angle * PI_NUM * radius) / (HALF_CIRCLE * PI_DEN))
  while (turnOver(s, radius) < angle) s++
  while (s > 0 && turnOver(s - 1, radius) >= angle) s--
  return s
}

/** The most a ship can turn in a move of `distance` at `radius`, in whole degrees (what order messages quote). */
export const maxTurnDegrees = (distance: number, radius: number): number => Math.floor(turnOver(distance, radius) / 100)
