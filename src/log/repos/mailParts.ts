// The mail_parts table: pieces of long mail bodies kept once by their SHA-256, deflated
// (src/mail/mailParts.ts cuts and hashes them). A piece is never changed, only added or swept.
import type { SqlDatabase } from '../sql.ts'
import { statement } from '../statementCache.ts'

/** Whether a piece with this hash is kept. */
export function hasMailPart(db: SqlDatabase, hash: string): boolean {
  return statement(db, 'SELECT 1 FROM mail_parts WHERE hash = ?').get(hash) !== undefined
}

/** Keeps a piece (its deflated bytes) unless one with its hash is there already. */
export function storeMailPart(db: SqlDatabase, hash: string, body: Buffer, at: string): void {
  statement(db, 'INSERT OR IGNORE INTO mail_parts (hash, body, created_at) VALUES (?, ?, ?)').run(hash, body, at)
}

/** The deflated bytes of the piece with this hash, or undefined when it is not kept. */
export function findMailPart(db: SqlDatabase, hash: string): Buffer | undefined {
  return statement<[string], { body: Buffer }>(db, 'SELECT body FROM mail_parts WHERE hash = ?').get(hash)?.body
}
