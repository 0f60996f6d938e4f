// The mail_parts table: pieces of long mail bodies kept once by their SHA-256, deflated
// (src/mail/mailParts.ts cuts and hashes them). A piece is never changed, only added or swept.
// Pieces are stored on the synchronous seam (in the transaction that queues their mail) and read
// back by the sending job on the async seam.
import type { AsyncQueryable, AsyncStep } from '../async/database.ts'
import { placeholderOf, type SqlDatabase, type SqlEngine } from '../sql.ts'
import { statement } from '../statementCache.ts'

const FIND = 'SELECT body FROM mail_parts WHERE hash = ?'

/** Whether a piece with this hash is kept. */
export function hasMailPart(db: SqlDatabase, hash: string): boolean {
  return statement(db, 'SELECT 1 FROM mail_parts WHERE hash = ?').get(hash) !== undefined
}

/** Keeps a piece (its deflated bytes) unless one with its hash is there already. */
export function storeMailPart(db: SqlDatabase, hash: string, body: Buffer, at: string): void {
  statement(db, 'INSERT OR IGNORE INTO mail_parts (hash, body, created_at) VALUES (?, ?, ?)').run(hash, body, at)
}

/** As storeMailPart, as a step of a filing batch. */
export function mailPartStep(engine: SqlEngine, hash: string, body: Buffer, at: string): AsyncStep {
  const p = placeholderOf(engine)
  return {
    sql: `INSERT INTO mail_parts (hash, body, created_at) VALUES (${p(1)}, ${p(2)}, ${p(3)}) ON CONFLICT (hash) DO NOTHING`,
    params: [hash, body, at],
  }
}

/** The deflated bytes of the piece with this hash, or undefined when it is not kept. */
export function findMailPart(db: SqlDatabase, hash: string): Buffer | undefined {
  return statement<[string], { body: Buffer }>(db, FIND).get(hash)?.body
}

/** The deflated bytes of every kept piece among `hashes`, by hash (one statement; a missing one is absent). */
export async function findMailParts(q: AsyncQueryable, hashes: readonly string[]): Promise<Map<string, Buffer>> {
  const wanted = [...new Set(hashes)]
  if (wanted.length === 0) return new Map()
  const p = placeholderOf(q.engine)
  const rows = await q.all<{ hash: string; body: Buffer }>(
    `SELECT hash, body FROM mail_parts WHERE hash IN (${wanted.map((_, i) => p(i + 1)).join(', ')})`,
    wanted,
  )
  return new Map(rows.map((r) => [r.hash, Buffer.from(r.body)]))
}
