// Fire ships, explosive ships and tugboats (rulebook §9 L539-559, §7 L479; digest A22, A23, A49;
// rulings RC-66 to RC-70): the orders RELEASE, IGNITE and DETONATE checked on receipt, drifting and
// towing, ignition, ships catching fire and putting it out, detonation, and the objectives.
import { describe, expect, it } from 'vitest'
import { canSee, type Input } from '../../src/games/contract.ts'
import { checkEnd, objectiveMet } from '../../src/games/river-coastal/endOfMove.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RiverCommand } from '../../src/games/river-coastal/orderTypes.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { inches } from '../../src/games/river-coastal/units.ts'
import { pack } from './helpers.ts'
import { calm, csa, dice, ruleset, usa } from './play.ts'

const fresh = (): RiverState => ruleset.setup('fire-rafts', {}, riverCoastalFactory.defaultPack(), calm())
const errors = (s: RiverState, side: string, text: string) =>
  ruleset.parseOrders(s, side, text).errors.map((e) => [e.line, e.message, e.suggestion])
const place = (s: RiverState, id: string, x: number, y: number, heading = 180) => {
  s.ships[id]!.pose = { pos: { x: inches(x), y: inches(y) }, heading: heading * 100 }
}
/** One move with the rolls forced by label; the dice are returned to look at what was thrown. */
function run(
  state: RiverState,
  orders: { USA?: string; CSA?: string },
  forced: Record<string, number | number[]> = {},
) {
  const commands: Input<RiverCommand>['orders'] = {}
  for (const side of ['USA', 'CSA'] as const) {
    const p = ruleset.parseOrders(state, side, orders[side] ?? '')
    expect(p.errors).toEqual([])
    commands[side] = p.commands
  }
  const d = dice(forced)
  const step = ruleset.resolve(state, { orders: commands, decisions: {} }, d)
  return { ...step, thrown: d.rolls.map((r) => r.label), texts: step.narrative.map((n) => n.text) }
}
/** Fire raft No. 2 alight, drifting down Metacomet's starboard side: she ends the move 0.15" off her. */
const besideMetacomet = (): RiverState => {
  const s = fresh()
  place(s, 'RAFB', 16.8, 13.5)
  s.ships.RAFB!.blaze = { alight: true }
  return s
}

describe('§9 L539-559 the orders RELEASE, IGNITE and DETONATE, checked on receipt', () => {
  it('§9 L543 ruling RC-68 IGNITE goes on a fire ship’s own line, once, before she is alight', () => {
    expect(errors(fresh(), 'CSA', 'RAFB: IGNITE')).toEqual([])
    expect(errors(fresh(), 'CSA', 'WATS: IGNITE')).toEqual([
      [1, 'IGNITE: CSS Watson is not a fire ship (§9 L539)', undefined],
    ])
    expect(errors(fresh(), 'CSA', 'MANS: SPEED 0\nHULK: IGNITE')).toEqual([
      [2, 'IGNITE: Powder hulk is not a fire ship (§9 L539)', 'an explosive ship is set off with DETONATE'],
    ])
    expect(errors(besideMetacomet(), 'CSA', 'RAFB: IGNITE')).toEqual([
      [1, 'IGNITE: Fire raft No. 2 is alight already and burns to the end (ruling RC-68)', undefined],
    ])
    expect(errors(fresh(), 'CSA', 'RAFB: IGNIT')).toEqual([[1, 'unknown order IGNIT', 'did you mean IGNITE?']])
  })

  it('§9 L557 ruling RC-70 DETONATE goes on an explosive ship’s own line', () => {
    expect(errors(fresh(), 'CSA', 'HULK: DETONATE')).toEqual([])
    expect(errors(fresh(), 'CSA', 'RAFA: DETONATE')).toEqual([
      [1, 'DETONATE: Fire raft No. 1 is not an explosive ship (§9 L555)', 'a fire ship is lit with IGNITE'],
    ])
    expect(errors(fresh(), 'CSA', 'HULK: DETONATE NOW')).toEqual([[1, 'DETONATE takes no argument', undefined]])
  })

  it('§9 L541 ruling RC-67 RELEASE goes on the line of the ship towing a fire or explosive ship', () => {
    const s = fresh()
    s.ships.WATS!.towing = 'RAFA'
    s.ships.TUSC!.towing = 'MANS'
    expect(errors(s, 'CSA', 'WATS: SPEED 2; RELEASE')).toEqual([])
    expect(errors(s, 'CSA', 'RAFA: RELEASE')).toEqual([
      [
        1,
        'RELEASE: the ship towing Fire raft No. 1 lets her go (ruling RC-67)',
        "write it on WATS's line: WATS: RELEASE",
      ],
    ])
    expect(errors(s, 'CSA', 'RAFB: RELEASE')[0]![2]).toBe('Fire raft No. 2 is not in tow: she drifts already')
    expect(errors(s, 'CSA', 'MANS: RELEASE')).toEqual([
      [1, 'RELEASE: CSS Manassas has nothing in tow (ruling RC-67)', undefined],
    ])
    expect(errors(s, 'CSA', 'TUSC: RELEASE')).toEqual([
      [1, 'RELEASE: MANS is neither a fire ship nor an explosive ship (§9 L541)', 'CAST OFF'],
    ])
  })

  it('§9 L541 ruling RC-66 a fire ship has no engine: she is given no speed', () => {
    expect(errors(fresh(), 'CSA', 'RAFB: SPEED 2')).toEqual([
      [1, 'SPEED 2: Fire raft No. 2 makes at most 0 this move', 'use 0..0'],
    ])
  })

  it('§9 L539-559 the order form names the verbs and says what each fire or explosive ship may do', () => {
    const s = fresh()
    s.ships.WATS!.towing = 'RAFA'
    const form = ruleset.reportModel!(s, csa).orderForm as string[]
    expect(form.at(-1)).toContain('TOW, CAST OFF, RELEASE, IGNITE, DETONATE, BALLOON')
    expect(form).toContain('# towing RAFA: RELEASE lets a fire or explosive ship go adrift, CAST OFF any other tow')
    expect(form).toContain(
      '# fire ship: drifts with the current or goes in tow; IGNITE lights her on 4-6 (§9 L541-543)',
    )
    expect(form).toContain('# Fire raft No. 2: speed 0..0; radius 5", at most 0 degrees at speed 0; guns none')
    expect(form.filter((l) => l.startsWith('# explosive ship: drifts or goes in tow; DETONATE'))).toHaveLength(1)
  })
})

describe('§9 L541 ruling RC-67 fire ships drift with the current or are towed into action', () => {
  it('§7 L479 ruling RC-66 the tugboat class turns on the small tug’s 5" radius, a light craft of ram class A', () => {
    const tug = pack.classes.riverTug!
    expect([tug.turningRadius, tug.category, tug.ramClass, tug.role]).toEqual([5000, 'lightCraft', 'A', 'tug'])
    // §7 L463: every fire or explosive class is under 80 SPV, so it drifts at the full current (L541).
    for (const c of Object.values(pack.classes).filter((k) => k.role === 'fireShip' || k.role === 'explosiveShip'))
      expect(c.tons / pack.tables.derived.spvPerTons).toBeLessThan(pack.tables.movement.driftHalfFromSpv)
  })

  it('rulings RC-66, RC-74, RC-98 only fire and explosive ships, the David and the submarine go without guns; a lit fire ship is reported alight', () => {
    const unarmed = Object.values(pack.classes).filter((c) => c.guns.length === 0)
    expect(unarmed.map((c) => c.role ?? c.craft).sort()).toEqual(['david', 'explosiveShip', 'fireShip', 'submarine'])
    const own = ruleset.reportModel!(besideMetacomet(), csa).rc as { own: { id: string; flags: string }[] }
    expect(own.own.find((l) => l.id === 'RAFB')!.flags).toBe('alight (a fire ship, §9 L543)')
  })

  it('§9 L541 ruling RC-67 a fire ship not in tow drifts downstream at the full current, keeping her heading', () => {
    const step = run(fresh(), {})
    expect(step.state.ships.RAFB!.pose).toEqual({ pos: { x: 24000, y: 43000 }, heading: 18000 })
  })

  it('ruling RC-49 RC-67 a tug takes her in tow, and RELEASE lets her go to drift from that move', () => {
    const first = run(fresh(), { CSA: 'WATS: SPEED 2; TOW RAFA' })
    expect(first.state.ships.RAFA!.pose.pos).toEqual({ x: 16800, y: 65000 })
    const second = run(first.state, { CSA: 'WATS: SPEED 4; RELEASE' })
    expect(second.texts).toContain('CSS Watson lets Fire raft No. 1 go to drift with the current')
    expect(second.texts).toContain('CSS Watson casts off Fire raft No. 1')
    expect(second.state.ships.WATS!.towing).toBeUndefined()
    expect(second.state.ships.RAFA!.pose.pos).toEqual({ x: 16800, y: 62000 })
    expect(second.state.ships.WATS!.pose.pos.y).toBe(58000)
  })
})

describe('§4 L169-171 reckless captains and fire ships', () => {
  it('ruling RC-66 RC-67 a reckless fire-ship crew does not charge; a reckless tug charges with his tow and RELEASEs', () => {
    const s = fresh()
    place(s, 'WATS', 17.5, 46)
    place(s, 'RAFA', 16.8, 46)
    s.ships.WATS!.towing = 'RAFA'
    s.ships.WATS!.speed = 2
    for (const id of ['WATS', 'RAFB']) s.ships[id]!.captain.quality = 'reckless'
    const step = run(s, { CSA: 'WATS: SPEED 2; RELEASE\nRAFB: IGNITE' }, { 'm1:RAFB:ignite': 5 })
    expect(step.texts.filter((t) => t.includes('reckless captain'))).toEqual([
      "CSS Watson's reckless captain steams at the enemy (speed 4)",
    ])
    expect(step.texts).toEqual(
      expect.arrayContaining(['CSS Watson casts off Fire raft No. 1', 'Fire raft No. 2 is set alight (5)']),
    )
  })
})

describe('§9 L543-553 rulings RC-68, RC-69 ignition, catching fire and putting it out', () => {
  it('§9 L543 ruling RC-68 IGNITE lights her on 4-6, one throw an order; a failure may be ordered again', () => {
    const failed = run(fresh(), { CSA: 'RAFB: IGNITE' }, { 'm1:RAFB:ignite': 3 })
    expect(failed.texts).toContain('Fire raft No. 2 will not light (3)')
    expect(failed.state.ships.RAFB!.blaze).toBeUndefined()
    const lit = run(failed.state, { CSA: 'RAFB: IGNITE' }, { 'm2:RAFB:ignite': 4 })
    expect(lit.narrative).toContainEqual({
      audience: { kind: 'public' },
      rule: '§9 L543',
      text: 'Fire raft No. 2 is set alight (4)',
    })
    expect(lit.state.ships.RAFB!.blaze).toEqual({ alight: true })
  })

  it('§9 L549, L553 ruling RC-69 a wooden ship touching her catches on 4-6 and puts it out only on a 6', () => {
    const caught = run(besideMetacomet(), {}, { 'm1:META:catch:RAFB': 4, 'm1:META:fire': 2 })
    expect(caught.narrative).toContainEqual({
      audience: { kind: 'public' },
      rule: '§9 L549',
      text: 'USS Metacomet catches fire from Fire raft No. 2 (4)',
    })
    expect(caught.texts).toContain('USS Metacomet still burns (2; 3 moves left)')
    expect(caught.state.ships.META!.fire).toEqual({ movesLeft: 3, putOutOn: [6] })
    const out = run(caught.state, {}, { 'm2:META:fire': 6 })
    expect(out.texts).toContain('USS Metacomet puts out her fire (6)')
    const missed = run(besideMetacomet(), {}, { 'm1:META:catch:RAFB': 3 })
    expect(missed.texts).toContain('USS Metacomet does not catch from Fire raft No. 2 (3)')
    expect(missed.state.ships.META!.fire).toBeUndefined()
  })

  it('digest A22 ruling RC-69 four failed attempts and her crew abandons her', () => {
    let s = run(besideMetacomet(), {}, { 'm1:META:catch:RAFB': 5, 'm1:META:fire': 5 }).state
    for (const m of [2, 3, 4]) s = run(s, {}, { [`m${m}:META:fire`]: 5 }).state
    expect(s.ships.META!.status).toBe('abandoned')
  })

  it('§9 L547, L553 ruling RC-68 an ironclad catches only on a 6 and puts it out on 4-6', () => {
    const s = fresh()
    place(s, 'RAFA', 32.8, 13.5)
    s.ships.RAFA!.blaze = { alight: true }
    const missed = run(structuredClone(s), {}, { 'm1:CARO:catch:RAFA': 5 })
    expect(missed.narrative).toContainEqual({
      audience: { kind: 'public' },
      rule: '§9 L547',
      text: 'USS Carondelet does not catch from Fire raft No. 1 (5)',
    })
    const caught = run(s, {}, { 'm1:CARO:catch:RAFA': 6, 'm1:CARO:fire': 4 })
    expect(caught.texts).toContain('USS Carondelet puts out her fire (4)')
  })

  it('ruling RC-68 her own tow touches her too: a tug that lights her and holds on may catch fire', () => {
    const s = fresh()
    s.ships.WATS!.towing = 'RAFA'
    const step = run(s, { CSA: 'WATS: SPEED 2\nRAFA: IGNITE' }, { 'm1:RAFA:ignite': 5, 'm1:WATS:catch:RAFA': 4 })
    expect(step.texts).toContain('CSS Watson catches fire from Fire raft No. 1 (4)')
    expect(step.thrown).toContain('m1:WATS:fire')
  })

  it('ruling RC-68 fire and explosive ships do not catch, and a ship burning already throws no more', () => {
    const s = besideMetacomet()
    place(s, 'HULK', 17.7, 13.5)
    s.ships.META!.fire = { movesLeft: 2, putOutOn: [6] }
    const step = run(s, {}, { 'm1:META:fire': 1 })
    expect(step.thrown.filter((l) => l.includes(':catch:'))).toEqual([])
  })
})

describe('§9 L555-559 digest A23 ruling RC-70 explosive ships', () => {
  it('§9 L557-559 DETONATE goes off on a 6 and sinks every ship touching her, her tug too', () => {
    const quiet = run(fresh(), { CSA: 'HULK: DETONATE' }, { 'm1:HULK:detonate': 5 })
    expect(quiet.texts).toContain('Powder hulk fails to go off (5)')
    expect(quiet.state.ships.HULK!.status).toBe('afloat')
    const towed = fresh()
    towed.ships.TUSC!.towing = 'HULK'
    const step = run(towed, { CSA: 'HULK: DETONATE' }, { 'm1:HULK:detonate': 6 })
    expect(step.texts).toEqual(
      expect.arrayContaining(['Powder hulk blows up (6)', 'CSS Tuscarora is touching Powder hulk and sinks']),
    )
    expect([step.state.ships.HULK!.status, step.state.ships.TUSC!.status]).toEqual(['exploded', 'sunk'])
    expect(step.state.ships.MANS!.status).toBe('afloat')
    expect(step.state.ships.TUSC!.towing).toBeUndefined()
    // Both leave their wrecks on the bottom (ruling RC-20).
    expect(step.state.wrecks!.map((w) => w.id).sort()).toEqual(['wreck-HULK', 'wreck-TUSC'])
  })

  it('digest A23 ruling RC-70 her first touch of an enemy throws the die by itself, once', () => {
    const s = fresh()
    place(s, 'HULK', 16.8, 13.5)
    const first = run(s, {}, { 'm1:HULK:detonate': 3 })
    expect(first.texts).toContain('Powder hulk fails to go off (3)')
    expect(first.state.ships.HULK!.blaze).toEqual({ touched: true })
    const again = structuredClone(first.state)
    place(again, 'HULK', 16.8, 13.5)
    expect(run(again, {}).thrown.filter((l) => l.endsWith(':detonate'))).toEqual([])
  })
})

describe('ruling RC-66 fire and explosive ships count for no objective', () => {
  it('§6 L413-423 the Confederate fleet is destroyed, and the game over, with only fire ships afloat', () => {
    const s = fresh()
    for (const id of ['MANS', 'WATS', 'TUSC']) s.ships[id]!.status = 'sunk'
    const sc = pack.scenarios['fire-rafts']!
    expect(objectiveMet('DESTROY_FLEET', 'USA', s, sc, pack)).toBe(true)
    expect(checkEnd(s, sc, pack)?.summary).toBe('Objectives: USA 2 of 2, CSA 0 of 2: USA wins')
  })

  it('ruling RC-65 a fire raft adrift in the downstream area does not deny the Union its control', () => {
    const s = fresh()
    place(s, 'RAFB', 40, 10)
    expect(objectiveMet('CONTROL_ESTUARY_OR_DOWNSTREAM', 'USA', s, pack.scenarios['fire-rafts']!, pack)).toBe(true)
  })
})

describe('hidden information: each side hears what it sees', () => {
  it('ruling RC-68 the lighting of a fire ship out of the enemy’s sight is told to her own side only', () => {
    const s = fresh()
    expect([s.seen.USA.includes('RAFB'), s.seen.USA.includes('RAFA')]).toEqual([true, false])
    const step = run(s, { CSA: 'RAFA: IGNITE\nRAFB: IGNITE' }, { 'm1:RAFA:ignite': 6, 'm1:RAFB:ignite': 6 })
    const about = (name: string) => step.narrative.filter((n) => n.text.includes(name))
    expect(about('Fire raft No. 1').every((n) => canSee(csa, n.audience) && !canSee(usa, n.audience))).toBe(true)
    expect(about('Fire raft No. 2').every((n) => canSee(usa, n.audience))).toBe(true)
    expect(step.narrative.length).toBeGreaterThan(0)
  })
})
