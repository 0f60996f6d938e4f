-- 006_mail_content on PostgreSQL: the same column as ../006_mail_content.sql (comments there).
ALTER TABLE mail_seen ADD COLUMN content_hash TEXT COLLATE "C";
