// Conditional standing orders (digest §4.5), in the kit's policy grammar:
//   POLICY <ship|ALL> ON <event>: <answer> [IF <condition>]; ...
// They stand from move to move until replaced (same scope and event) and answer the choices a
// tabletop captain makes mid-move: what a ship with no order line does, what a failed ram test
// makes her do (§11 L989), what a gun does when its targets are gone (§9 L605). A silent ship with a
// directive follows it (DIRECTIVE, the built-in answer then); HOLD keeps speed and heading instead.
import { answer, type Facts, type Policy, type PolicyGrammar } from '../kit/policy.ts'
import type { ShipState } from './ship.ts'

export const POLICY_EVENTS = {
  'NO-ORDERS': ['DIRECTIVE', 'HOLD', 'REPEAT', 'SLOW'],
  'RAM-FAILED': ['TURN-AWAY', 'SLOW', 'STOP'],
  'NO-TARGET': ['NEAREST', 'HOLD'],
  'STATION-EMPTY': ['REPLACE', 'HOLD'],
} as const
export type PolicyEvent = keyof typeof POLICY_EVENTS

export const riverPolicyGrammar: PolicyGrammar = {
  events: POLICY_EVENTS,
  variables: ['SPV', 'CPV.LOST', 'MOVE'],
  flags: ['AGROUND', 'BELOW.PV', 'ENEMY.SEEN', 'CAPTAIN.DEAD'],
  scopeHint: '<ship|ALL>',
  conditionExample: 'BELOW.PV, SPV < 40, NOT ENEMY.SEEN',
}

/** What a condition may test about a ship at the moment of choice. */
export function shipFacts(s: ShipState, move: number, enemySeen: boolean): Facts {
  return {
    SPV: s.spv,
    'CPV.LOST': s.cpvLost,
    MOVE: move,
    AGROUND: s.aground,
    'BELOW.PV': s.spv < s.pv,
    'ENEMY.SEEN': enemySeen,
    'CAPTAIN.DEAD': !s.captain.alive,
  }
}

/** The standing answer for one ship: its own policy first, then its side's ALL policy, else the built-in. */
export function standing(
  policies: Policy[],
  event: PolicyEvent,
  shipId: string,
  facts: Facts,
  builtIn: string,
): string {
  return answer(policies, event, [shipId, 'ALL'], facts, () => builtIn).action
}

/** A side's policies after new ones: a new policy replaces the old one of the same scope and event. */
export function mergePolicies(old: Policy[], added: Policy[]): Policy[] {
  const key = (p: Policy) => `${p.scope} ${p.event}`
  const replaced = new Set(added.map(key))
  return [...old.filter((p) => !replaced.has(key(p))), ...added]
}
