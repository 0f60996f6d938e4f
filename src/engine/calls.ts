// The shapes of the judge's calls: what callers pass in and get back, and the ports the judge needs
// (a store, a database, a clock, an outbox). The job modules and the callers import them from here.
import type { SqlDatabase as Database } from '../log/sql.ts'
import type { FoldCacheLimits } from './foldCache.ts'
import type { GameRegistry, Viewer } from '../games/contract.ts'
import type { EventStore } from '../log/store.ts'
import type { Letter, Templates } from '../reports/render.ts'
import type { OrdersRejected } from './events.ts'
import type { ScheduleInput } from './clock/schedule.ts'

export interface Outbox {
  enqueue(letter: Letter, meta: { game: string | null; kind: string }): void
  /**
   * Queues the letter `render` makes, rendered when the outbox's batch is written (a resolution
   * batch's: one reader's report a turn of the event loop); without it, enqueue(render()).
   */
  enqueueRender?(render: () => Letter, meta: { game: string | null; kind: string }): void
}

export interface JudgeOptions {
  store: EventStore
  db: Database
  clock: () => Date
  outbox: Outbox
  /** The games this judge runs: the registry (src/games/index.ts), or a test's own. */
  registry: GameRegistry
  templates?: Templates
  /** Domain of the judge's own addresses (orders+game.role.key@domain). */
  mailDomain?: string
  /** The display name on every letter's From (PBEM_JUDGE_NAME); DEFAULT_JUDGE_NAME when absent. */
  judgeName?: string | null
  /** Who gets a copy of every report and the moderator's notices; null: nobody (none is drawn). */
  moderatorAddress?: string | null
  /** Where fresh 32-byte secrets come from; crypto randomness unless a demo or test pins them. */
  newSecret?: (game: string, purpose: 'dice' | 'hidden', point: number) => string
  /**
   * The public base address of the game pages (src/web/settings.ts); when set, each report carries
   * its reader's page link, if he has a working page token. Reports are unchanged without it.
   */
  webBase?: string | null
  /** How many folds, and events in them, the judge keeps between calls (src/engine/foldCache.ts). */
  foldCache?: FoldCacheLimits
}

export interface CreateGameRequest {
  game: string
  ruleset: string
  scenario: string
  players: { role: string; address: string; name: string }[]
  options?: Record<string, string | number | boolean>
  /** A moderator's own data pack (JSON); the embedded pack when absent. Either way the game stores its copy. */
  pack?: unknown
  zone?: string
  deadlineHours?: number
  createdBy?: string
  /** Deadline rules and options; without it the game runs on zone + deadlineHours + options.early. */
  schedule?: ScheduleInput
  /** `house:<level>`: the house writes a person's orders for a point he missed (after any grace). */
  standby?: string
}

export interface SubmitMeta {
  messageId?: string | null
  from?: string | null
  subject?: string
  /** How the sender proved to be the player: 'key', 'address-key', 'cli'. */
  authenticatedBy?: string
  /** The message went on past what its reader reads, from this line: nothing of it may be filed. */
  unreadFrom?: { line: number; chars: number }
  /** How the mail was read (HTML as text, an attachment, where reading stopped...), for the acknowledgement. */
  readNotes?: string[]
  /** What became of the DECIDE lines of the same message, told in its one acknowledgement. */
  answers?: string
  /** The standby house's orders for a missed point: filed past the deadline, no acknowledgement. */
  standby?: boolean
}

export interface SubmitResult {
  receipt: string
  accepted: boolean
  errors: OrdersRejected['errors']
  label: string
}

export interface AdjudicateOptions {
  /** The instant the resolution happens at (the tick's clock); the judge's clock when absent. */
  now?: Date
  /** Refuse (ConcurrencyError) unless the stream is still at this version: the caller's plan was made from it. */
  expectedVersion?: number
  /** Refuse unless this resolution point is still the open one (a moderator's guard against resolving the wrong point). */
  point?: number
  /** Apply the default to every decision not yet answered, at once (moderator force). */
  force?: boolean
  by?: string
  reason?: string
}

export interface AdjudicateResult {
  point: number
  label: string
  finished: boolean
  /** False while the resolution waits on a player's decision: nothing of the result is recorded yet. */
  committed: boolean
  waiting: { decisionId: string; role: string; deadline: string } | null
  /** Decisions asked and defaulted by this call. */
  requested: string[]
  defaulted: string[]
}

/** Options every moderator control takes. */
export interface ModeratorOptions {
  by?: string
  reason?: string
  /** The resolution point the moderator means; refused if the game has moved on (njudge's PROCESS <phase>). */
  point?: number
  expectedVersion?: number
  now?: Date
}

/**
 * The answer of an engine call a player makes by mail (DECIDE, SET ZONE, SET ABSENCE); a refusal
 * made with `mail: false` carries the notice it would have mailed (`message`), for the caller to tell.
 */
export type CallResult = { ok: true; message: string } | { ok: false; error: string; message?: string }

export interface CallMeta {
  messageId?: string | null
  from?: string | null
  /** Mail the acknowledgement (or the error) to the player of record; default true. */
  mail?: boolean
}

/** Someone the judge mails reports to: a player (by role) or the moderator (role null). */
export interface Reader {
  viewer: Viewer
  address: string
  role: string | null
}
