// Moving a judge (`pbem db copy`): a SQLite judge with games played, orders filed and
// mails queued goes to a real PostgreSQL and back to a new SQLite file with every table's rows
// equal, its chains intact and its counters carried; a target that holds anything is refused.
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import BetterSqlite3 from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CopyRefused, copyJudge } from '../../src/log/copy.ts'
import type { AsyncDatabase } from '../../src/log/async/database.ts'
import { openAsyncDatabase } from '../../src/log/async/open.ts'
import { verifyAllAsync } from '../../src/log/verify.ts'
import { pluck, row, run } from '../helpers/asyncSql.ts'
import { buildJudge, migrationTables } from './judgeFixture.ts'
import { type PgStack, connectPg } from './pgstack.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
let pg: PgStack
let dir: string
let judge: string
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pbem-copy-'))
  const [stack, file] = await Promise.all([connectPg(), buildJudge(join(dir, 'judge'))])
  pg = stack
  judge = file
}, 600_000)
afterAll(async () => {
  await pg?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const sqlite = (file: string) => new BetterSqlite3(file, { readonly: true })
const tablesOf = (db: BetterSqlite3.Database) =>
  db
    .prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
    .pluck()
    .all() as string[]
const keyOf = (db: BetterSqlite3.Database, table: string) =>
  (db.prepare('SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk').pluck().all(table) as string[]).join(
    ', ',
  )

/** Every table's rows in key order, as the async seam returns them. */
async function dump(db: AsyncDatabase, keys: Map<string, string>): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {}
  for (const [table, key] of keys) out[table] = await db.all(`SELECT * FROM ${table} ORDER BY ${key}`)
  return out
}

function counters(file: string): Record<string, unknown> {
  const db = sqlite(file)
  try {
    const rows = db.prepare('SELECT name, seq, typeof(seq) AS kind FROM sqlite_sequence ORDER BY name').all()
    return Object.fromEntries(rows.map((r: any) => [r.name, `${r.seq} (${r.kind})`]))
  } finally {
    db.close()
  }
}

const pbemWith = (databaseUrl: string, ...args: string[]) =>
  spawnSync(process.execPath, ['bin/pbem.js', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, PBEM_DATABASE_URL: databaseUrl },
  })
const pbem = (...args: string[]) => pbemWith('', ...args)

describe('pbem db copy between SQLite and PostgreSQL', () => {
  it('SQLite to PostgreSQL and back: every table row for row, every chain verified, counters carried', async () => {
    const source = sqlite(judge)
    const keys = new Map(tablesOf(source).map((t) => [t, keyOf(source, t)]))
    // The fixture fills every table the migrations create, so that none is copied empty.
    expect([...keys.keys()]).toEqual(migrationTables())
    for (const t of keys.keys()) expect(source.prepare(`SELECT COUNT(*) FROM ${t}`).pluck().get(), t).toBeGreaterThan(0)
    source.close()

    const url = pg.freshUrl()
    const there = await copyJudge(judge, url)
    expect(there.ok, JSON.stringify(there)).toBe(true)
    expect(there.tables.map((t) => t.table)).toEqual([...keys.keys()])
    for (const t of there.tables) expect(t.copied, t.table).toBe(t.rows)
    const back = join(dir, 'back.sqlite')
    const home = await copyJudge(url, back)
    expect(home.ok, JSON.stringify(home)).toBe(true)

    // Each side read back on the async handle, as `pbem db copy` and `pbem verify --all` read them.
    const sides = await Promise.all([judge, url, back].map((t) => openAsyncDatabase(t)))
    try {
      const [a, b, c] = await Promise.all(sides.map((db) => dump(db, keys)))
      expect(b).toEqual(a)
      expect(c).toEqual(a)
      expect(Buffer.isBuffer((c!.mail_parts as Array<{ body: unknown }>)[0]!.body)).toBe(true)
      const chains = await Promise.all(sides.map((db) => verifyAllAsync(db)))
      for (const v of chains) expect(v).toEqual({ ...chains[0], ok: true, failures: [] })
      expect(chains[0]!.streams).toBeGreaterThanOrEqual(3)
    } finally {
      await Promise.all(sides.map((db) => db.close()))
    }
    // The counters stand above the pruned rows on both sides, as integers.
    expect(counters(back)).toEqual(counters(judge))
    expect(Object.values(counters(back)).every((v) => String(v).endsWith('(integer)'))).toBe(true)
  })

  it('the next id PostgreSQL hands out follows the highest the source ever handed out, not the largest left', async () => {
    const url = pg.freshUrl()
    expect((await copyJudge(judge, url)).ok).toBe(true)
    const seq = counters(judge) as Record<string, string>
    const db = await openAsyncDatabase(url)
    try {
      const reply = await row<{ id: number }>(
        db,
        'INSERT INTO intake_replies (address, sent_at) VALUES (?, ?) RETURNING id',
        'reb@example.test',
        '2026-03-03T00:00:00.000Z',
      )
      expect(Number(reply!.id)).toBe(Number.parseInt(seq.intake_replies!, 10) + 1)
      const mail = await row<{ id: number }>(
        db,
        'INSERT INTO outbox (message_id, recipient, kind, payload, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
        'after-copy@judge.example.test',
        'reb@example.test',
        'ack',
        '{}',
        '2026-03-03T00:00:00.000Z',
      )
      expect(Number(mail!.id)).toBe(Number.parseInt(seq.outbox!, 10) + 1)
      const maxId = await pluck(db, 'SELECT MAX(id) FROM outbox WHERE id < ?', mail!.id)
      expect(Number(mail!.id)).toBeGreaterThan(Number(maxId) + 1)
      const event = await row<{ position: number }>(
        db,
        `INSERT INTO events (stream, version, type, schema_version, data, audience, recorded_at, prev_hash, hash)
         VALUES ('probe', 1, 'Probe', 1, '{}', '[]', '2026-03-03T00:00:00.000Z', '', '') RETURNING position`,
      )
      expect(Number(event!.position)).toBe(Number.parseInt(seq.events!, 10) + 1)
    } finally {
      await db.close()
    }
  })

  it('refuses a target that holds anything, and leaves it as it was', async () => {
    const url = pg.freshUrl()
    expect((await copyJudge(judge, url)).ok).toBe(true)
    const count = async () => {
      const db = await openAsyncDatabase(url)
      try {
        return await pluck(db, 'SELECT COUNT(*) FROM events')
      } finally {
        await db.close()
      }
    }
    const before = await count()
    await expect(copyJudge(judge, url)).rejects.toThrow(CopyRefused)
    await expect(copyJudge(judge, url)).rejects.toThrow(/is not empty \(events has \d+ row\(s\), .*\); copy only into/)
    expect(await count()).toBe(before)
    // A database with a single row of another table is not empty either.
    const other = pg.freshUrl()
    const db = await openAsyncDatabase(other)
    await run(db, 'INSERT INTO settings (key, value) VALUES (?, ?)', 'k', 'v')
    await db.close()
    await expect(copyJudge(judge, other)).rejects.toThrow(/settings has 1 row\(s\)/)
    // A SQLite file that is a judge already.
    const file = join(dir, 'refused.sqlite')
    copyFileSync(judge, file)
    await expect(copyJudge(url, file)).rejects.toThrow(/is not empty/)
    // A source that is not there is said so, and nothing is created in its place.
    await expect(copyJudge(join(dir, 'nothing.sqlite'), pg.freshUrl())).rejects.toThrow(/no judge database at/)
    expect(existsSync(join(dir, 'nothing.sqlite'))).toBe(false)
    await expect(copyJudge(pg.freshUrl(), join(dir, 'x.sqlite'))).rejects.toThrow(/holds no judge database/)
    const stranger = join(dir, 'stranger.sqlite')
    new BetterSqlite3(stranger).exec('CREATE TABLE t (x)').close()
    await expect(copyJudge(stranger, pg.freshUrl())).rejects.toThrow(/holds no judge database/)
    await expect(copyJudge(judge, judge)).rejects.toThrow(/the same database/)
    await expect(copyJudge(judge, pg.url.replace(/\/[^/]+$/, '/nowhere'))).rejects.toThrow(
      /cannot connect to postgres:.*\/nowhere: .*does not exist/,
    )
  })

  it('takes a target that has been migrated but holds nothing', async () => {
    const url = pg.freshUrl()
    await (await openAsyncDatabase(url)).close()
    expect((await copyJudge(judge, url)).ok).toBe(true)
  })

  it('the command: copies, prints counts per table, refuses a second copy; pbem verify --all passes on the copy', () => {
    const url = pg.freshUrl()
    const out = pbem('db', 'copy', '--from', judge, '--to', url)
    expect(out.status, out.stdout + out.stderr).toBe(0)
    expect(out.stdout).toMatch(/^ {2}events +\d+ row\(s\) {2}OK$/m)
    expect(out.stdout).toMatch(/^ {2}mail_parts +\d+ row\(s\) {2}OK$/m)
    expect(out.stdout).toMatch(/event chains on the target: OK \(\d+ stream\(s\), \d+ event\(s\)\)/)
    const again = pbem('db', 'copy', '--from', judge, '--to', url)
    expect(again.status).toBe(1)
    expect(again.stderr).toMatch(/is not empty/)
    // Back into a data directory of its own, where the judge itself re-checks every game.
    const data = join(dir, 'restored')
    mkdirSync(data)
    const home = pbem('--data', data, 'db', 'copy', '--from', url, '--to', join(data, 'judge.sqlite'))
    expect(home.status, home.stdout + home.stderr).toBe(0)
    const verify = pbem('--data', data, 'verify', '--all')
    expect(verify.status, verify.stdout + verify.stderr).toBe(0)
    expect(verify.stdout).toMatch(/wb-demo: OK/)
    expect(verify.stdout).toMatch(/wb2: OK/)
    // Without --from, the data directory's judge.sqlite is the source.
    const backup = pbem('--data', data, 'db', 'copy', '--to', join(dir, 'backup.sqlite'))
    expect(backup.status, backup.stdout + backup.stderr).toBe(0)
    expect(backup.stdout).toContain(`Copied ${join(data, 'judge.sqlite')}`)
    // With PBEM_DATABASE_URL set, that database is.
    const fromUrl = pbemWith(url, '--data', data, 'db', 'copy', '--to', join(dir, 'from-url.sqlite'))
    expect(fromUrl.status, fromUrl.stdout + fromUrl.stderr).toBe(0)
    expect(fromUrl.stdout).toMatch(/^Copied postgres:\/\/pbem@127\.0\.0\.1:\d+\/t\d+_\d+$/m)
  }, 300_000) // six pbem processes, each loading the sources through tsx: slow on a busy machine
})
