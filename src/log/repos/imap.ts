// The IMAP records (migrations/010_judges.sql and before): each account's mailbox checkpoint (the
// last UID filed under a UIDVALIDITY) and the leases by which one judge at a time reads a mailbox.
// A lease is taken, renewed or refused in one statement, so two judges never both hold it.
import type { SqlDatabase } from '../sql.ts'
import { statement } from '../statementCache.ts'

export interface StoredImapCheckpoint {
  uidValidity: string
  lastUid: number
  updatedAt: string
}

/** The stored checkpoint of one account's mailbox, or null. */
export function findImapCheckpoint(db: SqlDatabase, account: string, mailbox: string): StoredImapCheckpoint | null {
  const row = statement<[string, string], { uidvalidity: string; last_uid: number; updated_at: string }>(
    db,
    'SELECT uidvalidity, last_uid, updated_at FROM imap_checkpoint WHERE account = ? AND mailbox = ?',
  ).get(account, mailbox)
  return row ? { uidValidity: row.uidvalidity, lastUid: row.last_uid, updatedAt: row.updated_at } : null
}

/** Records (or replaces) one account's mailbox checkpoint. */
export function storeImapCheckpoint(
  db: SqlDatabase,
  account: string,
  mailbox: string,
  uidValidity: string,
  lastUid: number,
  at: string,
): void {
  statement(
    db,
    `INSERT INTO imap_checkpoint (account, mailbox, uidvalidity, last_uid, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(account, mailbox) DO UPDATE SET uidvalidity = excluded.uidvalidity, last_uid = excluded.last_uid, updated_at = excluded.updated_at`,
  ).run(account, mailbox, uidValidity, lastUid, at)
}

/**
 * Takes or renews the lease `name` for `holder` until `expires`: true when it is the holder's now
 * (free, lapsed at `now`, or already its own), false while another holder's lease runs.
 */
export function takeLeaseUntil(db: SqlDatabase, name: string, holder: string, now: string, expires: string): boolean {
  const r = statement<[object]>(
    db,
    `INSERT INTO leases (name, holder, expires_at) VALUES (@name, @holder, @expires)
     ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
     WHERE leases.holder = excluded.holder OR leases.expires_at <= @now`,
  ).run({ name, holder, expires, now })
  return r.changes === 1
}

/** Gives the lease back, if `holder` holds it. */
export function dropLease(db: SqlDatabase, name: string, holder: string): void {
  statement(db, 'DELETE FROM leases WHERE name = ? AND holder = ?').run(name, holder)
}

/** Who holds a lease now, and until when (ISO 8601), or null. */
export function findLease(db: SqlDatabase, name: string): { holder: string; expiresAt: string } | null {
  const row = statement<[string], { holder: string; expires_at: string }>(
    db,
    'SELECT holder, expires_at FROM leases WHERE name = ?',
  ).get(name)
  return row ? { holder: row.holder, expiresAt: row.expires_at } : null
}
