// Standing orders for the choices met in battle (10.35-10.36), on the kit's policy grammar: after
// each round a side that may retreat asks its policy, ship by ship or for ALL (the first ship of a
// stack speaks for it). `POLICY ALL ON BATTLE: RETREAT IF lost >= 1; FIGHT`. Without one, an
// attacker fights on, a defender stays, and a raider caught at sea breaks off when it may (RR-C1).
import { answer, type Facts, type Policy, type PolicyGrammar, parsePolicy } from '../kit/policy.ts'

export const BATTLE_GRAMMAR: PolicyGrammar = {
  events: { BATTLE: ['FIGHT', 'RETREAT'] },
  variables: ['ROUND', 'LOST', 'LEFT', 'FOES'],
  flags: ['ATTACKING'],
  scopeHint: '<ship|ALL>',
  conditionExample: 'lost >= 1, foes > left, round >= 2, attacking',
}

export type BattlePolicy = Policy<'BATTLE'>

export function parseBattlePolicy(text: string): BattlePolicy | string {
  return parsePolicy<'BATTLE'>(BATTLE_GRAMMAR, text)
}

/** Whether a side retreats after a round, by its standing orders for the ships named (most specific first). */
export function wantsRetreat(
  policies: BattlePolicy[],
  ships: string[],
  facts: { round: number; lost: number; left: number; foes: number; attacking: boolean },
  byDefault: 'FIGHT' | 'RETREAT',
): { retreat: boolean; source: string } {
  const f: Facts = {
    ROUND: facts.round,
    LOST: facts.lost,
    LEFT: facts.left,
    FOES: facts.foes,
    ATTACKING: facts.attacking,
  }
  const a = answer(policies, 'BATTLE', [...ships, 'ALL'], f, () => byDefault)
  return { retreat: a.action === 'RETREAT', source: a.source }
}
