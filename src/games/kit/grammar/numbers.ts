// Numbers in an order: whole ones, and ones with a few decimals (a distance), each within its range;
// a number out of range is refused quoting it as written, never as the float it reads into.
import type { TokenPart } from './types.ts'

type NumberPart = Extract<TokenPart, { kind: 'int' | 'decimal' }>

const labelOf = (p: { name: string; label?: string }) => p.label ?? `a ${p.name}`

/** The number written, or null when it is not one of the part's numbers or lies outside its range. */
export function numberValue(p: NumberPart, text: string): number | null {
  const form = p.kind === 'int' ? /^-?\d+$/ : new RegExp(`^-?\\d+(\\.\\d{1,${p.places}})?$`)
  const n = form.test(text) ? Number(text) : Number.NaN
  return n >= p.min && n <= p.max ? n : null
}

/** Why the text is refused: the range, and the text as written. */
export function numberRefusal(p: NumberPart, text: string): string {
  const what = p.kind === 'int' ? 'a whole number' : `a number (at most ${p.places} decimals)`
  return `${labelOf(p)} is ${what} from ${p.min} to ${p.max}, not ${text || 'nothing'}`
}
