-- Engine bookkeeping that must not live in the public log.
-- Dice and hidden-draw secrets stay here until the log reveals them (DESIGN.md section 5);
-- only their SHA-256 commitments are appended as events.
CREATE TABLE IF NOT EXISTS secrets (
  game    TEXT    NOT NULL,
  purpose TEXT    NOT NULL,
  point   INTEGER NOT NULL,
  secret  TEXT    NOT NULL,
  PRIMARY KEY (game, purpose, point)
);

-- Operator settings, e.g. the server secret from which players' address tokens are derived.
CREATE TABLE IF NOT EXISTS settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
