// The Sea Devils reader's map on real geography, from the Weak Beginning demo: what it
// shows each reader, and (pure, from the layout) that no label overlaps another.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openApp, type App } from '../../src/cli/app.ts'
import { DEMO_GAME, runDemo } from '../../src/cli/demo.ts'
import { canSee, type Viewer } from '../../src/games/contract.ts'
import type { SdState } from '../../src/games/sea-devils/state.ts'
import { chartLayout } from '../../src/games/kit/geoChart.ts'
import { overlap } from '../../src/games/kit/labelLayout.ts'
import { seaDevilsMapModel, seaDevilsMapSpec, seaDevilsMapSvg } from '../../src/games/sea-devils/map.ts'
import { contextFor } from '../../src/games/sea-devils/state.ts'
import { rasterise } from '../../src/reports/pictures.ts'
import { mouseWords, textFaults } from '../helpers/svgText.ts'
import { seaDevilsFactory } from '../../src/games/sea-devils/index.ts'
import type { SeaDevilsPack } from '../../src/games/sea-devils/pack.ts'

const PACK = seaDevilsFactory.defaultPack().content as SeaDevilsPack

let dir: string
let app: App
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pbem-map-'))
  app = openApp({ dataDir: (await runDemo({ dir: join(dir, 'demo') })).dataDir })
})
afterAll(() => {
  app.close()
  rmSync(dir, { recursive: true, force: true })
})

function mapAfter(point: number, viewer: Viewer) {
  const fold = app.judge.loadAfter(DEMO_GAME, point)!
  const seen = fold.adjudications.at(-1)!.data.narrative.filter((n) => canSee(viewer, n.audience))
  const state = fold.state as SdState
  return { state, model: seaDevilsMapModel(state, contextFor(PACK, state.scenario), viewer, seen) }
}

describe("the reader's map", () => {
  it('draws every area of the data pack and the public Federal ships for both sides', () => {
    for (const role of ['federal', 'confederate']) {
      const { model } = mapAfter(3, { kind: 'role', role })
      expect(model.areas.length).toBe(101)
      expect(model.units.some((u) => u.label.includes('NIAG') && u.area === 'C14')).toBe(true)
    }
  })

  it('shows the Confederate his own ships and raids, and the Federal neither where he has not seen them', () => {
    const reb = mapAfter(3, { kind: 'role', role: 'confederate' })
    const fed = mapAfter(3, { kind: 'role', role: 'federal' })
    const sum = reb.state.csa.SUM!
    expect(reb.model.units).toContainEqual({ area: sum.area, label: 'SUM', side: 'own' })
    expect(
      reb.model.marks
        .filter((m) => m.kind === 'raid')
        .map((m) => m.area)
        .sort(),
    ).toEqual(['C12', 'C13', 'C16', 'C24'])
    expect(fed.model.marks.filter((m) => m.kind === 'raid')).toEqual([])
    const fedSvg = seaDevilsMapSvg(fed.model, { kind: 'role', role: 'federal' })
    expect(fedSvg).not.toMatch(/>SUM</)
    expect(
      fed.model.units
        .filter((u) => u.side === 'enemy')
        .map((u) => u.label)
        .sort(),
    ).toEqual(['NASH? GT2', 'SUM? GT1'])
  })

  it('renders a PNG the size of the map', () => {
    const png = rasterise(seaDevilsMapSvg(mapAfter(5, { kind: 'moderator' }).model, { kind: 'moderator' }))
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
    expect(png.readUInt32BE(16)).toBe(900)
    expect(png.length).toBeGreaterThan(20000)
  })

  it('8b: every area stands at its data-pack longitude and latitude, named on hover', () => {
    const { model } = mapAfter(3, { kind: 'role', role: 'federal' })
    for (const a of PACK.areas) expect(model.areas.find((m) => m.id === a.id)).toMatchObject({ lon: a.lon, lat: a.lat })
    const svg = seaDevilsMapSvg(model, { kind: 'role', role: 'federal' })
    for (const a of PACK.areas) expect(svg).toContain(`<title>${a.id}: ${a.name.replace(/&/g, '&amp;')}`)
    expect(svg).toMatch(/<path d="M[^"]{1000,}" fill="#efe8d8"/) // the world's coasts
  })

  it('8b: a game whose saved pack has no geography is drawn at the embedded positions', () => {
    const { state } = mapAfter(3, { kind: 'moderator' })
    const old = structuredClone(PACK)
    for (const a of old.areas) {
      delete a.lon
      delete a.lat
    }
    const model = seaDevilsMapModel(state, contextFor(old, state.scenario), { kind: 'moderator' }, [])
    expect(model.areas.find((a) => a.id === 'C14')).toMatchObject({
      lon: PACK.areas.find((a) => a.id === 'C14')!.lon,
      lat: PACK.areas.find((a) => a.id === 'C14')!.lat,
    })
    expect(model.areas).toHaveLength(101)
  })

  it('8b: no label box computed from the layout overlaps another, in the world map or the inset', () => {
    for (const [point, viewer] of [
      [3, { kind: 'role', role: 'federal' }],
      [6, { kind: 'role', role: 'confederate' }],
      [7, { kind: 'moderator' }],
    ] as const) {
      const panels = chartLayout(seaDevilsMapSpec(mapAfter(point, viewer).model, viewer))
      expect(panels.map((p) => p.panel.id)).toEqual(['world', 'inset'])
      for (const { panel, labels, unplaced, dots } of panels) {
        expect(
          unplaced.map((d) => d.place.id),
          panel.id,
        ).toEqual([])
        expect(labels.length).toBeGreaterThan(15)
        const [x, y, w, h] = panel.at
        for (const [i, a] of labels.entries()) {
          expect(a.box[0] >= x && a.box[1] >= y && a.box[2] <= x + w && a.box[3] <= y + h, a.id).toBe(true)
          for (const b of labels.slice(i + 1)) expect(overlap(a.box, b.box), `${a.id} and ${b.id}`).toBe(false)
          for (const d of dots)
            if (d.place.id !== a.id)
              expect(overlap(a.box, [d.x - 3, d.y - 3, d.x + 3, d.y + 3]), `${a.id} over ${d.place.id}`).toBe(false)
        }
      }
      // The crowded theatre is labelled in the inset, not in the world map.
      const world = panels[0]!.labels.map((l) => l.id)
      const inset = panels[1]!.labels.map((l) => l.id)
      for (const id of ['C9', 'C14', 'C15', 'C10', 'C11', 'C22']) {
        expect(inset).toContain(id)
        expect(world).not.toContain(id)
      }
      expect(world).toEqual(expect.arrayContaining(['C2', 'C5', 'C54', 'C66']))
    }
  })

  it('8b: as drawn, every resolution of the demo for every reader: no text over another, a dot or the edge, and no mouse', () => {
    for (let point = 1; point <= 7; point++)
      for (const viewer of [
        { kind: 'role', role: 'federal' },
        { kind: 'role', role: 'confederate' },
        { kind: 'moderator' },
      ] as const) {
        const svg = seaDevilsMapSvg(mapAfter(point, viewer).model, viewer)
        expect(textFaults(svg, { dots: true }), `${point} ${viewer.kind}`).toEqual([])
        expect(mouseWords(svg)).toEqual([])
      }
  })
})
