// The random table laid out (rulebook §5 L239-389, ruling RC-57): each square's card at the place its
// placer chose (the shapes in the pack, drawn for a square on the west bank and mirrored for the
// east), the minefields where their layer put them, the current in five lanes (a tidal estuary's
// lanes slacken toward the sea, L355-359), and the water's depth: a square no deeper than a ship
// draws is a shoal to her (ruling RC-11, digest A11), the tide deepening squares 3-6 (L361-385).
// A town or port card brings its buildings (§9 L881-911, ruling RC-101) for mortars and FIRE ... AT.
import type { Input, NarrativeEntry, Step } from '../contract.ts'
import { onlyRoles, PUBLIC } from '../contract.ts'
import type { Point } from '../kit/geometry.ts'
import { newBuildings } from './buildingSetup.ts'
import type { RiverCommand } from './orderTypes.ts'
import type { RiverPack } from './pack.ts'
import { centreOf } from './shapes.ts'
import { pointsForArea, type Scenario } from './scenario.ts'
import { seenBy } from './sighting.ts'
import { type RiverState, rollFortCommander } from './state.ts'
import {
  defaultMines,
  drawLines,
  hasFortCard,
  LEAVE_ID,
  MINES_ID,
  type MineAnswer,
  placeId,
  placeWords,
  readMines,
} from './tableDraw.ts'
import { defaultFortPlacement, FORT_ID, type FortPlacement, fortPlacementOf, fortSheetLine } from './tableFort.ts'
import { anchorOf, type Place, readPlace } from './tablePlaces.ts'
import { degrees, feetTenths, inches, showInches } from './units.ts'
import type { Layout } from './stateTypes.ts'

const NAMES: Record<string, string> = {
  FORT: 'the Shore Fort',
  ISLAND_FORT: 'the Island Fort',
  TOWN: 'the Shore Town',
  PORT: 'the Shore Port',
}

/** The scenario as the rules see it: a random table's layout added, ships left out removed. */
export function scenarioOf(state: RiverState, pack: RiverPack): Scenario {
  const sc = pack.scenarios[state.scenario]!
  const l = state.table?.layout
  if (!l) return sc
  return {
    ...sc,
    land: [...sc.land, ...l.land],
    hazards: [...sc.hazards, ...l.hazards],
    minefields: l.minefields,
    current: l.current,
    forts: l.forts,
    places: l.places,
    buildings: [...sc.buildings, ...(l.buildings ?? [])],
    ships: sc.ships.filter((s) => s.id in state.ships),
  }
}

export function layTable(
  state: RiverState,
  pack: RiverPack,
  at: Place[],
  mines: MineAnswer,
  placing: FortPlacement = defaultFortPlacement(
    state.table!.draw.fort?.guns.length ?? 0,
    state.table!.draw.fort?.cpv ?? 0,
  ),
): Required<Layout> {
  const sc = pack.scenarios[state.scenario]!
  const r = pack.tables.randomTable
  const draw = state.table!.draw
  const out: Required<Layout> = {
    land: [],
    hazards: [],
    minefields: [],
    current: [],
    forts: [],
    places: [],
    buildings: [],
  }
  const rect = (x0: number, y0: number, x1: number, y1: number): Point[] =>
    [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ].map(([x, y]) => ({ x: inches(x!), y: inches(y!) }))
  draw.cards.forEach((card, i) => {
    const sq = String(i + 1) as '1'
    const [x0, y0, x1, y1] = r.squares[sq]!
    const mirror = (i + 1) % 2 === 1 ? 1 : -1 // squares 1, 3, 5 lie on the west bank
    const { x: ax, y: ay } = anchorOf(pack, i + 1, at[i]!)
    const shape = (pts: readonly (readonly number[])[]) =>
      pts.map(([dx, dy]) => ({ x: inches(ax + mirror * dx!), y: inches(ay + dy!) }))
    const s = r.shapes[card]!
    s.land?.forEach((pts, k) => {
      out.land.push({ id: `sq${sq}-island${k + 1}`, name: `an island of square ${sq}`, polygon: shape(pts) })
    })
    s.bars?.forEach((pts, k) => {
      const depth = feetTenths(draw.barDepths[sq]![k]!)
      out.hazards.push({ id: `sq${sq}-bar${k + 1}`, kind: 'sandbar', depth, polygon: shape(pts) })
    })
    if (s.fort) {
      const polygon = shape(s.fort)
      const f = r.fort
      out.forts.push({
        id: 'FORT',
        name: NAMES[card]!,
        side: 'CSA',
        construction: f.construction,
        polygon,
        fpv: pointsForArea(polygon, pack.tables.forts.fpvPerSquareInch[f.construction]),
        arcCentre: degrees(mirror === 1 ? (s.arcCentre ?? 0) : (360 - (s.arcCentre ?? 0)) % 360),
        arcHalf: degrees(s.arcHalf ?? 180),
        cpv: draw.fort?.cpv ?? 0,
        // §9 L901: where the Confederate player's answer put the guns and the commander.
        commanderSquare: placing.commander,
        guns: (draw.fort?.guns ?? []).map((gun, k) => ({ id: `G${k + 1}`, gun, square: placing.guns[k]! })),
      })
    }
    if (s.place) {
      const polygon = shape(s.place)
      const kind = card === 'PORT' ? 'port' : 'town'
      out.places.push({ id: card, name: NAMES[card]!, kind, polygon, centre: centreOf(polygon) })
      // Ruling RC-101: its buildings are the Confederates', as the card fort is, each in its square.
      for (const b of s.buildings ?? []) {
        const at = shape(b.points)
        const bpv = pointsForArea(at, pack.tables.forts.bpvPerSquareInch)
        out.buildings.push({ id: b.id, name: b.name, side: 'CSA', town: card, square: b.square, polygon: at, bpv })
      }
    }
    // The water's depth in this square, the tide's share added (ruling RC-57): a shoal to deeper ships.
    const share = r.tideShare[sq]
    const depth = draw.depthFt + Math.floor((draw.tideFt * share.num) / share.den)
    out.hazards.push({ id: `sq${sq}-depth`, kind: 'sandbar', depth: feetTenths(depth), polygon: rect(x0, y0, x1, y1) })
  })
  // §5 L291-301: the die less 3, 2, 1, 2, 3 across the river, never below 0 (ruling RC-10); a tidal
  // estuary's squares 3-4 lose one knot more, 1-2 two, and 5-6 have none (L355-359).
  r.lanes.forEach(([lx0, lx1], i) => {
    const lane = Math.max(0, draw.currentDie - r.laneOffsets[i]!)
    if (!sc.random!.tidal) out.current.push({ knots: lane, polygon: rect(lx0, 0, lx1, sc.length / 1000) })
    else
      for (const sq of ['1', '3', '5'] as const) {
        const off = r.tidalRowOffsets[sq]
        const [, y0, , y1] = r.squares[sq]!
        out.current.push({ knots: off === null ? 0 : Math.max(0, lane - off), polygon: rect(lx0, y0, lx1, y1) })
      }
  })
  // Field ids follow their places, so that the order they were written in (real first) tells nothing.
  const half = inches(r.minefields.sizeInches) / 2
  const fields = [...mines.real.map((p) => ({ p, real: true })), ...mines.dummy.map((p) => ({ p, real: false }))]
  fields.sort((a, b) => a.p.y - b.p.y || a.p.x - b.p.x)
  fields.forEach(({ p, real }, k) => {
    const polygon = [
      { x: p.x - half, y: p.y - half },
      { x: p.x + half, y: p.y - half },
      { x: p.x + half, y: p.y + half },
      { x: p.x - half, y: p.y + half },
    ]
    out.minefields.push({ id: `field-${k + 1}`, owner: draw.mines, real, polygon })
  })
  return out
}

/** The set-up's answers (or their defaults) lay the table; the objective cards come next (§5 L391). */
export function resolveTable(
  s: RiverState,
  input: Input<RiverCommand>,
  dice: Parameters<typeof rollFortCommander>[2],
  pack: RiverPack,
): Step<RiverState> {
  const state: RiverState = structuredClone(s)
  const sc = pack.scenarios[s.scenario]!
  const draw = state.table!.draw
  // §5 L257-267 ruling RC-81: an anchor or a free place; an answer that does not read, the middle.
  const at = draw.cards.map((_, i): Place => {
    const read = readPlace(input.decisions[placeId(i + 1)] ?? '', i + 1, draw, pack)
    return typeof read === 'object' && 'error' in read ? 'MIDDLE' : read
  })
  const read = readMines(input.decisions[MINES_ID] ?? '', sc, pack)
  const mines = 'error' in read ? (readMines(defaultMines(sc, pack), sc, pack) as MineAnswer) : read
  const narrative: NarrativeEntry[] = drawLines(draw).map((text) => ({ audience: PUBLIC, rule: '§5 L249-307', text }))
  if (hasFortCard(draw)) {
    const csa = sc.ships.filter((x) => x.side === 'CSA' && x.id !== sc.flagships.CSA).map((x) => x.id)
    const answer = input.decisions[LEAVE_ID] ?? ''
    const out = csa.includes(answer) ? answer : csa.at(-1)!
    delete state.ships[out]
    narrative.push({ audience: PUBLIC, rule: '§5 L263', text: `A fort was drawn: ${s.ships[out]!.name} stays away` })
  }
  const placing = fortPlacementOf(input.decisions[FORT_ID], draw)
  const layout = layTable(state, pack, at, mines, placing)
  state.table = { draw, layout }
  if (layout.buildings.length) state.buildings = newBuildings(scenarioOf(state, pack))
  for (const f of layout.forts)
    state.forts[f.id] = {
      id: f.id,
      cpv: f.cpv,
      cpvStart: f.cpv,
      lostThisMove: 0,
      commander: rollFortCommander(f.id, f.side, dice, pack),
      // §9 L901: the crew where the Confederate player's sheet put it.
      ...(draw.fort ? { cpvSquares: [...placing.cpv] } : {}),
      abandoned: false,
      fpv: f.fpv,
      fpvStart: f.fpv,
      lastFired: {},
      silenced: false,
    }
  at.forEach((p, i) =>
    narrative.push({
      audience: PUBLIC,
      rule: '§5 L277',
      text:
        typeof p === 'string'
          ? `${draw.placers[i]} places ${draw.cards[i]} at ${placeWords(p)} of square ${i + 1}`
          : `${draw.placers[i]} places ${draw.cards[i]} in square ${i + 1}, centred at ${p.x},${p.y}`,
    }),
  )
  narrative.push({
    audience: PUBLIC,
    rule: '§5 L291-301',
    text: `Current across the river, west to east: ${pack.tables.randomTable.lanes.map((_, i) => Math.max(0, draw.currentDie - pack.tables.randomTable.laneOffsets[i]!)).join(', ')} knots${sc.random!.tidal ? ' (less toward the sea, squares 5-6 slack)' : ''}`,
  })
  const where = (ps: { x: number; y: number }[]) => ps.map((p) => `${showInches(p.x)},${showInches(p.y)}`).join(' and ')
  narrative.push({
    audience: PUBLIC,
    rule: '§5 L283',
    text: `${draw.mines} lays minefields centred at ${where(layout.minefields.map((m) => centreOf(m.polygon)))}`,
  })
  narrative.push({ audience: onlyRoles(draw.mines), rule: '§5 L283', text: `Your real fields: ${where(mines.real)}` })
  if (draw.fort) narrative.push(fortSheetLine(draw, placing))
  state.phase = 'objectives'
  const full = scenarioOf(state, pack)
  state.seen = { USA: seenBy('USA', state, full, pack), CSA: seenBy('CSA', state, full, pack) }
  return { state, narrative, decisions: [], label: 'The table', finished: false }
}
