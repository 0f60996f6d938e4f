// The server secret: in the database by default, or outside it (a file or the environment) and then
// never in the database; its fingerprint logged once per secret; moved out with exportServerSecretAhead;
// a swapped secret reported by checkServerSecret (what `pbem verify` prints).
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type App, openApp } from '../../src/cli/app.ts'
import { demoSecret } from '../../src/cli/demo.ts'
import { SERVER_STREAM } from '../../src/engine/events.ts'
import { playerKey } from '../../src/engine/keys.ts'
import { checkServerSecret, type SecretConfig, secretFingerprint } from '../../src/engine/secret.ts'
import { exportServerSecretAhead } from '../../src/engine/secretAhead.ts'
import { createFixtureDuel } from '../helpers/app.ts'
import { bothEngines } from '../pg/engines.ts'

const SECRET = 'a1'.repeat(32)
const OTHER = 'b2'.repeat(32)

const START = Date.UTC(2026, 2, 2, 12, 0, 0)

// Every case runs on both engines: judge.sqlite in the data folder, and a fresh PostgreSQL
// database per test that every reopen in the test comes back to.
const ENGINES = bothEngines()

describe.each(ENGINES)('on $name', (engine) => {
  const now = { t: START }
  let dir: string
  let apps: App[]
  let database: string | undefined
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pbem-secret-'))
    apps = []
    now.t = START
    database = engine.app()
  })
  afterEach(() => {
    for (const a of apps) a.close()
    rmSync(dir, { recursive: true, force: true })
  })

  function open(secret: SecretConfig = {}): App {
    const app = openApp({
      dataDir: join(dir, 'data'),
      ...(database ? { database } : {}),
      clock: () => new Date(now.t),
      newSecret: demoSecret('secret'),
      moderatorAddress: 'mod@example.test',
      mailDomain: 'judge.example.test',
      mail: { imap: null, smtp: null, listen: null, mailDomain: null, archiveAddress: null, archiveImap: null },
      secret,
    })
    apps.push(app)
    return app
  }
  const reopen = (app: App, secret: SecretConfig = {}) => {
    app.close()
    apps = apps.filter((a) => a !== app)
    return open(secret)
  }

  const stored = (app: App) =>
    app.db.prepare(`SELECT value FROM settings WHERE key = 'server-secret'`).pluck().get() as string | undefined
  const records = (app: App) =>
    app.store
      .read(SERVER_STREAM)
      .filter((e) => e.type === 'ServerSecretInUse')
      .map((e) => e.data)

  describe('the server secret', () => {
    it('fingerprint: the first 16 hex of SHA-256 over a fixed prefix and the secret', () => {
      expect(secretFingerprint(SECRET)).toBe(
        createHash('sha256').update(`acw-pbem server secret fingerprint|${SECRET}`).digest('hex').slice(0, 16),
      )
    })

    it('by default lives in the database; its fingerprint is logged once', () => {
      const app = open()
      createFixtureDuel(app)
      app.judge.keyFor('fd1', 'north')
      app.judge.keyFor('fd1', 'moderator')
      const secret = stored(app)!
      expect(secret).toMatch(/^[0-9a-f]{64}$/)
      expect(records(app)).toEqual([
        { fingerprint: secretFingerprint(secret), previousFingerprint: null, origin: 'database' },
      ])
      expect(JSON.stringify(app.store.read(SERVER_STREAM))).not.toContain(secret)
      expect(checkServerSecret(app.db)).toMatchObject({ ok: true, fingerprint: secretFingerprint(secret) })
    })

    it('from the environment: keys derive from it and nothing is written to settings', () => {
      const app = open({ value: SECRET.toUpperCase() })
      const { keys } = createFixtureDuel(app)
      expect(keys.north).toBe(playerKey(SECRET, 'fd1', 'north', 1))
      expect(app.judge.keyFor('fd1', 'moderator')).toBe(playerKey(SECRET, 'fd1', 'moderator', 1))
      expect(stored(app)).toBeUndefined()
      expect(records(app)).toEqual([
        { fingerprint: secretFingerprint(SECRET), previousFingerprint: null, origin: 'environment' },
      ])
    })

    it('from a file: read if it exists, else made once with mode 0600; nothing in settings', () => {
      const file = join(dir, 'secret')
      writeFileSync(file, `${SECRET}\n`)
      const app = open({ file })
      expect(createFixtureDuel(app).keys.north).toBe(playerKey(SECRET, 'fd1', 'north', 1))
      expect(stored(app)).toBeUndefined()

      const fresh = join(dir, 'fresh-secret')
      const other = reopen(app, { file: fresh })
      // A judge started afresh: on SQLite its data folder removed, on PostgreSQL a new database.
      rmSync(join(dir, 'data'), { recursive: true, force: true })
      database = engine.app()
      const clean = reopen(other, { file: fresh })
      expect(existsSync(fresh)).toBe(false)
      const key = createFixtureDuel(clean).keys.north!
      const made = readFileSync(fresh, 'utf8').trim()
      expect(made).toMatch(/^[0-9a-f]{64}$/)
      expect(statSync(fresh).mode & 0o777).toBe(0o600)
      expect(key).toBe(playerKey(made, 'fd1', 'north', 1))
      expect(stored(clean)).toBeUndefined()
      expect(records(clean)).toEqual([
        { fingerprint: secretFingerprint(made), previousFingerprint: null, origin: 'file' },
      ])
      expect(reopen(clean, { file: fresh }).judge.keyFor('fd1', 'north')).toBe(key)
    })

    it('a malformed secret is refused at start, named', () => {
      expect(() => open({ value: 'abc' })).toThrow(
        'PBEM_SERVER_SECRET is not a server secret: it must be 64 hex characters (32 bytes), and it is 3 character(s)',
      )
      expect(() => open({ value: 'g'.repeat(64) })).toThrow(/64 hex characters .* with some not hex/)
      const file = join(dir, 'bad')
      writeFileSync(file, 'not a secret\n')
      expect(() => open({ file })).toThrow(`PBEM_SERVER_SECRET_FILE ${file} is not a server secret`)
      expect(() => open({ file, fileSetting: 'serverSecretFile (PBEM_CONFIG)' })).toThrow(
        `serverSecretFile (PBEM_CONFIG) ${file} is not a server secret`,
      )
      expect(() => open({ file, value: SECRET })).toThrow(/both set/)
    })

    it('is never made anew where one was in use: a missing file or database secret stops the judge', () => {
      const app = open()
      createFixtureDuel(app)
      const file = join(dir, 'missing')
      const filed = reopen(app, { file })
      expect(() => filed.judge.keyFor('fd1', 'north')).toThrow(
        `PBEM_SERVER_SECRET_FILE ${file} does not exist, but the log records a server secret in use since 2026-03-02 12:00 UTC`,
      )
      expect(existsSync(file)).toBe(false)
      filed.db.prepare(`DELETE FROM settings WHERE key = 'server-secret'`).run()
      const bare = reopen(filed)
      expect(() => bare.judge.keyFor('fd1', 'north')).toThrow(
        /the database holds no server secret, but the log records one in use since .*: set PBEM_SERVER_SECRET_FILE/,
      )
      expect(stored(bare)).toBeUndefined()
    })

    it('a file is not made while the database still holds the secret', () => {
      const app = open()
      app.db.prepare(`INSERT INTO settings (key, value) VALUES ('server-secret', ?)`).run(SECRET)
      const file = join(dir, 'new-secret')
      const filed = reopen(app, { file })
      expect(() => createFixtureDuel(filed)).toThrow(`move it there with "pbem secret export --to ${file}"`)
      expect(existsSync(file)).toBe(false)
    })
  })

  describe('exporting the secret', () => {
    it('writes it to a new file (0600), deletes it from the database file, and the keys stay the same', async () => {
      const app = open()
      const { keys } = createFixtureDuel(app)
      const secret = stored(app)!
      const file = join(dir, 'exported')
      // PostgreSQL has no WAL of the judge's own to empty: the export says what keeps a copy there.
      expect(await exportServerSecretAhead(app.db, app.jobsDb, file)).toEqual(
        engine.name === 'sqlite'
          ? { fingerprint: secretFingerprint(secret), walEmptied: true }
          : {
              fingerprint: secretFingerprint(secret),
              walEmptied: false,
              residue: expect.stringMatching(/write-ahead log/),
            },
      )
      expect(readFileSync(file, 'utf8')).toBe(`${secret}\n`)
      expect(statSync(file).mode & 0o777).toBe(0o600)
      expect(stored(app)).toBeUndefined()
      app.close()
      apps = apps.filter((a) => a !== app)
      // The files exist on SQLite only; test/pg/secret.test.ts reads PostgreSQL's table file on disk.
      for (const f of ['judge.sqlite', 'judge.sqlite-wal'].map((n) => join(dir, 'data', n)).filter(existsSync))
        expect(readFileSync(f).includes(Buffer.from(secret))).toBe(false)
      const after = open({ file })
      expect(after.judge.keyFor('fd1', 'north')).toBe(keys.north)
      expect(checkServerSecret(after.db).ok).toBe(true)
      expect(records(after)).toHaveLength(1)
    })

    it('never overwrites a file, and keeps the secret in the database when it cannot write', async () => {
      const app = open()
      createFixtureDuel(app)
      const file = join(dir, 'taken')
      writeFileSync(file, 'keep me')
      await expect(exportServerSecretAhead(app.db, app.jobsDb, file)).rejects.toThrow(`${file} already exists`)
      expect(readFileSync(file, 'utf8')).toBe('keep me')
      expect(stored(app)).toMatch(/^[0-9a-f]{64}$/)
    })
  })

  describe('a swapped secret', () => {
    it('fails the check, naming both fingerprints and the date, until the original is back', () => {
      const app = open()
      createFixtureDuel(app)
      const original = stored(app)!
      now.t += 3600_000
      app.db.prepare(`UPDATE settings SET value = ? WHERE key = 'server-secret'`).run(OTHER)
      const message = `the server secret in use (fingerprint ${secretFingerprint(OTHER)}) is not the one recorded on 2026-03-02 12:00 UTC (fingerprint ${secretFingerprint(original)}): every player key has changed`
      expect(checkServerSecret(app.db)).toMatchObject({ ok: false, text: message })
      // Using it records it, with the one before; the check still compares with the first.
      app.judge.keyFor('fd1', 'north')
      expect(records(app).at(-1)).toEqual({
        fingerprint: secretFingerprint(OTHER),
        previousFingerprint: secretFingerprint(original),
        origin: 'database',
      })
      expect(checkServerSecret(app.db)).toMatchObject({
        ok: false,
        text: `${message} (the judge has used it since 2026-03-02 13:00 UTC)`,
      })
      app.db.prepare(`UPDATE settings SET value = ? WHERE key = 'server-secret'`).run(original)
      expect(checkServerSecret(app.db).ok).toBe(true)
      const fromEnvironment = reopen(app, { value: OTHER })
      expect(checkServerSecret(fromEnvironment.db)).toMatchObject({ ok: false, text: expect.stringContaining(message) })
    })
  })
})
