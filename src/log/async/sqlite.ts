// The async seam on SQLite: better-sqlite3 answers at once, so each call is a resolved promise; what
// needs care is that its one connection must not carry two transactions interleaved at their awaits.
// Every call outside a transaction, and each transaction whole, goes through one queue.
import { resolve } from 'node:path'
import type BetterSqlite3 from 'better-sqlite3'
import type {
  AsyncDatabase,
  AsyncRunResult,
  AsyncStep,
  AsyncStepResult,
  AsyncTransactionOptions,
  AsyncTx,
} from './database.ts'

type Statement = BetterSqlite3.Statement<unknown[], unknown>

class SqliteQueries {
  readonly engine = 'sqlite' as const
  private readonly cache = new Map<string, Statement>()
  constructor(protected readonly db: BetterSqlite3.Database) {}

  protected statement(sql: string): Statement {
    let s = this.cache.get(sql)
    if (!s) {
      s = this.db.prepare(sql)
      this.cache.set(sql, s)
    }
    return s
  }

  protected allNow<R>(sql: string, params: unknown[]): R[] {
    return this.statement(sql).all(...params) as R[]
  }

  protected runNow(sql: string, params: unknown[]): AsyncRunResult {
    return { changes: this.statement(sql).run(...params).changes }
  }

  /** One statement of a batch: its rows when it gives any (a read, RETURNING), else what it changed. */
  stepNow<R>(step: AsyncStep): AsyncStepResult<R> {
    const s = this.statement(step.sql)
    const params = step.params ?? []
    if (s.reader) {
      const rows = s.all(...params) as R[]
      return { rows, changes: rows.length }
    }
    return { rows: [], changes: s.run(...params).changes }
  }
}

class SqliteTx extends SqliteQueries implements AsyncTx {
  async all<R>(sql: string, params: unknown[] = []): Promise<R[]> {
    return this.allNow<R>(sql, params)
  }
  async get<R>(sql: string, params: unknown[] = []): Promise<R | undefined> {
    return this.allNow<R>(sql, params)[0]
  }
  async run(sql: string, params: unknown[] = []): Promise<AsyncRunResult> {
    return this.runNow(sql, params)
  }
  async lock(_name: string): Promise<void> {}
  async exec(sql: string): Promise<void> {
    this.db.exec(sql)
  }
  /** The transaction commits as soon as its function returns: nothing to gain by committing here. */
  async finish<R>(sql: string, params: unknown[] = []): Promise<R[]> {
    return this.allNow<R>(sql, params)
  }
}

/** The tail of a queue: the next call starts when it settles. */
interface Queue {
  tail: Promise<unknown>
}

/**
 * One queue per file for every handle of this process: a second connection's BEGIN IMMEDIATE while
 * the first holds the write lock across an await would block the thread in busy_timeout, and the
 * first could never finish. (Other processes wait on SQLite's own lock, as before.)
 */
const queues = new Map<string, Queue>()

function queueOf(db: BetterSqlite3.Database): Queue {
  if (db.memory) return { tail: Promise.resolve() }
  const file = resolve(db.name)
  let q = queues.get(file)
  if (!q) {
    q = { tail: Promise.resolve() }
    queues.set(file, q)
  }
  return q
}

export class SqliteAsyncDatabase implements AsyncDatabase {
  readonly engine = 'sqlite' as const
  private readonly tx: SqliteTx
  private readonly queue: Queue

  /**
   * `borrowed`: the connection is a synchronous handle's (the judge's, while its jobs move onto this
   * seam one by one); closing this handle leaves it open for its owner to close.
   */
  constructor(
    readonly db: BetterSqlite3.Database,
    private readonly opts: { borrowed?: boolean } = {},
  ) {
    this.tx = new SqliteTx(db)
    this.queue = queueOf(db)
  }

  /** Runs `job` once every call queued before it (on this file, in this process) has finished. */
  private queued<T>(job: () => T | Promise<T>): Promise<T> {
    const out = this.queue.tail.then(job)
    this.queue.tail = out.catch(() => undefined)
    return out
  }

  all<R>(sql: string, params: unknown[] = []): Promise<R[]> {
    return this.queued(() => this.tx.all<R>(sql, params))
  }
  get<R>(sql: string, params: unknown[] = []): Promise<R | undefined> {
    return this.queued(() => this.tx.get<R>(sql, params))
  }
  run(sql: string, params: unknown[] = []): Promise<AsyncRunResult> {
    return this.queued(() => this.tx.run(sql, params))
  }
  exec(sql: string): Promise<void> {
    return this.queued(() => {
      this.db.exec(sql)
    })
  }

  batch<R>(steps: readonly AsyncStep[]): Promise<AsyncStepResult<R>[]> {
    return this.queued(() => this.db.transaction(() => steps.map((s) => this.tx.stepNow<R>(s))).immediate())
  }

  /** IMMEDIATE takes the write lock first, so another process's writer waits (busy_timeout) instead of failing to upgrade. */
  transaction<T>(fn: (tx: AsyncTx) => Promise<T>, opts: AsyncTransactionOptions = {}): Promise<T> {
    return this.queued(async () => {
      this.db.exec(opts.exclusive ? 'BEGIN EXCLUSIVE' : opts.snapshot ? 'BEGIN DEFERRED' : 'BEGIN IMMEDIATE')
      try {
        const out = await fn(this.tx)
        this.db.exec('COMMIT')
        return out
      } catch (e) {
        if (this.db.inTransaction) this.db.exec('ROLLBACK')
        throw e
      }
    })
  }

  async close(): Promise<void> {
    await this.queued(() => {
      if (this.db.open && !this.opts.borrowed) this.db.close()
    })
  }
}
