// `pbem secret export` on PostgreSQL (src/engine/secret.ts): no secure_delete or WAL
// checkpoint there; the setting is deleted and the settings table rewritten into a new file, so the
// table's file on disk no longer holds the secret, and the judge says what still may (the server's
// write-ahead log, archive, backups). The keys stay the same once the judge reads the file.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openAppAsync } from '../../src/cli/app.ts'
import { SERVER_STREAM } from '../../src/engine/events.ts'
import { checkServerSecretAhead, secretFingerprint } from '../../src/engine/secret.ts'
import { exportServerSecretAhead } from '../../src/engine/secretAhead.ts'
import { readEvents } from '../helpers/app.ts'
import { createWeakBeginningAsync, readAsync } from '../helpers/asyncJudge.ts'
import { pluck, run } from '../helpers/asyncSql.ts'
import { type PgStack, connectPg } from './pgstack.ts'

let stack: PgStack
const dir = mkdtempSync(join(tmpdir(), 'pbem-pgsecret-'))
beforeAll(async () => {
  stack = await connectPg()
}, 600_000)
afterAll(async () => {
  await stack?.close()
  rmSync(dir, { recursive: true, force: true })
})

it('moves the secret to a file, rewrites the settings table without it, and keeps the keys', async () => {
  const database = stack.freshUrl()
  // The judge opened as the commands open theirs, its work and the test's reads on the async handle.
  const open = (file?: string) =>
    openAppAsync({ dataDir: join(dir, 'data'), database, mail: {} as never, ...(file ? { secret: { file } } : {}) })
  const app = await open()
  const { keys } = await createWeakBeginningAsync(app)
  const secret = (await pluck<string>(app.jobsDb, `SELECT value FROM settings WHERE key = 'server-secret'`))!
  const tableFile = async () => {
    await run(app.jobsDb, 'CHECKPOINT') // the table's pages on disk, to look for the secret in them
    const rel = (await pluck<string>(app.jobsDb, `SELECT pg_relation_filepath('settings')`))!
    return join(stack.root, 'data', rel)
  }
  const before = await tableFile()
  expect(readFileSync(before).includes(Buffer.from(secret))).toBe(true)

  const file = join(dir, 'exported')
  const r = await exportServerSecretAhead(app.db, app.jobsDb, file)
  expect(r).toMatchObject({ fingerprint: secretFingerprint(secret), walEmptied: false })
  expect(r.residue).toMatch(/write-ahead log/)
  expect(readFileSync(file, 'utf8')).toBe(`${secret}\n`)
  expect(await pluck(app.jobsDb, `SELECT COUNT(*) FROM settings WHERE key = 'server-secret'`)).toBe(0)
  const after = await tableFile()
  expect(after).not.toBe(before) // a new file for the table
  expect(existsSync(before) && readFileSync(before).includes(Buffer.from(secret))).toBe(false)
  expect(readFileSync(after).includes(Buffer.from(secret))).toBe(false)
  app.close()

  const again = await open(file)
  try {
    expect(await readAsync(again, ['wb1'], (j) => j.keyFor('wb1', 'federal'))).toBe(keys.federal)
    expect((await checkServerSecretAhead(again.db, again.jobsDb, readEvents(again, SERVER_STREAM))).ok).toBe(true)
  } finally {
    again.close()
  }
})

// A session whose transaction began before the delete may still see the row, and VACUUM FULL would
// copy it into the new file (an auto-analyze of another table did this now and then in the suite;
// here a reader of the events table holds its snapshot for two seconds): the export copies only the
// live rows.
it('leaves no copy in the new file while a transaction older than the delete still runs', async () => {
  const database = stack.freshUrl()
  const app = await openAppAsync({ dataDir: join(dir, 'older'), database, mail: {} as never })
  await createWeakBeginningAsync(app)
  const secret = (await pluck<string>(app.jobsDb, `SELECT value FROM settings WHERE key = 'server-secret'`))!
  const reader = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import pg from 'pg'; const c = new pg.Client(${JSON.stringify(database)}); await c.connect();
       await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ'); await c.query('SELECT COUNT(*) FROM events');
       await c.query('SELECT pg_sleep(2)'); await c.query('COMMIT'); await c.end()`,
    ],
    { cwd: process.cwd(), stdio: 'inherit' },
  )
  try {
    // Whether a session other than the judge's own holds a snapshot in this database.
    const holding = async () =>
      Number(
        await pluck(
          app.jobsDb,
          `SELECT COUNT(*)::int FROM pg_stat_activity WHERE datname = current_database()
             AND backend_xmin IS NOT NULL AND pid <> pg_backend_pid()`,
        ),
      )
    for (let i = 0; i < 200 && !(await holding()); i++) await new Promise((r) => setTimeout(r, 50))
    expect(await holding()).toBeGreaterThan(0)
    await exportServerSecretAhead(app.db, app.jobsDb, join(dir, 'exported-older'))
    await run(app.jobsDb, 'CHECKPOINT')
    const rel = (await pluck<string>(app.jobsDb, `SELECT pg_relation_filepath('settings')`))!
    expect(readFileSync(join(stack.root, 'data', rel)).includes(Buffer.from(secret))).toBe(false)
  } finally {
    reader.kill()
    app.close()
  }
}, 60_000)
