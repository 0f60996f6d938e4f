// Rules tests in a few lines, for any game: given a constructed position, when the game resolves it
// with these orders, answers and dice, then read what happened. Dice are forced by their labels
// (the game names every roll), so a test states only the rolls it is about; the rest come from a
// fixed secret, or the test fails naming the roll it did not expect.
import { RecordingDice } from '../../src/engine/dice.ts'
import type {
  Audience,
  Dice,
  DrawnRoll,
  NarrativeEntry,
  Parsed,
  Ruleset,
  RollRecord,
  Step,
  Viewer,
} from '../../src/games/contract.ts'
import { canSee } from '../../src/games/contract.ts'

/** A forced roll: by exact label, or by a pattern; a list is used in order, one value per matching roll. */
export type ForcedRoll = { label: string | RegExp; values: number | number[] }

/**
 * Dice whose rolls are chosen by label. A roll no forced entry matches comes from `rest` (a fixed
 * secret's dice by default) or, with `rest: 'strict'`, fails naming its label.
 */
export class LabelledDice implements Dice {
  readonly rolls: (RollRecord & { forced: boolean })[] = []
  private readonly queues: { label: string | RegExp; values: number[] }[]
  private readonly rest: Dice | null
  private publicCount = 0
  private hiddenCount = 0

  constructor(forced: ForcedRoll[], rest: Dice | 'strict' = new RecordingDice('00'.repeat(32), 'spec', 0, '')) {
    this.queues = forced.map((f) => ({ label: f.label, values: Array.isArray(f.values) ? [...f.values] : [f.values] }))
    this.rest = rest === 'strict' ? null : rest
  }

  roll(label: string, sides: number, audience: Audience): number {
    return this.draw(label, sides, audience).value
  }

  draw(label: string, sides: number, audience: Audience): DrawnRoll {
    const queue = this.queues.find(
      (q) => q.values.length > 0 && (typeof q.label === 'string' ? q.label === label : q.label.test(label)),
    )
    let value: number
    if (queue) value = queue.values.shift()!
    else if (this.rest) value = this.rest.roll(label, sides, audience)
    else throw new Error(`roll "${label}" (d${sides}) is not forced; force it by its label`)
    if (!Number.isInteger(value) || value < 1 || value > sides)
      throw new Error(`forced value ${value} is not a face of d${sides} ("${label}")`)
    this.rolls.push({ index: this.rolls.length, label, sides, value, audience, forced: !!queue })
    const hidden = audience.kind !== 'public'
    return { value, index: hidden ? this.hiddenCount++ : this.publicCount++, hidden }
  }

  /** Forced values no roll used: a test that forces a roll the rules never make is wrong. */
  unused(): { label: string; values: number[] }[] {
    return this.queues.filter((q) => q.values.length > 0).map((q) => ({ label: String(q.label), values: q.values }))
  }
}

/** What a resolution did, in the forms a rules test checks. */
export interface Outcome<S> {
  step: Step<S>
  state: S
  dice: LabelledDice
  /** Narrative texts, optionally only those citing `rule` (exactly, or a rule under it: "8" finds "8.11"). */
  texts(rule?: string): string[]
  /** Narrative texts one reader may see. */
  seenBy(viewer: Viewer): string[]
  /** Every roll's label, in the order made. */
  labels: string[]
  /** Questions the rules met that no answer settled. */
  questions: Step<S>['decisions']
}

export interface Spec<S, O> {
  /** Orders for a role, parsed by the game; they must be accepted (the errors are thrown otherwise). */
  orders(role: string, text: string): Spec<S, O>
  /** Answers to questions, by decision id. */
  answers(given: Record<string, string>): Spec<S, O>
  /** Rolls forced by label: `dice({ 'omen, round 1': 6, 'house card': [2, 3] })` or with patterns. */
  dice(forced: Record<string, number | number[]> | ForcedRoll[], rest?: Dice | 'strict'): Spec<S, O>
  /** Resolves the open point. */
  resolve(): Outcome<S>
}

/** Starts a rules test: the state (a scenario's, changed by `shape`s) and nothing else yet. */
export function given<S, O>(ruleset: Ruleset<S, O>, state: S, ...shape: ((s: S) => void)[]): Spec<S, O> {
  const position = structuredClone(state)
  for (const f of shape) f(position)
  const orders: Record<string, O[]> = {}
  const answers: Record<string, string> = {}
  let forced: ForcedRoll[] = []
  let rest: Dice | 'strict' | undefined
  const spec: Spec<S, O> = {
    orders(role, text) {
      const parsed: Parsed<O> = ruleset.parseOrders(position, role, text)
      if (parsed.errors.length)
        throw new Error(
          `${role} orders refused: ${parsed.errors.map((e) => `line ${e.line}: ${e.message}`).join('; ')}`,
        )
      orders[role] = parsed.commands
      return spec
    },
    answers(given) {
      Object.assign(answers, given)
      return spec
    },
    dice(f, r) {
      forced = Array.isArray(f) ? f : Object.entries(f).map(([label, values]) => ({ label, values }))
      rest = r
      return spec
    },
    resolve() {
      const dice = new LabelledDice(forced, rest)
      const step = ruleset.resolve(position, { orders, decisions: answers }, dice)
      const cites = (e: NarrativeEntry, rule: string) =>
        (e.rule ?? '').split(/[,\s]+/).some((r) => r === rule || r.startsWith(`${rule}.`))
      return {
        step,
        state: step.state,
        dice,
        texts: (rule) => step.narrative.filter((e) => rule === undefined || cites(e, rule)).map((e) => e.text),
        seenBy: (viewer) => step.narrative.filter((e) => canSee(viewer, e.audience)).map((e) => e.text),
        labels: dice.rolls.map((r) => r.label),
        questions: step.decisions.filter((d) => !(d.decisionId in answers)),
      }
    },
  }
  return spec
}
