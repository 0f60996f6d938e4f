// Random orders from a declared grammar (the kit's grammar.ts): for the property that every
// order's echo parses back to the same order.
import fc from 'fast-check'
import type { Grammar, Order, OrderForm, Part, TokenPart, Value, Vocabularies } from '../../src/games/kit/grammar.ts'

/** Free text a `text` part may hold: trimmed, no comment sign, no closing bracketed note. */
const freeText = fc.stringMatching(/^[A-Z][A-Z0-9 .;:>=-]{0,20}[A-Z0-9]$/)

function tokenValue(p: TokenPart, vocabs: Vocabularies): fc.Arbitrary<string | number | Order> {
  if (p.kind === 'literal') return fc.constant(p.word)
  if (p.kind === 'compound') return compoundValue(p, vocabs)
  if (p.kind === 'enum') return fc.constantFrom(...p.words)
  if (p.kind === 'int') return fc.integer({ min: p.min, max: p.max })
  if (p.kind === 'decimal')
    return fc
      .integer({ min: Math.ceil(p.min * 10 ** p.places), max: Math.floor(p.max * 10 ** p.places) })
      .map((n) => n / 10 ** p.places + 0)
  if (p.kind === 'name') return fc.constantFrom(...p.examples)
  return fc.constantFrom(...vocabs[p.vocab]!.ids())
}

/** A compound's order: its required pieces, and its optional tail or not. */
function compoundValue(p: Extract<TokenPart, { kind: 'compound' }>, vocabs: Vocabularies): fc.Arbitrary<Order> {
  const req = p.required ?? p.pieces.length
  const typed = (pieces: readonly TokenPart[]) =>
    fc
      .tuple(
        ...pieces
          .filter((x) => x.kind !== 'literal')
          .map((x) => tokenValue(x, vocabs).map((v) => ({ [(x as { name: string }).name]: v }))),
      )
      .map((rs) => Object.assign({}, ...rs) as Record<string, Value>)
  const head = typed(p.pieces.slice(0, req))
  const tail =
    req < p.pieces.length ? fc.option(typed(p.pieces.slice(req)), { nil: undefined }) : fc.constant(undefined)
  return fc.tuple(head, tail).map(([h, t]) => ({ form: p.name, args: { ...h, ...(t ?? {}) } }))
}

function partValues(p: Part, vocabs: Vocabularies): fc.Arbitrary<Record<string, Value>> {
  switch (p.kind) {
    case 'literal':
      return fc.constant({})
    case 'flag':
      return fc.boolean().map((b) => ({ [p.name]: b }))
    case 'optional':
      return fc.option(partsValues(p.parts, vocabs), { nil: undefined }).map((v) => v ?? {})
    case 'repeat':
      return fc
        .array(fc.oneof(...p.items.map((i) => tokenValue(i, vocabs))), { minLength: Math.max(p.min, 0), maxLength: 4 })
        .map((vs) => ({ [p.name]: vs }))
    case 'forms':
      return fc
        .array(orderFrom(p.forms, vocabs), { minLength: 1, maxLength: p.one ? 1 : 4 })
        .map((os) => ({ [p.name]: os }))
    case 'text':
      return freeText.map((t) => ({ [p.name]: t }))
    default:
      return tokenValue(p, vocabs).map((v) => ({ [p.name]: v }))
  }
}

function partsValues(parts: Part[], vocabs: Vocabularies): fc.Arbitrary<Record<string, Value>> {
  return fc.tuple(...parts.map((p) => partValues(p, vocabs))).map((rs) => Object.assign({}, ...rs))
}

/** Every value a form's parts read into when absent: empty lists for repeats, as the parser gives. */
function withDefaults(form: OrderForm, args: Record<string, Value>): Record<string, Value> {
  const out = { ...args }
  const visit = (parts: Part[]) => {
    for (const p of parts) {
      if (p.kind === 'optional') visit(p.parts)
      else if (p.kind === 'flag') out[p.name] ??= false
    }
  }
  visit(form.parts)
  return out
}

export function orderFrom(forms: readonly OrderForm[], vocabs: Vocabularies): fc.Arbitrary<Order> {
  return fc.oneof(
    ...forms.map((f) => partsValues(f.parts, vocabs).map((args) => ({ form: f.name, args: withDefaults(f, args) }))),
  )
}

export function arbitraryOrder(grammar: Grammar, vocabs: Vocabularies): fc.Arbitrary<Order> {
  return orderFrom(grammar.forms, vocabs)
}
