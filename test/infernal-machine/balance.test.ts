// The synthetic pack's balance (README "Data provenance", ruling IM-49): seeded missions flown
// under a careful doctrine must survive and succeed within the stated bands. The dice follow from
// each seed, so the rates are fixed numbers; a pack change that makes missions hopeless (or
// harmless) moves them out of the band and fails here.
import { describe, expect, it } from 'vitest'
import { Decider } from '../../src/games/infernal-machine/decider.ts'
import { applyDoctrine, DEFAULT_DOCTRINE, missionChoices } from '../../src/games/infernal-machine/doctrine.ts'
import { missionAction } from '../../src/games/infernal-machine/missionAction.ts'
import { parseImOrders } from '../../src/games/infernal-machine/orders.ts'
import { campaign, LabelHashDice, pack } from './helpers.ts'

const N = 100
const armedBoat = {
  tiles: ['needle-prow', 'section', 'section', 'chisel-stern'],
  parts: [
    ['long-spar', 0],
    ['medium-charge', 0],
    ['hatch', 1],
    ['steering-link', 1],
    ['ballast-tank', 2],
    ['propeller', 3],
  ] as [string, number][],
}

interface Plan {
  location: string
  launch: string
  training: boolean
  black: number
  crew: [string, number][]
  doctrine: string
}

/** A Training-board run: four men, 2 Black, out to the Channel awash, surface, back to the Wharf. */
const TRAINING: Plan = {
  location: 'selma',
  launch: 'wharf',
  training: true,
  black: 2,
  crew: [
    ['moser', 1],
    ['baird', 1],
    ['doyle', 2],
    ['thomas', 2],
  ],
  doctrine: 'ORDERS moser=STEER doyle=MECH:ballastTank\nROUTE channel@1 channel@0 wharf',
}

/**
 * A Ship mission at Charleston: a full crew of six (strength 7 against weight 3: grade B, p.20-21),
 * 3 Black, out to Maffitt's Channel, one turn holding there for the Gunboat, home; detonate at Near
 * with the concussion crank at Full (p.7).
 */
const SHIP: Plan = {
  location: 'charleston',
  launch: 'mount-pleasant',
  training: false,
  black: 3,
  crew: [
    ['merriam', 0],
    ['moser', 1],
    ['baird', 1],
    ['doyle', 2],
    ['thomas', 2],
    ['wilson', 3],
  ],
  doctrine:
    'ORDERS moser=STEER doyle=MECH:ballastTank\nROUTE back-bay maffitts maffitts back-bay mount-pleasant\nTARGET usa-gunboat\nTACTIC DETONATE-AT NEAR\nCONCUSSION FULL',
}

function fly(plan: Plan, seed: string) {
  const c = campaign({
    marque: true,
    location: plan.location,
    pool: { black: plan.black, red: 0 },
    boat: structuredClone(armedBoat),
  })
  for (const [id] of plan.crew) if (!c.personae.some((p) => p.id === id)) c.personae.push({ id, where: 'shop' })
  // The Almanac's Ship row for Charleston (a 1 on the mission-type die) so every seed is a Ship mission.
  const ctx = {
    pack,
    dice: new LabelHashDice(seed, { 'spring 1862 mission type': [1] }),
    notes: [] as { rule: string; text: string }[],
  }
  const doctrine = applyDoctrine(DEFAULT_DOCTRINE, parseImOrders(pack, plan.doctrine).commands)
  const choices = missionChoices(ctx, doctrine, new Decider({}, new Set(), ctx.notes), () => seed)
  const refused = missionAction(ctx, c, { training: plan.training, launch: plan.launch, crew: plan.crew }, choices)
  expect(refused).toBeNull()
  return { survived: c.lost === 0, bigHole: (c.objectives ?? 0) > 0 }
}

function rates(plan: Plan) {
  const runs = Array.from({ length: N }, (_, i) => fly(plan, `balance-${i}`))
  return {
    survived: runs.filter((r) => r.survived).length / N,
    bigHole: runs.filter((r) => r.bigHole).length / N,
  }
}

describe('Infernal Machine: the synthetic pack gives a careful player a fair game (IM-49)', () => {
  it('p.15-38, p.43 a Training-board mission is survived at least 85 times in 100', () => {
    expect(rates(TRAINING).survived).toBeGreaterThanOrEqual(0.85)
  })

  it('p.3-14, p.56-59 a Ship mission at Charleston: the boat comes home 45-80 times in 100 and sinks the Gunboat 10-40 times', () => {
    const r = rates(SHIP)
    expect(r.survived).toBeGreaterThanOrEqual(0.45)
    expect(r.survived).toBeLessThanOrEqual(0.8)
    expect(r.bigHole).toBeGreaterThanOrEqual(0.1)
    expect(r.bigHole).toBeLessThanOrEqual(0.4)
  })

  it('p.20-21 the same Ship mission with the old four-man crew (grade C) is far deadlier: crew strength matters', () => {
    const four = rates({ ...SHIP, crew: SHIP.crew.slice(1, 5) })
    expect(four.survived).toBeLessThan(rates(SHIP).survived - 0.1)
  })
})
