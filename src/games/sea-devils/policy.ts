// Sea Devils' standing orders for the decisions that arise during resolution (digest section 5), on
// the kit's policy grammar: the events and their answers, and what a condition may test.
import { type Policy as KitPolicy, type PolicyGrammar, parsePolicy as parseWith } from '../kit/policy.ts'

export { answer, type Facts, type PolicyAnswer } from '../kit/policy.ts'

export const POLICY_EVENTS = {
  SPOTTED: ['FIGHT', 'ESCAPE', 'PORT', 'ASK'],
  BLOCKADER: ['FIGHT', 'ESCAPE', 'ASK'],
  ROLL: ['REROLL', 'KEEP', 'ASK'],
  'COMBAT-OFFERED': ['EVADE', 'STAND'],
  'ESCAPE-ATTEMPT': ['LETGO', 'CONTEST'],
  TARGET: ['LOWEST-HP', 'HIGHEST-GUN', 'SLOWEST'],
} as const
export type PolicyEvent = keyof typeof POLICY_EVENTS
export type Policy = KitPolicy<PolicyEvent>

const GRAMMAR: PolicyGrammar = {
  events: POLICY_EVENTS,
  variables: [
    'DIFF',
    'MY.GUN',
    'MY.DEF',
    'MY.HP',
    'MY.SPEED',
    'MY.DMG',
    'MP.LEFT',
    'FOE.GUN',
    'FOE.DEF',
    'FOE.HP',
    'FOE.SPEED',
    'FOE.COUNT',
    'FOE.TYPE',
    'TURN',
    'TABLE',
    'RESULT',
    'AREA',
  ],
  flags: ['COASTAL', 'ECESSHIP', 'SEMMES'],
  scopeHint: '<ship|ALL|SEMMES>',
  conditionExample: 'diff >= 1, foe.gun > my.gun + 2, coastal',
  // The digest writes target choices as "TARGET lowest-hp": the choice follows the verb.
  answerVerbs: { TARGET: 'TARGET' },
}

/** Parses `POLICY <scope> ON <event>: clause; clause ...` (the POLICY word already removed). */
export function parsePolicy(text: string): Policy | string {
  return parseWith<PolicyEvent>(GRAMMAR, text)
}
