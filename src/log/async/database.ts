// The async database seam: what the judge's I/O jobs await, on SQLite (better-sqlite3 under a
// mutex, sqlite.ts) or PostgreSQL (a `pg` pool, postgres.ts). Statements are written for their
// dialect by the caller (each repository keeps one text per engine where they differ): no rewriting.
// Rows come back in SQLite's shapes on both engines: integers as numbers, column names as written.
import type { SqlEngine } from '../sql.ts'

export interface AsyncRunResult {
  changes: number
}

/** One statement of a batch (AsyncDatabase.batch). */
export interface AsyncStep {
  sql: string
  params?: unknown[]
}

/** What one statement of a batch gave: its rows (none unless it reads or returns) and the rows it changed. */
export interface AsyncStepResult<R = Record<string, unknown>> {
  rows: R[]
  changes: number
}

/** Statements, outside a transaction (each its own) or inside one (AsyncTx). */
export interface AsyncQueryable {
  readonly engine: SqlEngine
  all<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>
  get<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R | undefined>
  run(sql: string, params?: unknown[]): Promise<AsyncRunResult>
}

export interface AsyncTx extends AsyncQueryable {
  /**
   * Holds the lock named `name` until the transaction ends, so that writers touching the same thing
   * go one at a time (PostgreSQL: an advisory lock, the same key as the synchronous seam's, so both
   * exclude each other). Nothing on SQLite, whose writers go one at a time anyway.
   */
  lock(name: string): Promise<void>
  /** Runs one or more statements without parameters (a migration's file). */
  exec(sql: string): Promise<void>
  /**
   * The transaction's last statement, committed with it: on PostgreSQL the statement and COMMIT go
   * in one round trip. Nothing may be asked of `tx` after it; a failure of either rolls back.
   */
  finish<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>
}

export interface AsyncTransactionOptions {
  /** No other writer at all while it runs (migrations): SQLite EXCLUSIVE, PostgreSQL the database lock alone. */
  exclusive?: boolean
  /**
   * Reads one snapshot and writes nothing (`pbem db copy`'s source): SQLite a deferred BEGIN, which
   * holds no write lock; PostgreSQL REPEATABLE READ READ ONLY, without the writers' lock.
   */
  snapshot?: boolean
}

export interface AsyncDatabase extends AsyncQueryable {
  /**
   * Runs `fn` in one writing transaction: committed when its promise resolves, rolled back when it
   * rejects. Transactions of one handle never interleave on SQLite (one connection); on PostgreSQL
   * each has a connection of its own from the pool. Inside `fn`, ask `tx`, never the handle: on
   * SQLite a call on the handle waits for the transaction to end, which waits for `fn`.
   */
  transaction<T>(fn: (tx: AsyncTx) => Promise<T>, opts?: AsyncTransactionOptions): Promise<T>
  /**
   * Runs `steps` in order in one writing transaction and answers each one's result. Nothing else
   * runs between them: on SQLite the whole batch is one synchronous call, so its write lock is
   * never held across an await (a synchronous handle on the same file, in this process, never
   * finds it taken); on PostgreSQL they go in one round trip with BEGIN and COMMIT, so the locks
   * they take are never held waiting on this process's event loop.
   */
  batch<R = Record<string, unknown>>(steps: readonly AsyncStep[]): Promise<AsyncStepResult<R>[]>
  /** Runs one or more statements without parameters (a migration's file). */
  exec(sql: string): Promise<void>
  close(): Promise<void>
}

/** Where the layer says what happened to its connections (a lost one, a new one). */
export type AsyncLog = (message: string) => void

export const defaultLog: AsyncLog = (message) => console.warn(`pbem: ${message}`)
