// The parser every declared grammar gets: a line is split into tokens, its form is picked by its
// leading words (or tried in turn when a form has none), and each declared part is read in order
// into a typed value, or the line is refused with what was expected and the nearest names.
import { closest } from '../../../orders/script.ts'
import { readCompound } from './compound.ts'
import { syntax } from './help.ts'
import { numberRefusal, numberValue } from './numbers.ts'
import { isSign, type Token, tokenize, withoutNote } from './tokens.ts'
import type {
  Grammar,
  GrammarError,
  LineReading,
  Order,
  OrderForm,
  Part,
  TokenPart,
  Value,
  Vocabularies,
} from './types.ts'

class Refusal extends Error {
  constructor(readonly error: GrammarError) {
    super(error.message)
  }
}

const refuse = (message: string, suggestion?: string): never => {
  throw new Refusal(suggestion === undefined ? { message } : { message, suggestion })
}

class Reader {
  pos = 0
  /** The first optional group passed over at a place, and where: a word left there was most likely meant for it. */
  skipped: { part: Part; pos: number } | null = null
  /** A list that ended at a word none of its items took, and where: the word was most likely meant for it. */
  broken: { part: TokenPart; pos: number } | null = null
  constructor(
    readonly line: string,
    readonly tokens: Token[],
    readonly vocabs: Vocabularies,
  ) {}
  peek(): Token | undefined {
    return this.tokens[this.pos]
  }
  atEnd(): boolean {
    return this.pos >= this.tokens.length
  }
}

/**
 * Reads one order line (a trailing bracketed note is ignored, unless brackets are among the
 * grammar's signs: then they are part of its orders), or says why it cannot be read.
 */
export function parseLine(grammar: Grammar, vocabs: Vocabularies, line: string): LineReading {
  const text = grammar.signs?.includes('(') ? line.trim() : withoutNote(line)
  try {
    return { ok: true, order: readOrder(grammar, new Reader(text, tokenize(text, grammar.signs), vocabs)) }
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, error: e.error }
    throw e
  }
}

/** The words a form is known by, or its name when it has none: how errors name it. */
export function head(form: OrderForm): string {
  return form.words.length ? form.words.filter((w) => w !== ':').join(' ') : `a ${form.name} line`
}

export function didYouMean(written: string, names: readonly string[], listName: string): string {
  const near = closest(written, names, 2)
  return near.length ? `did you mean ${near.join(' or ')}?` : `${listName}: ${names.join(', ')}`
}

const keywords = (g: Grammar) => [...new Set(g.forms.filter((f) => f.words.length).map((f) => f.words[0]!))]

function matchesWords(form: OrderForm, r: Reader): boolean {
  return form.words.length > 0 && form.words.every((w, i) => r.tokens[r.pos + i]?.upper === w)
}

function readOrder(grammar: Grammar, r: Reader): Order {
  const first = r.peek()
  if (!first) return refuse(`no ${grammar.noun} given`, `${grammar.nouns}: ${keywords(grammar).join(', ')}`)
  const byWords = grammar.forms.filter((f) => matchesWords(f, r)).sort((a, b) => b.words.length - a.words.length)
  if (byWords[0]) return readForm(byWords[0], r)
  const started = grammar.forms.filter((f) => f.words[0] === first.upper)
  if (started.length)
    return refuse(`write ${started.map(syntax).join(' or ')}`, `e.g. ${started.map((f) => f.example).join(' or ')}`)
  const led = grammar.forms.filter((f) => !f.words.length)
  // The spelling search runs only for a line no form without keywords can start.
  if (!led.length || (!led.some((f) => startsGroup(f.parts, r)) && closest(first.upper, keywords(grammar), 2).length))
    return refuse(`unknown ${grammar.noun} ${first.text}`, didYouMean(first.upper, keywords(grammar), grammar.nouns))
  // Of the forms that refuse the line, the one that read furthest into it says why (the first on a tie).
  let refusal: { e: Refusal; at: number } | null = null
  for (const form of led) {
    const start = r.pos
    try {
      return readForm(form, r)
    } catch (e) {
      if (!(e instanceof Refusal)) throw e
      if (!refusal || r.pos > refusal.at) refusal = { e, at: r.pos }
      r.pos = start
    }
  }
  throw refusal!.e
}

function readForm(form: OrderForm, r: Reader): Order {
  r.pos += form.words.length
  const args: Record<string, Value> = {}
  form.parts.forEach((part, i) => readPart(form, part, r, args, i === form.parts.length - 1))
  const extra = r.peek()
  if (extra) {
    if (!form.parts.length) refuse(`${head(form)} takes no argument`)
    const meant = r.skipped?.pos === r.pos ? r.skipped.part : null
    if (meant && ['id', 'enum', 'int', 'decimal', 'compound'].includes(meant.kind))
      refuse(...unknownToken(meant as TokenPart, r))
    if (r.broken?.pos === r.pos) refuse(...unknownToken(r.broken.part, r))
    refuse(`${head(form)}: unexpected ${extra.text}`, `e.g. ${form.example}`)
  }
  return { form: form.name, args }
}

const labelOf = (p: { name: string; label?: string }) => p.label ?? `a ${p.name}`

function needs(form: OrderForm, what: string): never {
  return refuse(`${head(form)} needs ${what}`, `e.g. ${form.example}`)
}

function readPart(form: OrderForm, part: Part, r: Reader, args: Record<string, Value>, last = false): void {
  switch (part.kind) {
    case 'flag':
      args[part.name] = r.peek()?.upper === part.word
      if (args[part.name]) r.pos++
      return
    case 'optional':
      if (startsGroup(part.parts, r)) for (const p of part.parts) readPart(form, p, r, args)
      // Of several groups passed over at one place, a word left there was most likely meant for the first.
      else if (part.parts[0] && r.skipped?.pos !== r.pos) r.skipped = { part: part.parts[0], pos: r.pos }
      return
    case 'repeat':
      args[part.name] = readRepeat(form, part, r, last)
      return
    case 'forms':
      args[part.name] = readForms(part, r)
      return
    case 'text': {
      const t = r.peek()
      if (!t) return needs(form, part.label)
      args[part.name] = r.line.slice(t.start).trim()
      r.pos = r.tokens.length
      return
    }
    case 'literal':
      if (r.peek()?.upper === part.word) r.pos++
      else if (!part.optional) refuse(`${head(form)} reads ${syntax(form)}`, `e.g. ${form.example}`)
      return
    default: {
      if (!r.peek() || isSign(r.peek())) return needs(form, labelOf(part))
      const v = readToken(part, r)
      args[part.name] = v ?? refuse(...unknownToken(part, r))
    }
  }
}

/** Whether an optional group begins here: its first part is a sign, word or name found next. */
function startsGroup(parts: Part[], r: Reader): boolean {
  const p = parts[0]
  const t = r.peek()
  if (!p || !t) return false
  if (p.kind === 'literal' || p.kind === 'flag') return t.upper === p.word
  if (['enum', 'id', 'int', 'decimal', 'name', 'compound'].includes(p.kind)) {
    const at = r.pos
    const found = readToken(p as TokenPart, r) !== null
    r.pos = at
    return found
  }
  return false
}

/** Reads a single-token part where the reader stands; null (nothing read) when it does not fit. */
function readToken(part: TokenPart, r: Reader): string | number | Order | null {
  const t = r.peek()
  if (!t || isSign(t)) return null
  if (part.kind === 'literal') return t.upper === part.word ? (r.pos++, part.word) : null
  if (part.kind === 'enum') {
    const w = part.words.find((x) => x.toUpperCase() === t.upper)
    return w === undefined ? null : (r.pos++, w)
  }
  if (part.kind === 'int' || part.kind === 'decimal') {
    const n = numberValue(part, t.text)
    return n === null ? null : (r.pos++, n)
  }
  if (part.kind === 'name') return part.pattern.test(t.text) ? (r.pos++, t.upper) : null
  if (part.kind === 'compound') {
    const read = readCompound(part, t.text, r.vocabs)
    return read.ok ? (r.pos++, read.order) : null
  }
  return readId(part, r)
}

/** The longest run of words (up to the part's limit) that the vocabulary knows. */
function readId(part: Extract<TokenPart, { kind: 'id' }>, r: Reader): string | null {
  const vocab = r.vocabs[part.vocab]
  if (!vocab) throw new Error(`no vocabulary ${part.vocab}`)
  let run = 0
  while (run < (part.maxWords ?? 3) && r.tokens[r.pos + run] && !isSign(r.tokens[r.pos + run])) run++
  for (let n = run; n > 0; n--) {
    const id = vocab.resolve(
      r.tokens
        .slice(r.pos, r.pos + n)
        .map((t) => t.text)
        .join(' '),
    )
    if (id !== null) {
      r.pos += n
      return id
    }
  }
  return null
}

/** The name as written: the words up to a sign right after them (`CSS Sumtr:`), else one word. */
function writtenName(part: { maxWords?: number }, r: Reader): string {
  const rest = r.tokens.slice(r.pos)
  const run = rest.findIndex(isSign)
  const words = run > 1 && run <= (part.maxWords ?? 3) ? rest.slice(0, run) : rest.slice(0, 1)
  return words.map((t) => t.text).join(' ')
}

function unknownToken(part: TokenPart, r: Reader): [string, string?] {
  const t = r.peek()!
  if (part.kind === 'id') {
    const vocab = r.vocabs[part.vocab]!
    const written = writtenName(part, r)
    const said = vocab.unknown?.(written)
    if (said) return said.suggestion === undefined ? [said.message] : [said.message, said.suggestion]
    return [`unknown ${part.name} ${written}`, didYouMean(written.toUpperCase(), vocab.ids(), `${part.name}s`)]
  }
  if (part.kind === 'enum') return [`unknown ${part.name} ${t.text}`, didYouMean(t.upper, part.words, `${part.name}s`)]
  if (part.kind === 'int' || part.kind === 'decimal') return [numberRefusal(part, t.text)]
  if (part.kind === 'name') return [`${t.text} cannot be ${labelOf(part)}`, `e.g. ${part.examples[0] ?? ''}`]
  if (part.kind === 'compound') {
    const read = readCompound(part, t.text, r.vocabs)
    return read.ok ? [`unexpected ${t.text}`] : read.refusal
  }
  return [`expected ${part.word}, not ${t.text}`]
}

/**
 * A list ends at a sign, at the end of the line, or (when more parts follow and no separator was
 * just written) at a word that is none of its items; a word that breaks the list anywhere else is
 * refused as the item it should have been.
 */
function readRepeat(form: OrderForm, part: Extract<Part, { kind: 'repeat' }>, r: Reader, last: boolean): Value[] {
  const values: Value[] = []
  for (;;) {
    const separated = part.sep !== ' ' && values.length > 0 && r.peek()?.text === part.sep
    if (separated) r.pos++
    else if (part.sep !== ' ' && part.sep !== ',' && values.length) break
    const t = r.peek()
    if (!t || isSign(t)) break
    let v: string | number | Order | null = null
    for (const item of part.items) if (v === null) v = readToken(item, r)
    if (v === null) {
      const named = part.items.find((i) => i.kind !== 'literal') ?? part.items[0]!
      if (!last && !separated && values.length >= part.min) {
        r.broken = { part: named, pos: r.pos }
        break
      }
      refuse(...unknownToken(named, r))
    }
    values.push(v!)
  }
  if (values.length < part.min) needs(form, part.label)
  return values
}

const SEPARATORS: Record<string, string> = { ',': 'commas', ';': 'semicolons' }

/** Nested orders separated by a sign (or one, the rest of the line), each read by the nested forms alone. */
function readForms(part: Extract<Part, { kind: 'forms' }>, r: Reader): Order[] {
  const nested: Grammar = { noun: part.noun, nouns: part.nouns, forms: part.forms }
  const sep = part.sep ?? ','
  const list = `${part.nouns}: ${keywords(nested).join(', ')}`
  if (r.atEnd()) {
    const before = r.tokens.slice(0, r.pos).map((t) => t.text)
    refuse(`no ${part.noun} after ${before.join(' ').replace(/ :$/, ':')}`, list)
  }
  const segments: Token[][] = [[]]
  for (const t of r.tokens.slice(r.pos)) {
    if (t.sign && t.text === sep && !part.one) segments.push([])
    else segments.at(-1)!.push(t)
  }
  r.pos = r.tokens.length
  return segments.map((tokens) => {
    if (!tokens.length) refuse(`an empty ${part.noun} between ${SEPARATORS[sep] ?? `${sep} signs`}`, list)
    return readOrder(nested, new Reader(r.line, tokens, r.vocabs))
  })
}
