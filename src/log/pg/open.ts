// Opening a PostgreSQL database and applying migrations, as openDatabase does for
// SQLite. There is one numbered list of migrations, migrations/NNN_name.sql; each has its
// PostgreSQL variant under the same name in migrations/pg/. A number without its variant, or a
// variant without its number, stops the judge: the two engines never drift apart silently.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AppliedMigration } from '../db.ts'
import { PgDatabase } from './database.ts'
import { applyMigrations } from '../migrate.ts'

export const DEFAULT_MIGRATIONS_DIR = new URL('../../../migrations/', import.meta.url)

const MIGRATION_FILE = /^(\d+)_([^/\\]+)\.sql$/

export interface PgMigration {
  id: number
  name: string
  /** The PostgreSQL variant. */
  path: string
}

/** The numbered list, each entry paired with its PostgreSQL variant in `<dir>/pg/`. */
export function pgMigrations(dir: string | URL = DEFAULT_MIGRATIONS_DIR): PgMigration[] {
  const folder = dir instanceof URL ? fileURLToPath(dir) : dir
  const pgFolder = join(folder, 'pg')
  const list = (d: string) => (existsSync(d) ? readdirSync(d).filter((n) => MIGRATION_FILE.test(n)) : [])
  const sqlite = list(folder)
  const pg = new Set(list(pgFolder))
  const out: PgMigration[] = []
  const byId = new Map<number, string>()
  for (const name of sqlite) {
    const m = MIGRATION_FILE.exec(name)!
    const id = Number(m[1])
    const clash = byId.get(id)
    if (clash !== undefined) throw new Error(`two migrations numbered ${id}: ${clash} and ${name}`)
    byId.set(id, name)
    if (!pg.delete(name)) throw new Error(`migration ${name} has no PostgreSQL variant (want ${join(pgFolder, name)})`)
    out.push({ id, name, path: join(pgFolder, name) })
  }
  const stray = [...pg]
  if (stray.length > 0) throw new Error(`PostgreSQL migrations with no numbered original: ${stray.join(', ')}`)
  return out.sort((a, b) => a.id - b.id)
}

export interface PgOpenOptions {
  migrationsDir?: string | URL
  timeoutMs?: number
}

/** Connects to `url` (postgres://...) and applies every migration not yet recorded. */
export function openPgDatabase(url: string, opts: PgOpenOptions = {}): PgDatabase {
  const db = new PgDatabase(url, {
    announceStart: false,
    ...(opts.timeoutMs === undefined ? {} : { timeoutMs: opts.timeoutMs }),
  })
  try {
    applyMigrations(db, pgMigrations(opts.migrationsDir ?? DEFAULT_MIGRATIONS_DIR), 'pg/')
    return db
  } catch (err) {
    db.close()
    throw err
  }
}

/** The migrations recorded in `schema_migrations`, by id. */
export function appliedPgMigrations(db: PgDatabase): AppliedMigration[] {
  return db
    .prepare('SELECT id, name, applied_at AS appliedAt FROM schema_migrations ORDER BY id')
    .all() as AppliedMigration[]
}
