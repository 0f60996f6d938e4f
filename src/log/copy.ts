// Moving a judge (`pbem db copy`): every table of one judge database copied into an
// empty one, SQLite to PostgreSQL or back (or SQLite to SQLite: a backup). The source is read in
// one snapshot (a single read transaction), the target written one transaction per page of rows;
// ids and positions are copied as they are and the counters behind them carried over, so nothing
// the judge hands out later collides with a copied row. Then the target is read back: every
// table's rows must hash the same as those read from the source, and every event chain must verify.
import { existsSync, rmSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import type { AsyncDatabase, AsyncQueryable, AsyncTx } from './async/database.ts'
import { openAsyncDatabase } from './async/open.ts'
import { PgAsyncDatabase } from './async/postgres.ts'
import { SqliteAsyncDatabase } from './async/sqlite.ts'
import { engineOf } from './sql.ts'
import {
  counterHigh,
  DEFAULT_PAGE,
  ident,
  listTables,
  type PageLimit,
  pages,
  param,
  RowDigest,
  rowCount,
  type Side,
  setCounter,
  type TableInfo,
  tableInfo,
} from './tables.ts'
import { type VerifyAllResult, verifyAllAsync } from './verify.ts'

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
export async function copyJudge(from: string, to: string, opts: CopyOptions = {}): Promise<CopyReport> {
  const fromLabel = describeTarget(from)
  const toLabel = describeTarget(to)
  if (from === ':memory:' || to === ':memory:' || from === '' || to === '')
    throw new CopyRefused('copy needs a SQLite file or a postgres:// URL on each side, not an in-memory database')
  if (fromLabel === toLabel) throw new CopyRefused(`source and target are the same database (${fromLabel})`)
  await requireJudge(from, fromLabel)
  const created = await prepareTarget(to, toLabel)
  let source: Handle | null = null
  let target: Handle | null = null
  try {
    source = { db: await openAsyncDatabase(from, opts), engine: engineOf(from), label: fromLabel }
    target = { db: await openAsyncDatabase(to, opts), engine: engineOf(to), label: toLabel }
    const tables = await matchTables(source, target)
    const limit = { rows: opts.pageSize ?? DEFAULT_PAGE.rows, bytes: opts.pageBytes ?? DEFAULT_PAGE.bytes }
    const { read, sourceChain } = await copyAll(source, target, tables, limit)
    const report = await check(source, target, tables, read, sourceChain, limit)
    if (target.engine === 'sqlite') await target.db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    return report
  } catch (e) {
    await target?.db.close()
    target = null
    if (created) for (const f of [created, `${created}-wal`, `${created}-shm`]) rmSync(f, { force: true })
    else if (!(e instanceof CopyRefused) && e instanceof Error)
      e.message += ` (the target ${toLabel} may now hold part of the copy: ${engineOf(to) === 'postgres' ? 'drop and create it again' : 'remove it'} before retrying)`
    throw e
  } finally {
    await source?.db.close()
    await target?.db.close()
  }
}

/** A side whose handle the copy opened, and closes. */
interface Handle extends Side {
  db: AsyncDatabase
}

/** The source must already be a judge: opening a mistyped path or URL would make a new one. */
async function requireJudge(from: string, label: string): Promise<void> {
  let side: Handle
  if (engineOf(from) === 'sqlite') {
    if (!existsSync(from)) throw new CopyRefused(`no judge database at ${label}`)
    side = readOnlySqlite(from, label)
  } else side = await connectPg(from, label)
  try {
    if (!(await listTables(side)).includes(MIGRATIONS))
      throw new CopyRefused(`${label} holds no judge database (no ${MIGRATIONS} table)`)
  } finally {
    await side.db.close()
  }
}

/**
 * Refuses a target that holds any row (bar a migrations record alone), before it is migrated.
 * Returns the SQLite file it created (mode 0600: the database holds the dice secrets and the
 * server secret), to be removed if the copy fails.
 */
async function prepareTarget(to: string, label: string): Promise<string | null> {
  let side: Handle
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
    side = readOnlySqlite(file, label)
  } else side = await connectPg(to, label)
  try {
    const filled: { t: string; n: number }[] = []
    for (const t of await listTables(side)) {
      const n = t === MIGRATIONS ? 0 : await rowCount(side, t)
      if (n > 0) filled.push({ t, n })
    }
    if (filled.length > 0) {
      const what = filled.map((x) => `${x.t} has ${x.n} row(s)`).join(', ')
      throw new CopyRefused(
        `the target ${label} is not empty (${what}); copy only into a new SQLite file or an empty PostgreSQL database`,
      )
    }
  } finally {
    await side.db.close()
  }
  return null
}

function readOnlySqlite(file: string, label: string): Handle {
  const db = new SqliteAsyncDatabase(new BetterSqlite3(file, { readonly: true, fileMustExist: true }))
  return { db, engine: 'sqlite', label }
}

/** A pool that has answered once: a wrong host, user or database is said before anything else. */
async function connectPg(url: string, label: string): Promise<Handle> {
  let db: PgAsyncDatabase | null = null
  try {
    db = new PgAsyncDatabase(url, { max: 1 })
    await db.get('SELECT 1 AS one')
    return { db, engine: 'postgres', label }
  } catch (e) {
    await db?.close().catch(() => undefined)
    throw new CopyRefused(`cannot connect to ${label}: ${(e as Error).message}`)
  }
}

/** Both sides' tables, which must be the same ones with the same columns. */
async function matchTables(source: Side, target: Side): Promise<TableInfo[]> {
  const names = await listTables(source)
  const there = new Set(await listTables(target))
  const missing = names.filter((n) => !there.has(n))
  const extra = [...there].filter((n) => !names.includes(n))
  if (missing.length || extra.length)
    throw new CopyRefused(
      `the two databases do not have the same tables (only in the source: ${missing.join(', ') || 'none'}; only in the target: ${extra.join(', ') || 'none'})`,
    )
  const infos: TableInfo[] = []
  for (const name of names) {
    const s = await tableInfo(source, name)
    const t = await tableInfo(target, name)
    const cols = new Set(t.columns)
    if (s.columns.length !== t.columns.length || s.columns.some((c) => !cols.has(c)))
      throw new CopyRefused(
        `table ${name} has columns (${s.columns.join(', ')}) in the source but (${t.columns.join(', ')}) in the target`,
      )
    if (name !== MIGRATIONS && (await rowCount(target, name)) > 0)
      throw new CopyRefused(`the target ${target.label} is not empty (${name} has rows)`)
    infos.push(s)
  }
  return infos
}

interface Read {
  digest: RowDigest
  high: number
}

/** Copies every table inside one read transaction of the source (one consistent snapshot). */
async function copyAll(
  source: Handle,
  target: Handle,
  tables: TableInfo[],
  limit: PageLimit,
): Promise<{ read: Map<string, Read>; sourceChain: VerifyAllResult }> {
  const read = new Map<string, Read>()
  const sourceChain = await source.db.transaction(
    async (stx) => {
      const snapshot: Side = { ...source, db: stx }
      await checkMigrations(snapshot, target)
      for (const t of tables) {
        const digest = new RowDigest()
        const insert = inserter(target, t)
        // The target's own migrations record gives way to the source's in the same transaction, so
        // that the target is never left without one.
        let replace = t.name === MIGRATIONS
        for await (const page of pages(snapshot, t, t.columns, limit)) {
          for (const row of page) digest.add(row)
          await target.db.transaction(async (tx) => {
            if (replace) await tx.run(`DELETE FROM ${ident(MIGRATIONS)}`)
            await insert(tx, page)
          })
          replace = false
        }
        read.set(t.name, { digest, high: await counterHigh(snapshot, t) })
      }
      return verifyAllAsync(stx)
    },
    { snapshot: true },
  )
  await target.db.transaction(async (tx) => {
    for (const t of tables) await setCounter({ ...target, db: tx }, t, read.get(t.name)!.high)
  })
  return { read, sourceChain }
}

/** The source's migrations must be those the target was just given (one pbem on both sides). */
async function checkMigrations(source: Side, target: Side): Promise<void> {
  const ids = async (db: AsyncQueryable) =>
    (await db.all<{ id: number }>(`SELECT id FROM ${MIGRATIONS} ORDER BY id`)).map((r) => r.id).join(',')
  const s = await ids(source.db)
  const t = await ids(target.db)
  if (s !== t)
    throw new CopyRefused(
      `the source has migrations ${s || 'none'} but this pbem applies ${t}: run the source's judge with this version of pbem first`,
    )
}

/** Writes a page of rows with as few INSERT statements as the parameter limit allows. */
function inserter(target: Side, t: TableInfo): (tx: AsyncTx, rows: unknown[][]) => Promise<void> {
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / t.columns.length))
  const width = t.columns.length
  const head = `INSERT INTO ${ident(t.name)} (${t.columns.map(ident).join(', ')}) VALUES `
  const statements = new Map<number, string>()
  const statement = (n: number) => {
    if (!statements.has(n)) {
      const tuples = Array.from(
        { length: n },
        (_, r) => `(${t.columns.map((_, c) => param(target, r * width + c + 1)).join(', ')})`,
      )
      statements.set(n, head + tuples.join(', '))
    }
    return statements.get(n)!
  }
  return async (tx, rows) => {
    for (let i = 0; i < rows.length; i += perStatement) {
      const chunk = rows.slice(i, i + perStatement)
      try {
        await tx.run(statement(chunk.length), chunk.flat())
      } catch (e) {
        throw new Error(`copying ${t.name}: ${(e as Error).message}`, { cause: e })
      }
    }
  }
}

/** Reads the target back and compares it with what was read from the source. */
async function check(
  source: Side,
  target: Side,
  tables: TableInfo[],
  read: Map<string, Read>,
  sourceChain: VerifyAllResult,
  limit: PageLimit,
): Promise<CopyReport> {
  const copies: TableCopy[] = []
  for (const t of tables) {
    const back = new RowDigest()
    for await (const page of pages(target, t, t.columns, limit)) for (const row of page) back.add(row)
    const from = read.get(t.name)!.digest
    copies.push({ table: t.name, rows: from.rows, copied: back.rows, same: from.hex() === back.hex() })
  }
  const chain = await verifyAllAsync(target.db)
  const ok = chain.ok && copies.every((c) => c.same)
  return { from: source.label, to: target.label, tables: copies, chain, sourceChain, ok }
}
