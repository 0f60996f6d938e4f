// The event store: append-only streams, optimistic concurrency, schema
// validation and a per-stream SHA-256 hash chain. The log knows nothing about games.
// On either engine behind the seam (src/log/sql.ts): SQLite or PostgreSQL.
import type { SqlDatabase as Database, SqlStatement as Statement } from './sql.ts'
import { canonicalJson, sha256Hex } from '../util/canonical.ts'
import type { EventSchemas } from './schemas.ts'

export const GENESIS_HASH = '0'.repeat(64)

export interface NewEvent {
  type: string
  /** Defaults to 1. */
  schemaVersion?: number
  data: unknown
  /** Any JSON, e.g. `{ kind: 'public' }`. */
  audience: unknown
  /** What caused this event, e.g. the Message-ID that carried the orders. */
  causation?: string | null
}

export interface StoredEvent {
  position: number
  stream: string
  version: number
  type: string
  schemaVersion: number
  data: any
  audience: any
  recordedAt: string
  causation: string | null
  prevHash: string
  hash: string
}

/** The fields covered by an event's hash (everything but position, prevHash and hash). */
export interface HashedFields {
  stream: string
  version: number
  type: string
  schemaVersion: number
  data: unknown
  audience: unknown
  recordedAt: string
  causation: string | null
}

/** sha256Hex(prevHash + '\n' + canonicalJson({stream, version, type, schemaVersion, data, audience, recordedAt, causation})) */
export function eventHash(prevHash: string, e: HashedFields): string {
  const body = canonicalJson({
    stream: e.stream,
    version: e.version,
    type: e.type,
    schemaVersion: e.schemaVersion,
    data: e.data,
    audience: e.audience,
    recordedAt: e.recordedAt,
    causation: e.causation,
  })
  return sha256Hex(`${prevHash}\n${body}`)
}

/**
 * eventHash of an event whose data and audience are already canonical JSON: the same body, written
 * around them instead of walking them again (a game's creation carries its whole data pack).
 * Keys in canonical (sorted) order: audience, causation, data, recordedAt, schemaVersion, stream, type, version.
 */
export function preparedHash(
  prevHash: string,
  e: PreparedEvent,
  stream: string,
  version: number,
  recordedAt: string,
): string {
  const body = `{"audience":${e.audienceJson},"causation":${e.causation === null ? 'null' : JSON.stringify(e.causation)},"data":${e.dataJson},"recordedAt":${JSON.stringify(recordedAt)},"schemaVersion":${e.schemaVersion},"stream":${JSON.stringify(stream)},"type":${JSON.stringify(e.type)},"version":${version}}`
  return sha256Hex(`${prevHash}\n${body}`)
}

export class ConcurrencyError extends Error {
  readonly stream: string
  readonly expected: number
  readonly actual: number
  constructor(stream: string, expected: number, actual: number) {
    super(`stream ${stream}: expected version ${expected} but it is at version ${actual}`)
    this.name = 'ConcurrencyError'
    this.stream = stream
    this.expected = expected
    this.actual = actual
  }
}

/** An events row as SQLite holds it. */
export interface EventRow {
  position: number
  stream: string
  version: number
  type: string
  schema_version: number
  data: string
  audience: string
  recorded_at: string
  causation: string | null
  prev_hash: string
  hash: string
}

export interface PreparedEvent {
  type: string
  schemaVersion: number
  data: unknown
  dataJson: string
  audience: unknown
  audienceJson: string
  causation: string | null
}

export function fromRow(r: EventRow): StoredEvent {
  return {
    position: r.position,
    stream: r.stream,
    version: r.version,
    type: r.type,
    schemaVersion: r.schema_version,
    data: JSON.parse(r.data),
    audience: JSON.parse(r.audience),
    recordedAt: r.recorded_at,
    causation: r.causation,
    prevHash: r.prev_hash,
    hash: r.hash,
  }
}

/** Checks and validates event `i` of an append and puts its data and audience in canonical form. */
export function prepareEvent(schemas: EventSchemas, e: NewEvent, i: number): PreparedEvent {
  if (!e || typeof e.type !== 'string' || e.type === '') throw new TypeError(`append: event ${i} has no type`)
  const schemaVersion = e.schemaVersion ?? 1
  if (!Number.isSafeInteger(schemaVersion) || schemaVersion < 1) {
    throw new TypeError(`append: event ${i} (${e.type}) has bad schemaVersion ${schemaVersion}`)
  }
  if (e.audience === undefined) throw new TypeError(`append: event ${i} (${e.type}) has no audience`)
  const causation = e.causation ?? null
  if (causation !== null && typeof causation !== 'string')
    throw new TypeError(`append: event ${i} (${e.type}) causation must be a string`)
  schemas.validate(e.type, schemaVersion, e.data)
  // Store the canonical form and hash exactly what is stored (and what read() returns).
  const dataJson = canonicalJson(e.data)
  const audienceJson = canonicalJson(e.audience)
  return {
    type: e.type,
    schemaVersion,
    data: JSON.parse(dataJson),
    dataJson,
    audience: JSON.parse(audienceJson),
    audienceJson,
    causation,
  }
}

/** Called inside an append's transaction, after its rows and the stream head are written. */
export type AppendListener = (stream: string, events: StoredEvent[]) => void

export class EventStore {
  readonly db: Database
  readonly schemas: EventSchemas
  readonly clock: () => Date
  private readonly headStmt: Statement<[string], { version: number; head_hash: string }>
  private readonly insertStmt: Statement<unknown[]>
  private readonly upsertHeadStmt: Statement<[string, number, string]>
  private readonly readStmt: Statement<[string, number], EventRow>
  private readonly streamsStmt: Statement<[string, string], string>
  private readonly appendTx: (stream: string, expected: number, events: PreparedEvent[]) => StoredEvent[]
  private readonly listeners = new Map<string, AppendListener>()

  constructor(db: Database, schemas: EventSchemas, clock: () => Date = () => new Date()) {
    this.db = db
    this.schemas = schemas
    this.clock = clock
    this.headStmt = db.prepare('SELECT version, head_hash FROM streams WHERE stream = ?')
    this.insertStmt = db.prepare(
      `INSERT INTO events (stream, version, type, schema_version, data, audience, recorded_at, causation, prev_hash, hash)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    this.upsertHeadStmt = db.prepare(
      `INSERT INTO streams (stream, version, head_hash) VALUES (?, ?, ?)
       ON CONFLICT (stream) DO UPDATE SET version = excluded.version, head_hash = excluded.head_hash`,
    )
    this.readStmt = db.prepare(
      `SELECT position, stream, version, type, schema_version, data, audience, recorded_at, causation, prev_hash, hash
       FROM events WHERE stream = ? AND version >= ? ORDER BY version`,
    )
    this.streamsStmt = db
      .prepare<[string, string], string>(
        'SELECT stream FROM streams WHERE substr(stream, 1, length(?)) = ? ORDER BY stream',
      )
      .pluck()
    const tx = db.transaction((stream: string, expected: number, events: PreparedEvent[]) =>
      this.appendLocked(stream, expected, events),
    )
    // IMMEDIATE takes the write lock before reading the head, so a racing process waits
    // (busy_timeout) and then sees the new version instead of failing to upgrade its lock.
    // Nested inside another transaction, better-sqlite3 uses a savepoint instead.
    this.appendTx = (stream, expected, events) => tx.immediate(stream, expected, events)
  }

  /**
   * Appends events to a stream whose current version must be `expectedVersion` (0 for a new
   * stream), else throws ConcurrencyError. Every event is validated against its schema before
   * anything is written; all are written in one transaction.
   */
  append(stream: string, expectedVersion: number, events: NewEvent[]): StoredEvent[] {
    if (typeof stream !== 'string' || stream === '') throw new TypeError('append: stream must be a non-empty string')
    if (!Number.isSafeInteger(expectedVersion) || expectedVersion < 0) {
      throw new TypeError(`append: expectedVersion must be a non-negative integer, got ${expectedVersion}`)
    }
    if (!Array.isArray(events)) throw new TypeError('append: events must be an array')
    const prepared = events.map((e, i) => this.prepareEvent(e, i))
    return this.appendTx(stream, expectedVersion, prepared)
  }

  private prepareEvent(e: NewEvent, i: number): PreparedEvent {
    return prepareEvent(this.schemas, e, i)
  }

  private appendLocked(stream: string, expected: number, events: PreparedEvent[]): StoredEvent[] {
    this.lockBeforeReading(stream)
    const head = this.headStmt.get(stream)
    const actual = head?.version ?? 0
    if (actual !== expected) throw new ConcurrencyError(stream, expected, actual)
    if (events.length === 0) return []
    const recordedAt = this.clock().toISOString()
    let prevHash = head?.head_hash ?? GENESIS_HASH
    let version = actual
    const out: StoredEvent[] = []
    for (const e of events) {
      version += 1
      const fields: HashedFields = {
        stream,
        version,
        type: e.type,
        schemaVersion: e.schemaVersion,
        data: e.data,
        audience: e.audience,
        recordedAt,
        causation: e.causation,
      }
      const hash = preparedHash(prevHash, e, stream, version, recordedAt)
      let info
      try {
        info = this.insertStmt.run(
          stream,
          version,
          e.type,
          e.schemaVersion,
          e.dataJson,
          e.audienceJson,
          recordedAt,
          e.causation,
          prevHash,
          hash,
        )
      } catch (err) {
        // The streams head and UNIQUE(stream, version) should always agree; if a row exists
        // beyond the head, report it as a conflict rather than an opaque constraint error.
        if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE')
          throw new ConcurrencyError(stream, expected, version)
        throw err
      }
      out.push({ position: Number(info.lastInsertRowid), ...fields, prevHash, hash })
      prevHash = hash
    }
    this.upsertHeadStmt.run(stream, version, prevHash)
    // Read models written here commit or roll back with the events they are computed from.
    for (const listener of this.listeners.values()) listener(stream, out)
    return out
  }

  /**
   * Registers (or, under the same name, replaces) a read model kept in step with the log: it runs
   * inside every append's transaction, so a throw rolls the append back.
   */
  onAppend(name: string, listener: AppendListener): void {
    this.listeners.set(name, listener)
  }

  /** Events of a stream from `fromVersion` (default 1), by version, data/audience parsed. */
  read(stream: string, fromVersion = 1): StoredEvent[] {
    this.lockBeforeReading(stream)
    return this.readStmt.all(stream, fromVersion).map(fromRow)
  }

  /** Current version of a stream (0 if it has no events). */
  version(stream: string): number {
    this.lockBeforeReading(stream)
    return this.headStmt.get(stream)?.version ?? 0
  }

  /** Names of all streams (optionally only those starting with `prefix`), sorted. */
  streams(prefix = ''): string[] {
    return this.streamsStmt.all(prefix, prefix)
  }

  /**
   * Inside a transaction, holds `name` until it ends, so that writers touching the same thing go one
   * at a time on PostgreSQL, where writers on different streams run side by side (src/log/pg/database.ts).
   * Nothing to do on SQLite, whose writers go one at a time anyway; nothing outside a transaction.
   */
  lock(name: string): void {
    if (this.db.inTransaction) this.db.lock?.(name)
  }

  /** A stream is locked at its first touch in a transaction, before it is read. */
  lockStream(stream: string): void {
    this.lock(`stream:${stream}`)
  }

  /** lockStream, sent to PostgreSQL with the read that follows at once (one round trip for both). */
  private lockBeforeReading(stream: string): void {
    if (this.db.inTransaction) this.db.lock?.(`stream:${stream}`, { lazy: true })
  }

  /** Runs `fn` in a transaction (IMMEDIATE; a savepoint when nested). Must be synchronous. */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate()
  }
}
