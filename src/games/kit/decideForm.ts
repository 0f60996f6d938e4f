// DECIDE <id> <answer>: how a player answers a question the judge put to him, in every game,
// declared once on the kit's grammar. The mail layer reads answers with it, HELP writes its line
// from it, and the echo writes an answer back as a line the parser reads to the same answer.
//
// The grammar reads the line's shape only: which question (the id as written, since ids are matched
// as issued) and the answer's words. Whether the id is pending and the answer one of its options is
// the judge's to say, who knows the question: a line with no id or no answer is read as such and
// refused there, with the pending ids and the answer's form as the suggestion.
import { echo, type Grammar, type Order, type OrderForm, parseLine, type Vocabularies } from './grammar.ts'

/** Any one word, as written: the decision id and each word of the answer. */
const asWritten = { resolve: (w: string) => w, ids: () => [] }

export const DECIDE_FORM: OrderForm = {
  name: 'decide',
  words: ['DECIDE'],
  parts: [
    {
      kind: 'optional',
      syntax: '<id> <answer>',
      parts: [
        { kind: 'id', name: 'decision', vocab: 'word', label: 'a decision id', maxWords: 1 },
        {
          kind: 'repeat',
          name: 'answer',
          items: [{ kind: 'id', name: 'word', vocab: 'word', maxWords: 1 }],
          min: 0,
          sep: ' ',
          label: 'an answer',
        },
      ],
    },
  ],
  summary: 'answer a question the judge put to you (several lines, and with orders, may go together)',
  example: 'DECIDE R1-NORTH-C9 KEEP',
}

/** No signs: a free answer's commas and colons (`1,3`) are words of the answer, as written. */
export const DECIDE_GRAMMAR: Grammar = { noun: 'answer', nouns: 'answers', forms: [DECIDE_FORM], signs: [] }

const VOCABS: Vocabularies = { word: asWritten }

export interface DecideAnswer {
  decisionId: string
  answer: string
}

/** Whether a line (its words in upper case) is an answer line: it starts with the form's word. */
export function isDecideLine(words: readonly string[]): boolean {
  return words[0] === DECIDE_FORM.words[0]
}

/** An answer line read (a trailing bracketed note left out), or null when it is no answer line. */
export function readDecide(line: string): DecideAnswer | null {
  const read = parseLine(DECIDE_GRAMMAR, VOCABS, line)
  if (!read.ok) return null
  const answer = (read.order.args.answer as string[] | undefined) ?? []
  return { decisionId: String(read.order.args.decision ?? ''), answer: answer.join(' ') }
}

/** The answer written back as one line, which readDecide reads to the same answer. */
export function echoDecide(a: DecideAnswer): string {
  const args: Order['args'] = {}
  if (a.decisionId) args.decision = a.decisionId
  const words = a.answer.split(/\s+/).filter(Boolean)
  if (words.length) args.answer = words
  return echo(DECIDE_GRAMMAR, { form: DECIDE_FORM.name, args })
}
