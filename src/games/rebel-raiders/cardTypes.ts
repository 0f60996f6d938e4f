// The shapes of a card's play and of a card's effect, shared by the card modules (no code here, so
// the modules that define effects and the one that plays them need not import each other).
import type { RebelPack } from './pack.ts'
import type { PhaseRun } from './phaseRun.ts'
import type { Side } from './setup.ts'
import type { Phase, RrState } from './state.ts'

/** `PLAY <card> [AT <space or ship>]` as read from the orders. */
export interface PlayOrder {
  line: number
  card: number
  at?: string
}

export interface CardEffect {
  /** The owner's phases the card may be played in. */
  phases: readonly Phase[]
  /** Played at the start of the phase (before the moves), whatever its place in the orders. */
  atStart?: boolean
  /** The effect it leaves until the end of the turn (RrState.thisTurn), which the build check counts. */
  lasting?: string
  /** It stays face up until the turn ends, and only then goes where its text sends it (#96). */
  keepsForTurn?: boolean
  /** It stays in the hand until its moment in the phase comes, and is played then (a battle's cards). */
  waits?: boolean
  /** It allows a counterattack without a pawn (#89), which the check of the orders counts. */
  givesCounterattack?: boolean
  /** Where the card goes after this play, when its choice decides it (#55); else its after-use. */
  afterUse?(play: PlayOrder): 'discard' | 'retain'
  /** Why the play is not possible as ordered, or null. */
  check?(s: RrState, pack: RebelPack, side: Side, play: PlayOrder): string | null
  apply(run: PhaseRun, side: Side, play: PlayOrder): void
}
