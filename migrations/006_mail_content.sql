-- 006_mail_content: duplicate detection that a stranger cannot abuse (issue "Hostile and unlucky
-- mail"). A Message-ID is chosen by the sender, so a message is a duplicate of an earlier one only
-- when its raw bytes are the same, or when its Message-ID is the same AND so is its content: the
-- sender's address and the text read from it (content_hash, SHA-256). Rows written before this
-- migration have no content hash and match by raw bytes only.
ALTER TABLE mail_seen ADD COLUMN content_hash TEXT;
