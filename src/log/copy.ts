// Moving a judge (`pbem db copy`): every table of one judge database copied into an
// empty one, SQLite to PostgreSQL or back (or SQLite to SQLite: a backup). The source is read in
// one snapshot (a single read transaction), the target written one transaction per page of rows;
// ids and positions are copied as they are and the counters behind them carried over, so nothing
// the judge hands out later collides with a copied row. Then the target is read back: every
// table's rows must hash the same as those read from the source, and every event chain must verify.
import { existsSync, rmSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { openSqlDatabase } from './engines.ts'
import { PgDatabase } from './pg/database.ts'
import { engineOf, type SqlDatabase } from './sql.ts'
import {
  counterHigh,
  DEFAULT_PAGE,
  ident,
  listTables,
  type PageLimit,
  pages,
  RowDigest,
  rowCount,
  type Side,
  setCounter,
  type TableInfo,
  tableInfo,
} from './tables.ts'
import { type VerifyAllResult, verifyAll } from './verify.ts'

/** The table that records applied migrations: the target has its own rows, replaced by the source's. */
const MIGRATIONS = 'schema_migrations'
/** At most this many parameters in one INSERT (SQLite allows 32,766, PostgreSQL 65,535). */
const MAX_PARAMS = 2000

export interface CopyOptions {
  migrationsDir?: string | URL
  /** Rows read, and written in one target transaction, at a time (at most; default 500). */
  pageSize?: number
  /** About how many bytes of values a page may hold (default 8 MiB): large rows make pages shorter. */
  pageBytes?: number
}

export interface TableCopy {
  table: string
  /** Rows read from the source. */
  rows: number
  /** Rows read back from the target. */
  copied: number
  /** Whether the target's rows, in key order, hash the same as the source's. */
  same: boolean
}

export interface CopyReport {
  from: string
  to: string
  tables: TableCopy[]
  /** The event chains on the target, and on the source (read in the copy's snapshot). */
  chain: VerifyAllResult
  sourceChain: VerifyAllResult
  ok: boolean
}

/** A copy refused before anything was written (the target is not empty, the source is missing...). */
export class CopyRefused extends Error {
  override name = 'CopyRefused'
}

/** A target or source as it may be shown: a resolved path, or the URL without its password. */
export function describeTarget(target: string): string {
  if (engineOf(target) === 'sqlite') return resolve(target)
  try {
    const u = new URL(target)
    if (u.password) u.password = '***'
    return u.toString()
  } catch {
    return 'postgres://(unreadable URL)'
  }
}

/** Copies the judge database `from` into the empty database `to`, then checks the copy. */
export function copyJudge(from: string, to: string, opts: CopyOptions = {}): CopyReport {
  const fromLabel = describeTarget(from)
  const toLabel = describeTarget(to)
  if (from === ':memory:' || to === ':memory:' || from === '' || to === '')
    throw new CopyRefused('copy needs a SQLite file or a postgres:// URL on each side, not an in-memory database')
  if (fromLabel === toLabel) throw new CopyRefused(`source and target are the same database (${fromLabel})`)
  requireJudge(from, fromLabel)
  const created = prepareTarget(to, toLabel)
  let source: Side | null = null
  let target: Side | null = null
  try {
    source = { db: openSqlDatabase(from, opts), engine: engineOf(from), label: fromLabel }
    target = { db: openSqlDatabase(to, opts), engine: engineOf(to), label: toLabel }
    const tables = matchTables(source, target)
    const limit = { rows: opts.pageSize ?? DEFAULT_PAGE.rows, bytes: opts.pageBytes ?? DEFAULT_PAGE.bytes }
    const { read, sourceChain } = copyAll(source, target, tables, limit)
    const report = check(source, target, tables, read, sourceChain, limit)
    if (target.engine === 'sqlite') target.db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    return report
  } catch (e) {
    target?.db.close()
    target = null
    if (created) for (const f of [created, `${created}-wal`, `${created}-shm`]) rmSync(f, { force: true })
    else if (!(e instanceof CopyRefused) && e instanceof Error)
      e.message += ` (the target ${toLabel} may now hold part of the copy: ${engineOf(to) === 'postgres' ? 'drop and create it again' : 'remove it'} before retrying)`
    throw e
  } finally {
    source?.db.close()
    target?.db.close()
  }
}

/** The source must already be a judge: opening a mistyped path or URL would make a new one. */
function requireJudge(from: string, label: string): void {
  let side: Side
  if (engineOf(from) === 'sqlite') {
    if (!existsSync(from)) throw new CopyRefused(`no judge database at ${label}`)
    side = { db: new BetterSqlite3(from, { readonly: true, fileMustExist: true }), engine: 'sqlite', label }
  } else side = { db: connectPg(from, label), engine: 'postgres', label }
  try {
    if (!listTables(side).includes(MIGRATIONS))
      throw new CopyRefused(`${label} holds no judge database (no ${MIGRATIONS} table)`)
  } finally {
    side.db.close()
  }
}

/**
 * Refuses a target that holds any row (bar a migrations record alone), before it is migrated.
 * Returns the SQLite file it created (mode 0600: the database holds the dice secrets and the
 * server secret), to be removed if the copy fails.
 */
function prepareTarget(to: string, label: string): string | null {
  let side: Side
  if (engineOf(to) === 'sqlite') {
    const file = resolve(to)
    if (!existsSync(file)) {
      try {
        writeFileSync(file, '', { mode: 0o600, flag: 'wx' })
      } catch (e) {
        throw new CopyRefused(`cannot create ${label}: ${(e as Error).message}`)
      }
      return file
    }
    side = { db: new BetterSqlite3(file, { readonly: true, fileMustExist: true }), engine: 'sqlite', label }
  } else side = { db: connectPg(to, label), engine: 'postgres', label }
  try {
    const filled = listTables(side)
      .filter((t) => t !== MIGRATIONS)
      .map((t) => ({ t, n: rowCount(side, t) }))
      .filter((x) => x.n > 0)
    if (filled.length > 0) {
      const what = filled.map((x) => `${x.t} has ${x.n} row(s)`).join(', ')
      throw new CopyRefused(
        `the target ${label} is not empty (${what}); copy only into a new SQLite file or an empty PostgreSQL database`,
      )
    }
  } finally {
    side.db.close()
  }
  return null
}

function connectPg(url: string, label: string): PgDatabase {
  try {
    return new PgDatabase(url)
  } catch (e) {
    throw new CopyRefused(`cannot connect to ${label}: ${(e as Error).message}`)
  }
}

/** Both sides' tables, which must be the same ones with the same columns. */
function matchTables(source: Side, target: Side): TableInfo[] {
  const names = listTables(source)
  const there = new Set(listTables(target))
  const missing = names.filter((n) => !there.has(n))
  const extra = [...there].filter((n) => !names.includes(n))
  if (missing.length || extra.length)
    throw new CopyRefused(
      `the two databases do not have the same tables (only in the source: ${missing.join(', ') || 'none'}; only in the target: ${extra.join(', ') || 'none'})`,
    )
  return names.map((name) => {
    const s = tableInfo(source, name)
    const t = tableInfo(target, name)
    const cols = new Set(t.columns)
    if (s.columns.length !== t.columns.length || s.columns.some((c) => !cols.has(c)))
      throw new CopyRefused(
        `table ${name} has columns (${s.columns.join(', ')}) in the source but (${t.columns.join(', ')}) in the target`,
      )
    if (rowCount(target, name) > 0 && name !== MIGRATIONS)
      throw new CopyRefused(`the target ${target.label} is not empty (${name} has rows)`)
    return s
  })
}

interface Read {
  digest: RowDigest
  high: number
}

/** Copies every table inside one read transaction of the source (one consistent snapshot). */
function copyAll(
  source: Side,
  target: Side,
  tables: TableInfo[],
  limit: PageLimit,
): { read: Map<string, Read>; sourceChain: VerifyAllResult } {
  const read = new Map<string, Read>()
  const snapshot = source.db.transaction(() => {
    checkMigrations(source, target)
    for (const t of tables) {
      const digest = new RowDigest()
      const insert = inserter(target.db, t)
      // The target's own migrations record gives way to the source's in the same transaction, so
      // that the target is never left without one.
      let replace = t.name === MIGRATIONS
      for (const page of pages(source, t, t.columns, limit)) {
        for (const row of page) digest.add(row)
        target.db
          .transaction(() => {
            if (replace) target.db.exec(`DELETE FROM ${ident(MIGRATIONS)}`)
            insert(page)
          })
          .immediate()
        replace = false
      }
      read.set(t.name, { digest, high: counterHigh(source, t) })
    }
    return verifyAll(source.db)
  })
  const sourceChain = snapshot()
  target.db
    .transaction(() => {
      for (const t of tables) setCounter(target, t, read.get(t.name)!.high)
    })
    .immediate()
  return { read, sourceChain }
}

/** The source's migrations must be those the target was just given (one pbem on both sides). */
function checkMigrations(source: Side, target: Side): void {
  const ids = (s: Side) =>
    (s.db.prepare(`SELECT id FROM ${MIGRATIONS} ORDER BY id`).pluck().all() as number[]).join(',')
  const s = ids(source)
  const t = ids(target)
  if (s !== t)
    throw new CopyRefused(
      `the source has migrations ${s || 'none'} but this pbem applies ${t}: run the source's judge with this version of pbem first`,
    )
}

/** Writes a page of rows with as few INSERT statements as the parameter limit allows. */
function inserter(db: SqlDatabase, t: TableInfo): (rows: unknown[][]) => void {
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / t.columns.length))
  const tuple = `(${t.columns.map(() => '?').join(', ')})`
  const head = `INSERT INTO ${ident(t.name)} (${t.columns.map(ident).join(', ')}) VALUES `
  const statements = new Map<number, ReturnType<SqlDatabase['prepare']>>()
  const statement = (n: number) => {
    if (!statements.has(n)) statements.set(n, db.prepare(head + Array(n).fill(tuple).join(', ')))
    return statements.get(n)!
  }
  return (rows) => {
    for (let i = 0; i < rows.length; i += perStatement) {
      const chunk = rows.slice(i, i + perStatement)
      try {
        statement(chunk.length).run(chunk.flat())
      } catch (e) {
        throw new Error(`copying ${t.name}: ${(e as Error).message}`, { cause: e })
      }
    }
  }
}

/** Reads the target back and compares it with what was read from the source. */
function check(
  source: Side,
  target: Side,
  tables: TableInfo[],
  read: Map<string, Read>,
  sourceChain: VerifyAllResult,
  limit: PageLimit,
): CopyReport {
  const copies = tables.map((t): TableCopy => {
    const back = new RowDigest()
    for (const page of pages(target, t, t.columns, limit)) for (const row of page) back.add(row)
    const from = read.get(t.name)!.digest
    return { table: t.name, rows: from.rows, copied: back.rows, same: from.hex() === back.hex() }
  })
  const chain = verifyAll(target.db)
  const ok = chain.ok && copies.every((c) => c.same)
  return { from: source.label, to: target.label, tables: copies, chain, sourceChain, ok }
}
