// Spar chains (rulebook §8 L523-527, digest A19, ruling RC-19): a chain stops a ship at the line;
// only submarines, Davids and torpedo boats may try it, and the pack has none, so the game stops
// every ship; the movement lets one through when the crossing is made. The judge's helm keeps clear.
import { describe, expect, it } from 'vitest'
import { steer } from '../../src/games/river-coastal/autopilot.ts'
import { createRiverCoastal, riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import { type HazardEntry, simulateMove } from '../../src/games/river-coastal/movement.ts'
import type { RawRiverPack } from '../../src/games/river-coastal/pack.ts'
import type { DataPack } from '../../src/games/contract.ts'
import { calm, dice } from './play.ts'
import { moveRules, openTable, openWaters, ship, steeredHelm } from './helpers.ts'

const chain = {
  id: 'boom',
  kind: 'chain' as const,
  polygon: [
    { x: 20000, y: 16000 },
    { x: 28000, y: 16000 },
  ],
}

describe('§8 L523-527 ruling RC-19 spar chains', () => {
  it('§8 L525 a ship that may not cross stops short of the chain, the increment that met it not taken', () => {
    const met: HazardEntry[] = []
    const r = simulateMove([ship('A', 24, 10, 0, 8)], openTable({ hazards: [chain] }), moveRules, (e) => {
      met.push(e)
      return 'stuck'
    })
    expect(met.map((e) => [e.kind, e.hazard])).toEqual([['chain', 'boom']])
    expect(r.stopped.A).toBe('blocked')
    expect(r.poses.A!.pos.y).toBeLessThan(16000 - 2000) // the bow (2" ahead of the centre) short of the line
  })

  it('§8 L527 a crossing made lets her go on through (movement; no class in the pack may try one)', () => {
    const r = simulateMove([ship('A', 24, 10, 0, 8)], openTable({ hazards: [chain] }), moveRules, () => 'pass')
    expect(r.stopped.A).toBeUndefined()
    expect(r.poses.A!.pos.y).toBe(18000)
  })

  it("ruling RC-19 the judge's helm treats a chain across her bow as trouble", () => {
    const helm = steeredHelm()
    const w = openWaters({ hazards: [chain] })
    expect(steer(helm, { point: { x: 24000, y: 40000 }, speed: 6 }, w)).not.toEqual({ speed: 6, turns: [], safe: true })
  })

  it('§8 L525 in play: a gunboat is stopped at a boom across her course and is told so', () => {
    const raw = structuredClone(riverCoastalFactory.defaultPack()) as DataPack<RawRiverPack>
    const content = raw.content as unknown as { scenarios: { scenarios: Record<string, { hazards: unknown[] }> } }
    const sc = content.scenarios.scenarios['passing-the-fort']!
    sc.hazards.push({
      id: 'boom',
      kind: 'chain',
      points: [
        [26, 17],
        [40, 17],
      ],
      src: 'placeholder (a test boom)',
    })
    const rules = createRiverCoastal(raw)
    const s = rules.setup('passing-the-fort', {}, raw, calm())
    const p = rules.parseOrders(s, 'USA', 'TECU: SPEED 6')
    const step = rules.resolve(s, { orders: { USA: p.commands }, decisions: {} }, dice())
    expect(step.narrative.map((n) => n.text)).toContain('USS Tecumseh is stopped at the chain boom')
  })
})
