// Every cell of the firing table (rulebook §9 L595-601) and every row of the gunfire damage table
// (§9 L659-691, the alternate-move guns of L615-621), shot by shot. Every table case is tested.
import { describe, expect, it } from 'vitest'
import { PUBLIC } from '../../src/games/contract.ts'
import { type RangeClass, readyToFire, resolveShot } from '../../src/games/river-coastal/gunnery.ts'
import { forced, tables } from './helpers.ts'

const shot = (gunType: string, range: number) => ({
  label: 'shot',
  gunType,
  range,
  smallTarget: false,
  bowOrStern: false,
  captainBonus: 0,
  sloped: false,
  audience: PUBLIC,
})
const A_GUN: Record<RangeClass, string> = { howitzer: 'how12', smoothbore: 'sb32', rifle: 'r20' }

// §9 L597-601 as printed: [band, from, to (inches), lowest face that hits]
const FIRING: Record<RangeClass, [string, number, number, number][]> = {
  howitzer: [
    ['close', 0, 4, 4],
    ['medium', 4, 8, 5],
    ['long', 8, 12, 6],
  ],
  smoothbore: [
    ['close', 0, 8, 4],
    ['medium', 8, 12, 5],
    ['long', 12, 20, 6],
  ],
  rifle: [
    ['close', 0, 12, 3],
    ['medium', 12, 20, 4],
    ['long', 20, 28, 5],
  ],
}

describe('§9 L595-601 the firing table, cell by cell', () => {
  for (const cls of Object.keys(FIRING) as RangeClass[])
    for (const [band, from, to, hitOn] of FIRING[cls])
      it(`§9 L597-601 ${cls} ${band} (${from}"-${to}", top inclusive by ruling RC-25) hits on ${hitOn}+`, () => {
        for (const range of [from * 1000 + 1, to * 1000]) {
          const hit = resolveShot(shot(A_GUN[cls], range), forced({ 'shot:hit': hitOn }), tables)
          expect(hit).toMatchObject({ band, needed: hitOn, hit: true })
          if (hitOn > 1)
            expect(resolveShot(shot(A_GUN[cls], range), forced({ 'shot:hit': hitOn - 1 }), tables).hit).toBe(false)
        }
      })

  it('§9 L597-601 the pack holds exactly these cells', () => {
    for (const cls of Object.keys(FIRING) as RangeClass[])
      expect(tables.rangeBands[cls]).toEqual(
        FIRING[cls].map(([band, , maxInches, hitOn]) => ({ band, maxInches, hitOn })),
      )
  })

  it.each(['howitzer', 'smoothbore', 'rifle'] as RangeClass[])(
    '§9 L601 ruling RC-25 a %s beyond its long range does not fire',
    (cls) => {
      const beyond = FIRING[cls][2]![2] * 1000 + 1
      expect(resolveShot(shot(A_GUN[cls], beyond), forced({}), tables)).toMatchObject({ band: null, hit: false })
    },
  )
})

// §9 L659-691 restated (ruling RC-26 for the 64-pdr, 84-pdr and 100-pdr): [gun, range class, damage, alternate]
const DAMAGE: [string, RangeClass, number, boolean][] = [
  ['how12', 'howitzer', 2, false],
  ['how24', 'howitzer', 2, false],
  ['r10', 'rifle', 2, false],
  ['r20', 'rifle', 4, false],
  ['r30', 'rifle', 4, false],
  ['r32', 'rifle', 4, false],
  ['sb32', 'smoothbore', 4, false],
  ['sb6in', 'smoothbore', 4, false],
  ['sb8_9', 'smoothbore', 6, false],
  ['r42', 'rifle', 6, false],
  ['sb50', 'smoothbore', 6, false],
  ['r64', 'rifle', 6, false],
  ['sb11', 'smoothbore', 8, true],
  ['sb100', 'rifle', 8, true],
  ['r84', 'rifle', 8, true],
  ['r6_4', 'rifle', 8, true],
  ['r7', 'rifle', 8, true],
  ['sb15', 'smoothbore', 10, true],
  ['r150', 'rifle', 10, true],
]

describe('§9 L659-691 the gunfire damage table, gun by gun', () => {
  it.each(DAMAGE)('§9 L659-691 %s (%s ranges) hits for %i; alternate moves only: %s', (gun, cls, damage, alternate) => {
    expect(tables.guns[gun]!.range).toBe(cls)
    const hit = resolveShot(shot(gun, 1000), forced({ 'shot:hit': 6 }), tables)
    expect(hit).toMatchObject({ hit: true, damage })
    // §9 L657: angled or curved armour halves it, rounded down
    const sloped = resolveShot({ ...shot(gun, 1000), sloped: true }, forced({ 'shot:hit': 6 }), tables)
    expect(sloped.damage).toBe(Math.floor(damage / 2))
    // §9 L615-621: fired on move 4, an alternate-move gun waits for move 6
    expect(readyToFire(gun, 4, 5, tables)).toBe(!alternate)
    expect(readyToFire(gun, 4, 6, tables)).toBe(true)
  })

  it('§9 L659-691 every gun of the pack is one of the rows above', () => {
    expect(Object.keys(tables.guns).sort()).toEqual(DAMAGE.map((d) => d[0]).sort())
  })
})
