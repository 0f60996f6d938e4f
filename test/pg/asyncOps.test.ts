// The operator's commands on the judge's async handle: `verify --all`, `outbox prune`, `secret`
// and `db copy`. On PostgreSQL none of them sends a statement on the synchronous driver (the
// worker-thread client, which blocks the event loop on each round trip), and each prints and does
// what the synchronous way did.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Command } from 'commander'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { openApp } from '../../src/cli/app.ts'
import * as Deps from '../../src/cli/deps.ts'
import { registerDbCommands } from '../../src/cli/db.ts'
import { registerSecretCommands } from '../../src/cli/secret.ts'
import { verifyCommand } from '../../src/cli/verifyCommand.ts'
import { locate, verifyGame } from '../../src/engine/audit.ts'
import { checkClock } from '../../src/engine/clockCheck.ts'
import type { Judge } from '../../src/engine/judge.ts'
import { checkServerSecret, secretFingerprint } from '../../src/engine/secret.ts'
import { gameClockRebuildSteps } from '../../src/log/repos/gameClockCheck.ts'
import { verifyStream } from '../../src/log/verify.ts'
import { enqueueMail, type OutboundMail } from '../../src/mail/outbound.ts'
import { pruneSentMailAsync } from '../../src/mail/retention.ts'
import { playedAndOpenDuels, testApp, type TestApp } from '../helpers/app.ts'
import { clockProblems } from '../helpers/clock.ts'
import { bothEngines } from './engines.ts'
import { synchronousCalls, synchronously } from './syncCalls.ts'

const [engine] = bothEngines()

describe("the operator's commands on the async handle", () => {
  let app: TestApp
  beforeEach(() => {
    app = testApp('async-ops', { database: engine!.app()! })
    playedAndOpenDuels(app, 'op1', 'op2')
  })
  afterEach(() => app.cleanup())

  /** `run` with the synchronous statements it sent, in a process that keeps no fold. */
  async function counted<T>(run: () => Promise<T>): Promise<{ result: T; calls: string[] }> {
    app.judge.folds.clear()
    const sync = synchronousCalls(engine!.name)
    let calls: string[] = []
    try {
      return { result: await run(), calls: (calls = sync.stop()) }
    } finally {
      if (!calls.length) sync.stop()
    }
  }

  /** What `pbem <args>` prints (its commands registered by `register`) and its exit code, with the synchronous statements it sent. */
  async function pbem(
    register: (program: Command, withApp: (fn: (a: TestApp) => unknown) => Promise<void>) => void,
    ...args: string[]
  ) {
    const program = new Command().exitOverride()
    register(program, async (fn) => {
      await fn(app)
    })
    const lines: string[] = []
    const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void lines.push(a.join(' ')))
    const code = process.exitCode
    try {
      const { calls } = await counted(() => program.parseAsync(['node', 'pbem', ...args]))
      return { lines, calls, exit: process.exitCode }
    } finally {
      log.mockRestore()
      process.exitCode = code
    }
  }

  /** What `pbem verify` prints and whether it fails, with the synchronous statements it sent. */
  async function verify(target: { game?: string; all?: boolean }) {
    const lines: string[] = []
    const { result, calls } = await counted(() =>
      verifyCommand(
        app,
        target,
        app.dirs.data,
        () => Deps,
        (l) => lines.push(l),
      ),
    )
    return { lines, failed: result, calls }
  }

  /** `pbem verify --all` the synchronous way (each game, the secret, the other chains, the clock rows), as it printed. */
  function verifyAllSynchronously(judge: Judge): { lines: string[]; failed: boolean } {
    const lines: string[] = []
    let bad = 0
    for (const id of judge.games()) {
      const v = verifyGame(app.db, judge, id)
      if (v.ok) lines.push(`${id}: OK (${v.events} events, chain intact, every result re-folds)`)
      else {
        bad++
        lines.push(`${id}: FAILED`, ...v.problems.map((p) => `  ${p}`))
      }
    }
    const secret = checkServerSecret(app.db)
    if (!secret.ok) bad++
    lines.push(secret.ok ? `server secret: OK (${secret.text})` : `server secret: FAILED: ${secret.text}`)
    const names = app.db
      .prepare('SELECT stream FROM events UNION SELECT stream FROM streams ORDER BY stream')
      .pluck()
      .all() as string[]
    for (const stream of names.filter((x) => !x.startsWith('game:'))) {
      const f = verifyStream(app.db, stream)
      if (f.ok) continue
      bad++
      lines.push(`${stream}: FAILED at ${locate(app.db, stream, f.position, f.version)}: ${f.reason}`)
    }
    const clock = checkClock(judge)
    for (const m of clock.mismatched) {
      bad++
      lines.push(
        `clock of ${m.game}: FAILED: the table said ${JSON.stringify(m.row)}, the log says ${JSON.stringify(m.log)}`,
      )
    }
    lines.push(
      `clock read model: ${clock.mismatched.length ? 'REBUILT' : 'OK'} (${clock.games} game(s)${clock.missing.length ? `; ${clock.missing.length} row(s) written that were missing or behind their stream` : ''})`,
    )
    return { lines, failed: bad > 0 }
  }

  describe('pbem verify', () => {
    it('--all: every game, the server secret, the other chains and the clock rows read on the async handle, the lines of the synchronous way', async () => {
      const expected = synchronously(app.judge, engine!.name, verifyAllSynchronously)
      const r = await verify({ all: true })
      expect(r.calls).toEqual([])
      expect(r.lines).toEqual(expected.lines)
      expect(r.failed).toBe(false)
      expect(r.lines[0]).toMatch(/^op1: OK \(\d+ events/)
      expect(r.lines.at(-1)).toBe('clock read model: OK (2 game(s))')
    })

    it('--all with a forged clock row and a missing one: found as the synchronous way finds them, written again in one batch', async () => {
      app.db.prepare(`UPDATE game_clock SET next_at = 1, next_what = 'forged' WHERE stream = 'game:op1'`).run()
      app.db.prepare(`DELETE FROM game_clock WHERE stream = 'game:op2'`).run()
      app.db.prepare(`INSERT INTO game_clock (stream, version, status) VALUES ('game:gone', 3, 'active')`).run()
      const expected = synchronously(app.judge, engine!.name, verifyAllSynchronously)
      expect(expected.lines.at(-1)).toBe(
        'clock read model: REBUILT (2 game(s); 1 row(s) written that were missing or behind their stream)',
      )
      expect(clockProblems(app.judge)).toHaveLength(2)
      const r = await verify({ all: true })
      expect(r.calls).toEqual([])
      expect(r.lines).toEqual(expected.lines)
      expect(r.failed).toBe(true)
      expect(r.lines.join('\n')).toMatch(/clock of op1: FAILED: the table said .*forged/)
      // Written again from the log: every row agrees, the row of no game is gone.
      expect(clockProblems(app.judge)).toEqual([])
      expect(app.judge.clock.all().map((c) => c.game)).toEqual(['op1', 'op2'])
      const again = await verify({ all: true })
      expect(again.failed).toBe(false)
      expect(again.lines.at(-1)).toBe('clock read model: OK (2 game(s))')
    })

    it('--all with an edited event: the game FAILED with the rows named as the synchronous way names them', async () => {
      const { position } = app.db
        .prepare(`SELECT position FROM events WHERE stream = 'game:op2' AND version = 2`)
        .get() as { position: number }
      app.db.prepare(`UPDATE events SET recorded_at = '2000-01-01T00:00:00.000Z' WHERE position = ?`).run(position)
      const expected = synchronously(app.judge, engine!.name, verifyAllSynchronously)
      const r = await verify({ all: true })
      expect(r.lines).toEqual(expected.lines)
      expect(r.failed).toBe(true)
      expect(r.lines).toContain('op2: FAILED')
      expect(r.lines.join('\n')).toContain(`hash chain broken at position ${position}`)
      expect(r.calls).toEqual([])
    })

    it('the clock rows written again replace no row a writer moved past the version read, and drop no row of a game that moved', async () => {
      const now = app.judge.clock.all()
      const op1 = now.find((c) => c.game === 'op1')!
      const op2 = now.find((c) => c.game === 'op2')!
      await app.jobsDb.batch(
        gameClockRebuildSteps(
          app.jobsDb.engine,
          [{ ...op1, version: op1.version - 1, what: 'read before a later append' }],
          [{ game: 'op2', version: op2.version - 1 }],
        ),
      )
      expect(app.judge.clock.all()).toEqual(now)
      await app.jobsDb.batch(gameClockRebuildSteps(app.jobsDb.engine, [], [{ game: 'op2', version: op2.version }]))
      expect(app.judge.clock.all().map((c) => c.game)).toEqual(['op1'])
    })

    it('<game>: the game and the server secret read on the async handle, the lines of the synchronous way', async () => {
      const all = synchronously(app.judge, engine!.name, verifyAllSynchronously)
      const r = await verify({ game: 'op2' })
      expect(r.calls).toEqual([])
      expect(r.lines).toEqual(all.lines.filter((l) => l.startsWith('op2:') || l.startsWith('server secret:')))
      expect(r.failed).toBe(false)
    })
  })

  describe('pbem outbox prune', () => {
    const T0 = new Date('2026-03-01T06:00:00.000Z')
    const LATER = new Date(T0.getTime() + 86_400_000)
    /** A report long enough to be kept as parts, its map's coastline and key shared by every reader's. */
    const COAST = `<path d="M0,0${'L12.5,7.25L3,9.75'.repeat(400)}Z"/>\n`
    const KEY = `<p>${Array.from({ length: 300 }, (_, i) => `<b>C${i}</b> sea area ${i};`).join(' ')}</p>\n`
    const report = (to: string, id = to): OutboundMail => ({
      messageId: `report.op1.${id}@judge.example.test`,
      from: 'PBEM judge <orders@judge.example.test>',
      to: `${to}@example.test`,
      subject: 'Results',
      text: `Report for ${to}\n${'You see nothing.\n'.repeat(200)}`,
      html: `<h1>Report for ${to}</h1>\n${KEY}<p>${'nothing '.repeat(200)}</p>\n`,
      attachments: [
        {
          filename: 'map.png',
          contentType: 'image/png',
          cid: 'map@acw-pbem',
          svg: `<svg xmlns="http://www.w3.org/2000/svg">\n${COAST}<text>${to}</text>\n</svg>\n`,
        },
      ],
    })
    /** The federal's report sent on T0, the confederate's queued. */
    beforeEach(() => {
      enqueueMail(app.db, report('federal'), { game: 'op1', kind: 'report' }, T0)
      enqueueMail(app.db, report('confederate'), { game: 'op1', kind: 'report' }, T0)
      app.db.prepare(`UPDATE outbox SET sent_at = ? WHERE message_id LIKE 'report.op1.federal%'`).run(T0.toISOString())
    })
    const tables = () => ({
      outbox: app.db.prepare('SELECT id, payload, sent_at FROM outbox ORDER BY id').all(),
      parts: app.db.prepare('SELECT hash FROM mail_parts ORDER BY hash').pluck().all(),
    })

    const parsed = (payload: unknown) => (typeof payload === 'string' ? JSON.parse(payload) : payload) as OutboundMail

    it("the sweep read on the async handle and written in one batch: the federal's sent mail stubbed, the parts only it named gone", async () => {
      const start = tables()
      const r = await counted(() => pruneSentMailAsync(app.jobsDb, LATER))
      expect(r.calls).toEqual([])
      expect(r.result).toEqual({ mails: 1, parts: 3 })
      type Row = { id: number; payload: string; sent_at: string | null }
      const rows = start.outbox as Row[]
      const federal = rows.find((row) => parsed(row.payload).messageId.startsWith('report.op1.federal'))!
      const { messageId, from, to, subject } = parsed(federal.payload)
      const left = tables()
      const stubbed = JSON.stringify({ messageId, from, to, subject, pruned: true })
      expect(left.outbox).toEqual(rows.map((row) => (row === federal ? { ...row, payload: stubbed } : row)))
      // The coastline and the key stay: the confederate's queued mail names them, with its own.
      const kept = rows.filter((row) => row !== federal).map((row) => JSON.stringify(parsed(row.payload)))
      const named = new Set(kept.flatMap((payload) => payload.match(/[0-9a-f]{64}/g) ?? []))
      expect(left.parts).toEqual(start.parts.filter((h) => named.has(h as string)))
      expect(left.parts).toHaveLength(start.parts.length - 3)
      // Again: nothing left to prune.
      expect((await counted(() => pruneSentMailAsync(app.jobsDb, LATER))).result).toEqual({ mails: 0, parts: 0 })
    })

    it('a mail queued while the sweep is written keeps the parts it names: the deletes skip, the sweep is read again', async () => {
      const parts = tables().parts.length
      let queued = false
      const racing = Object.create(app.jobsDb, {
        batch: {
          value: (steps: never) => {
            if (!queued) enqueueMail(app.db, report('federal', 'federal-again'), { game: 'op1', kind: 'report' }, LATER)
            queued = true
            return app.jobsDb.batch(steps)
          },
        },
      })
      expect(await pruneSentMailAsync(racing, LATER)).toEqual({ mails: 1, parts: 0 })
      expect(tables().parts).toHaveLength(parts)
      expect((await pruneSentMailAsync(app.jobsDb, LATER)).mails).toBe(0)
    })
  })

  describe('pbem secret', () => {
    const secretCommands = (program: Command, withApp: (fn: (a: TestApp) => unknown) => Promise<void>) =>
      registerSecretCommands(program, withApp as never, () => Deps)
    let dir: string
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'pbem-async-secret-'))
    })
    afterEach(() => rmSync(dir, { recursive: true, force: true }))
    const stored = () =>
      app.db.prepare(`SELECT value FROM settings WHERE key = 'server-secret'`).pluck().get() as string | undefined

    it('status: the server stream and the stored secret read on the async handle, the line of the synchronous way', async () => {
      const expected = synchronously(app.judge, engine!.name, () => checkServerSecret(app.db))
      expect(expected.ok).toBe(true)
      const r = await pbem(secretCommands, 'secret', 'status')
      expect(r.calls).toEqual([])
      expect(r.lines).toEqual([`OK: ${expected.text}`])
      expect(r.exit).toBeUndefined()
    })

    it('export: the secret read, written to the file and erased on the async handle, as the synchronous way moves it; the keys stay', async () => {
      const secret = stored()!
      const key = app.judge.keyFor('op1', 'north')
      const tableFile = () => app.db.prepare(`SELECT pg_relation_filepath('settings')`).pluck().get()
      const before = tableFile()
      const file = join(dir, 'exported')
      const r = await pbem(secretCommands, 'secret', 'export', '--to', file)
      expect(r.calls).toEqual([])
      expect(r.lines[0]).toBe(
        `The server secret (fingerprint ${secretFingerprint(secret)}) is now in ${file} (mode 0600) and no longer in the database.`,
      )
      expect(r.lines[1]).toMatch(/^PostgreSQL: the settings table was rewritten .*write-ahead log/)
      expect(r.lines[2]).toBe(
        `From now on set PBEM_SERVER_SECRET_FILE=${file} for every pbem command and for pbem serve. Without it the judge stops with an error rather than make a new secret, which would change every player key.`,
      )
      expect(readFileSync(file, 'utf8')).toBe(`${secret}\n`)
      expect(statSync(file).mode & 0o777).toBe(0o600)
      expect(stored()).toBeUndefined()
      expect(tableFile()).not.toBe(before) // the table rewritten into a new file
      // The other settings are written back; a judge given the file has the same keys.
      const again = openApp({ dataDir: app.dirs.data, database: app.dirs.db, mail: {} as never, secret: { file } })
      try {
        expect(again.judge.keyFor('op1', 'north')).toBe(key)
        expect(checkServerSecret(again.db)).toMatchObject({ ok: true, fingerprint: secretFingerprint(secret) })
      } finally {
        again.close()
      }
    })
  })

  describe('pbem db copy', () => {
    let dir: string
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'pbem-async-copy-'))
    })
    afterEach(() => rmSync(dir, { recursive: true, force: true }))
    const dbCommands = (program: Command) => registerDbCommands(program)
    const rows = (table: string) => app.db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get()

    it('PostgreSQL to SQLite and back: read and written on async handles only, every table and chain checked', async () => {
      const file = join(dir, 'judge.sqlite')
      const out = await pbem(dbCommands, 'db', 'copy', '--from', app.dirs.db, '--to', file)
      expect(out.calls).toEqual([])
      expect(out.exit).toBeUndefined()
      const tables = out.lines.filter((l) => / row\(s\) {2}/.test(l))
      expect(tables.length).toBeGreaterThan(5)
      for (const l of tables) expect(l).toMatch(/ OK$/)
      expect(out.lines).toContainEqual(expect.stringMatching(/^ {2}events +\d+ row\(s\) {2}OK$/))
      expect(out.lines).toContainEqual(
        `event chains on the target: OK (${rows('streams')} stream(s), ${rows('events')} event(s))`,
      )

      const back = await pbem(dbCommands, 'db', 'copy', '--from', file, '--to', engine!.target())
      expect(back.calls).toEqual([])
      expect(back.exit).toBeUndefined()
      expect(back.lines.filter((l) => / row\(s\) {2}/.test(l))).toEqual(tables)
      expect(back.lines.at(-1)).toBe(out.lines.at(-1))
    })
  })
})
