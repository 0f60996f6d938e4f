// Drift (Rule Book p.29): the board's Drift Table by side (or elevation) and drift intensity gives
// Dive, Ground, one cube or two; the cubes' colours decide the boat's fate.
import { engineOf } from './boat.ts'
import { detectionCheck } from './detection.ts'
import { addLeak, malfunction } from './malfunction.ts'
import { placeFatigue, placePanic } from './markers.ts'
import { boardOf, enemyEyes, type Mission, moveTo, positionOf } from './mission.ts'
import { enemyResponse, AUTO_RESPONSE } from './response.ts'
import { type Ctx, d10, drawCube, loseBoat, note } from './sortie.ts'
import { type Elevation, elevationIndex } from './terms.ts'

export type DriftResult = 'dive' | 'ground' | 'one' | 'two'

export function driftResult(ctx: Ctx, m: Mission): DriftResult {
  const row = boardOf(ctx, m.board).drift.find((d) => d.side === positionOf(ctx, m).side)!
  return row[m.drift] as DriftResult
}

/** Resolves a Drift result of the Navigation Table (p.29). */
export function drift(ctx: Ctx, m: Mission): void {
  const r = driftResult(ctx, m)
  note(
    ctx,
    'p.29',
    `Drift Table (${positionOf(ctx, m).side}, ${m.drift}): ${r === 'one' ? 'one cube' : r === 'two' ? 'two cubes' : r}`,
  )
  if (r === 'dive') dive(ctx, m)
  else if (r === 'ground') groundOrLost(ctx, m)
  else if (r === 'one') oneCube(ctx, m, 'drift cube')
  else twoCubes(ctx, m, 'drift cube')
}

function need(ctx: Ctx, m: Mission, label: string) {
  const cube = drawCube(ctx, m, label)
  if (!cube) loseBoat(ctx, m, 'p.29', 'a drift cube is needed and the Fate Pool is empty')
  return cube
}

function oneCube(ctx: Ctx, m: Mission, label: string): void {
  const cube = need(ctx, m, `${label} 1`)
  if (!cube) return
  if (cube === 'red') {
    note(ctx, 'p.29', 'one cube: Red, two more drawn as a pair')
    twoCubes(ctx, m, `${label} pair`)
    return
  }
  const roll = d10(ctx, `${label} black`)
  note(ctx, 'p.29', `one cube: Black, ${roll}: ${roll % 2 === 0 ? 'Panic' : 'Fatigue'}`)
  const placed = roll % 2 === 0 ? placePanic(ctx.pack, m.boat, 1) : placeFatigue(ctx.pack, m.boat, 1)
  m.boat = placed.boat
  note(ctx, 'p.22', placed.notes.join('; '))
  if (placed.allPanicked) loseBoat(ctx, m, 'p.22', 'every crewman panicked')
}

function twoCubes(ctx: Ctx, m: Mission, label: string): void {
  const a = need(ctx, m, `${label} 1`)
  const b = a && need(ctx, m, `${label} 2`)
  if (!a || !b) return
  const reds = [a, b].filter((c) => c === 'red').length
  note(ctx, 'p.29', `two cubes: ${a}, ${b}`)
  if (reds === 2) dive(ctx, m)
  else if (reds === 1) {
    addLeak(ctx, m, 1)
    const eyes = enemyEyes(ctx, m)
    if (m.boat.elevation <= 1 && eyes) {
      const value = ctx.pack.mission.driftCheck.detection
      const r = detectionCheck(ctx, m, value, null, `${label} detection`, 'p.29')
      if (r === 'response') enemyResponse(ctx, m, eyes[m.boat.elevation as 0 | 1], AUTO_RESPONSE, `${label} response`)
    }
  } else {
    const to = positionOf(ctx, m)[m.driftDirection]
    if (to) moveTo(ctx, m, to, 'p.29')
    else loseBoat(ctx, m, 'p.29', `drifted ${m.driftDirection} with nowhere to go`)
  }
}

/** Dive (p.29): one level deeper, Ground past the bottom; a boiler boat stays up but breaks down. */
export function dive(ctx: Ctx, m: Mission): void {
  if (engineOf(m.boat)?.kind === 'boilerEngine') {
    note(ctx, 'p.29', 'Dive with a boiler: the boat stays up, the engine takes 2 Malfunctions, a crewman panics')
    malfunction(ctx, m, 'engine', 'damage')
    malfunction(ctx, m, 'engine', 'damage')
    const placed = placePanic(ctx.pack, m.boat, 1)
    m.boat = placed.boat
    if (placed.allPanicked) loseBoat(ctx, m, 'p.22', 'every crewman panicked')
    return
  }
  const to = (m.boat.elevation + 1) as Elevation
  if (to > elevationIndex(positionOf(ctx, m).bottom) || to > 4) {
    note(ctx, 'p.29', 'Dive past the bottom: Ground')
    groundOrLost(ctx, m)
    return
  }
  m.boat.elevation = to
  if (to >= 2) m.reachedBelowShallow = true
  note(ctx, 'p.29', `Dive: the fishboat sinks a level`)
}

export function groundOrLost(ctx: Ctx, m: Mission): void {
  const weights = m.boat.parts.find((p) => p.kind === 'keelWeights')
  if (weights) {
    m.boat.parts = m.boat.parts.filter((p) => p !== weights)
    m.boat.elevation = Math.max(0, m.boat.elevation - 1) as Elevation
    note(ctx, 'p.29', 'Ground: the Keel Weights are cut and the fishboat climbs a level (automatic, R16)')
  } else loseBoat(ctx, m, 'p.29', 'aground with no Keel Weights to cut')
}
