// What the report templates are given (report.ts) and the judge's lower-case role names (mailRoles.ts).
import { describe, expect, it } from 'vitest'
import type { Viewer } from '../../src/games/contract.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { calm, csa, deployed, play, ruleset, usa } from './play.ts'

type Rc = {
  rc: {
    phase: string
    sight: string
    own: { id: string; at: string; speed: number; hull: string; crew: string; captain: string; morale: string }[]
    enemies: Record<string, unknown>[]
    forts: { name: string; state: string }[]
    objectives: string[]
  }
  orderForm: string[]
}
const model = (s: RiverState, v: Viewer) => ruleset.reportModel(s, v) as unknown as Rc
const fresh = () => ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())

describe('digest §8 reports: what each side is shown', () => {
  it('own ships in full: place, speed, hull, crew, captain and morale; the move and the sight', () => {
    const m = model(fresh(), usa)
    expect(m.rc.phase).toBe('move 1 of 14')
    expect(m.rc.sight).toBe('clear: 50" sight')
    expect(m.rc.own.map((s) => s.id)).toEqual(['TECU', 'CHIC', 'GALE', 'META'])
    expect(m.rc.own[0]).toMatchObject({
      at: '(34,12) heading 0',
      speed: 6,
      hull: '210/210 SPV (PV 70)',
      captain: 'intelligent captain',
    })
    expect(m.rc.own[0]!.crew).toMatch(/^10\/10 CPV; engine 1, boiler 1, spare \d+$/)
  })

  it('§10 L913-973 the morale line adds the modifiers that would stand if the ship tested now', () => {
    const s = fresh()
    const green = s.ships.TECU!.captain.green
    // no CPV lost +1, above PV +1, the captain's green, guns can fire +1, can move +1
    expect(model(s, usa).rc.own[0]!.morale).toBe(`D6 +${1 + 1 + green + 1 + 1}`)
  })

  it('§9 an enemy in sight is given by name, class and place only; the forts by their points', () => {
    const m = model(fresh(), usa)
    const tenn = m.rc.enemies.find((e) => e.id === 'TENN')!
    expect(Object.keys(tenn).sort()).toEqual(['at', 'class', 'id', 'name', 'status'])
    expect(m.rc.forts).toEqual([{ name: 'Fort Morgan', side: 'CSA', state: '240 FPV' }])
    expect(m.rc.objectives).toEqual(['USA objectives: RUN_2_THROUGH, DESTROY_FLAGSHIP'])
    expect(model(fresh(), csa).rc.objectives).toEqual(['CSA objectives: DESTROY_1_IRONCLAD, DESTROY_FLAGSHIP'])
  })

  it('§9 L537 in fog a hidden enemy is not in the report at all', () => {
    const fog = { 'weather:fog': 3, 'weather:fog:1': 4, 'weather:fog:2': 4 }
    const s = deployed(ruleset.setup('above-the-bluffs', {}, riverCoastalFactory.defaultPack(), calm(fog)))
    const m = model(s, usa)
    expect(m.rc.sight).toBe('fog: 8" sight')
    expect(m.rc.enemies).toEqual([])
    expect(JSON.stringify(m)).not.toMatch(/ARKS|Arkansas/)
  })

  it('§9 L589-591 fog grows before sight is worked out: the report names the enemy its new sight reaches', () => {
    const fog = { 'weather:fog': 3, 'weather:fog:1': 4, 'weather:fog:2': 4 }
    const s = deployed(ruleset.setup('above-the-bluffs', {}, riverCoastalFactory.defaultPack(), calm(fog)))
    // Both at anchor (no drift), Arkansas 10.5" ahead of Carondelet: beyond 8" of fog, within 10".
    const [caro, arks] = [s.ships.CARO!, s.ships.ARKS!]
    Object.assign(caro, { anchored: true, speed: 0 })
    Object.assign(arks, { anchored: true, speed: 0, pose: { pos: { x: 18000, y: 24500 }, heading: 0 } })
    expect(model(s, usa).rc.enemies).toEqual([])
    const next = play(s, {}).state
    const m = model(next, usa)
    expect(m.rc.sight).toBe('fog: 10" sight')
    expect(m.rc.enemies.map((e) => e.id)).toEqual(['ARKS'])
    expect(next.seen.USA).toEqual(['ARKS'])
  })

  it('a ship that took a hit shows her hull points down', () => {
    const step = play(fresh(), { USA: 'GALE: SPEED 4; FIRE BP AT TENN' }, { 'm1:GALE:BP:hit': 6 })
    const tenn = model(step.state, csa).rc.own.find((s) => s.id === 'TENN')!
    expect(tenn.hull).toMatch(/^123\/\d+ SPV/)
  })
})

describe('the judge’s role names: usa and csa (the mail intake reads roles in lower case)', () => {
  const judged = () => riverCoastalFactory.create(riverCoastalFactory.defaultPack())

  it('names its roles and awaited orders in lower case, and reads orders for a lower-case role', () => {
    const r = judged()
    expect(r.roles).toEqual(['usa', 'csa'])
    const s = r.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())
    expect(r.awaiting(s).map((a) => a.role)).toEqual(['usa', 'csa', 'usa', 'csa', 'csa', 'usa'])
    expect(r.parseOrders(s, 'usa', 'TECU: SPEED 8').errors).toEqual([])
    expect(r.parseOrders(s, 'csa', 'TECU: SPEED 8').errors[0]!.message).toMatch(/not one of your ships/)
  })

  it('records secret dice and narrative for the lower-case role, and shows each reader its own side', () => {
    const r = judged()
    const d = calm()
    const s = r.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), d)
    expect(d.rolls.find((x) => x.label === 'captain:TENN:white')!.audience).toEqual({ kind: 'roles', roles: ['csa'] })
    const usaView = r.view(s, { kind: 'role', role: 'usa' })
    expect(usaView).toEqual(ruleset.view(s, usa))
    const atb = deployed(ruleset.setup('above-the-bluffs', {}, riverCoastalFactory.defaultPack(), calm()))
    const step = r.resolve(atb, { orders: { csa: [] }, decisions: {} }, calm())
    const audiences = step.narrative.flatMap((n) => (n.audience.kind === 'roles' ? n.audience.roles : []))
    expect(audiences.every((role) => role === 'usa' || role === 'csa')).toBe(true)
    expect(r.reportModel(s, { kind: 'role', role: 'csa' })).toEqual(ruleset.reportModel(s, csa))
  })

  it('names the winner by its lower-case role', () => {
    const r = judged()
    const s = fresh()
    s.finished = { winner: 'USA', summary: 'Objectives: USA 2 of 2, CSA 0 of 2: USA wins' }
    expect(r.outcome(s)).toEqual({ summary: 'Objectives: USA 2 of 2, CSA 0 of 2: USA wins', winner: 'usa' })
  })
})
