// The words of Sea Devils orders both sides share: the Confederate verbs and steps, the commands a
// parsed order set holds, ship and area names with suggestions, and standing policies.
import type { LineError } from '../contract.ts'
import { closest, nearestCodes, type ScriptLine } from '../../orders/script.ts'
import { parsePolicy, type Policy } from './policy.ts'
import { neighbours, type Ctx, type FederalOrders } from './state.ts'

export const CSA_VERBS = [
  'MOVE',
  'RAID',
  'LEAVE-PORT',
  'RUN',
  'RUN-OUT',
  'RUN-IN',
  'ENTER-PORT',
  'COMMISSION',
  'REPAIR',
  'REFIT',
  'STAY',
  'PRIZE-COAL',
] as const

/** 4.52 (ruling R-SQ): what a Confederate squadron may do. */
export const SQUADRON_VERBS: readonly CsaVerb[] = ['MOVE', 'RAID', 'STAY']

export type CsaVerb = (typeof CSA_VERBS)[number]

export interface CsaStep {
  verb: CsaVerb
  area?: string
  nat?: string
  line: number
}

export type SdCommand =
  | { kind: 'script'; ship: string; steps: CsaStep[]; members?: string[] }
  | { kind: 'semmes'; action: 'TRANSFER' | 'PLACE'; ship?: string; line: number }
  | { kind: 'policy'; policy: Policy; line: number }
  | { kind: 'deploy'; ship: string; fromUP: boolean; line: number }
  | { kind: 'europe'; ship: string; area: string; line: number }
  | { kind: 'move'; ship: string; path: string[]; line: number }
  | { kind: 'cse'; ship: string; line: number }
  | { kind: 'stack'; ships: string[]; line: number }
  | { kind: 'blockade'; ship: string; target: string; line: number }

export interface ConfederateOrders {
  /** In execution order (4.12); `members` makes the entry a squadron named `ship` (4.52). */
  scripts: { ship: string; steps: CsaStep[]; members?: string[] }[]
  semmes: { transfer: boolean; place: string | null }
  policies: Policy[]
}

export function federalOrdersFrom(commands: SdCommand[]): FederalOrders {
  const o: FederalOrders = { deploy: [], europe: [], moves: [], cse: [], stacks: [], blockades: [], policies: [] }
  for (const c of commands) {
    if (c.kind === 'deploy') o.deploy.push({ ship: c.ship, fromUP: c.fromUP })
    else if (c.kind === 'europe') o.europe.push({ ship: c.ship, area: c.area })
    else if (c.kind === 'move') o.moves.push({ ship: c.ship, path: c.path })
    else if (c.kind === 'cse') o.cse.push(c.ship)
    else if (c.kind === 'stack') o.stacks.push(c.ships)
    else if (c.kind === 'blockade') o.blockades.push({ ship: c.ship, target: c.target })
    else if (c.kind === 'policy') o.policies.push(c.policy)
  }
  return o
}

export function confederateOrdersFrom(commands: SdCommand[]): ConfederateOrders {
  const o: ConfederateOrders = { scripts: [], semmes: { transfer: false, place: null }, policies: [] }
  for (const c of commands) {
    if (c.kind === 'script')
      o.scripts.push(
        c.members ? { ship: c.ship, steps: c.steps, members: c.members } : { ship: c.ship, steps: c.steps },
      )
    else if (c.kind === 'semmes') {
      if (c.action === 'TRANSFER') o.semmes.transfer = true
      else o.semmes.place = c.ship ?? null
    } else if (c.kind === 'policy') o.policies.push(c.policy)
  }
  return o
}

export class Collector {
  errors: LineError[] = []
  warnings: LineError[] = []
  normalised: string[] = []
  error(l: ScriptLine, message: string, suggestion?: string) {
    this.errors.push(
      suggestion ? { line: l.line, text: l.text, message, suggestion } : { line: l.line, text: l.text, message },
    )
  }
  warn(l: { line: number; text: string }, message: string) {
    this.warnings.push({ line: l.line, text: l.text, message })
  }
}

/** A standing order (digest 5), the same for both sides; `text` follows the word POLICY. */
export function policyLine(l: ScriptLine, text: string, out: Collector, commands: SdCommand[]): void {
  const p = parsePolicy(text)
  if (typeof p === 'string') return out.error(l, p)
  commands.push({ kind: 'policy', policy: p, line: l.line })
  out.normalised.push(`${p.text} (stands until replaced)`)
}

/** Resolves a ship name as written (id or any alias, case- and punctuation-insensitive). */
export function resolveShip(ctx: Ctx, written: string, side: 'CSA' | 'USA'): string | null {
  const key = normaliseName(written)
  for (const s of ctx.pack.ships) {
    if (s.side !== side) continue
    if (normaliseName(s.id) === key || s.aliases.some((a) => normaliseName(a) === key) || normaliseName(s.name) === key)
      return s.id
  }
  return null
}

export function normaliseName(s: string): string {
  return s.toUpperCase().replace(/[^A-Z0-9]/g, '')
}

export function shipSuggestion(ctx: Ctx, written: string, side: 'CSA' | 'USA'): string | undefined {
  const names = ctx.pack.ships.filter((s) => s.side === side).flatMap((s) => [s.id, s.name.toUpperCase()])
  const best = closest(written, names, 3)
  return best.length ? `did you mean ${best.join(' or ')}?` : undefined
}

export function areaSuggestion(ctx: Ctx, written: string, from?: string): string {
  const options = from ? neighbours(ctx, from) : ctx.pack.areas.map((a) => a.id)
  const near = from ? options : nearestCodes(written, options, 3)
  return from ? `areas next to ${from}: ${near.join(', ')}` : `nearest known codes: ${near.join(', ')}`
}
