// One PostgreSQL connection made synchronous to its caller. The judge is synchronous
// over better-sqlite3 and stays so: the pure-JS `pg` driver runs in a worker thread
// (workerSource.ts) and each call posts a request, then blocks in Atomics.wait on a shared flag
// until the worker has answered on a MessagePort, which is read with receiveMessageOnPort. This is
// the technique of the synckit package, hand-rolled because synckit shares one worker per worker
// file (we need one connection per database handle) and wants a worker file on disk.
//
// A connection that dies (pg_terminate_backend, a server restart, idle_in_transaction_session_timeout,
// a worker that gave no answer) is given up with its worker; the next call starts a new worker and
// connects again, waiting longer after each failed attempt (up to 10 s), and the log says both.
// `epoch` counts the connections lost, so that a transaction begun on one never goes on over the next.
import { createRequire } from 'node:module'
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads'
import { PG_WORKER_SOURCE } from './workerSource.ts'

export interface PgErrorInfo {
  message: string
  code?: string
  detail?: string
  constraint?: string
  table?: string
  column?: string
  severity?: string
}

export interface PgResult {
  fields: string[]
  rows: unknown[][]
  rowCount: number
  /** The command tag's verb: COMMIT answers ROLLBACK when the transaction had failed. */
  command: string
}

/** One statement of a batch: with values it goes by the extended protocol, else as a simple query. */
export interface PgBatchItem {
  text: string
  values?: unknown[]
}

export type PgBatchReply = { ok: true; value: PgResult } | { ok: false; error: PgErrorInfo }

export class PgDriverError extends Error {
  readonly info: PgErrorInfo
  constructor(info: PgErrorInfo) {
    super(info.message)
    this.name = 'PgDriverError'
    this.info = info
  }
}

export interface SyncClientOptions {
  /** Statements run once after connecting (session settings). */
  settings?: string[]
  /** How long one call may block before the connection is given up (ms). */
  timeoutMs?: number
  /** Where a lost and a regained connection are reported (default: standard error). */
  log?: (message: string) => void
}

const LOST_CODES = new Set(['57P01', '57P02', '57P03', '25P03', 'ECONNRESET', 'EPIPE', 'ECONNREFUSED', 'ETIMEDOUT'])

/** Whether a failure says the connection is gone, rather than the statement being wrong. */
function connectionLost(e: PgErrorInfo): boolean {
  if (e.code && (LOST_CODES.has(e.code) || e.code.startsWith('08'))) return true
  return /Connection terminated|not queryable|connection error|terminating connection/i.test(e.message)
}

const MAX_BACKOFF_MS = 10_000
const CONNECT_TIMEOUT_MS = 30_000

const requireHere = createRequire(import.meta.url)

let workersStarted = 0
/** How many worker threads this process has started for the synchronous driver (reconnections included). */
export function syncWorkersStarted(): number {
  return workersStarted
}

export class SyncPgClient {
  private worker!: Worker
  private port!: MessagePort
  private readonly flag = new Int32Array(new SharedArrayBuffer(4))
  private readonly timeoutMs: number
  private readonly log: (message: string) => void
  private closed = false
  /** The connection died: the next call connects again. */
  private lost = false
  private retryAt = 0
  private backoffMs = 0
  /** How many connections were lost so far. */
  epoch = 0

  constructor(
    private readonly url: string,
    private readonly opts: SyncClientOptions = {},
  ) {
    this.timeoutMs = opts.timeoutMs ?? 120_000
    this.log = opts.log ?? ((m) => console.warn(`pbem: ${m}`))
    this.connect()
  }

  /** A worker with a connection of its own; throws (and leaves no worker behind) if it cannot connect. */
  private connect(): void {
    const { port1, port2 } = new MessageChannel()
    this.port = port1
    this.worker = new Worker(PG_WORKER_SOURCE, {
      eval: true,
      workerData: {
        port: port2,
        flag: this.flag,
        url: this.url,
        pgPath: requireHere.resolve('pg'),
        settings: this.opts.settings ?? [],
      },
      transferList: [port2],
    })
    workersStarted++
    // Neither the thread nor the port may keep a judge process alive on its own.
    this.worker.unref()
    this.port.unref()
    const before = this.lost
    this.lost = true // a failed attempt to connect is no new loss
    try {
      // Starting the thread and loading `pg` come first: a short call timeout is not meant for them.
      this.answer(this.roundTrip({ op: 'connect' }, Math.max(this.timeoutMs, CONNECT_TIMEOUT_MS)))
    } catch (e) {
      this.stopWorker()
      throw e
    } finally {
      this.lost = before
    }
  }

  /** After a loss: a new connection, unless the last attempt failed less than the backoff ago. */
  private reconnect(): void {
    const now = Date.now()
    if (now < this.retryAt)
      throw new PgDriverError({
        message: `the connection to PostgreSQL was lost; trying again in ${this.retryAt - now} ms`,
        code: '08006',
      })
    try {
      this.connect()
    } catch (e) {
      this.backoffMs = Math.min(MAX_BACKOFF_MS, Math.max(250, this.backoffMs * 2))
      this.retryAt = now + this.backoffMs
      throw e
    }
    this.lost = false
    this.backoffMs = 0
    this.retryAt = 0
    this.log('PostgreSQL connection re-established')
  }

  private lose(reason: string): void {
    this.stopWorker()
    if (this.lost) return
    this.lost = true
    this.epoch++
    this.log(`PostgreSQL connection lost (${reason}); connecting again`)
  }

  query(text: string, values: unknown[]): PgResult {
    return this.call({ op: 'query', text, values }) as PgResult
  }

  /**
   * Sends every item at once (pipelined) and waits for all the answers: one round trip. Each item
   * has its own reply; one that fails does not stop the server from running the next (inside a
   * transaction block PostgreSQL refuses them itself, until a ROLLBACK).
   */
  batch(items: PgBatchItem[]): PgBatchReply[] {
    return this.call({ op: 'batch', items }) as PgBatchReply[]
  }

  /** Runs several statements at once (the simple query protocol); no parameters. */
  exec(text: string): void {
    this.call({ op: 'exec', text })
  }

  get open(): boolean {
    return !this.closed
  }

  close(): void {
    if (this.closed) return
    try {
      if (!this.lost) this.call({ op: 'close' })
    } finally {
      this.closed = true
      this.stopWorker()
    }
  }

  private stopWorker(): void {
    this.port.close()
    void this.worker.terminate()
  }

  /**
   * The worker's answer once the flag is raised. On a busy machine the message can reach this end
   * of the port a moment after the flag does, so a missing one is looked for again for a while
   * before the connection is given up.
   */
  private receive(): unknown {
    const pause = new Int32Array(new SharedArrayBuffer(4))
    for (let tries = 0; tries < 2000; tries++) {
      const got = receiveMessageOnPort(this.port)
      if (got) return got.message
      Atomics.wait(pause, 0, 0, 1)
    }
    return undefined
  }

  private call(req: { op: string; text?: string; values?: unknown[]; items?: PgBatchItem[] }): unknown {
    if (this.closed) throw new TypeError('The database connection is not open')
    if (this.lost) this.reconnect()
    const reply = this.roundTrip(req)
    if (typeof reply !== 'string' && reply.ok && req.op === 'batch') {
      const dead = (reply.value as PgBatchReply[]).find((r) => !r.ok && connectionLost(r.error))
      if (dead && !dead.ok) this.lose(dead.error.message)
    }
    return this.answer(reply)
  }

  private answer(reply: Reply | string): unknown {
    if (typeof reply === 'string') throw new Error(reply)
    if (!reply.ok) {
      if (connectionLost(reply.error)) this.lose(reply.error.message)
      throw new PgDriverError(reply.error)
    }
    return reply.value
  }

  /** The worker's reply, or why there is none (the connection is then given up). */
  private roundTrip(
    req: { op: string; text?: string; values?: unknown[]; items?: PgBatchItem[] },
    timeoutMs = this.timeoutMs,
  ): Reply | string {
    Atomics.store(this.flag, 0, 0)
    this.port.postMessage(req)
    const waited = Atomics.wait(this.flag, 0, 0, timeoutMs)
    const reply = (waited === 'timed-out' ? undefined : this.receive()) as Reply | undefined
    if (reply) return reply
    // No answer: the connection's state is unknown, so it cannot be used again.
    const why =
      waited === 'timed-out'
        ? `PostgreSQL did not answer within ${timeoutMs} ms; the connection is closed`
        : 'PostgreSQL worker gave no answer; the connection is closed'
    this.lose(why)
    return why
  }
}

type Reply = { ok: true; value: unknown } | { ok: false; error: PgErrorInfo }
