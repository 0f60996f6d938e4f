import { describe, expect, it } from 'vitest'
import { tacticalPicture } from '../../src/games/infernal-machine/boardPicture.ts'
import { AUTO_CONCUSSION } from '../../src/games/infernal-machine/detonation.ts'
import { boatLines, tacticalFigure } from '../../src/games/infernal-machine/report.ts'
import { AUTO_RESPONSE } from '../../src/games/infernal-machine/response.ts'
import { runTactical, type TacticalChoices } from '../../src/games/infernal-machine/tactical.ts'
import { ctx, sortie, trainingMission } from './helpers.ts'

const plan: TacticalChoices = {
  ...AUTO_RESPONSE,
  ...AUTO_CONCUSSION,
  approach: () => 'easy',
  detonate: (s) => s.tactical!.zone === 'contact',
  move: (s, legal) => (s.tactical!.zone === 'contact' ? 'stay' : legal.includes('advance') ? 'advance' : 'stay'),
}

describe('Infernal Machine: an attack run from the Far zone to a detonation at Contact (p.3-9)', () => {
  it('p.3-7 Far, Near, Contact, detonate: the board after each turn, then the blast', () => {
    const s = sortie({ pool: { black: 6, red: 0 } })
    const c = ctx({
      approach: 8,
      'tactical turn 1 detection': 9,
      'tactical turn 2 detection': 9,
      'tactical turn 3 detection': 9,
      'detonation cube 1': 1,
      'detonation cube 2': 1,
      'detonation cube 3': 1,
      concussion: 10,
    })
    runTactical(c, s, 'usa-sloop', plan)
    expect(c.notes.filter((n) => n.text.startsWith('[')).map((n) => n.text)).toEqual([
      '[far:   ] [near:F> ] [contact:   ] T [otherSide:   ]  vector 6-10, turn 1',
      '[far:   ] [near:   ] [contact:F> ] T [otherSide:   ]  vector 6-10, turn 2',
    ])
    expect(c.notes.at(-1)!.text).toBe('10 against 10: the fishboat survives the blast')
    expect(s.tactical).toMatchObject({ ended: 'detonated', result: 'B', turn: 3 })
    expect(s.pool).toEqual({ black: 3, red: 0 })
    expect(c.dice.unused()).toEqual([])
  })

  it('p.3 the picture shows a rotated boat and a diver out; the SVG figure draws the same board', () => {
    const t = {
      target: 'usa-gunboat',
      vector: '11-12',
      zone: 'far' as const,
      rotated: true,
      turn: 4,
      diver: { at: 'near' as const, charge: 'carried' as const },
    }
    expect(tacticalPicture(t)).toBe('[far:F< ] [near:  D] [contact:   ] T [otherSide:   ]  vector 11-12, turn 4')
    const fig = tacticalFigure(t)
    expect([fig.name, fig.title]).toEqual(['tactical', 'Tactical Board, vector 11-12'])
    expect(fig.svg).toContain('<circle cx="50" cy="50" r="10" fill="#999"/>')
  })

  it('p.19-33 report: boat, crew markers, leaks, malfunctions, alert and position after a step', () => {
    const m = trainingMission({ alert: 1 })
    m.boat.leaks = 1
    m.boat.crew[1]!.fatigue = true
    m.boat.parts.find((p) => p.kind === 'propeller')!.malfunctions = 2
    expect(boatLines(ctx().pack, m)).toEqual([
      'Position: Home Wharf (training), surface, undetected, Pursuit 0',
      'Conditions: bright, drift calm ebb, none; Alert 1; Training 0',
      'Boat: tiles needle-prow-section-section-chisel-stern; grade C; incapacitated spaces 0; engine Fatigue 0',
      'Crew: Moser (tile 1); Baird (tile 1: Fatigue); Doyle (tile 2); Merriam (tile 2)',
      'Leaks 1; Malfunctions: propeller 2; Fate Pool 5 Black, 2 Red; Rally 1',
    ])
  })
})
