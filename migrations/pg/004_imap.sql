-- 004_imap on PostgreSQL: the same table and columns as ../004_imap.sql (comments there).
CREATE TABLE IF NOT EXISTS imap_checkpoint (
  account     TEXT COLLATE "C" NOT NULL,
  mailbox     TEXT COLLATE "C" NOT NULL,
  uidvalidity TEXT COLLATE "C" NOT NULL,
  last_uid    BIGINT NOT NULL,
  updated_at  TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (account, mailbox)
);

ALTER TABLE outbox ADD COLUMN send_started_at TEXT COLLATE "C";
ALTER TABLE outbox ADD COLUMN send_note TEXT;
