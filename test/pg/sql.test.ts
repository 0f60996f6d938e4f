// The database seam (src/log/sql.ts): the same statements give the same rows, results
// and errors on SQLite and on a real PostgreSQL (test/pg/pgstack.ts), and the PostgreSQL side's
// own machinery (migration pairing, the blocked caller's time limit) holds.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { databaseTarget, openApp, shownTarget } from '../../src/cli/app.ts'
import { appliedMigrations } from '../../src/log/db.ts'
import { openSqlDatabase } from '../../src/log/engines.ts'
import { PgDatabase } from '../../src/log/pg/database.ts'
import { appliedPgMigrations, openPgDatabase, pgMigrations } from '../../src/log/pg/open.ts'
import { SyncPgClient } from '../../src/log/pg/syncClient.ts'
import { engineOf, type SqlDatabase } from '../../src/log/sql.ts'
import { type PgStack, connectPg } from './pgstack.ts'

let pg: PgStack
beforeAll(async () => {
  pg = await connectPg()
}, 600_000)
afterAll(async () => {
  await pg?.close()
})

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn()
  } catch (e) {
    return (e as { code?: string }).code
  }
  return undefined
}

describe.each([
  { name: 'sqlite', target: () => ':memory:' },
  { name: 'postgres', target: () => pg.freshUrl() },
])('the seam on $name', ({ target }) => {
  let db: SqlDatabase
  beforeEach(() => {
    db = openSqlDatabase(target())
  })
  afterEach(() => {
    db.close()
  })

  const enqueue = (messageId: string) =>
    db
      .prepare('INSERT INTO outbox (message_id, recipient, kind, payload, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(messageId, 'fed@example.test', 'ack', '{}', '1862-03-09T12:00:00.000Z')

  it('gives rows the shapes better-sqlite3 gives: numbers, Buffers, 1/0, aliases as written', () => {
    const row = db
      .prepare('SELECT ? AS bytes, ? AS small, ? AS big, ? AS half, ? AS text, ? AS absent, 2 > 1 AS yes')
      .get(Buffer.from([0, 1, 255]), 42, 2 ** 40, 1.5, 'é', null)
    expect(row).toEqual({
      bytes: Buffer.from([0, 1, 255]),
      small: 42,
      big: 2 ** 40,
      half: 1.5,
      text: 'é',
      absent: null,
      yes: 1,
    })
    expect(Buffer.isBuffer((row as { bytes: unknown }).bytes)).toBe(true)
    enqueue('m1')
    expect(db.prepare('SELECT count(*) FROM outbox').pluck().get()).toBe(1)
    expect(db.prepare('SELECT id AS outboxId, attempts AS triedTimes FROM outbox').all()).toEqual([
      { outboxId: 1, triedTimes: 0 },
    ])
    expect([...db.prepare('SELECT message_id FROM outbox').pluck().iterate()]).toEqual(['m1'])
  })

  it('stores bytes and 64-bit integers in the tables that need them (mail_parts, game_clock)', () => {
    const body = Buffer.from([0x78, 0x9c, 0, 255, 10, 13])
    db.prepare('INSERT INTO mail_parts (hash, body, created_at) VALUES (?, ?, ?)').run('h', body, 'now')
    const stored = db.prepare('SELECT body FROM mail_parts WHERE hash = ?').pluck().get('h')
    expect(Buffer.isBuffer(stored) && stored.equals(body)).toBe(true)
    const at = Date.parse('1862-03-09T12:00:00.000Z') + 2 ** 42
    db.prepare("INSERT INTO game_clock (stream, version, status, next_at) VALUES ('game:1', 3, 'active', ?)").run(at)
    expect(
      db
        .prepare('SELECT next_at FROM game_clock WHERE next_at <= ?')
        .pluck()
        .all(at + 1),
    ).toEqual([at])
  })

  it('reports changes and lastInsertRowid, and INSERT OR IGNORE ignores', () => {
    expect(enqueue('m1')).toEqual({ changes: 1, lastInsertRowid: 1 })
    expect(enqueue('m2')).toEqual({ changes: 1, lastInsertRowid: 2 })
    expect(db.prepare('UPDATE outbox SET attempts = attempts + 1').run().changes).toBe(2)
    const seen = db.prepare('INSERT OR IGNORE INTO mail_seen (raw_hash, received_at) VALUES (?, ?)')
    expect(seen.run('h1', 'now').changes).toBe(1)
    expect(seen.run('h1', 'later').changes).toBe(0)
    expect(db.prepare('SELECT received_at FROM mail_seen').pluck().all()).toEqual(['now'])
  })

  it('binds positional and named parameters (@name, :name, $name, repeated)', () => {
    const set = db.prepare('INSERT INTO settings (key, value) VALUES (@key, :value)')
    set.run({ key: 'a', value: 'x' })
    set.run({ key: 'b', value: 'y' })
    expect(db.prepare('SELECT value FROM settings WHERE key = $k OR value = $k').pluck().all({ k: 'a' })).toEqual(['x'])
    expect(db.prepare('SELECT value FROM settings WHERE key IN (?, ?) ORDER BY key').pluck().all(['a', 'b'])).toEqual([
      'x',
      'y',
    ])
    // placeholders inside quotes and comments are text, not parameters
    expect(db.prepare(`SELECT '?' AS "quoted?", ? AS v -- is this one?\n`).get(7)).toEqual({ 'quoted?': '?', v: 7 })
    expect(() => db.prepare('SELECT ?').get()).toThrow(/Too few parameter values/)
    expect(() => db.prepare('SELECT ?').get(1, 2)).toThrow(/Too many parameter values/)
    expect(() => db.prepare('SELECT @a').get({})).toThrow(/Missing named parameter "a"/)
    expect(() => db.prepare('SELECT ?').get(true)).toThrow(/can only bind/)
  })

  it('orders text bytewise, as SQLite does', () => {
    const set = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)')
    for (const key of ['game_x', 'game:1', 'Zulu', 'alpha', 'é', 'game:10', 'game:2']) set.run(key, '1')
    expect(db.prepare('SELECT key FROM settings ORDER BY key').pluck().all()).toEqual([
      'Zulu',
      'alpha',
      'game:1',
      'game:10',
      'game:2',
      'game_x',
      'é',
    ])
  })

  it('reads JSON fields with json_extract and matches LIKE regardless of ASCII case, as SQLite does', () => {
    const set = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)')
    set.run('a', JSON.stringify({ pruned: true, to: 'x', at: { list: ['p', 'q'] } }))
    set.run('b', JSON.stringify({ to: 'y', note: "it's (here)", pruned: null }))
    set.run('c', JSON.stringify({ to: 'z', Part: 'P1' }))
    const unpruned = db
      .prepare(`SELECT key FROM settings WHERE json_extract(value, '$.pruned') IS NULL ORDER BY key`)
      .pluck()
    expect(unpruned.all()).toEqual(['b', 'c'])
    const deep = db.prepare(`SELECT json_extract(value, '$.at.list[1]') AS v FROM settings WHERE key = ?`).pluck()
    expect(deep.get('a')).toBe('q')
    const named = db.prepare(`SELECT key FROM settings WHERE json_extract(value, '$.to') = ?`).pluck()
    expect(named.all('y')).toEqual(['b'])
    expect(db.prepare(`SELECT key FROM settings WHERE value LIKE '%"part":%'`).pluck().all()).toEqual(['c'])
    expect(db.prepare(`SELECT 'json_extract(x)' AS t`).pluck().get()).toBe('json_extract(x)')
  })

  it("reports constraint failures with SQLite's codes", () => {
    enqueue('m1')
    expect(codeOf(() => enqueue('m1'))).toBe('SQLITE_CONSTRAINT_UNIQUE')
    db.prepare("INSERT INTO settings (key, value) VALUES ('k', 'v')").run()
    expect(codeOf(() => db.prepare("INSERT INTO settings (key, value) VALUES ('k', 'w')").run())).toBe(
      'SQLITE_CONSTRAINT_PRIMARYKEY',
    )
    expect(codeOf(() => db.prepare("INSERT INTO settings (key, value) VALUES ('n', NULL)").run())).toBe(
      'SQLITE_CONSTRAINT_NOTNULL',
    )
    expect(db.prepare('SELECT count(*) FROM settings').pluck().get()).toBe(1)
  })

  it('runs transactions: nested ones roll back alone, a failing one leaves nothing, promises are refused', () => {
    const set = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)')
    const keys = () => db.prepare('SELECT key FROM settings ORDER BY key').pluck().all()
    db.transaction(() => {
      set.run('outer', '1')
      expect(() =>
        db.transaction(() => {
          set.run('inner', '1')
          throw new Error('inner fails')
        })(),
      ).toThrow('inner fails')
      expect(db.transaction(() => set.run('second', '1')).immediate().changes).toBe(1)
    }).immediate()
    expect(keys()).toEqual(['outer', 'second'])
    expect(() =>
      db.transaction(() => {
        set.run('doomed', '1')
        set.run('outer', '2')
      })(),
    ).toThrow()
    expect(keys()).toEqual(['outer', 'second'])
    expect(() => db.transaction(async () => set.run('async', '1'))()).toThrow(/cannot return a promise/)
    expect(keys()).toEqual(['outer', 'second'])
    expect(db.transaction((a: number, b: number) => a + b).exclusive(2, 3)).toBe(5)
  })

  it('records the same migrations on both engines', () => {
    const applied = db instanceof PgDatabase ? appliedPgMigrations(db) : appliedMigrations(db as never)
    expect(applied.map((m) => `${m.id} ${m.name}`)).toEqual(pgMigrations().map((m) => `${m.id} ${m.name}`))
    expect(applied[0]!.appliedAt).toMatch(/^\d{4}-\d\d-\d\dT/)
  })
})

describe.each([
  { name: 'sqlite', target: (dir: string) => join(dir, 'snapshot.sqlite') },
  { name: 'postgres', target: (_dir: string) => pg.freshUrl() },
])('a deferred transaction on $name', ({ target }) => {
  it('reads one snapshot, and writing over a newer commit fails with SQLITE_BUSY_SNAPSHOT', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pbem-snapshot-'))
    const where = target(dir)
    const a = openSqlDatabase(where)
    const b = openSqlDatabase(where)
    try {
      b.prepare("INSERT INTO settings (key, value) VALUES ('k', 'one')").run()
      const read = a.prepare("SELECT value FROM settings WHERE key = 'k'").pluck()
      let code: string | undefined
      a.transaction(() => {
        expect(read.get()).toBe('one')
        b.prepare("UPDATE settings SET value = 'two' WHERE key = 'k'").run()
        expect(read.get()).toBe('one')
        code = codeOf(() => a.prepare("UPDATE settings SET value = 'three' WHERE key = 'k'").run())
      }).deferred()
      expect(code).toBe('SQLITE_BUSY_SNAPSHOT')
      expect(read.get()).toBe('two')
    } finally {
      a.close()
      b.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('PostgreSQL only', () => {
  it('names the engine from the target', () => {
    expect(engineOf('postgres://u@h/db')).toBe('postgres')
    expect(engineOf('postgresql://u@h/db')).toBe('postgres')
    expect(engineOf('/var/lib/pbem/judge.sqlite')).toBe('sqlite')
    expect(engineOf(':memory:')).toBe('sqlite')
  })

  it('pairs every numbered migration with its PostgreSQL variant, and refuses a missing or stray one', () => {
    const repo = fileURLToPath(new URL('../../migrations/', import.meta.url))
    expect(pgMigrations(repo).length).toBeGreaterThanOrEqual(6)
    const dir = mkdtempSync(join(tmpdir(), 'pbem-pgmig-'))
    try {
      cpSync(repo, dir, { recursive: true })
      writeFileSync(join(dir, '900_extra.sql'), 'SELECT 1;')
      expect(() => pgMigrations(dir)).toThrow(/900_extra.sql has no PostgreSQL variant/)
      rmSync(join(dir, '900_extra.sql'))
      writeFileSync(join(dir, 'pg', '901_stray.sql'), 'SELECT 1;')
      expect(() => pgMigrations(dir)).toThrow(/no numbered original: 901_stray.sql/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('applies migrations once, however often the database is opened', () => {
    const url = pg.freshUrl()
    const first = openPgDatabase(url)
    const second = openPgDatabase(url)
    try {
      expect(appliedPgMigrations(second)).toEqual(appliedPgMigrations(first))
    } finally {
      first.close()
      second.close()
    }
  })

  it('gives up on a call that blocks too long and that connection with it; the next call opens a new one', () => {
    const said: string[] = []
    const client = new SyncPgClient(pg.url, { timeoutMs: 300, log: (m) => said.push(m) })
    try {
      expect(() => client.query('SELECT pg_sleep(2)', [])).toThrow(/did not answer within 300 ms/)
      expect(client.epoch).toBe(1)
      expect(client.query('SELECT 1 AS one', []).rows).toEqual([[1]])
      expect(said).toEqual([
        expect.stringMatching(/connection lost .*did not answer/),
        'PostgreSQL connection re-established',
      ])
    } finally {
      client.close()
    }
    expect(client.open).toBe(false)
    expect(() => client.query('SELECT 1', [])).toThrow(/not open/)
  })

  it('fails to open, at once and plainly, when nothing listens (the handle itself at its first statement)', () => {
    const url = pg.url.replace(/:\d+\//, ':1/')
    expect(codeOf(() => openPgDatabase(url))).toBe('SQLITE_IOERR')
    const db = new PgDatabase(url)
    expect(codeOf(() => db.prepare('SELECT 1').get())).toBe('SQLITE_IOERR')
    expect(db.started).toBe(false)
    db.close()
  })
})

describe('the judge and PBEM_DATABASE_URL', () => {
  it('opens PostgreSQL when the variable names a postgres:// URL, judge.sqlite when it is unset', () => {
    expect(databaseTarget('/srv/pbem', {})).toBe(join('/srv/pbem', 'judge.sqlite'))
    expect(databaseTarget('/srv/pbem', { PBEM_DATABASE_URL: pg.url })).toBe(pg.url)
  })

  it('refuses anything else in the variable rather than take it for a SQLite file', () => {
    expect(() => databaseTarget('/srv/pbem', { PBEM_DATABASE_URL: '/srv/pbem/other.sqlite' })).toThrow(
      /must be a postgres:\/\//,
    )
  })

  it('never prints the password of the URL', () => {
    expect(shownTarget('postgres://pbem:s3cret@db.example:5432/pbem')).toBe('postgres://pbem:***@db.example:5432/pbem')
    expect(shownTarget('postgres://pbem@127.0.0.1:5432/pbem')).toBe('postgres://pbem@127.0.0.1:5432/pbem')
  })

  it('runs the whole judge on PostgreSQL through openApp', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pbem-pgapp-'))
    const app = openApp({ dataDir: dir, database: pg.freshUrl(), mail: {} as never })
    try {
      expect(app.engine).toBe('postgres')
      expect(app.judge.games()).toEqual([])
    } finally {
      app.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
