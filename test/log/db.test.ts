import { writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { appliedMigrations, openDatabase, sqliteSynchronous } from '../../src/log/db.ts'
import { tempDir } from './helpers.ts'

let tmp: ReturnType<typeof tempDir>
beforeEach(() => {
  tmp = tempDir()
})
afterEach(() => tmp.cleanup())

const tables = (db: ReturnType<typeof openDatabase>) =>
  db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[]

describe('openDatabase with the repository migrations', () => {
  it('creates the log tables and records 001_log.sql (in memory)', () => {
    const db = openDatabase(':memory:')
    const applied = appliedMigrations(db)
    expect(applied[0]).toMatchObject({ id: 1, name: '001_log.sql' })
    expect(tables(db)).toEqual(expect.arrayContaining(['events', 'streams', 'schema_migrations']))
    db.close()
  })

  it('uses WAL and the durability pragmas on a file, and applies nothing new on re-open', () => {
    // The test run sets PBEM_SQLITE_SYNC=normal (vitest.config.ts); a judge without it commits FULL.
    vi.stubEnv('PBEM_SQLITE_SYNC', undefined)
    const file = join(tmp.dir, 'judge.sqlite')
    const db1 = openDatabase(file)
    expect(db1.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db1.pragma('synchronous', { simple: true })).toBe(2) // FULL
    expect(db1.pragma('foreign_keys', { simple: true })).toBe(1)
    expect(db1.pragma('busy_timeout', { simple: true })).toBe(5000)
    const first = appliedMigrations(db1)
    expect(first.length).toBeGreaterThanOrEqual(1)
    db1.close()

    const db2 = openDatabase(file)
    expect(appliedMigrations(db2)).toEqual(first)
    db2.close()
    vi.unstubAllEnvs()
  })

  it('commits NORMAL only when PBEM_SQLITE_SYNC says so, and refuses any other value', () => {
    vi.stubEnv('PBEM_SQLITE_SYNC', 'normal')
    const db = openDatabase(join(tmp.dir, 'normal.sqlite'))
    expect(db.pragma('synchronous', { simple: true })).toBe(1) // NORMAL
    db.close()
    expect(sqliteSynchronous({ PBEM_SQLITE_SYNC: 'Full' })).toBe('FULL')
    expect(() => sqliteSynchronous({ PBEM_SQLITE_SYNC: 'off' })).toThrow(/full \(the default\) or normal/)
    vi.unstubAllEnvs()
  })
})

describe('openDatabase with a migrations folder', () => {
  it('applies numbered files once each, in numeric order, each in its own transaction', () => {
    const dir = join(tmp.dir, 'migrations')
    mkdirSync(dir)
    writeFileSync(join(dir, '1_a.sql'), 'CREATE TABLE a (x INTEGER);')
    writeFileSync(join(dir, '2_b.sql'), 'CREATE TABLE b (x INTEGER);')
    // 10 must come after 2 (numeric, not lexical, order): it uses table b.
    writeFileSync(join(dir, '10_c.sql'), 'CREATE TABLE c (x INTEGER); INSERT INTO b VALUES (10);')
    writeFileSync(join(dir, 'notes.txt'), 'ignored')
    const file = join(tmp.dir, 'm.sqlite')

    const db = openDatabase(file, { migrationsDir: dir })
    const first = appliedMigrations(db)
    expect(first.map((m) => [m.id, m.name])).toEqual([
      [1, '1_a.sql'],
      [2, '2_b.sql'],
      [10, '10_c.sql'],
    ])
    expect(db.prepare('SELECT count(*) FROM b').pluck().get()).toBe(1)
    db.close()

    // Re-open with one new file: only it is applied.
    writeFileSync(join(dir, '011_d.sql'), 'CREATE TABLE d (x INTEGER);')
    const db2 = openDatabase(file, { migrationsDir: dir })
    const second = appliedMigrations(db2)
    expect(second.slice(0, 3)).toEqual(first)
    expect(second.map((m) => m.id)).toEqual([1, 2, 10, 11])
    expect(db2.prepare('SELECT count(*) FROM b').pluck().get()).toBe(1) // 10_c not re-run
    db2.close()

    // And again with nothing new.
    const db3 = openDatabase(file, { migrationsDir: dir })
    expect(appliedMigrations(db3)).toEqual(second)
    db3.close()
  })

  it('rolls back a failing migration and records nothing for it', () => {
    const dir = join(tmp.dir, 'migrations')
    mkdirSync(dir)
    writeFileSync(join(dir, '001_ok.sql'), 'CREATE TABLE ok (x INTEGER);')
    writeFileSync(join(dir, '002_bad.sql'), 'CREATE TABLE half (x INTEGER); INSERT INTO nowhere VALUES (1);')
    const file = join(tmp.dir, 'bad.sqlite')
    expect(() => openDatabase(file, { migrationsDir: dir })).toThrow(/002_bad\.sql/)
    writeFileSync(join(dir, '002_bad.sql'), 'CREATE TABLE fixed (x INTEGER);')
    const db = openDatabase(file, { migrationsDir: dir })
    expect(appliedMigrations(db).map((m) => m.id)).toEqual([1, 2])
    expect(tables(db)).not.toContain('half')
    expect(tables(db)).toContain('fixed')
    db.close()
  })

  it('refuses two migrations with the same number', () => {
    const dir = join(tmp.dir, 'migrations')
    mkdirSync(dir)
    writeFileSync(join(dir, '001_a.sql'), 'SELECT 1;')
    writeFileSync(join(dir, '1_b.sql'), 'SELECT 1;')
    expect(() => openDatabase(':memory:', { migrationsDir: dir })).toThrow(/two migrations numbered 1/)
  })
})
