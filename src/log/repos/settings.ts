// The settings table (migrations/003_engine.sql): the few judge-wide values kept by key. Each
// operation names the setting it owns, so no caller writes a key or its SQL.
import type { AsyncDatabase, AsyncQueryable, AsyncStep } from '../async/database.ts'
import { placeholderOf, type SqlDatabase, type SqlEngine } from '../sql.ts'
import { statement } from '../statementCache.ts'

const SERVER_SECRET = 'server-secret'
const LAST_TICK = 'schedule:last-tick'

function read(db: SqlDatabase, key: string): string | null {
  const row = statement<[string], { value: string }>(db, 'SELECT value FROM settings WHERE key = ?').get(key)
  return row ? row.value : null
}

/** The server secret kept in the database, as stored (unchecked), or null when there is none. */
export function findServerSecret(db: SqlDatabase): string | null {
  return read(db, SERVER_SECRET)
}

/** Stores `secret` as the server secret unless one is stored already (another judge made it first). */
export function storeServerSecretIfAbsent(db: SqlDatabase, secret: string): void {
  statement(db, 'INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)').run(SERVER_SECRET, secret)
}

export interface ErasedSecret {
  /** SQLite: whether the write-ahead log could be emptied at once (a reader may hold it). */
  walEmptied: boolean
  /** PostgreSQL: the table is rewritten, but the server's write-ahead log keeps a copy until recycled. */
  serverLogKeepsCopy: boolean
}

/**
 * Deletes the stored server secret so that no copy lingers in the database's files, on the async
 * handle. On PostgreSQL, which has no secure_delete, the delete and the table's rewrite into a new
 * file without the row in one batch: the table is emptied and the other rows written back, so that
 * unlike VACUUM FULL (which copies a deleted row an older snapshot may still see) nothing but the
 * live rows is copied. On SQLite (the async handle shares the synchronous one's connection) the
 * delete with secure_delete (freed bytes zeroed), then the write-ahead log emptied.
 */
export async function eraseServerSecretAsync(db: AsyncDatabase): Promise<ErasedSecret> {
  if (db.engine === 'postgres') {
    await db.batch([
      { sql: 'DELETE FROM settings WHERE key = $1', params: [SERVER_SECRET] },
      { sql: 'CREATE TEMP TABLE settings_kept ON COMMIT DROP AS SELECT * FROM settings' },
      { sql: 'TRUNCATE settings' },
      { sql: 'INSERT INTO settings SELECT * FROM settings_kept' },
    ])
    return { walEmptied: false, serverLogKeepsCopy: true }
  }
  const [before] = await db.all<{ secure_delete: number }>('PRAGMA secure_delete')
  await db.exec('PRAGMA secure_delete = ON')
  try {
    await db.run('DELETE FROM settings WHERE key = ?', [SERVER_SECRET])
  } finally {
    await db.exec(`PRAGMA secure_delete = ${Number(before?.secure_delete) ? 'ON' : 'OFF'}`)
  }
  const [checkpoint] = await db.all<{ busy: number }>('PRAGMA wal_checkpoint(TRUNCATE)')
  return { walEmptied: !checkpoint || checkpoint.busy === 0, serverLogKeepsCopy: false }
}

/** The instant of the last clock pass as recorded (ISO text), or null before the first. */
export function findLastTick(db: SqlDatabase): string | null {
  return read(db, LAST_TICK)
}

/** Records `iso` as the last clock pass's instant, replacing the one before. */
export function recordLastTick(db: SqlDatabase, iso: string): void {
  statement(
    db,
    `INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  ).run(LAST_TICK, iso)
}

/** As findServerSecret, on the async handle. */
export async function findServerSecretAsync(q: AsyncQueryable): Promise<string | null> {
  const row = await q.get<{ value: string }>(`SELECT value FROM settings WHERE key = ${placeholderOf(q.engine)(1)}`, [
    SERVER_SECRET,
  ])
  return row ? row.value : null
}

/**
 * As storeServerSecretIfAbsent, on the async handle: of two judges making the first secret at once,
 * one row is written (the key is unique) and both read the winner's back.
 */
export async function storeServerSecretIfAbsentAsync(q: AsyncQueryable, secret: string): Promise<void> {
  const p = placeholderOf(q.engine)
  await q.run(`INSERT INTO settings (key, value) VALUES (${p(1)}, ${p(2)}) ON CONFLICT (key) DO NOTHING`, [
    SERVER_SECRET,
    secret,
  ])
}

/** Stores `secret` as the server secret of a database that has none; refused when it has one. */
export async function storeServerSecretAsync(q: AsyncQueryable, secret: string): Promise<void> {
  const p = placeholderOf(q.engine)
  await q.run(`INSERT INTO settings (key, value) VALUES (${p(1)}, ${p(2)})`, [SERVER_SECRET, secret])
}

/** As findLastTick, on the async handle. */
export async function findLastTickAsync(q: AsyncQueryable): Promise<string | null> {
  const row = await q.get<{ value: string }>(`SELECT value FROM settings WHERE key = ${placeholderOf(q.engine)(1)}`, [
    LAST_TICK,
  ])
  return row ? row.value : null
}

/**
 * Records `iso` as the last clock pass's instant on the async handle, in one statement, unless a
 * later instant is recorded already (ISO texts of one form order as their instants): two judges
 * ticking at once leave the later, and a pass dated earlier leaves the last tick where it was.
 */
export async function recordLastTickAsync(q: AsyncQueryable, iso: string): Promise<void> {
  const step = lastTickStep(q.engine, iso)
  await q.run(step.sql, step.params)
}

/** As recordLastTickAsync, as a step of a batch (the outage guard's, with the deadlines it moves). */
export function lastTickStep(engine: SqlEngine, iso: string): AsyncStep {
  const p = placeholderOf(engine)
  return {
    sql: `INSERT INTO settings (key, value) VALUES (${p(1)}, ${p(2)})
     ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE settings.value < excluded.value`,
    params: [LAST_TICK, iso],
  }
}

/** The lock two judges' clock passes take to record the last tick and run the outage guard one after the other. */
export const LAST_TICK_LOCK = `setting:${LAST_TICK}`
