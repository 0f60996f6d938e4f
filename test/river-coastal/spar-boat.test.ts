// The spar boat (digest §2.16, rulings RC-74, RC-96, RC-97): a ship's launch under oars with a spar
// torpedo and a boat howitzer. Her values, the boom she may not try (§8 L525), the speed her oars
// give, and her spar torpedo in play, after which she throws for herself (§9 L833, ruling RC-38).
import { describe, expect, it } from 'vitest'
import type { DataPack } from '../../src/games/contract.ts'
import { cpvOf, crewSplit, pvOf, spvOf } from '../../src/games/river-coastal/derive.ts'
import { createRiverCoastal, riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RawRiverPack } from '../../src/games/river-coastal/pack.ts'
import { mayTryChain } from '../../src/games/river-coastal/smallCraft.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { pack, tables } from './helpers.ts'
import { calm, dice } from './play.ts'

const boat = pack.classes.sparBoat!

describe('digest §2.16 ruling RC-97 the spar-boat class', () => {
  it('§3 L85-125 5 tons and 30 men: SPV 1, PV 1, 3 CPV for the two oar stations and the howitzer', () => {
    const spv = spvOf(boat.tons, tables)
    expect([spv, pvOf(spv, boat.category, tables), cpvOf(boat.complement, tables)]).toEqual([1, 1, 3])
    expect(crewSplit(3, boat.guns.length, tables)).toEqual({ guns: 1, engine: 1, boiler: 1, spare: 0 })
  })

  it('§11 L1003-1011 §9 L625 §7 L481 ram class A, a small target, 3 knots under oars, the launch’s 2" radius', () => {
    expect(boat).toMatchObject({ ramClass: 'A', craft: 'sparBoat', smallTarget: true, maxSpeed: 3 })
    expect(boat.turningRadius).toBe(2000)
  })

  it('§8 L525 ruling RC-74 a spar boat may not try a spar chain', () => {
    expect(mayTryChain(boat, tables)).toBe(false)
  })
})

/** "The Boom at Plymouth", the launch's place taken by a spar boat 3" off Albemarle's beam, with or without the boom. */
function sparBoatAt(x: number, boom: boolean) {
  const raw = structuredClone(riverCoastalFactory.defaultPack()) as DataPack<RawRiverPack>
  if (!boom)
    (raw.content.scenarios as { scenarios: Record<string, { hazards: unknown[] }> }).scenarios[
      'plymouth-boom'
    ]!.hazards = []
  const ruleset = createRiverCoastal(raw)
  const s: RiverState = ruleset.setup('plymouth-boom', {}, raw, calm())
  const b = s.ships.PICK!
  b.classKey = 'sparBoat'
  b.guns = { H1: { status: 'ok', crewed: true } }
  b.pose = { pos: { x: x * 1000, y: 36000 }, heading: 27000 }
  b.speed = 3
  return { ruleset, s }
}

function row(x: number, boom: boolean, forced: Record<string, number>, line = 'PICK: SPEED 3; SPAR ALBE') {
  const { ruleset, s } = sparBoatAt(x, boom)
  const p = ruleset.parseOrders(s, 'USA', line)
  expect(p.errors).toEqual([])
  const d = dice(forced)
  const step = ruleset.resolve(s, { orders: { USA: p.commands }, decisions: {} }, d)
  return { step, labels: d.rolls.map((r) => r.label) }
}

describe('ruling RC-97 the spar boat in play', () => {
  it('§7 L441 ruling RC-97 her oars give her no more than 3 knots', () => {
    const { ruleset, s } = sparBoatAt(11, false)
    expect(ruleset.parseOrders(s, 'USA', 'PICK: SPEED 4').errors.map((e) => e.message)).toEqual([
      'SPEED 4: USN Picket Boat No. 1 makes at most 3 this move',
    ])
  })

  it('§8 L525 ruling RC-19 at the boom she is stopped short of it, with no die thrown', () => {
    const { step, labels } = row(11.5, true, {})
    expect(labels.some((l) => l.endsWith(':chain'))).toBe(false)
    expect(step.narrative.map((n) => n.text)).toContain('USN Picket Boat No. 1 is stopped at the chain boom')
    expect(step.state.ships.ALBE!.status).toBe('afloat')
  })

  it.each([
    [1, 'sunk'],
    [2, 'sunk'],
    [3, 'afloat'],
    [6, 'afloat'],
  ])('§9 L831-833 rulings RC-38, RC-96 her torpedo sinks Albemarle; she throws for herself, %i: %s', (self, fate) => {
    const { step, labels } = row(11, false, { 'm1:PICK:spar:ALBE': 5, 'm1:PICK:spar:ALBE:self': self })
    expect(step.state.ships.ALBE!.status).toBe('sunk')
    expect(labels).toContain('m1:PICK:spar:ALBE:self')
    expect(step.state.ships.PICK!.status).toBe(fate)
  })

  it('§9 L827-833 ruling RC-96 a torpedo that fails to go off spares her: no throw for herself', () => {
    const { step, labels } = row(11, false, { 'm1:PICK:spar:ALBE': 1 })
    expect(step.narrative.some((n) => /spar torpedo .*\(1\) fails to go off/.test(n.text))).toBe(true)
    expect(labels).not.toContain('m1:PICK:spar:ALBE:self')
    expect(step.state.ships.PICK!.status).toBe('afloat')
  })

  it('§9 L821-833 a SPAR order that meets no bow contact is not lost in silence: her side is told', () => {
    const { step } = row(4, false, {})
    const told = step.narrative.filter((n) => n.text.includes('spar torpedo is not used'))
    expect(told.map((n) => [n.text, n.audience])).toEqual([
      [
        "USN Picket Boat No. 1's spar torpedo is not used: her bow did not touch CSS Albemarle this move; the order stands only for this move",
        { kind: 'roles', roles: ['USA'] },
      ],
    ])
    expect(step.state.ships.PICK!.spar).toBe('fitted')
  })
})
