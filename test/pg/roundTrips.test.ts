// Round trips on PostgreSQL (src/log/pg/database.ts): what needs no answer goes pipelined
// ahead of the next statement, a write goes with its savepoint, and the guarantees hold: a lock sent
// ahead still keeps another writer waiting, its failure fails the statement it went with, and a
// transaction broken by a failure someone swallowed does not commit as if nothing happened.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { PgDatabase } from '../../src/log/pg/database.ts'
import { openPgDatabase } from '../../src/log/pg/open.ts'
import { EventSchemas } from '../../src/log/schemas.ts'
import { EventStore } from '../../src/log/store.ts'
import { PUBLIC, tempDir, writeTestSchemas } from '../log/helpers.ts'
import { type PgStack, connectPg } from './pgstack.ts'

let pg: PgStack
beforeAll(async () => {
  pg = await connectPg()
}, 600_000)
afterAll(async () => {
  await pg?.close()
})

let a: PgDatabase
let b: PgDatabase
let tmp: ReturnType<typeof tempDir>
let schemas: EventSchemas
beforeEach(() => {
  const url = pg.freshUrl()
  a = openPgDatabase(url)
  b = openPgDatabase(url)
  b.exec(`SET lock_timeout = '300ms'`)
  tmp = tempDir()
  schemas = new EventSchemas(writeTestSchemas(tmp.dir))
})
afterEach(() => {
  a.close()
  b.close()
  tmp.cleanup()
})

const thing = (name: string) => ({ type: 'Thing', data: { name, count: 1 }, audience: PUBLIC })

/** Counts the round trips `db` makes while `fn` runs (each batch sent to its worker is one). */
function roundTrips(db: PgDatabase, fn: () => void): number {
  const client = (db as unknown as { client: { batch: (...args: unknown[]) => unknown } }).client
  const original = client.batch
  let n = 0
  client.batch = (...args: unknown[]) => {
    n++
    return original.apply(client, args)
  }
  try {
    fn()
  } finally {
    client.batch = original
  }
  return n
}

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn()
  } catch (e) {
    return (e as { code?: string }).code
  }
  return undefined
}

describe('round trips on PostgreSQL', () => {
  it('an append of one event is four round trips: locks and head read, insert, head, COMMIT', () => {
    const store = new EventStore(a, schemas)
    store.append('game:1', 0, [thing('warm-up')]) // the identity column is looked up once
    expect(roundTrips(a, () => store.append('game:1', 1, [thing('one')]))).toBe(4)
    expect(roundTrips(a, () => store.append('game:1', 2, [thing('two'), thing('three')]))).toBe(5)
    expect(store.read('game:1').map((e) => e.data.name)).toEqual(['warm-up', 'one', 'two', 'three'])
  })

  it('a transaction that sends nothing makes no round trip; a conflicting append two (its rollback)', () => {
    const store = new EventStore(a, schemas)
    expect(roundTrips(a, () => store.transaction(() => 1))).toBe(0)
    store.append('game:1', 0, [thing('one')])
    // BEGIN, the locks and the head read go together; the ConcurrencyError rolls back in a second.
    expect(
      roundTrips(a, () => expect(() => store.append('game:1', 0, [thing('again')])).toThrow(/expected version 0/)),
    ).toBe(2)
  })

  it('a stream lock sent ahead of the head read still keeps the other writer waiting, and fails that read', () => {
    const sa = new EventStore(a, schemas)
    const sb = new EventStore(b, schemas)
    sa.transaction(() => {
      sa.append('game:1', 0, [thing('one')])
      expect(codeOf(() => sb.append('game:1', 0, [thing('other')]))).toBe('SQLITE_BUSY')
    })
    expect(sb.read('game:1').map((e) => e.data.name)).toEqual(['one'])
    sb.append('game:1', 1, [thing('two')]) // b's handle is usable again
    expect(sa.version('game:1')).toBe(2)
  })

  it('a failed statement undoes only itself when its savepoint went in the same round trip', () => {
    const store = new EventStore(a, schemas)
    store.transaction(() => {
      store.append('game:1', 0, [thing('one')])
      expect(
        codeOf(() => a.prepare(`INSERT INTO streams (stream, version, head_hash) VALUES ('game:1', 9, 'x')`).run()),
      ).toBe('SQLITE_CONSTRAINT_PRIMARYKEY')
      store.append('game:1', 1, [thing('two')])
    })
    expect(store.read('game:1').map((e) => e.data.name)).toEqual(['one', 'two'])
  })

  it('COMMIT of a transaction broken by a swallowed failure throws, and nothing is written', () => {
    const store = new EventStore(a, schemas)
    const broken = () =>
      store.transaction(() => {
        store.append('game:1', 0, [thing('one')])
        try {
          a.prepare('SELECT no_such_column FROM streams').get() // a read has no savepoint of its own
        } catch {
          // swallowed: PostgreSQL has aborted the transaction all the same
        }
      })
    expect(broken).toThrow(/no_such_column/)
    expect(store.version('game:1')).toBe(0)
    store.append('game:1', 0, [thing('one')]) // the handle goes on
    expect(store.version('game:1')).toBe(1)
  })
})
