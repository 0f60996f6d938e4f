// Counting the statements a piece of the judge sends on PostgreSQL's synchronous driver (the
// worker-thread client, which blocks the event loop on each round trip): the async paths send none.
import { expect, vi } from 'vitest'
import type { Judge } from '../../src/engine/judge.ts'
import { SyncPgClient } from '../../src/log/pg/syncClient.ts'

/** The statements sent on PostgreSQL's synchronous driver until `stop` (none are counted on SQLite). */
export function synchronousCalls(engine: string): { stop: () => string[] } {
  if (engine !== 'postgres') return { stop: () => [] }
  const calls: string[] = []
  const spies = [
    vi.spyOn(SyncPgClient.prototype, 'query').mockImplementation(function (this: SyncPgClient, text, values) {
      calls.push(text)
      return query.call(this, text, values)
    }),
    vi.spyOn(SyncPgClient.prototype, 'batch').mockImplementation(function (this: SyncPgClient, items) {
      calls.push(...items.map((i) => i.text))
      return batch.call(this, items)
    }),
    vi.spyOn(SyncPgClient.prototype, 'exec').mockImplementation(function (this: SyncPgClient, text) {
      calls.push(text)
      return exec.call(this, text)
    }),
  ]
  return {
    stop: () => {
      for (const s of spies) s.mockRestore()
      return calls
    },
  }
}
const { query, batch, exec } = SyncPgClient.prototype

/**
 * `make` run on `judge` the synchronous way, its folds cleared first so that it reads: the reference
 * an async path is compared with. On PostgreSQL it must send statements on the synchronous driver
 * (else it would not be the synchronous way).
 */
export function synchronously<T>(judge: Judge, engine: string, make: (judge: Judge) => T): T {
  judge.folds.clear()
  const sync = synchronousCalls(engine)
  try {
    return make(judge)
  } finally {
    if (engine === 'postgres') expect(sync.stop().length).toBeGreaterThan(0)
    else sync.stop()
  }
}
