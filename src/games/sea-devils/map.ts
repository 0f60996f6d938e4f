// The reader's map for Sea Devils: the world's coasts, every sea area where the data
// pack puts it on real geography (its name on hover), ports, the reader's own ships, the enemy's as
// last reported to him, and this resolution's raids, spottings, combats, blockades and losses that
// he was shown; the crowded American theatre (East Coast, Caribbean, Gulf) again in an inset.
import type { Figure, NarrativeEntry, Viewer } from '../contract.ts'
import {
  CHART_COLOURS,
  type ChartLegendEntry,
  type ChartPlace,
  type ChartRun,
  type ChartSpec,
  geoChartSvg,
} from '../kit/geoChart.ts'
import { rawSeaDevilsPack } from './data/index.ts'
import type { AreaDef } from './pack.ts'
import type { Ctx, SdState } from './state.ts'
import { seaDevilsView } from './view.ts'

type Side = 'own' | 'enemy' | 'federal' | 'confederate'
type MarkKind = 'raid' | 'combat' | 'spot' | 'blockade' | 'loss'

export interface SdMapModel {
  title: string
  areas: { id: string; name: string; kind: 'C' | 'D'; ports: string[]; whaling: boolean; lon: number; lat: number }[]
  /** One entry a ship: its label ("KEAR", "KEAR*" blockading, "SUM (port)", "SUM? GT3" last seen). */
  units: { area: string; label: string; side: Side }[]
  marks: { area: string; kind: MarkKind; text: string }[]
}

const SIDE_COLOUR: Record<Side, string> = {
  own: '#1e8449',
  enemy: '#b03a2e',
  federal: '#1f4e9c',
  confederate: '#7e5109',
}
const MARK: Record<MarkKind, { colour: string; symbol: string; label: string }> = {
  raid: { colour: '#c0392b', symbol: '$', label: 'raid this turn' },
  combat: { colour: '#8e44ad', symbol: '×', label: 'combat this turn' },
  spot: { colour: '#d35400', symbol: '!', label: 'spotting this turn' },
  blockade: { colour: '#2c3e50', symbol: '#', label: 'blockade this turn' },
  loss: { colour: '#000000', symbol: '†', label: 'ship lost this turn' },
}
const AREA_FILL = { C: '#f4d03f', D: '#85c1e9' }
const WHALING_COLOUR = '#117a65'
const SHIPS_A_LINE = 4
/** The American theatre the inset shows at a larger scale: [[west, south], [east, north]]. */
const INSET: [[number, number], [number, number]] = [
  [-103, 5],
  [-50, 46],
]

/** 8b: the embedded pack's positions, for a game whose saved pack predates them. */
let embedded: Map<string, { lon?: number; lat?: number }> | null = null
function positionOf(a: AreaDef): { lon: number; lat: number } | null {
  if (a.lon !== undefined && a.lat !== undefined) return { lon: a.lon, lat: a.lat }
  embedded ??= new Map((rawSeaDevilsPack() as { areas: AreaDef[] }).areas.map((x) => [x.id, x]))
  const e = embedded.get(a.id)
  return e?.lon !== undefined && e.lat !== undefined ? { lon: e.lon, lat: e.lat } : null
}

export function seaDevilsMapModel(state: SdState, ctx: Ctx, viewer: Viewer, seen: NarrativeEntry[]): SdMapModel {
  const view = seaDevilsView(state, ctx, viewer)
  const whaling = new Set((view.whalingCounters as string[] | undefined) ?? (view.whalingGrounds as string[]))
  const areas = ctx.pack.areas.flatMap((a) => {
    const at = positionOf(a)
    return at
      ? [{ id: a.id, name: a.name, kind: a.kind, ports: a.ports.map((p) => p.nat), whaling: whaling.has(a.id), ...at }]
      : []
  })
  const fedSide: Side = viewer.kind === 'role' ? (viewer.role === 'federal' ? 'own' : 'enemy') : 'federal'
  const csaSide: Side = viewer.kind === 'role' ? (viewer.role === 'confederate' ? 'own' : 'enemy') : 'confederate'
  const units: SdMapModel['units'] = []
  for (const u of view.federal as { id: string; loc: string; area: string | null; blockading: string | null }[])
    if (u.loc === 'map' && u.area) units.push({ area: u.area, label: u.blockading ? `${u.id}*` : u.id, side: fedSide })
  for (const c of view.confederate as {
    id: string
    status: string
    area?: string | null
    port?: string | null
    lastSeen?: { turn: number; area: string } | null
  }[]) {
    if (c.status !== 'map') continue
    if (c.area) units.push({ area: c.area, label: c.port ? `${c.id} (port)` : c.id, side: csaSide })
    else if (c.lastSeen) units.push({ area: c.lastSeen.area, label: `${c.id}? GT${c.lastSeen.turn}`, side: csaSide })
  }
  const marks = seen.filter((n) => n.at && n.mark).map((n) => ({ area: n.at!, kind: n.mark as MarkKind, text: n.text }))
  const track = ctx.pack.track.find((t) => t.gt === state.turn)
  const who = viewer.kind === 'role' ? `the ${viewer.role} player` : `the ${viewer.kind}`
  return {
    title: `Sea Devils, ${ctx.scenario.title}: GT${state.turn} (${track?.date ?? ''}) as ${who} sees it`,
    areas,
    units,
    marks,
  }
}

/** One area's dot, hover title and label block: its code, its ships by side, its marks. */
function placeOf(a: SdMapModel['areas'][number], model: SdMapModel): ChartPlace {
  const lines: ChartPlace['lines'] = [
    {
      size: 12.5,
      bold: true,
      runs: [{ text: a.id, colour: CHART_COLOURS.ink }, ...(a.whaling ? [{ text: 'W', colour: WHALING_COLOUR }] : [])],
    },
  ]
  for (const side of Object.keys(SIDE_COLOUR) as Side[]) {
    const ships = model.units.filter((u) => u.area === a.id && u.side === side).map((u) => u.label)
    for (let i = 0; i < ships.length; i += SHIPS_A_LINE)
      lines.push({
        size: 11.5,
        runs: [{ text: ships.slice(i, i + SHIPS_A_LINE).join(' '), colour: SIDE_COLOUR[side] }],
      })
  }
  const marks = model.marks.filter((m) => m.area === a.id)
  const kinds = (Object.keys(MARK) as MarkKind[]).filter((k) => marks.some((m) => m.kind === k))
  if (kinds.length)
    lines.push({
      size: 12.5,
      bold: true,
      runs: kinds.map((k): ChartRun => ({ text: MARK[k].symbol, colour: MARK[k].colour })),
    })
  const title = [
    `${a.id}: ${a.name} (${a.kind === 'D' ? 'deep water' : 'coastal'})`,
    ...(a.ports.length ? [`ports: ${a.ports.join(', ')}`] : []),
    ...(a.whaling ? ['whaling ground'] : []),
    ...marks.map((m) => m.text),
  ].join('\n')
  return {
    id: a.id,
    lon: a.lon,
    lat: a.lat,
    title,
    dot: { fill: AREA_FILL[a.kind], shape: a.ports.length ? 'square' : 'circle' },
    lines,
  }
}

function legendFor(viewer: Viewer): ChartLegendEntry[] {
  const ships: ChartLegendEntry[] =
    viewer.kind === 'role'
      ? [
          { colour: SIDE_COLOUR.own, swatch: 'text', label: 'your ships' },
          { colour: SIDE_COLOUR.enemy, swatch: 'text', label: 'enemy ships (as last seen)' },
        ]
      : [
          { colour: SIDE_COLOUR.federal, swatch: 'text', label: 'Federal ships' },
          { colour: SIDE_COLOUR.confederate, swatch: 'text', label: 'Confederate ships (as seen)' },
        ]
  return [
    { colour: CHART_COLOURS.sea, swatch: 'fill', label: 'sea' },
    { colour: CHART_COLOURS.land, swatch: 'fill', label: 'land' },
    { colour: CHART_COLOURS.coast, swatch: 'line', label: 'coastline' },
    { colour: AREA_FILL.C, swatch: 'circle', label: 'coastal area (square: a port)' },
    { colour: AREA_FILL.D, swatch: 'circle', label: 'deep-water area' },
    { colour: CHART_COLOURS.ink, swatch: 'text', label: 'area code, outlines, text' },
    ...ships,
    { colour: WHALING_COLOUR, swatch: 'text', label: 'W: whaling ground' },
    ...(Object.values(MARK).map((m) => ({
      colour: m.colour,
      swatch: 'text',
      label: `${m.symbol} ${m.label}`,
    })) as ChartLegendEntry[]),
    { colour: CHART_COLOURS.leader, swatch: 'line', label: 'from a label to its area' },
    { colour: CHART_COLOURS.frame, swatch: 'line', label: 'what the inset shows' },
  ]
}

/** The map's drawing instructions (panels, places, legend), from the reader's model. */
export function seaDevilsMapSpec(model: SdMapModel, viewer: Viewer): ChartSpec {
  const width = 900
  return {
    title: model.title,
    width,
    panels: [
      {
        id: 'world',
        at: [0, 28, width, 330],
        extent: [
          [105, -62],
          [465, 68],
        ],
        projection: 'world',
        labelsElsewhere: INSET,
        caption: 'The world, west edge at 105°E',
      },
      {
        id: 'inset',
        at: [0, 366, width, 600],
        extent: INSET,
        projection: 'theatre',
        caption: 'Inset: the American theatre at a larger scale',
      },
    ],
    places: model.areas.map((a) => placeOf(a, model)),
    legend: legendFor(viewer),
    notes: [
      'A ship marked * is blockading; SHIP? GTn: last reported in that area in game turn n.',
      // The picture goes by mail as a PNG: nothing here may ask for a mouse.
      'The map key (in the opening report, and by mail on HELP MAP) names every area by its code; the report tells what happened where.',
    ],
  }
}

/** The map as SVG, from the reader's model. */
export function seaDevilsMapSvg(model: SdMapModel, viewer: Viewer): string {
  return geoChartSvg(seaDevilsMapSpec(model, viewer)).svg
}

/** The reader's pictures: the map. */
export function seaDevilsFigures(state: SdState, ctx: Ctx, viewer: Viewer, seen: NarrativeEntry[]): Figure[] {
  const model = seaDevilsMapModel(state, ctx, viewer, seen)
  return [{ name: 'map', title: model.title, svg: seaDevilsMapSvg(model, viewer) }]
}
