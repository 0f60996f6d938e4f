// A test's own reads and set-ups on the async handle (src/log/async), on either engine. Test SQL is
// written once with `?` placeholders and numbered for PostgreSQL here: the async seam itself never
// rewrites a statement, and test statements hold no `?` inside a string. A JSON field is read with
// jsonField, which differs between the engines.
import type { AsyncQueryable } from '../../src/log/async/database.ts'
import type { SqlEngine } from '../../src/log/sql.ts'

/** `sql` for `engine`: on PostgreSQL its `?` numbered `$1`, `$2`, ... */
export function forEngine(engine: SqlEngine, sql: string): string {
  if (engine !== 'postgres') return sql
  let n = 0
  return sql.replace(/\?/g, () => `$${++n}`)
}

/** A text field of a JSON column, as SQLite's json_extract(column, '$.field') reads it. */
export const jsonField = (engine: SqlEngine, column: string, field: string): string =>
  engine === 'postgres' ? `(${column}::jsonb ->> '${field}')` : `json_extract(${column}, '$.${field}')`

export const rows = <R = Record<string, unknown>>(q: AsyncQueryable, sql: string, ...params: unknown[]) =>
  q.all<R>(forEngine(q.engine, sql), params)

export const row = <R = Record<string, unknown>>(q: AsyncQueryable, sql: string, ...params: unknown[]) =>
  q.get<R>(forEngine(q.engine, sql), params)

export const run = (q: AsyncQueryable, sql: string, ...params: unknown[]) => q.run(forEngine(q.engine, sql), params)

/** The first column of the first row, as a number (a COUNT). */
export async function count(q: AsyncQueryable, sql: string, ...params: unknown[]): Promise<number> {
  const r = await row(q, sql, ...params)
  return Number(r === undefined ? undefined : Object.values(r)[0])
}

/** The first column of the first row (better-sqlite3's pluck().get()), undefined when there is none. */
export async function pluck<T = unknown>(q: AsyncQueryable, sql: string, ...params: unknown[]): Promise<T | undefined> {
  const r = await row(q, sql, ...params)
  return r === undefined ? undefined : (Object.values(r)[0] as T)
}
