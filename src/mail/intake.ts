// One intake for every inbound path (drop folder, IMAP and the SMTP listener all feed it):
// parse, absorb duplicates, never answer robots or ourselves (bounces are recorded as
// DeliveryFailed), keep to a reply rate limit, read the orders out of the mail (reading.ts), find
// the game and role, authenticate by key, then run a mail command or file the orders through the
// judge (intakeDecision.ts), and record what became of the message (MailReceived, with the
// DKIM/SPF/DMARC results). Nothing is dropped silently: every message that is not a duplicate
// gets exactly one MailReceived.
import { authResults } from './auth.ts'
import { mayBeBounce, parseBounces, type ParsedBounce } from './bounces.ts'
import { DEFAULT_MAX_INBOUND_BYTES, headerOnly, parseInbound, sha256Hex, type InboundMail } from './inbound.ts'
import { bodyHashOf, contentHashOf, seen, seenBefore } from './sameMessage.ts'
import { cutShortReason } from './truncation.ts'
import { Intake, type IntakeDeps, type IntakeOutcome } from './intakeDecision.ts'
import { batchWrites, type IntakeWrites, NeedsJudge, prepareBatch } from './intakeWrites.ts'
import type { AuthResults } from './auth.ts'
import type { AsyncDatabase } from '../engine/mailStore.ts'
import { BATCH_TRIES } from '../engine/judgeBatch.ts'
import { MAIL_STREAM } from '../engine/events.ts'
import { noteLockedWay } from '../engine/gathering.ts'
import {
  type AsyncTx,
  inLockedTransaction,
  LOCKED_ROUNDS,
  lockGames,
  lockNames,
  locksTheWayBack,
  txDatabase,
} from '../engine/lockedBatch.ts'

export type { IntakeDeps, IntakeOutcome } from './intakeDecision.ts'

/** What the SMTP listener knows of the connection; IMAP and the drop folder know nothing. */
export interface InboundEnvelope {
  ip?: string
  helo?: string
  /** MAIL FROM */
  sender?: string
}

/** What a reader knows of the message beyond the bytes it hands over. */
export interface InboundOptions {
  /**
   * The message's full size when `raw` is only its beginning: a reader that will not load a file
   * far over the size limit hands over the head and the size, and the message is refused from its
   * header alone.
   */
  size?: number
}

export async function handleInbound(
  raw: Buffer,
  source: string,
  deps: IntakeDeps,
  envelope: InboundEnvelope = {},
  opts: InboundOptions = {},
): Promise<IntakeOutcome> {
  const read = await readMessage(raw, source, deps, envelope, opts)
  if (read === 'duplicate') return read
  return deps.jobsDb ? fileInBatch(read, deps, deps.jobsDb) : fileNow(read, deps)
}

/**
 * The intake in two steps: what needs waiting for (parsing, DKIM/SPF/DMARC, bounce reports) now,
 * and the filing, returned, to run later and synchronously in a transaction of its own (a
 * savepoint when the caller holds one). A reader can so read a batch of messages and file them in
 * one transaction, one durable commit for all (imapBatch.ts); each filing checks for duplicates
 * again, so it is right whatever was filed between the two steps.
 */
export async function readInbound(
  raw: Buffer,
  source: string,
  deps: IntakeDeps,
  envelope: InboundEnvelope = {},
  opts: InboundOptions = {},
): Promise<() => IntakeOutcome> {
  const read = await readMessage(raw, source, deps, envelope, opts)
  return read === 'duplicate' ? () => 'duplicate' : () => fileNow(read, deps)
}

/** A message read and checked, ready to be filed. */
export interface ReadMessage {
  rawHash: string
  source: string
  mail: InboundMail
  auth: AuthResults | null
  contentHash: string
  read: Parameters<Intake['decide']>[0]
}

export async function readMessage(
  raw: Buffer,
  source: string,
  deps: IntakeDeps,
  envelope: InboundEnvelope,
  opts: InboundOptions,
): Promise<ReadMessage | 'duplicate'> {
  const rawHash = sha256Hex(raw)
  if (await seenBefore(deps, rawHash, null, null)) return 'duplicate'
  const limit = deps.maxBytes ?? DEFAULT_MAX_INBOUND_BYTES
  const size = Math.max(raw.length, opts.size ?? 0)
  const oversized = size > limit
  let mail: InboundMail
  let unreadable: string | null = null
  if (oversized) {
    // Only the header is read: enough to de-duplicate, to spot a robot and to answer a person.
    mail = { ...(await headerOnly(raw, rawHash)), size }
  } else {
    try {
      mail = await parseInbound(raw, { maxBytes: limit })
    } catch (e) {
      // MIME the parser gives up on (nesting thousands deep, a broken structure) is a fact about
      // the message, not a failure of the judge: recorded and answered like any other refusal.
      unreadable = `the message could not be read as MIME (${oneLine((e as Error).message ?? String(e))})`
      mail = await headerOnly(raw, rawHash)
    }
  }
  const contentHash = unreadable || oversized ? bodyHashOf(mail, raw) : contentHashOf(mail)
  if (await seenBefore(deps, rawHash, mail.messageId, contentHash)) return 'duplicate'

  const readable = !oversized && !unreadable
  const auth =
    deps.auth === false || !readable
      ? null
      : await authResults(raw, {
          ...envelope,
          ...(deps.auth?.resolver ? { resolver: deps.auth.resolver } : {}),
          ...(deps.auth?.timeoutMs ? { timeoutMs: deps.auth.timeoutMs } : {}),
          mta: deps.judge.mailDomain,
        })
  const bounces = readable && mayBeBounce(mail) ? await parseBounces(raw).catch(() => [] as ParsedBounce[]) : []
  const cutShort = readable ? cutShortReason(raw) : null
  return { rawHash, source, mail, auth, contentHash, read: { oversized, limit, bounces, unreadable, cutShort } }
}

/**
 * Files synchronously, in one transaction: the duplicate check again (another path may have
 * delivered the same message meanwhile), the decision, the record and the replies.
 */
function fileNow(m: ReadMessage, deps: IntakeDeps): IntakeOutcome {
  return deps.judge.mail.transaction(() => {
    if (seen(deps.db, m.rawHash, m.mail.messageId, m.contentHash)) return 'duplicate'
    return new Intake(deps, m.mail, m.source, m.auth, m.contentHash).decide(m.read)
  })
}

/** Tries at filing in one batch before a busy mail record sends the message the synchronous way. */
export { BATCH_TRIES }

/**
 * Files on the async store: the decision made synchronously from what stands, its writes in one
 * batch (intakeWrites.ts, FilingBatch), the judge's commands (answers, a player's mail commands, the
 * moderator's, a resolution among them) included. When another writer got there first the batch
 * writes nothing and the message is decided again, from the duplicate check on. After BATCH_TRIES
 * such tries, or READ_ROUNDS rounds still reaching games not read ahead, PostgreSQL files it in one
 * locked transaction on the async handle (fileLocked); SQLite files it synchronously, and so a
 * decision that writes beyond what the batch gathers (NeedsJudge), which PostgreSQL refuses with an
 * error naming the write (reachedBeyond).
 */
async function fileInBatch(m: ReadMessage, deps: IntakeDeps, jobs: AsyncDatabase): Promise<IntakeOutcome> {
  const decide = (writes: IntakeWrites) =>
    new Intake(deps, m.mail, m.source, m.auth, m.contentHash, writes).decide(m.read)
  try {
    for (let tries = 0; tries < BATCH_TRIES; tries++) {
      if (await seenBefore(deps, m.rawHash, m.mail.messageId, m.contentHash)) return 'duplicate'
      const tried = await tryBatch(deps, jobs, m, decide)
      if (tried) return tried.outcome
    }
  } catch (e) {
    if (!(e instanceof GoLocked)) {
      if (e instanceof NeedsJudge) return fileNow(m, deps)
      throw e
    }
  }
  const locked = locksTheWayBack(jobs) ? await fileLocked(deps, jobs, m, decide) : null
  return locked ? locked.outcome : fileNow(m, deps)
}

/**
 * A decision on message `m` made and written in one locked transaction on the async handle
 * (PostgreSQL): the mail record locked first, as the synchronous intake takes it, the duplicate
 * check read under it, then the games the decision reads locked before they are read, and those it
 * reaches in turn (lockedBatch.ts): no other writer can get ahead of the commit. 'duplicate' when
 * the message was filed meanwhile; null when the decision writes beyond what a batch gathers
 * (NeedsJudge), to be filed synchronously.
 */
async function fileLocked<T>(
  deps: IntakeDeps,
  jobs: AsyncDatabase,
  m: { rawHash?: string; contentHash?: string | null; mail: InboundMail; read?: ReadMessage['read'] },
  decide: (writes: IntakeWrites) => T,
): Promise<{ outcome: T | 'duplicate' } | null> {
  try {
    const out = await inLockedTransaction(jobs, async (tx) => {
      await lockNames(tx, [`stream:${MAIL_STREAM}`])
      const db = txDatabase(tx)
      if (m.rawHash && (await seenBefore({ ...deps, jobsDb: db }, m.rawHash, m.mail.messageId, m.contentHash ?? null)))
        return { outcome: 'duplicate' as const }
      const tried = await tryBatch(deps, db, m, decide, tx)
      if (!tried) throw new Error('a locked filing was beaten by a writer it had locked out')
      return tried
    })
    noteLockedWay('the intake', `mail ${m.mail.messageId ?? m.rawHash ?? 'without an id'}`)
    return out
  } catch (e) {
    if (e instanceof NeedsJudge) return null
    throw e
  }
}

/**
 * Records a message the intake itself failed on for a reason that retrying will not cure, and tells
 * its sender (when a person can be named from its header) and the moderator. The reader then parks
 * the message (failed/ or the Failed mailbox); it is not marked as seen, so the same message sent
 * again is read afresh.
 */
export async function recordIntakeFailure(
  raw: Buffer,
  source: string,
  deps: IntakeDeps,
  error: unknown,
): Promise<void> {
  const rawHash = sha256Hex(raw)
  const mail = { ...(await headerOnly(raw, rawHash)), size: raw.length }
  const reason = oneLine(error instanceof Error ? error.message : String(error))
  const failed = (writes?: IntakeWrites) => new Intake(deps, mail, source, null, null, writes).failed(reason)
  const jobs = deps.jobsDb
  try {
    for (let tries = 0; jobs && tries < BATCH_TRIES; tries++) {
      if (await tryBatch(deps, jobs, { mail }, failed)) return
    }
  } catch (e) {
    if (!(e instanceof GoLocked)) throw e
  }
  if (jobs && locksTheWayBack(jobs) && (await fileLocked(deps, jobs, { mail }, failed))) return
  deps.judge.mail.transaction(() => failed())
}

/** A decision that kept reaching games not read ahead, on PostgreSQL: made the locked way instead (fileLocked). */
class GoLocked extends Error {}

/**
 * One try at a decision on message `m` written in one batch: the batch opened and what the decision
 * reads read ahead on the async handle (prepareBatch: the games it names, the reply counts, the
 * outbox rows its bounce reports name), `decide` run into the batch's writes, the batch committed.
 * Null when another writer got there first (nothing written: decide again). Inside a locked
 * transaction (`locked`, `jobs` its database), each game is locked before it is read, and a game the
 * decision reaches is read in the next round however many rounds it takes (up to LOCKED_ROUNDS).
 */
async function tryBatch<T>(
  deps: IntakeDeps,
  jobs: AsyncDatabase,
  m: { mail: InboundMail; read?: ReadMessage['read'] },
  decide: (writes: IntakeWrites) => T,
  locked?: AsyncTx,
): Promise<{ outcome: T } | null> {
  const bounced = (m.read?.bounces ?? []).flatMap((b) => (b.originalMessageId ? [b.originalMessageId] : []))
  const games = new Set<string>()
  const lock = locked && ((named: string[]) => lockGames(locked, named))
  for (let round = 0; ; round++) {
    // A decision that reaches a game the batch did not read is made again on one that reads it too;
    // after a few such rounds such a game is read where the decision reaches it (on PostgreSQL, the
    // locked way: GoLocked).
    const aheadOnly = !!locked || round < READ_ROUNDS
    if (!aheadOnly && locksTheWayBack(jobs)) throw new GoLocked()
    if (locked && round >= LOCKED_ROUNDS) throw new Error(`a locked filing still reached unread games: ${[...games]}`)
    const also = { bounced, games: [...games], aheadOnly, ...(lock ? { lock } : {}) }
    const { batch, counted, rows } = await prepareBatch(deps, jobs, [m.mail], also)
    let outcome: T | undefined
    try {
      outcome = decide(batchWrites(deps, batch, counted, rows))
    } catch (e) {
      if (!batch.unread.size) throw e
    }
    if (batch.unread.size) {
      for (const g of batch.unread) games.add(g)
      continue
    }
    return (await batch.commit()) ? { outcome: outcome as T } : null
  }
}

/** How many times a decision is made again on games it reached that were not read ahead. */
const READ_ROUNDS = 3

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > 300 ? `${flat.slice(0, 300)}...` : flat
}

/**
 * Why a file dropped in the inbox is no mail the judge can answer, or null: without a From header
 * there is nobody to answer (a body pasted into a file without its header, most likely).
 */
export async function noSender(raw: Buffer): Promise<string | null> {
  const mail = await headerOnly(raw, sha256Hex(raw))
  if (mail.from.address) return null
  return 'the file has no sender (no From: header), so there is nobody to answer: a file dropped in the inbox must be a whole mail, header and body (see example-order.eml beside the inbox)'
}
