import { describe, expect, it } from 'vitest'
import { AUTO_CONCUSSION } from '../../src/games/infernal-machine/detonation.ts'
import { type DiscoveryChoices, discoveryPhase, eligibleTargets } from '../../src/games/infernal-machine/discovery.ts'
import { AUTO_RESPONSE } from '../../src/games/infernal-machine/response.ts'
import { ctx, trainingMission } from './helpers.ts'

const choices = (over: Partial<DiscoveryChoices> = {}): DiscoveryChoices => ({
  ...AUTO_RESPONSE,
  ...AUTO_CONCUSSION,
  approach: () => 'easy',
  detonate: () => true,
  move: (_s, legal) => (legal.includes('advance') ? 'advance' : 'stay'),
  targetChecks: (_m, eligible) => [...eligible],
  attack: () => true,
  panicSpaceMechanism: (_m, options) => options[0]!,
  ...over,
})
const deck = (...ids: string[]) => ({ drawPile: ids, discards: [], reshuffles: 0 })
const atMaffitts = () => {
  const m = trainingMission({ board: 'charleston', position: 'maffitts', type: 'ship', launch: 'breach-inlet' })
  m.boat.elevation = 2
  m.boat.crew[0]!.order = { kind: 'steer' }
  return m
}

describe('Infernal Machine Discovery Phase (p.34-38)', () => {
  it('p.35 without Enemy Eyes there is no Detection Check: undetected and Pursuit removed', () => {
    const m = trainingMission({ detected: true, pursuit: 2, discoveryDeck: deck('D03') })
    const c = ctx()
    discoveryPhase(c, m, choices())
    expect([m.detected, m.pursuit, c.dice.rolls.length]).toEqual([false, 0, 0])
  })

  it('p.34 a card naming Atmospherics re-rolls it on the season box, with no paid shift', () => {
    const m = trainingMission({ discoveryDeck: deck('D05') })
    discoveryPhase(ctx({ 'discovery atmospherics': 1 }), m, choices())
    expect(m.atmospherics).toBe('rain')
  })

  it('p.34 "the mechanism with the most markers": none on a tie', () => {
    const m = trainingMission({ discoveryDeck: deck('D09') })
    m.boat.parts[2]!.malfunctions = 1
    m.boat.parts[3]!.malfunctions = 1
    const c = ctx()
    discoveryPhase(c, m, choices())
    expect(c.notes[1]!.text).toBe('malfunction on the mechanism with the most markers: none, or a tie, so none')
  })

  it("p.35 under Enemy Eyes the card's detection value applies (D03 below, bright: 5)", () => {
    const m = atMaffitts()
    m.discoveryDeck = deck('D03')
    const c = ctx({ 'turn 1 discovery detection': 5, 'turn 1 target check usa-gunboat': 1 })
    discoveryPhase(c, m, choices())
    expect(c.notes[1]!.text).toBe('Detection Check: 5 = 5 against 5: not detected')
  })

  it('p.36 Target Check needs the Steering order and no move this turn; a spar boat at below shallow or higher', () => {
    const m = atMaffitts()
    expect(eligibleTargets(ctx(), m)).toEqual(['usa-gunboat'])
    m.movedThisTurn = true
    expect(eligibleTargets(ctx(), m)).toEqual([])
    m.movedThisTurn = false
    m.boat.elevation = 3
    expect(eligibleTargets(ctx(), m)).toEqual([])
  })

  it("p.36 only the enemy's target icons count: the Harbor Boom is a target for the USA, not the CSA", () => {
    const csa = trainingMission({ board: 'charleston', position: 'boom' })
    csa.boat.crew[0]!.order = { kind: 'steer' }
    expect(eligibleTargets(ctx(), csa)).toEqual([])
    const usa = trainingMission({ board: 'charleston', position: 'boom', side: 'USA' })
    usa.boat.crew[0]!.order = { kind: 'steer' }
    expect(eligibleTargets(ctx(), usa)).toEqual(['csa-obstruction'])
  })

  it("p.36 a Target Check against the card's target value; success starts the attack run, then a fresh Discovery Phase without a second run (IM-7)", () => {
    const m = atMaffitts()
    m.discoveryDeck = deck('D03', 'D01')
    m.pool = { black: 8, red: 0 }
    const c = ctx({
      'turn 1 discovery detection': [9, 9],
      'turn 1 target check usa-gunboat': 5,
      approach: 7,
      'tactical turn 1 detection': 10,
      'tactical turn 2 detection': 10,
      'detonation cube 1': 1,
      'detonation cube 2': 1,
      'detonation cube 3': 1,
      'detonation cube 4': 1,
      concussion: 10,
      'discovery malfunction die 1': 1,
      'discovery malfunction die 2': 1,
    })
    discoveryPhase(c, m, choices())
    const texts = c.notes.map((n) => n.text)
    expect(texts[2]).toBe('Target Check on the USA Gunboat: 5 0 icon = 5 against 5: acquired')
    expect(m.results).toEqual([{ target: 'usa-gunboat', result: 'B' }])
    expect(m.tactical).toBeUndefined()
    expect(texts.filter((t) => t.startsWith('Discovery card'))).toEqual([
      'Discovery card D03',
      'Discovery card D01: malfRandom',
    ])
    expect(c.dice.unused()).toEqual([])
  })
})
