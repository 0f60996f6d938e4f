// The async event store on both engines (test/pg/engines.ts): the synchronous store's semantics,
// its hash chain, interplay with it on one database, racing pools, and a cut connection.
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AsyncDatabase } from '../../../src/log/async/database.ts'
import { openAsyncDatabase } from '../../../src/log/async/open.ts'
import { AsyncEventStore } from '../../../src/log/async/store.ts'
import { openSqlDatabase } from '../../../src/log/engines.ts'
import { EventSchemas } from '../../../src/log/schemas.ts'
import { ConcurrencyError, EventStore, GENESIS_HASH } from '../../../src/log/store.ts'
import { verifyAllAsync } from '../../../src/log/verify.ts'
import { jobsOf } from '../../helpers/jobsDb.ts'
import { bothEngines } from '../../pg/engines.ts'
import { PUBLIC, expectedHash, fakeClock, tempDir, writeTestSchemas } from '../helpers.ts'

const thing = (name: string, count = 1) => ({ type: 'Thing', data: { name, count }, audience: PUBLIC })

describe.each(bothEngines())('async event store on $name', (engine) => {
  let tmp: ReturnType<typeof tempDir>
  let schemas: EventSchemas
  const opened: AsyncDatabase[] = []
  const logs: string[] = []
  const open = async (target: string) => {
    const db = await openAsyncDatabase(target, { log: (m) => logs.push(m) })
    opened.push(db)
    return db
  }
  /** A target two handles can share: a file on SQLite, a database on PostgreSQL. */
  const shared = () => engine.target(join(tmp.dir, 'shared.sqlite'))

  beforeEach(() => {
    tmp = tempDir()
    schemas = new EventSchemas(writeTestSchemas(tmp.dir))
    logs.length = 0
  })
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.close()
    tmp.cleanup()
  })

  it('round-trips events with their envelope, versions, streams and positions', async () => {
    const store = new AsyncEventStore(await open(engine.target()), schemas, fakeClock())
    const out = await store.append('game:1', 0, [
      { ...thing('Monitor'), audience: { kind: 'roles', roles: ['union'] }, causation: '<abc@mail>' },
      { type: 'Thing', schemaVersion: 2, data: { name: 'Virginia', count: 2, colour: 'red' }, audience: PUBLIC },
    ])
    expect(out.map((e) => e.version)).toEqual([1, 2])
    expect(out[1]!.position).toBeGreaterThan(out[0]!.position)
    expect(out[0]).toMatchObject({ causation: '<abc@mail>', recordedAt: '1862-03-09T12:00:00.000Z', schemaVersion: 1 })
    expect(out[0]!.hash).toBe(expectedHash(GENESIS_HASH, out[0]!))
    expect(out[1]!.hash).toBe(expectedHash(out[0]!.hash, out[1]!))
    expect(await store.read('game:1')).toEqual(out)
    expect(await store.read('game:1', 2)).toEqual([out[1]])
    expect(await store.read('game:nope')).toEqual([])
    expect(await store.version('game:1')).toBe(2)
    expect(await store.version('game:nope')).toBe(0)
    await store.append('game_x', 0, [thing('d')])
    await store.append('game:2', 0, [thing('e')])
    expect(await store.streams()).toEqual(['game:1', 'game:2', 'game_x'])
    expect(await store.streams('game:')).toEqual(['game:1', 'game:2'])
    const after = await store.readFrom(out[0]!.position, 2)
    expect(after.map((e) => [e.stream, e.version])).toEqual([
      ['game:1', 2],
      ['game_x', 1],
    ])
  })

  it('rejects a stale or future expected version, and an invalid event, writing nothing', async () => {
    const store = new AsyncEventStore(await open(engine.target()), schemas, fakeClock())
    await store.append('game:1', 0, [thing('a')])
    await expect(store.append('game:1', 0, [thing('b')])).rejects.toMatchObject({
      name: 'ConcurrencyError',
      stream: 'game:1',
      expected: 0,
      actual: 1,
    })
    await expect(store.append('game:1', 5, [thing('b')])).rejects.toBeInstanceOf(ConcurrencyError)
    await expect(
      store.append('game:1', 1, [thing('ok'), { type: 'Thing', data: { name: '' }, audience: PUBLIC }]),
    ).rejects.toThrow(/Thing/)
    expect(await store.append('game:1', 1, [])).toEqual([])
    expect((await store.read('game:1')).map((e) => e.data.name)).toEqual(['a'])
  })

  it('a transaction that throws rolls back its appends and what its listener wrote', async () => {
    const store = new AsyncEventStore(await open(engine.target()), schemas, fakeClock())
    const seen: number[] = []
    store.onAppend('count', async (_tx, _stream, events) => {
      seen.push(events.length)
    })
    await expect(
      store.transaction(async (tx) => {
        await store.appendIn(tx, 'a', 0, [thing('x')])
        await store.appendIn(tx, 'b', 0, [thing('y'), thing('z')])
        expect(await store.version('b', tx)).toBe(2)
        throw new Error('no')
      }),
    ).rejects.toThrow('no')
    expect(seen).toEqual([1, 2])
    expect(await store.streams()).toEqual([])
  })

  it('the synchronous store and the async store read and extend each other’s streams; verify passes', async () => {
    const target = shared()
    const clock = fakeClock()
    const adb = await open(target)
    const sync = openSqlDatabase(target)
    try {
      const astore = new AsyncEventStore(adb, schemas, clock)
      const sstore = new EventStore(sync, schemas, clock)
      await astore.append('g', 0, [thing('one'), thing('two')])
      sstore.append('g', 2, [thing('three')])
      await astore.append('g', 3, [thing('four')])
      expect(() => sstore.append('g', 3, [thing('late')])).toThrow(ConcurrencyError)
      const a = await astore.read('g')
      expect(sstore.read('g')).toEqual(a)
      expect(a.map((e) => e.data.name)).toEqual(['one', 'two', 'three', 'four'])
      for (let i = 0; i < a.length; i++) expect(a[i]!.hash).toBe(expectedHash(i ? a[i - 1]!.hash : GENESIS_HASH, a[i]!))
      expect(await verifyAllAsync(jobsOf(sync))).toEqual({ ok: true, streams: 1, events: 4, failures: [] })
    } finally {
      sync.close()
    }
  })

  it('two handles appending to one stream at once: exactly one wins per version', async () => {
    const target = shared()
    const one = new AsyncEventStore(await open(target), schemas)
    const two = new AsyncEventStore(await open(target), schemas)
    for (let v = 0; v < 20; v++) {
      const results = await Promise.allSettled([
        one.append('race', v, [thing(`one-${v}`)]),
        two.append('race', v, [thing(`two-${v}`)]),
        one.append('race', v, [thing(`three-${v}`)]),
      ])
      const won = results.filter((r) => r.status === 'fulfilled')
      expect(won).toHaveLength(1)
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(ConcurrencyError)
    }
    const events = await one.read('race')
    expect(events.map((e) => e.version)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    const sync = openSqlDatabase(target)
    try {
      expect((await verifyAllAsync(jobsOf(sync))).ok).toBe(true)
    } finally {
      sync.close()
    }
  })

  it.runIf(engine.name === 'postgres')(
    'a connection cut by pg_terminate_backend: the next call reconnects',
    async () => {
      const target = engine.target()
      const db = await open(target)
      const store = new AsyncEventStore(db, schemas)
      await store.append('s', 0, [thing('before')])
      const killer = await open(target)
      const kill = () =>
        killer.all(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = 'pbem'",
        )
      // Idle connections die: the pool drops them and the process carries on.
      expect((await kill()).length).toBeGreaterThan(0)
      await new Promise((r) => setTimeout(r, 200))
      expect(await store.append('s', 1, [thing('after idle kill')])).toHaveLength(1)
      // Killed in the middle of a transaction: that one fails, the next succeeds.
      const cut = store.transaction(async (tx) => {
        await store.appendIn(tx, 's', 2, [thing('lost')])
        await kill()
        await tx.all('SELECT 1')
      })
      await expect(cut).rejects.toThrow()
      expect(await store.append('s', 2, [thing('after cut')])).toHaveLength(1)
      expect((await store.read('s')).map((e) => e.data.name)).toEqual(['before', 'after idle kill', 'after cut'])
      expect(logs.some((m) => /connection lost/.test(m))).toBe(true)
      expect(logs.some((m) => /reconnected/.test(m))).toBe(true)
    },
  )

  it.runIf(engine.name === 'postgres')('holds the synchronous store off a stream it has locked', async () => {
    const target = engine.target()
    const db = await open(target)
    const store = new AsyncEventStore(db, schemas)
    const sync = openSqlDatabase(target)
    try {
      expect(await db.get('SHOW lock_timeout')).toEqual({ lock_timeout: '5s' })
      const sstore = new EventStore(sync, schemas)
      await store.transaction(async (tx) => {
        await store.lockStream(tx, 'g')
        // The synchronous handle blocks this thread: it can only give up (lock_timeout).
        expect(() => sstore.append('g', 0, [thing('blocked')])).toThrow(/lock timeout/i)
        await store.appendIn(tx, 'g', 0, [thing('first')])
      })
      expect(sstore.read('g').map((e) => e.data.name)).toEqual(['first'])
    } finally {
      sync.close()
    }
  })

  it('migrations applied by the async opening are the synchronous opening’s', async () => {
    const target = shared()
    const db = await open(target)
    const ids = (await db.all<{ id: number; name: string }>('SELECT id, name FROM schema_migrations ORDER BY id')).map(
      (r) => `${r.id}:${r.name}`,
    )
    const sync = openSqlDatabase(target)
    try {
      const syncIds = (
        sync.prepare('SELECT id, name FROM schema_migrations ORDER BY id').all() as { id: number; name: string }[]
      ).map((r) => `${r.id}:${r.name}`)
      expect(syncIds).toEqual(ids)
      expect(ids.length).toBeGreaterThanOrEqual(10)
    } finally {
      sync.close()
    }
  })
})

describe.each(bothEngines())('a snapshot transaction on $name', (engine) => {
  it('reads one state while another handle commits, and holds no writer back', async () => {
    const tmp = tempDir()
    const target = engine.target(join(tmp.dir, 'snapshot.sqlite'))
    const reader = await openAsyncDatabase(target)
    const writer = openSqlDatabase(target)
    const q = 'SELECT COUNT(*) AS n FROM settings'
    const count = async (db: { get: AsyncDatabase['get'] }) => Number((await db.get<{ n: number }>(q))!.n)
    try {
      writer.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run('before', '1')
      const seen = await reader.transaction(
        async (tx) => {
          const before = await count(tx)
          // A writing transaction here would hold this writer back (busy_timeout, lock_timeout) and fail it.
          writer.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run('during', '2')
          return [before, await count(tx)]
        },
        { snapshot: true },
      )
      expect(seen[1]).toBe(seen[0])
      expect(await count(reader)).toBe(seen[0]! + 1)
    } finally {
      writer.close()
      await reader.close()
      tmp.cleanup()
    }
  })
})
