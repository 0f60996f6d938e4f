// Smoke clouds (rulebook §9 L573-579, ruling RC-61) and sunken wrecks (§8 L529-531, ruling RC-20)
// on a reader's plot, ruling RC-78. A side is shown only what it could know: a wreck its side knows
// of (RC-20's `knownTo`), and a cloud its own ship made or that one of its ships afloat or forts sees
// (a corner or the centre within sight range, clear of land and of the other clouds). An observer
// is shown what both sides know, the moderator everything. Sunk ships are not drawn as ships, so a
// wreck is the only mark of where one went down.
import type { Viewer } from '../contract.ts'
import { distance, lineOfSight, type Point, pointInPolygon } from '../kit/geometry.ts'
import type { RiverPack } from './pack.ts'
import { SIDES, type Scenario, type Side } from './scenario.ts'
import { centreOf } from './shapes.ts'
import { present, sightRange } from './sighting.ts'
import { smokeScreens } from './smoke.ts'
import type { RiverState } from './state.ts'

type Screen = ReturnType<typeof smokeScreens>[number]

/** The sides a reader stands for: a role its side, an observer both (what both know), the moderator none. */
function sidesOf(viewer: Viewer): Side[] | 'all' {
  if (viewer.kind === 'moderator') return 'all'
  if (viewer.kind === 'observer') return [...SIDES]
  return SIDES.filter((s) => s === viewer.role)
}

/** Whether `side` sees the cloud: made by one of its ships, or in sight of one of its ships afloat or forts. */
export function sideSeesCloud(
  side: Side,
  cloud: Screen,
  state: RiverState,
  sc: Scenario,
  pack: RiverPack,
  all: Screen[],
): boolean {
  if (state.ships[cloud.owner]?.side === side) return true
  const range = sightRange(state, pack)
  const eyes: Point[] = [
    ...present(state)
      .filter((s) => s.side === side && s.status === 'afloat')
      .map((s) => s.pose.pos),
    ...sc.forts.filter((f) => f.side === side).map((f) => centreOf(f.polygon)),
  ]
  const others = all.filter((c) => c !== cloud).map((c) => c.polygon)
  const marks = [centreOf(cloud.polygon), ...cloud.polygon]
  return eyes.some((eye) => {
    // As in sighting.ts, the land an observer stands on does not hide what it looks out at.
    const land = sc.land.filter((l) => !pointInPolygon(eye, l.polygon)).map((l) => l.polygon)
    return marks.some((p) => distance(eye, p) <= range && lineOfSight(eye, p, [...land, ...others]))
  })
}

/** The clouds standing now that this reader may be shown. */
export function cloudsFor(state: RiverState, viewer: Viewer, sc: Scenario, pack: RiverPack): Screen[] {
  const all = smokeScreens(state)
  const sides = sidesOf(viewer)
  if (sides === 'all') return all
  return all.filter((c) => sides.every((side) => sideSeesCloud(side, c, state, sc, pack, all)))
}

/** The wrecks this reader may be shown. */
export function wrecksFor(state: RiverState, viewer: Viewer): { id: string; polygon: Point[] }[] {
  const sides = sidesOf(viewer)
  return (state.wrecks ?? []).filter((w) => sides === 'all' || sides.every((side) => w.knownTo.includes(side)))
}

/** The SVG marks: wrecks as dark hatched hulls, clouds as grey translucent squares. */
export function plotMarks(
  state: RiverState,
  viewer: Viewer,
  sc: Scenario,
  pack: RiverPack,
  pts: (poly: Point[]) => string,
): string[] {
  const wrecks = wrecksFor(state, viewer).map(
    (w) =>
      `<polygon points="${pts(w.polygon)}" fill="#3a3a3a" fill-opacity="0.5" stroke="#000" stroke-dasharray="2 2"><title>wreck</title></polygon>`,
  )
  const clouds = cloudsFor(state, viewer, sc, pack).map(
    (c) => `<polygon points="${pts(c.polygon)}" fill="#8a8a8a" fill-opacity="0.6"><title>smoke</title></polygon>`,
  )
  return [...wrecks, ...clouds]
}
