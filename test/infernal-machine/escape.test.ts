import { describe, expect, it } from 'vitest'
import { escapeCrew, escapeValue } from '../../src/games/infernal-machine/escape.ts'
import { ctx, sortie } from './helpers.ts'

describe('Infernal Machine Lost and Escape (p.13-14)', () => {
  it('p.13 example: Training board, hand-cranked, below shallow, strong drift, 2 incapacitated spaces: 6, modifier -1', () => {
    const s = sortie({ board: 'training', drift: 'strong' })
    for (const m of s.boat.crew) m.fatigue = true
    expect(escapeValue(ctx(), s)).toEqual({ value: 6, modifier: -1 })
  })

  it('p.13 the Engine columns count engine Fatigue: 0-2 and 3+', () => {
    const s = sortie({ drift: 'calm' })
    s.boat.parts.push({ component: 'boiler-engine', kind: 'boilerEngine', space: 2, malfunctions: 0 })
    s.boat.elevation = 1
    expect(escapeValue(ctx(), s).value).toBe(3)
    s.boat.engineFatigue = 3
    expect(escapeValue(ctx(), s).value).toBe(5)
  })

  it('p.13 a failed Escape Check: all perish', () => {
    const s = sortie({ board: 'charleston', drift: 'calm' })
    const r = escapeCrew(ctx({ 'escape check': 3 }), s, { enemy: false, friendly: false })
    expect(r.dead).toEqual(['moser', 'baird', 'doyle', 'merriam'])
    expect(r.possible).toBe(false)
  })

  it('p.13-14 Safe Escape: hatch spaces by one die, adjacent on 8+, panicked roll two; lost below: Sick Bay', () => {
    const s = sortie({ board: 'training', drift: 'calm' })
    s.boat.crew[3]!.panic = true
    const c = ctx({
      'escape check': 4,
      'escape hatch spaces': 1,
      'escape hatch dead 1': 2,
      'escape doyle': 8,
      'escape merriam': 5,
      'escape merriam second die': 9,
    })
    const r = escapeCrew(c, s, { enemy: false, friendly: true })
    expect(r).toEqual({
      possible: true,
      dead: ['baird'],
      captured: [],
      home: [],
      sickBay: ['moser', 'doyle', 'merriam'],
    })
  })

  it('p.13 at below deeper a panicked crewman rolls one die only', () => {
    const s = sortie({ board: 'training', drift: 'calm' })
    s.boat.elevation = 4
    s.boat.crew = [{ id: 'doyle', space: 2, fatigue: false, panic: true, terror: false }]
    const r = escapeCrew(ctx({ 'escape check': 10, 'escape doyle': 7 }), s, { enemy: false, friendly: false })
    expect(r.dead).toEqual(['doyle'])
  })

  it('p.14 capture: enemy eyes alone take every survivor; with friendly eyes too a die says how many get home', () => {
    const surface = () => {
      const s = sortie({ board: 'training', drift: 'calm' })
      s.boat.elevation = 0
      s.boat.parts = s.boat.parts.filter((p) => p.kind !== 'hatch')
      return s
    }
    const all = escapeCrew(ctx({ 'escape check': 5 }), surface(), { enemy: true, friendly: false })
    expect(all.captured).toEqual(['moser', 'baird', 'doyle', 'merriam'])
    const some = escapeCrew(ctx({ 'escape check': 5, 'escape capture': 1, 'escape home 1': 3 }), surface(), {
      enemy: true,
      friendly: true,
    })
    expect([some.home, some.captured]).toEqual([['doyle'], ['moser', 'baird', 'merriam']])
  })

  it('p.7 after a concussion loss nobody escapes', () => {
    const s = sortie({ noEscape: true })
    const c = ctx()
    expect(escapeCrew(c, s, { enemy: false, friendly: false }).dead).toHaveLength(4)
    expect(c.dice.rolls).toHaveLength(0)
  })
})
