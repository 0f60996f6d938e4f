// `pbem check`: what the judge would answer to an order text, without filing it. The text is read
// as the intake reads a mail body (reading.ts), its DECIDE lines and orders are told apart as the
// intake tells them apart (commands.ts), and the verdicts are the ones the acknowledgement gives
// (the engine's answerVerdicts and orderVerdict), so `check` and the acknowledgement cannot differ.
import { type AnswerVerdict, answerVerdicts } from '../engine/asking.ts'
import type { Judge } from '../engine/judge.ts'
import { type OrderVerdict, orderVerdict } from '../engine/orderFiling.ts'
import { decideLines, mailCommandWord, misspeltCommand } from './commands.ts'
import { readText } from './reading.ts'

export interface CheckResult {
  /** How the text was read (what was left out). */
  notes: string[]
  /** The text is a mail command (STATUS, HELP, ...) or a misspelt one, not orders. */
  command: string | null
  /** Each DECIDE line, recorded or refused. */
  answers: AnswerVerdict[]
  /** The orders' verdict; null when the text holds none (answers alone, a command, nothing). */
  orders: OrderVerdict | null
}

export function checkOrders(judge: Judge, game: string, role: string, body: string): CheckResult {
  const read = readText(body)
  const text = read.text
  const none = { notes: read.notes, command: null, answers: [], orders: null }
  if (!text.trim()) return { ...none, command: 'an empty message (answered with HELP)' }
  const fold = judge.load(game)
  const word = mailCommandWord(text)
  const decided = word === 'DECIDE' || !word ? decideLines(text) : null
  const answers = decided?.answers.length ? answerVerdicts(judge, fold, role, decided.answers) : []
  if (decided?.answers.length && decided.orders === null) return { ...none, answers }
  if (!decided?.answers.length && word) return { ...none, command: word }
  const typo = decided?.answers.length ? null : misspeltCommand(text)
  if (typo && fold.ruleset.parseOrders(fold.state, role, text).errors.length)
    return { ...none, command: `unknown command ${typo.written} (did you mean ${typo.meant}?)` }
  const orders = orderVerdict(judge, fold, role, decided?.orders ?? text, read.unreadFrom)
  return { notes: read.notes, command: null, answers, orders }
}

/** The verdict as `pbem check` prints it, one line each; `ok` lines only for what would be filed. */
export function checkLines(r: CheckResult): { lines: string[]; refused: boolean } {
  const lines = r.notes.map((n) => `read    ${n}`)
  for (const a of r.answers)
    lines.push(
      a.error === null
        ? `ok      DECIDE ${a.decisionId} ${a.answer}${a.label ? ` (${a.label})` : ''}`
        : `ERROR   ${a.given ? `${a.given}: ` : ''}${a.error}`,
    )
  if (r.command) lines.push(`command ${r.command}: no orders in it`)
  const o = r.orders
  if (o?.accepted) for (const n of o.normalised) lines.push(`ok      ${n}`)
  const at = (line: number) => (line > 0 ? `line ${line}: ` : '')
  for (const w of o?.warnings ?? []) lines.push(`note    ${at(w.line)}${w.message}`)
  for (const e of o?.errors ?? [])
    lines.push(
      `ERROR   ${at(e.line)}${e.text ? `"${e.text}": ` : ''}${e.message}${e.suggestion ? ` (${e.suggestion})` : ''}`,
    )
  const answersRefused = r.answers.filter((a) => a.error !== null).length
  if (o)
    lines.push(
      o.accepted ? 'these orders would be accepted' : `${o.errors.length} error(s): these orders would be rejected`,
    )
  else if (r.answers.length)
    lines.push(answersRefused ? `${answersRefused} answer(s) would be refused` : 'these answers would be recorded')
  return { lines, refused: (o !== null && !o.accepted) || answersRefused > 0 }
}
