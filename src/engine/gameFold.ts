// What a fold knows of one game: its state and everything the schedule, the mail layer and the
// moderator read from the log, gathered in one pass by foldGame (fold.ts).
import type { HouseLevel, Ruleset } from '../games/contract.ts'
import type { StoredEvent } from '../log/store.ts'
import type { Schedule } from './clock/schedule.ts'
import type { RecordingDice } from './dice.ts'
import type {
  DeadlineSet,
  DecisionRequested,
  GameCreated,
  GamePaused,
  OrdersAccepted,
  OrdersRejected,
  PlayerJoined,
  TurnAdjudicated,
} from './events.ts'

/** Where the engine keeps secrets not yet revealed in the log. */
export interface SecretSource {
  get(game: string, purpose: 'dice' | 'hidden', point: number): string | null
  /** The content of a stored data pack, by hash (packStore.ts), for a GameCreated v2. */
  pack?(hash: string): unknown | null
}

export interface Drift {
  point: number
  position: number
  reason: string
}

export interface GameFold<S = unknown> {
  created: GameCreated
  ruleset: Ruleset<S, unknown>
  players: Map<string, PlayerJoined>
  state: S
  /** The open adjudication point (1 = the first). */
  point: number
  version: number
  commitment: string | null
  deadline: DeadlineSet | null
  /** Latest accepted orders per role at the open point. */
  orders: Map<string, OrdersAccepted>
  receipts: Map<string, { event: StoredEvent; data: OrdersAccepted | OrdersRejected }>
  /** The results in force, in order (a re-adjudication replaces those from its point on). */
  adjudications: { event: StoredEvent; data: TurnAdjudicated }[]
  /** Results replaced by a re-adjudication: still in the log, still readable. */
  superseded: { event: StoredEvent; data: TurnAdjudicated; by: number }[]
  /** The state before each resolution point, as the results in force left it. */
  statesBefore: Map<number, S>
  finished: boolean
  events: StoredEvent[]
  drift: Drift[]

  // ---- schedule and moderation
  schedule: Schedule
  /** Zones players asked to see deadlines in. */
  zones: Map<string, string>
  absences: Map<string, Absence[]>
  /** Roles whose player was ejected and not yet replaced. */
  ejected: Set<string>
  paused: (GamePaused & { at: string }) | null
  moderatorKeyGeneration: number
  /** By reader (a role, `moderator`, `observers`): his page token's hash and generation, and whether it works. */
  viewTokens: Map<string, ViewTokenState>
  /** Whether the observers' page is open (ObserversSet). */
  observers: boolean
  /** When the open point opened (game creation or the last result). */
  openedAt: string
  /** The open point's first deadline. */
  firstDeadline: string | null
  /** The deadline that was missed at the open point (the first late notice's): later notices count from it. */
  missedDeadline: string | null
  /** When the last orders at the open point were accepted (change-of-mind delay). */
  lastOrderAt: string | null
  graceUsed: boolean
  /** The house that writes a person's orders for a point he missed after the deadline (and grace), if any. */
  standby: HouseLevel | null
  pausedThisPoint: boolean
  /** `${hoursBefore}@${deadline}` of reminders sent at the open point. */
  remindersSent: Set<string>
  lateNoticesSent: Set<number>
  /** By reader (role or 'moderator'): the first resolution whose report waits to be mailed to him. */
  reportsHeld: Map<string, number>
  /** By reader: the latest resolution whose report went out to him, and its game turn. */
  lastReported: Map<string, { point: number; turn: number }>
  /** Decisions put to players at the open point, in the order asked, with their deadlines. */
  requested: Map<string, PendingDecision>
  /** Answers (and defaults applied) at the open point. */
  answers: Map<string, { applied: string; byDefault: boolean }>
  /**
   * The dice for resolving `point` from its published secret and salt. Every path that resolves a
   * point (live, preview, fold, re-adjudication) takes its dice here, so hidden draws are made the
   * way the point's commitment announced (DiceCommitted.algorithm).
   */
  diceFor(point: number, secret: string, salt: string): RecordingDice
}

export interface ViewTokenState {
  tokenHash: string
  generation: number
  live: boolean
}

export interface Absence {
  absenceId: number
  from: string
  to: string
  days: number
  by: string
}

export interface PendingDecision extends DecisionRequested {
  requestedAt: string
  /** Set for decisions recorded before decisions by mail (v1): they were defaulted at once. */
  legacy?: boolean
}
