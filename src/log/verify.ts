// Verifying the log straight from its tables. Nothing is trusted: versions, positions, the hash
// chain, each row's hash and the `streams` head are all re-checked.
import type { AsyncQueryable } from './async/database.ts'
import type { SqlDatabase as Database } from './sql.ts'
import { GENESIS_HASH, eventHash, type EventRow } from './store.ts'

export type VerifyResult =
  | { ok: true; events: number }
  | { ok: false; position: number | null; version: number; reason: string }

export interface VerifyAllResult {
  ok: boolean
  /** Streams checked (every stream with rows or a head). */
  streams: number
  /** Events in streams that verified. */
  events: number
  failures: Array<{ stream: string; position: number | null; version: number; reason: string }>
}

const bad = (position: number | null, version: number, reason: string): VerifyResult => ({
  ok: false,
  position,
  version,
  reason,
})

/** Recomputes a raw row's hash from its contents, or says why it cannot. */
function recompute(r: EventRow): { hash: string } | { error: string } {
  let data: unknown
  let audience: unknown
  try {
    data = JSON.parse(r.data)
  } catch {
    return { error: 'data is not valid JSON (row edited)' }
  }
  try {
    audience = JSON.parse(r.audience)
  } catch {
    return { error: 'audience is not valid JSON (row edited)' }
  }
  if (typeof r.prev_hash !== 'string') return { error: 'prev_hash is not text (row edited)' }
  try {
    return {
      hash: eventHash(r.prev_hash, {
        stream: r.stream,
        version: r.version,
        type: r.type,
        schemaVersion: r.schema_version,
        data,
        audience,
        recordedAt: r.recorded_at,
        causation: r.causation,
      }),
    }
  } catch (err) {
    return { error: `row cannot be hashed: ${(err as Error).message} (row edited)` }
  }
}

/** The statements with the stream's placeholder as the engine spells it. */
const rowsSql = (p: string) =>
  `SELECT position, stream, version, type, schema_version, data, audience, recorded_at, causation, prev_hash, hash
       FROM events WHERE stream = ${p} ORDER BY version, position`
const headSql = (p: string) => `SELECT version, head_hash FROM streams WHERE stream = ${p}`
const NAMES_SQL = 'SELECT stream FROM events UNION SELECT stream FROM streams ORDER BY stream'

type Head = { version: unknown; head_hash: unknown } | undefined

/**
 * Checks one stream and reports the FIRST bad row: its global position (null when the row is
 * missing) and stream version, with a plain reason.
 */
export function verifyStream(db: Database, stream: string): VerifyResult {
  const rows = db.prepare(rowsSql('?')).all(stream) as EventRow[]
  const head = db.prepare(headSql('?')).get(stream) as Head
  return checkStream(rows, head)
}

/** verifyStream through the async seam (src/log/async/). */
export async function verifyStreamAsync(db: AsyncQueryable, stream: string): Promise<VerifyResult> {
  const p = db.engine === 'postgres' ? '$1' : '?'
  // Rows before the head, as verifyStream reads them.
  const rows = await db.all<EventRow>(rowsSql(p), [stream])
  const head = await db.get<{ version: unknown; head_hash: unknown }>(headSql(p), [stream])
  return checkStream(rows, head)
}

/** The checks of verifyStream on a stream's rows (by version, then position) and its head. */
function checkStream(rows: EventRow[], head: Head): VerifyResult {
  const headVersion = head && Number.isSafeInteger(head.version) ? (head.version as number) : null

  if (head && (headVersion === null || headVersion < 1 || typeof head.head_hash !== 'string')) {
    return bad(
      null,
      rows[0]?.version ?? 1,
      `stream head is malformed (version ${String(head.version)}, head_hash ${String(head.head_hash)})`,
    )
  }
  if (!head && rows.length > 0) {
    return bad(
      rows[0]!.position,
      rows[0]!.version,
      'stream has rows but no head in the streams table (stream forged or head deleted)',
    )
  }
  if (head && rows.length === 0) {
    return bad(null, 1, `stream head says version ${headVersion} but the stream has no rows (rows deleted)`)
  }
  if (!head) return { ok: true, events: 0 }
  const n = headVersion!

  let prev: EventRow | null = null
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!
    const expected = i + 1
    if (!Number.isSafeInteger(r.version) || r.version < 1) {
      return bad(r.position, expected, `row has version ${String(r.version)} (row edited)`)
    }
    if (r.version !== expected) {
      if (expected <= n) return bad(null, expected, `version ${expected} missing (row deleted)`)
      return bad(r.position, r.version, `version ${r.version} is beyond the stream head (version ${n}) (row forged)`)
    }
    if (r.version > n) {
      return bad(
        r.position,
        r.version,
        `stream head says version ${n} but there is a row at version ${r.version} (row forged or appended outside the store)`,
      )
    }
    if (prev && !(r.position > prev.position)) {
      // Free positions are usually past the end of the log, so the row that sits too late is
      // the more likely one to have been moved: report the earlier version.
      return bad(
        prev.position,
        prev.version,
        `position order does not follow version order (rows reordered): version ${prev.version} is at position ${prev.position}, after version ${r.version} at ${r.position}`,
      )
    }
    const h = recompute(r)
    if ('error' in h) return bad(r.position, r.version, h.error)
    if (h.hash !== r.hash) return bad(r.position, r.version, "hash does not match the row's contents (row edited)")
    const expectedPrev = prev ? prev.hash : GENESIS_HASH
    if (r.prev_hash !== expectedPrev) {
      // This row is self-consistent, so its prev_hash is most likely the original one: the
      // previous row was rewritten and its hash recomputed to hide it.
      if (prev) {
        return bad(
          prev.position,
          prev.version,
          `version ${prev.version} was rewritten (its hash was recomputed, so version ${r.version}'s prev_hash no longer links to it)`,
        )
      }
      return bad(r.position, r.version, 'prev_hash of version 1 is not the genesis hash (row edited)')
    }
    prev = r
  }
  const last = prev!
  if (last.version < n) {
    return bad(
      null,
      last.version + 1,
      `stream head says version ${n} but the last row is ${last.version} (rows deleted at the end)`,
    )
  }
  if (head.head_hash !== last.hash) {
    return bad(
      last.position,
      last.version,
      `stream head hash does not match the last row's hash (version ${last.version} rewritten)`,
    )
  }
  return { ok: true, events: rows.length }
}

/** Verifies every stream that has rows or a head, on the async handle. */
export async function verifyAllAsync(db: AsyncQueryable): Promise<VerifyAllResult> {
  const names = (await db.all<{ stream: string }>(NAMES_SQL)).map((r) => r.stream)
  const results: [string, VerifyResult][] = []
  for (const stream of names) results.push([stream, await verifyStreamAsync(db, stream)])
  return summarise(results)
}

function summarise(results: [string, VerifyResult][]): VerifyAllResult {
  const result: VerifyAllResult = { ok: true, streams: results.length, events: 0, failures: [] }
  for (const [stream, r] of results) {
    if (r.ok) result.events += r.events
    else {
      result.ok = false
      result.failures.push({ stream, position: r.position, version: r.version, reason: r.reason })
    }
  }
  return result
}
