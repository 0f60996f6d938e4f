-- 003_engine on PostgreSQL: the same tables as ../003_engine.sql (comments there).
CREATE TABLE IF NOT EXISTS secrets (
  game    TEXT    COLLATE "C" NOT NULL,
  purpose TEXT    COLLATE "C" NOT NULL,
  point   INTEGER NOT NULL,
  secret  TEXT    NOT NULL,
  PRIMARY KEY (game, purpose, point)
);

CREATE TABLE IF NOT EXISTS settings (
  key   TEXT COLLATE "C" PRIMARY KEY,
  value TEXT NOT NULL
);
