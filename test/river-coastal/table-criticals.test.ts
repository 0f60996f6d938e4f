// Every cell of the six critical tables (rulebook §9 L719-795) and of the rammed ship's table 6 row
// (§11 L1063-1071), each checked on a ship already below PV: the two dice name the table and the
// result, and the test states what the ship looks like afterwards. Every table case is tested.
import { describe, expect, it } from 'vitest'
import { PUBLIC } from '../../src/games/contract.ts'
import { applyHit } from '../../src/games/river-coastal/damage.ts'
import { applyRamDamage } from '../../src/games/river-coastal/ramming.ts'
import type { ShipState } from '../../src/games/river-coastal/ship.ts'
import { forced, pack, scenarioShip, tables } from './helpers.ts'

const MOVE = 3
const ctx = { label: 'hit', move: MOVE, guns: pack.classes.selma!.guns, audience: PUBLIC }
/** CSS Selma (PV 46) at 30 SPV, so every hit rolls on the tables; she has spare hands, so timed effects run 4 moves. */
const battered = (): ShipState => ({ ...scenarioShip('passing-the-fort', 'SELM'), spv: 30 })

function hitWith(table: number, result: number, ship = battered()) {
  return applyHit(ship, 2, ctx, forced({ 'hit:critTable': table, 'hit:critResult': result, 'hit:gun': 1 }), tables)
}

const untouched = (s: ShipState, before: ShipState) => {
  expect(s.effects).toEqual([])
  expect(s.cpvLost).toBe(0)
  expect(s.fire).toBeUndefined()
  expect(s.draught).toBe(before.draught)
  expect(s.status).toBe('afloat')
  expect(Object.values(s.guns).every((g) => g.status === 'ok')).toBe(true)
}
const firstGun = (s: ShipState) => s.guns[ctx.guns[0]!.id]!
const until = MOVE + tables.damage.repairMovesPerCpv

type Case = [table: number, result: number, effect: string | null, check: (s: ShipState, before: ShipState) => void]
const CASES: Case[] = [
  [1, 1, null, untouched],
  [1, 2, 'gunOut4', (s) => expect(firstGun(s)).toMatchObject({ status: 'out', outUntil: until })],
  [1, 3, null, untouched],
  [1, 4, 'gunOut4', (s) => expect(firstGun(s)).toMatchObject({ status: 'out', outUntil: until })],
  [1, 5, 'gunOutGame', (s) => expect(firstGun(s)).toMatchObject({ status: 'out', outUntil: 'game' })],
  [1, 6, 'gunDestroyed', (s) => expect(firstGun(s).status).toBe('destroyed')],
  [2, 1, null, untouched],
  [2, 2, 'hardStarboard4', (s) => expect(s.effects).toEqual([{ kind: 'hardStarboard', until }])],
  [2, 3, null, untouched],
  [2, 4, 'hardPort4', (s) => expect(s.effects).toEqual([{ kind: 'hardPort', until }])],
  [2, 5, 'sameCourse4', (s) => expect(s.effects).toEqual([{ kind: 'sameCourse', until }])],
  [2, 6, 'sameCourseGame', (s) => expect(s.effects).toEqual([{ kind: 'sameCourse', until: 'game' }])],
  [3, 1, null, untouched],
  [3, 2, 'speedMinus1For4', (s) => expect(s.effects).toEqual([{ kind: 'speedMinus', amount: 1, until }])],
  [3, 3, null, untouched],
  [3, 4, 'maxSpeedMinus2Game', (s) => expect(s.effects).toEqual([{ kind: 'maxSpeedMinus', amount: 2, until: 'game' }])],
  [3, 5, 'maxSpeedMinus2For4', (s) => expect(s.effects).toEqual([{ kind: 'maxSpeedMinus', amount: 2, until }])],
  [
    3,
    6,
    'boilerDestroyed',
    (s) => {
      expect(s.effects).toEqual([{ kind: 'boilerDestroyed', until: 'game' }])
      expect(s.morale).toContain('noSpeed')
    },
  ],
  [4, 1, null, untouched],
  [4, 2, 'straightAhead4', (s) => expect(s.effects).toEqual([{ kind: 'straightAhead', until }])],
  [4, 3, null, untouched],
  [4, 4, 'loseCpv1', (s) => expect(s.cpvLost).toBe(1)],
  [4, 5, 'maxSpeedMinus2Game', (s) => expect(s.effects).toEqual([{ kind: 'maxSpeedMinus', amount: 2, until: 'game' }])],
  [4, 6, 'fire6', (s) => expect(s.fire).toEqual({ movesLeft: 4, putOutOn: [6] })],
  [5, 1, null, untouched],
  [5, 2, 'loseCpv1', (s) => expect(s.cpvLost).toBe(1)],
  [5, 3, null, untouched],
  [5, 4, 'loseCpv2', (s) => expect(s.cpvLost).toBe(2)],
  [5, 5, 'loseCpv3', (s) => expect(s.cpvLost).toBe(3)],
  [
    5,
    6,
    'captainKilled',
    (s) => {
      expect(s.captain.alive).toBe(false)
      expect(s.cpvLost).toBe(0)
      expect(s.morale).toContain('captainKilled')
    },
  ],
  [6, 1, null, untouched],
  [6, 2, 'draughtPlus1', (s, b) => expect(s.draught).toBe(b.draught + 10)],
  [6, 3, null, untouched],
  [6, 4, 'fire56', (s) => expect(s.fire).toEqual({ movesLeft: 4, putOutOn: [5, 6] })],
  [6, 5, 'draughtPlus2', (s, b) => expect(s.draught).toBe(b.draught + 20)],
  [6, 6, 'magazineExplodes', (s) => expect(s.status).toBe('exploded')],
]

describe('§9 L719-795 the critical tables, cell by cell', () => {
  it.each(CASES)('§9 L719-795 table %i result %i: %s', (table, result, effect, check) => {
    const before = battered()
    const r = hitWith(table, result, before)
    expect(r.criticals).toEqual([{ table, result, effect }])
    expect(r.ship.spv).toBe(28)
    check(r.ship, before)
  })

  it('§9 L729-795 every cell of the pack is one of the cases above, and the cases are all 36', () => {
    expect(CASES.length).toBe(36)
    for (const table of ['1', '2', '3', '4', '5', '6'] as const)
      for (const [result, effect] of Object.entries(tables.criticals[table]!).filter(([k]) => k !== 'name'))
        expect(CASES.find((c) => c[0] === Number(table) && c[1] === Number(result))?.[2]).toBe(effect)
  })

  it('§9 L795 table 5 result 6 with the captain already dead: 4 CPV are lost instead', () => {
    const dead = battered()
    dead.captain = { ...dead.captain, alive: false }
    const r = hitWith(5, 6, dead)
    expect(r.ship.cpvLost).toBe(4)
  })

  it('§9 L717 a timed critical on a ship with no spare hands lasts the game (table 3 result 5)', () => {
    const short = battered()
    short.crew = { ...short.crew, spare: 0 }
    expect(hitWith(3, 5, short).ship.effects).toEqual([{ kind: 'maxSpeedMinus', amount: 2, until: 'game' }])
  })
})

describe('§11 L1063-1071 a rammed ship below PV throws on table 6, a 6 sinking her', () => {
  const rammed = (roll: number) =>
    applyRamDamage(battered(), 10, { ...ctx, label: 'ram' }, forced({ 'ram:table6': roll }))
  it.each([
    [1, (s: ShipState) => expect(s.draught).toBe(battered().draught)],
    [2, (s: ShipState) => expect(s.draught).toBe(battered().draught + 10)],
    [3, (s: ShipState) => expect(s.fire).toBeUndefined()],
    [4, (s: ShipState) => expect(s.fire).toEqual({ movesLeft: 4, putOutOn: [5, 6] })],
    [5, (s: ShipState) => expect(s.draught).toBe(battered().draught + 20)],
  ])('§11 L1067-1071 table 6 result %i as for gunfire, the ship afloat at 20 SPV', (roll, check) => {
    const s = rammed(roll)
    expect(s.status).toBe('afloat')
    expect(s.spv).toBe(20)
    expect(s.morale).toContain('rammed')
    check(s)
  })
  it('§11 L1067-1071 table 6 result 6: the magazine row is read as "ship sinks"', () => {
    expect(rammed(6).status).toBe('sunk')
  })
  it('§11 L1065 a ram that takes the last SPV sinks her with no table roll', () => {
    expect(applyRamDamage(battered(), 30, { ...ctx, label: 'ram' }, forced({})).status).toBe('sunk')
  })
})
