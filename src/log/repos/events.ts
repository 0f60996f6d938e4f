// Lookups on the events table beside the event store's own reads and appends (src/log/store.ts):
// where a missing event sat, for the audit, and the latest few events of a kind, for a status line.
import type { SqlDatabase } from '../sql.ts'
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

/** The data (parsed JSON) of the last `limit` events of `type` in `stream`, newest first. */
export function latestEventData(db: SqlDatabase, stream: string, type: string, limit: number): unknown[] {
  return statement<[string, string, number], { data: string }>(
    db,
    'SELECT data FROM events WHERE stream = ? AND type = ? ORDER BY position DESC LIMIT ?',
  )
    .all(stream, type, limit)
    .map((r) => JSON.parse(r.data))
}
