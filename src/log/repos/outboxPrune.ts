// The retention sweep of sent mail (`pbem outbox prune`) on the async handle: what to prune and
// which mail parts are still named is read first, then one batch writes it all. What guards the
// batch is what it changes: a row already pruned is left as it is, and a part is deleted only while
// the outbox holds as many rows as when the parts still named were read (rows are never deleted,
// so a mail queued since, which may name a part thought unused, makes the deletes skip; the sweep
// is then read again). What a payload holds is mail's business: the caller makes a pruned row's
// payload and says which parts a payload names.
import type { AsyncDatabase, AsyncStep } from '../async/database.ts'
import { placeholderOf, type SqlEngine } from '../sql.ts'

/** A mail queued during the sweep makes it read again, this many times at most (then parts wait for the next sweep). */
const TRIES = 5
/** Parts deleted by one statement. */
const CHUNK = 500

/** A payload not pruned yet, in the engine's JSON. */
const unpruned = (engine: SqlEngine) =>
  engine === 'postgres' ? `(payload::jsonb #>> '{pruned}') IS NULL` : `json_extract(payload, '$.pruned') IS NULL`

/**
 * Every row sent before `sentBefore` and not yet pruned gets the payload `stub` makes of its own,
 * and every mail part no unpruned payload names (`partsNamed`) is deleted, in one batch. Returns
 * how many rows and parts went.
 */
export async function pruneSentRowsAsync(
  db: AsyncDatabase,
  sentBefore: string,
  stub: (payload: string) => string,
  partsNamed: (payload: string) => string[],
): Promise<{ mails: number; parts: number }> {
  const p = placeholderOf(db.engine)
  const open = unpruned(db.engine)
  let mails = 0
  let parts = 0
  for (let attempt = 1; attempt <= TRIES; attempt++) {
    const [due, kept, stored, count] = await Promise.all([
      db.all<{ id: number; payload: string }>(
        `SELECT id, payload FROM outbox WHERE sent_at IS NOT NULL AND sent_at < ${p(1)} AND ${open}`,
        [sentBefore],
      ),
      db.all<{ id: number; payload: string }>(
        `SELECT id, payload FROM outbox WHERE ${open} AND (payload LIKE '%"part%' OR payload LIKE '%Parts"%')`,
      ),
      db.all<{ hash: string }>('SELECT hash FROM mail_parts'),
      db.get<{ n: number }>('SELECT COUNT(*) AS n FROM outbox'),
    ])
    const pruning = new Set(due.map((r) => Number(r.id)))
    const named = new Set(kept.filter((r) => !pruning.has(Number(r.id))).flatMap((r) => partsNamed(r.payload)))
    const unused = stored.map((r) => r.hash).filter((h) => !named.has(h))
    if (!due.length && !unused.length) break
    const rows = Number(count?.n ?? 0)
    const steps: AsyncStep[] = due.map((r) => ({
      sql: `UPDATE outbox SET payload = ${p(1)} WHERE id = ${p(2)} AND ${open}`,
      params: [stub(r.payload), r.id],
    }))
    for (let i = 0; i < unused.length; i += CHUNK) {
      const chunk = unused.slice(i, i + CHUNK)
      steps.push({
        sql: `DELETE FROM mail_parts WHERE hash IN (${chunk.map((_, j) => p(j + 1)).join(', ')})
          AND (SELECT COUNT(*) FROM outbox) = ${p(chunk.length + 1)}`,
        params: [...chunk, rows],
      })
    }
    // Last: a mail queued before the last delete began shows here, and the sweep is read again.
    steps.push({ sql: 'SELECT COUNT(*) AS n FROM outbox' })
    const done = await db.batch<{ n: number }>(steps)
    mails += done.slice(0, due.length).reduce((n, r) => n + r.changes, 0)
    parts += done.slice(due.length, -1).reduce((n, r) => n + r.changes, 0)
    if (Number(done.at(-1)!.rows[0]?.n) === rows) break
  }
  return { mails, parts }
}
