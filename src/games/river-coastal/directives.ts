// Directives (digest §4.4): the structured standing order each ship carries, which the autopilot
// (autopilot.ts) steers by when she has no helm order this move. The rulebook's ship orders (§4
// L139-149: initial heading, speed, course and station in formation) become one of these; their
// words are declared with the other orders (orderGrammar.ts, DIRECTIVE_FORMS), and here what is
// read is checked against the table and the ship, and written back the same way.
import type { Point } from '../kit/geometry.ts'
import { echo, type Order, type Value } from '../kit/grammar.ts'
import { DIRECTIVE_GRAMMAR } from './orderGrammar.ts'
import { fault } from './orderWords.ts'
import type { Directive, StationPlace } from './stateTypes.ts'
import { inches, showInches } from './units.ts'

/** A point as the compound part `name` reads it (the order of a compound is named after its part). */
const at = (name: string, p: Point): Order => ({
  form: name,
  args: { x: Number(showInches(p.x)), y: Number(showInches(p.y)) },
})

/** The directive as the grammar reads it back. */
export function directiveOrder(d: Directive | null): Order {
  if (!d) return { form: 'NONE', args: {} }
  switch (d.kind) {
    case 'STATION':
      return { form: d.kind, args: { ship: d.ship, place: d.place, gap: Number(showInches(d.gap)) } }
    case 'FOLLOW':
    case 'GUARD':
      return { form: d.kind, args: { ship: d.ship, gap: Number(showInches(d.gap)) } }
    case 'STEAM-TO':
      return { form: d.kind, args: { to: at('to', d.to) } }
    case 'ENGAGE':
      return { form: d.kind, args: { target: d.target } }
    case 'HOLD':
      return { form: d.kind, args: { at: at('at', d.at) } }
    case 'PATROL':
      return { form: d.kind, args: { a: at('a', d.a), b: at('b', d.b) } }
  }
}

/** The directive as a player writes it (reports, order forms, acknowledgements). */
export function describeDirective(d: Directive): string {
  return echo(DIRECTIVE_GRAMMAR, directiveOrder(d))
}

/** What a directive is checked against beyond its words: the table and the ship's own place. */
export interface DirectiveFrame {
  width: number
  length: number
  /** Longest gap or station distance, table units. */
  maxGap: number
  here: Point
}

/**
 * The directive the grammar read (`FOLLOW TECU 4`) for ship `self`; null for NONE. Throws a
 * LineFault naming the legal range.
 */
export function readDirective(o: Order, self: string, frame: DirectiveFrame): Directive | null {
  const kind = o.form
  const a = o.args
  const gap = (v: Value | undefined): number => {
    const g = inches(v as number)
    if (g > frame.maxGap) fault(`${kind} ... ${showInches(g)}: at most ${showInches(frame.maxGap)}" (digest §4.4)`)
    return g
  }
  const friend = (v: Value | undefined): string => {
    if (v === self) fault(`${kind} ${self}: a ship cannot keep station on herself`)
    return v as string
  }
  const point = (v: Value | undefined): Point => {
    const xy = (v as Order).args
    const p = { x: inches(xy.x as number), y: inches(xy.y as number) }
    if (p.x < 0 || p.x > frame.width || p.y < 0 || p.y > frame.length)
      fault(
        `${kind} ${showInches(p.x)},${showInches(p.y)}: the table runs x 0 to ${showInches(frame.width)}, y 0 to ${showInches(frame.length)}`,
      )
    return p
  }
  switch (kind) {
    case 'STATION':
      return { kind, ship: friend(a.ship), place: a.place as StationPlace, gap: gap(a.gap) }
    case 'FOLLOW':
    case 'GUARD':
      return { kind, ship: friend(a.ship), gap: gap(a.gap) }
    case 'STEAM-TO':
      return { kind, to: point(a.to) }
    case 'ENGAGE':
      return { kind, target: a.target as string }
    case 'HOLD':
      return { kind, at: a.at === undefined ? frame.here : point(a.at) }
    case 'PATROL':
      return { kind, a: point(a.a), b: point(a.b), toB: false }
    default:
      return null
  }
}
