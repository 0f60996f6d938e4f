// Filing a group of messages (the leading messages of an IMAP fetch, imapBatch.ts) in one batch on
// the async store: one durable commit for the group, as the synchronous path's one transaction gave.
// Each message is decided in turn, in UID order, into the same batch: a later one sees what the
// earlier ones planned (the games as the batch leaves them, the notices they queued for the reply
// limit, the messages they filed for the duplicate check, the dice secrets their resolutions drew). A
// decision that fails, that writes beyond what the batch gathers (NeedsJudge: no command does
// today) or (on PostgreSQL) that reaches a game not read ahead, is taken back out of the batch and
// ends the group there: the messages before it are written, it and the rest go one at a time.
//
// Exactly once: the duplicate checks are read again before each try, and every filing appends to
// the mail record and inserts its mail_seen row, so a batch another writer got ahead of writes
// nothing and the whole group is decided again; after five such tries nothing of the group is
// filed here and every message goes the one-at-a-time way.
import { locksTheWayBack } from '../engine/lockedBatch.ts'
import type { AsyncDatabase } from '../engine/mailStore.ts'
import { BATCH_TRIES, type InboundEnvelope, type ReadMessage, readMessage } from './intake.ts'
import { Intake } from './intakeDecision.ts'
import type { IntakeDeps, IntakeOutcome } from './intakeTypes.ts'
import { batchWrites, prepareBatch } from './intakeWrites.ts'
import { seenBefore } from './sameMessage.ts'

/** A message of a group, read (or found a duplicate already). */
export type GroupMessage = ReadMessage | 'duplicate'

/** The asynchronous part of the intake for one message of a group (parsing, DKIM/SPF/DMARC). */
export function readForGroup(
  raw: Buffer,
  source: string,
  deps: IntakeDeps,
  envelope: InboundEnvelope = {},
): Promise<GroupMessage> {
  return readMessage(raw, source, deps, envelope, {})
}

/**
 * Files the leading messages of `group` in one batch; the outcomes of those filed, in order (fewer
 * than the group when one ended it, none when the batch could not be written).
 */
export async function fileGroup(group: GroupMessage[], deps: IntakeDeps): Promise<IntakeOutcome[]> {
  const jobs = deps.jobsDb
  if (!jobs) throw new Error('a group of messages is filed on the async store: the intake needs its handle')
  for (let tries = 0; tries < BATCH_TRIES; tries++) {
    const outcomes = await tryGroup(group, deps, jobs)
    if (outcomes) return outcomes
  }
  return []
}

/** One try: null when another writer got there first (nothing written). */
async function tryGroup(group: GroupMessage[], deps: IntakeDeps, jobs: AsyncDatabase): Promise<IntakeOutcome[] | null> {
  const seenNow = await Promise.all(
    group.map((m) => m === 'duplicate' || seenBefore(deps, m.rawHash, m.mail.messageId, m.contentHash)),
  )
  const read = group.filter((m): m is ReadMessage => m !== 'duplicate')
  const bounced = read.flatMap((m) => m.read.bounces.flatMap((b) => b.originalMessageId ?? []))
  // On PostgreSQL a decision reaching a game not read ahead ends the group there (NotReadAhead),
  // and it goes one at a time, reading the game ahead: nothing is read on the synchronous driver.
  const { batch, counted, rows } = await prepareBatch(
    deps,
    jobs,
    read.map((m) => m.mail),
    { bounced, aheadOnly: locksTheWayBack(jobs) },
  )
  const writes = batchWrites(deps, batch, counted, rows)
  const taken = new Set<string>()
  const outcomes: IntakeOutcome[] = []
  for (const [i, m] of group.entries()) {
    const sameContent = m === 'duplicate' ? '' : `${m.mail.messageId}\n${m.contentHash}`
    if (m === 'duplicate' || seenNow[i] || taken.has(m.rawHash) || (m.mail.messageId && taken.has(sameContent))) {
      outcomes.push('duplicate')
      continue
    }
    const mark = batch.mark()
    try {
      outcomes.push(new Intake(deps, m.mail, m.source, m.auth, m.contentHash, writes).decide(m.read))
    } catch {
      batch.rollBack(mark)
      break
    }
    taken.add(m.rawHash)
    taken.add(sameContent)
  }
  if (batch.empty) return outcomes
  return (await batch.commit()) ? outcomes : null
}
