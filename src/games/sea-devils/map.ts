// The reader's map for Sea Devils: every area at its data-pack position, Federal ships (public),
// Confederate ships as this reader may know them, and this resolution's raids, spottings, combats,
// blockades and losses that the reader was shown.
import type { Figure, NarrativeEntry, Viewer } from '../contract.ts'
import { type AreaMapModel, areaMapSvg } from '../kit/areaMap.ts'
import { seaDevilsView } from './view.ts'
import type { Ctx, SdState } from './state.ts'

export function seaDevilsMapModel(state: SdState, ctx: Ctx, viewer: Viewer, seen: NarrativeEntry[]): AreaMapModel {
  const view = seaDevilsView(state, ctx, viewer)
  const whaling = new Set((view.whalingCounters as string[] | undefined) ?? (view.whalingGrounds as string[]))
  const areas: AreaMapModel['areas'] = ctx.pack.areas.map((a) => ({
    id: a.id,
    x: a.x,
    y: a.y,
    style: a.kind === 'D' ? 'deep' : 'coastal',
    ports: a.ports.map((p) => p.nat),
    ...(whaling.has(a.id) ? { badge: 'W' } : {}),
  }))
  const links: AreaMapModel['links'] = ctx.pack.areas.flatMap((a) => [
    ...a.adj.map((to) => ({ from: a.id, to, wrap: false })),
    ...a.wraps.map((to) => ({ from: a.id, to, wrap: true })),
  ])
  const fedSide: AreaMapModel['units'][number]['side'] =
    viewer.kind === 'role' ? (viewer.role === 'federal' ? 'own' : 'enemy') : 'other'
  const csaSide: AreaMapModel['units'][number]['side'] =
    viewer.kind === 'role' ? (viewer.role === 'confederate' ? 'own' : 'enemy') : 'other'
  const byArea = new Map<string, { fed: string[]; csa: string[] }>()
  const slot = (area: string) => byArea.get(area) ?? byArea.set(area, { fed: [], csa: [] }).get(area)!
  for (const u of view.federal as { id: string; loc: string; area: string | null; blockading: string | null }[]) {
    if (u.loc === 'map' && u.area) slot(u.area).fed.push(u.blockading ? `${u.id}#` : u.id)
  }
  for (const c of view.confederate as {
    id: string
    status: string
    area?: string | null
    port?: string | null
    lastSeen?: { turn: number; area: string } | null
  }[]) {
    if (c.status !== 'map') continue
    if (c.area) slot(c.area).csa.push(c.port ? `${c.id} (port)` : c.id)
    else if (c.lastSeen) slot(c.lastSeen.area).csa.push(`${c.id}? GT${c.lastSeen.turn}`)
  }
  const units: AreaMapModel['units'] = []
  for (const [area, { fed, csa }] of byArea) {
    if (fed.length) units.push({ area, label: fed.join(' '), side: fedSide })
    if (csa.length) units.push({ area, label: csa.join(' '), side: csaSide })
  }
  const marks: AreaMapModel['marks'] = seen
    .filter((n) => n.at && n.mark)
    .map((n) => ({ area: n.at!, kind: n.mark!, text: n.text }))
  const track = ctx.pack.track.find((t) => t.gt === state.turn)
  return {
    title: `Sea Devils, ${ctx.scenario.title}: GT${state.turn} (${track?.date ?? ''}) as ${viewer.kind === 'role' ? `the ${viewer.role} player` : `the ${viewer.kind}`} sees it`,
    areas,
    areaStyles: {
      coastal: { fill: '#f9e79f', radius: 6, label: 'coastal area' },
      deep: { fill: '#d6eaf8', radius: 5, label: 'deep water' },
    },
    links,
    units,
    marks,
  }
}

/** The reader's pictures: the map (W marks a whaling ground, 8b). */
export function seaDevilsFigures(state: SdState, ctx: Ctx, viewer: Viewer, seen: NarrativeEntry[]): Figure[] {
  const model = seaDevilsMapModel(state, ctx, viewer, seen)
  return [{ name: 'map', title: model.title, svg: areaMapSvg(model) }]
}
