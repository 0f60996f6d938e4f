// `pbem check`: what the judge would answer to an order text, without filing it. The text is read
// as the intake reads a mail body (reading.ts), its DECIDE lines and orders are told apart as the
// intake tells them apart (answerLines.ts), and then answered and filed by the judge's own calls
// inside a transaction that is rolled back: the verdicts are the acknowledgement's, by construction.
import type { LineError } from '../games/contract.ts'
import type { Judge } from '../engine/judge.ts'
import { type AnswerLines, messageAnswers } from './answerLines.ts'
import { mailCommandWord, misspeltCommand } from './commands.ts'
import { readText } from './reading.ts'

export interface CheckResult {
  /** How the text was read (what was left out). */
  notes: string[]
  /** The text is a mail command (STATUS, HELP, ...) or a misspelt one, not orders. */
  command: string | null
  /** The answers to DECIDE lines as the judge would record them, and its notice's lines. */
  answers: { recorded: { decisionId: string; applied: string }[]; refused: boolean; lines: string[] } | null
  /** The orders' verdict; null when the text holds none (answers alone, a command, nothing). */
  orders: { accepted: boolean; normalised: string[]; warnings: LineError[]; errors: LineError[] } | null
}

const DRY_RUN = new Error('pbem check: a dry run, rolled back')

export function checkOrders(judge: Judge, game: string, role: string, body: string): CheckResult {
  const read = readText(body)
  const text = read.text
  const none: CheckResult = { notes: read.notes, command: null, answers: null, orders: null }
  if (!text.trim()) return { ...none, command: 'an empty message (answered with HELP)' }
  const fold = judge.load(game)
  const word = mailCommandWord(text)
  const decided = messageAnswers(text, word)
  const answering = !!decided?.answers.length
  if (!answering && word) return { ...none, command: word }
  const typo = answering ? null : misspeltCommand(text)
  if (typo && fold.ruleset.parseOrders(fold.state, role, text).errors.length)
    return { ...none, command: `unknown command ${typo.written} (did you mean ${typo.meant}?)` }
  let out = none
  try {
    judge.transaction(() => {
      out = { ...none, ...fileAndRead(judge, game, role, decided, text, read.unreadFrom) }
      throw DRY_RUN
    })
  } catch (e) {
    if (e !== DRY_RUN) throw e
  }
  return out
}

/** Answers and files as the intake does (to be rolled back), and reads back what was recorded. */
function fileAndRead(
  judge: Judge,
  game: string,
  role: string,
  decided: AnswerLines | null,
  text: string,
  unreadFrom: { line: number; chars: number } | undefined,
): Pick<CheckResult, 'answers' | 'orders'> {
  const before = judge.load(game).answers
  let answers: CheckResult['answers'] = null
  if (decided?.answers.length) {
    const r = judge.answer(game, role, decided.answers, { withOrders: decided.orders !== null })
    const after = judge.load(game).answers
    const recorded = [...after]
      .filter(([id]) => !before.has(id))
      .map(([id, a]) => ({ decisionId: id, applied: a.applied }))
    const lines = r.ok ? r.message.split('\n').filter((l) => !/separate mail/.test(l)) : r.error.split('; ')
    answers = { recorded, refused: !r.ok || /Not recorded:/.test(r.message), lines }
    if (decided.orders === null) return { answers, orders: null }
  }
  const r = judge.submitOrders(game, role, decided?.orders ?? text, unreadFrom ? { unreadFrom } : {})
  const data = judge.load(game).receipts.get(r.receipt)?.data
  const accepted = data && 'normalised' in data ? data : null
  return {
    answers,
    orders: {
      accepted: r.accepted,
      normalised: accepted?.normalised ?? [],
      warnings: accepted?.warnings ?? [],
      errors: r.errors,
    },
  }
}

/** The verdict as `pbem check` prints it, one line each; `ok` lines only for what would be filed. */
export function checkLines(r: CheckResult): { lines: string[]; refused: boolean } {
  const lines = r.notes.map((n) => `read    ${n}`)
  if (r.answers) {
    const shown =
      r.answers.refused && !r.answers.recorded.length ? r.answers.lines.map((l) => `ERROR   DECIDE: ${l}`) : []
    lines.push(...(shown.length ? shown : r.answers.lines.map((l) => `answer  ${l}`)))
  }
  if (r.command) lines.push(`command ${r.command}: no orders in it`)
  const o = r.orders
  if (o?.accepted) for (const n of o.normalised) lines.push(`ok      ${n}`)
  const at = (line: number) => (line > 0 ? `line ${line}: ` : '')
  for (const w of o?.warnings ?? []) lines.push(`note    ${at(w.line)}${w.message}`)
  for (const e of o?.errors ?? [])
    lines.push(
      `ERROR   ${at(e.line)}${e.text ? `"${e.text}": ` : ''}${e.message}${e.suggestion ? ` (${e.suggestion})` : ''}`,
    )
  if (o)
    lines.push(
      o.accepted ? 'these orders would be accepted' : `${o.errors.length} error(s): these orders would be rejected`,
    )
  else if (r.answers)
    lines.push(r.answers.refused ? 'some answers would be refused' : 'these answers would be recorded')
  return { lines, refused: (o !== null && !o.accepted) || !!r.answers?.refused }
}
