// Rule 10.11 (borrowing from the Unavailable Pool: no other ship of the type available, rotation
// order) and rule 10.52 (the Rappahannock's forced move to France and repair on arrival).
import { describe, expect, it } from 'vitest'
import { FWDT, clearFederals, fresh, parse, placeUsa, resolve, shipDef, trackOf, withoutSumter } from './helpers.ts'
import type { SdState } from '../../../src/games/sea-devils/state.ts'

/** GT2's Federal placement with only the named sloops in play: the rest of type S are not yet arrived. */
function sloops(where: Record<string, 'AP' | 'UP'>, upUses: Record<string, number> = {}, points = 1): SdState {
  const s = fresh()
  s.turn = 2
  s.stage = 'federal-orders'
  clearFederals(s)
  for (const u of Object.values(s.usa)) {
    if (shipDef(u.id).type !== 'S' || shipDef(u.id).fleet) continue
    const loc = where[u.id]
    Object.assign(
      u,
      loc
        ? { loc, area: null, spent: loc === 'UP' ? shipDef(u.id).availability! : 0, upUses: upUses[u.id] ?? 0 }
        : { loc: 'pending', area: null },
    )
  }
  s.deployTrack = { F: 0, SF: 0, S: points, GB: 0, SGB: 0 }
  return s
}
const errors = (s: SdState, text: string) => parse(s, 'federal', text).errors.map((e) => e.message)

describe('10.11 borrowing from the Unavailable Pool', () => {
  it('10.11: a ship comes out of the UP only when no other ship of its type is available', () => {
    const s = sloops({ DACO: 'AP', RICH: 'UP' })
    expect(errors(s, 'DEPLOY-UP RICH')).toEqual([
      'RICH may come from the Unavailable Pool only when no other S ship is available; deploy DACO first (10.11)',
    ])
    s.deployTrack.S = 2
    expect(errors(s, 'DEPLOY-UP RICH\nDEPLOY DACO')).toEqual([])
  })

  it('10.11: a ship with no availability left does not count as available', () => {
    const s = sloops({ DACO: 'AP', RICH: 'UP' })
    s.usa.DACO!.spent = shipDef('DACO').availability!
    expect(errors(s, 'DEPLOY-UP RICH')).toEqual([])
  })

  it('10.11: rotation: no ship goes out of the UP again before every other of its type has gone as often', () => {
    const s = sloops({ RICH: 'UP', ADIR: 'UP' }, { RICH: 1 })
    expect(errors(s, 'DEPLOY-UP RICH')).toEqual([
      'RICH has been taken from the Unavailable Pool 1 time(s); ADIR must be taken first (10.11 rotation)',
    ])
    expect(errors(s, 'DEPLOY-UP ADIR')).toEqual([])
    s.deployTrack.S = 2
    // Once ADIR has gone out as often, RICH may follow in the same orders.
    expect(errors(s, 'DEPLOY-UP ADIR\nDEPLOY-UP RICH')).toEqual([])
    expect(errors(s, 'DEPLOY-UP RICH\nDEPLOY-UP ADIR')[0]).toMatch(/^RICH has been taken/)
  })

  it('10.11: DEPLOY-UP <type> lets the judge pick the ship next in rotation', () => {
    const s = sloops({ RICH: 'UP', ADIR: 'UP' }, { RICH: 1 })
    const p = parse(s, 'federal', 'DEPLOY-UP S')
    expect(p.errors).toEqual([])
    expect(p.commands).toEqual([{ kind: 'deploy', ship: 'ADIR', fromUP: true, line: 1 }])
    expect(errors(sloops({}), 'DEPLOY-UP S')).toEqual(['no S ship in the Unavailable Pool may be taken now (10.11)'])
  })

  it('10.11 / R21: a borrowed ship uses a track point, no availability, enters at C9 and counts its use', () => {
    const s = sloops({ RICH: 'UP', ADIR: 'UP' })
    const r = resolve(s, { federal: 'DEPLOY-UP ADIR', dice: [] })
    expect(r.state.usa.ADIR!).toMatchObject({
      loc: 'map',
      area: 'C9',
      fromUP: true,
      upUses: 1,
      spent: shipDef('ADIR').availability,
    })
    expect(r.state.deployTrack.S).toBe(0)
    expect(r.texts('10.11')).toEqual(['ADIR (S) is deployed and enters at C9 (from the Unavailable Pool).'])
  })
})

describe('10.52 the Rappahannock', () => {
  /** The Campaign at GT8, resolving into GT9, when the Rappahannock arrives in England. */
  function gt9(): SdState {
    const s = fresh('campaign')
    s.turn = 8
    withoutSumter(s)
    clearFederals(s)
    expect(trackOf(9).csaReinforcements.map((r) => `${r.ship}:${r.area}`)).toContain('RAPP:C2')
    placeUsa(s, 'KEAR', 'C5')
    return resolve(s, { federal: '', confederate: '', dice: [FWDT] }).state
  }

  it('10.52: on arrival it spends 1 MP to reach a French port, unsearched, and is placed there', () => {
    const s = fresh('campaign')
    s.turn = 8
    withoutSumter(s)
    clearFederals(s)
    placeUsa(s, 'KEAR', 'C5')
    const r = resolve(s, { federal: '', confederate: '', dice: [FWDT] })
    expect(r.state.turn).toBe(9)
    expect(r.texts('10.52')).toEqual([
      'RAPP must flee C2: it spends 1 MP to reach the France port in C5, unsearched, and repairs there for the rest of the turn.',
    ])
    expect(r.state.csa.RAPP!).toMatchObject({
      status: 'map',
      area: 'C5',
      port: 'France',
      commissioned: false,
      arrivedTurn: 9,
    })
    // No search was rolled for it, though a Federal ship lay in C5.
    expect(r.labels.filter((l) => l.includes('RAPP'))).toEqual([])
    expect(shipDef('RAPP').arrivalRepairIn).toBe('France')
  })

  it('10.52: it takes no orders on its arrival turn', () => {
    const placed = resolve(gt9(), { federal: '', dice: [] }).state
    expect(parse(placed, 'confederate', 'RAPP: LEAVE-PORT').errors.map((e) => e.message)).toEqual([
      'RAPP makes its forced move to C5 and repairs there for the rest of GT9 (10.52); it takes no orders this turn',
    ])
  })

  it("10.52 / 9.22: the repair lowers France's prestige by one; the ship needs no coal, the turn counts as in port, and it moves freely on GT10", () => {
    const placed = resolve(gt9(), { federal: '', dice: [] }).state
    const france = placed.cpl.france
    const r = resolve(placed, { confederate: '', dice: [FWDT] })
    expect(r.texts('10.52')).toEqual(['RAPP repairs in the France port in C5 for the rest of the turn.'])
    expect(r.texts('9.22')).toContain("RAPP is repaired in C5; France's prestige level falls by 1.")
    const { W, F } = trackOf(10).cpl
    expect(r.state.cpl.france).toBe(france - 1 + W + F)
    expect(r.texts('11.52')).toEqual([])
    expect(r.state.csa.RAPP!).toMatchObject({ turnsInPort: 1, turnsAtSea: 0, cannotRaidUntilRefit: false })
    const gt10 = resolve(r.state, { federal: '', dice: [] }).state
    expect(gt10.turn).toBe(10)
    expect(parse(gt10, 'confederate', 'RAPP: COMMISSION\nRAPP: LEAVE-PORT\nRAPP: MOVE C3').errors).toEqual([])
  })
})
