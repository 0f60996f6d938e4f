// A town's buildings and their BPV (rulebook §9 L843-911, rulings RC-86 to RC-88): the buildings of
// the mortar-flotilla scenario as data, ships' guns and mortars at them, damage, rubble and
// destruction, and what each side is told and shown.
import { describe, expect, it } from 'vitest'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { inches } from '../../src/games/river-coastal/units.ts'
import { pack } from './helpers.ts'
import { calm, csa, play, ruleset, usa } from './play.ts'

const fresh = (): RiverState => ruleset.setup('mortar-flotilla', {}, riverCoastalFactory.defaultPack(), calm())
const said = (step: { narrative: { text: string }[] }) => step.narrative.map((n) => n.text)
const errs = (s: RiverState, side: string, text: string) =>
  ruleset.parseOrders(s, side, text).errors.map((e) => e.message)
/** Harriet Lane at anchor 5.5" off the Quarantine hospital, her port broadside towards it. */
const offTheHospital = (): RiverState => {
  const s = fresh()
  s.ships.HARR!.pose = { pos: { x: inches(9), y: inches(48) }, heading: 0 }
  return s
}

describe('§9 L881-911 buildings and their BPV', () => {
  it('§9 L889 a building has 5 BPV for each quarter-inch square of its footprint (80 to the square inch)', () => {
    expect(pack.tables.forts.bpvPerSquareInch).toBe(80)
    const b = Object.fromEntries(pack.scenarios['mortar-flotilla']!.buildings.map((x) => [x.id, x.bpv]))
    // the hospital is 1" x 0.75" (48 quarter-inch squares), the barracks 1" x 0.5", the others 0.5" square
    expect(b).toEqual({ HOSP: 60, BARR: 40, WHAR: 20, CHAP: 20 })
    expect(fresh().buildings!.HOSP).toEqual({ bpv: 60, bpvStart: 60, rubble: false, destroyed: false })
  })

  it('§9 L903 ruling RC-86 ships’ guns may be laid on an enemy building; mortars on an enemy town', () => {
    const s = fresh()
    expect(errs(s, 'USA', 'HARR: FIRE P1 AT HOSP\nARLE: MORTAR QUAR SQ 2')).toEqual([])
    expect(errs(s, 'CSA', 'GOVM: FIRE ALL AT HOSPITAL')).toEqual(['HOSPITAL is one of your own'])
    expect(errs(s, 'USA', 'ARLE: MORTAR HOSP')).toEqual(['MORTAR HOSP: mortars fire at an enemy fort or town'])
    expect(ruleset.parseOrders(s, 'USA', 'ARLE: MORTAR NOWHERE').errors[0]!.suggestion).toBe(
      'targets: JACK, PHIL, QUAR',
    )
  })

  it('§9 L835-845, L903 the order form names what mortars and guns may be laid on ashore', () => {
    const s = fresh()
    s.buildings!.CHAP!.destroyed = true
    const form = ruleset.reportModel(s, usa).orderForm as string[]
    expect(form).toContain(
      '# mortars: MORTAR <target> [SQ 1-6] at JACK Fort Jackson, PHIL Fort St. Philip, QUAR the Quarantine Station',
    )
    expect(form.filter((l) => l.startsWith('# mortars:'))).toHaveLength(3) // the three schooners, not Harriet Lane
    expect(form).toContain(
      '# enemy buildings for FIRE ... AT: HOSP Quarantine hospital, BARR Quarantine barracks, WHAR Wharf house',
    )
    expect((ruleset.reportModel(s, csa).orderForm as string[]).some((l) => l.includes('buildings'))).toBe(false)
  })

  it('§9 L903 a hit by a ship’s gun comes off the building’s BPV; below half it is rubble (L911)', () => {
    const one = play(offTheHospital(), { USA: 'HARR: FIRE P1 AT HOSP' }, { 'm1:HARR:P1:hit': 4 })
    expect(said(one)).toContain(
      'USS Harriet Lane P1 (sb8_9) at Quarantine hospital, close range: rolled 4, needs 4: hit, 6 damage',
    )
    expect(said(one)).toContain('Quarantine hospital is hit by gunfire: 6 BPV lost, 54 of 60 left')
    expect(one.state.buildings!.HOSP).toMatchObject({ bpv: 54, rubble: false })
    const s = one.state
    s.buildings!.HOSP!.bpv = 34
    const two = play(s, { USA: 'HARR: FIRE P1 AT HOSP' }, { 'm2:HARR:P1:hit': 5 })
    // 28 of 60 is under half: rubble
    expect(said(two)).toContain('Quarantine hospital is reduced to rubble below half its BPV')
    expect(two.state.buildings!.HOSP).toMatchObject({ bpv: 28, rubble: true, destroyed: false })
  })

  it('§9 L861, L867, L877 a mortar hit in the town’s square: rows 2, 4 and 6 take BPV by the mortar’s column', () => {
    const step = play(fresh(), { USA: 'ARLE: MORTAR QUAR SQ 1' }, { 'm1:ARLE:M13:hit': 6, 'm1:ARLE:M13:effect': 4 })
    expect(said(step)).toContain(
      'USS Arletta M13: hits the Quarantine Station in square 1 (rolled 6), effect 4: 30 BPV off Quarantine hospital',
    )
    // 30 of 60 left is half, not under it (L911)
    expect(step.state.buildings!.HOSP).toMatchObject({ bpv: 30, rubble: false })
    const next = play(step.state, { USA: 'ARLE: MORTAR QUAR SQ 1' }, { 'm2:ARLE:M13:hit': 5, 'm2:ARLE:M13:effect': 6 })
    expect(said(next)).toContain('Quarantine hospital is hit by a mortar shell: 40 BPV lost, 0 of 60 left')
    // ruling RC-87: battered to nothing, it is destroyed
    expect(said(next)).toContain('Quarantine hospital is destroyed')
    expect(next.state.buildings!.HOSP).toMatchObject({ bpv: 0, rubble: true, destroyed: true })
  })

  it('§9 L865, L871 rows 3 and 5 destroy the building of the square hit; ruling RC-87 a square with none standing takes nothing', () => {
    const step = play(fresh(), { USA: 'ARLE: MORTAR QUAR SQ 2' }, { 'm1:ARLE:M13:hit': 6, 'm1:ARLE:M13:effect': 3 })
    expect(said(step)).toContain(
      'USS Arletta M13: hits the Quarantine Station in square 2 (rolled 6), effect 3: Quarantine barracks destroyed',
    )
    expect(said(step)).toContain('Quarantine barracks is destroyed by a mortar shell')
    expect(step.state.buildings!.BARR).toEqual({ bpv: 0, bpvStart: 40, rubble: true, destroyed: true })
    const again = play(step.state, { USA: 'ARLE: MORTAR QUAR SQ 2' }, { 'm2:ARLE:M13:hit': 6, 'm2:ARLE:M13:effect': 5 })
    expect(said(again)).toContain(
      'USS Arletta M13: hits the Quarantine Station in square 2 (rolled 6), effect 5: no building standing there',
    )
    // §9 L853: with no square plotted a die picks it
    const unplotted = play(
      fresh(),
      { USA: 'ARLE: MORTAR QUAR' },
      {
        'm1:ARLE:M13:hit': 6,
        'm1:ARLE:M13:area': 5,
        'm1:ARLE:M13:effect': 2,
      },
    )
    expect(said(unplotted)).toContain(
      'USS Arletta M13: hits the Quarantine Station in square 5 (rolled 6), effect 2: 20 BPV off Quarantine chapel',
    )
  })

  it('ruling RC-87 a destroyed building is no target: the guns laid on it hold their fire', () => {
    const s = offTheHospital()
    s.buildings!.HOSP = { bpv: 0, bpvStart: 60, rubble: true, destroyed: true }
    const step = play(s, { USA: 'HARR: FIRE P1 AT HOSP' }, { 'm1:HARR:P1:hit': 6 })
    expect(said(step).some((t) => t.includes('at Quarantine hospital'))).toBe(false)
  })

  it('ruling RC-88 what befalls a building is told to both sides, and both see its BPV and its state on the plot', () => {
    const step = play(fresh(), { USA: 'ARLE: MORTAR QUAR SQ 2' }, { 'm1:ARLE:M13:hit': 6, 'm1:ARLE:M13:effect': 3 })
    const line = step.narrative.find((n) => n.text === 'Quarantine barracks is destroyed by a mortar shell')!
    expect(line.audience).toEqual({ kind: 'public' })
    for (const viewer of [usa, csa]) {
      const rc = ruleset.reportModel(step.state, viewer) as { rc: { buildings: string[] } }
      expect(rc.rc.buildings).toEqual([
        'Quarantine hospital (CSA, the Quarantine Station): 60/60 BPV',
        'Quarantine barracks (CSA, the Quarantine Station): destroyed',
        'Wharf house (CSA, the Quarantine Station): 20/20 BPV',
        'Quarantine chapel (CSA, the Quarantine Station): 20/20 BPV',
      ])
      const svg = ruleset.figures!(step.state, viewer, [])[0]!.svg
      expect(svg).toContain('<title>Quarantine barracks: destroyed</title>')
      expect(svg).toContain('<title>Quarantine hospital: standing</title>')
    }
  })
})
