// Data packs stored once by content hash (migration 009_packs): a GameCreated v2 names its pack's
// hash and the fold reads the content here. The fold keeps loaded packs per process (fold.ts), so
// this table is read once per pack, not once per game.
import type { SqlDatabase } from '../log/sql.ts'

/** Where the fold finds the content of a pack a GameCreated v2 names by hash. */
export interface PackSource {
  /** The stored content (parsed JSON), or null when no pack has that hash. */
  pack(hash: string): unknown | null
}

/** A PackSource over the packs table. */
export function packSource(db: SqlDatabase): PackSource {
  const get = db.prepare<[string], string>('SELECT content FROM packs WHERE hash = ?').pluck()
  return {
    pack: (hash) => {
      const content = get.get(hash)
      return content === undefined ? null : JSON.parse(content)
    },
  }
}

/** Stores a pack's content under its hash; a pack already stored (same hash) is left as it is. */
export function storePack(
  db: SqlDatabase,
  pack: { ruleset: string; id: string; hash: string; content: unknown },
): void {
  // Every game of a ruleset names the same pack: look before serialising ~100 KB of JSON again.
  if (db.prepare<[string], number>('SELECT 1 FROM packs WHERE hash = ?').get(pack.hash) !== undefined) return
  db.prepare('INSERT OR IGNORE INTO packs (hash, ruleset, pack_id, content) VALUES (?, ?, ?, ?)').run(
    pack.hash,
    pack.ruleset,
    pack.id,
    JSON.stringify(pack.content),
  )
}
