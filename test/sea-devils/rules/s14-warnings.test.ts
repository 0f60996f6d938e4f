// The warnings a player needs before he loses a ship or its raids (11.3, 11.52), what
// the Federal's orders do to the ships he leaves out (10.44), and a declared European blockade's
// outcome even when it finds nothing (6.3).
import { describe, expect, it } from 'vitest'
import {
  FWDT,
  P,
  areaDef,
  clearFederals,
  fresh,
  parse,
  placeCsa,
  placeUsa,
  resolve,
  shipDef,
  withoutSumter,
} from './helpers.ts'
import { seaDevilsReportModel } from '../../../src/games/sea-devils/view.ts'
import { contextFor, type SdState } from '../../../src/games/sea-devils/state.ts'

const warnings = (s: SdState, role: 'federal' | 'confederate', text: string) =>
  parse(s, role, text).warnings.map((w) => w.message)

function atSea(turnsAtSea: number): SdState {
  const s = fresh()
  withoutSumter(s)
  clearFederals(s)
  placeCsa(s, 'ALA', 'C20', { turnsAtSea })
  return s
}

describe('11.3: the refit period running out', () => {
  const period = shipDef('ALA').refitPeriod!
  const vp = P.victoryPoints.sunk.S

  it('11.3: the acknowledgement and the order form warn a turn ahead and on the last turn', () => {
    const ahead = atSea(period - 2)
    const last = atSea(period - 1)
    const early = atSea(period - 3)
    expect(warnings(ahead, 'confederate', 'ALA: STAY')).toContain(
      `WARNING: ALA must be in a refit port by the end of GT2 or it is lost: ${vp} VP to the Federal (11.3)`,
    )
    expect(warnings(last, 'confederate', 'ALA: STAY')).toContain(
      `WARNING: ALA must be in a refit port by the end of GT1 or it is lost: ${vp} VP to the Federal (11.3)`,
    )
    // Also for a ship the record leaves out.
    expect(warnings(last, 'confederate', '').some((w) => w.startsWith('WARNING: ALA must be in a refit port'))).toBe(
      true,
    )
    expect(warnings(early, 'confederate', 'ALA: STAY').filter((w) => w.includes('(11.3)'))).toEqual([])
    const form = seaDevilsReportModel(last, contextFor(P, last.scenario), { kind: 'role', role: 'confederate' })
      .orderForm as string[]
    expect(form).toContain(
      `# WARNING: ALA must be in a refit port by the end of GT1 or it is lost: ${vp} VP to the Federal (11.3)`,
    )
  })

  it('11.3: the report warns of the period that runs out next turn', () => {
    const r = resolve(atSea(period - 3), { federal: '', confederate: 'ALA: STAY', dice: [FWDT] })
    expect(r.texts('11.3')).toEqual([
      `WARNING: ALA must be in a refit port by the end of GT3 or it is lost: ${vp} VP to the Federal (11.3).`,
    ])
  })
})

describe('11.52: a coaling shortfall', () => {
  it('11.52: the acknowledgement gives a WARNING naming the whole consequence', () => {
    const noCoal = (id: string) => !areaDef(id).ports.some((p) => p.coal)
    const from = P.areas.find((a) => noCoal(a.id) && a.adj.some(noCoal))!
    const s = atSea(0)
    placeCsa(s, 'ALA', from.id)
    const all = warnings(s, 'confederate', `ALA: MOVE ${from.adj.find(noCoal)}`)
    expect(all.filter((w) => w.includes('11.52'))).toEqual([
      `WARNING: ALA plans 0 of the ${shipDef('ALA').coal} coalings it needs: short of coal, every raid it makes this turn is void and it may not raid again until it has refitted (11.52)`,
    ])
  })
})

describe('11.52: the example orders the demo prints', () => {
  it('11.52 / 11.51: leaving a Confederate port coals there (ruling R13), so the example draws no warning', () => {
    expect(
      warnings(fresh(), 'confederate', 'SUM: RUN-OUT\nSUM: MOVE C11 +RAID').filter((w) => w.startsWith('WARNING')),
    ).toEqual([])
  })
})

describe('10.44: the Federal ships left out', () => {
  it('10.44: the acknowledgement says which ships on the map go back to the Available Pool', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    s.stage = 'federal-orders'
    s.deployTrack.S = 1
    placeUsa(s, 'KEAR', 'C3', { deployed: false })
    placeUsa(s, 'DACO', 'C11', { deployed: false })
    const expected =
      'WARNING: not deployed this turn, so they leave the map for the Available Pool (10.44): DACO (C11), KEAR (C3)'
    expect(warnings(s, 'federal', '')).toContain(expected)
    expect(warnings(s, 'federal', 'DEPLOY KEAR')).toContain(
      'WARNING: not deployed this turn, so they leave the map for the Available Pool (10.44): DACO (C11)',
    )
  })
})

describe('10.44: what the Federal order form says of the ships left out', () => {
  it('10.44 (ruling R-MISSING): the form warns that ships not deployed, or no orders at all, send them to the Available Pool', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    s.stage = 'federal-orders'
    s.deployTrack.S = 1
    placeUsa(s, 'KEAR', 'C3', { deployed: false })
    placeUsa(s, 'DACO', 'C11', { deployed: false })
    const form = (state: SdState) =>
      seaDevilsReportModel(state, contextFor(P, state.scenario), { kind: 'role', role: 'federal' })
        .orderForm as string[]
    const lines = form(s)
    expect(lines).toContain(
      '# WARNING: a ship on the map that you do not DEPLOY this turn leaves it for the Available Pool (10.44); sending no orders deploys nothing, so all of these go: DACO (C11), KEAR (C3)',
    )
    expect(lines.find((l) => l.startsWith('# MOVE KEAR'))).toMatch(/; moves only if deployed$/)
    // Once the placement is made (the Confederate's turn to record) the form says nothing of it.
    s.stage = 'both-orders'
    expect(form(s).filter((l) => l.includes('10.44'))).toEqual([])
  })
})

describe('6.3: a declared European blockade is reported with its outcome', () => {
  it('6.3: a declaration that finds no Confederate ship left to take is reported too', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    s.stage = 'federal-orders'
    s.deployTrack.S = 2
    placeUsa(s, 'KEAR', 'C3', { deployed: false })
    placeUsa(s, 'DACO', 'C3', { deployed: false })
    placeCsa(s, 'ALA', 'C2')
    const placed = resolve(s, {
      federal:
        'DEPLOY KEAR\nDEPLOY DACO\nEUROPE-BLOCKADE KEAR IN C2\nEUROPE-BLOCKADE DACO IN C2\nMOVE KEAR C2\nMOVE DACO C2',
      dice: [],
    })
    const r = resolve(placed.state, { confederate: '', dice: [FWDT] })
    expect(r.texts('6.3')).toEqual([
      'KEAR enters C2: ALA is spotted and blockaded in port.',
      'DACO enters C2: no Confederate ship that began the turn there is left to blockade; the declared blockade finds nothing.',
    ])
  })
})
