// The commands Rebel Raiders' orders are read into (orders.ts reads them; resolve.ts carries them out).
import type { MoveStep } from './movement.ts'
import type { BattlePolicy } from './policies.ts'
import type { Buildable } from './buildTypes.ts'
import type { PlayOrder } from './cardTypes.ts'
import type { Value } from '../kit/grammar.ts'

/** A line's parts as the declared grammar read them (orderGrammar.ts). */
export type Args = Record<string, Value>

export type RrCommand =
  | { kind: 'move'; line: number; piece: string; pieces: string[]; steps: MoveStep[]; commander?: string }
  | { kind: 'command'; line: number; name: string; ships: string[] }
  | { kind: 'relieve'; line: number; name: string }
  | { kind: 'assault'; line: number; target: string; from: string; tactics: number }
  | { kind: 'counterattack'; line: number; target: string; from: string }
  | { kind: 'intercept'; line: number; how: 'stack' | 'each'; at: string }
  | { kind: 'defend'; line: number; at: string; tactics: number }
  | { kind: 'policy'; line: number; policy: BattlePolicy }
  | { kind: 'tactics'; line: number; target: string; tactics: number }
  | { kind: 'build'; line: number; what: Buildable; at?: string; special: boolean; free?: boolean }
  | { kind: 'exchange'; line: number; points: number }
  | { kind: 'discard'; line: number; cards: number[]; refresh: boolean }
  | ({ kind: 'play' } & PlayOrder)
  | { kind: 'react'; line: number; card: number; at: string; off: boolean; min?: number }
  | { kind: 'pass'; line: number }
  | { kind: 'place'; line: number; at: string }
  | { kind: 'scrap'; line: number; pieces: string[] }
  | { kind: 'retreat'; line: number; ship: string; to: string[] }
  | { kind: 'tow'; line: number; ships: string[] }
  | { kind: 'aim'; line: number; shooter: string; at: string[] }
  | { kind: 'shield'; line: number; ship: string; by: string }
  | { kind: 'roll'; line: number; what: 'industry' | 'conscription' }
  | { kind: 'lee'; line: number; at: string[] }
  | { kind: 'hunt'; line: number; at: string[] }

/**
 * An echoed order line with a note for the reader: the note follows "#", so the echo reads back as
 * the same order (the order grammar ignores a comment).
 */
export const noted = (line: string, note: string): string => `${line}  # ${note}`
