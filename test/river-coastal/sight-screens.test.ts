// Forts and buildings hide what lies behind them (digest §3.8, rulebook §9 L537, ruling RC-100):
// for sighting, for fort and ship fire, and so for what each side's report and plot may show.
// Played on the mortar-flotilla table with Fort Jackson alone on the water (Fort St. Philip left
// out), the Quarantine Station's hospital standing between the fort and a schooner by the bank;
// and with a pier shed on piles in mid-river between two ships, for a ship's own guns.
import { describe, expect, it } from 'vitest'
import type { DataPack } from '../../src/games/contract.ts'
import { fortShots } from '../../src/games/river-coastal/fortFire.ts'
import { createRiverCoastal, riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import { bindRiverPack, type RawRiverPack, rawRiverPack } from '../../src/games/river-coastal/pack.ts'
import { screensFrom, seenBy } from '../../src/games/river-coastal/sighting.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { scenarioOf } from '../../src/games/river-coastal/tableLayout.ts'
import { inches } from '../../src/games/river-coastal/units.ts'
import { rect } from './helpers.ts'
import { calm, csa, dice, usa } from './play.ts'

const pack = bindRiverPack(rawRiverPack())
const base = pack.scenarios['mortar-flotilla']!
pack.scenarios['mortar-flotilla'] = { ...base, forts: base.forts.filter((f) => f.id === 'JACK') }
const ruleset = createRiverCoastal(riverCoastalFactory.defaultPack() as DataPack<RawRiverPack>, pack)

/** The same table with a pier shed of the Confederates standing on piles in mid-river (x 18-22, y 37-38). */
const pierPack = bindRiverPack(rawRiverPack())
const pierBase = pierPack.scenarios['mortar-flotilla']!
const pier = {
  id: 'PIER',
  name: 'Pier shed',
  side: 'CSA' as const,
  town: 'QUAR',
  square: 6,
  polygon: rect(18, 37, 22, 38),
  bpv: 320,
}
pierPack.scenarios['mortar-flotilla'] = { ...pierBase, buildings: [...pierBase.buildings, pier] }
const pierRules = createRiverCoastal(riverCoastalFactory.defaultPack() as DataPack<RawRiverPack>, pierPack)

/** Arletta close under the west bank north of the station, the Confederate ships gone upstream. */
function behindTheHospital(destroyed = false): RiverState {
  const s = ruleset.setup('mortar-flotilla', {}, riverCoastalFactory.defaultPack(), calm())
  s.ships.ARLE!.pose = { pos: { x: inches(4.6), y: inches(60) }, heading: 0 }
  s.ships.ARLE!.anchored = false
  s.exited.GOVM = 'upstream'
  s.exited.MANS = 'upstream'
  if (destroyed) Object.assign(s.buildings!.HOSP!, { bpv: 0, rubble: true, destroyed: true })
  const sc = scenarioOf(s, pack)
  s.seen = { USA: seenBy('USA', s, sc, pack), CSA: seenBy('CSA', s, sc, pack) }
  return s
}

describe('digest §3.8 ruling RC-100 forts and buildings block the line of sight', () => {
  it('digest §3.8 ruling RC-100 an eye is screened by the land, every fort and every building not destroyed, less what it stands in', () => {
    const s = ruleset.setup('mortar-flotilla', {}, riverCoastalFactory.defaultPack(), calm())
    const sc = scenarioOf(s, pack)
    const count = (eye: { x: number; y: number }) => screensFrom(eye, s, sc).length
    // on the water: two banks, Fort Jackson, four buildings
    expect(count({ x: inches(20), y: inches(30) })).toBe(7)
    // inside Fort Jackson: neither the bank it stands on nor its own walls hide anything
    expect(count({ x: inches(2.75), y: inches(41.25) })).toBe(5)
    // rubble still stands in the way (RC-88 gives it no other effect); a destroyed building does not
    Object.assign(s.buildings!.HOSP!, { bpv: 10, rubble: true })
    expect(count({ x: inches(20), y: inches(30) })).toBe(7)
    Object.assign(s.buildings!.HOSP!, { bpv: 0, destroyed: true })
    expect(count({ x: inches(20), y: inches(30) })).toBe(6)
  })

  it('§9 L537 digest §3.8 ruling RC-100 Fort Jackson cannot see a ship behind the hospital; with it destroyed it can', () => {
    // the schooners downstream lie in the fort's open view; Arletta lies behind the hospital
    expect(behindTheHospital().seen.CSA).toEqual(['HARR', 'NORP', 'SEAF'])
    expect(behindTheHospital(true).seen.CSA).toEqual(['ARLE', 'HARR', 'NORP', 'SEAF'])
  })

  it('§9 L537 digest §3.8 ruling RC-100 a fort does not fire at a ship behind a building', () => {
    const fire = (s: RiverState) => {
      const sc = scenarioOf(s, pack)
      // the fort's sight is its side's, as the shooting phase passes it: the ship counted as seen
      return fortShots(s, { USA: [], CSA: ['ARLE'] }, sc, dice(), pack).lines.map((l) => l.target)
    }
    expect(fire(behindTheHospital())).toEqual([])
    expect(fire(behindTheHospital(true))).toContain('ARLE')
  })

  it('§9 L537 ruling RC-100 a ship hidden behind a building is in neither the other side’s report nor its plot', () => {
    const hidden = behindTheHospital()
    const enemies = (s: RiverState) =>
      (ruleset.reportModel(s, csa) as { rc: { enemies: { id: string }[] } }).rc.enemies.map((e) => e.id)
    const plot = (s: RiverState) => ruleset.figures!(s, csa, [])[0]!.svg
    expect(enemies(hidden)).toEqual(['HARR', 'NORP', 'SEAF'])
    expect(plot(hidden)).not.toContain('USS Arletta')
    expect(JSON.stringify(ruleset.view(hidden, csa))).not.toContain('ARLE')
    // her own side still sees her, and the other side does once the hospital is down
    expect(ruleset.figures!(hidden, usa, [])[0]!.svg).toContain('USS Arletta')
    const open = behindTheHospital(true)
    expect(enemies(open)).toContain('ARLE')
    expect(plot(open)).toContain('USS Arletta')
  })
})

describe('§9 L537 digest §3.8 ruling RC-100 a ship’s guns need a line clear of buildings', () => {
  /** Harriet Lane at anchor below the pier, Governor Moore at anchor above it, both bow to the north. */
  const acrossThePier = (destroyed: boolean): RiverState => {
    const s = pierRules.setup('mortar-flotilla', {}, riverCoastalFactory.defaultPack(), calm())
    s.ships.HARR!.pose = { pos: { x: inches(20), y: inches(30) }, heading: 0 }
    Object.assign(s.ships.GOVM!, { pose: { pos: { x: inches(20), y: inches(45) }, heading: 0 }, anchored: true })
    if (destroyed) Object.assign(s.buildings!.PIER!, { bpv: 0, rubble: true, destroyed: true })
    const sc = scenarioOf(s, pierPack)
    s.seen = { USA: seenBy('USA', s, sc, pierPack), CSA: seenBy('CSA', s, sc, pierPack) }
    return s
  }
  const fired = (s: RiverState) => {
    const orders = { USA: pierRules.parseOrders(s, 'USA', 'HARR: FIRE BP AT GOVM').commands, CSA: [] }
    const step = pierRules.resolve(s, { orders, decisions: {} }, dice({ 'm1:HARR:BP:hit': 6 }))
    return step.narrative.map((n) => n.text).filter((t) => t.startsWith('USS Harriet Lane BP'))
  }
  it('§9 L537 ruling RC-100 her side sees the enemy, but the pier shed hides him from her own bow gun', () => {
    const s = acrossThePier(false)
    expect(s.seen.USA).toContain('GOVM') // the schooners below see past the pier
    expect(fired(s)).toEqual([
      'USS Harriet Lane BP (FIRE BP AT GOVM) held fire: CSS Governor Moore is not in sight from USS Harriet Lane',
    ])
    expect(fired(acrossThePier(true))).toEqual([expect.stringMatching(/at CSS Governor Moore, .*: hit/)])
  })
})
