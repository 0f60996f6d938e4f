// The PostgreSQL side of the database seam (src/log/sql.ts): one connection per handle,
// synchronous to the judge through SyncPgClient, with better-sqlite3's behaviour where the judge
// depends on it.
//
// Locking: SQLite lets one writer in at a time; here writers on different streams run side by
// side. Every writing transaction (IMMEDIATE, or a DEFERRED one at its first write, or a write
// outside any transaction) holds the database-wide advisory lock SHARED, and within it the named
// locks of what it touches (EventStore locks each stream it reads or appends to, at first touch,
// before reading it): two transactions on one game still run one after the other, and the second
// reads what the first committed (READ COMMITTED: each statement sees the latest commits). An
// EXCLUSIVE transaction (migrations) holds the database-wide lock alone. A DEFERRED transaction
// runs at REPEATABLE READ: it reads one snapshot, and a write to a row changed since then fails
// with SQLITE_BUSY, as SQLite's stale snapshot does. lock_timeout mirrors busy_timeout (5 s); a
// deadlock between two writers fails one of them with SQLITE_BUSY.
//
// Round trips: what needs no answer (BEGIN, the shared lock, a stream's lock taken just before it
// is read, a nested transaction's SAVEPOINT and RELEASE) waits in `pending` and goes pipelined
// ahead of the next statement whose answer is needed, in the order it was asked for; a write goes
// with its savepoint and the savepoint's release. An append is four round trips (BEGIN, the locks
// and the head read; the insert; the head's update; COMMIT) where it was eleven. A failure of
// anything sent ahead is thrown by the statement it went with.
//
// Started lazily: the worker thread and its connection come at the handle's first statement, so a
// judge whose work stays on the async handle never starts them. The start is logged once, with
// where the first statement came from: on a judge opened async it marks a way back taken.
import type { SqlDatabase, SqlFunction, SqlRunResult, SqlStatement, SqlTransaction } from '../sql.ts'
import { type PgBatchItem, type PgBatchReply, PgDriverError, type PgResult, SyncPgClient } from './syncClient.ts'
import { bind, cell, rowObject, sqliteCode, type Translated, translate } from './translate.ts'

/**
 * The database-wide advisory lock key (arbitrary, fixed: "pbem" in ASCII): every writer holds it
 * shared, an exclusive transaction alone. Named locks use the two-key form (this key, hashtext of
 * the name), a key space of their own.
 */
export const WRITE_LOCK_KEY = 0x7062656d

/** A database error with SQLite's code (what callers test) and PostgreSQL's SQLSTATE. */
export class SqlError extends Error {
  readonly code: string
  readonly pgCode: string | null
  readonly constraint: string | null
  constructor(message: string, code: string, pgCode: string | null, constraint: string | null) {
    super(message)
    this.name = 'SqliteError' // better-sqlite3's name, which callers may test
    this.code = code
    this.pgCode = pgCode
    this.constraint = constraint
  }
}

const SESSION = [
  "SET lock_timeout = '5s'",
  "SET TIME ZONE 'UTC'",
  "SET client_encoding = 'UTF8'",
  'SET synchronous_commit = on',
  "SET application_name = 'pbem'",
]

const READS = new Set(['SELECT', 'WITH', 'VALUES', 'EXPLAIN', 'SHOW', 'TABLE'])

export interface PgDatabaseOptions {
  /** How long one call may block before the connection is given up (ms). */
  timeoutMs?: number
  /** Where the driver's start (and a lost connection) is told; default standard error. */
  log?: (message: string) => void
  /**
   * Whether the driver's start is told: yes for a handle opened unstarted (a judge's way back to the
   * synchronous path is worth an operator's notice), no for one opened to be used at once.
   */
  announceStart?: boolean
  /**
   * A retired handle (a judge's opened with openJudgeDatabases): no driver is ever started; every
   * statement throws an error naming where it came from (retiredError).
   */
  retired?: boolean
}

export class PgDatabase implements SqlDatabase {
  readonly engine = 'postgres' as const
  /** The synchronous driver, started at the first statement. */
  private driver: SyncPgClient | null = null
  private closed = false
  private depth = 0
  /** The depth (1 = the top transaction) at which the database-wide lock was taken, or 0. */
  private lockedAt = 0
  /** Named locks held, with the depth at which each was taken (a savepoint rolled back releases its own). */
  private readonly held = new Map<string, number>()
  private readonly identity = new Map<string, string | null>()
  /** Statements whose answer nobody waits for, sent ahead of the next one that needs its answer. */
  private pending: PgBatchItem[] = []
  /** Whether the current transaction's BEGIN has reached the server. */
  private begun = false
  /** The first failure in the current transaction that no savepoint undid: what COMMIT reports if it rolls back. */
  private failure: unknown = null
  /** The client's count of lost connections when the current transaction began. */
  private epoch = 0

  /** The server it was opened on (an async handle beside it opens a pool on the same URL). */
  readonly url: string

  private readonly log: (message: string) => void

  constructor(
    url: string,
    private readonly opts: PgDatabaseOptions = {},
  ) {
    this.url = url
    this.log = opts.log ?? ((m) => console.warn(`pbem: ${m}`))
  }

  /** Whether the worker thread has been started (by a statement). */
  get started(): boolean {
    return this.driver !== null
  }

  get open(): boolean {
    return this.driver ? this.driver.open : !this.closed
  }

  /** The driver, started (and connected) now if this is the handle's first statement. */
  private get client(): SyncPgClient {
    if (this.driver) return this.driver
    if (this.closed) throw new TypeError('The database connection is not open')
    const from = firstCaller()
    try {
      this.driver = new SyncPgClient(this.url, {
        settings: SESSION,
        log: this.log,
        ...(this.opts.timeoutMs === undefined ? {} : { timeoutMs: this.opts.timeoutMs }),
      })
    } catch (e) {
      throw toSqlError(e)
    }
    if (this.opts.announceStart !== false)
      this.log(
        `synchronous PostgreSQL driver started for ${shownUrl(this.url)}${from ? ` (first statement from ${from})` : ''}`,
      )
    return this.driver
  }

  get inTransaction(): boolean {
    return this.depth > 0
  }

  prepare<P extends unknown[] | object = unknown[], R = unknown>(
    sql: string,
  ): P extends unknown[] ? SqlStatement<P, R> : SqlStatement<[P], R> {
    return new PgStatement<any, R>(this, translate(sql)) as any
  }

  exec(sql: string): this {
    this.send([{ text: sql }])
    return this
  }

  /** One query with PostgreSQL's own placeholders ($1...); errors carry SQLite's codes. */
  query(text: string, values: unknown[] = []): PgResult {
    return this.send([{ text, values }])[0]!
  }

  transaction<F extends SqlFunction>(fn: F): SqlTransaction<F> {
    const run =
      (mode: 'deferred' | 'immediate' | 'exclusive') =>
      (...args: unknown[]): any => {
        const top = this.depth === 0
        const savepoint = `pbem_sp${this.depth}`
        const failureBefore = this.failure
        if (top) {
          this.begun = false
          this.failure = null
          this.epoch = this.driver?.epoch ?? 0
          this.pending = [{ text: mode === 'deferred' ? 'BEGIN ISOLATION LEVEL REPEATABLE READ' : 'BEGIN' }]
          this.depth = 1
          if (mode !== 'deferred') this.queueDatabaseLock(mode === 'exclusive')
          // A migration waits here, before doing anything, for every writer to finish.
          if (mode === 'exclusive') this.flushOrRollBack()
        } else {
          this.pending.push({ text: `SAVEPOINT ${savepoint}` })
          this.depth++
        }
        let result: unknown
        try {
          result = fn(...args)
          if (result && typeof (result as Promise<unknown>).then === 'function') {
            throw new TypeError('Transaction function cannot return a promise')
          }
        } catch (e) {
          if (top) this.rollBack()
          else if (this.rollBackTo(savepoint)) this.failure = failureBefore
          this.unwind(false)
          throw e
        }
        try {
          if (top) this.commit()
          else this.pending.push({ text: `RELEASE SAVEPOINT ${savepoint}` })
        } catch (e) {
          if (top) this.rollBack()
          this.unwind(false)
          throw e
        }
        this.unwind(true)
        return result
      }
    const tx = run('deferred') as unknown as SqlTransaction<F>
    tx.deferred = tx
    tx.immediate = run('immediate')
    tx.exclusive = run('exclusive')
    return tx
  }

  /**
   * Inside a writing transaction, holds the lock named `name` until the transaction ends (a
   * savepoint rolled back releases the locks taken since). Outside one it does nothing: a single
   * statement needs none. `lazy`: the lock goes to the server with this handle's next statement
   * (the caller's very next step is a statement that must run under it, and does nothing meanwhile
   * that another process could observe); otherwise it is taken before this returns.
   */
  lock(name: string, opts: { lazy?: boolean } = {}): void {
    if (this.depth === 0 || this.held.has(name)) return
    if (this.lockedAt === 0) this.queueDatabaseLock(false)
    this.pending.push({
      text: 'SELECT pg_advisory_xact_lock($1::integer, hashtext($2::text))',
      values: [WRITE_LOCK_KEY, name],
    })
    if (!opts.lazy) this.send([])
    this.held.set(name, this.depth)
  }

  /** Leaves the current level: what it locked goes on to the level above (commit) or is gone (rollback). */
  private unwind(committed: boolean): void {
    const level = this.depth--
    if (this.depth === 0) {
      this.lockedAt = 0
      this.held.clear()
      this.pending = []
      this.begun = false
      return
    }
    if (this.lockedAt === level) this.lockedAt = committed ? this.depth : 0
    for (const [name, at] of this.held)
      if (at === level) {
        if (committed) this.held.set(name, this.depth)
        else this.held.delete(name)
      }
  }

  close(): this {
    this.closed = true
    this.driver?.close()
    return this
  }

  /** The identity column of a table (what lastInsertRowid reports), or null. */
  identityColumn(table: string): string | null {
    if (!this.identity.has(table)) {
      const r = this.query(
        `SELECT a.attname FROM pg_attribute a
         WHERE a.attrelid = to_regclass($1::text) AND a.attidentity <> '' AND NOT a.attisdropped`,
        [table],
      )
      this.identity.set(table, (r.rows[0]?.[0] as string | undefined) ?? null)
    }
    return this.identity.get(table)!
  }

  /**
   * One write, in a transaction of its own when none is open, and inside a savepoint of its own
   * so that its failure undoes only itself, as in SQLite: PostgreSQL would otherwise abort the
   * whole transaction, and a caller that catches a constraint error and carries on (as EventStore
   * does) would find every later statement refused. The savepoint, the write and its release go
   * in one round trip; the rollback to the savepoint costs a second only when the write fails.
   */
  write(text: string, values: unknown[]): PgResult {
    if (this.depth === 0) return this.transaction(() => this.write(text, values)).immediate()
    if (this.lockedAt === 0) this.queueDatabaseLock(false)
    const failureBefore = this.failure
    try {
      return this.send([{ text: 'SAVEPOINT pbem_stmt' }, { text, values }, { text: 'RELEASE SAVEPOINT pbem_stmt' }])[1]!
    } catch (e) {
      if (this.quietly('ROLLBACK TO SAVEPOINT pbem_stmt; RELEASE SAVEPOINT pbem_stmt')) this.failure = failureBefore
      throw e
    }
  }

  /**
   * One round trip: the statements waiting in `pending` (BEGIN, the locks, savepoints: nothing
   * whose answer is needed), then `items`, pipelined. Returns the results of `items`; throws the
   * first failure among them all, in order.
   */
  private send(items: PgBatchItem[]): PgResult[] {
    const all = this.pending.length > 0 ? [...this.pending, ...items] : items
    this.pending = []
    if (all.length === 0) return []
    if (this.opts.retired) throw retiredError((items.at(-1) ?? all.at(-1)!).text)
    const client = this.client
    // The connection this transaction began on died: its statements must not go on over a new one.
    if (this.depth > 0 && client.epoch !== this.epoch)
      throw new SqlError('the connection to PostgreSQL was lost in the transaction', 'SQLITE_IOERR', '08006', null)
    if (this.depth > 0) this.begun = true
    let replies: PgBatchReply[]
    try {
      replies = client.batch(all)
    } catch (e) {
      throw toSqlError(e)
    }
    const failed = replies.find((r) => !r.ok)
    if (failed && !failed.ok) {
      const error = toSqlError(new PgDriverError(failed.error))
      if (this.depth > 0) this.failure ??= error // what COMMIT reports if nothing undoes it
      throw error
    }
    return replies.slice(all.length - items.length).map((r) => (r as { value: PgResult }).value)
  }

  private commit(): void {
    if (!this.begun) {
      this.pending = [] // nothing reached the server: BEGIN, the locks and savepoints are dropped unsent
      return
    }
    const [answer] = this.send([{ text: 'COMMIT' }])
    // PostgreSQL answers COMMIT in a failed transaction by rolling back, without an error.
    if (answer?.command === 'ROLLBACK')
      throw (
        this.failure ??
        new SqlError('the transaction was rolled back: a statement in it had failed', 'SQLITE_ABORT', '25P02', null)
      )
  }

  private rollBack(): void {
    this.pending = []
    if (this.begun) this.quietly('ROLLBACK')
  }

  /**
   * Back to the savepoint of a nested transaction (unsent, it and all after it are simply
   * dropped); false if that failed and the transaction stays broken.
   */
  private rollBackTo(savepoint: string): boolean {
    for (let i = this.pending.length - 1; i >= 0; i--)
      if (this.pending[i]!.text === `SAVEPOINT ${savepoint}`) {
        this.pending.length = i
        return true
      }
    return this.quietly(`ROLLBACK TO SAVEPOINT ${savepoint}; RELEASE SAVEPOINT ${savepoint}`)
  }

  private queueDatabaseLock(exclusive: boolean): void {
    this.pending.push({ text: `SELECT pg_advisory_xact_lock${exclusive ? '' : '_shared'}(${WRITE_LOCK_KEY})` })
    this.lockedAt = this.depth
  }

  private flushOrRollBack(): void {
    try {
      this.send([])
    } catch (e) {
      this.quietly('ROLLBACK')
      this.depth = 0
      this.lockedAt = 0
      this.begun = false
      throw e
    }
  }

  /** Sends `sql`, ignoring a failure (the original error is the one worth reporting); true if it went through. */
  private quietly(sql: string): boolean {
    try {
      this.send([{ text: sql }])
      return true
    } catch {
      return false
    }
  }
}

/** A URL fit for a log line: its password masked. */
function shownUrl(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:/@]*):[^@]*@/i, '$1:***@')
}

/** The statement `text` sent on a retired handle, refused with where it came from. */
export function retiredError(text: string): Error {
  const statement = text.replace(/\s+/g, ' ').trim().slice(0, 100)
  const from = firstCaller() ?? 'a caller outside the judge'
  return new Error(`the synchronous PostgreSQL driver is retired from the judge: ${from} reached it (${statement})`)
}

/** The first frame of the stack outside the log's own code: who sent the first statement. */
function firstCaller(): string | null {
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 60
  const stack = new Error().stack ?? ''
  Error.stackTraceLimit = limit
  const frames = stack.split('\n').slice(1)
  const frame = frames.find((f) => /\.[cm]?[jt]s:\d+/.test(f) && !/[\\/]src[\\/]log[\\/]|node:|node_modules/.test(f))
  const where = frame && /([^\s(]+\.[cm]?[jt]s):(\d+)/.exec(frame)
  if (!where) return null
  const file = where[1]!.replace(/^file:\/\//, '')
  const cwd = `${process.cwd()}/`
  return `${file.startsWith(cwd) ? file.slice(cwd.length) : file}:${where[2]}`
}

function toSqlError(e: unknown): unknown {
  if (!(e instanceof PgDriverError)) return e
  const { code, constraint, message } = e.info
  return new SqlError(message, sqliteCode(code, constraint), code ?? null, constraint ?? null)
}

class PgStatement<P extends unknown[], R> implements SqlStatement<P, R> {
  private plucked = false
  constructor(
    private readonly db: PgDatabase,
    private readonly t: Translated,
  ) {}

  pluck(toggle = true): this {
    this.plucked = toggle
    return this
  }

  run(...params: P): SqlRunResult {
    const idCol = this.t.insertTable && !this.t.hasReturning ? this.db.identityColumn(this.t.insertTable) : null
    const { text, values } = bind(this.t, params, idCol ? ` RETURNING "${idCol}"` : '')
    const r = this.execute(text, values)
    const id = idCol ? r.rows[0]?.[0] : undefined
    return { changes: r.rowCount, lastInsertRowid: typeof id === 'number' || typeof id === 'bigint' ? id : 0 }
  }

  get(...params: P): R | undefined {
    return this.rows(params)[0]
  }

  all(...params: P): R[] {
    return this.rows(params)
  }

  iterate(...params: P): IterableIterator<R> {
    return this.rows(params)[Symbol.iterator]()
  }

  private rows(params: P): R[] {
    const { text, values } = bind(this.t, params)
    const r = this.execute(text, values)
    if (this.plucked) return r.rows.map((row) => cell(row[0]) as R)
    return r.rows.map((row) => rowObject(this.t, r.fields, row) as R)
  }

  private execute(text: string, values: unknown[]): PgResult {
    return READS.has(this.t.verb) ? this.db.query(text, values) : this.db.write(text, values)
  }
}
