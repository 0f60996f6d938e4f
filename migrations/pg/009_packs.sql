-- 009_packs on PostgreSQL: the same table as ../009_packs.sql (comments there).
CREATE TABLE IF NOT EXISTS packs (
  hash    TEXT COLLATE "C" PRIMARY KEY,
  ruleset TEXT COLLATE "C" NOT NULL,
  pack_id TEXT COLLATE "C" NOT NULL,
  content TEXT NOT NULL
);
