// Who answers a choice met during a resolution (digest 5.6): the player's DECIDE answer for that
// decision id, else a standing order, else, at a configured halt point, the judge asks (the default
// applies until the answer comes, and the engine resolves again with it); elsewhere the automatic
// answer applies and the report names it.
import type { DecisionOption, DecisionRequest } from '../contract.ts'
import type { HaltKind } from './commands.ts'
import type { Note } from './sortie.ts'

/** A choice met in the resolution and how it was answered, for the report. */
export interface Asked {
  id: string
  kind: HaltKind
  question: string
  options: DecisionOption[]
  answer: string
  how: 'answered' | 'standing order' | 'default (asked)' | 'automatic'
}

/**
 * A decision id as a player writes it after DECIDE: one word, upper case (the judge reads the id as
 * the first word and upper-cases it), e.g. AUTUMN-1861-T1-NAVCRANK for "autumn 1861 mission turn 1 navcrank".
 */
export const decisionId = (key: string): string =>
  key
    .trim()
    .toUpperCase()
    .replace(/ MISSION TURN /g, '-T')
    .replace(/\s+/g, '-')

export class Decider {
  readonly requests: DecisionRequest[] = []
  /** Every choice met, in order, with the answer used (the report lists them). */
  readonly asked: Asked[] = []
  /** The last answer given, for callers that map it on. */
  last = ''
  private counter = new Map<string, number>()

  constructor(
    private readonly answers: Record<string, string>,
    private readonly halts: ReadonlySet<HaltKind>,
    private readonly notes: Note[],
    private readonly role = 'captain',
    /** What the player may see when asked (the boat, the ledger), unless the caller gives more. */
    private readonly situation: () => string[] = () => [],
  ) {}

  /** A stable id: the place in the game and a running number for repeats of the same key. */
  private idFor(key: string): string {
    const n = (this.counter.get(key) ?? 0) + 1
    this.counter.set(key, n)
    return decisionId(n === 1 ? key : `${key}-${n}`)
  }

  ask<T extends string>(opts: {
    kind: HaltKind
    key: string
    question: string
    options: readonly DecisionOption[]
    standing?: T
    auto: T
    situation?: string[]
  }): T {
    const id = this.idFor(opts.key)
    const given = this.answers[id]?.trim().toUpperCase()
    const match = opts.options.find((o) => o.id.toUpperCase() === given)
    const record = (answer: string, how: Asked['how']) =>
      this.asked.push({ id, kind: opts.kind, question: opts.question, options: [...opts.options], answer, how })
    if (match) {
      record(match.id, 'answered')
      this.notes.push({ rule: '5.6', text: `${opts.question} Answered ${match.id} (${id}).` })
      this.last = match.id
      return match.id as T
    }
    this.last = opts.standing ?? opts.auto
    if (opts.standing !== undefined) {
      record(opts.standing, 'standing order')
      return opts.standing
    }
    record(opts.auto, this.halts.has(opts.kind) ? 'default (asked)' : 'automatic')
    if (this.halts.has(opts.kind))
      this.requests.push({
        decisionId: id,
        role: this.role,
        question: opts.question,
        options: [...opts.options],
        defaultOption: opts.auto,
        answer: 'option',
        situation: opts.situation ?? this.situation(),
        narrativeBefore: this.notes.length,
        applied: opts.auto,
        byDefault: true,
      })
    else this.notes.push({ rule: '5.6', text: `automatic answer (${opts.kind}): ${opts.auto}` })
    return opts.auto
  }

  /**
   * A choice answered in free text (`answer: 'text'`): the player's DECIDE text once `read` accepts
   * it; else the answer the orders already give, which is also the default while the judge asks at
   * a halt point. `context` goes with the question so that the DECIDE text is checked on arrival.
   */
  askFree(opts: {
    kind: HaltKind
    key: string
    question: string
    form: string
    examples: readonly DecisionOption[]
    context: Record<string, unknown>
    given: string
    read: (text: string) => string | null
  }): string {
    const id = this.idFor(opts.key)
    const raw = this.answers[id]
    const read = raw === undefined ? null : opts.read(raw)
    const record = (answer: string, how: Asked['how']) =>
      this.asked.push({ id, kind: opts.kind, question: opts.question, options: [...opts.examples], answer, how })
    if (read !== null) {
      record(read, 'answered')
      this.notes.push({ rule: '5.6', text: `${opts.question} Answered ${read} (${id}).` })
      return read
    }
    const asking = this.halts.has(opts.kind)
    record(opts.given, asking ? 'default (asked)' : 'standing order')
    if (asking)
      this.requests.push({
        decisionId: id,
        role: this.role,
        question: opts.question,
        options: [...opts.examples],
        defaultOption: opts.given,
        answer: 'text',
        form: opts.form,
        context: opts.context,
        situation: this.situation(),
        narrativeBefore: this.notes.length,
        applied: opts.given,
        byDefault: true,
      })
    return opts.given
  }
}
