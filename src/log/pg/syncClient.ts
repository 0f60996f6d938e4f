// One PostgreSQL connection made synchronous to its caller. The judge is synchronous
// over better-sqlite3 and stays so: the pure-JS `pg` driver runs in a worker thread
// (workerSource.ts) and each call posts a request, then blocks in Atomics.wait on a shared flag
// until the worker has answered on a MessagePort, which is read with receiveMessageOnPort. This is
// the technique of the synckit package, hand-rolled because synckit shares one worker per worker
// file (we need one connection per database handle) and wants a worker file on disk.
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
}

const requireHere = createRequire(import.meta.url)

export class SyncPgClient {
  private readonly worker: Worker
  private readonly port: MessagePort
  private readonly flag = new Int32Array(new SharedArrayBuffer(4))
  private readonly timeoutMs: number
  private closed = false

  constructor(url: string, opts: SyncClientOptions = {}) {
    this.timeoutMs = opts.timeoutMs ?? 120_000
    const { port1, port2 } = new MessageChannel()
    this.port = port1
    this.worker = new Worker(PG_WORKER_SOURCE, {
      eval: true,
      workerData: {
        port: port2,
        flag: this.flag,
        url,
        pgPath: requireHere.resolve('pg'),
        settings: opts.settings ?? [],
      },
      transferList: [port2],
    })
    // Neither the thread nor the port may keep a judge process alive on its own.
    this.worker.unref()
    this.port.unref()
    try {
      this.call({ op: 'connect' })
    } catch (e) {
      this.kill()
      throw e
    }
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
      this.call({ op: 'close' })
    } finally {
      this.kill()
    }
  }

  private kill(): void {
    this.closed = true
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
    Atomics.store(this.flag, 0, 0)
    this.port.postMessage(req)
    const waited = Atomics.wait(this.flag, 0, 0, this.timeoutMs)
    const reply = (waited === 'timed-out' ? undefined : this.receive()) as
      | { ok: true; value: unknown }
      | { ok: false; error: PgErrorInfo }
      | undefined
    if (!reply) {
      // No answer: the connection's state is unknown, so it cannot be used again.
      this.kill()
      throw new Error(
        waited === 'timed-out'
          ? `PostgreSQL did not answer within ${this.timeoutMs} ms; the connection is closed`
          : 'PostgreSQL worker gave no answer; the connection is closed',
      )
    }
    if (!reply.ok) throw new PgDriverError(reply.error)
    return reply.value
  }
}
