// A message's answers to the judge's questions: its DECIDE lines, wherever they stand, read by the
// declared form (games/kit/decideForm.ts), and the rest of it left to be filed as orders. The intake
// and `pbem check` both read a message with this one function, so they tell answers and orders
// apart the same way.
import { type DecideAnswer, isDecideLine, readDecide } from '../games/kit/decideForm.ts'
import { readScript } from '../orders/script.ts'

export interface AnswerLines {
  answers: DecideAnswer[]
  /** The message with its answer lines blanked (order line numbers stay as sent); null when nothing else is left. */
  orders: string | null
}

export function answerLines(body: string): AnswerLines {
  const script = readScript(body)
  const read = script.lines.flatMap((l) => {
    const answer = isDecideLine(l.words) ? readDecide(l.text) : null
    return answer ? [{ line: l.line, answer }] : []
  })
  const answers = read.map((r) => r.answer)
  if (!answers.length) return { answers, orders: null }
  const blank = new Set(read.map((r) => r.line))
  if (script.lines.every((l) => blank.has(l.line))) return { answers, orders: null }
  const lines = body.replace(/\r\n?/g, '\n').split('\n')
  return { answers, orders: lines.map((l, i) => (blank.has(i + 1) ? '' : l)).join('\n') }
}

/**
 * The answers of a message that starts with DECIDE or with no mail command (answers may come with
 * orders); null for any other mail command.
 */
export function messageAnswers(body: string, word: string | null): AnswerLines | null {
  return !word || isDecideLine([word]) ? answerLines(body) : null
}
