// `pbem verify` reports a swapped server secret and exits 1; `pbem secret export` moves the secret
// out of the database, after which the judge runs on PBEM_SERVER_SECRET_FILE (or serverSecretFile
// in PBEM_CONFIG) with the same keys, and stops rather than make a new secret without it.
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { secretFingerprint } from '../../src/engine/secret.ts'
import { cliSandbox } from '../helpers/cli.ts'

// The judge's data in a folder of its own, so that the secret file is written outside it.
const { dir, run } = cliSandbox('pbem-secret-cli-')
const data = join(dir, 'data')

const pbem = (env: Record<string, string>, ...args: string[]) =>
  run({ data, env: { PBEM_SERVER_SECRET: '', PBEM_SERVER_SECRET_FILE: '', ...env } }, ...args)

function sql<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(join(data, 'judge.sqlite'))
  try {
    return fn(db)
  } finally {
    db.close()
  }
}
const dbSecret = () =>
  sql((db) => db.prepare(`SELECT value FROM settings WHERE key = 'server-secret'`).pluck().get() as string | undefined)
const setDbSecret = (value: string) =>
  sql((db) => db.prepare(`UPDATE settings SET value = ? WHERE key = 'server-secret'`).run(value))

describe('pbem verify and the server secret', () => {
  let original = ''
  let federalKey = ''

  it('passes while the secret is the recorded one, fails with both fingerprints once it is swapped', () => {
    const created = pbem(
      {},
      'game',
      'create',
      'g1',
      '--ruleset',
      'sea-devils',
      '--scenario',
      'weak-beginning',
      '--player',
      'federal=fed@example.test',
      '--player',
      'confederate=reb@example.test',
    )
    expect(created.status, created.stderr).toBe(0)
    federalKey = /federal: key ([0-9a-f]+)/.exec(created.stdout)![1]!
    original = dbSecret()!
    const clean = pbem({}, 'game', 'verify', '--all')
    expect(clean.status, clean.stdout + clean.stderr).toBe(0)
    expect(clean.stdout).toContain(`server secret: OK (kept in the database, the one recorded on `)

    const swapped = 'c3'.repeat(32)
    setDbSecret(swapped)
    for (const args of [
      ['game', 'verify', 'g1'],
      ['game', 'verify', '--all'],
    ]) {
      const v = pbem({}, ...args)
      expect(v.status).toBe(1)
      expect(v.stdout).toMatch(
        new RegExp(
          `server secret: FAILED: the server secret in use \\(fingerprint ${secretFingerprint(swapped)}\\) is not the one recorded on \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC \\(fingerprint ${secretFingerprint(original)}\\): every player key has changed`,
        ),
      )
    }
    setDbSecret(original)
    expect(pbem({}, 'game', 'verify', 'g1').status).toBe(0)
    const fromEnvironment = pbem({ PBEM_SERVER_SECRET: swapped }, 'game', 'verify', 'g1')
    expect(fromEnvironment.status).toBe(1)
    expect(fromEnvironment.stdout).toContain(`fingerprint ${secretFingerprint(swapped)}`)
  })

  it('secret export refuses an existing file, then moves the secret out; the keys stay', () => {
    const taken = join(dir, 'taken')
    writeFileSync(taken, 'keep me')
    const refused = pbem({}, 'secret', 'export', '--to', taken)
    expect(refused.status).toBe(1)
    expect(refused.stderr).toContain(`${taken} already exists`)
    expect(readFileSync(taken, 'utf8')).toBe('keep me')
    expect(dbSecret()).toBe(original)

    const file = join(dir, 'server-secret')
    const moved = pbem({}, 'secret', 'export', '--to', file)
    expect(moved.status, moved.stderr).toBe(0)
    expect(moved.stdout).toContain(`now in ${file} (mode 0600) and no longer in the database`)
    expect(moved.stdout).toContain(`set PBEM_SERVER_SECRET_FILE=${file}`)
    expect(readFileSync(file, 'utf8').trim()).toBe(original)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(dbSecret()).toBeUndefined()

    const key = pbem({ PBEM_SERVER_SECRET_FILE: file }, 'player', 'key', 'g1', 'federal')
    expect(key.status, key.stderr).toBe(0)
    expect(key.stdout.startsWith(federalKey)).toBe(true)
    expect(pbem({ PBEM_SERVER_SECRET_FILE: file }, 'game', 'verify', '--all').status).toBe(0)
    const config = join(dir, 'pbem.json')
    writeFileSync(config, JSON.stringify({ serverSecretFile: 'server-secret' }))
    const viaConfig = pbem({ PBEM_CONFIG: config }, 'player', 'key', 'g1', 'federal')
    expect(viaConfig.stdout.startsWith(federalKey), viaConfig.stderr).toBe(true)

    const forgot = pbem({}, 'player', 'key', 'g1', 'federal')
    expect(forgot.status).toBe(1)
    expect(forgot.stderr).toMatch(/the database holds no server secret, but the log records one in use since/)
    expect(dbSecret()).toBeUndefined()
    const missing = pbem({}, 'game', 'verify', 'g1')
    expect(missing.status).toBe(1)
    expect(missing.stdout).toContain('server secret: FAILED: the server secret is missing from the database')
  })

  it('a malformed secret, or two of them, stops every command at start, named', () => {
    const r = pbem({ PBEM_SERVER_SECRET: 'abc' }, 'game', 'list')
    expect(r.status).toBe(1)
    expect(r.stderr).toContain('PBEM_SERVER_SECRET is not a server secret: it must be 64 hex characters')
    const both = pbem(
      { PBEM_SERVER_SECRET: 'd4'.repeat(32), PBEM_SERVER_SECRET_FILE: join(dir, 'server-secret') },
      'game',
      'list',
    )
    expect(both.status).toBe(1)
    expect(both.stderr).toContain('PBEM_SERVER_SECRET and PBEM_SERVER_SECRET_FILE are both set')
  })
})
