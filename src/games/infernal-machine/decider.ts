// Who answers a choice met during a resolution (digest 5.6): the player's DECIDE answer for that
// decision id, else a standing order, else, at a configured halt point, the judge asks (the default
// applies until the answer comes, and the engine resolves again with it); elsewhere the automatic
// answer applies and the report names it.
import type { DecisionOption, DecisionRequest } from '../contract.ts'
import type { HaltKind } from './orders.ts'
import type { Note } from './sortie.ts'

export class Decider {
  readonly requests: DecisionRequest[] = []
  /** The last answer given, for callers that map it on. */
  last = ''
  private counter = new Map<string, number>()

  constructor(
    private readonly answers: Record<string, string>,
    private readonly halts: ReadonlySet<HaltKind>,
    private readonly notes: Note[],
    private readonly role = 'captain',
  ) {}

  /** A stable id: the place in the game and a running number for repeats of the same key. */
  private idFor(key: string): string {
    const n = (this.counter.get(key) ?? 0) + 1
    this.counter.set(key, n)
    return n === 1 ? key : `${key}-${n}`
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
    if (match) {
      this.notes.push({ rule: '5.6', text: `${opts.question} Answered ${match.id} (${id}).` })
      this.last = match.id
      return match.id as T
    }
    this.last = opts.standing ?? opts.auto
    if (opts.standing !== undefined) return opts.standing
    if (this.halts.has(opts.kind))
      this.requests.push({
        decisionId: id,
        role: this.role,
        question: opts.question,
        options: [...opts.options],
        defaultOption: opts.auto,
        answer: 'option',
        situation: opts.situation ?? [],
        narrativeBefore: this.notes.length,
        applied: opts.auto,
        byDefault: true,
      })
    else this.notes.push({ rule: '5.6', text: `automatic answer (${opts.kind}): ${opts.auto}` })
    return opts.auto
  }
}
