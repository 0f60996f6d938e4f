// Every face of the spar torpedo table and of the small craft's own-loss throw (rulebook §9 L821-833,
// ruling RC-38), played in "The Boom at Plymouth": the picket launch (a torpedo boat, ram class A)
// gets over the boom on a 6 and strikes CSS Albemarle. Every table case is tested.
import { describe, expect, it } from 'vitest'
import type { DataPack } from '../../src/games/contract.ts'
import { createRiverCoastal, riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RawRiverPack } from '../../src/games/river-coastal/pack.ts'
import { calm, dice, play, ruleset } from './play.ts'

function strike(face: number, self?: number) {
  const s = ruleset.setup('plymouth-boom', {}, riverCoastalFactory.defaultPack(), calm())
  const one = play(s, { USA: 'PICK: SPEED 4', CSA: 'ALBE: SPEED 0' })
  // When Albemarle survives the torpedo the launch's bow still strikes her (ruling RC-43): the
  // blow is kept small (two 1s: 20, halved with no ram) and does the launch no harm.
  const forced: Record<string, number> = {
    'm2:PICK:boom:chain': 6,
    'm2:PICK:spar:ALBE': face,
    'm2:PICK:ram:ALBE:dmg:d1': 1,
    'm2:PICK:ram:ALBE:dmg:d2': 1,
    'm2:PICK:ram:ALBE:onRammer': 1,
  }
  if (self !== undefined) forced['m2:PICK:spar:ALBE:self'] = self
  const two = play(one.state, { USA: 'PICK: SPEED 4; SPAR ALBE', CSA: 'ALBE: SPEED 0' }, forced)
  return { before: one.state, after: two.state, texts: two.narrative.map((n) => n.text) }
}

describe('§9 L825-831 the spar torpedo table, face by face', () => {
  it('§9 L827 a 1 fails to go off: the spar is spent, Albemarle untouched', () => {
    const r = strike(1, 3)
    expect(r.texts.some((x) => /spar torpedo .*\(1\) fails to go off/.test(x))).toBe(true)
    expect(r.after.ships.ALBE).toMatchObject({ status: 'afloat', spv: r.before.ships.ALBE!.spv - 10 })
    expect(r.after.ships.PICK!.spar).toBe('used')
  })
  it('§9 L829 ruling RC-38 a 2 goes off too early: 20 SPV off the attacker, Albemarle afloat', () => {
    const r = strike(2, 3)
    const spv = r.before.ships.PICK!.spv
    expect(r.after.ships.ALBE!.status).toBe('afloat')
    expect(r.after.ships.PICK!.spv).toBe(Math.max(0, spv - 20))
    expect(r.after.ships.PICK!.status).toBe(spv > 20 ? 'afloat' : 'sunk')
  })
  it.each([3, 4, 5, 6])('§9 L831 a %i sinks her', (face) => {
    expect(strike(face, 3).after.ships.ALBE!.status).toBe('sunk')
  })
})

describe('§9 L833 ruling RC-38 a ram-class-A craft is lost in the blast on 1-2', () => {
  it.each([1, 2, 3, 4, 5, 6])('§9 L833 the launch throws %i after her torpedo goes off', (self) => {
    const r = strike(4, self)
    expect(r.after.ships.PICK!.status).toBe(self <= 2 ? 'sunk' : 'afloat')
    expect(r.texts.includes('USN Picket Boat No. 1 is lost in the blast')).toBe(self <= 2)
  })
})

describe('§9 L833 ruling RC-96 only the small craft throw for themselves, not every hull of ram class A', () => {
  // A copy of the Plymouth scenario without its boom, the launch's place taken by a river tug (ram
  // class A, as the tugboats of §11 L1003-1011) fitted with the spar torpedo, 3" off Albemarle's beam.
  const raw = structuredClone(riverCoastalFactory.defaultPack()) as DataPack<RawRiverPack>
  const scenarios = raw.content.scenarios as { scenarios: Record<string, { hazards: unknown[] }> }
  scenarios.scenarios['plymouth-boom']!.hazards = []
  const open = createRiverCoastal(raw)
  function tugStrikes() {
    const s = open.setup('plymouth-boom', {}, raw, calm())
    const tug = s.ships.PICK!
    tug.classKey = 'riverTug'
    tug.guns = { H: { status: 'ok', crewed: true } }
    tug.pose = { pos: { x: 11000, y: 36000 }, heading: 27000 }
    const d = dice({ 'm1:PICK:spar:ALBE': 4 })
    const p = open.parseOrders(s, 'USA', 'PICK: SPEED 4; SPAR ALBE')
    expect(p.errors).toEqual([])
    const step = open.resolve(s, { orders: { USA: p.commands }, decisions: {} }, d)
    return { step, labels: d.rolls.map((r) => r.label) }
  }
  it('§9 L833 a tug whose spar sinks Albemarle throws no die for herself and is not lost', () => {
    const { step, labels } = tugStrikes()
    expect(step.state.ships.ALBE!.status).toBe('sunk')
    expect(labels).toContain('m1:PICK:spar:ALBE')
    expect(labels).not.toContain('m1:PICK:spar:ALBE:self')
    expect(step.state.ships.PICK!.status).toBe('afloat')
  })
})
