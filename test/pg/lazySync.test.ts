// A PostgreSQL judge opened with openAppAsync has no synchronous driver: its migrations are checked
// and applied on the async pool, and its synchronous handle is retired (openJudgeDatabases): it
// starts no worker thread and opens no connection, and a statement sent on it throws an error naming
// where it came from. Its ordinary work (a tick resolving a due game, a mail filed through the
// intake, a read-only command, a game page, `pbem serve`) is all on the async handle.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Command } from 'commander'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type App, openAppAsync, readInbox } from '../../src/cli/app.ts'
import * as Deps from '../../src/cli/deps.ts'
import { demoSecret } from '../../src/cli/demo.ts'
import { registerGameCommands, statusLines } from '../../src/cli/gameCommands.ts'
import { tickCommand } from '../../src/cli/tickCommand.ts'
import { onReadingJudge, pagesAhead } from '../../src/engine/readingJudge.ts'
import { openJudgeDatabases } from '../../src/log/engines.ts'
import { type PgDatabase, WRITE_LOCK_KEY } from '../../src/log/pg/database.ts'
import { appliedPgMigrations, pgMigrations } from '../../src/log/pg/open.ts'
import { syncWorkersStarted } from '../../src/log/pg/syncClient.ts'
import { RateLimit } from '../../src/web/rateLimit.ts'
import { startWebServer } from '../../src/web/server.ts'
import { waitFor } from '../e2e/mailstack.ts'
import { createFixtureDuel, type TestApp, testApp } from '../helpers/app.ts'
import { HOUR, START } from '../schedule/helpers.ts'
import { bothEngines } from './engines.ts'
import { synchronousCalls } from './syncCalls.ts'

const [engine] = bothEngines()

const toClose: (() => unknown)[] = []
afterEach(async () => {
  for (const close of toClose.splice(0).reverse()) await close()
})

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pbem-lazy-'))
  toClose.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** `work`'s worker threads started and synchronous statements sent, on a judge opened async. */
async function watched<T>(work: () => Promise<T>): Promise<{ value: T; workers: number; calls: string[] }> {
  const before = syncWorkersStarted()
  const sync = synchronousCalls('postgres')
  let calls: string[] = []
  let value: T
  try {
    value = await work()
  } finally {
    calls = sync.stop()
  }
  return { value, workers: syncWorkersStarted() - before, calls }
}

const started = (app: App) => (app.db as PgDatabase).started

describe('opening the judge on PostgreSQL', () => {
  it('pending migrations applied on the async pool: no worker thread, no synchronous statement, the rows the synchronous way records', async () => {
    const url = engine!.target()
    const {
      value: app,
      workers,
      calls,
    } = await watched(() => openAppAsync({ dataDir: dataDir(), database: url, mail: {} as never }))
    toClose.push(() => app.close())
    expect([workers, calls, started(app)]).toEqual([0, [], false])
    const rows = await app.jobsDb.all<{ id: number; name: string }>(
      'SELECT id, name FROM schema_migrations ORDER BY id',
    )
    expect(rows).toEqual(pgMigrations().map((m) => ({ id: m.id, name: m.name })))
    const other = engine!.open() as PgDatabase
    expect(appliedPgMigrations(other).map((m) => ({ id: m.id, name: m.name }))).toEqual(rows)
    expect(app.engine).toBe('postgres')
    expect(app.dirs.db).toBe(url)
  })

  it('nothing to apply: no exclusive lock, so a writer holding the shared lock does not hold the opening up', async () => {
    const url = engine!.target()
    const first = await openAppAsync({ dataDir: dataDir(), database: url, mail: {} as never })
    toClose.push(() => first.close())
    let release!: () => void
    const held = new Promise<void>((r) => {
      release = r
    })
    let locked!: () => void
    const taken = new Promise<void>((r) => {
      locked = r
    })
    const writer = first.jobsDb.transaction(async (tx) => {
      await tx.get(`SELECT pg_advisory_xact_lock_shared(${WRITE_LOCK_KEY}) AS l`)
      locked()
      await held
    })
    await taken
    try {
      const again = await Promise.race([
        openAppAsync({ dataDir: dataDir(), database: url, mail: {} as never }),
        new Promise<null>((r) => setTimeout(() => r(null), 4000)),
      ])
      expect(again).not.toBeNull()
      toClose.push(() => again!.close())
      expect(started(again!)).toBe(false)
    } finally {
      release()
      await writer
    }
  })

  it('a migration without its PostgreSQL variant is refused, before anything connects', async () => {
    const dir = dataDir()
    mkdirSync(join(dir, 'pg'))
    writeFileSync(join(dir, '001_first.sql'), 'CREATE TABLE a (x INTEGER);')
    const before = syncWorkersStarted()
    await expect(openJudgeDatabases(engine!.target(), { migrationsDir: dir })).rejects.toThrow(
      /migration 001_first\.sql has no PostgreSQL variant/,
    )
    expect(syncWorkersStarted()).toBe(before)
  })
})

describe("the judge's ordinary work on a judge opened async", () => {
  /** Games made on a judge of the synchronous way, then the same database opened as a command opens it. */
  async function judges(): Promise<{ setup: TestApp; app: App }> {
    const setup = testApp('lazy-sync', { database: engine!.app()! })
    toClose.push(() => setup.cleanup())
    const app = await openAppAsync({
      dataDir: setup.dirs.data,
      database: setup.dirs.db,
      clock: () => new Date(setup.now.t),
      newSecret: demoSecret('lazy-sync'),
      moderatorAddress: 'mod@example.test',
      mailDomain: 'judge.example.test',
    })
    toClose.push(() => app.close())
    return { setup, app }
  }

  it('a mail filed through the intake, a tick resolving the due game, game status and a game page: no worker thread started', async () => {
    const { setup, app } = await judges()
    createFixtureDuel(setup, 'lz1')
    createFixtureDuel(setup, 'lz2')
    setup.judge.submitOrders('lz1', 'north', 'DRAW 1')
    const to = setup.judge.replyAddress('lz1', 'south', setup.judge.keyFor('lz1', 'south'))
    const token = setup.judge.issueViewToken('lz1', 'north', { by: 'test' }).token
    const deadline = new Date(START + 72 * HOUR)
    writeFileSync(
      join(app.dirs.inbox, 'south.eml'),
      [
        'From: south@example.test',
        `To: ${to}`,
        'Subject: orders',
        'Message-ID: <lazy-1@example.test>',
        '',
        'DRAW 2',
        '',
      ].join('\r\n'),
    )
    const lines: string[] = []
    const { value, workers, calls } = await watched(async () => {
      const filed = await readInbox(app, { imap: false })
      setup.now.t = deadline.getTime() + 60_000
      const failed = await tickCommand(app, deadline, (l) => lines.push(l))
      const status = await pbem(app, 'game', 'status', 'lz1')
      const web = await startWebServer(
        app.judge,
        { host: '127.0.0.1', port: 0 },
        new RateLimit(100_000, 1000),
        pagesAhead(app.judge, app.jobsDb),
      )
      try {
        const res = await fetch(`${web.url}/g/lz1/${token}/`)
        return { filed, failed, status, page: res.status }
      } finally {
        await web.close()
      }
    })
    expect([workers, calls, started(app)]).toEqual([0, [], false])
    expect(value.filed).toEqual(['orders-accepted'])
    expect(value.failed).toBe(false)
    expect(lines).toContainEqual(expect.stringMatching(/^lz1: resolution/))
    expect(setup.store.read('game:lz1').filter((e) => e.type === 'TurnAdjudicated')).toHaveLength(1)
    expect(value.status.join('\n')).toContain('round: 2')
    expect(value.page).toBe(200)
  })

  it('a reader reaching a game not read ahead reads it ahead; a synchronous read is refused by the retired handle, naming where it came from', async () => {
    const { setup, app } = await judges()
    createFixtureDuel(setup, 'lz1')
    createFixtureDuel(setup, 'lz2')
    const said: string[] = []
    const warn = vi.spyOn(console, 'warn').mockImplementation((...a: unknown[]) => void said.push(a.join(' ')))
    try {
      const seen: string[] = []
      const expected = statusLines(setup.judge, 'lz2', app.clock(), () => Deps)
      const reading = await watched(() =>
        onReadingJudge(app.judge, app.jobsDb, { games: ['lz1'] }, (j) => {
          seen.push(j === app.judge ? 'judge' : 'reading judge')
          return statusLines(j, 'lz2', app.clock(), () => Deps)
        }),
      )
      expect(seen).toEqual(['reading judge', 'reading judge'])
      expect([reading.value, reading.workers, reading.calls, started(app)]).toEqual([expected, 0, [], false])
      // The judge's own reads, the synchronous way, reach the retired handle: a clear error, no driver.
      app.judge.folds.clear()
      const wayBack = await watched(async () => {
        try {
          return statusLines(app.judge, 'lz2', app.clock(), () => Deps)
        } catch (e) {
          return (e as Error).message
        }
      })
      expect(wayBack.value).toMatch(
        /^the synchronous PostgreSQL driver is retired from the judge: \S+:\d+ reached it \(SELECT .*\)$/,
      )
      expect([wayBack.workers, wayBack.calls, started(app)]).toEqual([0, [], false])
      expect(said.filter((l) => l.includes('synchronous PostgreSQL driver'))).toEqual([])
    } finally {
      warn.mockRestore()
    }
  })
})

it('pbem serve files a mail and resolves the turn it completes with no synchronous driver, nothing reaching the retired handle', async () => {
  const setup = testApp('lazy-serve', { database: engine!.app()! })
  toClose.push(() => setup.cleanup())
  const { keys } = setup.judge.createGame({
    game: 'ls1',
    ruleset: 'sea-devils',
    scenario: 'weak-beginning',
    players: [
      { role: 'federal', address: 'fed@example.test', name: 'F' },
      { role: 'confederate', address: 'reb@example.test', name: 'C' },
    ],
  })
  setup.judge.submitOrders('ls1', 'federal', 'MOVE K-STAT C14 C11')
  const count = (type: string) => setup.store.read('game:ls1').filter((e) => e.type === type).length
  let log = ''
  const judge = spawn(process.execPath, ['bin/pbem.js', 'serve', '--interval', '100', '--no-demo-game'], {
    cwd: fileURLToPath(new URL('../../', import.meta.url)),
    env: {
      ...process.env,
      PBEM_DATA_DIR: setup.dirs.data,
      PBEM_DATABASE_URL: setup.dirs.db,
      PBEM_MAIL_DOMAIN: 'judge.example.test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  judge.stdout!.on('data', (b) => (log += b))
  judge.stderr!.on('data', (b) => (log += b))
  try {
    const file = join(setup.dirs.inbox, 'reb.eml')
    const body = `GAME ls1 CONFEDERATE\nKEY ${keys.confederate}\nSUM: RUN-OUT\nSUM: MOVE C11 +RAID`
    const head = ['From: reb@example.test', 'To: orders@judge.example.test', 'Subject: orders', 'Message-ID: <ls1@x>']
    writeFileSync(file, [...head, '', body, ''].join('\r\n'))
    const past = new Date(Date.now() - 60_000)
    utimesSync(file, past, past)
    await waitFor(() => count('TurnAdjudicated') === 1, 30_000, 'the turn resolved').catch((e: Error) => {
      throw new Error(`${e.message}; the judge said:\n${log}`)
    })
    expect(log).toContain('ls1')
    expect(log).not.toContain('synchronous PostgreSQL driver')
  } finally {
    judge.kill('SIGTERM')
  }
}, 60_000)

/** What `pbem <args>` prints, run in this process on `app` as the command line runs it. */
async function pbem(app: App, ...args: string[]): Promise<string[]> {
  const program = new Command().exitOverride()
  registerGameCommands(program, (async (fn: (a: App) => unknown) => void (await fn(app))) as never, () => Deps)
  const lines: string[] = []
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void lines.push(a.join(' ')))
  try {
    await program.parseAsync(['node', 'pbem', ...args])
  } finally {
    log.mockRestore()
  }
  return lines
}
