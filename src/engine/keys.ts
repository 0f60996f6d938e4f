// Player keys. A key is derived from the server secret (kept in the database, never in the log),
// so the judge can put it into every reply address; the log holds only its hash. Rekeying bumps
// the generation, which changes the key and revokes the old one.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Database } from 'better-sqlite3'

export function serverSecret(db: Database): string {
  const row = db.prepare(`SELECT value FROM settings WHERE key = 'server-secret'`).get() as
    | { value: string }
    | undefined
  if (row) return row.value
  const fresh = randomBytes(32).toString('hex')
  db.prepare(`INSERT OR IGNORE INTO settings (key, value) VALUES ('server-secret', ?)`).run(fresh)
  return (db.prepare(`SELECT value FROM settings WHERE key = 'server-secret'`).get() as { value: string }).value
}

export function playerKey(secret: string, game: string, role: string, generation: number): string {
  return createHmac('sha256', Buffer.from(secret, 'hex'))
    .update(`${game}|${role}|${generation}`)
    .digest('hex')
    .slice(0, 20)
}

export function keyHash(key: string): string {
  return createHash('sha256').update(key.trim().toLowerCase()).digest('hex')
}

export function keyMatches(key: string, hash: string): boolean {
  const a = Buffer.from(keyHash(key), 'hex')
  const b = Buffer.from(hash, 'hex')
  return a.length === b.length && timingSafeEqual(a, b)
}
