// A compound token (`moser@1`, `moser=MECH:ballastTank`): typed pieces joined by fixed characters
// inside one word, read into an order named after the part and written back the same way.
import { closest } from '../../../orders/script.ts'
import { numberRefusal, numberValue } from './numbers.ts'
import type { Order, Piece, TokenPart, Value, Vocabularies } from './types.ts'

type Compound = Extract<TokenPart, { kind: 'compound' }>

/** A refusal: what is wrong and, when there is one, the nearest name. */
export type PieceRefusal = [string, string?]

const labelOf = (p: { name: string; label?: string }) => p.label ?? `a ${p.name}`
const bare = (p: { name: string; label?: string }) => (p.label ?? p.name).replace(/^(an?|the) /, '')

function nearest(written: string, names: readonly string[], listName: string): string {
  const near = closest(written, names, 2)
  return near.length ? `did you mean ${near.join(' or ')}?` : `${listName}: ${names.join(', ')}`
}

/** A typed piece's value from its text, or null when it does not fit. */
function pieceValue(p: Piece, text: string, vocabs: Vocabularies): string | number | null {
  if (p.kind === 'literal') return text.toUpperCase() === p.word.toUpperCase() ? p.word : null
  if (p.kind === 'enum') return p.words.find((w) => w.toUpperCase() === text.toUpperCase()) ?? null
  if (p.kind === 'int' || p.kind === 'decimal') return numberValue(p, text)
  if (p.kind === 'name') return p.pattern.test(text) ? text.toUpperCase() : null
  const vocab = vocabs[p.vocab]
  if (!vocab) throw new Error(`no vocabulary ${p.vocab}`)
  return vocab.resolve(text)
}

/** Why a piece's text is refused, with the nearest names. */
export function pieceRefusal(p: Piece, text: string, vocabs: Vocabularies): PieceRefusal {
  if (p.kind === 'id') {
    const vocab = vocabs[p.vocab]!
    const said = vocab.unknown?.(text)
    if (said) return said.suggestion === undefined ? [said.message] : [said.message, said.suggestion]
    return [`unknown ${p.name} ${text}`, nearest(text, vocab.ids(), `${p.name}s`)]
  }
  if (p.kind === 'enum') return [`unknown ${p.name} ${text}`, nearest(text, p.words, `${p.name}s`)]
  if (p.kind === 'int' || p.kind === 'decimal') return [numberRefusal(p, text)]
  if (p.kind === 'name') return [`${text} cannot be ${labelOf(p)}`, `e.g. ${p.examples[0] ?? ''}`]
  return [`expected ${p.word}, not ${text}`]
}

function pieceSyntax(p: Piece): string {
  if (p.kind === 'literal') return p.word
  if (p.kind === 'enum') return p.words.length <= 5 ? p.words.join('|') : `<${bare(p)}>`
  if (p.kind === 'int' || p.kind === 'decimal') return p.syntax ?? `<${bare(p)} ${p.min}-${p.max}>`
  return `<${bare(p)}>`
}

/** How the token is written: `<persona>=STEER|LEAK|MECH|REPAIR[:<mechanism>]`. */
export function compoundSyntax(part: Compound): string {
  const req = part.required ?? part.pieces.length
  const head = part.pieces.slice(0, req).map(pieceSyntax).join('')
  const tail = part.pieces.slice(req).map(pieceSyntax).join('')
  return tail ? `${head}[${tail}]` : head
}

/**
 * Reads the token: each typed piece runs to the next join (or the end), each join must follow; an
 * optional tail is read when the token goes on after the required pieces.
 */
export function readCompound(
  part: Compound,
  text: string,
  vocabs: Vocabularies,
): { ok: true; order: Order } | { ok: false; refusal: PieceRefusal } {
  const req = part.required ?? part.pieces.length
  const args: Record<string, Value> = {}
  const upper = text.toUpperCase()
  const malformed = (): PieceRefusal => [`${text}: write ${compoundSyntax(part)}`]
  let pos = 0
  for (const [i, piece] of part.pieces.entries()) {
    if (pos >= text.length && i >= req) break
    if (piece.kind === 'literal') {
      if (!upper.startsWith(piece.word.toUpperCase(), pos)) return { ok: false, refusal: malformed() }
      pos += piece.word.length
      continue
    }
    const next = part.pieces[i + 1]
    const join = next?.kind === 'literal' ? upper.indexOf(next.word.toUpperCase(), pos) : -1
    const end = join >= 0 ? join : text.length
    const v = pieceValue(piece, text.slice(pos, end), vocabs)
    if (v === null) return { ok: false, refusal: pieceRefusal(piece, text.slice(pos, end), vocabs) }
    args[piece.name] = v
    pos = end
  }
  return pos < text.length ? { ok: false, refusal: malformed() } : { ok: true, order: { form: part.name, args } }
}

/** The token written back: the required pieces, and the tail when any of its pieces has a value. */
export function writeCompound(part: Compound, order: Order): string {
  const req = part.required ?? part.pieces.length
  const tail = part.pieces.slice(req).some((p) => p.kind !== 'literal' && order.args[p.name] !== undefined)
  return part.pieces
    .slice(0, tail ? part.pieces.length : req)
    .map((p) => (p.kind === 'literal' ? p.word : String(order.args[p.name])))
    .join('')
}
