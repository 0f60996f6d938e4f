-- 007_game_clock on PostgreSQL: the same table and index as ../007_game_clock.sql (comments there).
-- next_at holds milliseconds since 1970, beyond a 32-bit integer: BIGINT (SQLite's INTEGER is 64-bit).
CREATE TABLE IF NOT EXISTS game_clock (
  stream    TEXT COLLATE "C" PRIMARY KEY,
  version   INTEGER NOT NULL,
  status    TEXT COLLATE "C" NOT NULL,
  next_at   BIGINT,
  next_what TEXT,
  outage_minutes INTEGER
);

CREATE INDEX IF NOT EXISTS game_clock_next ON game_clock (next_at) WHERE next_at IS NOT NULL;
