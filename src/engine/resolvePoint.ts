// One way to resolve a point: the live resolution, the moderator's preview, the fold of the log and
// re-adjudication all run the rules here, so questions, defaults and dice are met the same way on
// every path. A question the rules meet is settled by the caller: answered at once (a default, a
// recorded answer) or the run stops there and nothing of it is a result yet.
import type { DecisionRequest, Ruleset, Step } from '../games/contract.ts'
import type { RecordingDice } from './dice.ts'

export interface PointInput<S> {
  state: S
  orders: Record<string, unknown[]>
  /** Answers known before the run (between resolutions, or given during earlier runs). */
  answers: Record<string, string>
  /** Fresh dice for the point: every run of the rules starts from the same first roll. */
  dice: () => RecordingDice
}

/** The answer to apply at once to a question met while resolving, or 'stop' to wait for the player. */
export type OnQuestion = (question: DecisionRequest, step: Step<unknown>) => string | 'stop'

export interface PointRun<S> {
  step: Step<S>
  dice: RecordingDice
  answers: Record<string, string>
  /** The question the run stopped at, or null when the resolution settled. */
  stoppedAt: DecisionRequest | null
}

/** A solitaire game may ask at every step; a resolution that re-runs more often than this is a rules bug. */
const MAX_RUNS = 5000

/**
 * Runs the rules on one point. Each question the rules meet that `answers` does not settle goes to
 * `onQuestion`; an answer re-runs the point from its start with the same dice, which gives the same
 * prefix (the rules are deterministic), and goes on to the end or the next question.
 */
export function resolvePoint<S>(
  ruleset: Ruleset<S, unknown>,
  input: PointInput<S>,
  onQuestion: OnQuestion,
): PointRun<S> {
  const answers = { ...input.answers }
  for (let run = 0; run < MAX_RUNS; run++) {
    const dice = input.dice()
    const step = ruleset.resolve(input.state, { orders: input.orders, decisions: answers }, dice)
    const open = step.decisions.find((d) => !(d.decisionId in answers))
    if (!open) return { step, dice, answers, stoppedAt: null }
    const answer = onQuestion(open, step)
    if (answer === 'stop') return { step, dice, answers, stoppedAt: open }
    answers[open.decisionId] = answer
  }
  throw new Error(`the questions of this resolution do not settle after ${MAX_RUNS} runs`)
}

/**
 * For a recorded result: it was resolved with every answer it needed, and a question its record does
 * not answer (logs from before questions by mail) took the game's own default, as the step shows.
 */
export const AS_RECORDED: OnQuestion = () => 'stop'
