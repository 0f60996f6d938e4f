// Opening the SQLite database and applying migrations.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import BetterSqlite3 from 'better-sqlite3'
import { applyMigrations, type MigrationFile } from './migrate.ts'
import type { SqlDatabase } from './sql.ts'

export type Database = BetterSqlite3.Database

export interface OpenOptions {
  /** Folder of `NNN_name.sql` files; defaults to the repository's `migrations/`. */
  migrationsDir?: string | URL
}

export interface AppliedMigration {
  id: number
  name: string
  appliedAt: string
}

export const DEFAULT_MIGRATIONS_DIR = new URL('../../migrations/', import.meta.url)

const MIGRATION_FILE = /^(\d+)_([^/\\]+)\.sql$/

/**
 * SQLite's `synchronous` setting for the judge's database: FULL, so that a commit survives the
 * machine losing power, unless `PBEM_SQLITE_SYNC=normal`. NORMAL (in WAL mode) still keeps every
 * commit through any process being killed, the judge's or another's, since the written pages are in
 * the system's hands, but a power loss may take back the last commits; in exchange a commit does
 * not wait for the disk (about a hundred times faster on an ordinary disk). The test suite runs
 * with it, as its PostgreSQL runs with fsync off.
 */
export function sqliteSynchronous(env: NodeJS.ProcessEnv = process.env): 'FULL' | 'NORMAL' {
  const asked = (env.PBEM_SQLITE_SYNC ?? 'full').trim().toLowerCase()
  if (asked === 'full' || asked === '') return 'FULL'
  if (asked === 'normal') return 'NORMAL'
  throw new Error(`PBEM_SQLITE_SYNC is full (the default) or normal, not "${env.PBEM_SQLITE_SYNC}"`)
}

/**
 * Opens (creating if needed) a better-sqlite3 database, sets the durability pragmas (WAL for
 * files, synchronous = FULL or as `sqliteSynchronous` says, foreign_keys = ON, busy_timeout = 5000) and applies every migration
 * not yet recorded in `schema_migrations`, each in its own transaction, in numeric order.
 * `':memory:'` (or `''`) gives a private in-memory database.
 */
export function openDatabase(file: string, opts: OpenOptions = {}): Database {
  const db = new BetterSqlite3(file)
  try {
    db.pragma('busy_timeout = 5000')
    if (file !== ':memory:' && file !== '') {
      const mode = db.pragma('journal_mode = WAL', { simple: true })
      if (String(mode).toLowerCase() !== 'wal') throw new Error(`could not switch ${file} to WAL (got ${String(mode)})`)
    }
    db.pragma(`synchronous = ${sqliteSynchronous()}`)
    db.pragma('foreign_keys = ON')
    applyMigrations(db, listMigrations(opts.migrationsDir ?? DEFAULT_MIGRATIONS_DIR))
    return db
  } catch (err) {
    db.close()
    throw err
  }
}

export function listMigrations(dir: string | URL): MigrationFile[] {
  const folder = dir instanceof URL ? fileURLToPath(dir) : dir
  const found: MigrationFile[] = []
  const byId = new Map<number, string>()
  for (const name of readdirSync(folder)) {
    const m = MIGRATION_FILE.exec(name)
    if (!m) continue
    const id = Number(m[1])
    const clash = byId.get(id)
    if (clash !== undefined) throw new Error(`two migrations numbered ${id}: ${clash} and ${name}`)
    byId.set(id, name)
    found.push({ id, name, path: join(folder, name) })
  }
  return found.sort((a, b) => a.id - b.id)
}

/** The handle as better-sqlite3, for what only SQLite has (pragmas); refused on PostgreSQL. */
export function sqliteOnly(db: SqlDatabase, what = 'this'): Database {
  if (db instanceof BetterSqlite3) return db
  throw new Error(`${what} needs SQLite; the judge's database is PostgreSQL`)
}

/** The migrations recorded in `schema_migrations`, by id. */
export function appliedMigrations(db: Database): AppliedMigration[] {
  const rows = db
    .prepare('SELECT id, name, applied_at AS appliedAt FROM schema_migrations ORDER BY id')
    .all() as AppliedMigration[]
  return rows
}
