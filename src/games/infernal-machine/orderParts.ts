// The builders Infernal Machine's order forms are declared with (actionForms.ts, missionForms.ts,
// campaignForms.ts): a name from the pack's vocabularies, a fixed word, one of a list, a number, a
// list, an optional group, a part or persona on a tile, and the form itself.
import type { OrderForm, Part, TokenPart } from '../kit/grammar.ts'

export type Vocab = 'persona' | 'part' | 'position' | 'location' | 'contract' | 'target'

export const id = (vocab: Vocab, name: string = vocab, label?: string): TokenPart => ({
  kind: 'id',
  name,
  vocab,
  maxWords: 1,
  ...(label ? { label } : {}),
})
export const word = (w: string): Part => ({ kind: 'literal', word: w })
export const oneOf = (name: string, words: readonly string[], label?: string): TokenPart => ({
  kind: 'enum',
  name,
  words,
  ...(label ? { label } : {}),
})
export const int = (name: string, min: number, max: number, label?: string): TokenPart => ({
  kind: 'int',
  name,
  min,
  max,
  ...(label ? { label } : {}),
})
export const list = (name: string, items: TokenPart[], label: string, sep = ',', min = 1, syntax?: string): Part => ({
  kind: 'repeat',
  name,
  items,
  min,
  sep,
  label,
  ...(syntax ? { syntax } : {}),
})
export const optional = (...parts: Part[]): Part => ({ kind: 'optional', parts })
/** `<part>@<tile>`: a part or a persona on a tile, numbered from the prow, 0. */
export const onTile = (vocab: Vocab, name: string, tile = 'tile', max = 31): TokenPart => ({
  kind: 'compound',
  name,
  pieces: [
    { kind: 'id', name: vocab, vocab },
    { kind: 'literal', word: '@' },
    { kind: 'int', name: tile, min: 0, max, label: `the ${tile}` },
  ],
})
export const PERSIST = optional(word('PERSIST'), oneOf('persist', ['CUBES', 'ACTION']))
export const GREASE = optional(word('GREASE'), int('grease', 0, 99, 'the Greased Wheels'))
export const form = (name: string, words: string[], parts: Part[], summary: string, example: string): OrderForm => ({
  name,
  words,
  parts,
  summary,
  example,
})
