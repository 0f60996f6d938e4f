// Rule cases the Rule Book decides on its own, each named with its page.
import { describe, expect, it } from 'vitest'
import { applyDoctrine, DEFAULT_DOCTRINE, setupChoices } from '../../src/games/infernal-machine/doctrine.ts'
import { eligibleTargets } from '../../src/games/infernal-machine/discovery.ts'
import { type Mission, setupMission } from '../../src/games/infernal-machine/mission.ts'
import { parseImOrders } from '../../src/games/infernal-machine/orders.ts'
import type { ImPack } from '../../src/games/infernal-machine/pack.ts'
import { enemyResponse } from '../../src/games/infernal-machine/response.ts'
import { ctx, pack, sortie, standardBoat, trainingMission } from './helpers.ts'

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
