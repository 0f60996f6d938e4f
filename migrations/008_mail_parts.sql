-- 008_mail_parts: attachments kept once, by content, so that ten thousand games on one judge stay cheap.
--
-- An outbox row's payload names each attachment's body by its SHA-256 (part) instead of holding
-- it, so the same body queued for several recipients or several mails is stored once. A picture
-- is kept as its SVG source and turned into the PNG the mail carries when the mail is composed
-- (render = 'png' in the payload): the same SVG always gives the same PNG on the same machine.
CREATE TABLE IF NOT EXISTS mail_parts (
  hash       TEXT PRIMARY KEY,                -- sha256 hex of the body (before deflate)
  body       BLOB NOT NULL,                   -- the body deflated (raw DEFLATE): base64 content, or the SVG source of a picture
  created_at TEXT NOT NULL
);
