// The halt points added for digest 5.6 R6, R10, R11 and the Training Benefit: each asks with its
// options when named in HALT, takes a DECIDE answer, and otherwise applies the standing order or
// the automatic answer (named in the narrative).
import { describe, expect, it } from 'vitest'
import { Decider, decisionId } from '../../src/games/infernal-machine/decider.ts'
import {
  applyDoctrine,
  DEFAULT_DOCTRINE,
  type Doctrine,
  missionChoices,
  setupChoices,
} from '../../src/games/infernal-machine/doctrine.ts'
import { repairAsks, repairPriority, setupAsks } from '../../src/games/infernal-machine/haltChoices.ts'
import { setupMission } from '../../src/games/infernal-machine/mission.ts'
import type { HaltKind } from '../../src/games/infernal-machine/orders.ts'
import { parseImOrders } from '../../src/games/infernal-machine/orders.ts'
import { placeFatigue, placePanic } from '../../src/games/infernal-machine/markers.ts'
import { moraleBoost, rallyPhase } from '../../src/games/infernal-machine/repair.ts'
import type { Note } from '../../src/games/infernal-machine/sortie.ts'
import { ctx, pack, standardBoat, trainingMission } from './helpers.ts'

const decider = (halts: HaltKind[], answers: Record<string, string> = {}, notes: Note[] = []) =>
  new Decider(answers, new Set(halts), notes, 'captain', () => ['the boat as it stands'])
// Every set-up roll a 1 (the first step of each condition), decks unshuffled, the tow passes.
const setupCtx = () =>
  ctx([
    { label: /^setup /, values: Array(10).fill(1) },
    { label: /shuffle/, values: Array(80).fill(1) },
    { label: /tow check/, values: Array(3).fill(10) },
  ])
const start = (training = 0) => ({
  side: 'CSA' as const,
  season: 'spring' as const,
  board: 'training',
  launch: 'wharf',
  type: 'training' as const,
  boat: standardBoat(0),
  pool: { black: 3, red: 0 },
  alert: 0,
  training,
})
const doctrine = (lines: string): Doctrine => {
  const parsed = parseImOrders(pack, lines)
  expect(parsed.errors).toEqual([])
  return applyDoctrine(DEFAULT_DOCTRINE, parsed.commands)
}

describe('Infernal Machine halt points (digest 5.6)', () => {
  it('decision ids are one upper-case word, as DECIDE reads them', () => {
    expect(decisionId('autumn 1861 mission turn 3 rally')).toBe('AUTUMN-1861-T3-RALLY')
    expect(decisionId('spring 1862 setup shift visibility')).toBe('SPRING-1862-SETUP-SHIFT-VISIBILITY')
    expect(parseImOrders(pack, 'HALT shift,benefit,boost,rally').commands).toEqual([
      { kind: 'halt', points: ['shift', 'benefit', 'boost', 'rally'] },
    ])
  })

  it('p.16 R6 a condition shift: asked after its roll with the legal steps; the answer shifts it for 2 Red', () => {
    const asked = decider(['shift'])
    const c = setupCtx()
    setupMission(c, start(), setupAsks(pack, setupChoices(DEFAULT_DOCTRINE), asked, 'spring 1862 setup'))
    const q = asked.requests.find((r) => r.decisionId === 'SPRING-1862-SETUP-SHIFT-VISIBILITY')!
    const rolled = c.notes.find((n) => n.text.startsWith('visibility:'))!.text.split(', ')[1]!
    expect(q.question).toBe(`The visibility is rolled ${rolled}: keep it or shift it one step?`)
    expect(q.options.map((o) => o.id)[0]).toBe('keep')
    expect(q.situation).toEqual(['the boat as it stands'])
    expect(q.defaultOption).toBe('keep')
    const down = q.options.find((o) => o.id !== 'keep')!.id
    const c2 = setupCtx()
    const answered = decider(['shift'], { 'SPRING-1862-SETUP-SHIFT-VISIBILITY': down.toUpperCase() })
    const m = setupMission(c2, start(), setupAsks(pack, setupChoices(DEFAULT_DOCTRINE), answered, 'spring 1862 setup'))
    expect(c2.notes.some((n) => n.rule === 'p.16' && n.text.startsWith('visibility shifted to'))).toBe(true)
    const kept = setupMission(
      setupCtx(),
      start(),
      setupAsks(pack, setupChoices(DEFAULT_DOCTRINE), decider([]), 'spring 1862 setup'),
    )
    expect(m.pool.red - kept.pool.red).toBe(2)
  })

  it('p.16 R6 without HALT shift: the SHIFT standing order answers, else the roll is kept (automatic answer named)', () => {
    const notes: Note[] = []
    const c = setupCtx()
    setupMission(
      c,
      start(),
      setupAsks(pack, setupChoices(DEFAULT_DOCTRINE), decider([], {}, c.notes), 'spring 1862 setup'),
    )
    expect(c.notes.filter((n) => n.text === 'automatic answer (shift): keep').length).toBeGreaterThan(0)
    const rolled = c.notes.find((n) => n.text.startsWith('visibility:'))!.text.split(', ')[1]!
    const to = rolled === 'bright' ? 'dim' : 'bright'
    const d = doctrine(`SHIFT VISIBILITY IF ${rolled} TO ${to}`)
    const c2 = setupCtx()
    const m = setupMission(c2, start(), setupAsks(pack, setupChoices(d), decider(['shift'], {}, notes), 'k'))
    expect(m.visibility).toBe(to)
  })

  it('p.19 the Training Benefit at Training Level 2+: asked with the crew named; BENEFIT stands', () => {
    const asked = decider(['benefit'])
    setupMission(setupCtx(), start(2), setupAsks(pack, setupChoices(DEFAULT_DOCTRINE), asked, 's'))
    const q = asked.requests.find((r) => r.decisionId === 'S-BENEFIT')!
    expect(q.question).toBe('Training Level 2: take which Training Benefit for this mission?')
    expect(q.options.slice(0, 4).map((o) => o.id)).toEqual(['none', 'black', 'strength', 'operator:moser'])
    const answered = decider(['benefit'], { 'S-BENEFIT': 'BLACK' })
    const m = setupMission(setupCtx(), start(2), setupAsks(pack, setupChoices(DEFAULT_DOCTRINE), answered, 's'))
    const none = setupMission(setupCtx(), start(2), setupAsks(pack, setupChoices(DEFAULT_DOCTRINE), decider([]), 's'))
    expect(m.pool.black - none.pool.black).toBe(1)
    const standing = setupMission(
      setupCtx(),
      start(2),
      setupAsks(pack, setupChoices(doctrine('BENEFIT STRENGTH')), decider(['benefit']), 's'),
    )
    expect(standing.benefitStrength).toBe(1)
  })

  it('p.32 R10 the Morale Boost: asked only when a man is fatigued; the answer takes the Black cube instead', () => {
    const m = trainingMission()
    m.boat.crew[0]!.fatigue = true
    const asked = decider(['boost'])
    moraleBoost(
      ctx(),
      m,
      repairAsks(pack, asked, () => 'spring 1862 mission turn 1'),
    )
    expect(asked.requests.map((r) => [r.decisionId, r.defaultOption])).toEqual([['SPRING-1862-T1-BOOST', 'fatigue']])
    const m2 = trainingMission()
    m2.boat.crew[0]!.fatigue = true
    const black = m2.pool.black
    moraleBoost(
      ctx(),
      m2,
      repairAsks(pack, decider(['boost'], { 'SPRING-1862-T1-BOOST': 'BLACK' }), () => 'spring 1862 mission turn 1'),
    )
    expect([m2.boat.crew[0]!.fatigue, m2.pool.black]).toEqual([true, black + 1])
  })

  it('p.33 R11 Rally: the tiles with marked men offered; a tile answered is cleared, NONE keeps the marker', () => {
    const m = trainingMission({ rally: 1, boat: standardBoat(1) })
    m.boat.crew[2]!.fatigue = true
    const asked = decider(['rally'])
    rallyPhase(
      ctx(),
      m,
      repairAsks(pack, asked, () => 'spring 1862 mission turn 1'),
    )
    const q = asked.requests[0]!
    expect(q.decisionId).toBe('SPRING-1862-T1-RALLY')
    expect(q.options.map((o) => o.id)).toEqual(['auto', 'tile2', 'none'])
    const m2 = trainingMission({ rally: 1, boat: standardBoat(1) })
    m2.boat.crew[2]!.fatigue = true
    const c = ctx()
    rallyPhase(
      c,
      m2,
      repairAsks(pack, decider(['rally'], { 'SPRING-1862-T1-RALLY': 'TILE2' }), () => 'spring 1862 mission turn 1'),
    )
    expect([m2.boat.crew[2]!.fatigue, m2.rally]).toEqual([false, 0])
    expect(c.notes.map((n) => n.text)).toContain('Rally marker spent on space 2 (0 left)')
  })

  it('p.31 R9 repair priority: asked at the Orders Phase with a Malfunction aboard; the answer orders a man who may repair it', () => {
    const m = trainingMission()
    m.boat.parts.find((p) => p.kind === 'propeller')!.malfunctions = 1
    m.boat.leaks = 1
    const steer = () => ({ moser: { kind: 'steer' as const } })
    const asked = decider(['repair'])
    expect(repairPriority(pack, asked, () => 'spring 1862 mission turn 1', steer)(m)).toEqual(steer())
    const q = asked.requests[0]!
    expect([q.decisionId, q.defaultOption]).toEqual(['SPRING-1862-T1-REPAIR', 'standing'])
    expect(q.options.map((o) => o.id)).toEqual(['standing', 'repair:propeller', 'leak'])
    const answered = decider(['repair'], { 'SPRING-1862-T1-REPAIR': 'LEAK' })
    const orders = repairPriority(pack, answered, () => 'spring 1862 mission turn 1', steer)(m)
    expect(orders.moser).toEqual({ kind: 'steer' })
    expect(Object.values(orders)).toContainEqual({ kind: 'leakControl' })
    // Nothing broken and no leak: nothing to ask.
    const quiet = decider(['repair'])
    expect(repairPriority(pack, quiet, () => 'k', steer)(trainingMission())).toEqual(steer())
    expect(quiet.asked).toEqual([])
  })

  it('p.22 R8 MARKERS: the men named take Fatigue and Panic first, in the order given; the rest by the automatic rule', () => {
    const parsed = parseImOrders(
      pack,
      'MARKERS FATIGUE merriam,doyle\nMARKERS PANIC doyle\nMARKERS SPIRIT moser\nMARKERS PANIC mozer',
    )
    expect(parsed.commands).toEqual([
      { kind: 'markers', marker: 'fatigue', personae: ['merriam', 'doyle'] },
      { kind: 'markers', marker: 'panic', personae: ['doyle'] },
    ])
    expect(parsed.errors.map((e) => [e.line, e.message.split(';')[0], e.suggestion])).toEqual([
      [3, 'unknown marker SPIRIT', 'markers: FATIGUE, PANIC'],
      [4, 'unknown persona mozer', 'did you mean moser or doe?'],
    ])
    const d = applyDoctrine(DEFAULT_DOCTRINE, parsed.commands)
    expect(d.markers).toEqual({ fatigue: ['merriam', 'doyle'], panic: ['doyle'] })

    const boat = standardBoat(1)
    const auto = placeFatigue(pack, boat, 1, false).notes
    expect(auto).not.toEqual(['Fatigue on Merriam'])
    const ordered = placeFatigue(pack, { ...boat, priority: d.markers }, 2, false)
    expect(ordered.notes).toEqual(['Fatigue on Merriam', 'Fatigue on Doyle'])
    const autoPanic = placePanic(pack, boat, 1).notes
    expect(autoPanic).not.toEqual(['Panic on Doyle'])
    expect(placePanic(pack, { ...boat, priority: d.markers }, 1).notes).toEqual(['Panic on Doyle'])
  })

  it("p.34 R13 a malfunction in a panicked man's space: asked at HALT malfunction; else the first mechanism, named", () => {
    const turn = () => 'spring 1862 mission turn 3'
    const there = ['hatch', 'steeringLink'] as never[]
    const notes: Note[] = []
    const auto = missionChoices(ctx(), DEFAULT_DOCTRINE, decider([], {}, notes), turn)
    expect(auto.panicSpaceMechanism(null as never, there)).toBe('hatch')
    expect(notes.map((n) => n.text)).toEqual(['automatic answer (malfunction): hatch'])
    const asking = decider(['malfunction'])
    expect(missionChoices(ctx(), DEFAULT_DOCTRINE, asking, turn).panicSpaceMechanism(null as never, there)).toBe(
      'hatch',
    )
    expect(asking.requests.map((r) => [r.decisionId, r.options.map((o) => o.id)])).toEqual([
      ['SPRING-1862-T3-PANIC-MALFUNCTION', ['hatch', 'steeringLink']],
    ])
    const answered = decider(['malfunction'], { 'SPRING-1862-T3-PANIC-MALFUNCTION': 'steeringLink' })
    expect(missionChoices(ctx(), DEFAULT_DOCTRINE, answered, turn).panicSpaceMechanism(null as never, there)).toBe(
      'steeringLink',
    )
  })
})
