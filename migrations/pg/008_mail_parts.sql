-- 008_mail_parts on PostgreSQL: the same table as ../008_mail_parts.sql (comments there); the
-- deflated body is BYTEA, read back as a Buffer as SQLite's BLOB is.
CREATE TABLE IF NOT EXISTS mail_parts (
  hash       TEXT COLLATE "C" PRIMARY KEY,
  body       BYTEA NOT NULL,
  created_at TEXT COLLATE "C" NOT NULL
);
