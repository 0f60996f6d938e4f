// The async seam on PostgreSQL: a `pg` pool, each transaction on a connection of its own. The pool
// replaces a connection that died (pg_terminate_backend, a server restart): the dead client is
// dropped, the next call opens a new one, and the log says both. A transaction whose BEGIN fails
// on a dead connection is retried once on a fresh one (nothing of it reached the server).
// Clients run in pipeline mode: what is asked without awaiting goes in one round trip.
//
// Locks agree with the synchronous seam (src/log/pg/database.ts), so both kinds of handle can write
// one database: every writing transaction holds the database-wide advisory lock shared (an
// exclusive one holds it alone), and named locks use the two-key form (that key, hashtext(name)).
import { createRequire } from 'node:module'
import { WRITE_LOCK_KEY } from '../pg/database.ts'
import {
  type AsyncDatabase,
  type AsyncLog,
  type AsyncRunResult,
  type AsyncStep,
  type AsyncStepResult,
  type AsyncTransactionOptions,
  type AsyncTx,
  defaultLog,
} from './database.ts'

/** The little of `pg` used here (it ships no types). */
interface PgQuery {
  name?: string
  text: string
  values: unknown[]
}
interface PgResult {
  rows: Record<string, unknown>[]
  rowCount: number | null
  command: string
}
interface PgClient {
  query(text: string | PgQuery, values?: unknown[]): Promise<PgResult>
  release(err?: Error | boolean): void
  on(event: 'error', fn: (err: Error) => void): void
  off(event: 'error', fn: (err: Error) => void): void
}
export interface PgPool {
  connect(): Promise<PgClient>
  query(text: string, values?: unknown[]): Promise<PgResult>
  end(): Promise<void>
  on(event: 'error', fn: (err: Error) => void): void
  on(event: 'connect', fn: (client: PgClient) => void): void
  totalCount: number
}
interface PgModule {
  Pool: new (config: Record<string, unknown>) => PgPool
  types: { getTypeParser(oid: number, format?: string): (text: string) => unknown }
}
const pg = createRequire(import.meta.url)('pg') as PgModule

const asNumber = (text: string): number | bigint => {
  const n = Number(text)
  return Number.isSafeInteger(n) || !/^-?\d+$/.test(text) ? n : BigInt(text)
}
const asText = (text: string) => text
// SQLite's shapes: int8 and numeric as numbers, booleans 1/0, dates and times as sent.
const PARSERS: Record<number, (text: string) => unknown> = {
  20: asNumber,
  1700: asNumber,
  16: (t) => (t === 't' ? 1 : 0),
  1082: asText,
  1083: asText,
  1114: asText,
  1184: asText,
  1266: asText,
}

const CONNECTION_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  'ECONNRESET',
  'EPIPE',
  'ECONNREFUSED',
])

/** Whether `e` says the connection is gone (rather than the statement being wrong). */
export function isConnectionError(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown }
  if (typeof err?.code === 'string' && CONNECTION_CODES.has(err.code)) return true
  return /Connection terminated|not queryable|connection error|terminating connection/i.test(String(err?.message))
}

export interface PgAsyncOptions {
  /** Connections at most (default 10). */
  max?: number
  log?: AsyncLog
}

/** Statements with parameters get a name, so that each connection parses and plans them once. */
const names = new Map<string, string>()
const MAX_NAMED = 500

function named(text: string, values: unknown[]): PgQuery {
  let name = names.get(text)
  if (name === undefined && names.size < MAX_NAMED) {
    name = `pbem_${names.size + 1}`
    names.set(text, name)
  }
  return name === undefined ? { text, values } : { name, text, values }
}

/** A statement with parameters is prepared once per connection (named); one without is sent as it is. */
function ask(client: PgClient, text: string, values: unknown[]): Promise<PgResult> {
  return values.length ? client.query(named(text, values)) : client.query(text)
}

class PgTx implements AsyncTx {
  readonly engine = 'postgres' as const
  private readonly held = new Set<string>()
  /** Committed or rolled back by finish(). */
  ended = false
  constructor(private readonly client: PgClient) {}

  async all<R>(sql: string, params: unknown[] = []): Promise<R[]> {
    return (await ask(this.client, sql, params)).rows as R[]
  }
  async get<R>(sql: string, params: unknown[] = []): Promise<R | undefined> {
    return (await this.all<R>(sql, params))[0]
  }
  async run(sql: string, params: unknown[] = []): Promise<AsyncRunResult> {
    return { changes: (await ask(this.client, sql, params)).rowCount ?? 0 }
  }
  async exec(sql: string): Promise<void> {
    await this.client.query(sql)
  }
  async step<R>(step: AsyncStep): Promise<AsyncStepResult<R>> {
    const r = await ask(this.client, step.sql, step.params ?? [])
    return { rows: r.rows as R[], changes: r.rowCount ?? 0 }
  }
  /**
   * The steps and COMMIT, sent at once: the locks the steps take are held only while the server
   * runs them, never while this process's event loop is busy (a synchronous wait on the same locks
   * in this process would otherwise hold back the COMMIT it waits for). A failed step's COMMIT
   * answers ROLLBACK, and the step's error is the one thrown.
   */
  async stepsAndCommit<R>(steps: readonly AsyncStep[]): Promise<AsyncStepResult<R>[]> {
    this.ended = true
    const [results, commit] = await Promise.allSettled([
      Promise.all(steps.map((s) => this.step<R>(s))),
      this.client.query('COMMIT'),
    ])
    if (results.status === 'rejected') throw results.reason
    if (commit.status === 'rejected') throw commit.reason
    if (commit.value.command === 'ROLLBACK') throw new Error('PostgreSQL rolled the transaction back')
    return results.value
  }
  async finish<R>(sql: string, params: unknown[] = []): Promise<R[]> {
    this.ended = true
    const [rows, commit] = await Promise.allSettled([ask(this.client, sql, params), this.client.query('COMMIT')])
    if (rows.status === 'rejected') throw rows.reason
    if (commit.status === 'rejected') throw commit.reason
    if (commit.value.command === 'ROLLBACK') throw new Error('PostgreSQL rolled the transaction back')
    return rows.value.rows as R[]
  }
  lock(name: string): Promise<void> {
    if (this.held.has(name)) return Promise.resolve()
    this.held.add(name)
    return ask(this.client, 'SELECT pg_advisory_xact_lock($1::integer, hashtext($2::text))', [
      WRITE_LOCK_KEY,
      name,
    ]).then(() => undefined)
  }
}

export class PgAsyncDatabase implements AsyncDatabase {
  readonly engine = 'postgres' as const
  readonly pool: PgPool
  private readonly log: AsyncLog
  /** Connections lost since the last one was opened: the next open is a reconnection. */
  private lost = 0

  constructor(url: string, opts: PgAsyncOptions = {}) {
    this.log = opts.log ?? defaultLog
    this.pool = new pg.Pool({
      connectionString: url,
      max: opts.max ?? 10,
      pipeline: true,
      application_name: 'pbem',
      // Idle connections do not keep a finished command alive.
      allowExitOnIdle: true,
      // Sent with the start-up message: no round trip. lock_timeout mirrors SQLite's busy_timeout.
      options: '-c lock_timeout=5s -c TimeZone=UTC -c client_encoding=UTF8 -c synchronous_commit=on',
      types: { getTypeParser: (oid: number, format?: string) => PARSERS[oid] ?? pg.types.getTypeParser(oid, format) },
    })
    // An idle client whose connection dies is dropped by the pool; without a listener the error
    // would be thrown at the process.
    this.pool.on('error', (err) => this.lostOne(err))
    this.pool.on('connect', () => {
      if (this.lost === 0) return
      this.log(`PostgreSQL: reconnected after ${this.lost} lost connection(s)`)
      this.lost = 0
    })
  }

  private lostOne(err: unknown): void {
    this.lost++
    this.log(
      `PostgreSQL: connection lost (${(err as Error)?.message ?? err}); the pool opens a new one at the next call`,
    )
  }

  /** Gives `client` back, dropping it when its connection is gone. */
  private release(client: PgClient, err: unknown): void {
    // The pool's own error listener has logged the loss already.
    if (err !== undefined && isConnectionError(err)) client.release(err as Error)
    else client.release()
  }

  /** Runs `job` on a pooled client; retried once on a fresh client when `retry` says nothing of it took effect. */
  private async withClient<T>(job: (c: PgClient) => Promise<T>, retry: (e: unknown) => boolean): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const client = await this.pool.connect()
      // A connection cut while the client is checked out (pg_terminate_backend, a server restart)
      // is reported on the client, not the pool: unheard, it would be thrown at the process. The
      // job's own call fails with it too, and that failure decides what happens.
      let heard = false
      const onError = (err: Error) => {
        heard = true
        this.lostOne(err)
      }
      client.on('error', onError)
      try {
        const out = await job(client)
        client.off('error', onError)
        client.release()
        return out
      } catch (e) {
        client.off('error', onError)
        // A cut met by the job's own call (the server ending a busy connection) is a loss too.
        if (!heard && isConnectionError(e)) this.lostOne(e)
        this.release(client, e)
        if (attempt > 0 || !isConnectionError(e) || !retry(e)) throw e
      }
    }
  }

  all<R>(sql: string, params: unknown[] = []): Promise<R[]> {
    return this.withClient(
      async (c) => (await ask(c, sql, params)).rows as R[],
      () => /^\s*select\b/i.test(sql),
    )
  }
  async get<R>(sql: string, params: unknown[] = []): Promise<R | undefined> {
    return (await this.all<R>(sql, params))[0]
  }
  run(sql: string, params: unknown[] = []): Promise<AsyncRunResult> {
    return this.transaction(async (tx) => tx.run(sql, params))
  }
  /** BEGIN, the lock, the steps and COMMIT in one round trip. */
  batch<R>(steps: readonly AsyncStep[]): Promise<AsyncStepResult<R>[]> {
    return this.transaction((tx) => (tx as PgTx).stepsAndCommit<R>(steps))
  }
  exec(sql: string): Promise<void> {
    return this.withClient(
      async (c) => {
        await c.query(sql)
      },
      () => false,
    )
  }

  transaction<T>(fn: (tx: AsyncTx) => Promise<T>, opts: AsyncTransactionOptions = {}): Promise<T> {
    let begun = false
    return this.withClient(
      async (client) => {
        // BEGIN and the database-wide lock are not awaited: they go in one round trip with the
        // transaction's first statements (pipeline mode keeps them in order).
        const started = Promise.allSettled(
          opts.snapshot
            ? [client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')]
            : [
                client.query('BEGIN'),
                client.query(`SELECT pg_advisory_xact_lock${opts.exclusive ? '' : '_shared'}(${WRITE_LOCK_KEY})`),
              ],
        )
        const tx = new PgTx(client)
        try {
          const out = await fn(tx)
          await throwFirst(started)
          if (tx.ended) return out
          const commit = await client.query('COMMIT')
          // COMMIT of a transaction that failed answers ROLLBACK rather than an error.
          if (commit.command === 'ROLLBACK') throw new Error('PostgreSQL rolled the transaction back')
          return out
        } catch (e) {
          const [beginResult] = await started
          begun = beginResult.status === 'fulfilled'
          // Nothing is written to a connection that is gone (the server has rolled back already).
          if (!isConnectionError(e) && !tx.ended) await rollBack(client)
          await throwFirst(started)
          throw e
        }
      },
      () => !begun,
    )
  }

  async close(): Promise<void> {
    await this.pool.end()
  }
}

/** The first failure of what was sent ahead (BEGIN, the lock) is the one to report. */
async function throwFirst(started: Promise<PromiseSettledResult<unknown>[]>): Promise<void> {
  const failed = (await started).find((r) => r.status === 'rejected')
  if (failed) throw (failed as PromiseRejectedResult).reason
}

async function rollBack(client: PgClient): Promise<void> {
  await client.query('ROLLBACK').catch(() => undefined)
}
