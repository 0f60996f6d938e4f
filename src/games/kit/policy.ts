// Standing orders for choices met during a resolution, for any game: a policy
// `POLICY <scope> ON <event>: <answer> [IF <condition>]; ...` is tried clause by clause and the
// first clause whose condition holds answers. ASK hands the choice to the player as a question;
// the later clauses then give its default. A game supplies its grammar: the events with the answers
// each allows, the variables and flags a condition may test, and the facts at the moment of choice.

export interface PolicyGrammar {
  /** Each event with the answers a clause may give (include ASK where the player may be asked). */
  events: Readonly<Record<string, readonly string[]>>
  /** Names a comparison may use (upper case, dots allowed: MY.GUN). */
  variables: readonly string[]
  /** Names a condition may test alone or with NOT. */
  flags: readonly string[]
  /** The scope placeholder in the syntax hint, e.g. "<unit|ALL>". */
  scopeHint: string
  /** A condition shown when one cannot be read, e.g. "diff >= 1, coastal". */
  conditionExample: string
  /** Events whose answer follows a verb ("TARGET lowest-hp"): the verb to read past. */
  answerVerbs?: Readonly<Record<string, string>>
}

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
export interface Policy<E extends string = string> {
  scope: string
  event: E
  clauses: Clause[]
  /** The policy as the player wrote it, for the reports. */
  text: string
}

export type Facts = Record<string, number | string | boolean>

/** Parses `<scope> ON <event>: clause; clause ...` (the POLICY word already removed), or says what is wrong. */
export function parsePolicy<E extends string>(grammar: PolicyGrammar, text: string): Policy<E> | string {
  const m = /^(\S+)\s+ON\s+([A-Z-]+)\s*:\s*(.+)$/i.exec(text.trim())
  if (!m) return `a policy reads: POLICY ${grammar.scopeHint} ON <event>: <action> [IF <condition>]; ...`
  const scope = m[1]!.toUpperCase()
  const event = m[2]!.toUpperCase()
  const allowed = grammar.events[event]
  if (!allowed) return `unknown policy event ${event}; events are ${Object.keys(grammar.events).join(', ')}`
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
    const verb = grammar.answerVerbs?.[event]
    const action = verb && words[0] === verb && words[1] ? words[1] : words[0]!
    if (!allowed.includes(action)) return `${action} is not an answer to ${event}; use ${allowed.join(', ')}`
    if (condPart === undefined) {
      clauses.push({ action, when: null })
      continue
    }
    const cond = parseCondition(grammar, condPart)
    if (typeof cond === 'string') return cond
    clauses.push({ action, when: cond })
  }
  if (!clauses.length) return 'a policy needs at least one action'
  return { scope, event: event as E, clauses, text: `POLICY ${text.trim()}` }
}

function parseCondition(grammar: PolicyGrammar, text: string): NonNullable<Clause['when']> | string {
  const terms: Term[] = []
  const flags: { name: string; negated: boolean }[] = []
  for (const raw of text.split(/\s+AND\s+/i)) {
    const t = raw.trim().toUpperCase()
    const flag = /^(NOT\s+)?([A-Z.]+)$/.exec(t)
    if (flag && grammar.flags.includes(flag[2]!)) {
      flags.push({ name: flag[2]!, negated: !!flag[1] })
      continue
    }
    const m = /^([A-Z.]+)\s*(>=|<=|!=|=|>|<)\s*([A-Z0-9.-]+)\s*(?:([+-])\s*(\d+))?$/.exec(t)
    if (!m) return `cannot read the condition "${raw.trim()}"; write e.g. ${grammar.conditionExample}`
    if (!grammar.variables.includes(m[1]!))
      return `unknown variable ${m[1]}; known: ${grammar.variables.map((v) => v.toLowerCase()).join(', ')}`
    // A number no value compared can reach, nor the judge hold exactly, is refused, not read as never.
    const huge = [m[3]!, m[5] ?? '0'].find((n) => /^-?\d+$/.test(n) && !Number.isSafeInteger(Number(n)))
    if (huge) return `${huge} is out of range: a condition compares with whole numbers up to ${Number.MAX_SAFE_INTEGER}`
    const offset = m[4] ? (m[4] === '-' ? -1 : 1) * Number(m[5]) : 0
    terms.push({ left: m[1]!, op: m[2] as Term['op'], right: m[3]!, offset })
  }
  return { terms, flags }
}

function value(facts: Facts, token: string): number | string | undefined {
  if (/^-?\d+$/.test(token)) return Number(token)
  const v = facts[token]
  return typeof v === 'boolean' ? (v ? 1 : 0) : (v ?? token)
}

function compare(op: Term['op'], l: number | string, r: number | string): boolean {
  if (op === '=') return String(l) === String(r)
  if (op === '!=') return String(l) !== String(r)
  if (typeof l !== 'number' || typeof r !== 'number') return false
  return op === '>=' ? l >= r : op === '<=' ? l <= r : op === '>' ? l > r : l < r
}

function holds(clause: Clause, facts: Facts): boolean {
  if (!clause.when) return true
  for (const f of clause.when.flags) if (!!facts[f.name] === f.negated) return false
  for (const t of clause.when.terms) {
    const l = value(facts, t.left)
    let r = value(facts, t.right)
    if (typeof r === 'number') r += t.offset
    if (l === undefined || r === undefined || !compare(t.op, l, r)) return false
  }
  return true
}

export interface PolicyAnswer {
  action: string
  /** Set when a clause said ASK: the player decides; `action` is then the default. */
  ask: boolean
  source: string
}

/** The answer of the first policy found for the scopes, most specific first, or the built-in default. */
export function answer<E extends string>(
  policies: Policy<E>[],
  event: E,
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
