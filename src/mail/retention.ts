// Retention of sent mail: a queued mail keeps what renders it again byte for byte (its
// payload and the mail_parts it names) until it is sent; past the retention the operator sets
// (`pbem outbox prune --days N`), a sent mail keeps only its row: Message-ID, recipient, kind and
// times, so a duplicate is still recognised and a bounce still finds its game. The log keeps all a
// report needs to be rendered again. The command prunes on the async handle (pruneSentMailAsync:
// read, then one batch).
import { type AsyncDatabase, pruneSentRowsAsync } from '../engine/mailStore.ts'
import type { StoredMail } from './outbound.ts'

export interface Pruned {
  /** Sent mails whose bodies were dropped. */
  mails: number
  /** Attachment bodies no kept mail names any more. */
  parts: number
}

/**
 * The retention sweep on the async handle: what to prune read first, then one batch. The parts some
 * kept payload still names stay; the others go.
 */
export function pruneSentMailAsync(db: AsyncDatabase, sentBefore: Date): Promise<Pruned> {
  return pruneSentRowsAsync(db, sentBefore.toISOString(), stub, namedBy)
}

/** What a pruned mail's row keeps of its payload. */
function stub(payload: string): string {
  const m = JSON.parse(payload) as { messageId: string; from: string; to: string; subject: string }
  return JSON.stringify({ messageId: m.messageId, from: m.from, to: m.to, subject: m.subject, pruned: true })
}

const namedBy = (payload: string) => partsNamed(JSON.parse(payload) as StoredMail)

/** Every mail_parts hash a payload names: its text, its HTML and its attachments' bodies. */
function partsNamed(mail: StoredMail): string[] {
  const hashes = [...(mail.textParts ?? []), ...(mail.htmlParts ?? [])]
  for (const a of mail.attachments ?? []) hashes.push(...(a.parts ?? []), ...(a.part ? [a.part] : []))
  return hashes
}
