// The IMAP records (migrations/010_judges.sql and before): each account's mailbox checkpoint (the
// last UID filed under a UIDVALIDITY) and the leases by which one judge at a time reads a mailbox.
// A lease is taken, renewed or refused in one statement, so two judges never both hold it. They
// run on the async seam (the IMAP intake and its lease await them), each statement written once
// with its placeholders spelt for the engine.
import type { AsyncQueryable } from '../async/database.ts'
import { placeholderOf } from '../sql.ts'

export interface StoredImapCheckpoint {
  uidValidity: string
  lastUid: number
  updatedAt: string
}

/** The stored checkpoint of one account's mailbox, or null. */
export async function findImapCheckpoint(
  q: AsyncQueryable,
  account: string,
  mailbox: string,
): Promise<StoredImapCheckpoint | null> {
  const p = placeholderOf(q.engine)
  const row = await q.get<{ uidvalidity: string; last_uid: number; updated_at: string }>(
    `SELECT uidvalidity, last_uid, updated_at FROM imap_checkpoint WHERE account = ${p(1)} AND mailbox = ${p(2)}`,
    [account, mailbox],
  )
  return row ? { uidValidity: row.uidvalidity, lastUid: row.last_uid, updatedAt: row.updated_at } : null
}

/** Records (or replaces) one account's mailbox checkpoint. */
export async function storeImapCheckpoint(
  q: AsyncQueryable,
  account: string,
  mailbox: string,
  uidValidity: string,
  lastUid: number,
  at: string,
): Promise<void> {
  const p = placeholderOf(q.engine)
  await q.run(
    `INSERT INTO imap_checkpoint (account, mailbox, uidvalidity, last_uid, updated_at)
     VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)})
     ON CONFLICT (account, mailbox) DO UPDATE SET uidvalidity = excluded.uidvalidity, last_uid = excluded.last_uid,
       updated_at = excluded.updated_at`,
    [account, mailbox, uidValidity, lastUid, at],
  )
}

/**
 * Takes or renews the lease `name` for `holder` until `expires`: true when it is the holder's now
 * (free, lapsed at `now`, or already its own), false while another holder's lease runs.
 */
export async function takeLeaseUntil(
  q: AsyncQueryable,
  name: string,
  holder: string,
  now: string,
  expires: string,
): Promise<boolean> {
  const p = placeholderOf(q.engine)
  const r = await q.run(
    `INSERT INTO leases (name, holder, expires_at) VALUES (${p(1)}, ${p(2)}, ${p(3)})
     ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
     WHERE leases.holder = excluded.holder OR leases.expires_at <= ${p(4)}`,
    [name, holder, expires, now],
  )
  return r.changes === 1
}

/** Gives the lease back, if `holder` holds it. */
export async function dropLease(q: AsyncQueryable, name: string, holder: string): Promise<void> {
  const p = placeholderOf(q.engine)
  await q.run(`DELETE FROM leases WHERE name = ${p(1)} AND holder = ${p(2)}`, [name, holder])
}

/** Who holds a lease now, and until when (ISO 8601), or null. */
export async function findLease(
  q: AsyncQueryable,
  name: string,
): Promise<{ holder: string; expiresAt: string } | null> {
  const p = placeholderOf(q.engine)
  const row = await q.get<{ holder: string; expires_at: string }>(
    `SELECT holder, expires_at FROM leases WHERE name = ${p(1)}`,
    [name],
  )
  return row ? { holder: row.holder, expiresAt: row.expires_at } : null
}
