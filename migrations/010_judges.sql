-- 010_judges: several judge processes on one database.

-- outbox.claimed_by / claimed_until: a judge claims a row just before sending it, for a while
-- (a lease). Another judge leaves the row alone until the claim lapses; the same judge (after a
-- restart) may take it at once. A row in doubt after an SMTP send is settled only by the judge that
-- claimed it, or by any judge once the claim has lapsed.
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claimed_until TEXT;

-- leases: work only one judge may do at a time (reading one IMAP mailbox), held by `holder` until
-- `expires_at` (ISO 8601 UTC) and renewed while it works; the others stand by and take over once it lapses.
CREATE TABLE IF NOT EXISTS leases (
  name       TEXT PRIMARY KEY,
  holder     TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
