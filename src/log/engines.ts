// Choosing the engine: SQLite stays the embedded default; a postgres:// URL selects
// PostgreSQL. Both come back migrated, behind the same seam.
import { openDatabase } from './db.ts'
import { openPgDatabase } from './pg/open.ts'
import { engineOf, type SqlDatabase } from './sql.ts'

export interface EngineOptions {
  migrationsDir?: string | URL
}

/** Opens a SQLite file (or ':memory:') or a postgres:// URL, applying migrations. */
export function openSqlDatabase(target: string, opts: EngineOptions = {}): SqlDatabase {
  return engineOf(target) === 'postgres' ? openPgDatabase(target, opts) : openDatabase(target, opts)
}
