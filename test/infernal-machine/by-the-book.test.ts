// Rule cases the Rule Book decides on its own, each named with its page.
import { describe, expect, it } from 'vitest'
import { createInfernalMachine, type ImState } from '../../src/games/infernal-machine/index.ts'
import { LabelledDice } from '../helpers/spec.ts'
import { applyResult, epidemicCheck, income } from '../../src/games/infernal-machine/campaign.ts'
import { recovery } from '../../src/games/infernal-machine/missionAction.ts'
import { build, commission, invest, letter, recruit, salvage } from '../../src/games/infernal-machine/shopActions.ts'
import { purchaseOrder } from '../../src/games/infernal-machine/purchaseOrder.ts'
import { timePhase } from '../../src/games/infernal-machine/seasonEnd.ts'
import {
  applyDoctrine,
  DEFAULT_DOCTRINE,
  missionChoices,
  setupChoices,
} from '../../src/games/infernal-machine/doctrine.ts'
import { type DiscoveryChoices, discoveryPhase, eligibleTargets } from '../../src/games/infernal-machine/discovery.ts'
import { AUTO_CONCUSSION, concussionCheck } from '../../src/games/infernal-machine/detonation.ts'
import { Decider } from '../../src/games/infernal-machine/decider.ts'
import type { Refill } from '../../src/games/infernal-machine/commands.ts'
import { settleContracts } from '../../src/games/infernal-machine/contracts.ts'
import { type Mission, setupMission } from '../../src/games/infernal-machine/mission.ts'
import { parseImOrders } from '../../src/games/infernal-machine/orders.ts'
import { elevationAllowed, maneuver, navigate, navOutcomes } from '../../src/games/infernal-machine/navigation.ts'
import type { TableNavCard } from '../../src/games/infernal-machine/missionPack.ts'
import type { ImPack } from '../../src/games/infernal-machine/pack.ts'
import { AUTO_RESPONSE, enemyResponse } from '../../src/games/infernal-machine/response.ts'
import {
  BLACK,
  campaign,
  ctx,
  LabelHashDice,
  pack,
  seaworthyHull,
  sortie,
  standardBoat,
  trainingMission,
} from './helpers.ts'

/** The pack with one Charleston position's bottom changed. */
function packWithBottom(position: string, bottom: string): ImPack {
  const boards = new Map(pack.boards)
  const b = structuredClone(pack.boards.get('charleston')!)
  const p = b.positions.find((x) => x.id === position)!
  ;(p as { bottom: string }).bottom = bottom
  boards.set('charleston', b)
  return { ...pack, boards }
}

const withDiver = (m: Mission) => {
  m.boat.parts = m.boat.parts.map((p) => (p.kind === 'longSpar' ? { ...p, component: 'diver', kind: 'diver' } : p))
  m.boat.parts.push({ component: 'airlock', kind: 'airlock', space: 2, malfunctions: 0 })
  return m
}

describe('Target Check and the Diver (p.8, p.36)', () => {
  it('p.8 p.36 a Diver boat at the bottom of a below-deep Gunboat position may make no Target Check', () => {
    const m = withDiver(trainingMission({ board: 'charleston', position: 'maffitts', type: 'ship' }))
    m.boat.elevation = 3
    m.boat.crew[0]!.order = { kind: 'steer' }
    const c = { ...ctx(), pack: packWithBottom('maffitts', 'belowDeep') }
    expect(eligibleTargets(c, m)).toEqual([])
    const shallow = withDiver(trainingMission({ board: 'charleston', position: 'maffitts', type: 'ship' }))
    shallow.boat.elevation = 2
    shallow.boat.crew[0]!.order = { kind: 'steer' }
    expect(eligibleTargets(ctx(), shallow)).toEqual(['usa-gunboat'])
  })

  it('p.8 a Full re-roll in Enemy Response recycles the Diver out on the board and his Charge', () => {
    const s = sortie({ pool: { black: 3, red: 0 } })
    s.boat.parts = s.boat.parts.map((p) => (p.kind === 'longSpar' ? { ...p, component: 'diver', kind: 'diver' } : p))
    s.tactical = { target: 'usa-gunboat', vector: '6-10', zone: 'far', rotated: false, turn: 1 }
    s.tactical.diver = { at: 'near', charge: 'carried' }
    const c = ctx({ 'r attack die 1': 2, 'r attack re-roll 1': 9 })
    enemyResponse(c, s, 5, { reroll: () => ({ crank: 'full', dice: [0] }), fateSmiles: () => null }, 'r')
    expect(s.tactical.diver).toBeUndefined()
    expect(s.boat.parts.some((p) => p.kind === 'diver' || p.kind === 'charge')).toBe(false)
  })
})

describe('Drift direction (p.17, p.18 example)', () => {
  it('p.17 SHIFT DIRECTION IF EBB TO FLOOD turns the drift marker 180 degrees for 2 Red cubes', () => {
    const p = parseImOrders(pack, 'SHIFT DIRECTION IF EBB TO FLOOD')
    expect(p.errors).toEqual([])
    const start = {
      side: 'CSA' as const,
      season: 'spring' as const,
      board: 'training',
      launch: 'wharf',
      type: 'training' as const,
      boat: standardBoat(0),
      pool: { black: 0, red: 0 },
      alert: 0,
      training: 0,
    }
    const forced = [
      { label: 'setup visibility', values: 2 },
      { label: 'setup drift', values: 7 },
      { label: 'setup atmospherics', values: 6 },
      { label: 'setup drift direction', values: 1 },
      { label: /deck shuffle/, values: Array(60).fill(1) },
    ]
    const kept = setupMission(ctx(forced), start)
    const m = setupMission(ctx(forced), start, setupChoices(applyDoctrine(DEFAULT_DOCTRINE, p.commands)))
    expect([kept.driftDirection, m.driftDirection, m.pool.red - kept.pool.red]).toEqual(['ebb', 'flood', 2])
  })
})

describe('Obstructions and being dead in the water (p.21, p.25)', () => {
  it('p.25 a boat in an enemy obstruction may move back to the position it entered from, turns later', () => {
    const m = trainingMission({ side: 'USA', board: 'charleston', position: 'mount-pleasant', type: 'ship' })
    m.boat.crew[0]!.order = { kind: 'steer' }
    maneuver(ctx(), m, { to: 'boom' })
    maneuver(ctx(), m, {})
    maneuver(ctx(), m, { to: 'mount-pleasant' })
    expect(m.position).toBe('mount-pleasant')
  })

  it('p.21 p.25 a boat dead in the water may neither move nor use the Dive Planes', () => {
    const m = trainingMission({ board: 'training', position: 'channel' })
    m.boat.elevation = 1
    m.boat.parts.push({ component: 'dive-planes', kind: 'divePlanes', space: 2, malfunctions: 0 })
    m.boat.crew[0]!.order = { kind: 'steer' }
    m.boat.crew[2]!.order = { kind: 'mech', mechanism: 'divePlanes' }
    expect(elevationAllowed(ctx(), m, 2)).toBe(true)
    m.boat.parts.find((p) => p.kind === 'steeringLink')!.malfunctions = 3
    expect(elevationAllowed(ctx(), m, 2)).toBe(false)
    expect(() => maneuver(ctx(), m, { to: 'wharf' })).toThrow(/dead in the water/)
    expect(m.position).toBe('channel')
  })

  it('p.15 p.29 a grounded boat is recorded at the bottom, never below it', () => {
    const m = trainingMission({ board: 'training', position: 'channel' })
    m.boat.elevation = 2
    m.boat.parts.push({ component: 'dive-planes', kind: 'divePlanes', space: 2, malfunctions: 0 })
    m.boat.crew[2]!.order = { kind: 'mech', mechanism: 'divePlanes' }
    maneuver(ctx(), m, { elevation: 1 })
    expect([m.lost, m.boat.elevation]).toEqual(['aground with no Keel Weights to cut', 2])
  })
})

describe('An engine not operated (p.21)', () => {
  it('p.21 an engine not operated gives grade E and no move', () => {
    const m = trainingMission({ board: 'training', position: 'wharf' })
    m.boat.parts.push({ component: 'magnetic-engine', kind: 'magneticEngine', space: 2, malfunctions: 0 })
    m.boat.crew[0]!.order = { kind: 'steer' }
    m.baseGrade = 'B'
    const card = pack.mission.navCards.find((c) => c.id === 'N01') as TableNavCard
    const { out } = navOutcomes(ctx(), m, card)
    expect([out.easy.grade, out.full.grade, out.strain.grade]).toEqual(['E', 'E', 'E'])
    expect(() => maneuver(ctx(), m, { to: 'channel' })).toThrow(/dead in the water/)
    m.boat.crew[2]!.order = { kind: 'mech', mechanism: 'magneticEngine' }
    expect(navOutcomes(ctx(), m, card).out.easy.grade).toBe('B')
    maneuver(ctx(), m, { to: 'channel' })
    expect(m.position).toBe('channel')
  })
})

describe('Locate Passage (p.36-37)', () => {
  const choices = (over: Partial<DiscoveryChoices> = {}): DiscoveryChoices => ({
    ...AUTO_RESPONSE,
    ...AUTO_CONCUSSION,
    approach: () => 'easy',
    detonate: () => true,
    move: () => 'stay',
    targetChecks: (_m, eligible) => [...eligible],
    attack: () => false,
    panicSpaceMechanism: (_m, options) => options[0]!,
    ...over,
  })
  const inBoom = () => {
    const m = trainingMission({ side: 'USA', board: 'charleston', position: 'boom', type: 'ship' })
    m.boat.crew[0]!.order = { kind: 'steer' }
    m.discoveryDeck = { drawPile: ['D03'], discards: [], reshuffles: 0 }
    return m
  }

  it('p.37 Locate Passage is offered at the surface, where no target icon may be checked', () => {
    const m = inBoom()
    m.boat.elevation = 0
    m.boat.parts = m.boat.parts.map((p) =>
      p.kind === 'longSpar' ? { ...p, component: 'tow-cord', kind: 'towCord' } : p,
    )
    expect(eligibleTargets(ctx(), m)).toEqual([])
    let offered = false
    const c = ctx({ 'turn 1 discovery detection': 10, 'turn 1 locate passage': 10 })
    discoveryPhase(
      c,
      m,
      choices({
        targetChecks: (_m, _e, mayLocate) => {
          offered = mayLocate
          return 'passage'
        },
      }),
    )
    expect([offered, m.passages]).toEqual([true, ['boom']])
  })

  /** The pack with the Harbor Boom's obstruction icon at a modifier of its own. */
  const boomIcon = (modifier: number): ImPack => {
    const boards = new Map(pack.boards)
    const b = structuredClone(pack.boards.get('charleston')!)
    const p = b.positions.find((x) => x.id === 'boom')!
    ;(p as { targets: { marker: string; modifier: number }[] }).targets = [{ marker: 'csa-obstruction', modifier }]
    boards.set('charleston', b)
    return { ...pack, boards }
  }
  const locate = (roll: number, steersman: string, modifier: number) => {
    const m = inBoom()
    m.boat.elevation = 0
    m.atmospherics = 'haze'
    m.boat.crew[0]!.id = steersman
    const c = { ...ctx({ 'turn 1 discovery detection': 10, 'turn 1 locate passage': roll }), pack: boomIcon(modifier) }
    discoveryPhase(c, m, choices({ targetChecks: () => 'passage' }))
    return {
      located: m.passages.includes('boom'),
      note: c.notes.find((n) => n.text.startsWith('Locate Passage'))?.text,
    }
  }

  it('p.36-37 the Locate Passage roll takes the Target Check modifiers: the obstruction icon and the atmospherics', () => {
    // D03 at the surface in bright visibility: a Target Value of 3. A 4 would do unmodified; -2 icon, -1 haze fail it.
    expect(locate(4, 'moser', 0)).toEqual({
      located: true,
      note: 'Locate Passage: 4 0 icon -1 haze = 3 against 3: passage located',
    })
    expect(locate(4, 'moser', -2)).toEqual({
      located: false,
      note: 'Locate Passage: 4 -2 icon -1 haze = 1 against 3: not found',
    })
  })

  it('p.36-37 Kroehl steering from the Steering Link space adds +2 to the Locate Passage roll', () => {
    expect(locate(4, 'kroehl', -2)).toEqual({
      located: true,
      note: 'Locate Passage: 4 -2 icon -1 haze +2 steersman = 3 against 3: passage located',
    })
  })

  it('p.36 one Target Check per icon, however often the plan names it', () => {
    const m = inBoom()
    m.boat.elevation = 2
    const c = ctx({ 'turn 1 discovery detection': 10, 'turn 1 target check csa-obstruction': [1, 1, 1] })
    discoveryPhase(c, m, choices({ targetChecks: () => ['csa-obstruction', 'csa-obstruction', 'csa-obstruction'] }))
    expect(c.dice.rolls.filter((r) => r.label.includes('target check')).length).toBe(1)
  })
})

describe('Money (p.46, p.47, p.54)', () => {
  it('p.42 p.46 a CSA payment in Fortunes of War is adjusted by Prices: $3 at +2 from $2 is $3 in debt', () => {
    const c = campaign({ funds: 2, prices: 2 })
    applyResult(ctx(), c, 'funds-3', 'fortunes of war', true)
    expect(c.funds).toBe(-3)
  })

  it('p.47 a player in debt may still sell a part in a Build', () => {
    const c = campaign({ funds: -3, boat: { tiles: ['needle-prow', 'section', 'blunt-stern'], parts: [] } })
    expect(build(ctx(), c, { tiles: [], parts: [], sell: ['blunt-stern'] })).toBeNull()
    expect([c.funds, c.boat.tiles]).toEqual([-2, ['needle-prow', 'section']])
  })

  it('p.54 a $0 stake is always allowed in debt', () => {
    const c = campaign({ funds: -2 })
    expect(invest(ctx({ 'spring 1862 investment': 5 }), c, 0, false)).toBeNull()
  })
})

describe('Influence and Assignment (p.48, p.51, p.55, p.62)', () => {
  it('p.55 an Investor assigned to a Contract gives no Influence', () => {
    const paid = pack.campaign.letterOfMarque[0]!.paid
    const note = (where: 'shop' | 'contract') => {
      const c = ctx({ 'letter of marque': 3 })
      letter(c, campaign({ year: 1862, funds: 50, personae: [{ id: 'biederman', where }] }), 'marque', paid)
      return c.notes.find((n) => n.rule === 'p.55')!.text
    }
    expect(note('shop')).toMatch(/^Letter of marque: 3 \+1 /)
    expect(note('contract')).toMatch(/^Letter of marque: 3 \+0 /)
  })

  it('p.48 p.51 an Investor on a Contract adds nothing to a Purchase Order or a Commission roll', () => {
    const hull = seaworthyHull()
    const usa = (where: 'shop' | 'contract', commissioned: boolean) =>
      campaign({ side: 'USA', location: 'boston', commissioned, boat: hull, personae: [{ id: 'price', where }] })
    const order = (where: 'shop' | 'contract') => {
      const x = ctx({ 'purchase order die 1': 5, 'purchase order die 2': 5 })
      purchaseOrder(x, usa(where, true), ['hatch'], false, 0)
      return x.notes.find((n) => n.rule === 'p.48')!.text
    }
    expect(order('shop')).toMatch(/^Purchase Order for 1 part\(s\): 5\+5, modified 11:/)
    expect(order('contract')).toMatch(/^Purchase Order for 1 part\(s\): 5\+5, modified 10:/)
    const seek = (where: 'shop' | 'contract') => {
      const x = ctx({ 'commission die 1': 1, 'commission die 2': 1 })
      commission(x, usa(where, false))
      return x.notes.find((n) => n.rule === 'p.52')!.text
    }
    // Seaworthy +2 either way; Augusta Price adds her +1 only from the shop.
    expect(seek('shop')).toMatch(/^Commission: 1\+1 \+3 = 5 /)
    expect(seek('contract')).toMatch(/^Commission: 1\+1 \+2 = 4 /)
  })

  it('p.62 a commissioned USA boat that is not seaworthy is assigned to Washington with no Assignment roll', () => {
    const c = campaign({ side: 'USA', commissioned: true, location: 'boston', boat: { tiles: [], parts: [] } })
    const x = ctx({ 'spring 1862 event': 1 })
    timePhase(x, c, { doctor: () => false, acceptAssignment: () => false })
    expect(c.location).toBe('washington')
    expect(x.dice.rolls.map((r) => r.label)).toEqual(['spring 1862 event'])
  })

  it('p.62 a commissioned USA player with a Wreck in play is assigned to Washington with no Assignment roll', () => {
    const wrecked = (wreck: boolean) => {
      const boat = seaworthyHull()
      const c = campaign({ side: 'USA', commissioned: true, location: 'boston', wreck, boat })
      const x = ctx({ 'spring 1862 event': 1, 'spring 1862 assignment': 1 })
      timePhase(x, c, { doctor: () => false, acceptAssignment: () => false })
      return { c, labels: x.dice.rolls.map((r) => r.label), notes: x.notes.map((n) => n.text) }
    }
    const w = wrecked(true)
    expect([w.c.location, w.labels]).toEqual(['washington', ['spring 1862 event']])
    expect(w.notes).toContain('a Wreck is in play: assigned to Washington')
    // The same seaworthy boat with no Wreck rolls for its Assignment.
    expect(wrecked(false).labels).toEqual(['spring 1862 event', 'spring 1862 assignment'])
  })
})

describe('Sick Bay (p.61)', () => {
  it('p.61 an investor in Sick Bay pays no Winter infusion; one on a Contract still does (IM-44)', () => {
    const winter = (where: 'shop' | 'contract' | 'sickBay') => {
      const c = campaign({ season: 'winter', funds: 0, personae: [{ id: 'sigourney', where }] })
      income(ctx(), c)
      return c.ledger.some((l) => l.includes('infusion sigourney'))
    }
    expect([winter('shop'), winter('contract'), winter('sickBay')]).toEqual([true, true, false])
  })
})

describe('Epidemic and Shuttered (p.62)', () => {
  const shop = () =>
    campaign({
      personae: [
        { id: 'biederman', where: 'shop' },
        { id: 'moser', where: 'shop' },
        { id: 'baird', where: 'shop' },
        { id: 'doyle', where: 'sickBay' },
        { id: 'merriam', where: 'shop' },
      ],
    })

  it('p.62 Sick Bay is emptied first, then that many fall sick and one of them dies', () => {
    const c = shop()
    // Investors are persona cards too: Biederman is among the four drawn from.
    const x = ctx({ 'spring 1862 epidemic': 7, 'epidemic victim 1': 2, 'epidemic victim 2': 2, 'epidemic death': 2 })
    epidemicCheck(x, c)
    expect(c.personae.map((p) => [p.id, p.where])).toEqual([
      ['biederman', 'shop'],
      ['moser', 'sickBay'],
      ['merriam', 'shop'],
    ])
  })

  it('p.62 Shuttered recycles the contracts and bars Build and Recruit this season', () => {
    const c = shop()
    c.personae[1]!.where = 'contract'
    c.contracts = [{ id: 'k1', pay: 5, expires: 'autumn 1862', personae: ['moser'] }]
    epidemicCheck(ctx({ 'spring 1862 epidemic': 10 }), c)
    expect([c.contracts, c.personae.find((p) => p.id === 'moser')!.where]).toEqual([[], 'shop'])
    expect(build(ctx(), c, { tiles: ['needle-prow'], parts: [], sell: [] })).toMatch(/shuttered/)
    expect(recruit(ctx(), c, 'mechanic', () => true)).toMatch(/shuttered/)
  })

  const onContract = (refill?: Refill) => {
    const c = shop()
    c.personae[1]!.where = 'contract'
    c.contracts = [{ id: 'c2', pay: 2, expires: 'autumn 1862', personae: ['moser'] }]
    c.personae[1]!.where = 'sickBay'
    const x = ctx()
    settleContracts(x, c, refill)
    return { c, text: x.notes.map((n) => n.text) }
  }

  it('p.53 p.62 a Contract whose persona falls sick is filled from the shop at once: AUTO, non-investors first', () => {
    // c2 needs expertise 2; Moser (2) is in Sick Bay; Baird and Merriam (1 each) cover it, Biederman (investor) stays.
    const { c, text } = onContract()
    expect(c.contracts[0]!.personae).toEqual(['merriam', 'baird'])
    expect(c.personae.filter((p) => p.where === 'contract').map((p) => p.id)).toEqual(['baird', 'merriam'])
    expect(text).toEqual(['contract c2 loses Moser; Merriam, Baird take the place'])
  })

  it('p.62 REFILL NONE (the player keeps no one on it) recycles the Contract, without the penalty', () => {
    const { c, text } = onContract('none')
    expect(c.contracts).toEqual([])
    expect(c.personae.some((p) => p.where === 'contract')).toBe(false)
    expect(text).toEqual(['contract c2 loses Moser: expertise 2 not met, the contract is recycled (no penalty)'])
    // A list too short for the expertise recycles it as well; the one named stays in the shop.
    expect(onContract(['baird']).c.contracts).toEqual([])
    expect(onContract(['baird']).c.personae.find((p) => p.id === 'baird')!.where).toBe('shop')
  })

  it('p.53 the personae left on a Contract that still meet it keep it; an Epidemic death is settled the same way', () => {
    const c = shop()
    for (const p of c.personae) if (p.id === 'moser' || p.id === 'baird') p.where = 'contract'
    c.contracts = [{ id: 'c2', pay: 2, expires: 'autumn 1862', personae: ['moser', 'baird'] }]
    // Sick Bay (Doyle) dies first; then two fall sick, Baird and Merriam, and Baird dies.
    const x = ctx({ 'spring 1862 epidemic': 7, 'epidemic victim 1': 3, 'epidemic victim 2': 3, 'epidemic death': 1 })
    epidemicCheck(x, c)
    settleContracts(x, c, 'auto')
    expect(c.contracts[0]!.personae).toEqual(['moser'])
    expect(x.notes.at(-1)!.text).toBe('contract c2 loses Baird; those left still meet it')
  })

  it('p.62 REFILL reads AUTO, NONE or personae in order of choice', () => {
    expect(parseImOrders(pack, 'REFILL Baird,merriam').commands).toEqual([
      { kind: 'refill', pick: ['baird', 'merriam'] },
    ])
    expect(parseImOrders(pack, 'REFILL none').commands).toEqual([{ kind: 'refill', pick: 'none' }])
    expect(parseImOrders(pack, 'REFILL').errors[0]!.message).toMatch(/^REFILL needs a persona/)
  })
})

describe('Season end: Recovery (p.58)', () => {
  it('p.58 step 2 the cubes a new Investor brought at the Training Level check stay in the pool', () => {
    const c = campaign({ training: 0, pool: { black: 3, red: 1 } })
    c.decks.investor = { drawPile: ['sigourney'], discards: [], reshuffles: 0 }
    const m = trainingMission({ farthest: 1, reachedBelowShallow: true, pool: { black: 4, red: 0 } })
    recovery(ctx(), c, m)
    expect([c.training, c.personae.some((p) => p.id === 'sigourney'), c.pool]).toEqual([1, true, { black: 1, red: 0 }])
  })
})

describe('Repairs and salvage (p.59, p.61)', () => {
  it('p.59 a Repair Check the funds cannot pay recycles the mechanism and its marker', () => {
    const c = campaign({
      funds: 0,
      boat: {
        tiles: ['needle-prow', 'section', 'section', 'chisel-stern'],
        parts: [
          ['hatch', 1],
          ['steering-link', 1],
          ['propeller', 3],
        ],
      },
    })
    const m = trainingMission()
    m.boat.parts.find((p) => p.kind === 'propeller')!.malfunctions = 1
    const x = ctx()
    recovery(x, c, m)
    expect(c.boat.parts.map(([id]) => id)).toEqual(['hatch', 'steering-link'])
    expect(x.notes.map((n) => n.text)).toContain(
      'no funds for the Repair Check: the propeller and its marker are recycled',
    )
  })

  it('p.61 Salvage keeps exactly as many parts as are named: one Section of two', () => {
    const c = campaign({
      funds: 20,
      wreck: true,
      boat: { tiles: ['needle-prow', 'section', 'section', 'chisel-stern'], parts: [] },
    })
    expect(salvage(ctx(), c, ['section'])).toBeNull()
    expect(c.boat.tiles).toEqual(['section'])
  })
})

describe('The crank (p.26)', () => {
  it('p.26 the crank request shows the whole card: both rows and the lower register', () => {
    const m = trainingMission({ navDeck: { drawPile: ['N01'], discards: [], reshuffles: 0 } })
    const c = ctx()
    const decider = new Decider({}, new Set(['navcrank']), c.notes)
    navigate(
      c,
      m,
      missionChoices(c, DEFAULT_DOCTRINE, decider, () => 'k'),
    )
    const q = decider.requests[0]!.question
    expect(q).toContain('with the drift: A -, B -, C drift, D drift, E lost')
    expect(q).toContain('not with: A -, B -, C drift, D lost, E lost')
    expect(q).toMatch(/lower register: \S/)
  })
})

describe('Concussion cubes, the player stops (p.7)', () => {
  const run = (orders: string) => {
    const d = applyDoctrine(DEFAULT_DOCTRINE, parseImOrders(pack, orders).commands)
    const s = sortie({ pool: { black: 6, red: 0 } })
    s.tactical = { target: 'usa-gunboat', vector: '6-10', zone: 'contact', rotated: false, turn: 1 }
    const c = ctx({ concussion: 5, 'concussion cube 1': BLACK, 'concussion cube 2': BLACK, 'concussion cube 3': BLACK })
    const decider = new Decider({}, new Set(), c.notes)
    const safe = concussionCheck(
      c,
      s,
      8,
      missionChoices(c, d, decider, () => 'k'),
    )
    return [safe, 6 - s.pool.black]
  }

  it('p.7 CUBES STOP AT SAFE (the default) draws until the value is reached', () => {
    expect(run('')).toEqual([true, 3])
    expect(run('CUBES STOP AT SAFE')).toEqual([true, 3])
  })

  it('p.7 CUBES STOP AT <total> stops where the player said, even short of the value', () => {
    expect(run('CUBES STOP AT 7')).toEqual([false, 2])
  })
})

describe('A season through the resolution: an Epidemic takes a Contract persona (p.44-46, p.53, p.61-62)', () => {
  const rules = createInfernalMachine(pack)
  const start = (): ImState => ({
    ...rules.setup('campaign-csa', {}, { id: '', hash: '', content: null }, new LabelHashDice()),
    phase: 'income',
    campaign: campaign({
      personae: [
        { id: 'biederman', where: 'shop' },
        { id: 'moser', where: 'contract' },
        { id: 'baird', where: 'shop' },
        { id: 'doyle', where: 'sickBay' },
        { id: 'merriam', where: 'shop' },
      ],
      contracts: [{ id: 'c2', pay: 2, expires: 'autumn 1862', personae: ['moser'] }],
    }),
  })
  // Fortunes of War 9 in Spring: an Epidemic. Doyle dies in Sick Bay; a 7 sends two to Sick Bay,
  // Moser (on the Contract) and Biederman, and Biederman dies; the Event Check finds nothing.
  const forced = {
    'spring 1862 fortunes of war': 9,
    'spring 1862 epidemic': 7,
    'epidemic victim 1': 2,
    'epidemic victim 2': 1,
    'epidemic death': 2,
    'sick bay moser': 3,
    'spring 1862 event': 1,
  }
  const season = (orders: string) => {
    const s = start()
    const parsed = rules.parseOrders(s, 'captain', orders)
    expect(parsed.errors).toEqual([])
    const dice = new LabelledDice(Object.entries(forced).map(([label, values]) => ({ label, values })))
    const step = rules.resolve(s, { orders: { captain: parsed.commands }, decisions: {} }, dice)
    expect(dice.unused()).toEqual([])
    return { step, c: step.state.campaign!, texts: step.narrative.map((n) => n.text) }
  }

  it('p.53 p.62 the REFILL standing order fills the place in the same resolution, and the Contract pays next Income', () => {
    const { step, c, texts } = season('REFILL merriam,baird\nINVEST 0')
    // The Contract is settled as soon as the Epidemic's step ends, before the actions and the Time Phase.
    expect(texts.filter((t) => /pidemic|Sick Bay|Fortunes|contract/.test(t))).toEqual([
      'Fortunes of War: 9, epidemic',
      'Doyle dies in Sick Bay of the epidemic',
      'Epidemic Check: 7, 2',
      'Moser to Sick Bay',
      'Biederman dies of the epidemic',
      'contract c2 loses Moser; Merriam, Baird take the place',
      'Sick Bay: Moser rolls 3, 7: stays',
    ])
    expect(c.contracts).toEqual([{ id: 'c2', pay: 2, expires: 'autumn 1862', personae: ['merriam', 'baird'] }])
    expect(c.personae.map((p) => [p.id, p.where])).toEqual([
      ['moser', 'sickBay'],
      ['baird', 'contract'],
      ['merriam', 'contract'],
    ])
    expect([c.year, c.season, step.state.phase]).toEqual([1862, 'summer', 'income'])
    // The next resolution's Income pays the Contract that was kept.
    const next = rules.resolve(step.state, { orders: { captain: [] }, decisions: {} }, new LabelHashDice())
    const paid = next.state.campaign!.ledger.filter((l) => /c2/.test(l)).map((l) => l.replace(/ \(funds.*/, ''))
    expect(paid).toEqual(['spring 1862: +$2 contract c2', 'summer 1862: +$2 contract c2'])
  })

  it('p.53 p.62 with REFILL NONE the Contract is recycled in the resolution, its persona back in the shop', () => {
    const { c, texts } = season('REFILL NONE\nINVEST 0')
    expect(texts).toContain('contract c2 loses Moser: expertise 2 not met, the contract is recycled (no penalty)')
    expect(c.contracts).toEqual([])
    expect(c.personae.some((p) => p.where === 'contract')).toBe(false)
  })
})
