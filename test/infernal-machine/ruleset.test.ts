import { describe, expect, it } from 'vitest'
import { PUBLIC } from '../../src/games/contract.ts'
import { shuffled } from '../../src/games/kit/deck.ts'
import { createInfernalMachine, type ImState, infernalMachineFactory } from '../../src/games/infernal-machine/index.ts'
import { rawImPack } from '../../src/games/infernal-machine/pack.ts'
import { LabelHashDice, pack } from './helpers.ts'

const rules = createInfernalMachine(pack)
const YEAR = [
  'RECRUIT mechanic KEEP ALL\nRECRUIT journeyman KEEP ALL',
  'BUILD needle-prow section section chisel-stern hatch@1 steering-link@1\nBUILD propeller@3',
  'ORDERS moser=STEER\nROUTE back-bay mount-pleasant\nMISSION TRAINING FROM mount-pleasant CREW moser@1,baird@1,thomas@2,robinson@2',
  'INVEST 0',
]

/** Plays mails in order; at PACE STEP a point without orders follows while a mission is out. */
function play(
  mails: string[],
  pace: 'MISSION' | 'STEP',
  answers: Record<string, string> = {},
  scenario = 'campaign-csa',
  salt = 'd',
) {
  const dice = new LabelHashDice(salt)
  let s: ImState = rules.setup(scenario, {}, { id: '', hash: '', content: null }, dice)
  const labels: string[] = []
  const questions: string[] = []
  const texts: string[] = []
  const reports: string[][] = []
  const queue = [...mails]
  queue[0] = `PACE ${pace}\n${queue[0]}`
  while (queue.length || s.phase === 'mission') {
    const text = s.phase === 'mission' ? '' : queue.shift()!
    const parsed = rules.parseOrders(s, 'captain', text)
    expect(parsed.errors).toEqual([])
    const step = rules.resolve(s, { orders: { captain: parsed.commands }, decisions: answers }, dice)
    labels.push(step.label)
    questions.push(...step.decisions.map((d) => d.decisionId))
    texts.push(...step.narrative.map((n) => n.text))
    reports.push(step.state.report)
    s = step.state
  }
  return { s, labels, questions, dice, texts, reports }
}

describe('Infernal Machine ruleset: the nested sequence by mail', () => {
  it('p.44-62 a campaign year at PACE MISSION: one season a point, a training mission flown home in Autumn', () => {
    const { s, labels, reports } = play(YEAR, 'MISSION')
    expect(reports[2]!.slice(0, 2)).toEqual([
      'Mission home:',
      'Position: Mount Pleasant (charleston), surface, undetected, Pursuit 0',
    ])
    expect(labels).toEqual(['campaign set-up', 'summer 1861, income', 'autumn 1861, income', 'winter 1862, income'])
    const c = s.campaign!
    expect([c.year, c.season, c.location, c.funds, c.training, c.lost]).toEqual([1862, 'spring', 'norfolk', 13, 0, 0])
    expect(c.ledger.filter((l) => l.includes('built'))).toHaveLength(2)
    expect(s.report[0]).toBe('spring 1862 at norfolk: funds $13, Prices 1, Alert 0, Training 0')
  })

  it('p.47 p.56 the season after the mission home: the board with the boat back in the shop, as built', () => {
    const { s } = play(YEAR, 'MISSION')
    const [board, ...rest] = rules.figures!(s, { kind: 'role', role: 'captain' }, [])
    expect(rest).toEqual([])
    expect(board!.title).toBe(
      'Charleston board, spring 1862: the fishboat in the shop at Norfolk: tiles needle-prow-section-section-chisel-stern; it would launch from Mount Pleasant or Breach Inlet (filled light)',
    )
    expect(board!.svg).not.toContain('fill="#036"')
  })

  it('digest 5.6 the same year at PACE STEP stops after each mission turn and ends in the same place', () => {
    const mission = play(YEAR, 'MISSION')
    const step = play(YEAR, 'STEP')
    expect(step.labels).toEqual([
      'campaign set-up',
      'summer 1861, income',
      'autumn 1861, income',
      'autumn 1861, mission turn 2',
      'winter 1862, income',
    ])
    expect(step.s.campaign).toEqual(mission.s.campaign)
  })

  it('digest 5.6 a halt point asks with the options seen, the default applied; the answer is used when it comes', () => {
    const asked = play([`HALT navcrank\n${YEAR[0]}`, YEAR[1], YEAR[2], YEAR[3]], 'MISSION')
    expect(asked.questions).toEqual(['AUTUMN-1861-T1-NAVCRANK', 'AUTUMN-1861-T2-NAVCRANK'])
    const answered = play([`HALT navcrank\n${YEAR[0]}`, YEAR[1], YEAR[2], YEAR[3]], 'MISSION', {
      'AUTUMN-1861-T1-NAVCRANK': 'easy',
    })
    expect(answered.questions).toEqual(['AUTUMN-1861-T2-NAVCRANK'])
    expect(asked.texts).toContain('Navigation card N07: crank strain, grade A, row not with the drift: no effect')
    const n07 = answered.texts.filter((t) => t.startsWith('Navigation card N07'))
    expect(n07[0]).toMatch(
      /^Navigation card N07 \(with the drift: A -, B -, C red, D drift, E lost; not with: A -, B red, C drift, D drift, E lost; lower register: .+\): crank Easy \(grade C: drift\), Full \(B: red\) or Strain \(A: -\)\? Answered easy \(AUTUMN-1861-T1-NAVCRANK\)\.$/,
    )
    expect(n07.slice(1)).toEqual(['Navigation card N07: crank easy, grade C, row not with the drift: drift'])
  })

  it('p.15-38 a USA year at Boston: a Training-board mission flown at both paces to the same end', () => {
    const usa = [
      'RECRUIT mechanic KEEP ALL\nRECRUIT journeyman KEEP ALL',
      'BUILD needle-prow section chisel-stern hatch@1 steering-link@1 propeller@2',
      'ORDERS kroehl=STEER\nROUTE channel wharf\nMISSION TRAINING FROM wharf CREW kroehl@1,baird@1',
      'INVEST 0',
    ]
    const whole = play(usa, 'MISSION', {}, 'campaign-usa', 'g')
    const steps = play(usa, 'STEP', {}, 'campaign-usa', 'g')
    expect(whole.texts).toContain('Mission: training on the training board from wharf')
    expect(whole.texts).toContain('the fishboat is home at Home Wharf: the mission ends')
    expect(steps.labels.filter((l) => l.includes('mission turn')).length).toBeGreaterThan(0)
    expect(steps.labels.length).toBeGreaterThan(whole.labels.length)
    expect(steps.s.campaign).toEqual(whole.s.campaign)
    expect(steps.texts).toEqual(whole.texts)
  })

  it("DESIGN 5 hidden draws: the persona decks' order is recomputed from the hidden rolls once revealed", () => {
    const { dice } = play([YEAR[0]!], 'MISSION')
    const hidden = dice.rolls.filter(
      (r) => r.audience.kind !== 'public' && r.label.startsWith('journeyman deck shuffle'),
    )
    const replay = {
      roll: (label: string) => hidden.find((r) => r.label === label)!.value,
      draw: () => ({ value: 0, index: 0, hidden: true }),
    }
    const journeymen = [...pack.personae.values()]
      .filter((p) => p.deck === 'journeyman' && p.sides.includes('CSA'))
      .map((p) => p.id)
    const order = shuffled(journeymen, replay, 'journeyman deck shuffle', PUBLIC)
    expect(order.slice(0, 2)).toEqual(['baird', 'robinson'])
  })

  it("a free answer is checked against the question's options", () => {
    const q = {
      decisionId: 'x',
      role: 'captain',
      question: 'crank?',
      options: [{ id: 'easy', label: '' }],
      defaultOption: 'easy',
    }
    expect(
      rules.parseAnswer!(
        rules.setup('campaign-csa', {}, { id: '', hash: '', content: null }, new LabelHashDice()),
        q,
        ' EASY ',
      ),
    ).toEqual({ answer: 'easy' })
    expect(
      rules.parseAnswer!(
        rules.setup('campaign-csa', {}, { id: '', hash: '', content: null }, new LabelHashDice()),
        q,
        'hard',
      ),
    ).toEqual({ error: 'answer one of easy' })
  })
})

describe('Infernal Machine RulesetFactory', () => {
  it('builds the game from its default pack or a loaded copy, and refuses a pack without provenance', () => {
    const def = infernalMachineFactory.defaultPack()
    expect(def.id).toBe('infernal-machine:synthetic-1')
    const game = infernalMachineFactory.create(def)
    expect([game.id, game.roles, game.questionsPerResolution]).toEqual(['infernal-machine', ['captain'], 'unlimited'])
    expect(infernalMachineFactory.loadPack(rawImPack()).hash).toBe(def.hash)
    const bad = rawImPack() as any
    delete bad.campaign.calendar.src
    expect(() => infernalMachineFactory.loadPack(bad)).toThrow(/without provenance: \$\.campaign\.calendar/)
  })

  it('p.44 the report model, the season labels, and the board with the boat in the shop when no mission ran (p.47)', () => {
    const { s } = play([YEAR[0]!], 'MISSION')
    expect(rules.turnOf(s)).toBe(2)
    expect(rules.turnLabel(2)).toBe('summer 1861')
    expect(rules.reportModel(s, { kind: 'role', role: 'captain' })).toMatchObject({
      infernalMachine: { label: 'summer 1861, income', lines: s.report },
    })
    const figures = rules.figures!(s, { kind: 'role', role: 'captain' }, [])
    const shop = pack.campaign.locations.find((l) => l.id === s.campaign!.location)!
    expect(figures.map((f) => f.name)).toEqual(['mission'])
    expect(figures[0]!.title).toContain(
      `board, summer 1861: the fishboat in the shop at ${shop.name}: no tile built yet`,
    )
    expect(figures[0]!.svg).toContain('fill="#cde"')
    expect(rules.outcome(s)).toBeNull()
    expect(rules.awaiting(s)).toEqual([{ kind: 'orders', role: 'captain', label: 'summer 1861, income' }])
  })
})

describe('Infernal Machine: the whole war (p.41)', () => {
  it('p.41 Spring 1861 to Spring 1865: seventeen seasons, then the outcome', () => {
    const dice = new LabelHashDice('war')
    let s: ImState = rules.setup('campaign-csa', {}, { id: '', hash: '', content: null }, dice)
    const labels: string[] = []
    for (let i = 0; i < 40 && s.phase !== 'over'; i++) {
      const step = rules.resolve(
        s,
        { orders: { captain: rules.parseOrders(s, 'captain', 'INVEST 0').commands }, decisions: {} },
        dice,
      )
      labels.push(step.label)
      s = step.state
    }
    expect(labels).toHaveLength(17)
    expect([labels[0], labels.at(-1)]).toEqual(['campaign set-up', 'spring 1865, income'])
    expect(rules.awaiting(s)).toEqual([])
    expect(rules.outcome(s)).toEqual({
      summary: expect.stringMatching(/^the war ends \([a-z ]+\): funds \$\d+, Training 0, 0 boat\(s\) lost$/),
      winner: null,
      details: {
        funds: s.campaign!.funds,
        training: 0,
        lost: 0,
        objectives: 0,
        advancement: 0,
        outcome: s.campaign!.outcome,
      },
    })
  })
})
