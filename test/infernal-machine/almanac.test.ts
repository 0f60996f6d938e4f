import { describe, expect, it } from 'vitest'
import { advancementCheck, changeSides, outcome, removeLocations } from '../../src/games/infernal-machine/almanac.ts'
import { fortunes } from '../../src/games/infernal-machine/campaign.ts'
import { parseImOrders } from '../../src/games/infernal-machine/orders.ts'
import { timePhase } from '../../src/games/infernal-machine/seasonEnd.ts'
import { changeLocation } from '../../src/games/infernal-machine/shopActions.ts'
import { campaign, ctx, LabelHashDice, pack, seaworthyHull } from './helpers.ts'

describe('Infernal Machine: the Almanac entries (synthetic, rulings IM-51 to IM-55)', () => {
  it('p.46 a USA shop at a blockade station reads the blockade table of the season, the year irrelevant', () => {
    const usa = campaign({ side: 'USA', location: 'charleston-blockade', commissioned: true })
    const c = ctx({ 'spring 1862 fortunes of war': 2 })
    fortunes(c, usa)
    expect(c.notes.at(-1)!.text).toBe('Fortunes of War (blockade): 2, alert+')
    expect(usa.alert).toBe(1)
    const csa = campaign()
    const d = ctx({ 'spring 1862 fortunes of war': 2 })
    fortunes(d, csa)
    expect(d.notes.at(-1)!.text).toBe('Fortunes of War: 2, funds-2')
  })

  it('p.62 the Assignment Check may send a commissioned USA fishboat to a blockade station', () => {
    const boat = seaworthyHull()
    const usa = campaign({ side: 'USA', location: 'washington', commissioned: true, boat })
    const c = ctx({ 'spring 1862 event': 1, 'spring 1862 assignment': 6 })
    expect(timePhase(c, usa)).toBe(false)
    expect(usa.location).toBe('charleston-blockade')
    expect(c.notes.map((n) => n.text)).toContain('the fishboat is assigned to the Charleston Blockade')
  })

  it('p.39, p.50 Natchez is out of play until New Orleans is removed; the Almanac removes it after Spring 1862', () => {
    const c = campaign({ location: 'new-orleans', funds: 40 })
    expect(changeLocation(ctx(), c, 'natchez')).toBe('Natchez is not in play until New Orleans is removed')
    const spring = ctx()
    removeLocations(spring, c)
    expect([c.removedLocations, c.location]).toEqual([['new-orleans'], 'natchez'])
    expect(spring.notes.map((n) => n.text)).toEqual([
      'Almanac: the New Orleans card is removed',
      'the shop moves to Natchez, the parts with it',
    ])
    const later = campaign({ location: 'selma', funds: 40, removedLocations: ['new-orleans'] })
    expect(changeLocation(ctx({ 'spring 1862 relocation alert': 5 }), later, 'natchez')).toBeNull()
    expect(changeLocation(ctx(), campaign({ removedLocations: ['new-orleans'] }), 'new-orleans')).toMatch(/cannot move/)
  })

  it('p.58 a USA player checks Advancement after each mission; a CSA player does not', () => {
    const usa = campaign({ side: 'USA', training: 1 })
    const c = ctx({ 'spring 1862 advancement': 5 })
    advancementCheck(c, usa, 1)
    expect(usa.advancement).toBe(1)
    expect(c.notes.at(-1)!.text).toBe('Advancement Check: 5 +2 objectives +1 training = 8 against 8: Advancement 1')
    const csa = campaign()
    advancementCheck(ctx(), csa, 1)
    expect(csa.advancement).toBeUndefined()
  })

  it('p.62 Outcomes: 3 an objective, 1 a $20 of funds, 2 an Advancement, less 1 a boat lost, read on the levels', () => {
    expect(outcome({ ...ctx(), pack }, campaign({ funds: 45, objectives: 2, advancement: 1, lost: 1 }))).toEqual({
      score: 9,
      level: 'renowned',
    })
    expect(outcome(ctx(), campaign({ funds: 0, lost: 2 })).level).toBe('forgotten')
  })

  it('Alm CSA p.1 Change Sides: from 1863, an action; the shop goes north uncommissioned, letters and contracts lapse', () => {
    expect(changeSides(ctx(), campaign())).toBe('not before 1863')
    const c = campaign({ year: 1863, marque: true, prices: 2, actionsLeft: 2 })
    c.contracts.push({ id: 'k', pay: 5, expires: 'summer 1863', personae: ['moser'] })
    c.personae.find((p) => p.id === 'moser')!.where = 'contract'
    const north = { pack, dice: new LabelHashDice('north'), notes: [] as { rule: string; text: string }[] }
    expect(changeSides(north, c)).toBeNull()
    // The persona decks are rebuilt from the USA's cards not in the shop, shuffled hidden.
    const usaMechanics = [...pack.personae.values()]
      .filter((p) => p.deck === 'mechanic' && p.sides.includes('USA') && p.id !== 'moser')
      .map((p) => p.id)
    expect([...c.decks.mechanic.drawPile].sort()).toEqual(usaMechanics.sort())
    expect(north.dice.rolls.every((r) => r.audience.kind !== 'public')).toBe(true)
    expect([c.side, c.location, c.marque, c.prices, c.contracts, c.commissioned, c.actionsLeft]).toEqual([
      'USA',
      'brooklyn',
      false,
      0,
      [],
      false,
      0,
    ])
    expect(c.personae.find((p) => p.id === 'moser')!.where).toBe('shop')
    expect(changeSides(ctx(), c)).toBe('only a CSA player changes sides')
    expect(parseImOrders(pack, 'CHANGE SIDES').commands).toEqual([{ kind: 'changesides' }])
    expect(parseImOrders(pack, 'CHANGE HATS').errors[0]!.message).toMatch(/^write CHANGE SIDES/)
  })
})
