// `pbem secret export` on PostgreSQL (src/engine/secret.ts): no secure_delete or WAL
// checkpoint there; the setting is deleted and the settings table rewritten (VACUUM FULL), so the
// table's file on disk no longer holds the secret, and the judge says what still may (the server's
// write-ahead log, archive, backups). The keys stay the same once the judge reads the file.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openApp } from '../../src/cli/app.ts'
import { checkServerSecret, exportServerSecret, secretFingerprint } from '../../src/engine/secret.ts'
import { createWeakBeginning } from '../helpers/app.ts'
import { type PgStack, connectPg } from './pgstack.ts'

let pg: PgStack
const dir = mkdtempSync(join(tmpdir(), 'pbem-pgsecret-'))
beforeAll(async () => {
  pg = await connectPg()
}, 600_000)
afterAll(async () => {
  await pg?.close()
  rmSync(dir, { recursive: true, force: true })
})

it('moves the secret to a file, rewrites the settings table without it, and keeps the keys', () => {
  const database = pg.freshUrl()
  const open = (file?: string) =>
    openApp({ dataDir: join(dir, 'data'), database, mail: {} as never, ...(file ? { secret: { file } } : {}) })
  const app = open()
  const { keys } = createWeakBeginning(app)
  const secret = app.db.prepare(`SELECT value FROM settings WHERE key = 'server-secret'`).pluck().get() as string
  const tableFile = () => {
    app.db.exec('CHECKPOINT') // the table's pages on disk, to look for the secret in them
    const rel = app.db.prepare(`SELECT pg_relation_filepath('settings')`).pluck().get() as string
    return join(pg.root, 'data', rel)
  }
  const before = tableFile()
  expect(readFileSync(before).includes(Buffer.from(secret))).toBe(true)

  const file = join(dir, 'exported')
  const r = exportServerSecret(app.db, file)
  expect(r).toMatchObject({ fingerprint: secretFingerprint(secret), walEmptied: false })
  expect(r.residue).toMatch(/write-ahead log/)
  expect(readFileSync(file, 'utf8')).toBe(`${secret}\n`)
  expect(app.db.prepare(`SELECT COUNT(*) FROM settings WHERE key = 'server-secret'`).pluck().get()).toBe(0)
  const after = tableFile()
  expect(after).not.toBe(before) // a new file for the table
  expect(existsSync(before) && readFileSync(before).includes(Buffer.from(secret))).toBe(false)
  expect(readFileSync(after).includes(Buffer.from(secret))).toBe(false)
  app.close()

  const again = open(file)
  try {
    expect(again.judge.keyFor('wb1', 'federal')).toBe(keys.federal)
    expect(checkServerSecret(again.db).ok).toBe(true)
  } finally {
    again.close()
  }
})
