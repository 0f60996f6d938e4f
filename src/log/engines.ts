// Choosing the engine: SQLite stays the embedded default; a postgres:// URL selects
// PostgreSQL. Both come back migrated, behind the same seam.
import type { AsyncDatabase } from './async/database.ts'
import { applyMigrationsAsync, asyncBeside } from './async/open.ts'
import { PgAsyncDatabase } from './async/postgres.ts'
import { DEFAULT_MIGRATIONS_DIR, openDatabase } from './db.ts'
import { PgDatabase } from './pg/database.ts'
import { openPgDatabase, pgMigrations } from './pg/open.ts'
import { engineOf, type SqlDatabase } from './sql.ts'

export interface EngineOptions {
  migrationsDir?: string | URL
}

/** Opens a SQLite file (or ':memory:') or a postgres:// URL, applying migrations. */
export function openSqlDatabase(target: string, opts: EngineOptions = {}): SqlDatabase {
  return engineOf(target) === 'postgres' ? openPgDatabase(target, opts) : openDatabase(target, opts)
}

/**
 * The judge's two handles on `target`, migrated. SQLite: the file opened and migrated synchronously
 * as openSqlDatabase does, the async handle beside it. PostgreSQL: the migrations checked and
 * applied on the async pool (the exclusive lock only when one is to be applied), and the
 * synchronous handle given retired: it starts no worker thread and opens no connection, and every
 * statement sent on it throws an error naming where it came from (the judge's work is all on the
 * async handle there).
 */
export async function openJudgeDatabases(
  target: string,
  opts: EngineOptions = {},
): Promise<{ db: SqlDatabase; jobsDb: AsyncDatabase }> {
  if (engineOf(target) !== 'postgres') {
    const db = openDatabase(target, opts)
    return { db, jobsDb: asyncBeside(db) }
  }
  // A number without its PostgreSQL variant is refused before anything connects.
  const list = pgMigrations(opts.migrationsDir ?? DEFAULT_MIGRATIONS_DIR)
  const jobsDb = new PgAsyncDatabase(target, { max: 4 })
  try {
    await applyMigrationsAsync(jobsDb, list, 'pg/')
  } catch (err) {
    await jobsDb.close().catch(() => undefined)
    throw err
  }
  return { db: new PgDatabase(target, { retired: true }), jobsDb }
}
