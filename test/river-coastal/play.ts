// Playing River & Coastal moves in tests: the ruleset, dice forced by label, and set-ups where
// every captain and commander is Intelligent so that ships follow their written orders.
import { expect } from 'vitest'
import type { Viewer } from '../../src/games/contract.ts'
import { LabelledDice } from '../helpers/spec.ts'
import type { DataPack } from '../../src/games/contract.ts'
import { createRiverCoastal, riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RawRiverPack } from '../../src/games/river-coastal/pack.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'

export const ruleset = createRiverCoastal(riverCoastalFactory.defaultPack() as DataPack<RawRiverPack>)
export const packData = () => riverCoastalFactory.defaultPack()
export const dice = (forced: Record<string, number | number[]> = {}) =>
  new LabelledDice(Object.entries(forced).map(([label, values]) => ({ label, values })))
/** Set-up dice with every captain and commander Intelligent (white 1). */
export const calm = (forced: Record<string, number | number[]> = {}) =>
  new LabelledDice([
    ...Object.entries(forced).map(([label, values]) => ({ label, values })),
    { label: /^(captain|commander):.*:white$/, values: Array(20).fill(1) },
  ])
/** Past the hidden deployment, every ship in its scenario place. */
export const deployed = (s: RiverState): RiverState => ruleset.resolve(s, { orders: {}, decisions: {} }, dice()).state
export const usa: Viewer = { kind: 'role', role: 'USA' }
export const csa: Viewer = { kind: 'role', role: 'CSA' }

/** One move with both sides' order text (which must parse cleanly) and the rolls forced. */
export function play(
  state: RiverState,
  orders: { USA?: string; CSA?: string },
  forced: Record<string, number | number[]> = {},
) {
  const parsed = Object.fromEntries(
    (['USA', 'CSA'] as const).map((side) => {
      const p = ruleset.parseOrders(state, side, orders[side] ?? '')
      expect(p.errors).toEqual([])
      return [side, p.commands]
    }),
  )
  return ruleset.resolve(state, { orders: parsed, decisions: {} }, dice(forced))
}
