// Acceptance: `pbem verify` passes on the demo game and, after any single row of the events table
// is edited or deleted, exits non-zero naming where; `pbem dice verify` reproduces every roll.
import { execFileSync, spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { beforeAll, describe, expect, it } from 'vitest'
import { runDemo } from '../../src/cli/demo.ts'
import { cliSandbox, ROOT } from '../helpers/cli.ts'

const box = cliSandbox('pbem-verify-')
const dir = box.dir
let demoDb: string
/** `pbem` on a copy of the demo's database in `data`. */
const pbem = (data: string, ...args: string[]) => box.run({ data }, ...args)

beforeAll(async () => {
  demoDb = join((await runDemo({ dir: join(dir, 'demo') })).dataDir, 'judge.sqlite')
})

function tampered(name: string, sql: (db: Database.Database) => void): string {
  const data = join(dir, name)
  mkdirSync(data, { recursive: true })
  // Fold the WAL into the main file first so the copy holds every row.
  new Database(demoDb).pragma('wal_checkpoint(TRUNCATE)')
  copyFileSync(demoDb, join(data, 'judge.sqlite'))
  const db = new Database(join(data, 'judge.sqlite'))
  sql(db)
  db.close()
  return data
}

describe('pbem verify and pbem dice verify on the demo game', () => {
  it('exit 0 on the untouched log', () => {
    const data = tampered('clean', () => {})
    const v = pbem(data, 'game', 'verify', 'wb-demo')
    expect(v.status, v.stdout + v.stderr).toBe(0)
    expect(v.stdout).toMatch(/wb-demo: OK \(42 events/)
    const d = pbem(data, 'dice', 'verify', 'wb-demo')
    expect(d.status).toBe(0)
    expect(d.stdout).toMatch(/\d+ roll\(s\) reproduced from the revealed secrets/)
  })

  it('verify --all holds the clock read model to the log and writes it again', () => {
    const data = tampered('clock', (db) => {
      db.prepare(`UPDATE game_clock SET next_at = 1, next_what = 'forged' WHERE stream = 'game:wb-demo'`).run()
    })
    const bad = pbem(data, 'game', 'verify', '--all')
    expect(bad.status, bad.stdout + bad.stderr).toBe(1)
    expect(bad.stdout).toMatch(/clock of wb-demo: FAILED: the table said .*forged/)
    expect(bad.stdout).toMatch(/clock read model: REBUILT \(1 game/)
    const again = pbem(data, 'game', 'verify', '--all')
    expect(again.status, again.stdout + again.stderr).toBe(0)
    expect(again.stdout).toMatch(/clock read model: OK \(1 game\(s\)\)/)
  })

  const game = (db: Database.Database) =>
    db.prepare(`SELECT position, version FROM events WHERE stream = 'game:wb-demo' ORDER BY version`).all() as {
      position: number
      version: number
    }[]

  for (const pick of ['first', 'middle', 'last'] as const) {
    it(`names the position when the ${pick} row is edited`, () => {
      let target = 0
      const data = tampered(`edit-${pick}`, (db) => {
        const rows = game(db)
        const row = pick === 'first' ? rows[0]! : pick === 'last' ? rows.at(-1)! : rows[Math.floor(rows.length / 2)]!
        target = row.position
        db.prepare(`UPDATE events SET recorded_at = '2020-01-01T00:00:00.000Z' WHERE position = ?`).run(row.position)
      })
      const v = pbem(data, 'game', 'verify', 'wb-demo')
      expect(v.status).toBe(1)
      expect(v.stdout).toContain(`position ${target} `)
    })

    it(`names where the ${pick} row was deleted`, () => {
      let version = 0
      const data = tampered(`delete-${pick}`, (db) => {
        const rows = game(db)
        const row = pick === 'first' ? rows[0]! : pick === 'last' ? rows.at(-1)! : rows[Math.floor(rows.length / 2)]!
        version = row.version
        db.prepare(`DELETE FROM events WHERE position = ?`).run(row.position)
      })
      const v = pbem(data, 'game', 'verify', 'wb-demo')
      expect(v.status).toBe(1)
      expect(v.stdout).toMatch(new RegExp(`version ${version}\\b`))
      expect(v.stdout).toMatch(/position/)
    })
  }

  // The game names its pack by hash; verify hashes the stored content again.
  it('fails when the stored data pack the game names was changed', () => {
    const data = tampered('pack-changed', (db) => {
      const row = db.prepare('SELECT hash, content FROM packs').get() as { hash: string; content: string }
      const content = JSON.parse(row.content)
      content.id = `${content.id}-edited`
      db.prepare('UPDATE packs SET content = ? WHERE hash = ?').run(JSON.stringify(content), row.hash)
    })
    const v = pbem(data, 'game', 'verify', 'wb-demo')
    expect(v.status).toBe(1)
    expect(v.stdout).toMatch(/data pack now hashes to/)
  })

  it('fails when the stored data pack the game names is missing', () => {
    const data = tampered('pack-missing', (db) => db.prepare('DELETE FROM packs').run())
    const v = pbem(data, 'game', 'verify', 'wb-demo')
    expect(v.status).toBe(1)
    expect(v.stdout).toMatch(/missing from the packs table/)
  })

  it('the Python verifier agrees', () => {
    expect(
      execFileSync('python3', ['tools/verify_dice.py', demoDb, 'wb-demo'], { cwd: ROOT, encoding: 'utf8' }),
    ).toMatch(/0 mismatches/)
  })
})

describe('pbem verify and tools/verify_dice.py on what is not there', () => {
  it('an unknown game is named as such and exits non-zero, not reported as a broken log', () => {
    const data = tampered('unknown-game', () => {})
    const v = pbem(data, 'game', 'verify', 'no-such-game')
    expect(v.status).toBe(1)
    expect(v.stderr).toContain('no game "no-such-game" in')
    expect(v.stderr).toContain('games here: wb-demo')
    expect(v.stdout).not.toMatch(/FAILED|re-folds/)
    const dice = pbem(data, 'dice', 'verify', 'no-such-game')
    expect(dice.status).toBe(1)
    expect(dice.stderr).toContain('no game "no-such-game"')
  })

  it('a missing database is named as such and exits non-zero (nothing is created)', () => {
    const data = join(dir, 'nothing-here')
    const v = pbem(data, 'game', 'verify', '--all')
    expect(v.status).toBe(1)
    expect(v.stderr).toMatch(/no judge database in .*nothing-here \(judge\.sqlite is missing\)/)
  })

  it('the Python verifier says so too, with exit status 2, and never reports a pass', () => {
    const unknown = spawnSync('python3', ['tools/verify_dice.py', demoDb, 'no-such-game'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
    expect(unknown.status).toBe(2)
    expect(unknown.stdout).toContain("no game 'no-such-game'")
    expect(unknown.stdout).not.toMatch(/mismatches/)
    const missing = spawnSync('python3', ['tools/verify_dice.py', join(dir, 'absent.sqlite'), 'wb-demo'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
    expect(missing.status).toBe(2)
    expect(missing.stdout).toContain('no judge database at')
  })
})
