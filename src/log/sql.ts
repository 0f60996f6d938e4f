// The database seam: the small synchronous subset of better-sqlite3 that the judge
// uses, so that the same code runs on SQLite (better-sqlite3 itself satisfies these types) or on
// PostgreSQL (src/log/pg/database.ts, synchronous to its callers through a worker thread).
//
// Shapes are SQLite's on both engines: integers come back as numbers, blobs as Buffers, column
// names keep the case written in the SQL, and constraint errors carry SQLite's error codes
// (e.g. SQLITE_CONSTRAINT_UNIQUE), because that is what the callers were written against.

export interface SqlRunResult {
  changes: number
  lastInsertRowid: number | bigint
}

export interface SqlStatement<P extends unknown[] = unknown[], R = unknown> {
  run(...params: P): SqlRunResult
  get(...params: P): R | undefined
  all(...params: P): R[]
  iterate(...params: P): IterableIterator<R>
  /** Rows become their first column's value. */
  pluck(toggle?: boolean): this
}

export type SqlFunction = (...params: any[]) => unknown
type Args<F extends SqlFunction> = F extends (...args: infer A) => unknown ? A : never

/** A transaction-wrapped function, called plainly (deferred) or with a locking mode. */
export interface SqlTransaction<F extends SqlFunction> {
  (...params: Args<F>): ReturnType<F>
  deferred(...params: Args<F>): ReturnType<F>
  immediate(...params: Args<F>): ReturnType<F>
  exclusive(...params: Args<F>): ReturnType<F>
}

export interface SqlDatabase {
  prepare<P extends unknown[] | object = unknown[], R = unknown>(
    sql: string,
  ): P extends unknown[] ? SqlStatement<P, R> : SqlStatement<[P], R>
  /** Runs one or more statements without parameters. */
  exec(sql: string): this
  /** Wraps `fn` so that it runs in a transaction; nested calls become savepoints. */
  transaction<F extends SqlFunction>(fn: F): SqlTransaction<F>
  close(): this
  readonly open: boolean
  /** True inside a transaction (better-sqlite3's property; PgDatabase keeps its own count). */
  readonly inTransaction: boolean
  /**
   * Inside a writing transaction, holds the lock named `name` (a stream, a setting) until it ends,
   * so that writers touching the same thing go one at a time (PgDatabase: an advisory lock). Absent
   * on SQLite, whose writers all go one at a time anyway. `lazy`: it may go to the server with the
   * next statement instead of at once (the caller's next step is that statement).
   */
  lock?(name: string, opts?: { lazy?: boolean }): void
}

export type SqlEngine = 'sqlite' | 'postgres'

const POSTGRES_URL = /^postgres(ql)?:\/\//i

/** The engine behind an open handle: PgDatabase says so; anything else is better-sqlite3. */
export function engineOfDatabase(db: SqlDatabase): SqlEngine {
  return (db as { engine?: unknown }).engine === 'postgres' ? 'postgres' : 'sqlite'
}

/** Which engine a database target names: a postgres:// URL, or else a SQLite file. */
export function engineOf(target: string): SqlEngine {
  return POSTGRES_URL.test(target) ? 'postgres' : 'sqlite'
}

/** The n-th (1-based) parameter's placeholder in a statement: written once, spelt per dialect. */
export type Placeholder = (n: number) => string

/** SQLite's (and the synchronous seam's, on both engines): `?`. */
export const QMARK: Placeholder = () => '?'
/** PostgreSQL's own: `$1`, `$2`, ... */
export const DOLLAR: Placeholder = (n) => `$${n}`

export const placeholderOf = (engine: SqlEngine): Placeholder => (engine === 'postgres' ? DOLLAR : QMARK)
