-- 005_intake: the intake's reply rate limit (DESIGN.md section 6: no answering loops).
--
-- intake_replies: one row per mail the intake caused to be sent to an address (notices, command
-- answers, acknowledgements of orders sent from that address). Before answering a sender the
-- intake counts that sender's rows of the last hour; at the limit (default 20) it records the
-- message and stays silent. Rows older than two days are pruned as new ones are written.
CREATE TABLE IF NOT EXISTS intake_replies (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  address     TEXT NOT NULL,                  -- lower-case recipient of the reply
  sent_at     TEXT NOT NULL,                  -- ISO-8601 UTC (sorts as text)
  message_id  TEXT,                           -- the inbound message answered, without <>
  kind        TEXT                            -- notice, ack, command, ...
);

CREATE INDEX IF NOT EXISTS intake_replies_address ON intake_replies (address, sent_at);
