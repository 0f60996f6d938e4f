// Where an intake decision's writes go. Synchronously, on the judge's store, inside the filing
// transaction the caller holds (a caller without the async handle, a message the batch cannot take);
// or into a FilingBatch, written on the async store in one batch once the decision is made, what the
// decision reads read ahead on the async handle (prepareBatch). The judge's own commands (answers to
// questions, the players' mail commands) run on `judge`: the judge itself, or in a batch a planning
// judge whose appends and letters go into the batch. So do a moderator's commands, a resolution's
// (PROCESS) events, letters and next dice secret included, the game's secrets read ahead for it
// (src/mail/moderatorInBatch.ts). One that writes beyond what the batch gathers (an append to a
// stream other than a game's: no command does today) is refused by the batch (NeedsJudge), and on
// SQLite the intake files that message the synchronous way; on PostgreSQL, which leaves the judge no
// synchronous driver, the decision fails with an error naming the write (reachedBeyond).
import { FilingBatch } from '../engine/filingBatch.ts'
import type { Judge, SubmitMeta, SubmitResult } from '../engine/judge.ts'
import type { MailEvent } from '../engine/mailLedger.ts'
import { reachedBeyond, secretsAhead } from '../engine/planningJudge.ts'
import {
  type AsyncDatabase,
  findOutboxRow,
  findOutboxRowAsync,
  mailSeenStep,
  recordMailSeen,
  repliesSinceAsync,
  replySteps,
  type SeenMail,
} from '../engine/mailStore.ts'
import type { Letter } from '../reports/render.ts'
import type { OutboxRowOf } from './bounces.ts'
import { identify, parseReplyAddress } from './identity.ts'
import type { InboundMail } from './inbound.ts'
import type { IntakeDeps } from './intakeTypes.ts'
import { moderatorReadsSecrets } from './moderatorInBatch.ts'
import { enqueueMailSteps } from './outbound.ts'
import { extractOrders } from './reading.ts'
import { countReply, repliesLastHour, replyRecord } from './replyLog.ts'

export interface IntakeWrites {
  /** A letter to send (the reply limit counts it when `counted`). */
  enqueue(letter: Letter, meta: { game: string | null; kind: string }, counted: { messageId: string } | null): void
  /** Notices to `address` in the last hour, those of this decision included. */
  repliesLastHour(address: string): number
  recordSeen(m: SeenMail): void
  recordMail(events: MailEvent[]): void
  submitOrders(game: string, role: string, text: string, meta: SubmitMeta): SubmitResult
  /** The judge whose commands (answers, mail commands) write where these writes go. */
  judge: Judge
  /** Our outbox row of a Message-ID, which a bounce names. */
  outboxRow: OutboxRowOf
  /**
   * Runs a moderator's commands on `judge`, where these writes go; in a batch, refused (NeedsJudge)
   * when they wrote beyond what it gathers, to be filed on the judge's synchronous store.
   */
  viaJudge<T>(fn: () => T): T
}

/** The writes on the judge's synchronous store, in the caller's transaction. */
export function syncWrites(deps: IntakeDeps): IntakeWrites {
  return {
    enqueue: (letter, meta, counted) => {
      deps.outbox.enqueue(letter, meta)
      if (counted) countReply(deps.db, deps.clock(), letter.to, counted.messageId, meta.kind)
    },
    repliesLastHour: (address) => repliesLastHour(deps.db, deps.clock(), address),
    recordSeen: (m) => recordMailSeen(deps.db, m),
    recordMail: (events) => deps.judge.mail.record(events),
    submitOrders: (game, role, text, meta) => deps.judge.submitOrders(game, role, text, meta),
    judge: deps.judge,
    outboxRow: (messageId) => findOutboxRow(deps.db, messageId),
    viaJudge: (fn) => fn(),
  }
}

/** Thrown by the batch's writes when the decision needs the judge's synchronous store: file synchronously. */
export class NeedsJudge extends Error {
  constructor() {
    super('this message is filed through the judge, synchronously')
  }
}

/** The batch a decision writes into, on the judge's async handle. */
export function openBatch(deps: IntakeDeps, jobs: AsyncDatabase): Promise<FilingBatch> {
  return FilingBatch.open(deps.judge, jobs, (letter, meta) => enqueueMailSteps(jobs.engine, letter, meta, deps.clock()))
}

/** A batch and what its decisions read, read ahead (prepareBatch). */
export interface PreparedBatch {
  batch: FilingBatch
  /** The reply limit's counts by lower-cased address. */
  counted: Map<string, number>
  /** Our outbox rows of the Message-IDs bounces name. */
  rows: Map<string, ReturnType<OutboxRowOf>>
}

/** What else a batch reads ahead: `bounced`, the Message-IDs bounce reports name; `games`, games a decision reached before. */
export interface AlsoAhead {
  bounced?: string[]
  games?: string[]
  /** A game not read ahead stops the decision rather than being read synchronously (FilingBatch.readAheadOnly). */
  aheadOnly?: boolean
  /** Takes the games' locks before they are read (a locked filing's transaction: lockedBatch.ts). */
  lock?: (games: string[]) => Promise<void>
}

/**
 * The batch the decisions on `mails` write into, with what they read read ahead on the async handle,
 * so that deciding waits on no round trip: the games the mails name (their GAME lines and reply
 * addresses, the ones a decision reads first) and the games a decision reached before (`also.games`),
 * the reply limit's counts of their senders, the moderator and those games' players, our outbox rows
 * of the Message-IDs their bounce reports name, and for a moderator's mail that resolves or seats the
 * house, the game's dice and hidden-draw secrets (secretsAhead).
 */
export async function prepareBatch(
  deps: IntakeDeps,
  jobs: AsyncDatabase,
  mails: InboundMail[],
  also: AlsoAhead = {},
): Promise<PreparedBatch> {
  const ids = [...new Set(also.bounced ?? [])].slice(0, 100)
  const [batch, rows] = await Promise.all([
    openBatch(deps, jobs),
    Promise.all(ids.map((id) => findOutboxRowAsync(jobs, id))),
  ])
  if (also.aheadOnly) batch.readAheadOnly()
  const named = mails.map(gamesNamed)
  const games = [...new Set([...named.flatMap((n) => n.games), ...(also.games ?? [])])]
  await also.lock?.(games)
  // A game that cannot be read ahead is read when the decision loads it, and fails it there as before.
  const folds = await Promise.all(games.map((g) => batch.readGame(g).catch(() => null)))
  const secretsOf = new Set(named.flatMap((n) => (n.secrets ? n.games : [])))
  const players = folds.flatMap((f) => (f ? [...f.players.values()].map((p) => p.address) : []))
  const senders = mails.map((m) => m.from.address)
  const [counted] = await Promise.all([
    replyCounts(deps, jobs, [...senders, deps.judge.moderatorAddress ?? '', ...players]),
    ...games.map((g, i) => (secretsOf.has(g) && folds[i] ? secretsAhead(batch.judge, jobs, folds[i]) : null)),
  ])
  return { batch, counted, rows: new Map(ids.map((id, i) => [id, rows[i]!])) }
}

/**
 * The games a message names (a few at most), those its decision reads first: its GAME line's (or
 * else its first reply address's), the one of its first reply address that carries a key (whose
 * player's own mail the reply limit never silences), then its other reply addresses'. `secrets`
 * when it is a moderator's whose commands read the game's secrets (a resolution, a house seat).
 */
function gamesNamed(mail: InboundMail): { games: string[]; secrets: boolean } {
  const named = new Set<string>()
  let secrets = false
  try {
    const text = extractOrders(mail).text
    const id = identify(mail, text)
    if (id.game) named.add(id.game)
    secrets = id.role?.toLowerCase() === 'moderator' && moderatorReadsSecrets(text)
  } catch {
    // A body that cannot be read names no game here; the decision reads it again and says why.
  }
  const addressed = mail.to.map(parseReplyAddress).filter((a) => a !== null)
  const keyed = addressed.find((a) => a.key)
  if (keyed) named.add(keyed.game)
  for (const a of addressed) named.add(a.game)
  return { games: [...named].slice(0, 4), secrets }
}

/**
 * The reply limit's counts of `addresses` in the last hour, read on the async handle before the
 * decision (the sender's is asked of nearly every mail), by lower-cased address.
 */
export async function replyCounts(
  deps: IntakeDeps,
  jobs: AsyncDatabase,
  addresses: string[],
): Promise<Map<string, number>> {
  const since = new Date(deps.clock().getTime() - 3600_000).toISOString()
  const wanted = [...new Set(addresses.filter(Boolean).map((a) => a.toLowerCase()))]
  const counts = await Promise.all(wanted.map((a) => repliesSinceAsync(jobs, a, since)))
  return new Map(wanted.map((a, i) => [a, counts[i]!]))
}

/**
 * The writes into `batch`. The reply limit's counts are those read ahead (`counted`, replyCounts),
 * plus the notices this decision queues; our outbox rows, those read ahead (`rows`). One not read
 * ahead stops a batch that reads ahead only (all of them on PostgreSQL), to be read ahead by the
 * next (FilingBatch.readOther); otherwise it is read as it stands, outside any transaction.
 */
export function batchWrites(
  deps: IntakeDeps,
  batch: FilingBatch,
  counted = new Map<string, number>(),
  rows = new Map<string, ReturnType<OutboxRowOf>>(),
): IntakeWrites {
  const queued = new Map<string, number>()
  return {
    enqueue: (letter, meta, counted) => {
      batch.enqueue(letter, meta)
      if (!counted) return
      const r = replyRecord(deps.clock(), letter.to, counted.messageId, meta.kind)
      batch.add(replySteps(batch.engine, r.reply, r.forgetBefore))
      queued.set(r.reply.address, (queued.get(r.reply.address) ?? 0) + 1)
    },
    repliesLastHour: (address) => {
      const key = address.toLowerCase()
      const stood =
        counted.get(key) ?? batch.readOther<number>('replies', key) ?? repliesLastHour(deps.db, deps.clock(), address)
      return stood + (queued.get(key) ?? 0)
    },
    recordSeen: (m) => batch.add([mailSeenStep(batch.engine, m)]),
    recordMail: (events) => batch.recordMail(events),
    submitOrders: (game, role, text, meta) => batch.fileOrders(game, role, text, meta),
    judge: batch.judge,
    outboxRow: (messageId) => {
      const row = rows.has(messageId)
        ? rows.get(messageId)
        : batch.readOther<ReturnType<OutboxRowOf>>('outbox', messageId)
      return row === undefined ? findOutboxRow(deps.db, messageId) : row
    },
    viaJudge: (fn) => {
      const r = fn()
      if (reachedBeyond(batch.judge)) throw new NeedsJudge()
      return r
    },
  }
}
