// Questions the rules put to a player: what is recorded of one, how an answer is
// checked, and the question mail's text. A question is asked between resolutions (its answer is an
// input of the next one) or during one (the resolution waits for it); either way the answer is a
// fixed option or a free answer in the game's own syntax, checked by the game.
import { canSee, type NarrativeEntry, type Question, type Ruleset } from '../games/contract.ts'

/** The question as the log keeps it: what was asked, not what was applied. */
export function questionOf(q: Question): Question {
  return {
    decisionId: q.decisionId,
    role: q.role,
    question: q.question,
    options: q.options.map((o) => ({ id: o.id, label: o.label })),
    defaultOption: q.defaultOption,
    ...(q.answer ? { answer: q.answer } : {}),
    ...(q.form ? { form: q.form } : {}),
    ...(q.situation?.length ? { situation: [...q.situation] } : {}),
    ...(q.context ? { context: q.context } : {}),
  }
}

/** What the deciding player may read of the resolution so far: the entries addressed to him or to all. */
export function narrativeSoFar(narrative: NarrativeEntry[], role: string): string[] {
  const seen = narrative.filter((e) => canSee({ kind: 'role', role }, e.audience))
  return seen.length
    ? ['So far in this resolution:', ...seen.map((e) => `  ${e.rule ? `[${e.rule}] ` : ''}${e.text}`)]
    : []
}

/** An answer as the rules will read it, or why it is refused. */
export function checkAnswer(
  ruleset: Ruleset<unknown, unknown>,
  state: unknown,
  q: Question,
  text: string,
): { answer: string } | { error: string } {
  const given = text.trim().replace(/\s+/g, ' ')
  if (!given) return { error: `an answer is missing: write DECIDE ${q.decisionId} ${answerForm(q)}` }
  if (q.answer === 'text') {
    if (ruleset.parseAnswer) return ruleset.parseAnswer(state, q, given)
    return { answer: given }
  }
  const chosen = q.options.find((o) => o.id.toUpperCase() === given.toUpperCase())
  if (chosen) return { answer: chosen.id }
  return {
    error: `"${given}" is not an option for ${q.decisionId}; the options are ${q.options.map((o) => o.id).join(', ')} (write e.g. DECIDE ${q.decisionId} ${q.defaultOption})`,
  }
}

/** How an answer is written: the game's form for a free answer, else the option placeholder. */
export function answerForm(q: Question): string {
  return q.answer === 'text' ? (q.form ?? '<your answer>') : '<option>'
}

/** The body of a question mail, for the deciding player only. */
export function questionText(
  q: Question,
  opts: { label: string; between: boolean; answerBy: string; game: string; role: string; key: string; judge: string },
): string {
  const width = Math.max(0, ...q.options.map((o) => o.id.length))
  const options = q.options.map((o) => `  ${o.id.padEnd(width)}  ${o.label}`)
  return [
    opts.between
      ? `Before ${opts.label} is resolved, the rules need your answer to a question.`
      : `The resolution of ${opts.label} has stopped where the rules need your decision.`,
    '',
    `${q.decisionId}: ${q.question}`,
    ...(q.situation?.length ? ['', ...q.situation] : []),
    '',
    ...(q.answer === 'text'
      ? [`Answer in the form: ${answerForm(q)}`, ...(options.length ? ['For example:', ...options] : [])]
      : ['Options:', ...options]),
    '',
    `Default, applied if no answer arrives in time: ${q.defaultOption}`,
    `Answer by: ${opts.answerBy}`,
    '',
    'To answer, reply to this mail (its address carries your key) with the line',
    '',
    `  DECIDE ${q.decisionId} ${answerForm(q)}`,
    '',
    `for example DECIDE ${q.decisionId} ${q.defaultOption}, or write to ${opts.judge} with the lines`,
    `GAME ${opts.game} ${opts.role.toUpperCase()} and KEY ${opts.key} first. An answer is final.`,
    opts.between
      ? 'The same mail may carry your orders too: the DECIDE lines are taken out and the rest filed as orders.'
      : 'The other players learn only that the resolution is in progress.',
  ].join('\n')
}
