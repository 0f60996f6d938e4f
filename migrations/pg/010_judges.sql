-- 010_judges on PostgreSQL: the same columns and table as ../010_judges.sql (comments there).
ALTER TABLE outbox ADD COLUMN claimed_by TEXT COLLATE "C";
ALTER TABLE outbox ADD COLUMN claimed_until TEXT COLLATE "C";

CREATE TABLE IF NOT EXISTS leases (
  name       TEXT COLLATE "C" PRIMARY KEY,
  holder     TEXT COLLATE "C" NOT NULL,
  expires_at TEXT COLLATE "C" NOT NULL
);
