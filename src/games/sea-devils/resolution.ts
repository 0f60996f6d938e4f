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

/** A roll as a narrative entry cites it: its index among the published rolls or among the hidden draws. */
export interface RollRef {
  index: number
  hidden: boolean
}

export const CSA: Audience = onlyRoles('confederate')
export const USA: Audience = onlyRoles('federal')
export { PUBLIC, MODERATOR }

export class Resolution {
  readonly narrative: NarrativeEntry[] = []
  readonly decisions: DecisionRequest[] = []

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
    rolls?: RollRef[],
    place?: { at: string; mark?: NarrativeEntry['mark'] },
  ): void {
    const entry: NarrativeEntry = { audience, rule, text }
    const shown = (rolls ?? []).filter((r) => !r.hidden).map((r) => r.index)
    const hidden = (rolls ?? []).filter((r) => r.hidden).map((r) => r.index)
    if (shown.length) entry.rolls = shown
    if (hidden.length) entry.hiddenRolls = hidden
    if (place) Object.assign(entry, place.mark ? { at: place.at, mark: place.mark } : { at: place.at })
    this.narrative.push(entry)
  }

  /** A die roll; returns the face and where the dice record keeps it (a narrative entry cites it). */
  roll(label: string, sides: number, audience: Audience): { value: number; ref: RollRef } {
    const { value, index, hidden } = this.dice.draw(label, sides, audience)
    return { value, ref: { index, hidden } }
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
    /** Answers not open here: a policy clause giving one is passed over for the next (4.42). */
    closed: string[] = [],
  ): { action: string; source: string; passedOver?: string } {
    const all = this.policies[role]
    const open = closed.length
      ? all.map((p) => (p.event === event ? { ...p, clauses: p.clauses.filter((c) => !closed.includes(c.action)) } : p))
      : all
    const a = answer(open, event, scopes, facts, builtIn)
    const written = closed.length ? answer(all, event, scopes, facts, builtIn) : a
    const passedOver = written.action !== a.action && closed.includes(written.action) ? written.action : undefined
    if (!a.ask)
      return passedOver ? { action: a.action, source: a.source, passedOver } : { action: a.action, source: a.source }
    this.state.decisionSeq += 1
    const decisionId = `GT${this.state.turn}-D${this.state.decisionSeq}`
    const given = this.answers[decisionId]
    const valid = given !== undefined && options.some((o) => o.id === given)
    const applied = valid ? given! : a.action
    this.decisions.push({
      decisionId,
      role,
      question,
      options,
      defaultOption: a.action,
      narrativeBefore: this.narrative.length,
      applied,
      byDefault: !valid,
    })
    const source = valid ? `decision ${decisionId}` : `decision ${decisionId} (default)`
    return passedOver ? { action: applied, source, passedOver } : { action: applied, source }
  }
}
