// Standing orders for the decisions that arise during resolution (digest section 5): each policy
// is tried clause by clause; the first clause whose condition holds gives the answer. ASK hands
// the decision to the player (DecisionRequested); the later clauses then give its default.

export const POLICY_EVENTS = {
  SPOTTED: ['FIGHT', 'ESCAPE', 'PORT', 'ASK'],
  BLOCKADER: ['FIGHT', 'ESCAPE', 'ASK'],
  ROLL: ['REROLL', 'KEEP', 'ASK'],
  'COMBAT-OFFERED': ['EVADE', 'STAND'],
  'ESCAPE-ATTEMPT': ['LETGO', 'CONTEST'],
  TARGET: ['LOWEST-HP', 'HIGHEST-GUN', 'SLOWEST'],
} as const
export type PolicyEvent = keyof typeof POLICY_EVENTS

export interface Term {
  left: string
  op: '>=' | '<=' | '>' | '<' | '=' | '!='
  right: string
  offset: number
}
export interface Clause {
  action: string
  when: { terms: Term[]; flags: { name: string; negated: boolean }[] } | null
}
export interface Policy {
  scope: string
  event: PolicyEvent
  clauses: Clause[]
  /** The policy as the player wrote it, for the reports. */
  text: string
}

const VARIABLES = new Set([
  'DIFF',
  'MY.GUN',
  'MY.DEF',
  'MY.HP',
  'MY.SPEED',
  'MY.DMG',
  'MP.LEFT',
  'FOE.GUN',
  'FOE.DEF',
  'FOE.HP',
  'FOE.SPEED',
  'FOE.COUNT',
  'FOE.TYPE',
  'TURN',
  'TABLE',
  'RESULT',
  'AREA',
])
const FLAGS = new Set(['COASTAL', 'ECESSHIP', 'SEMMES'])

/** Parses `POLICY <scope> ON <event>: clause; clause ...` (the POLICY word already removed). */
export function parsePolicy(text: string): Policy | string {
  const m = /^(\S+)\s+ON\s+([A-Z-]+)\s*:\s*(.+)$/i.exec(text.trim())
  if (!m) return 'a policy reads: POLICY <ship|ALL|SEMMES> ON <event>: <action> [IF <condition>]; ...'
  const scope = m[1]!.toUpperCase()
  const event = m[2]!.toUpperCase() as PolicyEvent
  if (!(event in POLICY_EVENTS))
    return `unknown policy event ${event}; events are ${Object.keys(POLICY_EVENTS).join(', ')}`
  const allowed: readonly string[] = POLICY_EVENTS[event]
  const clauses: Clause[] = []
  for (const part of m[3]!
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [actionPart, condPart] = part.split(/\s+IF\s+/i)
    const words = actionPart!
      .trim()
      .split(/\s+/)
      .map((w) => w.toUpperCase())
    // The digest writes target choices as "TARGET lowest-hp"; take the choice after the verb.
    const action = event === 'TARGET' && words[0] === 'TARGET' && words[1] ? words[1] : words[0]!
    if (!allowed.includes(action)) return `${action} is not an answer to ${event}; use ${allowed.join(', ')}`
    if (condPart === undefined) {
      clauses.push({ action, when: null })
      continue
    }
    const cond = parseCondition(condPart)
    if (typeof cond === 'string') return cond
    clauses.push({ action, when: cond })
  }
  if (!clauses.length) return 'a policy needs at least one action'
  return { scope, event, clauses, text: `POLICY ${text.trim()}` }
}

function parseCondition(text: string): NonNullable<Clause['when']> | string {
  const terms: Term[] = []
  const flags: { name: string; negated: boolean }[] = []
  for (const raw of text.split(/\s+AND\s+/i)) {
    const t = raw.trim().toUpperCase()
    const flag = /^(NOT\s+)?([A-Z.]+)$/.exec(t)
    if (flag && FLAGS.has(flag[2]!)) {
      flags.push({ name: flag[2]!, negated: !!flag[1] })
      continue
    }
    const m = /^([A-Z.]+)\s*(>=|<=|!=|=|>|<)\s*([A-Z0-9.-]+)\s*(?:([+-])\s*(\d+))?$/.exec(t)
    if (!m) return `cannot read the condition "${raw.trim()}"; write e.g. diff >= 1, foe.gun > my.gun + 2, coastal`
    if (!VARIABLES.has(m[1]!))
      return `unknown variable ${m[1]}; known: ${[...VARIABLES].map((v) => v.toLowerCase()).join(', ')}`
    const offset = m[4] ? (m[4] === '-' ? -1 : 1) * Number(m[5]) : 0
    terms.push({ left: m[1]!, op: m[2] as Term['op'], right: m[3]!, offset })
  }
  return { terms, flags }
}

export type Facts = Record<string, number | string | boolean>

function value(facts: Facts, token: string): number | string | undefined {
  if (/^-?\d+$/.test(token)) return Number(token)
  const v = facts[token]
  return typeof v === 'boolean' ? (v ? 1 : 0) : (v ?? token)
}

function holds(clause: Clause, facts: Facts): boolean {
  if (!clause.when) return true
  for (const f of clause.when.flags) if (!!facts[f.name] === f.negated) return false
  for (const t of clause.when.terms) {
    const l = value(facts, t.left)
    let r = value(facts, t.right)
    if (typeof r === 'number') r += t.offset
    if (l === undefined || r === undefined) return false
    const ok =
      t.op === '='
        ? String(l) === String(r)
        : t.op === '!='
          ? String(l) !== String(r)
          : typeof l === 'number' && typeof r === 'number'
            ? t.op === '>='
              ? l >= r
              : t.op === '<='
                ? l <= r
                : t.op === '>'
                  ? l > r
                  : l < r
            : false
    if (!ok) return false
  }
  return true
}

export interface PolicyAnswer {
  action: string
  /** Set when a clause said ASK: the player decides; `action` is then the default. */
  ask: boolean
  source: string
}

/** The answer of the most specific policy (ship, then type, then ALL), or the built-in default. */
export function answer(
  policies: Policy[],
  event: PolicyEvent,
  scopes: string[],
  facts: Facts,
  builtIn: (facts: Facts) => string,
): PolicyAnswer {
  for (const scope of scopes) {
    const policy = policies.find((p) => p.event === event && p.scope === scope)
    if (!policy) continue
    let ask = false
    for (const clause of policy.clauses) {
      if (!holds(clause, facts)) continue
      if (clause.action === 'ASK') {
        ask = true
        continue
      }
      return { action: clause.action, ask, source: `policy ${scope} ON ${event}` }
    }
    return {
      action: builtIn(facts),
      ask,
      source: ask ? `policy ${scope} ON ${event} (ASK, built-in default)` : 'built-in default',
    }
  }
  return { action: builtIn(facts), ask: false, source: 'built-in default' }
}
