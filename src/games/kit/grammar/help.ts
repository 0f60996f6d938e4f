// HELP and the order form from a declared grammar: each form's syntax, what it does and its example.
import { compoundSyntax } from './compound.ts'
import { joinTokens } from './tokens.ts'
import type { Grammar, OrderForm, Part, TokenPart } from './types.ts'

const bare = (p: { name: string; label?: string }) => (p.label ?? p.name).replace(/^(an?|the) /, '')

function tokenSyntax(p: TokenPart): string {
  if (p.kind === 'literal') return p.word
  if (p.kind === 'enum') return p.words.length <= 5 ? p.words.join('|') : `<${bare(p)}>`
  if (p.kind === 'int' || p.kind === 'decimal') return p.syntax ?? `<${bare(p)} ${p.min}-${p.max}>`
  if (p.kind === 'compound') return compoundSyntax(p)
  return `<${bare(p)}>`
}

function partSyntax(p: Part): string[] {
  switch (p.kind) {
    case 'flag':
      return [`[${p.word}]`]
    case 'optional':
      // A group HELP shows otherwise (an empty syntax: already shown by another part) says so.
      if (p.syntax !== undefined) return p.syntax ? [p.syntax] : []
      return [`[${joinTokens(p.parts.flatMap(partSyntax))}]`]
    case 'repeat': {
      if (p.syntax) return [p.syntax]
      const words = p.items.filter((i) => i.kind !== 'literal').map(tokenSyntax)
      const one = words.length ? words.join('|') : tokenSyntax(p.items[0]!)
      const list =
        p.sep === ' ' ? `${one} [${one} ...]` : p.sep === ',' ? `${one},${one}...` : `${one} ${p.sep} ${one} ...`
      return [list, ...p.items.filter((i) => i.kind === 'literal').map((i) => `[${i.word}]`)]
    }
    case 'forms': {
      if (p.one) return [`<${p.noun}>`]
      // Written as the echo separates them: `a, b, ...` but `a > b > ...`.
      const sep = p.sep ?? ','
      const join = /[,;]/.test(sep) ? `${sep} ` : ` ${sep} `
      return [`<${p.noun}>${join}<${p.noun}>${join}...`]
    }
    case 'text':
      return [p.syntax ?? `<${bare(p)}>`]
    default:
      return [tokenSyntax(p)]
  }
}

/** How a form is written: `MOVE <ship> <area> [<area> ...]`. */
export function syntax(form: OrderForm): string {
  return joinTokens([...form.words, ...form.parts.flatMap(partSyntax)])
}

/**
 * A form's line: its syntax and what it does (on a line of its own when the syntax is long), its
 * example, and its nested forms, unless another form's list already showed them (`shown`).
 */
function formLines(form: OrderForm, indent: string, shown: Set<readonly OrderForm[]>): string[] {
  const written = syntax(form)
  const lines =
    written.length > 38
      ? [`${indent}${written}`, `${indent}    ${form.summary}`]
      : [`${indent}${written.padEnd(38)} ${form.summary}`]
  if (form.example !== written) lines.push(`${indent}    e.g. ${form.example}`)
  for (const p of form.parts)
    if (p.kind === 'forms' && !shown.has(p.forms)) {
      shown.add(p.forms)
      lines.push(`${indent}  ${p.nouns}:`)
      for (const f of p.forms) lines.push(...formLines(f, `${indent}    `, shown))
    }
  return lines
}

/** The grammar's part of HELP: each form with what it does and an example the parser takes. */
export function helpLines(grammar: Grammar): string[] {
  const shown = new Set<readonly OrderForm[]>()
  return grammar.forms.flatMap((f) => formLines(f, '  ', shown))
}

/** The order form's comment lines: one per form, its syntax and (when it says more) its example. */
export function formComments(grammar: Grammar): string[] {
  return grammar.forms.map((f) => (f.example === syntax(f) ? `# ${f.example}` : `# ${syntax(f)}    e.g. ${f.example}`))
}
