// Directives (digest §4.4): the structured standing order each ship carries, which the autopilot
// (autopilot.ts) steers by when she has no helm order this move. The rulebook's ship orders (§4
// L139-149: initial heading, speed, course and station in formation) become one of these:
//   STATION <ship> PORT|STARBOARD|AHEAD|ASTERN <inches>   keep station on a friendly ship
//   FOLLOW <ship> <inches>                                 line astern, the gap in inches
//   STEAM-TO <x>,<y>                                        make for a point
//   ENGAGE <ship>|NEAREST                                   close on an enemy in sight
//   GUARD <ship> <inches>                                   stay within reach of a friend, fight what comes near it
//   HOLD [<x>,<y>]                                          hold a position (here if none), anchoring once stopped
//   PATROL <x>,<y> <x>,<y>                                  steam back and forth between two points
//   NONE                                                    no directive: a silent ship holds speed and heading
import { closest } from '../../orders/script.ts'
import type { Point } from '../kit/geometry.ts'
import type { OrderContext } from './orderTypes.ts'
import { fault, findUnit, unitSuggestion } from './orderWords.ts'
import { inches, showInches } from './units.ts'
import type { Directive, StationPlace } from './stateTypes.ts'

export const DIRECTIVE_KINDS = ['STATION', 'FOLLOW', 'STEAM-TO', 'ENGAGE', 'GUARD', 'HOLD', 'PATROL', 'NONE']

const nearKind = (w: string) => {
  const near = closest(w, DIRECTIVE_KINDS, 2)
  return near.length ? `did you mean ${near.join(' or ')}?` : `directives are ${DIRECTIVE_KINDS.join(', ')}`
}

const xy = (p: Point) => `${showInches(p.x)},${showInches(p.y)}`

/** The directive as a player writes it (reports, order forms, acknowledgements). */
export function describeDirective(d: Directive): string {
  switch (d.kind) {
    case 'STATION':
      return `STATION ${d.ship} ${d.place} ${showInches(d.gap)}`
    case 'FOLLOW':
    case 'GUARD':
      return `${d.kind} ${d.ship} ${showInches(d.gap)}`
    case 'STEAM-TO':
      return `STEAM-TO ${xy(d.to)}`
    case 'ENGAGE':
      return `ENGAGE ${d.target}`
    case 'HOLD':
      return `HOLD ${xy(d.at)}`
    case 'PATROL':
      return `PATROL ${xy(d.a)} ${xy(d.b)}`
  }
}

/** What the directive grammar needs beyond the order context: the table and the ship's own place. */
export interface DirectiveFrame {
  width: number
  length: number
  /** Longest gap or station distance, table units. */
  maxGap: number
  here: Point
}

/**
 * Reads the words after the ship id ("FOLLOW TECU 4") for ship `self`; null for NONE. Throws a
 * LineFault naming the legal form and range.
 */
export function readDirective(
  words: string[],
  self: string,
  ctx: OrderContext,
  frame: DirectiveFrame,
): Directive | null {
  const [kind, ...args] = words.map((w) => w.toUpperCase())
  const gap = (w: string | undefined): number => {
    if (!w || !/^\d+(\.\d{1,2})?$/.test(w))
      return fault(`${kind}: the distance is in inches, e.g. ${kind} TECU 4`, `0 to ${showInches(frame.maxGap)}`)
    const v = inches(Number(w))
    if (v > frame.maxGap) fault(`${kind} ... ${w}: at most ${showInches(frame.maxGap)}" (digest §4.4)`)
    return v
  }
  const friend = (w: string | undefined): string => {
    const id = findUnit(ctx, w ?? '')
    if (!id || !ctx.own.some((s) => s.id === id))
      return fault(`${kind} ${w ?? ''}: name one of your ships afloat`, unitSuggestion(ctx, w ?? '', true))
    if (id === self) fault(`${kind} ${id}: a ship cannot keep station on herself`)
    return id
  }
  const at = (w: string | undefined): Point => {
    const m = /^(-?\d+(?:\.\d{1,2})?),(-?\d+(?:\.\d{1,2})?)$/.exec(w ?? '')
    if (!m) return fault(`${kind}: a point reads <x>,<y> in inches, e.g. 24,36`)
    const p = { x: inches(Number(m[1])), y: inches(Number(m[2])) }
    if (p.x < 0 || p.x > frame.width || p.y < 0 || p.y > frame.length)
      fault(`${kind} ${w}: the table runs x 0 to ${showInches(frame.width)}, y 0 to ${showInches(frame.length)}`)
    return p
  }
  const arity = (n: number, form: string) => {
    if (args.length !== n) fault(`${kind} reads ${form}`)
  }
  switch (kind) {
    case 'STATION': {
      arity(3, 'STATION <ship> PORT|STARBOARD|AHEAD|ASTERN <inches>')
      const place = args[1] === 'STBD' ? 'STARBOARD' : args[1]
      if (!['PORT', 'STARBOARD', 'AHEAD', 'ASTERN'].includes(place!))
        fault(`STATION: ${args[1]} is not a station`, 'PORT, STARBOARD, AHEAD or ASTERN')
      return { kind, ship: friend(args[0]), place: place as StationPlace, gap: gap(args[2]) }
    }
    case 'FOLLOW':
    case 'GUARD':
      arity(2, `${kind} <ship> <inches>`)
      return { kind, ship: friend(args[0]), gap: gap(args[1]) }
    case 'STEAM-TO':
      arity(1, 'STEAM-TO <x>,<y>')
      return { kind, to: at(args[0]) }
    case 'ENGAGE': {
      arity(1, 'ENGAGE <enemy ship>|NEAREST')
      if (args[0] === 'NEAREST') return { kind, target: 'NEAREST' }
      const id = findUnit(ctx, args[0]!)
      if (!id || ctx.units[id]!.side === ctx.side)
        return fault(`ENGAGE ${args[0]}: name an enemy ship or NEAREST`, unitSuggestion(ctx, args[0]!))
      return { kind, target: id }
    }
    case 'HOLD':
      if (args.length > 1) fault('HOLD reads HOLD [<x>,<y>] (here when no point is given)')
      return { kind, at: args.length ? at(args[0]) : frame.here }
    case 'PATROL':
      arity(2, 'PATROL <x>,<y> <x>,<y>')
      return { kind, a: at(args[0]), b: at(args[1]), toB: false }
    case 'NONE':
      arity(0, 'NONE')
      return null
    default:
      return fault(`unknown directive ${kind ?? ''}`, nearKind(kind ?? ''))
  }
}
