// Applying numbered migrations on either engine (the database seam, src/log/sql.ts): each runs once,
// in its own EXCLUSIVE transaction (no other writer at all, on either engine) that re-checks the
// record, so two judges starting at once on the same database never apply one twice.
import { readFileSync } from 'node:fs'
import type { SqlDatabase } from './sql.ts'

export interface MigrationFile {
  id: number
  name: string
  path: string
}

/** Applies every migration of `list` not yet recorded; `label` names the engine's folder in errors. */
export function applyMigrations(db: SqlDatabase, list: MigrationFile[], label = ''): void {
  // Nothing to apply (every start of a judge but the first after an upgrade): no lock at all, so
  // a judge starting up never holds up the writers of the judges already running.
  const applied = appliedIds(db)
  if (applied && list.every((m) => applied.has(m.id))) return
  db.transaction(() =>
    db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, name TEXT, applied_at TEXT)'),
  ).exclusive()
  const isApplied = db.prepare<[number]>('SELECT 1 FROM schema_migrations WHERE id = ?').pluck()
  const record = db.prepare<[number, string, string]>(
    'INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)',
  )
  for (const m of list) {
    if (isApplied.get(m.id)) continue
    const sql = readFileSync(m.path, 'utf8')
    const apply = db.transaction(() => {
      // Re-check under the write lock: another process may have applied it meanwhile.
      if (isApplied.get(m.id)) return
      db.exec(sql)
      record.run(m.id, m.name, new Date().toISOString())
    })
    try {
      apply.exclusive()
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err)
      throw new Error(`migration ${label}${m.name} failed: ${msg}`, { cause: err })
    }
  }
}

/** The ids recorded in schema_migrations, or null before the table exists. */
function appliedIds(db: SqlDatabase): Set<number> | null {
  try {
    return new Set(db.prepare('SELECT id FROM schema_migrations').pluck().all() as number[])
  } catch {
    return null
  }
}
