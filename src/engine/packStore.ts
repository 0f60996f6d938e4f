// Data packs stored once by content hash (migration 009_packs): a GameCreated v2 names its pack's
// hash and the fold reads the content here. The fold keeps loaded packs per process (fold.ts), so
// this table is read once per pack, not once per game.
import { findPackContent, recordPack } from '../log/repos/packs.ts'
import type { SqlDatabase } from '../log/sql.ts'

/** Where the fold finds the content of a pack a GameCreated v2 names by hash. */
export interface PackSource {
  /** The stored content (parsed JSON), or null when no pack has that hash. */
  pack(hash: string): unknown | null
}

/** A PackSource over the packs table. */
export function packSource(db: SqlDatabase): PackSource {
  return { pack: (hash) => findPackContent(db, hash) }
}

/** Stores a pack's content under its hash; a pack already stored (same hash) is left as it is. */
export function storePack(
  db: SqlDatabase,
  pack: { ruleset: string; id: string; hash: string; content: unknown },
): void {
  recordPack(db, { hash: pack.hash, ruleset: pack.ruleset, packId: pack.id, content: pack.content })
}
