import { describe, expect, it } from 'vitest'
import { recovery } from '../../src/games/infernal-machine/missionAction.ts'
import { parseImOrders } from '../../src/games/infernal-machine/orders.ts'
import { commission, letter, salvage } from '../../src/games/infernal-machine/shopActions.ts'
import { campaign, ctx, pack, seaworthyHull, trainingMission } from './helpers.ts'

const hull = seaworthyHull()

describe('Infernal Machine: paying after the roll (p.52, p.55) and campaign checks (p.59, p.61)', () => {
  it('p.52 Greased Palms: $5 re-rolls the lower die while the roll fails and the budget lasts', () => {
    const camp = campaign({ side: 'USA', location: 'boston', funds: 30, boat: hull })
    const c = ctx({
      'commission die 1': 2,
      'commission die 2': 9,
      'commission re-roll 1': 4,
      'commission re-roll 2': 10,
    })
    commission(c, camp, 10)
    expect(c.notes[0]!.text).toBe('Commission: 10+9 +3 = 22 against 19: commissioned')
    expect([camp.funds, camp.commissioned, camp.location]).toEqual([20, true, 'washington'])
  })

  it('p.55 Greased Wheels: +1 for each $5 (+Prices), bought only when they reach the value', () => {
    const camp = campaign({ funds: 40, prices: 1 })
    const c = ctx({ 'letter of marque': 9 })
    letter(c, camp, 'marque', 10, undefined, 2)
    // 9 +1 investor = 10 against 12: two Greased Wheels at $6 each.
    expect(c.notes[0]!.text).toBe('Letter of marque: 9 +1 +2 Greased Wheels against 12: granted')
    expect([camp.marque, camp.funds]).toEqual([true, 40 - 11 - 12])
    const short = campaign({ funds: 40 })
    letter(ctx({ 'letter of marque': 5 }), short, 'marque', 10, undefined, 2)
    expect([short.marque, short.funds]).toEqual([false, 30])
  })

  it('p.52, p.55 Persistence: +1 for 3 Black cubes, bought only when it turns the roll', () => {
    const camp = campaign({ funds: 40, pool: { black: 3, red: 0 } })
    const c = ctx({ 'letter of marque': 10 })
    letter(c, camp, 'marque', 10, undefined, 0, 'cubes')
    expect(c.notes[0]!.text).toBe('Letter of marque: 10 +1 +1 Persistence against 12: granted')
    expect(camp.pool.black).toBe(0)
    const usa = campaign({ side: 'USA', location: 'boston', boat: hull, actionsLeft: 2 })
    const u = ctx({ 'commission die 1': 9, 'commission die 2': 6 })
    commission(u, usa, 0, 'action')
    expect([u.notes[0]!.text, usa.actionsLeft, usa.commissioned]).toEqual([
      'Commission: 9+6 +3 +1 Persistence = 19 against 19: commissioned',
      0,
      true,
    ])
  })

  it('p.61 a commissioned USA player salvages by the die, free, the parts taken in the order listed', () => {
    const camp = campaign({ side: 'USA', commissioned: true, wreck: true, boat: hull })
    salvage(ctx({ 'salvage parts': 2 }), camp, ['propeller', 'hatch', 'needle-prow'], true)
    expect([camp.funds, camp.boat]).toEqual([
      20,
      {
        tiles: [],
        parts: [
          ['hatch', 1],
          ['propeller', 2],
        ],
      },
    ])
  })

  it('p.59 Repair Checks: even keeps the mechanism, odd loses it; Mastery (expertise 15) keeps an even die of two', () => {
    const m = trainingMission()
    m.boat.parts.find((p) => p.kind === 'propeller')!.malfunctions = 1
    const plain = campaign({ boat: { tiles: m.boat.tiles, parts: [['propeller', 3]] } })
    recovery(ctx({ 'repair check propeller 1': 3 }), plain, m)
    expect(plain.boat.parts).toEqual([])
    const master = campaign({ boat: { tiles: m.boat.tiles, parts: [['propeller', 3]] } })
    master.personae.push(
      { id: 'kroehl', where: 'shop' },
      { id: 'leavitt', where: 'shop' },
      { id: 'alexander', where: 'shop' },
    )
    recovery(ctx({ 'repair check propeller 1': 3, 'repair check propeller 1 mastery': 6 }), master, m)
    expect(master.boat.parts).toEqual([['propeller', 3]])
  })

  it('digest 5.3 the orders for these options', () => {
    const p = parseImOrders(
      pack,
      'COMMISSION REROLL 15\nLETTER MARQUE PAY 10 GREASE 2 PERSIST CUBES\nSALVAGE ROLL KEEP hatch,propeller',
    )
    expect(p.commands).toEqual([
      { kind: 'commission', budget: 15, persist: null },
      { kind: 'letter', letter: 'marque', paid: 10, grease: 2, persist: 'cubes' },
      { kind: 'salvage', keep: ['hatch', 'propeller'], roll: true },
    ])
  })
})
