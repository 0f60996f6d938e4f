// The PostgreSQL side of the database seam (src/log/sql.ts, issue 16): one connection per handle,
// synchronous to the judge through SyncPgClient, with better-sqlite3's behaviour where the judge
// depends on it.
//
// Locking is SQLite's on purpose: SQLite lets one writer in at a time, and every exactly-once
// guarantee of the judge was built on that. So an IMMEDIATE (or EXCLUSIVE) transaction here takes
// a database-wide advisory lock right after BEGIN, a write outside any transaction takes it for its
// own short transaction, and readers never take it (as WAL readers do not). A DEFERRED
// transaction runs at REPEATABLE READ and takes the lock at its first write: it reads one
// snapshot, and a write to a row changed since then fails with SQLITE_BUSY, as SQLite's stale
// snapshot does (unlike SQLite, rows inserted by others since its snapshot do not fail it; the
// judge opens only immediate transactions). lock_timeout mirrors busy_timeout (5 s).
import type { SqlDatabase, SqlFunction, SqlRunResult, SqlStatement, SqlTransaction } from '../sql.ts'
import { PgDriverError, type PgResult, SyncPgClient } from './syncClient.ts'
import { bind, cell, rowObject, sqliteCode, type Translated, translate } from './translate.ts'

/** The advisory lock key every writer takes (arbitrary, fixed: "pbem" in ASCII). */
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

export class PgDatabase implements SqlDatabase {
  readonly engine = 'postgres' as const
  private readonly client: SyncPgClient
  private depth = 0
  private locked = false
  private readonly identity = new Map<string, string | null>()

  constructor(url: string, opts: { timeoutMs?: number } = {}) {
    try {
      this.client = new SyncPgClient(url, { settings: SESSION, ...opts })
    } catch (e) {
      throw toSqlError(e)
    }
  }

  get open(): boolean {
    return this.client.open
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
    try {
      this.client.exec(sql)
    } catch (e) {
      throw toSqlError(e)
    }
    return this
  }

  /** One query with PostgreSQL's own placeholders ($1...); errors carry SQLite's codes. */
  query(text: string, values: unknown[] = []): PgResult {
    try {
      return this.client.query(text, values)
    } catch (e) {
      throw toSqlError(e)
    }
  }

  transaction<F extends SqlFunction>(fn: F): SqlTransaction<F> {
    const run =
      (mode: 'deferred' | 'immediate') =>
      (...args: unknown[]): any => {
        const top = this.depth === 0
        const savepoint = `pbem_sp${this.depth}`
        if (top) {
          this.exec(mode === 'deferred' ? 'BEGIN ISOLATION LEVEL REPEATABLE READ' : 'BEGIN')
          if (mode === 'immediate') this.lockOrRollBack()
          else this.locked = false
        } else this.exec(`SAVEPOINT ${savepoint}`)
        this.depth++
        let result: unknown
        try {
          result = fn(...args)
          if (result && typeof (result as Promise<unknown>).then === 'function') {
            throw new TypeError('Transaction function cannot return a promise')
          }
        } catch (e) {
          this.depth--
          this.quietly(top ? 'ROLLBACK' : `ROLLBACK TO SAVEPOINT ${savepoint}; RELEASE SAVEPOINT ${savepoint}`)
          throw e
        }
        this.depth--
        try {
          this.exec(top ? 'COMMIT' : `RELEASE SAVEPOINT ${savepoint}`)
        } catch (e) {
          if (top) this.quietly('ROLLBACK')
          throw e
        }
        return result
      }
    const tx = run('deferred') as unknown as SqlTransaction<F>
    tx.deferred = tx
    tx.immediate = run('immediate')
    tx.exclusive = tx.immediate
    return tx
  }

  close(): this {
    this.client.close()
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

  /** Runs `fn` holding the write lock: inside the current transaction, or in a new one. */
  writing<T>(fn: () => T): T {
    return this.depth > 0 ? fn() : this.transaction(fn).immediate()
  }

  /**
   * Runs one write inside a transaction so that its failure undoes only itself, as in SQLite:
   * PostgreSQL would otherwise abort the whole transaction, and a caller that catches a constraint
   * error and carries on (as EventStore does) would find every later statement refused.
   */
  statement<T>(fn: () => T): T {
    if (!this.locked) this.lock()
    this.exec('SAVEPOINT pbem_stmt')
    let result: T
    try {
      result = fn()
    } catch (e) {
      this.quietly('ROLLBACK TO SAVEPOINT pbem_stmt; RELEASE SAVEPOINT pbem_stmt')
      throw e
    }
    this.exec('RELEASE SAVEPOINT pbem_stmt')
    return result
  }

  private lock(): void {
    this.exec(`SELECT pg_advisory_xact_lock(${WRITE_LOCK_KEY})`)
    this.locked = true
  }

  private lockOrRollBack(): void {
    try {
      this.lock()
    } catch (e) {
      this.quietly('ROLLBACK')
      throw e
    }
  }

  private quietly(sql: string): void {
    try {
      this.exec(sql)
    } catch {
      // the original error is the one worth reporting
    }
  }
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
    if (READS.has(this.t.verb)) return this.db.query(text, values)
    const write = () => this.db.query(text, values)
    return this.db.inTransaction ? this.db.statement(write) : this.db.writing(write)
  }
}
