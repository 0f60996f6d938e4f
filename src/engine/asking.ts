// Questions by mail: asking (between resolutions when a point opens, or during one), the question
// mail, and the players' DECIDE answers, checked and recorded.
import { onlyRoles } from '../games/contract.ts'
import { sha256Hex } from '../util/canonical.ts'
import type { NewEvent } from '../log/store.ts'
import type { Letter } from '../reports/render.ts'
import { gameStream, type DecisionRequested } from './events.ts'
import type { GameFold } from './fold.ts'
import { checkAnswer, questionOf, questionText } from './questions.ts'
import { playerKey, serverSecret } from './keys.ts'
import { boundList } from './orderLimits.ts'
import { inProgress } from './clock/lifecycle.ts'
import type { JudgeContext as Judge } from './judgeContext.ts'
import type { CallResult, CallMeta } from './calls.ts'
import * as reporting from './reporting.ts'

/** The question mailed to the deciding player only: what that player may see, the options, the default, the deadline. */
export function decisionLetter(
  j: Judge,
  fold: GameFold,
  d: DecisionRequested & { deadline: string },
  label: string,
): Letter | null {
  const game = fold.created.game
  const p = fold.players.get(d.role)
  if (!p || fold.ejected.has(d.role)) return null
  const key = playerKey(serverSecret(j.o.db), game, d.role, p.keyGeneration)
  const body = questionText(d, {
    label,
    between: d.between === true,
    answerBy: j.when(fold, d.deadline, d.role),
    game,
    role: d.role,
    key,
    judge: j.judgeAddress,
  })
  return {
    messageId: `decision.${game}.${d.decisionId}.g${p.keyGeneration}@${j.mailDomain}`,
    from: j.fromAddress,
    to: p.address,
    replyTo: j.replyAddress(game, d.role, key),
    subject: `[${game}] ${d.between ? 'Question' : 'Decision needed'}: ${d.decisionId} (${d.role})`,
    text: j.templates.render(null, 'notice.txt', { body }),
    headers: { 'Auto-Submitted': 'auto-generated' },
  }
}

/**
 * The questions the open point asks before it is resolved (the game's awaited decisions) that are
 * not on record yet: recorded with the point's deadline and mailed to their players. Called where
 * a point opens, in the same transaction.
 */
export function askOpeningQuestions(j: Judge, game: string, reports?: Letter[]): void {
  j.o.store.transaction(() => askQuestionsOf(j, game, reports))
}

/**
 * With `reports` (the letters about to be sent as the point opens), a question whose player gets
 * one of them is written into it instead of a mail of its own: one mail per player.
 */
export function askQuestionsOf(j: Judge, game: string, reports?: Letter[]): void {
  const fold = j.load(game)
  if (fold.finished || !fold.deadline) return
  const events: NewEvent[] = []
  const letters: Letter[] = []
  const turn = fold.ruleset.turnLabel(fold.ruleset.turnOf(fold.state))
  for (const a of fold.ruleset.awaiting(fold.state)) {
    if (a.kind !== 'decision' || fold.requested.has(a.decisionId)) continue
    const data: DecisionRequested & { deadline: string } = {
      ...questionOf(a),
      point: fold.point,
      deadline: fold.deadline.deadline,
      between: true,
    }
    events.push({ type: 'DecisionRequested', schemaVersion: 2, data, audience: onlyRoles(a.role) })
    const letter = decisionLetter(j, fold, data, turn)
    const report = letter && reports?.find((r) => r.to === letter.to && r.replyTo === letter.replyTo)
    if (report) withQuestion(report, letter)
    else if (letter) letters.push(letter)
  }
  if (!events.length) return
  j.o.store.append(gameStream(game), fold.version, events)
  for (const l of letters) j.o.outbox.enqueue(l, { game, kind: 'decision' })
}

const escapeHtml = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** A question's mail, added at the end of its player's report (both parts). */
function withQuestion(report: Letter, question: Letter): void {
  const title = question.subject.replace(/^\[[^\]]*\]\s*/, '')
  report.text = `${report.text.trimEnd()}\n\n${title.toUpperCase()}\n${question.text.trimEnd()}\n`
  if (report.html) {
    const part = `<h2>${escapeHtml(title)}</h2>\n<pre>${escapeHtml(question.text.trimEnd())}</pre>\n`
    const end = report.html.lastIndexOf('</body>')
    report.html = end < 0 ? report.html + part : report.html.slice(0, end) + part + report.html.slice(end)
  }
}

/** One answer: DECIDE <id> <answer> (the CLI's `pbem decide`). */
export function decide(
  j: Judge,
  game: string,
  role: string,
  decisionId: string,
  answer: string,
  meta: CallMeta = {},
): CallResult {
  return j.answer(game, role, [{ decisionId, answer }], meta)
}

/**
 * DECIDE <id> <answer>: a player's answers to questions put to them (DecisionMade), one line or
 * several; a fixed option by its id, a free answer as the game checks it. Each answer is taken or
 * refused on its own, and one notice says which.
 */
/** More answers than this in one message are not read (a solitaire game asks a few at a time). */
export const MAX_ANSWERS_A_MESSAGE = 50

export function answer(
  j: Judge,
  game: string,
  role: string,
  given: { decisionId: string; answer: string }[],
  meta: CallMeta & { withOrders?: boolean } = {},
): CallResult {
  return j.o.store.transaction(() => {
    const fold = j.load(game)
    if (!fold.players.has(role)) return { ok: false as const, error: `game ${game} has no role "${role}"` }
    const now = j.o.clock().getTime()
    const events: NewEvent[] = []
    const taken: string[] = []
    const refused: string[] = []
    const refusedIds: string[] = []
    const errors: string[] = []
    const answeredNow = new Set<string>()
    // A message's answers are read up to a bound, so that a flood of DECIDE lines costs little.
    const read = given.slice(0, MAX_ANSWERS_A_MESSAGE)
    if (given.length > read.length) {
      refused.push(
        `${given.length - read.length} more DECIDE line(s) not read: at most ${MAX_ANSWERS_A_MESSAGE} a message`,
      )
      errors.push(refused.at(-1)!)
    }
    for (const g of read) {
      const id = askedAs(fold, g.decisionId)
      const d = fold.requested.get(id)
      const mine = [...fold.requested.values()]
        .filter((x) => x.role === role && !fold.answers.has(x.decisionId) && !answeredNow.has(x.decisionId))
        .map((x) => x.decisionId)
      const settled = fold.answers.get(id)
      const due = d?.between ? (fold.paused ? null : (fold.deadline?.deadline ?? null)) : (d?.deadline ?? null)
      let error: string | null = null
      let answer: string | null = null
      if (!d || d.role !== role)
        error = `no decision ${id || '(no id)'} is waiting for your answer${mine.length ? `; yours: ${mine.join(', ')}` : ' (none of yours is pending)'}`
      else if (answeredNow.has(id)) error = `${id} is answered twice in this message; the first answer counts`
      else if (settled)
        error = `decision ${id} is already settled: ${settled.applied} (${settled.byDefault ? 'its deadline passed and the default was applied' : 'your answer'})`
      else if (due && Date.parse(due) < now)
        error = `too late: the answer to ${id} was due at ${j.when(fold, due, role)}; the default ${d.defaultOption} applies`
      else {
        const checked = checkAnswer(fold.ruleset, fold.state, d, g.answer)
        if ('error' in checked) error = checked.error
        else answer = checked.answer
      }
      if (error || answer === null) {
        refused.push(`${`DECIDE ${g.decisionId} ${g.answer}`.trim()}: ${error}`)
        refusedIds.push(id || '(no id)')
        errors.push(error!)
        continue
      }
      answeredNow.add(id)
      taken.push(
        `${id}: ${answer}${d!.answer !== 'text' ? ` (${d!.options.find((o) => o.id === answer)?.label})` : ''}`,
      )
      events.push({
        type: 'DecisionMade',
        data: { point: fold.point, decisionId: id, applied: answer },
        audience: onlyRoles(role),
        causation: meta.messageId ?? null,
      })
    }
    if (events.length) j.o.store.append(gameStream(game), fold.version, events)
    const tag = sha256Hex(`${meta.messageId ?? j.o.clock().toISOString()}|${JSON.stringify(given)}`).slice(0, 12)
    const next = inProgress(fold)
      ? "The resolution goes on at the judge's next tick; the results, or the next question, follow by mail."
      : 'The answers are inputs of the next resolution, with the orders on file.'
    const message = [
      ...(taken.length ? ['Recorded (an answer is final):', ...taken.map((t) => `  ${t}`), next] : []),
      ...(refused.length ? ['Not recorded:', ...refused.map((r) => `  ${r}`)] : []),
      ...(meta.withOrders ? ['The orders in the same message are acknowledged in a separate mail.'] : []),
    ].join('\n')
    if (meta.mail !== false)
      reporting.noticeTo(
        j,
        fold,
        role,
        decideSubject(
          taken.map((t) => t.split(': ')[0]!),
          refusedIds,
          answeredNow.size === 1 ? String((events[0]!.data as { applied: string }).applied) : null,
        ),
        message,
        `decide${refused.length ? '-error' : ''}.${game}.${tag}`,
        'ack',
        meta.messageId,
      )
    return refused.length && !taken.length
      ? { ok: false as const, error: errors.join('; '), ...(meta.mail === false ? { message } : {}) }
      : { ok: true as const, message }
  })
}

/**
 * The id of the question an answer names, read in any case: a game's own ids may mix cases (Rebel
 * Raiders' name their spaces in capitals). An id no question has is given back in capitals.
 */
function askedAs(fold: GameFold, written: string): string {
  const upper = written.trim().toUpperCase()
  for (const id of fold.requested.keys()) if (id.toUpperCase() === upper) return id
  return upper
}

/** A notice subject naming a few of the answers (a subject line stays short). */
export function decideSubject(taken: string[], refused: string[], single: string | null): string {
  const ids = (xs: string[]) => boundList(xs, 60, (n) => `${n} more`).join(', ')
  if (!taken.length) return `Decision not recorded: ${ids(refused)}`
  const recorded =
    taken.length === 1 && single !== null
      ? `Decision recorded: ${taken[0]} ${single.slice(0, 60)}`
      : `Decisions recorded: ${ids(taken)}`
  return refused.length ? `${recorded}; not recorded: ${ids(refused)}` : recorded
}
