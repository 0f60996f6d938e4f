// A game's order grammar, declared once: each order form with its words, its typed parts, what it
// does and an example. From the declaration come the parser (typed orders, or an error with the
// nearest names), the normalised echo that parses back to the same orders, HELP and the order
// form's comments. See grammar/types.ts for the declaration's shape.
export { echo, findForm } from './grammar/echo.ts'
export { formComments, helpLines, syntax } from './grammar/help.ts'
export { didYouMean, head, parseLine } from './grammar/parse.ts'
export { tokenize, withoutNote } from './grammar/tokens.ts'
export type {
  Grammar,
  GrammarError,
  LineReading,
  Order,
  OrderForm,
  Part,
  Piece,
  TokenPart,
  Value,
  Vocabularies,
  Vocabulary,
} from './grammar/types.ts'

import type { Vocabulary } from './grammar/types.ts'

/** A vocabulary of fixed ids, each also known by its aliases; names match ignoring case and punctuation. */
export function listVocabulary(entries: readonly { id: string; aliases?: readonly string[] }[]): Vocabulary {
  const key = (s: string) => s.toUpperCase().replace(/[^A-Z0-9+]/g, '')
  const byKey = new Map<string, string>()
  for (const e of entries) for (const n of [e.id, ...(e.aliases ?? [])]) if (!byKey.has(key(n))) byKey.set(key(n), e.id)
  const ids = entries.map((e) => e.id)
  return { resolve: (w) => byKey.get(key(w)) ?? null, ids: () => ids }
}
