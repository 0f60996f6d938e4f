-- The event log (DESIGN.md section 3). The log knows nothing about games.
-- One row per event; the hash chain is per stream. Nothing is ever updated or deleted.
CREATE TABLE events (
  position       INTEGER PRIMARY KEY AUTOINCREMENT,
  stream         TEXT    NOT NULL,
  version        INTEGER NOT NULL,
  type           TEXT    NOT NULL,
  schema_version INTEGER NOT NULL,
  data           TEXT    NOT NULL,
  audience       TEXT    NOT NULL,
  recorded_at    TEXT    NOT NULL,
  causation      TEXT,
  prev_hash      TEXT    NOT NULL,
  hash           TEXT    NOT NULL,
  UNIQUE (stream, version)
);

CREATE INDEX events_type ON events (type);
CREATE INDEX events_causation ON events (causation) WHERE causation IS NOT NULL;

-- Head of each stream, written in the same transaction as every append, so that rows deleted
-- at the end of a stream (which leave a perfectly valid shorter chain) are still detected.
CREATE TABLE streams (
  stream    TEXT    PRIMARY KEY,
  version   INTEGER NOT NULL,
  head_hash TEXT    NOT NULL
);
