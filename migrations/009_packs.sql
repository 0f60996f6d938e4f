-- 009_packs: each data pack stored once, by content hash.
--
-- A GameCreated v2 names its pack (packId, packHash) instead of carrying a copy; the content lives
-- here, written with INSERT OR IGNORE in the same transaction as the game's first events, so games
-- made from the same data share one row. content is the pack's JSON; packHash is the SHA-256 the
-- pack loader computes from it, which `pbem verify` recomputes. GameCreated v1 events keep their
-- own copy and never read this table.
CREATE TABLE IF NOT EXISTS packs (
  hash    TEXT PRIMARY KEY,                   -- the pack's SHA-256 (hex), as in GameCreated.packHash
  ruleset TEXT NOT NULL,                      -- the ruleset the pack was loaded for
  pack_id TEXT NOT NULL,                      -- the pack's own id, as in GameCreated.packId
  content TEXT NOT NULL                       -- the validated pack, as JSON
);
