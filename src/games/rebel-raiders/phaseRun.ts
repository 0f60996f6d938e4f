// One phase's resolution in progress: the state it changes, the pack and dice it reads, the
// narrative it writes, and the small moves every step makes (add, remove, score).
import { type Audience, type DecisionRequest, type Dice, type NarrativeEntry, PUBLIC } from '../contract.ts'
import type { CardRun } from './cards.ts'
import type { Unit } from './combat.ts'
import type { Space } from './map.ts'
import type { RebelPack } from './pack.ts'
import type { PieceType, Side } from './setup.ts'
import { type CardBonus, nextCounter, type RrPiece, type RrState } from './state.ts'
import { clampVp } from './supply.ts'

export const CODES: Record<PieceType, string> = {
  battery: 'BT',
  gunboat: 'GB',
  ironclad: 'IC',
  raider: 'RD',
  sloop: 'SL',
  runner: 'BR',
}

export class PhaseRun implements CardRun {
  readonly narrative: NarrativeEntry[] = []
  /** Pieces moved or placed this phase, in order: the last to arrive are the first lost to stacking (6.12). */
  readonly arrived = new Set<string>()
  /** Questions met in this phase, with the answer applied (the player's, or the default). */
  readonly questions: DecisionRequest[] = []
  constructor(
    readonly s: RrState,
    readonly pack: RebelPack,
    readonly dice: Dice,
    private readonly answers: Readonly<Record<string, string>> = {},
  ) {}

  /**
   * Puts a question to a player in the middle of the phase: the answer given (when it is one of the
   * options, or one `accepts` takes) or the default is applied now, and the engine re-runs the phase
   * when an answer comes.
   */
  ask(
    q: Omit<DecisionRequest, 'applied' | 'byDefault' | 'narrativeBefore'>,
    accepts?: (answer: string) => boolean,
  ): string {
    const given = this.answers[q.decisionId]
    // A free answer (`answer: 'text'`) is checked by `accepts`; a fixed one must be an option.
    const valid = given !== undefined && (accepts ? accepts(given) : q.options.some((o) => o.id === given))
    const applied = valid ? given : q.defaultOption
    this.questions.push({ ...q, narrativeBefore: this.narrative.length, applied, byDefault: !valid })
    return applied
  }

  say(rule: string, text: string, at?: string): void {
    this.narrative.push({ audience: PUBLIC, rule, text, ...(at ? { at } : {}) })
  }
  /** An entry for some readers only (a hand is its owner's). */
  tell(audience: Audience, rule: string, text: string): void {
    this.narrative.push({ audience, rule, text })
  }
  /** Whether a cargo marker of this value is free (9.3; the Emancipation takes two 2-VP ones away, 17.33). */
  cargoFree(value: 1 | 2): boolean {
    const pool =
      value === 2
        ? this.pack.pieces.cargoMarkers.two - (this.s.emancipated ? 2 - (this.s.marks?.markersKept ?? 0) : 0)
        : this.pack.pieces.cargoMarkers.one
    // 1-VP markers are also carried on top of a load and lie in ports (#93, #94).
    const aside =
      value === 1
        ? this.s.pieces.reduce((n, x) => n + (x.extraCargo ?? 0), 0) +
          Object.values(this.s.portCargo ?? {}).reduce((n, k) => n + k, 0)
        : 0
    return this.s.pieces.filter((x) => x.cargo === value).length + aside < pool
  }
  /** Takes the pending card bonuses for this moment (they are used up). */
  takeBonuses(on: CardBonus['on'], at: string, kind?: 'amphibious' | 'river' | 'land'): CardBonus[] {
    const now = this.s.pending.filter(
      (b) => b.on === on && b.at === at && (!kind || !b.kinds || b.kinds.includes(kind)),
    )
    this.s.pending = this.s.pending.filter((b) => !now.includes(b))
    return now
  }
  cardName(card: number): string {
    return this.pack.cards.get(card)?.name ?? `card ${card}`
  }
  name(id: string): string {
    return this.pack.map.space(id).name
  }
  space(id: string): Space {
    return this.pack.map.space(id)
  }
  holder(id: string): Side | 'neutral' {
    return this.s.control[id] ?? this.space(id).side ?? 'neutral'
  }
  /** A side's pieces in a space; asked by type, a damaged ironclad is not among them: it takes no part (18.251). */
  piecesAt(at: string, side: Side, types?: PieceType[]): RrPiece[] {
    return this.s.pieces.filter(
      (p) => p.at === at && p.side === side && (!types || (types.includes(p.type) && !p.damaged)),
    )
  }
  remove(ids: Iterable<string>): void {
    const gone = new Set(ids)
    this.s.pieces = this.s.pieces.filter((p) => !gone.has(p.id))
  }
  add(side: Side, type: PieceType, at: string): RrPiece {
    const p: RrPiece = { id: nextCounter(this.s, CODES[type]), side, type, at }
    this.s.pieces.push(p)
    this.arrived.add(p.id)
    return p
  }
  vp(delta: number, rule: string, why: string): void {
    if (!delta) return
    this.s.vp = clampVp(this.s.vp + delta, { cap: false })
    this.say(rule, `${why}: ${delta > 0 ? '+' : ''}${delta} VP to the Confederacy (now ${this.s.vp}).`)
  }
}

export const unit = (p: RrPiece): Unit => ({ id: p.id, side: p.side, type: p.type })
