// What a judge database holds, read the same way on SQLite and PostgreSQL (`pbem db
// copy`): its tables, columns, primary keys and AUTOINCREMENT/identity counters, found in the
// engine's own catalogue rather than listed here, so that a table a later migration adds is copied
// without anyone remembering to name it. Rows are read in primary-key order, a page at a time
// (keyset pagination: a page costs the same at the end of a long table as at its start).
import { createHash, type Hash } from 'node:crypto'
import type { AsyncQueryable } from './async/database.ts'
import type { SqlEngine } from './sql.ts'

export interface TableInfo {
  name: string
  /** Column names, in the table's own order. */
  columns: string[]
  /** The primary key's columns, in key order (empty: none). */
  key: string[]
  /** The AUTOINCREMENT (SQLite) or identity (PostgreSQL) column, if any. */
  counter: string | null
}

/** A handle with the engine it runs on. */
export interface Side {
  db: AsyncQueryable
  engine: SqlEngine
  /** How to name it to a person (a path, or a URL without its password). */
  label: string
}

/** Quotes an identifier for either engine. */
export const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`

/** The statement's `n`th parameter, in the side's dialect. */
export const param = (side: { engine: SqlEngine }, n: number): string => (side.engine === 'postgres' ? `$${n}` : '?')

/** The first column of the first row. */
async function pluck(side: Side, sql: string, params: unknown[] = []): Promise<unknown> {
  const row = await side.db.get(sql, params)
  return row === undefined ? undefined : Object.values(row)[0]
}

/** Every ordinary table of the database (SQLite's own sqlite_* tables aside), by name. */
export async function listTables(side: Side): Promise<string[]> {
  const sql =
    side.engine === 'sqlite'
      ? `SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`
      : `SELECT table_name AS name FROM information_schema.tables
         WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`
  const names = (await side.db.all<{ name: string }>(sql)).map((r) => r.name)
  return names.sort(byteOrder)
}

export async function tableInfo(side: Side, name: string): Promise<TableInfo> {
  if (side.engine === 'sqlite') {
    const cols = await side.db.all<{ name: string; pk: number }>(
      'SELECT name, pk FROM pragma_table_info(?) ORDER BY cid',
      [name],
    )
    const key = cols
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name)
    const ddl = await pluck(side, `SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?`, [name])
    const counter = key.length === 1 && /\bAUTOINCREMENT\b/i.test(String(ddl)) ? key[0]! : null
    return { name, columns: cols.map((c) => c.name), key, counter }
  }
  const columns = (
    await side.db.all<{ c: string }>(
      `SELECT column_name AS c FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
      [name],
    )
  ).map((r) => r.c)
  const key = (
    await side.db.all<{ c: string }>(
      `SELECT a.attname AS c FROM pg_index i
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
       WHERE i.indrelid = to_regclass($1) AND i.indisprimary
       ORDER BY array_position(i.indkey::int2[], a.attnum)`,
      [ident(name)],
    )
  ).map((r) => r.c)
  const counter = (await pluck(
    side,
    `SELECT attname FROM pg_attribute
     WHERE attrelid = to_regclass($1) AND attidentity <> '' AND NOT attisdropped`,
    [ident(name)],
  )) as string | undefined
  return { name, columns, key, counter: counter ?? null }
}

/**
 * The highest value the table's counter has handed out (0: none), which may be above the largest
 * value still in the table: AUTOINCREMENT and identity columns never hand a value out twice, even
 * after its row was deleted (pruned outbox rows) or its insert rolled back.
 */
export async function counterHigh(side: Side, t: TableInfo): Promise<number> {
  if (!t.counter) return 0
  const max = Number(await pluck(side, `SELECT COALESCE(MAX(${ident(t.counter)}), 0) AS m FROM ${ident(t.name)}`))
  let used = 0
  if (side.engine === 'sqlite') {
    used = Number((await pluck(side, 'SELECT seq FROM sqlite_sequence WHERE name = ?', [t.name])) ?? 0)
  } else {
    const seq = await pluck(side, 'SELECT pg_get_serial_sequence($1, $2) AS s', [ident(t.name), t.counter])
    if (typeof seq === 'string') {
      const s = (await side.db.get(`SELECT last_value, is_called FROM ${seq}`)) as {
        last_value: number | string
        is_called: boolean | number
      }
      used = s.is_called ? Number(s.last_value) : Number(s.last_value) - 1
    }
  }
  return Math.max(max, used)
}

/** Sets the counter so that the next value handed out is `high + 1`. */
export async function setCounter(side: Side, t: TableInfo, high: number): Promise<void> {
  if (!t.counter || high < 1) return
  if (side.engine === 'sqlite') {
    // A bigint: better-sqlite3 binds other numbers as REAL, which sqlite_sequence (no column types) keeps.
    const value = BigInt(high)
    const changed = (await side.db.run('UPDATE sqlite_sequence SET seq = ? WHERE name = ?', [value, t.name])).changes
    if (changed === 0) await side.db.run('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)', [t.name, value])
  } else {
    await side.db.get('SELECT setval(pg_get_serial_sequence($1, $2), $3::bigint)', [
      ident(t.name),
      t.counter,
      String(high),
    ])
  }
}

export async function rowCount(side: Side, table: string): Promise<number> {
  return Number(await pluck(side, `SELECT COUNT(*) AS n FROM ${ident(table)}`))
}

/** How much one page may hold: at most `rows` rows, and about `bytes` bytes of values. */
export interface PageLimit {
  rows: number
  bytes: number
}

export const DEFAULT_PAGE: PageLimit = { rows: 500, bytes: 8 * 1024 * 1024 }

/**
 * The table's rows as arrays of `columns`, in primary-key order, a page at a time. A page of
 * large rows (mail attachments, data packs) shrinks the next one so that a page stays near
 * `limit.bytes`; small rows let it grow back to `limit.rows`. A table without a primary key is
 * ordered by all its columns and paged by offset.
 */
export async function* pages(
  side: Side,
  t: TableInfo,
  columns: string[],
  limit = DEFAULT_PAGE,
): AsyncGenerator<unknown[][]> {
  const cols = columns.map(ident).join(', ')
  const order = (t.key.length ? t.key : columns).map(ident).join(', ')
  const keyAt = t.key.map((k) => columns.indexOf(k))
  if (keyAt.some((i) => i < 0)) throw new Error(`table ${t.name}: its key columns must be among those copied`)
  const p = (n: number) => param(side, n)
  const from = `SELECT ${cols} FROM ${ident(t.name)}`
  const first = `${from} ORDER BY ${order} LIMIT ${p(1)}`
  const after =
    t.key.length === 0
      ? `${from} ORDER BY ${order} LIMIT ${p(1)} OFFSET ${p(2)}`
      : t.key.length === 1
        ? `${from} WHERE ${order} > ${p(1)} ORDER BY ${order} LIMIT ${p(2)}`
        : `${from} WHERE (${order}) > (${t.key.map((_, i) => p(i + 1)).join(', ')}) ORDER BY ${order} LIMIT ${p(t.key.length + 1)}`
  // Bound as integers: better-sqlite3 binds other numbers as REAL.
  const int = (n: number) => (side.engine === 'sqlite' ? BigInt(n) : n)
  let size = Math.max(1, Math.floor(limit.rows))
  let seen = 0
  let rows = asArrays(await side.db.all(first, [int(size)]), columns)
  while (rows.length > 0) {
    yield rows
    seen += rows.length
    if (rows.length < size) return
    const bytes = rows.reduce((n: number, r) => n + r.reduce((m: number, v) => m + sizeOf(v), 0), 0)
    size = Math.max(1, Math.min(limit.rows, Math.floor((size * limit.bytes) / Math.max(bytes, 1))))
    const last = rows[rows.length - 1]!
    const args = t.key.length === 0 ? [int(size), int(seen)] : [...keyAt.map((i) => last[i]), int(size)]
    rows = asArrays(await side.db.all(after, args), columns)
  }
}

function sizeOf(v: unknown): number {
  if (typeof v === 'string') return v.length
  if (v instanceof Uint8Array) return v.byteLength
  return 8
}

function asArrays(rows: unknown[], columns: string[]): unknown[][] {
  return rows.map((r) => columns.map((c) => (r as Record<string, unknown>)[c]))
}

/** A running SHA-256 of rows, each value tagged with its kind so that 1, '1' and a blob differ. */
export class RowDigest {
  private readonly hash: Hash = createHash('sha256')
  rows = 0

  add(row: unknown[]): void {
    this.hash.update(`${JSON.stringify(row.map(canonical))}\n`)
    this.rows++
  }

  hex(): string {
    return this.hash.copy().digest('hex')
  }
}

function canonical(v: unknown): string {
  if (v === null || v === undefined) return 'null'
  if (typeof v === 'number' || typeof v === 'bigint') return `num:${v}`
  if (typeof v === 'string') return `text:${v}`
  if (v instanceof Uint8Array) return `blob:${Buffer.from(v).toString('hex')}`
  return `other:${String(v)}`
}

/** Compares strings by UTF-16 code unit, which for these names is byte order. */
export function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
