// A SQLite judge with something in every table, for the `pbem db copy` tests: the
// Weak Beginning demo (orders filed by mail, resolutions, reports queued with their pictures), a
// second game created through the judge, and the rows no path fills without a mail server
// (IMAP checkpoints, reply-rate records). Rows at the end of two AUTOINCREMENT tables are then
// deleted, as `pbem outbox prune` and the intake's pruning do, so that their counters stand above
// the largest id left and a copy that reset them to max+1 would be caught.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import BetterSqlite3 from 'better-sqlite3'
import { openApp } from '../../src/cli/app.ts'
import { demoSecret, runDemo } from '../../src/cli/demo.ts'
import { createWeakBeginning } from '../helpers/app.ts'

const MIGRATIONS = fileURLToPath(new URL('../../migrations/', import.meta.url))

/** Every table the numbered migrations create (read from their SQL), and the migrations record. */
export function migrationTables(dir = MIGRATIONS): string[] {
  const names = new Set(['schema_migrations'])
  for (const f of readdirSync(dir).filter((n) => /^\d+_.*\.sql$/.test(n))) {
    for (const m of readFileSync(join(dir, f), 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?(\w+)/gi))
      names.add(m[1]!)
  }
  return [...names].sort()
}

/** Builds the judge in `dir` and returns its database file (WAL folded in, closed). */
export async function buildJudge(dir: string): Promise<string> {
  const { dataDir } = await runDemo({ dir })
  const now = Date.UTC(2026, 2, 2, 12, 0, 0)
  const app = openApp({
    dataDir,
    clock: () => new Date(now),
    newSecret: demoSecret('copy'),
    moderatorAddress: 'mod@example.test',
    mailDomain: 'judge.example.test',
  })
  try {
    createWeakBeginning(app, 'wb2')
    const db = app.db
    const checkpoint = db.prepare(
      'INSERT INTO imap_checkpoint (account, mailbox, uidvalidity, last_uid, updated_at) VALUES (?, ?, ?, ?, ?)',
    )
    checkpoint.run('judge@imap.example.test:993', 'INBOX', '4294967295', 4_000_000_000, '2026-03-02T12:00:00.000Z')
    checkpoint.run('judge@imap.example.test:993', 'Processed', '17', 3, '2026-03-02T12:00:00.000Z')
    const reply = db.prepare('INSERT INTO intake_replies (address, sent_at, message_id, kind) VALUES (?, ?, ?, ?)')
    for (let i = 0; i < 4; i++)
      reply.run('fed@example.test', `2026-03-02T12:0${i}:00.000Z`, `m${i}@example.test`, 'ack')
    db.prepare('DELETE FROM intake_replies WHERE id = (SELECT MAX(id) FROM intake_replies)').run()
    db.prepare('DELETE FROM outbox WHERE id = (SELECT MAX(id) FROM outbox)').run()
    // A judge's IMAP lease and an outbox row claimed by it (migrations/010_judges.sql).
    db.prepare('INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?)').run(
      'imap:judge@imap.example.test:993/INBOX',
      'host-a:/srv/pbem',
      '2026-03-02T12:01:00.000Z',
    )
    db.prepare('UPDATE outbox SET claimed_by = ?, claimed_until = ? WHERE id = (SELECT MIN(id) FROM outbox)').run(
      'host-a:/srv/pbem',
      '2026-03-02T12:10:00.000Z',
    )
    // A text no JSON escaping hides, and a blob of every byte value.
    db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run('copy-test', 'é\t\'"\\ \u{1F6A2} ∑')
    db.prepare('INSERT INTO mail_parts (hash, body, created_at) VALUES (?, ?, ?)').run(
      'every-byte',
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
      '2026-03-02T12:00:00.000Z',
    )
  } finally {
    app.close()
  }
  const file = join(dataDir, 'judge.sqlite')
  const db = new BetterSqlite3(file)
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  return file
}
