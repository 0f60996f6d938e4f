import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LabelledDice } from '../helpers/spec.ts'
import { signalLocks } from '../../src/games/river-coastal/captains.ts'
import type { DataPack } from '../../src/games/contract.ts'
import { createRiverCoastal, riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RawRiverPack } from '../../src/games/river-coastal/pack.ts'
import { orderContext } from '../../src/games/river-coastal/orderContext.ts'
import { speedRange } from '../../src/games/river-coastal/orders.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { maxTurnDegrees } from '../../src/games/river-coastal/turning.ts'
import { seeds, wholeGames } from '../helpers/properties.ts'
import { pack, seeded } from './helpers.ts'

const ruleset = createRiverCoastal(riverCoastalFactory.defaultPack() as DataPack<RawRiverPack>)
const scenarios = fc.constantFrom('passing-the-fort', 'above-the-bluffs')

/** Random legal order lines for every ship of a side. */
function randomLines(state: RiverState, side: 'USA' | 'CSA', seed: number): string[] {
  const rnd = seeded(seed)
  const sc = pack.scenarios[state.scenario]!
  const ctx = orderContext(
    side,
    state.move,
    Object.values(state.ships),
    sc.forts,
    pack,
    {},
    signalLocks(state, side, sc, pack),
  )
  return ctx.own.map((s) => {
    const r = speedRange(s, ctx)
    const speed = rnd.int(Math.max(0, r.lo), r.hi)
    const turn = speed > 0 ? rnd.int(0, maxTurnDegrees(speed * 1000, s.turningRadius)) : 0
    const enemy = rnd.pick(Object.keys(ctx.units).filter((id) => ctx.units[id]!.side !== side))
    if (s.lockedBy) return `${s.id}: FIRE ALL AT ${enemy} ELSE NEAREST`
    const ram = rnd.int(0, 3) === 0 ? `; RAM ${enemy}` : ''
    const board = s.spare > 0 && rnd.int(0, 3) === 0 ? `; BOARD ${enemy} 1` : ''
    return `${s.id}: SPEED ${speed}${turn ? `; TURN ${rnd.pick(['PORT', 'STARBOARD'])} ${turn}` : ''}; FIRE ALL AT ${enemy} ELSE NEAREST${ram}${board}`
  })
}

describe('digest §1.5 a whole move is simultaneous', () => {
  it('the result does not depend on the order of the lines, nor on which side’s orders come first', () => {
    fc.assert(
      fc.property(scenarios, seeds, seeds, (scenario, usaSeed, csaSeed) => {
        let s: RiverState = ruleset.setup(scenario, {}, riverCoastalFactory.defaultPack(), new LabelledDice([]))
        if (s.phase === 'deployment') s = ruleset.resolve(s, { orders: {}, decisions: {} }, new LabelledDice([])).state
        const usa = randomLines(s, 'USA', usaSeed)
        const csa = randomLines(s, 'CSA', csaSeed)
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
      }),
      { numRuns: 12 },
    )
  })
})

describe('whole games with random legal orders', () => {
  function playGame(scenario: string, seed: number): RiverState[] {
    let s: RiverState = ruleset.setup(scenario, {}, riverCoastalFactory.defaultPack(), new LabelledDice([]))
    if (s.phase === 'deployment') s = ruleset.resolve(s, { orders: {}, decisions: {} }, new LabelledDice([])).state
    const states = [s]
    for (let m = 0; m < 20 && !s.finished; m++) {
      const orders = Object.fromEntries(
        (['USA', 'CSA'] as const).map((side) => {
          const p = ruleset.parseOrders(
            s,
            side,
            randomLines(s, side, seed * 1000 + m * 10 + (side === 'USA' ? 1 : 2)).join('\n'),
          )
          expect(p.errors).toEqual([])
          return [side, p.commands]
        }),
      )
      s = ruleset.resolve(s, { orders, decisions: {} }, new LabelledDice([])).state
      states.push(s)
    }
    return states
  }

  it('play to the end without a fault; positions stay whole numbers on the table; the same orders give the same game', () => {
    fc.assert(
      fc.property(scenarios, seeds, (scenario, seed) => {
        const states = playGame(scenario, seed)
        const last = states.at(-1)!
        expect(last.finished, `${scenario} seed ${seed}`).toBeDefined()
        for (const st of states)
          for (const ship of Object.values(st.ships)) {
            expect(Number.isInteger(ship.pose.pos.x) && Number.isInteger(ship.pose.pos.y)).toBe(true)
            expect(ship.spv).toBeGreaterThanOrEqual(0)
            expect(ship.cpvLost).toBeLessThanOrEqual(ship.cpvStart)
          }
        expect(playGame(scenario, seed).at(-1)).toEqual(last)
      }),
      wholeGames(6),
    )
  })
})
