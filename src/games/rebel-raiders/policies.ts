// Standing orders for the choices met in battle (10.35-10.36), on the kit's policy grammar: after
// each round a side that may retreat asks its policy, ship by ship or for ALL (the first ship of a
// stack speaks for it). `POLICY ALL ON BATTLE: RETREAT IF lost >= 1; FIGHT`. Without one, an
// attacker fights on, a defender stays, and a raider caught at sea breaks off when it may (where to
// is the Confederate player's: RETREAT <raider|ALL> TO <space>..., or his answer, retreats.ts).
// A Confederate port's defence (shelter, sortie, combined) is a policy on the space: ON DEFENCE.
import { answer, type Facts, type Policy, type PolicyGrammar, parsePolicy } from '../kit/policy.ts'

export const BATTLE_GRAMMAR: PolicyGrammar = {
  events: { BATTLE: ['FIGHT', 'RETREAT'], DEFENCE: ['SHELTER', 'SORTIE', 'COMBINED'] },
  variables: ['ROUND', 'LOST', 'LEFT', 'FOES', 'BATTERIES'],
  flags: ['ATTACKING'],
  scopeHint: '<ship|ALL>',
  conditionExample: 'lost >= 1, foes > left, round >= 2, attacking',
}

export type BattlePolicy = Policy<'BATTLE' | 'DEFENCE'>

export function parseBattlePolicy(text: string): BattlePolicy | string {
  return parsePolicy<'BATTLE' | 'DEFENCE'>(BATTLE_GRAMMAR, text)
}

/**
 * The Confederate defender's tactic for a round in a port or fort with ships and batteries (10.12),
 * by its standing orders for the space (then ALL): `POLICY NORL ON DEFENCE: SHELTER IF foes >= 3; COMBINED`.
 * Without one, ships and batteries fight together.
 */
export function defenceTactic(
  policies: BattlePolicy[],
  space: string,
  facts: { round: number; lost: number; left: number; foes: number; batteries: number },
): { tactic: 'shelter' | 'sortie' | 'combined'; source: string } {
  const f: Facts = {
    ROUND: facts.round,
    LOST: facts.lost,
    LEFT: facts.left,
    FOES: facts.foes,
    BATTERIES: facts.batteries,
    ATTACKING: false,
  }
  const a = answer(policies, 'DEFENCE', [space, 'ALL'], f, () => 'COMBINED')
  return { tactic: a.action.toLowerCase() as 'shelter' | 'sortie' | 'combined', source: a.source }
}

/** Whether a side retreats after a round, by its standing orders for the ships named (most specific first). */
export function wantsRetreat(
  policies: BattlePolicy[],
  ships: string[],
  facts: { round: number; lost: number; left: number; foes: number; attacking: boolean; batteries?: number },
  byDefault: 'FIGHT' | 'RETREAT',
): { retreat: boolean; source: string } {
  const f: Facts = {
    ROUND: facts.round,
    LOST: facts.lost,
    LEFT: facts.left,
    FOES: facts.foes,
    BATTERIES: facts.batteries ?? 0,
    ATTACKING: facts.attacking,
  }
  const a = answer(policies, 'BATTLE', [...ships, 'ALL'], f, () => byDefault)
  return { retreat: a.action === 'RETREAT', source: a.source }
}
