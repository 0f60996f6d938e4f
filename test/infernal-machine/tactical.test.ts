import { describe, expect, it } from 'vitest'
import { AUTO_CONCUSSION } from '../../src/games/infernal-machine/detonation.ts'
import { AUTO_RESPONSE } from '../../src/games/infernal-machine/response.ts'
import {
  type ApproachOption,
  approachOptions,
  legalMoves,
  move,
  startTactical,
  type TacticalChoices,
  tacticalDetection,
} from '../../src/games/infernal-machine/tactical.ts'
import type { Sortie } from '../../src/games/infernal-machine/sortie.ts'
import { ctx, sortie } from './helpers.ts'

const choosing = (approach: string, over: Partial<TacticalChoices> = {}): TacticalChoices => ({
  ...AUTO_RESPONSE,
  ...AUTO_CONCUSSION,
  approach: () => approach,
  detonate: () => false,
  move: () => 'stay',
  ...over,
})

const inTactical = (over: Partial<Sortie> = {}, zone: 'far' | 'near' | 'contact' | 'otherSide' = 'far'): Sortie => {
  const s = sortie(over)
  s.tactical = { target: 'usa-gunboat', vector: '6-10', zone, rotated: false, turn: 0 }
  return s
}

describe('Infernal Machine tactical set-up: Approach Vector (p.3-4)', () => {
  it('p.3 example: a 6 with Training 3 against a sloop; Full +2 reaches 11-12 for a Red cube and a Fatigue', () => {
    const c = ctx({ approach: 6 })
    const s = sortie({ training: 3 })
    let seen: ApproachOption[] = []
    const ok = startTactical(c, s, 'usa-sloop', choosing('full+', { approach: (_r, o) => ((seen = [...o]), 'full+') }))
    expect(ok).toBe(true)
    expect(seen.map((o) => [o.crank, o.total, o.vector])).toEqual([
      ['easy', 9, '6-10'],
      ['full', 10, '6-10'],
      ['full+', 11, '11-12'],
      ['strain', 12, '11-12'],
    ])
    expect(s.tactical).toMatchObject({ vector: '11-12', zone: 'far', rotated: false })
    expect(s.pool).toEqual({ black: 5, red: 3 })
    expect(s.boat.crew.filter((m) => m.fatigue).map((m) => m.id)).toEqual(['moser'])
  })

  it('p.3 a small target takes 2 off the roll; a total of 0 or less fails the attack run', () => {
    const s = sortie()
    expect(approachOptions(ctx(), s, 'usa-ironclad', 2).map((o) => [o.total, o.vector])).toEqual([
      [0, null],
      [1, '1-2'],
      [2, '1-2'],
      [3, '3-5'],
    ])
    const c = ctx({ approach: 2 })
    expect(startTactical(c, s, 'usa-ironclad', choosing('easy'))).toBe(false)
    expect(s.tactical).toBeUndefined()
    expect(c.notes.at(-1)?.text).toBe('the approach is bungled: the attack run fails')
  })

  it('p.3 with a Tow Cord an approach of 5 or less fails', () => {
    const s = sortie()
    s.boat.parts = s.boat.parts.map((p) =>
      p.kind === 'longSpar' ? { ...p, component: 'tow-cord', kind: 'towCord' } : p,
    )
    expect(approachOptions(ctx(), s, 'usa-sloop', 5).map((o) => o.vector)).toEqual([null, '6-10', '6-10', '6-10'])
  })

  it('p.3 Strain gives +3, costs a Red cube and 2 Fatigue on different crewmen', () => {
    const s = sortie()
    startTactical(ctx({ approach: 8 }), s, 'usa-sloop', choosing('strain'))
    expect(s.tactical?.vector).toBe('11-12')
    expect(s.pool.red).toBe(3)
    // The automatic placement spreads them so that no space is incapacitated (R8).
    expect(s.boat.crew.filter((m) => m.fatigue).map((m) => m.id)).toEqual(['moser', 'doyle'])
  })

  it('p.3 with an engine the Fatigue goes on the engine', () => {
    const s = sortie()
    s.boat.parts.push({ component: 'boiler-engine', kind: 'boilerEngine', space: 2, malfunctions: 0 })
    startTactical(ctx({ approach: 8 }), s, 'usa-sloop', choosing('strain'))
    expect(s.boat.engineFatigue).toBe(2)
    expect(s.boat.crew.some((m) => m.fatigue)).toBe(false)
  })

  it('p.4 Crew Morale: a Red cube for each incapacitated space', () => {
    const s = sortie()
    for (const m of s.boat.crew) m.order = { kind: 'steer' }
    startTactical(ctx({ approach: 7 }), s, 'usa-sloop', choosing('easy'))
    expect(s.pool.red).toBe(4)
  })

  it('p.3 a boat detected on the Mission Board starts detected', () => {
    const s = sortie({ detected: true })
    startTactical(ctx({ approach: 7 }), s, 'usa-sloop', choosing('easy'))
    expect(s.detected).toBe(true)
  })
})

describe('Infernal Machine Detection Phase (p.5)', () => {
  it('p.5 example: Near, Dim, awash, Alert 2, rain: a 6 just eludes detection', () => {
    const s = inTactical({ visibility: 'dim', alert: 2, atmospherics: 'rain' }, 'near')
    s.boat.elevation = 1
    const c = ctx({ 'tactical turn 0 detection': 6 })
    tacticalDetection(c, s)
    expect(s.detected).toBe(false)
    expect(c.notes[0]!.text).toBe('Detection Check: 6 -1 Alert 2 +2 rain -1 near zone = 6 against 6: not detected')
  })

  it('p.5 a 5 in the same place is detected; detected again brings the Enemy Response', () => {
    const s = inTactical({ visibility: 'dim', alert: 2, atmospherics: 'rain' }, 'near')
    s.boat.elevation = 1
    tacticalDetection(ctx({ 'tactical turn 0 detection': 5 }), s)
    expect(s.detected).toBe(true)
    const c = ctx({
      'tactical turn 0 detection': 5,
      'tactical turn 0 attack die 1': 9,
      'tactical turn 0 attack die 2': 9,
    })
    tacticalDetection(c, s)
    expect(c.dice.rolls.map((r) => r.label)).toEqual([
      'tactical turn 0 detection',
      'tactical turn 0 attack die 1',
      'tactical turn 0 attack die 2',
    ])
  })

  it('p.5 boiler engine -3 (not with Anthracite), tow cord -1, Pursuit -1 each', () => {
    const s = inTactical({ pursuit: 2 })
    s.boat.parts.push({ component: 'boiler-engine', kind: 'boilerEngine', space: 2, malfunctions: 0 })
    const c = ctx({ 'tactical turn 0 detection': 10 })
    tacticalDetection(c, s)
    expect(c.notes[0]!.text).toBe('Detection Check: 10 -3 boiler engine -2 2 Pursuit = 5 against 7: detected')
    s.boat.parts.push({ component: 'anthracite', kind: 'anthracite', space: 2, malfunctions: 0 })
    s.detected = false
    const c2 = ctx({ 'tactical turn 0 detection': 9 })
    tacticalDetection(c2, s)
    expect(c2.notes[0]!.text).toBe('Detection Check: 9 -2 2 Pursuit = 7 against 7: not detected')
  })

  it('p.5 below deep uses the below shallow row (ruling IM-2)', () => {
    const s = inTactical({ visibility: 'inky' })
    s.boat.elevation = 3
    const c = ctx({ 'tactical turn 0 detection': 3 })
    tacticalDetection(c, s)
    expect(s.detected).toBe(false)
  })
})

describe('Infernal Machine Move Phase (p.8-9)', () => {
  it('p.9 facing the target: stay, rotate, advance (retreat once past Far); exit only when rotated', () => {
    const s = inTactical()
    expect(legalMoves(ctx(), s)).toEqual(['stay', 'rotate', 'advance'])
    move(ctx(), s, 'advance')
    expect(s.tactical!.zone).toBe('near')
    expect(legalMoves(ctx(), s)).toEqual(['stay', 'rotate', 'advance', 'retreat'])
    expect(() => move(ctx(), s, 'exit')).toThrow('move exit is not allowed now')
    move(ctx(), s, 'rotate')
    expect(legalMoves(ctx(), s)).toEqual(['stay', 'rotate', 'exit'])
    move(ctx(), s, 'exit')
    expect(s.tactical!.ended).toBe('exited')
  })

  it('p.9 Contact leads to the Other Side, where the boat may only stay or exit (no rotation needed)', () => {
    const s = inTactical({}, 'contact')
    move(ctx(), s, 'advance')
    expect(s.tactical!.zone).toBe('otherSide')
    expect(legalMoves(ctx(), s)).toEqual(['stay', 'exit'])
  })

  it('p.9 the boat keeps its detection state and Pursuit when it exits', () => {
    const s = inTactical({ detected: true, pursuit: 1 })
    s.tactical!.rotated = true
    move(ctx(), s, 'exit')
    expect([s.detected, s.pursuit, s.tactical!.ended]).toEqual([true, 1, 'exited'])
  })
})
