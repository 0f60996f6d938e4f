// The packs table (migrations/009_packs.sql): each data pack's content stored once, under its
// SHA-256, as JSON. Games name their pack by hash; many games share one row.
import type { AsyncQueryable, AsyncStep } from '../async/database.ts'
import { placeholderOf, type SqlDatabase, type SqlEngine } from '../sql.ts'
import { statement } from '../statementCache.ts'

export interface PackRecord {
  /** The pack's SHA-256 (hex), as in GameCreated.packHash. */
  hash: string
  ruleset: string
  /** The pack's own id, as in GameCreated.packId. */
  packId: string
  /** The validated pack, stored as JSON. */
  content: unknown
}

/** The content (parsed JSON) of the pack stored under `hash`, or null when there is none. */
export function findPackContent(db: SqlDatabase, hash: string): unknown | null {
  const row = statement<[string], { content: string }>(db, 'SELECT content FROM packs WHERE hash = ?').get(hash)
  return row ? JSON.parse(row.content) : null
}

/** As findPackContent, on the async handle. */
export async function findPackContentAsync(q: AsyncQueryable, hash: string): Promise<unknown | null> {
  const row = await q.get<{ content: string }>(`SELECT content FROM packs WHERE hash = ${placeholderOf(q.engine)(1)}`, [
    hash,
  ])
  return row ? JSON.parse(row.content) : null
}

/** Whether a pack is stored under `hash`. */
export function hasPack(db: SqlDatabase, hash: string): boolean {
  return statement<[string]>(db, 'SELECT 1 AS found FROM packs WHERE hash = ?').get(hash) !== undefined
}

/** Stores a pack under its hash; a pack already stored (same hash) is left as it is. */
export function recordPack(db: SqlDatabase, pack: PackRecord): void {
  // Every game of a ruleset names the same pack: look before serialising ~100 KB of JSON again.
  if (hasPack(db, pack.hash)) return
  statement(db, 'INSERT OR IGNORE INTO packs (hash, ruleset, pack_id, content) VALUES (?, ?, ?, ?)').run(
    pack.hash,
    pack.ruleset,
    pack.packId,
    JSON.stringify(pack.content),
  )
}

/** As hasPack, on the async handle. */
export async function hasPackAsync(q: AsyncQueryable, hash: string): Promise<boolean> {
  return (await q.get(`SELECT 1 AS found FROM packs WHERE hash = ${placeholderOf(q.engine)(1)}`, [hash])) !== undefined
}

/** As recordPack, as a step of a batch: a pack already stored (same hash) is left as it is. */
export function packStep(engine: SqlEngine, pack: PackRecord): AsyncStep {
  const p = placeholderOf(engine)
  return {
    sql: `INSERT INTO packs (hash, ruleset, pack_id, content) VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}) ON CONFLICT (hash) DO NOTHING`,
    params: [pack.hash, pack.ruleset, pack.packId, JSON.stringify(pack.content)],
  }
}
