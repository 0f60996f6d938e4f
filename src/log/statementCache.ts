// Prepared statements kept per database handle: the intake ran the same few statements
// for every order mail (the duplicate check, the mail record, the reply count, the server secret,
// the outbox row), preparing each again every time, and compiling SQL was a measurable part of an
// order's CPU. A statement is kept per handle and SQL text, so a closed and reopened database gets
// its own; only plain get/run statements belong here (no pluck, no iterate left half-read).
import type { SqlDatabase, SqlStatement } from './sql.ts'

const kept = new WeakMap<SqlDatabase, Map<string, SqlStatement>>()

/** `db.prepare(sql)`, prepared once per handle. */
export function statement<P extends unknown[] = unknown[], R = unknown>(
  db: SqlDatabase,
  sql: string,
): SqlStatement<P, R> {
  let byText = kept.get(db)
  if (!byText) {
    byText = new Map()
    kept.set(db, byText)
  }
  let s = byText.get(sql)
  if (!s) {
    s = db.prepare(sql) as SqlStatement
    byText.set(sql, s)
  }
  return s as SqlStatement<P, R>
}
