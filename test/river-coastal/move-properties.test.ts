import { describe, expect, it } from 'vitest'
import { LabelledDice } from '../../src/games/kit/spec.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import { orderContext } from '../../src/games/river-coastal/orderContext.ts'
import { speedRange } from '../../src/games/river-coastal/orders.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { maxTurnDegrees } from '../../src/games/river-coastal/turning.ts'
import { pack, seeded } from './helpers.ts'

const ruleset = riverCoastalFactory.create(riverCoastalFactory.defaultPack())

/** Random legal order lines for every ship of a side. */
function randomLines(state: RiverState, side: 'USA' | 'CSA', seed: number): string[] {
  const rnd = seeded(seed)
  const sc = pack.scenarios[state.scenario]!
  const ctx = orderContext(side, state.move, Object.values(state.ships), sc.forts, pack)
  return ctx.own.map((s) => {
    const r = speedRange(s, ctx)
    const speed = rnd.int(Math.max(0, r.lo), r.hi)
    const turn = speed > 0 ? rnd.int(0, maxTurnDegrees(speed * 1000, s.turningRadius)) : 0
    const enemy = rnd.pick(Object.keys(ctx.units).filter((id) => ctx.units[id]!.side !== side))
    return `${s.id}: SPEED ${speed}${turn ? `; TURN ${rnd.pick(['PORT', 'STARBOARD'])} ${turn}` : ''}; FIRE ALL AT ${enemy} ELSE NEAREST`
  })
}

describe('digest §1.5 a whole move is simultaneous', () => {
  it('the result does not depend on the order of the lines, nor on which side’s orders come first', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const scenario = seed % 2 ? 'passing-the-fort' : 'above-the-bluffs'
      let s: RiverState = ruleset.setup(scenario, {}, riverCoastalFactory.defaultPack(), new LabelledDice([]))
      if (s.phase === 'deployment') s = ruleset.resolve(s, { orders: {}, decisions: {} }, new LabelledDice([])).state
      const usa = randomLines(s, 'USA', seed)
      const csa = randomLines(s, 'CSA', seed + 100)
      const parse = (side: 'USA' | 'CSA', lines: string[]) => ruleset.parseOrders(s, side, lines.join('\n'))
      const forward = { USA: parse('USA', usa).commands, CSA: parse('CSA', csa).commands }
      expect([parse('USA', usa).errors, parse('CSA', csa).errors]).toEqual([[], []])
      const backward = {
        CSA: parse('CSA', [...csa].reverse()).commands,
        USA: parse('USA', [...usa].reverse()).commands,
      }
      const a = ruleset.resolve(s, { orders: forward, decisions: {} }, new LabelledDice([]))
      const b = ruleset.resolve(s, { orders: backward, decisions: {} }, new LabelledDice([]))
      expect(b.state).toEqual(a.state)
      expect(b.narrative).toEqual(a.narrative)
    }
  })
})
