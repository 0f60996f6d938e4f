// TypeScript shapes of the game events; `events/*.schema.json` is the validated public contract.
import type { Audience, LineError, NarrativeEntry, Question, RollRecord } from '../games/contract.ts'

export const gameStream = (game: string) => `game:${game}`
/** The game whose stream `stream` is, or null for a stream not a game's. */
export const gameOfStream = (stream: string): string | null =>
  stream.startsWith('game:') ? stream.slice('game:'.length) : null
export const MAIL_STREAM = 'system:mail'
/** The judge's own facts that belong to no game: the server secret's fingerprint. */
export const SERVER_STREAM = 'system:server'

export interface GameCreated {
  game: string
  ruleset: string
  rulesetVersion: string
  scenario: string
  /** The judge's own options (`early`) and the game's (passed to its set-up without the judge's). */
  options: Record<string, string | number | boolean>
  packId: string
  packHash: string
  /** v1 only: the game's own copy of its pack (v2 names it by packHash; the content is in the packs table). */
  pack?: unknown
  createdBy: string
  zone: string
  deadlineHours: number
}

export interface PlayerJoined {
  role: string
  address: string
  name: string
  keyHash: string
  keyGeneration: number
}

export interface OrdersAccepted {
  receipt: string
  role: string
  point: number
  turn: number
  commands: unknown[]
  normalised: string[]
  warnings: LineError[]
  textHash: string
  messageId: string | null
  from: string | null
  salt: string | null
  replaces: string | null
  /** The order text as read (the role's own); a re-adjudication parses it again. */
  text?: string
  authenticatedBy?: string
}

export interface OrdersRejected {
  receipt: string
  role: string | null
  point: number
  errors: LineError[]
  textHash: string
  messageId: string | null
  from: string | null
}

export interface TurnAdjudicated {
  point: number
  turn: number
  label: string
  rulesetVersion: string
  inputs: Record<string, string>
  decisionAnswers: Record<string, string>
  secret: string
  commitment: string
  salt: string
  rolls: RollRecord[]
  /** Rolls not everyone may see (dice algorithm v2): from the hidden-draw secret, numbered apart; absent when none. */
  hiddenRolls?: RollRecord[]
  narrative: NarrativeEntry[]
  stateHash: string
  finished: boolean
}

/** One re-resolved point: the result fields, plus the commands used (re-checked, amended or dropped). */
export interface ReadjudicatedResult extends TurnAdjudicated {
  orders: Record<string, unknown[]>
}

/** A moderator's non-destructive correction: points from `fromPoint` re-resolved; the old results stay in the log. */
export interface TurnReadjudicated {
  fromPoint: number
  reason: string
  rulesetVersion: string
  /** Corrected data pack, when the correction is to the data (in force from `fromPoint`). */
  pack?: unknown
  packHash?: string
  amendments: { point: number; role: string; normalised: string[]; reason: string }[]
  /** Recorded orders that the re-resolved situation made illegal: dropped, so the defaults applied. */
  illegal: { point: number; role: string; receipt: string; errors: LineError[] }[]
  /** Orders on file for the open point that no longer stand. */
  openOrdersDropped: string[]
  results: ReadjudicatedResult[]
  oldResultHashes: string[]
  newResultHashes: string[]
}

export interface DiceCommitted {
  point: number
  commitment: string
  algorithm: string
}

export interface DeadlineSet {
  point: number
  deadline: string
  zone: string
  reason?: string
}

export type { Audience }

// ------------------------------------------------------------------ schedule and moderation

export interface ScheduleSet {
  schedule: import('./clock/schedule.ts').Schedule
  by: string
  reason?: string
}

/** v2 carries the decision's own deadline (v1, before decisions by mail, had none). */
export interface DecisionRequested extends Question {
  point: number
  deadline?: string
  /** Asked when the point opened (a question between resolutions); answered before it is resolved. */
  between?: boolean
}

export interface DecisionAnswered {
  point: number
  decisionId: string
  applied: string
}

export interface DecisionDeadlineSet {
  point: number
  decisionId: string
  deadline: string
  reason: string
}

export interface ReminderSent {
  point: number
  deadline: string
  hoursBefore: number
  roles: string[]
}

/**
 * Whose report of resolution `point` went out with it and whose waits (reportBatch.ts): a reader is
 * `role` or 'moderator'. A waiting report goes out, with every other one waiting for that reader, in
 * the next report mailed to him.
 */
export interface ReportsDispatched {
  point: number
  /** The game turn the resolution belonged to (TurnAdjudicated.turn). */
  turn: number
  sent: string[]
  held: string[]
}

export interface LateNoticeSent {
  point: number
  deadline: string
  hoursAfter: number
  roles: string[]
  announced: boolean
  consequence: 'default' | 'grace' | 'pause' | 'waiting'
}

export interface GraceGranted {
  point: number
  roles: string[]
  deadline: string
}

export interface GamePaused {
  point: number
  by: string
  reason: string
  roles?: string[]
}

export interface GameResumed {
  point: number
  by: string
  reason: string
  pausedHours: number
}

export interface PlayerReplaced {
  role: string
  address: string
  name: string
  previousAddress: string | null
  keyHash: string
  keyGeneration: number
  by: string
  reason: string
}

export interface PlayerEjected {
  role: string
  previousAddress: string
  keyGeneration: number
  by: string
  reason: string
}

export interface AbsenceSet {
  role: string
  absenceId: number
  from: string
  to: string
  days: number
  by: string
}

export interface AbsenceCancelled {
  role: string
  absenceId: number
  by: string
}

export interface PlayerZoneSet {
  role: string
  zone: string | null
}

/** A reader was given a token for the game's pages (a role, `moderator` or `observers`); the log keeps its hash. */
export interface ViewTokenIssued {
  reader: string
  tokenHash: string
  generation: number
  by: string
}

/** A reader's page token stops working. */
export interface ViewTokenRevoked {
  reader: string
  generation: number
  reason: string
  by: string
}

/** Whether the observers' page is open. */
export interface ObserversSet {
  on: boolean
  by: string
}

/** The game's standby house (null: none): it writes a person's orders for a point he missed. */
export interface StandbySet {
  level: string | null
  by: string
}

/** The standby house wrote `role`'s orders for one point its player missed (he keeps the seat). */
export interface StandbyPlayed {
  role: string
  level: string
  point: number
  /** What the orders were for, in the game's words ("turn 3"). */
  label: string
}

/** A house seat failed to write what the open point awaited of it: the seat counts as silent. */
export interface HouseSeatFailed {
  role: string
  level: string
  point: number
  /** `orders`, or the id of the question it was to answer. */
  what: string
  kind: 'error' | 'refused'
  reason: string
}

export interface OutageDetected {
  lastTick: string
  detectedAt: string
  downtimeHours: number
  point: number
  deadline: string | null
}

export interface AdjudicationForced {
  point: number
  by: string
  reason: string
  /** The deadline not yet reached when the moderator resolved (absent: forced after it, or none). */
  before?: string
}

/** The judge began using a server secret whose fingerprint differs from the last one recorded (or the first). */
export interface ServerSecretInUse {
  /** First 16 hex of SHA-256("acw-pbem server secret fingerprint|" + secret): names the secret, reveals nothing. */
  fingerprint: string
  previousFingerprint: string | null
  origin: 'database' | 'file' | 'environment'
}

/** The options that are the game's own: GameCreated's options without the judge's scheduling ones. */
export function gameOptionsOf(
  options: Record<string, string | number | boolean>,
): Record<string, string | number | boolean> {
  const { early: _early, ...own } = options
  return own
}

/** The reason a forced resolution records when the moderator gave none (reports then add nothing). */
export const UNSTATED_FORCE_REASON = 'resolved at once by the moderator'
