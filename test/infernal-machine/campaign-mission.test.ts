import { describe, expect, it } from 'vitest'
import { Decider } from '../../src/games/infernal-machine/decider.ts'
import { applyDoctrine, DEFAULT_DOCTRINE, missionChoices } from '../../src/games/infernal-machine/doctrine.ts'
import { missionAction } from '../../src/games/infernal-machine/missionAction.ts'
import { parseImOrders } from '../../src/games/infernal-machine/orders.ts'
import { campaign, LabelHashDice, pack } from './helpers.ts'

describe('Infernal Machine: a Ship mission from the campaign, with its attack run (p.3-14, p.15-38, p.56-59)', () => {
  it("p.56-59 Charleston: out to Maffitt's Channel, hold, acquire the Gunboat, sink it, then Lost on the way home: Escape, Wreck, prize", () => {
    const c = campaign({
      marque: true,
      pool: { black: 4, red: 0 },
      boat: {
        tiles: ['needle-prow', 'section', 'section', 'chisel-stern'],
        parts: [
          ['long-spar', 0],
          ['medium-charge', 0],
          ['hatch', 1],
          ['steering-link', 1],
          ['ballast-tank', 2],
          ['propeller', 3],
        ],
      },
    })
    c.personae.push({ id: 'doyle', where: 'shop' }, { id: 'thomas', where: 'shop' })
    const ctx = {
      pack,
      dice: new LabelHashDice('k16', { 'spring 1862 mission type': [1] }),
      notes: [] as { rule: string; text: string }[],
    }
    const doctrine = applyDoctrine(
      DEFAULT_DOCTRINE,
      parseImOrders(
        pack,
        'ORDERS moser=STEER\nROUTE back-bay maffitts maffitts mount-pleasant\nTARGET usa-gunboat\nTACTIC DETONATE-AT NEAR',
      ).commands,
    )
    const choices = missionChoices(ctx, doctrine, new Decider({}, new Set(), ctx.notes), () => 'k')
    const order = {
      training: false,
      launch: 'mount-pleasant',
      crew: [
        ['moser', 1],
        ['baird', 1],
        ['doyle', 2],
        ['thomas', 2],
      ] as [string, number][],
    }
    expect(missionAction(ctx, c, order, choices)).toBeNull()
    const key = ctx.notes
      .map((n) => n.text)
      .filter((t) => /^(Mission|Target Check|Approach|Detonation|the fishboat is Lost|Escape Check|home)/.test(t))
    expect(key).toEqual([
      'Mission: ship on the charleston board from mount-pleasant',
      'Mission turn 1',
      'Mission turn 2',
      'Mission turn 3',
      'Target Check on the USA Gunboat: 10 0 icon -1 rain = 9 against 6: acquired',
      'Approach Vector against the USA Gunboat: 8 +0 training, crank strain +3 = 11',
      'Detonation: 3 cubes drawn, black, red, black: 1 Red',
      'Detonation Table (1 Red, medium charge): Big Hole',
      'Mission turn 4',
      'Mission turn 5',
      'the fishboat is Lost: the Navigation card says Lost',
      'Escape Check: 9 -3 against 3: Safe Escape',
      'home: Baird, Martin Thomas; Sick Bay: Moser',
    ])
    expect([c.prizes, c.lost, c.wreck, c.personae.find((p) => p.id === 'moser')!.where]).toEqual([
      15,
      1,
      true,
      'sickBay',
    ])
  })
})
