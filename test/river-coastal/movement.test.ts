import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { classifyContact, slideHeading } from '../../src/games/river-coastal/contact.ts'
import { hullPolygon } from '../../src/games/river-coastal/hull.ts'
import { type HazardEntry, type Mover, simulateMove } from '../../src/games/river-coastal/movement.ts'
import { shapesTouch } from '../../src/games/river-coastal/shapes.ts'
import { seeds } from '../helpers/properties.ts'
import { moveRules, openTable, rect, seeded, ship } from './helpers.ts'

const pass = () => 'pass' as const
const at = (r: ReturnType<typeof simulateMove>, id: string) => {
  const p = r.poses[id]!
  return [p.pos.x, p.pos.y, p.heading]
}

describe('§7 simultaneous movement', () => {
  it('§7 L429 one knot is one inch: speed 6 straight upstream goes 6"', () => {
    const r = simulateMove([ship('A', 24, 10, 0, 6)], openTable(), moveRules, pass)
    expect(at(r, 'A')).toEqual([24000, 16000, 0])
    expect(r.moved.A).toBe(6000)
    expect(r.subSteps).toBe(24)
    // §9 L607: the pose at the end of each quarter, for move-1 fire
    expect(r.quarters.map((q) => q.A!.pos.y)).toEqual([11500, 13000, 14500, 16000])
  })

  it('§7 L459 the current adds going downstream and takes off going upstream (2 kn zone)', () => {
    const table = openTable({ current: [{ knots: 2, polygon: rect(0, 0, 48, 72) }] })
    const r = simulateMove([ship('UP', 10, 20, 0, 6), ship('DOWN', 30, 40, 180, 6)], table, moveRules, pass)
    expect(at(r, 'UP')).toEqual([10000, 24000, 0])
    expect(at(r, 'DOWN')).toEqual([30000, 32000, 18000])
  })

  it('§7 L459 ruling RC-10 the current as a vector sets a ship crossing the river downstream', () => {
    const table = openTable({ current: [{ knots: 2, polygon: rect(0, 0, 48, 72) }] })
    const r = simulateMove([ship('X', 10, 30, 90, 6)], table, moveRules, pass)
    expect(at(r, 'X')).toEqual([16000, 28000, 9000])
  })

  it('§7 L463 a stopped ship drifts: half the current from 80 SPV (RC-15), the full current below', () => {
    const table = openTable({ current: [{ knots: 2, polygon: rect(0, 0, 48, 72) }] })
    const r = simulateMove(
      [ship('BIG', 10, 30, 0, 0, { spv: 80 }), ship('SMALL', 30, 30, 0, 0, { spv: 79 })],
      table,
      moveRules,
      pass,
    )
    expect(at(r, 'BIG')).toEqual([10000, 29000, 0])
    expect(at(r, 'SMALL')).toEqual([30000, 28000, 0])
  })

  it('§7 a ship held aground or at anchor neither moves nor drifts', () => {
    const table = openTable({ current: [{ knots: 3, polygon: rect(0, 0, 48, 72) }] })
    const r = simulateMove([{ ...ship('H', 10, 30, 0, 4), held: true }], table, moveRules, pass)
    expect(at(r, 'H')).toEqual([10000, 30000, 0])
  })

  it('digest §3.5 a ship whose reference point crosses the far edge leaves play, by that edge', () => {
    const r = simulateMove([ship('RUN', 24, 70, 0, 6)], openTable(), moveRules, pass)
    expect(r.exited).toEqual({ RUN: 'upstream' })
  })
})

describe('§11 contacts found during movement', () => {
  it('§11 L985-987 a bow meeting a beam at 90 degrees rams: both ships stop', () => {
    const r = simulateMove([ship('RAM', 10, 30, 90, 8), ship('TGT', 18, 30, 0, 0)], openTable(), moveRules, pass)
    expect(r.contacts).toEqual([{ kind: 'ram', striker: 'RAM', other: 'TGT', angle: 9000, quarter: 3 }])
    expect(r.stopped).toEqual({ RAM: 'ram', TGT: 'ram' })
    // held at the last clear sub-step: stem at 17.5", the target's side at 17.6"
    expect(at(r, 'RAM')).toEqual([15500, 30000, 9000])
  })

  it('§11 L985 a bow meeting at under 45 degrees slides and turns onto the other keel line', () => {
    const r = simulateMove([ship('GLN', 20, 20, 20, 8), ship('TGT', 23, 26, 0, 0)], openTable(), moveRules, pass)
    expect(r.contacts.map((c) => [c.kind, c.striker, c.angle])).toEqual([['slide', 'GLN', 2000]])
    expect(r.poses.GLN!.heading).toBe(0)
    expect(r.stopped.GLN).toBeUndefined()
  })

  it('digest §3.6 hull against hull with no bow in it is a collision; the faster ship slides', () => {
    const a = {
      id: 'A',
      pose: { pos: { x: 10000, y: 10000 }, heading: 0 },
      hull: { length: 4000, beam: 800 },
      speed: 6,
    }
    const b = {
      id: 'B',
      pose: { pos: { x: 10700, y: 10000 }, heading: 1000 },
      hull: { length: 4000, beam: 800 },
      speed: 4,
    }
    expect(classifyContact(a, b, 4500)).toEqual({ kind: 'collision', striker: 'A', other: 'B', angle: 1000 })
  })

  it('digest §3.6 two bows meeting head-on: the faster ship is the striker', () => {
    const a = {
      id: 'A',
      pose: { pos: { x: 10000, y: 10000 }, heading: 0 },
      hull: { length: 4000, beam: 800 },
      speed: 4,
    }
    const b = {
      id: 'B',
      pose: { pos: { x: 10000, y: 13900 }, heading: 18000 },
      hull: { length: 4000, beam: 800 },
      speed: 6,
    }
    expect(classifyContact(a, b, 4500)).toMatchObject({ kind: 'slide', striker: 'B', angle: 0 })
  })

  it('digest §3.6 the slide heading is the keel direction nearer the slider’s own', () => {
    expect(slideHeading(2000, 0)).toBe(0)
    expect(slideHeading(17000, 0)).toBe(18000)
  })
})

describe('§8 hazards met during movement', () => {
  const bar = { id: 'bar', kind: 'sandbar' as const, depth: 60, polygon: rect(20, 30, 28, 31) }

  it('§8 L491-495 entering a shoal at least as deep as the draught is tested once; stuck stops the ship there', () => {
    const seen: HazardEntry[] = []
    const r = simulateMove(
      [ship('S', 24, 24, 0, 8, { draught: 60 })],
      openTable({ hazards: [bar] }),
      moveRules,
      (e) => {
        seen.push(e)
        return 'stuck'
      },
    )
    expect(seen).toEqual([{ ship: 'S', hazard: 'bar', kind: 'sandbar', quarter: 2 }])
    expect(r.stopped.S).toBe('aground')
    expect(r.poses.S!.pos.y).toBe(28000)
  })

  it('§8 ruling RC-11 a ship drawing less than the shoal depth crosses without a test', () => {
    const seen: HazardEntry[] = []
    simulateMove([ship('S', 24, 24, 0, 8, { draught: 50 })], openTable({ hazards: [bar] }), moveRules, (e) => {
      seen.push(e)
      return 'pass'
    })
    expect(seen).toEqual([])
  })

  it('§8 L501 coming within 1" of a shore is tested as a shoal; touching land stops with no roll', () => {
    const seen: string[] = []
    const land = [{ id: 'bank', polygon: rect(0, 0, 4, 72) }]
    const r = simulateMove([ship('S', 8, 30, 270, 6)], openTable({ land }), moveRules, (e) => {
      seen.push(`${e.kind}:${e.hazard}`)
      return 'pass'
    })
    expect(seen).toEqual(['shore:bank'])
    expect(r.hazards.at(-1)).toMatchObject({ kind: 'land', outcome: 'stuck' })
    expect(r.stopped.S).toBe('land')
  })

  it('§9 L811 a minefield is tested when the reference point enters it, once per entry', () => {
    const seen: string[] = []
    const minefields = [{ id: 'm1', polygon: rect(22, 28, 26, 32) }]
    simulateMove([ship('S', 24, 24, 0, 12)], openTable({ minefields }), moveRules, (e) => {
      seen.push(`${e.kind}:${e.hazard}:q${e.quarter}`)
      return 'pass'
    })
    expect(seen).toEqual(['mine:m1:q2'])
  })
})

describe('digest §1.5 properties of simultaneous movement', () => {
  /** A fleet drawn from a seed (one of fast-check's, printed with a failing case). */
  function fleet(seed: number): Mover[] {
    const rnd = seeded(seed)
    return Array.from({ length: rnd.int(2, 6) }, (_, i) =>
      ship(`S${i}`, rnd.int(8, 40), rnd.int(8, 60), rnd.int(0, 359), rnd.int(0, 10), {
        turns: [{ dir: rnd.pick([1, -1] as const), degrees: rnd.int(0, 90), at: rnd.int(0, 4) * 1000 }],
        radius: rnd.pick([5000, 7000, 9000]),
        spv: rnd.int(20, 200),
      }),
    )
  }
  const table = openTable({
    current: [{ knots: 2, polygon: rect(0, 0, 48, 36) }],
    hazards: [{ id: 'bar', kind: 'sandbar', depth: 40, polygon: rect(20, 30, 28, 34) }],
    minefields: [{ id: 'm', polygon: rect(10, 10, 14, 14) }],
  })
  const check = (e: HazardEntry) => (e.ship.charCodeAt(1) % 2 ? 'stuck' : 'pass')

  it('the result does not depend on the order the ships are listed in', () => {
    fc.assert(
      fc.property(seeds, fc.integer(), (seed, order) => {
        const ships = fleet(seed)
        const base = simulateMove(ships, table, moveRules, check)
        const rnd = seeded(order)
        const shuffled = [...ships].sort(() => rnd.int(0, 2) - 1)
        expect(simulateMove(shuffled, table, moveRules, check)).toEqual(base)
        expect(simulateMove([...ships].reverse(), table, moveRules, check)).toEqual(base)
      }),
      { numRuns: 60 },
    )
  })

  it('the same input gives the same output, and every position stays a whole number of units', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const a = simulateMove(fleet(seed), table, moveRules, check)
        expect(simulateMove(fleet(seed), table, moveRules, check)).toEqual(a)
        for (const p of Object.values(a.poses)) expect([p.pos.x, p.pos.y, p.heading].every(Number.isInteger)).toBe(true)
      }),
      { numRuns: 30 },
    )
  })

  it('§11 hulls that start apart never end a move overlapping: every meeting is stopped, slid or held', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const ships = fleet(seed).filter(
          (a, i, all) =>
            !all.slice(0, i).some((b) => shapesTouch(hullPolygon(a.pose, a.hull), hullPolygon(b.pose, b.hull))),
        )
        const r = simulateMove(ships, table, moveRules, check)
        const hulls = ships.filter((m) => !(m.id in r.exited)).map((m) => hullPolygon(r.poses[m.id]!, m.hull))
        for (let i = 0; i < hulls.length; i++)
          for (let j = i + 1; j < hulls.length; j++) expect(shapesTouch(hulls[i]!, hulls[j]!)).toBe(false)
      }),
      { numRuns: 100 },
    )
  })
})
