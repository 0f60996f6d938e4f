-- 004_imap: real mail. IMAP intake checkpoints and SMTP send bookkeeping.

-- imap_checkpoint: how far the IMAP intake has got in one mailbox of one account. last_uid is
-- the highest UID that was handed to the intake, committed and moved out of the mailbox (to the
-- Processed or Failed folder). UIDs only mean something within one UIDVALIDITY: when the server
-- reports another one, the intake starts again from the first message (the intake's mail_seen
-- absorbs anything it has already taken).
CREATE TABLE IF NOT EXISTS imap_checkpoint (
  account     TEXT NOT NULL,                  -- user@host:port
  mailbox     TEXT NOT NULL,
  uidvalidity TEXT NOT NULL,                  -- decimal (a 32-bit unsigned value)
  last_uid    INTEGER NOT NULL,
  updated_at  TEXT NOT NULL,
  PRIMARY KEY (account, mailbox)
);

-- outbox.send_started_at: set just before a row is handed to SMTP. A row with send_started_at
-- and no sent_at is "in doubt" (the server may have accepted it before a crash): the sender looks
-- its Message-ID up in the archive mailbox before sending it again.
-- outbox.send_note: how the row was settled when not by a plain send (e.g. found in the archive).
ALTER TABLE outbox ADD COLUMN send_started_at TEXT;
ALTER TABLE outbox ADD COLUMN send_note TEXT;
