// Opening a database behind the async seam, migrated: the same migration files and the same
// `schema_migrations` records as the synchronous opening (../migrate.ts), so either kind of handle
// may open a database the other created.
import { readFileSync } from 'node:fs'
import BetterSqlite3 from 'better-sqlite3'
import { DEFAULT_MIGRATIONS_DIR, listMigrations, sqliteOnly, sqliteSynchronous } from '../db.ts'
import type { MigrationFile } from '../migrate.ts'
import type { PgDatabase } from '../pg/database.ts'
import { pgMigrations } from '../pg/open.ts'
import { engineOf, engineOfDatabase, type SqlDatabase } from '../sql.ts'
import type { AsyncDatabase, AsyncLog } from './database.ts'
import { PgAsyncDatabase } from './postgres.ts'
import { SqliteAsyncDatabase } from './sqlite.ts'

export interface AsyncOpenOptions {
  migrationsDir?: string | URL
  /** PostgreSQL: connections at most. */
  max?: number
  log?: AsyncLog
}

/** A SQLite file (or ':memory:') or a postgres:// URL, migrated. */
export async function openAsyncDatabase(target: string, opts: AsyncOpenOptions = {}): Promise<AsyncDatabase> {
  const dir = opts.migrationsDir ?? DEFAULT_MIGRATIONS_DIR
  if (engineOf(target) === 'postgres') {
    const db = new PgAsyncDatabase(target, {
      ...(opts.max ? { max: opts.max } : {}),
      ...(opts.log ? { log: opts.log } : {}),
    })
    return migrated(db, pgMigrations(dir), 'pg/')
  }
  return migrated(new SqliteAsyncDatabase(openSqliteFile(target)), listMigrations(dir), '')
}

/**
 * An async handle on the database a synchronous handle has open (and migrated), for the jobs that
 * have moved onto the async seam while the rest of the judge still runs on the synchronous one. On
 * SQLite it shares the connection (also ':memory:'); closing it leaves the connection to its owner.
 * On PostgreSQL it is a pool of its own on the same server, connecting at its first statement.
 */
export function asyncBeside(db: SqlDatabase, opts: { max?: number; log?: AsyncLog } = {}): AsyncDatabase {
  if (engineOfDatabase(db) === 'postgres')
    return new PgAsyncDatabase((db as unknown as PgDatabase).url, {
      max: opts.max ?? 4,
      ...(opts.log ? { log: opts.log } : {}),
    })
  return new SqliteAsyncDatabase(sqliteOnly(db), { borrowed: true })
}

/** better-sqlite3 with the pragmas of ../db.ts's openDatabase. */
function openSqliteFile(file: string): BetterSqlite3.Database {
  const db = new BetterSqlite3(file)
  try {
    db.pragma('busy_timeout = 5000')
    if (file !== ':memory:' && file !== '') {
      const mode = db.pragma('journal_mode = WAL', { simple: true })
      if (String(mode).toLowerCase() !== 'wal') throw new Error(`could not switch ${file} to WAL (got ${String(mode)})`)
    }
    db.pragma(`synchronous = ${sqliteSynchronous()}`)
    db.pragma('foreign_keys = ON')
    return db
  } catch (err) {
    db.close()
    throw err
  }
}

async function migrated(db: AsyncDatabase, list: MigrationFile[], label: string): Promise<AsyncDatabase> {
  try {
    await applyMigrationsAsync(db, list, label)
    return db
  } catch (err) {
    await db.close()
    throw err
  }
}

/** As ../migrate.ts's applyMigrations: each migration once, in an exclusive transaction that re-checks its record. */
export async function applyMigrationsAsync(db: AsyncDatabase, list: MigrationFile[], label = ''): Promise<void> {
  const applied = await appliedIds(db)
  if (applied && list.every((m) => applied.has(m.id))) return
  await db.transaction(
    async (tx) => {
      await tx.run('CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, name TEXT, applied_at TEXT)')
    },
    { exclusive: true },
  )
  const p = db.engine === 'postgres' ? (n: number) => `$${n}` : () => '?'
  for (const m of list) {
    const sql = readFileSync(m.path, 'utf8')
    try {
      await db.transaction(
        async (tx) => {
          if (await tx.get(`SELECT 1 AS one FROM schema_migrations WHERE id = ${p(1)}`, [m.id])) return
          await tx.exec(sql)
          await tx.run(`INSERT INTO schema_migrations (id, name, applied_at) VALUES (${p(1)}, ${p(2)}, ${p(3)})`, [
            m.id,
            m.name,
            new Date().toISOString(),
          ])
        },
        { exclusive: true },
      )
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err)
      throw new Error(`migration ${label}${m.name} failed: ${msg}`, { cause: err })
    }
  }
}

async function appliedIds(db: AsyncDatabase): Promise<Set<number> | null> {
  try {
    return new Set((await db.all<{ id: number }>('SELECT id FROM schema_migrations')).map((r) => r.id))
  } catch {
    return null
  }
}
