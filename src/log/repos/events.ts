// Lookups on the events table beside the event store's own reads and appends (src/log/store.ts):
// where a missing event sat, for the audit, and the latest few events of a kind, for a status line.
import type { AsyncQueryable } from '../async/database.ts'
import { placeholderOf, type SqlDatabase } from '../sql.ts'
import { statement } from '../statementCache.ts'

/** The positions of the surviving events just before and just after `version` in `stream` (null: none). */
export function positionsAround(
  db: SqlDatabase,
  stream: string,
  version: number,
): { before: number | null; after: number | null } {
  const before = statement<[string, number], { p: number | null }>(
    db,
    'SELECT MAX(position) AS p FROM events WHERE stream = ? AND version < ?',
  ).get(stream, version)
  const after = statement<[string, number], { p: number | null }>(
    db,
    'SELECT MIN(position) AS p FROM events WHERE stream = ? AND version > ?',
  ).get(stream, version)
  return { before: before?.p ?? null, after: after?.p ?? null }
}

/** As positionsAround, on the async handle. */
export async function positionsAroundAsync(
  q: AsyncQueryable,
  stream: string,
  version: number,
): Promise<{ before: number | null; after: number | null }> {
  const p = placeholderOf(q.engine)
  const [before, after] = await Promise.all([
    q.get<{ p: number | null }>(`SELECT MAX(position) AS p FROM events WHERE stream = ${p(1)} AND version < ${p(2)}`, [
      stream,
      version,
    ]),
    q.get<{ p: number | null }>(`SELECT MIN(position) AS p FROM events WHERE stream = ${p(1)} AND version > ${p(2)}`, [
      stream,
      version,
    ]),
  ])
  return { before: numberOrNull(before?.p), after: numberOrNull(after?.p) }
}

/** A position as a number (PostgreSQL's driver gives a bigint aggregate as text). */
const numberOrNull = (p: unknown): number | null => (p === null || p === undefined ? null : Number(p))

/** The data (parsed JSON) of the last `limit` events of `type` in `stream`, newest first. */
export async function latestEventData(
  q: AsyncQueryable,
  stream: string,
  type: string,
  limit: number,
): Promise<unknown[]> {
  const p = placeholderOf(q.engine)
  const rows = await q.all<{ data: string }>(
    `SELECT data FROM events WHERE stream = ${p(1)} AND type = ${p(2)} ORDER BY position DESC LIMIT ${p(3)}`,
    [stream, type, limit],
  )
  return rows.map((r) => JSON.parse(r.data))
}
