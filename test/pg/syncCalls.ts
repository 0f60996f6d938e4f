// Counting the statements a piece of the judge sends on PostgreSQL's synchronous driver (the
// worker-thread client, which blocks the event loop on each round trip): the async paths send none.
import { vi } from 'vitest'
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
