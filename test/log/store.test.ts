import { execFile } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openSqlDatabase } from '../../src/log/engines.ts'
import type { SqlDatabase } from '../../src/log/sql.ts'
import { EventSchemas, EventValidationError } from '../../src/log/schemas.ts'
import { ConcurrencyError, EventStore, GENESIS_HASH } from '../../src/log/store.ts'
import { verifyAllAsync } from '../../src/log/verify.ts'
import { jobsOf } from '../helpers/jobsDb.ts'
import { type PgStack, connectPg } from '../pg/pgstack.ts'
import { PUBLIC, expectedHash, fakeClock, tempDir, writeTestSchemas } from './helpers.ts'

const REPO = fileURLToPath(new URL('../../', import.meta.url))

// Every test runs on both engines: SQLite in memory or in a file, and a real PostgreSQL
// of the run (test/pg/pgstack.ts) with a fresh database per test.
let pg: PgStack
beforeAll(async () => {
  pg = await connectPg()
}, 600_000)
afterAll(async () => {
  await pg?.close()
})

const ENGINES = [
  { name: 'sqlite', private: () => ':memory:', shared: (file: string) => join(tmp.dir, file) },
  { name: 'postgres', private: () => pg.freshUrl(), shared: (_file: string) => pg.freshUrl() },
]

let tmp: ReturnType<typeof tempDir>
let schemas: EventSchemas
let schemaDir: string
let db: SqlDatabase
let store: EventStore

const thing = (name: string, count = 1) => ({ type: 'Thing', data: { name, count }, audience: PUBLIC })

describe.each(ENGINES)('on $name', (engine) => {
  beforeEach(() => {
    tmp = tempDir()
    schemaDir = writeTestSchemas(tmp.dir)
    schemas = new EventSchemas(schemaDir)
    db = openSqlDatabase(engine.private())
    store = new EventStore(db, schemas, fakeClock())
  })
  afterEach(() => {
    db.close()
    tmp.cleanup()
  })

  describe('EventStore append/read', () => {
    it('round-trips events with their envelope', () => {
      const out = store.append('game:1', 0, [
        {
          type: 'Thing',
          data: { name: 'Monitor', count: 1 },
          audience: { kind: 'roles', roles: ['union'] },
          causation: '<abc@mail>',
        },
        { type: 'Thing', schemaVersion: 2, data: { name: 'Virginia', count: 2, colour: 'red' }, audience: PUBLIC },
      ])
      expect(out.map((e) => e.version)).toEqual([1, 2])
      expect(out[1]!.position).toBeGreaterThan(out[0]!.position)
      expect(out[0]).toMatchObject({
        stream: 'game:1',
        type: 'Thing',
        schemaVersion: 1,
        data: { name: 'Monitor', count: 1 },
        audience: { kind: 'roles', roles: ['union'] },
        recordedAt: '1862-03-09T12:00:00.000Z',
        causation: '<abc@mail>',
      })
      expect(out[1]!.schemaVersion).toBe(2)
      expect(out[1]!.causation).toBeNull()
      expect(store.read('game:1')).toEqual(out)
      expect(store.read('game:1', 2)).toEqual([out[1]])
      expect(store.read('game:nope')).toEqual([])
      expect(store.version('game:1')).toBe(2)
      expect(store.version('game:nope')).toBe(0)

      const more = store.append('game:1', 2, [thing('Cumberland')])
      expect(more[0]!.version).toBe(3)
      expect(more[0]!.recordedAt).toBe('1862-03-09T12:00:01.000Z')
      expect(store.read('game:1').map((e) => e.data.name)).toEqual(['Monitor', 'Virginia', 'Cumberland'])
    })

    it('stores the canonical JSON (undefined properties dropped, keys sorted)', () => {
      store.append('s', 0, [
        { type: 'Note', data: { text: 'hi', extra: { b: 1, a: undefined, c: [1] } }, audience: PUBLIC },
      ])
      const raw = db.prepare('SELECT data, audience FROM events').get() as { data: string; audience: string }
      expect(raw.data).toBe('{"extra":{"b":1,"c":[1]},"text":"hi"}')
      expect(raw.audience).toBe('{"kind":"public"}')
      expect(store.read('s')[0]!.data).toEqual({ text: 'hi', extra: { b: 1, c: [1] } })
    })

    it('lists streams, optionally by prefix', () => {
      store.append('game:2', 0, [thing('a')])
      store.append('game:1', 0, [thing('b')])
      store.append('system', 0, [thing('c')])
      store.append('game_x', 0, [thing('d')])
      expect(store.streams()).toEqual(['game:1', 'game:2', 'game_x', 'system'])
      expect(store.streams('game:')).toEqual(['game:1', 'game:2'])
      expect(store.streams('nope')).toEqual([])
    })
  })

  describe('optimistic concurrency', () => {
    it('rejects a stale or future expected version and writes nothing', () => {
      store.append('game:1', 0, [thing('a')])
      let err: unknown
      try {
        store.append('game:1', 0, [thing('b')])
      } catch (e) {
        err = e
      }
      expect(err).toBeInstanceOf(ConcurrencyError)
      expect(err).toMatchObject({ stream: 'game:1', expected: 0, actual: 1 })
      expect(() => store.append('game:1', 5, [thing('c')])).toThrow(ConcurrencyError)
      expect(() => store.append('game:new', 1, [thing('c')])).toThrow(ConcurrencyError)
      expect(store.version('game:1')).toBe(1)
      expect(store.version('game:new')).toBe(0)
      expect(store.read('game:1').map((e) => e.data.name)).toEqual(['a'])
    })

    it('two connections appending at the same expected version: exactly one wins', () => {
      const target = engine.shared('race.sqlite')
      const dbA = openSqlDatabase(target)
      const dbB = openSqlDatabase(target)
      const a = new EventStore(dbA, schemas)
      const b = new EventStore(dbB, schemas)
      try {
        a.append('game:1', 0, [thing('setup')])
        const results = [a, b].map((s, i) => {
          try {
            s.append('game:1', 1, [thing(`from ${i}`)])
            return 'won'
          } catch (e) {
            expect(e).toBeInstanceOf(ConcurrencyError)
            return 'lost'
          }
        })
        expect(results.sort()).toEqual(['lost', 'won'])
        expect(b.read('game:1').map((e) => e.version)).toEqual([1, 2])
      } finally {
        dbA.close()
        dbB.close()
      }
    })

    it('separate processes racing on the same file: exactly one wins', async () => {
      const file = engine.shared('procs.sqlite')
      openSqlDatabase(file).close()
      const racer = join(tmp.dir, 'racer.ts')
      const mod = (p: string) => pathToFileURL(join(REPO, p)).href
      writeFileSync(
        racer,
        `import { openSqlDatabase } from '${mod('src/log/engines.ts')}'
import { EventSchemas } from '${mod('src/log/schemas.ts')}'
import { EventStore, ConcurrencyError } from '${mod('src/log/store.ts')}'
import { existsSync, writeFileSync } from 'node:fs'
const [file, schemaDir, gate, id] = process.argv.slice(2)
const db = openSqlDatabase(file)
const store = new EventStore(db, new EventSchemas(schemaDir))
// Ready, then off together when the test opens the gate: a sleep between looks, not a busy wait.
writeFileSync(gate + '.' + id.replace(' ', '-'), '')
const nap = new Int32Array(new SharedArrayBuffer(4))
while (!existsSync(gate)) Atomics.wait(nap, 0, 0, 2)
try {
  store.append('game:race', 0, [{ type: 'Note', data: { text: id }, audience: { kind: 'public' } }])
  console.log('won')
} catch (e) {
  console.log(e instanceof ConcurrencyError ? 'lost' : 'error ' + e)
}
db.close()
`,
      )
      const run = promisify(execFile)
      const tsx = join(REPO, 'node_modules', '.bin', 'tsx')
      const gate = join(tmp.dir, `gate-${engine.name}`)
      const racing = Promise.all(
        [0, 1, 2, 3].map((i) =>
          run(tsx, [racer, file, schemaDir, gate, `racer ${i}`], { cwd: REPO }).then((r) => r.stdout.trim()),
        ),
      )
      const ready = () => [0, 1, 2, 3].every((i) => existsSync(`${gate}.racer-${i}`))
      for (let waited = 0; !ready() && waited < 60_000; waited += 20) await new Promise((r) => setTimeout(r, 20))
      writeFileSync(gate, '')
      const outs = await racing
      expect(outs.sort()).toEqual(['lost', 'lost', 'lost', 'won'])
      const check = openSqlDatabase(file)
      try {
        const s = new EventStore(check, schemas)
        expect(s.version('game:race')).toBe(1)
        expect((await verifyAllAsync(jobsOf(check))).ok).toBe(true)
      } finally {
        check.close()
      }
    }, 60000)
  })

  describe('the UNIQUE (stream, version) constraint and locking', () => {
    const forgeVersion2 = (d: SqlDatabase) =>
      d
        .prepare(
          `INSERT INTO events (stream, version, type, schema_version, data, audience, recorded_at, causation, prev_hash, hash)
           VALUES (?, 2, 'Thing', 1, '{}', '{}', 'then', NULL, 'p', 'h')`,
        )
        .run('game:1')

    it('a row beyond the stream head turns an append into a ConcurrencyError, and nothing is written', () => {
      store.append('game:1', 0, [thing('a')])
      forgeVersion2(db)
      expect(() => store.append('game:1', 1, [thing('b')])).toThrow(ConcurrencyError)
      expect(store.version('game:1')).toBe(1)
      expect(store.read('game:1').map((e) => e.data.name ?? null)).toEqual(['a', null])
    })

    it('inside a transaction, a failed statement undoes only itself and the transaction goes on', () => {
      store.append('game:1', 0, [thing('a')])
      forgeVersion2(db)
      store.transaction(() => {
        expect(() => store.append('game:1', 1, [thing('b')])).toThrow(ConcurrencyError)
        let err: unknown
        try {
          forgeVersion2(db)
        } catch (e) {
          err = e
        }
        expect((err as { code?: string }).code).toBe('SQLITE_CONSTRAINT_UNIQUE')
        store.append('game:2', 0, [thing('c')])
      })
      expect(store.streams()).toEqual(['game:1', 'game:2'])
      expect(store.read('game:2').map((e) => e.data.name)).toEqual(['c'])
    })

    it("a writer waits for another writer's transaction, then gives up with SQLITE_BUSY", () => {
      const target = engine.shared('busy.sqlite')
      const dbA = openSqlDatabase(target)
      const dbB = openSqlDatabase(target)
      const a = new EventStore(dbA, schemas)
      const b = new EventStore(dbB, schemas)
      try {
        let err: unknown
        const started = Date.now()
        a.transaction(() => {
          a.append('game:1', 0, [thing('a')])
          try {
            b.append('game:1', 0, [thing('b')])
          } catch (e) {
            err = e
          }
        })
        // busy_timeout on SQLite, lock_timeout on PostgreSQL: both 5 s
        expect(Date.now() - started).toBeGreaterThanOrEqual(4500)
        expect((err as { code?: string }).code).toBe('SQLITE_BUSY')
        expect(b.read('game:1').map((e) => e.data.name)).toEqual(['a'])
        expect(() => b.append('game:1', 0, [thing('b')])).toThrow(ConcurrencyError)
      } finally {
        dbA.close()
        dbB.close()
      }
    }, 30_000)
  })

  describe('validation', () => {
    it('rejects data that fails its schema, naming the field, and writes nothing', () => {
      expect(() =>
        store.append('game:1', 0, [{ type: 'Thing', data: { name: 'x', count: 'many' }, audience: PUBLIC }]),
      ).toThrow(/count/)
      // Every event is validated before anything is written: a bad second event stops the first.
      let err: unknown
      try {
        store.append('game:1', 0, [thing('ok'), { type: 'Thing', data: { name: 'x' }, audience: PUBLIC }])
      } catch (e) {
        err = e
      }
      expect(err).toBeInstanceOf(EventValidationError)
      expect((err as Error).message).toMatch(/Thing v1.*count/)
      expect(() => store.append('game:1', 0, [{ type: 'Unknown', data: {}, audience: PUBLIC }])).toThrow(
        EventValidationError,
      )
      expect(() =>
        store.append('game:1', 0, [{ type: 'Thing', schemaVersion: 9, data: {}, audience: PUBLIC }]),
      ).toThrow(/Thing v9/)
      expect(store.version('game:1')).toBe(0)
      expect(db.prepare('SELECT count(*) FROM events').pluck().get()).toBe(0)
    })

    it('rejects non-JSON data and a missing audience', () => {
      expect(() => store.append('s', 0, [{ type: 'Note', data: { text: 'x', extra: NaN }, audience: PUBLIC }])).toThrow(
        /non-finite/,
      )
      expect(() => store.append('s', 0, [{ type: 'Note', data: { text: 'x' } } as never])).toThrow(/audience/)
      expect(store.version('s')).toBe(0)
    })
  })

  describe('hash chain', () => {
    it('links each event to the previous one in its own stream', () => {
      const a1 = store.append('game:a', 0, [thing('a1'), thing('a2')])
      const b1 = store.append('game:b', 0, [thing('b1')])
      const a3 = store.append('game:a', 2, [thing('a3')])
      const a = [...a1, ...a3]
      expect(a[0]!.prevHash).toBe(GENESIS_HASH)
      expect(b1[0]!.prevHash).toBe(GENESIS_HASH)
      for (let i = 1; i < a.length; i++) expect(a[i]!.prevHash).toBe(a[i - 1]!.hash)
      for (const e of [...a, ...b1]) {
        expect(e.hash).toMatch(/^[0-9a-f]{64}$/)
        expect(e.hash).toBe(expectedHash(e.prevHash, e))
      }
      const head = db.prepare('SELECT version, head_hash FROM streams WHERE stream = ?').get('game:a')
      expect(head).toEqual({ version: 3, head_hash: a[2]!.hash })
    })
  })

  describe('transactions', () => {
    it('nests (savepoints) and rolls back as a unit', async () => {
      store.transaction(() => {
        store.append('game:1', 0, [thing('outer')])
        expect(() =>
          store.transaction(() => {
            store.append('game:1', 1, [thing('inner')])
            throw new Error('inner fails')
          }),
        ).toThrow('inner fails')
        store.append('game:1', 1, [thing('after')])
      })
      expect(store.read('game:1').map((e) => e.data.name)).toEqual(['outer', 'after'])

      expect(() =>
        store.transaction(() => {
          store.append('game:1', 2, [thing('doomed')])
          throw new Error('outer fails')
        }),
      ).toThrow('outer fails')
      expect(store.version('game:1')).toBe(2)
      expect(store.transaction(() => 42)).toBe(42)
      expect((await verifyAllAsync(jobsOf(db))).ok).toBe(true)
    })
  })
})
