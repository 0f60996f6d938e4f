// The moderator's PREVIEW (DPjudge): the open point resolved in a sandbox with what is on file now,
// mailed to the moderator only; nothing is appended.
import type { Letter } from '../reports/render.ts'
import type { TurnAdjudicated } from './events.ts'
import { stateHash, type GameFold } from './fold.ts'
import { resolvePoint } from './resolvePoint.ts'
import { openQuestions } from './clock/lifecycle.ts'
import type { JudgeContext as Judge } from './judgeContext.ts'
import * as resolving from './resolving.ts'

/**
 * PREVIEW (DPjudge): resolves the open point in a sandbox, as it would go now with the orders on
 * file and the decisions answered so far (the rest at their defaults), and mails the result to the
 * moderator only. Nothing is appended to the game.
 */
export function preview(
  j: Judge,
  game: string,
  opts: { to?: string | null; now?: Date } = {},
): { label: string; text: string; letter: Letter | null } {
  const fold = j.load(game)
  if (fold.finished) throw new Error(`game ${game} is over`)
  const secret = resolving.secretFor(j, fold)
  const { orders, inputs, salt } = resolving.inputsOf(fold)
  const answers: Record<string, string> = Object.fromEntries([...fold.answers].map(([id, a]) => [id, a.applied]))
  const assumed: string[] = []
  for (const d of openQuestions(fold)) {
    answers[d.decisionId] = d.defaultOption
    assumed.push(`${d.decisionId} (${d.role}) -> ${d.defaultOption}`)
  }
  const {
    step,
    dice,
    answers: used,
  } = resolvePoint(
    fold.ruleset,
    { state: fold.state, orders, answers, dice: () => fold.diceFor(fold.point, secret, salt) },
    (open) => {
      assumed.push(`${open.decisionId} (${open.role}) -> ${open.defaultOption}`)
      return open.defaultOption
    },
  )
  const adjudication: TurnAdjudicated = {
    point: fold.point,
    turn: fold.ruleset.turnOf(fold.state),
    label: step.label,
    rulesetVersion: fold.ruleset.version,
    inputs,
    decisionAnswers: used,
    secret,
    commitment: fold.commitment!,
    salt,
    rolls: dice.rolls,
    ...(dice.hiddenRolls.length ? { hiddenRolls: dice.hiddenRolls } : {}),
    narrative: step.narrative,
    stateHash: stateHash(step.state),
    finished: step.finished,
  }
  const sandbox: GameFold = {
    ...fold,
    state: step.state,
    finished: step.finished,
    commitment: null,
    deadline: null,
    requested: new Map(),
    answers: new Map(),
  }
  const model = j.reportModel(sandbox, { kind: 'moderator' }, adjudication)
  const report = j.templates.render(fold.created.ruleset, 'report.txt', model)
  const head = [
    `PREVIEW of resolution ${fold.point} (${step.label}): NOTHING IS RECORDED. The game is unchanged; the real resolution may differ if orders or answers change.`,
    `Orders used: ${
      Object.entries(inputs)
        .map(([r, x]) => `${r} ${x}`)
        .join(', ') || 'none'
    }.`,
    assumed.length ? `Decisions not yet answered, taken at their defaults: ${assumed.join('; ')}.` : '',
    '',
  ].filter((l, i) => l || i === 3)
  const text = [...head, report].join('\n')
  const to = opts.to === undefined ? (j.o.moderatorAddress ?? null) : opts.to
  const letter: Letter | null = to
    ? {
        messageId: `preview.${game}.p${fold.point}.v${fold.version}.${(opts.now ?? j.o.clock()).getTime()}@${j.mailDomain}`,
        from: j.fromAddress,
        to,
        subject: `[${game}] PREVIEW (nothing recorded): ${step.label}`,
        text,
        headers: { 'Auto-Submitted': 'auto-generated' },
      }
    : null
  if (letter) j.o.outbox.enqueue(letter, { game, kind: 'preview' })
  return { label: step.label, text, letter }
}
