// The working context of one resolution step: the state being changed, the dice, the narrative
// with its audiences, the decisions met on the way and the standing policies that answer them.
import {
  MODERATOR,
  PUBLIC,
  onlyRoles,
  type Audience,
  type DecisionOption,
  type DecisionRequest,
  type Dice,
  type NarrativeEntry,
} from '../contract.ts'
import { answer, type Facts, type Policy, type PolicyEvent } from './policy.ts'
import type { Ctx, SdState } from './state.ts'

export const CSA: Audience = onlyRoles('confederate')
export const USA: Audience = onlyRoles('federal')
export { PUBLIC, MODERATOR }

export class Resolution {
  readonly narrative: NarrativeEntry[] = []
  readonly decisions: DecisionRequest[] = []
  private rollCount = 0

  constructor(
    readonly state: SdState,
    readonly ctx: Ctx,
    private readonly dice: Dice,
    private readonly answers: Record<string, string>,
    readonly policies: { confederate: Policy[]; federal: Policy[] },
  ) {}

  say(
    audience: Audience,
    rule: string,
    text: string,
    rolls?: number[],
    place?: { at: string; mark?: NarrativeEntry['mark'] },
  ): void {
    const entry: NarrativeEntry = rolls && rolls.length ? { audience, rule, text, rolls } : { audience, rule, text }
    if (place) Object.assign(entry, place.mark ? { at: place.at, mark: place.mark } : { at: place.at })
    this.narrative.push(entry)
  }

  /** A die roll; returns the face and the roll's index in this step's dice record. */
  roll(label: string, sides: number, audience: Audience): { value: number; index: number } {
    const value = this.dice.roll(label, sides, audience)
    return { value, index: this.rollCount++ }
  }

  /**
   * Settles a reactive decision: the role's standing policy answers it; a policy that says ASK
   * makes it a player decision whose default is what the rest of the policy (or the built-in
   * rule) gives. The answer recorded for this decision id, if any, is applied.
   */
  decide(
    role: 'confederate' | 'federal',
    event: PolicyEvent,
    scopes: string[],
    facts: Facts,
    builtIn: (facts: Facts) => string,
    question: string,
    options: DecisionOption[],
  ): { action: string; source: string } {
    const a = answer(this.policies[role], event, scopes, facts, builtIn)
    if (!a.ask) return { action: a.action, source: a.source }
    this.state.decisionSeq += 1
    const decisionId = `GT${this.state.turn}-D${this.state.decisionSeq}`
    const given = this.answers[decisionId]
    const valid = given !== undefined && options.some((o) => o.id === given)
    const applied = valid ? given! : a.action
    this.decisions.push({ decisionId, role, question, options, defaultOption: a.action, applied, byDefault: !valid })
    return { action: applied, source: valid ? `decision ${decisionId}` : `decision ${decisionId} (default)` }
  }
}
