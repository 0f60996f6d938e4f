-- 002_mail: outgoing mail queue and inbound de-duplication.
--
-- outbox: written in the same transaction as the events that cause the mail
-- (enqueueMail); drained by a sender (drainOutbox) through a MailTransport.
-- payload is the JSON of an OutboundMail. Times are ISO-8601 UTC strings
-- (Date.toISOString()), so they compare correctly as text.
CREATE TABLE IF NOT EXISTS outbox (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  message_id      TEXT NOT NULL UNIQUE,       -- without <>
  game            TEXT,                       -- null for system mail
  recipient       TEXT NOT NULL,
  kind            TEXT NOT NULL,              -- ack, report, reminder, ...
  payload         TEXT NOT NULL,              -- JSON OutboundMail
  created_at      TEXT NOT NULL,
  sent_at         TEXT,                       -- null until the transport accepted it
  attempts        INTEGER NOT NULL DEFAULT 0, -- delivery attempts made so far
  last_error      TEXT,
  next_attempt_at TEXT                        -- null = due now
);

-- the sender's "what is due" query
CREATE INDEX IF NOT EXISTS outbox_unsent ON outbox (next_attempt_at, id) WHERE sent_at IS NULL;
CREATE INDEX IF NOT EXISTS outbox_game ON outbox (game);

-- mail_seen: every inbound message taken in, keyed by the SHA-256 of its raw
-- bytes, so a duplicate delivery (same bytes, or the same Message-ID through
-- another source) is absorbed instead of being acted on twice.
CREATE TABLE IF NOT EXISTS mail_seen (
  raw_hash    TEXT PRIMARY KEY,               -- sha256 hex of the raw message
  message_id  TEXT,                           -- without <>
  received_at TEXT NOT NULL,
  source      TEXT,                           -- imap:<mailbox>, drop:<file>, smtp
  outcome     TEXT                            -- accepted, rejected, ignored:<reason>, ...
);

CREATE INDEX IF NOT EXISTS mail_seen_message_id ON mail_seen (message_id);
