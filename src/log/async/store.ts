// The event store over the async seam (database.ts): the same streams, optimistic concurrency,
// validation and hash chain as the synchronous EventStore (../store.ts), whose hashing and checks
// it shares, so each reads what the other wrote and verify.ts checks both. The two also exclude
// each other on PostgreSQL: the same advisory lock per stream, taken before the stream is read.
import type { EventSchemas } from '../schemas.ts'
import type { SqlEngine } from '../sql.ts'
import {
  ConcurrencyError,
  type EventRow,
  GENESIS_HASH,
  type NewEvent,
  type PreparedEvent,
  type StoredEvent,
  fromRow,
  prepareEvent,
  preparedHash,
} from '../store.ts'
import { WRITE_LOCK_KEY } from '../pg/database.ts'
import type { AsyncDatabase, AsyncQueryable, AsyncStep, AsyncTx } from './database.ts'

const COLUMNS =
  'position, stream, version, type, schema_version, data, audience, recorded_at, causation, prev_hash, hash'
const INSERT_COLUMNS = 'stream, version, type, schema_version, data, audience, recorded_at, causation, prev_hash, hash'

/** Each statement as its engine spells it (placeholders, string functions). */
const SQL: Record<SqlEngine, Record<'head' | 'read' | 'readFrom' | 'streams', string>> = {
  sqlite: {
    head: 'SELECT version, head_hash FROM streams WHERE stream = ?',
    read: `SELECT ${COLUMNS} FROM events WHERE stream = ? AND version >= ? ORDER BY version`,
    readFrom: `SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`,
    streams: 'SELECT stream FROM streams WHERE substr(stream, 1, length(?)) = ? ORDER BY stream',
  },
  postgres: {
    head: 'SELECT version, head_hash FROM streams WHERE stream = $1',
    read: `SELECT ${COLUMNS} FROM events WHERE stream = $1 AND version >= $2 ORDER BY version`,
    readFrom: `SELECT ${COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT $2`,
    streams: 'SELECT stream FROM streams WHERE left(stream, length($1)) = $1 ORDER BY stream',
  },
}

const UPSERT_HEAD = (p: (n: number) => string) =>
  `INSERT INTO streams (stream, version, head_hash) VALUES (${p(1)}, ${p(2)}, ${p(3)})
   ON CONFLICT (stream) DO UPDATE SET version = excluded.version, head_hash = excluded.head_hash`

/** The insert of `count` events' rows, answering each row's position and version. */
function insertSql(engine: SqlEngine, count: number, first: number): string {
  const p = (n: number) => (engine === 'postgres' ? `$${n}` : '?')
  const rows = Array.from({ length: count }, (_, r) => {
    const at = first + r * 10
    return `(${Array.from({ length: 10 }, (_, c) => p(at + c)).join(', ')})`
  })
  return `INSERT INTO events (${INSERT_COLUMNS}) VALUES ${rows.join(', ')} RETURNING position, version`
}

const CASTS = ['text', 'integer', 'text', 'integer', 'text', 'text', 'text', 'text', 'text', 'text']

/** PostgreSQL VALUES rows of an events insert, typed (a VALUES list under SELECT infers none). */
function typedRows(count: number): string {
  return Array.from(
    { length: count },
    (_, r) => `(${CASTS.map((t, c) => `$${r * 10 + c + 1}::${t}`).join(', ')})`,
  ).join(', ')
}

/** Inside an append's transaction, after its rows and the stream head are written; a throw rolls it back. */
export type AsyncAppendListener = (tx: AsyncTx, stream: string, events: StoredEvent[]) => Promise<void>

/** A stream's head as read outside a transaction: the version and hash a batch's append chains from. */
export interface StreamHead {
  version: number
  hash: string
}

/** An append written as steps of a batch (AsyncEventStore.appendSteps). */
export interface AppendSteps {
  /** The stream's lock (PostgreSQL), the rows, the head: run them in this order in one batch. */
  steps: AsyncStep[]
  /** The events as they will be stored, their positions 0 until `placeFrom` reads them back. */
  events: StoredEvent[]
  /** Which of `steps` answers the rows' positions. */
  rowsAt: number
}

/**
 * Whether a write failed because a row it adds is there already: an event's version in its stream
 * (another writer appended first) or a unique record (another intake took the same mail in).
 */
export function isWriteConflict(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}

/** The lock of `name` as a batch's step: the synchronous and async seams' advisory lock (none on SQLite). */
export function lockStep(engine: SqlEngine, name: string): AsyncStep[] {
  return engine === 'postgres'
    ? [{ sql: 'SELECT pg_advisory_xact_lock($1::integer, hashtext($2::text))', params: [WRITE_LOCK_KEY, name] }]
    : []
}

const isTx = (q: AsyncQueryable): q is AsyncTx => typeof (q as AsyncTx).lock === 'function'

export class AsyncEventStore {
  private readonly sql: (typeof SQL)[SqlEngine]
  private readonly listeners = new Map<string, AsyncAppendListener>()
  /** Per stream, the head this store last saw: { version: hash }. */
  private readonly heads = new Map<string, Record<number, string>>()

  constructor(
    readonly db: AsyncDatabase,
    readonly schemas: EventSchemas,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.sql = SQL[db.engine]
  }

  /** As EventStore.append: in a transaction of its own. */
  async append(stream: string, expectedVersion: number, events: NewEvent[]): Promise<StoredEvent[]> {
    const prepared = this.prepare(stream, expectedVersion, events)
    const known = expectedVersion === 0 ? GENESIS_HASH : this.heads.get(stream)?.[expectedVersion]
    if (this.db.engine === 'postgres' && known && this.listeners.size === 0 && prepared.length > 0) {
      const out = await this.db.transaction((tx) => this.appendGuarded(tx, stream, expectedVersion, prepared, known))
      if (out) return out
    }
    return this.db.transaction((tx) => this.appendPrepared(tx, stream, expectedVersion, prepared))
  }

  /**
   * One round trip on PostgreSQL, when the head is known from this store's last look at the stream:
   * BEGIN, the locks, the rows and the head written only if the head is still the one the hashes
   * were chained from, and COMMIT, all sent at once. Null when the head has moved (nothing written):
   * the ordinary append then reads it and says what it found.
   */
  private async appendGuarded(
    tx: AsyncTx,
    stream: string,
    expected: number,
    events: PreparedEvent[],
    headHash: string,
  ): Promise<StoredEvent[] | null> {
    const out = this.chain(stream, expected, events, headHash)
    const params = out.params
    const n = params.length
    const guard =
      expected === 0
        ? `NOT EXISTS (SELECT 1 FROM streams WHERE stream = $${n + 1})`
        : `EXISTS (SELECT 1 FROM streams WHERE stream = $${n + 1} AND version = $${n + 4} AND head_hash = $${n + 5})`
    const sql = `WITH ok AS (SELECT 1 AS one WHERE ${guard}),
      ins AS (INSERT INTO events (${INSERT_COLUMNS}) SELECT v.* FROM (VALUES ${typedRows(events.length)}) v WHERE EXISTS (SELECT 1 FROM ok)
        RETURNING position, version),
      head AS (INSERT INTO streams (stream, version, head_hash) SELECT $${n + 1}, $${n + 2}::integer, $${n + 3} WHERE EXISTS (SELECT 1 FROM ok)
        ON CONFLICT (stream) DO UPDATE SET version = excluded.version, head_hash = excluded.head_hash)
      SELECT position, version FROM ins`
    const lock = this.lockStream(tx, stream)
    let rows: { position: number; version: number }[]
    try {
      ;[, rows] = await Promise.all([
        lock,
        tx.finish<{ position: number; version: number }>(sql, [
          ...params,
          stream,
          out.last,
          out.headHash,
          ...(expected === 0 ? [] : [expected, headHash]),
        ]),
      ])
    } catch (err) {
      if ((err as { code?: string }).code === '23505') return null
      throw err
    }
    if (rows.length !== events.length) return null
    return this.placed(stream, out.events, rows)
  }

  /** The events' envelopes and hashes chained from `prevHash`, and the rows' parameters. */
  private chain(stream: string, expected: number, events: PreparedEvent[], prevHash: string) {
    const recordedAt = this.clock().toISOString()
    const out: StoredEvent[] = []
    const params: unknown[] = []
    let hash = prevHash
    events.forEach((e, i) => {
      const version = expected + i + 1
      const prev = hash
      hash = preparedHash(prev, e, stream, version, recordedAt)
      params.push(
        stream,
        version,
        e.type,
        e.schemaVersion,
        e.dataJson,
        e.audienceJson,
        recordedAt,
        e.causation,
        prev,
        hash,
      )
      out.push({
        position: 0,
        stream,
        version,
        type: e.type,
        schemaVersion: e.schemaVersion,
        data: e.data,
        audience: e.audience,
        recordedAt,
        causation: e.causation,
        prevHash: prev,
        hash,
      })
    })
    return { events: out, params, last: expected + events.length, headHash: hash }
  }

  /** The events with the positions their rows were given; the head remembered for the next append. */
  private placed(stream: string, events: StoredEvent[], rows: { position: number; version: number }[]): StoredEvent[] {
    const position = new Map(rows.map((r) => [r.version, r.position]))
    for (const e of events) e.position = position.get(e.version)!
    this.remember(stream, events)
    return events
  }

  /** The head after `events` (the end of the stream as seen), for the one-round-trip append. */
  private remember(stream: string, events: StoredEvent[]): void {
    const last = events[events.length - 1]
    if (!last) return
    if (this.heads.size >= 10_000) this.heads.clear()
    this.heads.set(stream, { [last.version]: last.hash })
  }

  /** As append, inside the caller's transaction `tx`. */
  async appendIn(tx: AsyncTx, stream: string, expectedVersion: number, events: NewEvent[]): Promise<StoredEvent[]> {
    return this.appendPrepared(tx, stream, expectedVersion, this.prepare(stream, expectedVersion, events))
  }

  private prepare(stream: string, expectedVersion: number, events: NewEvent[]): PreparedEvent[] {
    if (typeof stream !== 'string' || stream === '') throw new TypeError('append: stream must be a non-empty string')
    if (!Number.isSafeInteger(expectedVersion) || expectedVersion < 0) {
      throw new TypeError(`append: expectedVersion must be a non-negative integer, got ${expectedVersion}`)
    }
    if (!Array.isArray(events)) throw new TypeError('append: events must be an array')
    return events.map((e, i) => prepareEvent(this.schemas, e, i))
  }

  private async appendPrepared(
    tx: AsyncTx,
    stream: string,
    expected: number,
    events: PreparedEvent[],
  ): Promise<StoredEvent[]> {
    const head = await this.lockedHead(tx, stream)
    const actual = head?.version ?? 0
    if (actual !== expected) throw new ConcurrencyError(stream, expected, actual)
    if (events.length === 0) return []
    const c = this.chain(stream, expected, events, head?.head_hash ?? GENESIS_HASH)
    const rows = await this.writeRows(tx, stream, expected, c.params, events.length, c.headHash)
    const out = this.placed(stream, c.events, rows)
    for (const listener of this.listeners.values()) await listener(tx, stream, out)
    return out
  }

  /** The rows and the new head; a row already there (beyond the head) is a conflict, as in EventStore. */
  private async writeRows(
    tx: AsyncTx,
    stream: string,
    expected: number,
    params: unknown[],
    count: number,
    headHash: string,
  ): Promise<{ position: number; version: number }[]> {
    const last = expected + count
    try {
      if (tx.engine === 'postgres') {
        const n = params.length
        // One statement, one round trip: the rows and the head together.
        return await tx.all(
          `WITH ins AS (${insertSql('postgres', count, 1)}), head AS (${UPSERT_HEAD((k) => `$${n + k}`)})
           SELECT position, version FROM ins`,
          [...params, stream, last, headHash],
        )
      }
      const rows = await tx.all<{ position: number; version: number }>(insertSql('sqlite', count, 1), params)
      await tx.run(
        UPSERT_HEAD(() => '?'),
        [stream, last, headHash],
      )
      return rows
    } catch (err) {
      const code = (err as { code?: string }).code
      if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505') throw new ConcurrencyError(stream, expected, last)
      throw err
    }
  }

  /** The stream's head, read under its lock (the lock and the read go in one round trip on PostgreSQL). */
  private async lockedHead(tx: AsyncTx, stream: string) {
    const [, head] = await Promise.all([
      this.lockStream(tx, stream),
      tx.get<{ version: number; head_hash: string }>(this.sql.head, [stream]),
    ])
    return head
  }

  /** The stream's head as it stands (version 0 and the genesis hash for a stream not begun). */
  async head(stream: string, q: AsyncQueryable = this.db): Promise<StreamHead> {
    const row = await q.get<{ version: number; head_hash: string }>(this.sql.head, [stream])
    return row ? { version: Number(row.version), hash: row.head_hash } : { version: 0, hash: GENESIS_HASH }
  }

  /**
   * An append after `head` as the steps of a batch (AsyncDatabase.batch), for a write that goes
   * with other records in one synchronous call on SQLite. Taken under the stream's lock on
   * PostgreSQL, like every append; what guards it is the events' unique versions: had the stream
   * moved past `head`, the first row is there already and the batch fails whole (isWriteConflict).
   * The listeners of onAppend do not run: the caller writes its read models in the same batch.
   */
  appendSteps(stream: string, head: StreamHead, events: NewEvent[]): AppendSteps {
    const prepared = this.prepare(stream, head.version, events)
    if (prepared.length === 0) throw new TypeError('appendSteps: no events')
    const c = this.chain(stream, head.version, prepared, head.hash)
    const engine = this.db.engine
    const locks = lockStep(engine, `stream:${stream}`)
    if (engine === 'postgres') {
      const n = c.params.length
      const sql = `WITH ins AS (${insertSql('postgres', prepared.length, 1)}), head AS (${UPSERT_HEAD((k) => `$${n + k}`)})
        SELECT position, version FROM ins`
      return {
        steps: [...locks, { sql, params: [...c.params, stream, c.last, c.headHash] }],
        events: c.events,
        rowsAt: locks.length,
      }
    }
    return {
      steps: [
        { sql: insertSql('sqlite', prepared.length, 1), params: c.params },
        { sql: UPSERT_HEAD(() => '?'), params: [stream, c.last, c.headHash] },
      ],
      events: c.events,
      rowsAt: 0,
    }
  }

  /** The events of appendSteps with the positions the batch gave their rows. */
  placeFrom(stream: string, a: AppendSteps, results: { rows: Record<string, unknown>[] }[]): StoredEvent[] {
    const rows = (results[a.rowsAt]?.rows ?? []).map((r) => ({
      position: Number(r.position),
      version: Number(r.version),
    }))
    return this.placed(stream, a.events, rows)
  }

  /** As EventStore.onAppend: a read model kept in step inside every append's transaction. */
  onAppend(name: string, listener: AsyncAppendListener): void {
    this.listeners.set(name, listener)
  }

  /** Events of a stream from `fromVersion` (default 1); inside a transaction `q`, under the stream's lock. */
  async read(stream: string, fromVersion = 1, q: AsyncQueryable = this.db): Promise<StoredEvent[]> {
    const rows = isTx(q)
      ? (await Promise.all([this.lockStream(q, stream), q.all<EventRow>(this.sql.read, [stream, fromVersion])]))[1]
      : await q.all<EventRow>(this.sql.read, [stream, fromVersion])
    const events = rows.map(fromRow)
    this.remember(stream, events)
    return events
  }

  /** Up to `limit` events of every stream after global position `after`, by position. */
  async readFrom(after: number, limit = 1000, q: AsyncQueryable = this.db): Promise<StoredEvent[]> {
    return (await q.all<EventRow>(this.sql.readFrom, [after, limit])).map(fromRow)
  }

  /** Current version of a stream (0 if it has no events). */
  async version(stream: string, q: AsyncQueryable = this.db): Promise<number> {
    const head = isTx(q) ? await this.lockedHead(q, stream) : await q.get<{ version: number }>(this.sql.head, [stream])
    return head?.version ?? 0
  }

  /** Names of all streams (optionally only those starting with `prefix`), sorted. */
  async streams(prefix = '', q: AsyncQueryable = this.db): Promise<string[]> {
    const params = q.engine === 'sqlite' ? [prefix, prefix] : [prefix]
    return (await q.all<{ stream: string }>(this.sql.streams, params)).map((r) => r.stream)
  }

  /** Holds the stream's lock until `tx` ends (EventStore.lockStream's name, so the two exclude each other). */
  lockStream(tx: AsyncTx, stream: string): Promise<void> {
    return tx.lock(`stream:${stream}`)
  }

  transaction<T>(fn: (tx: AsyncTx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn)
  }
}
