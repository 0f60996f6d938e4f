import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openApp, type App } from '../../src/cli/app.ts'
import { DEMO_GAME, runDemo } from '../../src/cli/demo.ts'
import { canSee, type Viewer } from '../../src/games/contract.ts'
import type { SdState } from '../../src/games/sea-devils/state.ts'
import { areaMapSvg } from '../../src/games/kit/areaMap.ts'
import { seaDevilsMapModel } from '../../src/games/sea-devils/map.ts'
import { contextFor } from '../../src/games/sea-devils/state.ts'
import { rasterise } from '../../src/reports/pictures.ts'
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
    const fedSvg = areaMapSvg(fed.model)
    expect(fedSvg).not.toMatch(/>SUM</)
    expect(
      fed.model.units
        .filter((u) => u.side === 'enemy')
        .map((u) => u.label)
        .sort(),
    ).toEqual(['NASH? GT2', 'SUM? GT1'])
  })

  it('renders a PNG the size of the map', () => {
    const png = rasterise(areaMapSvg(mapAfter(5, { kind: 'moderator' }).model))
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
    expect(png.readUInt32BE(16)).toBe(1000)
    expect(png.length).toBeGreaterThan(20000)
  })
})
