// The random table's features at free places (rulebook §5 L257-267, rulings RC-57, RC-81): besides
// the three anchors, a placer may put a river feature's centre anywhere in its square (AT x,y) and
// slide a bank feature up or down its bank (AT y), as long as the whole feature stays in the square.
import { describe, expect, it } from 'vitest'
import type { Question } from '../../src/games/contract.ts'
import { canSee } from '../../src/games/contract.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { dice, ruleset } from './play.ts'

/** The cards in the pack's order: square 1 the fort (west bank), square 4 the islands (east half). */
const unshuffled = Object.fromEntries([1, 2, 3, 4, 5].map((i) => [`table:cards ${i}`, i + 1]))
const fresh = (): RiverState => ruleset.setup('random-river', {}, riverCoastalFactory.defaultPack(), dice(unshuffled))
const ask = (s: RiverState, square: number) =>
  ruleset.awaiting(s).find((a) => a.kind === 'decision' && a.decisionId === `PLACE-${square}`) as unknown as Question
const answer = (s: RiverState, square: number, text: string) => ruleset.parseAnswer!(s, ask(s, square), text)

describe('§5 L257-267 ruling RC-81 a feature anywhere in its square', () => {
  it('ruling RC-81 the placer may answer an anchor or a free place; a bank feature moves only along its bank', () => {
    const s = fresh()
    expect(ask(s, 1)).toMatchObject({
      answer: 'text',
      form: 'UPSTREAM | MIDDLE | DOWNSTREAM | AT <y>',
      defaultOption: 'MIDDLE',
    })
    expect(ask(s, 4)).toMatchObject({ form: 'UPSTREAM | MIDDLE | DOWNSTREAM | AT <x>,<y>' })
    expect(answer(s, 1, 'upstream')).toEqual({ answer: 'UPSTREAM' })
    expect(answer(s, 1, 'AT 62.5')).toEqual({ answer: 'AT 62.5' })
    expect(answer(s, 1, 'AT 14,62')).toEqual({
      error: 'place FORT with UPSTREAM, MIDDLE, DOWNSTREAM or AT <y>',
    })
    expect(answer(s, 4, 'at  34, 30')).toEqual({ answer: 'AT 34, 30' })
  })

  it('§5 L259 ruling RC-81 the whole feature stays in its square', () => {
    const s = fresh()
    // square 1 runs from y 48 to 72; the fort is 4" long
    expect(answer(s, 1, 'AT 70')).toEqual({ answer: 'AT 70' })
    expect(answer(s, 1, 'AT 71')).toEqual({
      error: 'FORT AT 71 would reach 3.5,73, outside square 1 (x 4 to 24, y 48 to 72)',
    })
    // square 4 (x 24 to 44, y 24 to 48): the two islands span 15" across
    expect(answer(s, 4, 'AT 30,30')).toEqual({
      error: 'ISLANDS AT 30,30 would reach 22.5,28, outside square 4 (x 24 to 44, y 24 to 48)',
    })
  })

  it('§5 L277 ruling RC-81 the table is laid where the answers put the features', () => {
    const step = ruleset.resolve(
      fresh(),
      { orders: {}, decisions: { 'PLACE-1': 'AT 60', 'PLACE-4': 'AT 34,30' } },
      dice(),
    )
    const layout = step.state.table!.layout!
    // the fort keeps to the west bank (x 2.5 to 3.5), centred at y 60
    expect(layout.forts[0]!.polygon[0]).toEqual({ x: 2500, y: 58000 })
    // the islands of square 4, drawn mirrored about 34,30
    expect(layout.land.filter((l) => l.id.startsWith('sq4-')).map((l) => l.polygon[0])).toEqual([
      { x: 41500, y: 28000 },
      { x: 31500, y: 28000 },
    ])
    const said = step.narrative.map((n) => n.text)
    expect(said.some((t) => t.endsWith('places ISLANDS in square 4, centred at 34,30'))).toBe(true)
  })

  it('ruling RC-81 an answer that does not fit its square is laid at the middle', () => {
    const step = ruleset.resolve(fresh(), { orders: {}, decisions: { 'PLACE-4': 'AT 30,30' } }, dice())
    const islands = step.state.table!.layout!.land.filter((l) => l.id.startsWith('sq4-'))
    expect(islands.map((l) => l.polygon[0])).toEqual([
      { x: 41500, y: 34000 },
      { x: 31500, y: 34000 },
    ])
  })
})

describe('§9 L891-901 the random table’s fort', () => {
  const rolls = {
    ...unshuffled,
    'table:fort:guns:1': 4,
    'table:fort:gun1': 1,
    'table:fort:gun2': 3,
    'table:fort:gun3': 5,
    'table:fort:gun4': 6,
    'table:fort:cpv:1': 1,
    'table:fort:cpv:2': 2,
  }
  const drawn = () => ruleset.setup('random-river', {}, riverCoastalFactory.defaultPack(), dice(rolls))
  const fortAsk = (s: RiverState) =>
    ruleset.awaiting(s).find((a) => a.kind === 'decision' && a.decisionId === 'FORT-GUNS') as unknown as Question

  it('§9 L895-897 a D6 of guns (each type by a D6, ruling RC-104) and 2D6 CPV, thrown openly; unanswered, the guns stand in squares 1-6 in turn, a CPV with each', () => {
    const s = drawn()
    expect(s.table!.draw.fort).toEqual({ guns: ['sb8_9', 'sb11', 'r32', 'r7'], cpv: 3 })
    const step = ruleset.resolve(s, { orders: {}, decisions: {} }, dice())
    expect(step.state.table!.layout!.forts[0]!.guns).toEqual([
      { id: 'G1', gun: 'sb8_9', square: 1 },
      { id: 'G2', gun: 'sb11', square: 2 },
      { id: 'G3', gun: 'r32', square: 3 },
      { id: 'G4', gun: 'r7', square: 4 },
    ])
    expect(step.state.table!.layout!.forts[0]!.commanderSquare).toBe(1)
    expect(step.state.forts.FORT!.cpvSquares).toEqual([1, 1, 1, 0, 0, 0])
    expect(step.state.forts.FORT).toMatchObject({ cpv: 3, cpvStart: 3 })
    expect(step.narrative.map((n) => n.text)).toContain('The fort: 4 guns (sb8_9, sb11, r32, r7) and 3 CPV')
  })

  it('§9 L901 the Confederate player is asked where each gun and the commander stand, with a stated default', () => {
    const q = fortAsk(drawn())
    expect(q).toMatchObject({
      role: 'CSA',
      answer: 'text',
      form: 'G<n> <square> ... [CPV <n1>,<n2>,<n3>,<n4>,<n5>,<n6>] COMMANDER <square>',
      defaultOption: 'G1 1 G2 2 G3 3 G4 4 CPV 1,1,1,0,0,0 COMMANDER 1',
    })
    expect(q.question).toContain('G1 sb8_9, G2 sb11, G3 r32, G4 r7')
    // the Union is asked nothing about the fort
    const union = ruleset.awaiting(drawn()).filter((a) => a.kind === 'decision' && a.role === 'USA')
    expect(union.map((a) => (a.kind === 'decision' ? a.decisionId : ''))).not.toContain('FORT-GUNS')
  })

  it('§9 L901 the answer must place every gun once and the commander, each in a square 1-6, and may allot the CPV (all of them)', () => {
    const s = drawn()
    const say = (text: string) => ruleset.parseAnswer!(s, fortAsk(s), text)
    expect(say('g1 2 g2 2 g3: 5 G4 6 commander 5')).toEqual({
      answer: 'G1 2 G2 2 G3 5 G4 6 CPV 0,2,0,0,1,0 COMMANDER 5',
    })
    expect(say('G1 2 G2 2 G3 5 G4 6 CPV 0,0,0,0,0,3 COMMANDER 5')).toEqual({
      answer: 'G1 2 G2 2 G3 5 G4 6 CPV 0,0,0,0,0,3 COMMANDER 5',
    })
    expect(say('G1 2 G2 2 G3 5 G4 6 CPV 1,1,1,1,0,0 COMMANDER 5')).toEqual({
      error: 'the CPV written add up to 4, the fort has 3 (§9 L897, L901)',
    })
    expect(say('G1 2 G2 2 G3 5 G4 6 CPV 3 COMMANDER 5')).toMatchObject({
      error: expect.stringMatching(/^CPV needs six counts/),
    })
    expect(say('G1 2 G2 2 G3 5 COMMANDER 5')).toMatchObject({
      error: expect.stringMatching(/^place G4 too \(§9 L901\)/),
    })
    expect(say('G1 2 G2 2 G3 5 G4 6')).toMatchObject({ error: expect.stringMatching(/^place COMMANDER too/) })
    expect(say('G1 7 G2 2 G3 5 G4 6 COMMANDER 1')).toMatchObject({
      error: expect.stringMatching(/^G1 needs a square 1-6/),
    })
    expect(say('G5 1 G1 2 G2 2 G3 5 G4 6 COMMANDER 1')).toEqual({ error: 'the fort has guns G1 to G4, not G5' })
    expect(say('G1 1 G1 2 G2 2 G3 5 G4 6 COMMANDER 1')).toEqual({ error: 'G1 is placed twice' })
  })

  it('§9 L901 the fort is laid as the answer wrote it, told to the Confederates only', () => {
    const answer = 'G1 2 G2 2 G3 5 G4 6 CPV 0,1,0,0,0,2 COMMANDER 5'
    const step = ruleset.resolve(drawn(), { orders: {}, decisions: { 'FORT-GUNS': answer } }, dice())
    const fort = step.state.table!.layout!.forts[0]!
    expect(step.state.forts.FORT!.cpvSquares).toEqual([0, 1, 0, 0, 0, 2])
    expect(fort.guns.map((g) => g.square)).toEqual([2, 2, 5, 6])
    expect(fort.commanderSquare).toBe(5)
    const sheet = step.narrative.find((n) => n.rule === '§9 L901')!
    expect(sheet.text).toBe(
      "Your fort's sheet: G1 (sb8_9) in square 2, G2 (sb11) in square 2, G3 (r32) in square 5, G4 (r7) in square 6; CPV 0 in square 1, 1 in square 2, 0 in square 3, 0 in square 4, 0 in square 5, 2 in square 6; the commander in square 5",
    )
    expect(sheet.audience).toEqual({ kind: 'roles', roles: ['CSA'] })
  })

  it('§9 L901 fog: the Union sees the thrown guns but not where they stand, in neither report nor plot', () => {
    const answer = 'G1 2 G2 2 G3 5 G4 6 COMMANDER 5'
    const step = ruleset.resolve(drawn(), { orders: {}, decisions: { 'FORT-GUNS': answer } }, dice())
    const usa = { kind: 'role', role: 'USA' } as const
    const seen = step.narrative.filter((n) => canSee(usa, n.audience)).map((n) => n.text)
    expect(seen).toContain('The fort: 4 guns (sb8_9, sb11, r32, r7) and 3 CPV')
    expect(seen.join('\n')).not.toMatch(/G\d \(|in square \d|commander in square|fort's sheet/i)
    const report = JSON.stringify(ruleset.reportModel!(step.state, usa))
    expect(report).not.toMatch(/commanderSquare|fort's sheet/i)
    const svg = ruleset.figures!(step.state, usa, [])
      .map((f) => f.svg)
      .join('')
    expect(svg).toContain('4 guns')
    expect(svg).not.toMatch(/square [1-6]/)
  })
})
