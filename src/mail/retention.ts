// Retention of sent mail: a queued mail keeps what renders it again byte for byte (its
// payload and the mail_parts it names) until it is sent; past the retention the operator sets
// (`pbem outbox prune --days N`), a sent mail keeps only its row: Message-ID, recipient, kind and
// times, so a duplicate is still recognised and a bounce still finds its game. The log keeps all a
// report needs to be rendered again.
import type { SqlDatabase as Database } from '../log/sql.ts'
import type { StoredMail } from './outbound.ts'

export interface Pruned {
  /** Sent mails whose bodies were dropped. */
  mails: number
  /** Attachment bodies no kept mail names any more. */
  parts: number
}

export function pruneSentMail(db: Database, sentBefore: Date): Pruned {
  return db
    .transaction((): Pruned => {
      const rows = db
        .prepare(
          `SELECT id, payload FROM outbox WHERE sent_at IS NOT NULL AND sent_at < ? AND json_extract(payload, '$.pruned') IS NULL`,
        )
        .all(sentBefore.toISOString()) as { id: number; payload: string }[]
      const stub = db.prepare('UPDATE outbox SET payload = ? WHERE id = ?')
      for (const r of rows) {
        const m = JSON.parse(r.payload) as { messageId: string; from: string; to: string; subject: string }
        stub.run(
          JSON.stringify({ messageId: m.messageId, from: m.from, to: m.to, subject: m.subject, pruned: true }),
          r.id,
        )
      }
      // The parts some kept payload still names stay; the others go.
      const named = new Set<string>()
      for (const p of db
        .prepare(
          `SELECT payload FROM outbox WHERE json_extract(payload, '$.pruned') IS NULL AND (payload LIKE '%"part%' OR payload LIKE '%Parts"%')`,
        )
        .pluck()
        .all() as string[])
        for (const hash of partsNamed(JSON.parse(p) as StoredMail)) named.add(hash)
      const drop = db.prepare('DELETE FROM mail_parts WHERE hash = ?')
      let parts = 0
      for (const hash of db.prepare('SELECT hash FROM mail_parts').pluck().all() as string[])
        if (!named.has(hash)) parts += drop.run(hash).changes
      return { mails: rows.length, parts }
    })
    .immediate()
}

/** Every mail_parts hash a payload names: its text, its HTML and its attachments' bodies. */
function partsNamed(mail: StoredMail): string[] {
  const hashes = [...(mail.textParts ?? []), ...(mail.htmlParts ?? [])]
  for (const a of mail.attachments ?? []) hashes.push(...(a.parts ?? []), ...(a.part ? [a.part] : []))
  return hashes
}
