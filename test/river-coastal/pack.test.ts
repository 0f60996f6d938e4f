import { describe, expect, it } from 'vitest'
import { cpvOf, crewSplit, pvOf, spvOf } from '../../src/games/river-coastal/derive.ts'
import { bindRiverPack, defaultRiverPack, loadRiverPack, rawRiverPack } from '../../src/games/river-coastal/pack.ts'
import { srcSchema } from '../../src/games/river-coastal/packSchema.ts'
import { provenanceOf } from '../../src/games/river-coastal/sourced.ts'

const pack = defaultRiverPack()
const t = pack.tables

describe('River & Coastal data pack', () => {
  it('loads, checks and hashes the embedded pack', () => {
    const loaded = loadRiverPack(rawRiverPack())
    expect(loaded.id).toBe('river-coastal:river-coastal-tables-1')
    expect(loaded.hash).toMatch(/^[0-9a-f]{64}$/)
    expect(loadRiverPack(rawRiverPack()).hash).toBe(loaded.hash)
  })

  it('every value in every part carries provenance (rules, digest, ruling, hist or placeholder)', () => {
    const raw = rawRiverPack()
    for (const part of ['tables', 'ships', 'scenarios'] as const) {
      const doc = raw[part] as { scenarios?: unknown; classes?: unknown }
      // the file's own id and free-text source line are metadata, not values
      const body = doc.scenarios ?? doc.classes ?? { ...(doc as object), id: undefined, source: undefined }
      const leaves = provenanceOf(JSON.parse(JSON.stringify(body)))
      expect(leaves.length).toBeGreaterThan(20)
      const missing = leaves.filter((l) => l.src === undefined || !srcSchema.safeParse(l.src).success)
      expect(missing.map((m) => m.path)).toEqual([])
    }
  })

  it('marks the invented values as placeholder, never as rules', () => {
    const leaves = provenanceOf(rawRiverPack().ships)
    const placeholders = leaves.filter((l) => l.src?.startsWith('placeholder')).map((l) => l.path)
    expect(placeholders).toContain('$.classes.governorMoore.maxSpeed')
    expect(placeholders).toContain('$.classes.manassas.maxSpeed')
    expect(leaves.find((l) => l.path === '$.classes.manassas.tons')?.src).toBe('rules §3 L107')
  })

  it('rejects a value whose provenance is not one of the known kinds', () => {
    const raw = rawRiverPack()
    ;(raw.tables as { crew: { src: string } }).crew.src = 'somewhere'
    expect(() => loadRiverPack(raw)).toThrow(/provenance/)
  })

  it('rejects a ship class whose gun type is not in the gun table', () => {
    const raw = rawRiverPack()
    ;(raw.ships as { classes: { galena: { guns: { gun: string }[] } } }).classes.galena.guns[0]!.gun = 'sb99'
    expect(() => bindRiverPack(raw)).toThrow(/unknown type sb99/)
  })
})

describe('§3 derived ship values', () => {
  it('§3 L85 SPV is tonnage over ten: 1300 t -> 130', () => {
    expect(spvOf(1300, t)).toBe(130)
  })
  it('§3 L107-111 Manassas: 387 t, 36 men -> SPV 39, CPV 4, PV 20', () => {
    expect(spvOf(387, t)).toBe(39)
    expect(cpvOf(36, t)).toBe(4)
    expect(pvOf(39, 'armouredRiver', t)).toBe(20)
  })
  it('§3 L91-101 PV of a 100 SPV hull by category: 84/67/50/34 and 17 (RC-3; the text prints 16)', () => {
    const cats = ['lightCraft', 'wooden', 'armouredRiver', 'ironclad', 'heavyIronclad'] as const
    expect(cats.map((c) => pvOf(100, c, t))).toEqual([84, 67, 50, 34, 17])
  })
  it('§3 L119-125 crew: a gun each, engine, boiler, the rest spare (Tecumseh 10 CPV, 2 guns -> 6 spare)', () => {
    expect(crewSplit(10, 2, t)).toEqual({ guns: 2, engine: 1, boiler: 1, spare: 6 })
    expect(crewSplit(3, 4, t)).toEqual({ guns: 1, engine: 1, boiler: 1, spare: 0 })
  })
})

describe('digest §6 scenarios', () => {
  it('§6.2 Passing the Fort: seven ships, their derived values and Fort Morgan FPV 240', () => {
    const s = pack.scenarios['passing-the-fort']!
    expect(s.ships.map((x) => `${x.id}:${x.spv}/${x.pv}/${x.cpv}`)).toEqual([
      'TECU:210/70/10',
      'CHIC:130/22/14',
      'GALE:95/64/16',
      'META:117/78/15',
      'TENN:127/43/13',
      'GAIN:86/58/13',
      'SELM:59/40/9',
    ])
    expect(s.forts[0]!.fpv).toBe(240)
    expect(s.minefields.filter((m) => m.real).map((m) => m.id)).toEqual(['torpedo-2', 'torpedo-3'])
    expect(s.moves).toBe(14)
  })
  it('§6.3 Above the Bluffs: Carondelet 25 CPV, the other City-class 18, Governor Moore PV 82, battery FPV 160', () => {
    const s = pack.scenarios['above-the-bluffs']!
    const byId = Object.fromEntries(s.ships.map((x) => [x.id, x]))
    expect(byId.CARO!.cpv).toBe(25)
    expect(byId.CINC!.cpv).toBe(18)
    expect(byId.CINC!.pv).toBe(26)
    expect(byId.MORE!.spv).toBe(122)
    expect(byId.MORE!.pv).toBe(82)
    expect(byId.MANS!.pv).toBe(20)
    expect(s.forts[0]!.fpv).toBe(160)
  })
  it('§7 L471-481 turning radii come from the table by class (Tecumseh 7", Tennessee 9", launch 2")', () => {
    expect(pack.classes.canonicus!.turningRadius).toBe(7000)
    expect(pack.classes.tennessee!.turningRadius).toBe(9000)
    expect(t.turningRadius.steamLaunch).toBe(2)
  })
})
