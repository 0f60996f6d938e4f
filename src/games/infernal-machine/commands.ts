// The shapes the order parsers share (digest section 5): the command an order line becomes, the halt
// points, and the small helpers both orders.ts and doctrineOrders.ts use. Kept apart so neither of
// those modules imports the other's values.
import type { Order } from './boat.ts'
import type { HALT_KINDS } from './orderForms.ts'

export type HaltKind = (typeof HALT_KINDS)[number]

/** Who fills a Contract's place left by a persona sick or gone (p.53, p.62): the judge's pick, no one, or these in order. */
export type Refill = 'auto' | 'none' | string[]

export type ImCommand =
  | { kind: 'investor'; id: string }
  | { kind: 'build'; tiles: string[]; parts: [string, number][]; sell: string[]; move?: [string, number][] }
  | { kind: 'relocate'; to: string }
  | { kind: 'commission'; budget: number; persist: 'cubes' | 'action' | null }
  | { kind: 'contract'; id: string; personae: string[] }
  | { kind: 'invest'; stake: number; solicitor: boolean }
  | {
      kind: 'letter'
      letter: 'marque' | 'recruitment'
      paid: number
      persona?: string
      grease: number
      persist: 'cubes' | 'action' | null
    }
  | { kind: 'mission'; training: boolean; launch: string; crew: [string, number][] }
  | { kind: 'recruit'; deck: 'journeyman' | 'mechanic' | 'sailor'; keep: string[] | 'all' }
  | { kind: 'military'; personae: string[] }
  | { kind: 'requisition'; parts: string[]; grease: number; persist: 'cubes' | 'action' | null }
  | { kind: 'salvage'; keep: string[]; roll: boolean }
  | { kind: 'pass' }
  | { kind: 'changesides' }
  | { kind: 'orders'; orders: Record<string, Order> }
  | { kind: 'route'; steps: { to: string; elevation?: number }[] }
  | { kind: 'target'; markers: string[] }
  | { kind: 'approach'; crank: 'best' | 'easy' | 'full' | 'full+' | 'strain' }
  | { kind: 'tactic'; detonateAt: 'near' | 'contact' | 'otherSide'; exitIfHits: number }
  | { kind: 'concussion'; crank: 'easy' | 'full' | 'strain' }
  | { kind: 'cubes'; at: number | 'safe'; red?: number }
  | { kind: 'response'; reroll: boolean }
  | { kind: 'fatesmiles'; hits: number }
  | { kind: 'navcrank'; auto: boolean }
  | { kind: 'endmission'; home: boolean }
  | { kind: 'doctor'; all: boolean }
  | { kind: 'sentiment'; pick: 'red' | 'investor' }
  | { kind: 'refill'; pick: Refill }
  | { kind: 'leaks'; tiles: number[] | 'auto' }
  | { kind: 'pace'; pace: 'mission' | 'step' }
  | { kind: 'shift'; condition: string; from: string; dir: 'up' | 'down'; pay: 'red' | 'action' }
  | { kind: 'benefit'; benefit: string }
  | { kind: 'slack'; depth: number }
  | { kind: 'halt'; points: HaltKind[] }
  | { kind: 'markers'; marker: 'fatigue' | 'panic'; personae: string[] }

/** Says whether `id` is one of `ids`; when not, records an error naming the nearest. */
export type Known = (what: string, id: string, ids: Iterable<string>) => boolean

/** A comma-separated list, blanks dropped. */
export const list = (s: string | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
