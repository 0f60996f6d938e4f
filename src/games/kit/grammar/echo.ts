// The echo every declared grammar gets: an order written back as one normalised line, in the words
// and order its form declares, which the parser reads back to the same order.
import { writeCompound } from './compound.ts'
import { joinTokens } from './tokens.ts'
import type { Grammar, Order, OrderForm, Part, TokenPart, Value } from './types.ts'

/** The form an order was read by, searched in the grammar and in the nested forms of its parts. */
export function findForm(forms: readonly OrderForm[], name: string): OrderForm | undefined {
  return forms.find((f) => f.name === name)
}

/** The order as one line the parser reads back to the same order. */
export function echo(grammar: Grammar, order: Order): string {
  return echoIn(grammar.forms, order, grammar.signs?.includes('(') ?? false)
}

function echoIn(forms: readonly OrderForm[], order: Order, brackets: boolean): string {
  const form = findForm(forms, order.form)
  if (!form) throw new Error(`no order form ${order.form}`)
  return joinTokens([...form.words, ...form.parts.flatMap((p) => render(p, order.args, brackets))], brackets)
}

const has = (v: Value | undefined) => v !== undefined && v !== false && !(Array.isArray(v) && !v.length)

/** Whether any named part of a group has a value (an optional group is written only then). */
function anyValue(parts: Part[], args: Record<string, Value>): boolean {
  return parts.some((p) =>
    p.kind === 'optional' ? anyValue(p.parts, args) : p.kind !== 'literal' && has(args[p.name]),
  )
}

function render(part: Part, args: Record<string, Value>, brackets: boolean): string[] {
  switch (part.kind) {
    case 'literal':
      return [part.word]
    case 'flag':
      return args[part.name] === true ? [part.word] : []
    case 'optional':
      return anyValue(part.parts, args) ? part.parts.flatMap((p) => render(p, args, brackets)) : []
    case 'repeat': {
      const values = (args[part.name] as Value[] | undefined) ?? []
      const sep = part.sep === ' ' || part.sep === ',' ? part.sep : ` ${part.sep} `
      return values.length ? [values.map((v) => tokenText(part.items, v)).join(sep)] : []
    }
    case 'forms': {
      const orders = (args[part.name] as Order[] | undefined) ?? []
      const sep = part.sep ?? ','
      return orders.length
        ? [orders.map((o) => echoIn(part.forms, o, brackets)).join(/[,;]/.test(sep) ? `${sep} ` : ` ${sep} `)]
        : []
    }
    case 'text': {
      const v = args[part.name]
      return v === undefined ? [] : [String(v)]
    }
    default: {
      const v = args[part.name]
      return v === undefined ? [] : [tokenText([part], v)]
    }
  }
}

/** A single token's value as written: a compound's order by the compound part it was read by. */
function tokenText(items: readonly TokenPart[], v: Value): string {
  if (typeof v !== 'object' || Array.isArray(v)) return String(v)
  const part = items.find((i) => i.kind === 'compound' && i.name === v.form)
  if (part?.kind !== 'compound') throw new Error(`no compound part ${v.form}`)
  return writeCompound(part, v)
}
