// The judge's first use of things in a process, on PostgreSQL, made on the async handle: its server
// secret (read, on first ever use made, and its fingerprint recorded in the log once); the refresh
// of a stale clock row the tick finds; the intake decision's read of a game its mail reaches
// without naming it first; serve's demo game and `pbem demo`, created and played in batches. Each path
// sends no statement on the synchronous driver (the worker-thread client, which blocks the event
// loop on each round trip) and leaves what the synchronous way left.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { Command } from 'commander'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openApp, tickJobs } from '../../src/cli/app.ts'
import * as Deps from '../../src/cli/deps.ts'
import { historyLines, registerAuditCommands } from '../../src/cli/audit.ts'
import { demoSecret, runDemo } from '../../src/cli/demo.ts'
import { registerGameCommands } from '../../src/cli/gameCommands.ts'
import { registerPlayerCommands } from '../../src/cli/playerCommands.ts'
import { announceGames } from '../../src/cli/serve.ts'
import { tickCommand } from '../../src/cli/tickCommand.ts'
import { verifyGame } from '../../src/engine/audit.ts'
import { refreshClockAhead } from '../../src/engine/clockIndex.ts'
import { createGameBatched } from '../../src/engine/creationBatch.ts'
import { SERVER_STREAM } from '../../src/engine/events.ts'
import { NotReadAhead } from '../../src/engine/filingBatch.ts'
import { serverSecret } from '../../src/engine/keys.ts'
import { type SecretConfig, secretFingerprint } from '../../src/engine/secret.ts'
import { serverSecretAhead, serverSecretAtStart } from '../../src/engine/secretAhead.ts'
import { createFixtureDuel, DUEL_NORTH, DUEL_SOUTH, registerFixture, testApp, type TestApp } from '../helpers/app.ts'
import { defaultDemo, defaultGame } from '../../src/games/index.ts'
import { handleInbound } from '../../src/mail/intake.ts'
import { prepareBatch } from '../../src/mail/intakeWrites.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { tickYielding } from '../../src/schedule/tick.ts'
import { clockProblems } from '../helpers/clock.ts'
import { HOUR, START } from '../schedule/helpers.ts'
import { bothEngines } from './engines.ts'
import { synchronousCalls } from './syncCalls.ts'

const [engine] = bothEngines()
const SECRET = 'cd'.repeat(32)

const apps: TestApp[] = []
afterEach(() => {
  for (const a of apps.splice(0)) a.cleanup()
})

/** A judge process on `database` (a fresh one when not given): nothing of the secret noted yet. */
function judgeOn(database?: string, opts: { serverSecret?: string } = {}): TestApp {
  const app = testApp('first-use', { database: database ?? engine!.app()!, ...opts })
  apps.push(app)
  return app
}

const recorded = (app: TestApp) =>
  app.store
    .read(SERVER_STREAM)
    .filter((e) => e.type === 'ServerSecretInUse')
    .map((e) => ({ data: e.data, recordedAt: e.recordedAt }))

const stored = (app: TestApp) =>
  app.db.prepare(`SELECT value FROM settings WHERE key = 'server-secret'`).pluck().all() as string[]

/** `run` with the statements it sent on the synchronous driver. */
async function counted<T>(run: () => Promise<T>): Promise<{ value: T; calls: string[] }> {
  const sync = synchronousCalls(engine!.name)
  let calls: string[] | null = null
  try {
    const value = await run()
    calls = sync.stop()
    return { value, calls }
  } finally {
    if (!calls) sync.stop()
  }
}

/** What `pbem <args>` prints, run in this process on `app`, with the synchronous statements it sent. */
async function pbem(app: TestApp, ...args: string[]) {
  const program = new Command().exitOverride()
  const withApp = async (fn: (a: TestApp) => unknown) => {
    await fn(app)
  }
  const game = registerGameCommands(program, withApp as never, () => Deps)
  registerAuditCommands(program, game, withApp as never, () => Deps)
  registerPlayerCommands(program, withApp as never, () => Deps)
  const lines: string[] = []
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void lines.push(a.join(' ')))
  try {
    const { calls } = await counted(() => program.parseAsync(['node', 'pbem', ...args]))
    return { lines, calls }
  } finally {
    log.mockRestore()
  }
}

/** Every file under `dir`, by its path inside it. */
function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const f of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (f.isFile()) out[relative(dir, join(f.parentPath, f.name))] = readFileSync(join(f.parentPath, f.name), 'utf8')
  return out
}

const DUEL = { ruleset: 'hidden-deck', scenario: 'duel', players: [DUEL_NORTH, DUEL_SOUTH], zone: 'America/New_York' }

describe("the judge's first use of its server secret", () => {
  it('on first ever use (a game created on a fresh database): made and recorded on the async handle, once', async () => {
    registerFixture()
    const app = judgeOn()
    const { value, calls } = await counted(() => createGameBatched(app.judge, tickJobs(app), { game: 'fu1', ...DUEL }))
    expect(calls).toEqual([])
    const [secret] = stored(app)
    expect(stored(app)).toHaveLength(1)
    expect(recorded(app)).toEqual([
      {
        data: { fingerprint: secretFingerprint(secret!), previousFingerprint: null, origin: 'database' },
        recordedAt: app.clock().toISOString(),
      },
    ])
    // The keys the creation mailed are those of the secret made.
    expect(value.keys.north).toBe(app.judge.keyFor('fu1', 'north'))
    expect(verifyGame(app.db, app.judge, 'fu1').ok).toBe(true)
    // A later first use (another process) finds it recorded: nothing more is written.
    const later = judgeOn(app.dirs.db)
    expect(await serverSecretAhead(later.db, later.jobsDb)).toBe(secret)
    expect(recorded(later)).toHaveLength(1)
  })

  it('records what the synchronous first use records (the environment secret), hash for hash', async () => {
    const events = async (ahead: boolean) => {
      const app = judgeOn(undefined, { serverSecret: SECRET })
      const { calls } = await counted(async () =>
        ahead ? void (await serverSecretAhead(app.db, app.jobsDb)) : void serverSecret(app.db),
      )
      if (ahead) expect(calls).toEqual([])
      else expect(calls.length).toBeGreaterThan(0)
      return app.store.read(SERVER_STREAM).map((e) => ({ type: e.type, data: e.data, hash: e.hash }))
    }
    const ahead = await events(true)
    expect(ahead).toEqual(await events(false))
    expect(ahead).toMatchObject([{ data: { fingerprint: secretFingerprint(SECRET), origin: 'environment' } }])
  })

  it('two judges starting at once on a fresh database make one secret and record it once', async () => {
    const a = judgeOn()
    const b = judgeOn(a.dirs.db)
    const { value, calls } = await counted(() =>
      Promise.all([serverSecretAhead(a.db, a.jobsDb), serverSecretAhead(b.db, b.jobsDb)]),
    )
    expect(calls).toEqual([])
    expect(value[0]).toBe(value[1])
    expect(stored(a)).toEqual([value[0]])
    expect(recorded(a).map((r) => r.data)).toEqual([
      { fingerprint: secretFingerprint(value[0]), previousFingerprint: null, origin: 'database' },
    ])
  })

  it('two judges starting at once with a secret file not yet made make one file and record it once', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pbem-first-use-')), 'secret')
    const database = engine!.app()!
    const open = (secret: SecretConfig) => {
      const dir = mkdtempSync(join(tmpdir(), 'pbem-first-use-'))
      const app = openApp({ dataDir: dir, database, newSecret: demoSecret('f'), mail: {} as never, secret })
      apps.push(Object.assign(app, { now: { t: 0 }, cleanup: () => app.close() }) as TestApp)
      return app
    }
    const [a, b] = [open({ file }), open({ file })]
    const { value, calls } = await counted(() =>
      Promise.all([serverSecretAhead(a.db, a.jobsDb), serverSecretAhead(b.db, b.jobsDb)]),
    )
    expect(calls).toEqual([])
    expect(value[0]).toBe(value[1])
    expect(readFileSync(file, 'utf8')).toBe(`${value[0]}\n`)
    expect(stored(a as TestApp)).toEqual([])
    expect(recorded(a as TestApp).map((r) => r.data)).toEqual([
      { fingerprint: secretFingerprint(value[0]), previousFingerprint: null, origin: 'file' },
    ])
  })

  describe('a judge started on a database whose secret is in use', () => {
    /** A game played a little by one judge process; the next process is started on its database. */
    function played(): TestApp {
      const first = judgeOn()
      createFixtureDuel(first, 'rd1')
      first.judge.submitOrders('rd1', 'north', 'DRAW 1')
      first.judge.submitOrders('rd1', 'south', 'DRAW 2')
      first.judge.adjudicate('rd1')
      return first
    }

    it.each([['south'], ['moderator']])(
      'pbem player key rd1 %s: no synchronous statement, the key of the synchronous way',
      async (role) => {
        const first = played()
        const expected = `${first.judge.keyFor('rd1', role)}  ${first.judge.replyAddress('rd1', role, first.judge.keyFor('rd1', role))}`
        const r = await pbem(judgeOn(first.dirs.db), 'player', 'key', 'rd1', role)
        expect(r.calls).toEqual([])
        expect(r.lines).toEqual([expected])
        expect(recorded(first)).toHaveLength(1)
      },
    )

    it("a reader's pbem game history: no synchronous statement, the pages of the synchronous way", async () => {
      const first = played()
      const expected = historyLines(first.judge, 'rd1', { kind: 'role', role: 'north' }, {}, () => Deps)
      const r = await pbem(judgeOn(first.dirs.db), 'game', 'history', 'rd1', '--as', 'north')
      expect(r.calls).toEqual([])
      expect(r.lines).toEqual(expected)
      expect(r.lines.join('\n')).toContain('Resolution 1')
    })

    it("a reader's pbem game export: no synchronous statement, the files of the synchronous way", async () => {
      const first = played()
      const dir = mkdtempSync(join(tmpdir(), 'pbem-first-use-export-'))
      Deps.exportGame(first.judge, 'rd1', { kind: 'role', role: 'north' }, join(dir, 'sync'))
      const r = await pbem(
        judgeOn(first.dirs.db),
        'game',
        'export',
        'rd1',
        '--as',
        'north',
        '--out',
        join(dir, 'async'),
      )
      expect(r.calls).toEqual([])
      expect(Object.keys(files(join(dir, 'async'))).length).toBeGreaterThan(1)
      expect(files(join(dir, 'async'))).toEqual(files(join(dir, 'sync')))
    })

    it('pbem tick resolving a due game: no synchronous statement, the secret recorded once', async () => {
      const first = judgeOn()
      createFixtureDuel(first, 'tk1')
      first.judge.submitOrders('tk1', 'north', 'DRAW 1')
      const next = judgeOn(first.dirs.db)
      next.now.t = START + 72 * HOUR + 60_000
      const lines: string[] = []
      const { value: failed, calls } = await counted(() =>
        tickCommand(next, new Date(START + 72 * HOUR), (l) => lines.push(l)),
      )
      expect(calls).toEqual([])
      expect(failed).toBe(false)
      expect(lines).toContain('tk1: resolution (deadline)')
      expect(recorded(next)).toHaveLength(1)
      expect(verifyGame(next.db, next.judge, 'tk1').ok).toBe(true)
    })

    it("serve's start-up notes it on the async handle: the synchronous uses after it read no log", async () => {
      const first = played()
      const next = judgeOn(first.dirs.db)
      const { calls } = await counted(() => serverSecretAtStart(next.db, next.jobsDb))
      expect(calls).toEqual([])
      // Then the synchronous uses read what a process that noted it long ago reads: no log.
      first.judge.folds.clear()
      const noted = await counted(async () => first.judge.keyFor('rd1', 'north'))
      const after = await counted(async () => next.judge.keyFor('rd1', 'north'))
      expect(after.value).toBe(noted.value)
      expect(after.calls).toEqual(noted.calls)
      const unnoted = judgeOn(first.dirs.db)
      expect((await counted(async () => unnoted.judge.keyFor('rd1', 'north'))).calls.length).toBeGreaterThan(
        noted.calls.length,
      )
      expect(recorded(first)).toHaveLength(1)
    })
  })
})

describe('a stale clock row the tick finds', () => {
  it.each([
    ['missing', (app: TestApp) => app.db.prepare(`DELETE FROM game_clock WHERE stream = 'game:st1'`).run()],
    [
      'older than its stream',
      (app: TestApp) =>
        app.db.prepare(`UPDATE game_clock SET version = 1, next_at = NULL WHERE stream = 'game:st1'`).run(),
    ],
  ])(
    '%s: written again on the async handle from the fold the tick read, as the synchronous refresh writes it',
    async (_, spoil) => {
      const app = judgeOn()
      createFixtureDuel(app, 'st1')
      app.judge.submitOrders('st1', 'north', 'DRAW 1')
      const expected = app.judge.clock.read('st1')
      spoil(app)
      expect(app.judge.clock.read('st1')).not.toEqual(expected)
      // A fresh process, at an hour with no work for the game: only its row is the tick's to mend.
      app.judge.folds.clear()
      const at = new Date(START + HOUR)
      const { value: report, calls } = await counted(() =>
        tickYielding(app.judge, at, { recordTick: false, jobs: tickJobs(app) }),
      )
      expect(calls).toEqual([])
      expect(report.games).toEqual([])
      expect(app.judge.clock.read('st1')).toEqual(expected)
      expect(clockProblems(app.judge)).toEqual([])
      // The synchronous refresh writes that same row.
      spoil(app)
      app.judge.refreshClock('st1')
      expect(app.judge.clock.read('st1')).toEqual(expected)
    },
  )

  it('a row written since from a later version is left as it is', async () => {
    const app = judgeOn()
    createFixtureDuel(app, 'st2')
    const before = app.judge.load('st2')
    app.judge.submitOrders('st2', 'north', 'DRAW 1')
    const row = app.judge.clock.read('st2')
    await refreshClockAhead(app.jobsDb, before)
    expect(app.judge.clock.read('st2')).toEqual(row)
  })
})

describe("the intake's decision on a game its mail reaches", () => {
  let mails = 0
  function mailTo(to: string[], body: string): Buffer {
    const head = [
      'From: south@example.test',
      `To: ${to.join(', ')}`,
      'Subject: orders',
      `Message-ID: <first-use-${++mails}@example.test>`,
      'Content-Type: text/plain; charset=utf-8',
    ].join('\r\n')
    return Buffer.from(`${head}\r\n\r\n${body}\r\n`)
  }
  const intakeDeps = (app: TestApp, jobs = true) => ({
    judge: app.judge,
    db: app.db,
    ...(jobs ? { jobsDb: app.jobsDb } : {}),
    outbox: sqliteOutbox(app.db, app.clock),
    clock: app.clock,
  })
  /** Reply addresses of other games, as a mail answering several reports at once carries them. */
  const others = ['ot1', 'ot2', 'ot3', 'ot4'].map((g) => `orders+${g}.north@judge.example.test`)

  it.each([
    [
      'its GAME line after four reply addresses of other games',
      (app: TestApp) => [others, `GAME rd1 SOUTH\nKEY ${app.judge.keyFor('rd1', 'south')}\nDRAW 2`],
      'orders-accepted',
    ],
    [
      // Whose sender the reply limit never silences (the player of record with his key): the mail is
      // for the first address's game, which it gives no key for.
      'its keyed reply address after four of other games',
      (app: TestApp) => [
        [...others, app.judge.replyAddress('rd1', 'south', app.judge.keyFor('rd1', 'south'))],
        'DRAW 2',
      ],
      'refused',
    ],
  ] as [string, (app: TestApp) => [string[], string], string][])(
    'found by %s: read ahead on the async handle, filed as the synchronous way files it',
    async (_, mail, outcome) => {
      const filed = async (batched: boolean) => {
        const app = judgeOn(undefined, { serverSecret: SECRET })
        for (const g of ['ot1', 'ot2', 'ot3', 'ot4', 'rd1']) createFixtureDuel(app, g)
        const [to, body] = mail(app)
        mails = 0
        app.judge.folds.clear()
        const { value, calls } = await counted(() => handleInbound(mailTo(to, body), 'test', intakeDeps(app, batched)))
        if (batched) expect(calls).toEqual([])
        const events = app.store.read('game:rd1').slice(-1)
        return {
          outcome: value,
          game: events.map((e) => ({ type: e.type, data: e.data })),
          mail: app.store.read('system:mail').map((e) => ({ type: e.type, data: { ...e.data, source: null } })),
        }
      }
      const batched = await filed(true)
      expect(batched.outcome).toBe(outcome)
      expect(batched.game).toMatchObject([{ type: outcome === 'refused' ? 'DeadlineSet' : 'OrdersAccepted' }])
      expect(batched).toEqual(await filed(false))
    },
  )

  it('a game a decision reaches that its batch did not read stops it, noted, rather than being read synchronously', async () => {
    const app = judgeOn()
    createFixtureDuel(app, 'rd1')
    const { value: batch, calls } = await counted(async () => {
      const { batch } = await prepareBatch(intakeDeps(app), app.jobsDb, [], { aheadOnly: true })
      expect(() => batch.judge.hasGame('rd1')).toThrow(NotReadAhead)
      expect(() => batch.judge.load('rd1')).toThrow(NotReadAhead)
      return batch
    })
    expect(calls).toEqual([])
    expect([...batch.unread]).toEqual(['rd1'])
    const again = await counted(async () => {
      const { batch } = await prepareBatch(intakeDeps(app), app.jobsDb, [], { games: ['rd1'], aheadOnly: true })
      return [batch.judge.hasGame('rd1'), batch.judge.load('rd1').version, batch.unread.size]
    })
    expect(again).toEqual({ value: [true, app.judge.load('rd1').version, 0], calls: [] })
  })
})

describe("serve's demo game and pbem demo, created and played in batches", () => {
  /** What `run` prints on the console. */
  async function printed(run: () => Promise<void>): Promise<string[]> {
    const lines: string[] = []
    const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void lines.push(a.join(' ')))
    try {
      await run()
    } finally {
      log.mockRestore()
    }
    return lines
  }

  it("serve's demo game on a fresh judge: created on the async handle, the game the synchronous creation makes", async () => {
    const app = judgeOn(undefined, { serverSecret: SECRET })
    const { value: lines, calls } = await counted(() => printed(() => announceGames(app, true)))
    expect(calls).toEqual([])
    const demo = defaultDemo()
    expect(lines[0]).toBe(`Created the demo game ${demo.serveGameId} (${demo.title}).`)
    for (const p of demo.players)
      expect(lines.join('\n')).toContain(`key ${app.judge.keyFor(demo.serveGameId, p.role)}`)
    expect(verifyGame(app.db, app.judge, demo.serveGameId).ok).toBe(true)
    expect(clockProblems(app.judge)).toEqual([])
    // The synchronous creation of the same game on another fresh judge writes the same events.
    const other = judgeOn(undefined, { serverSecret: SECRET })
    other.judge.createGame({
      game: demo.serveGameId,
      ruleset: defaultGame().id,
      scenario: demo.scenario,
      players: demo.players,
      createdBy: 'serve (demo game)',
    })
    const events = (a: TestApp) => a.store.read(`game:${demo.serveGameId}`).map((e) => [e.type, e.data, e.hash])
    expect(events(app)).toEqual(events(other))
    // A second start creates nothing and says what is here, read on the async handle too.
    const again = await counted(() => printed(() => announceGames(app, true)))
    expect(again.calls).toEqual([])
    expect(again.value[0]).toBe(`Games on this judge: ${demo.serveGameId}.`)
  })

  it('pbem demo: nothing on the synchronous driver, its judge opened (and migrated) on the async handle', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pbem-first-use-demo-'))
    const database = engine!.app()!
    const played = await counted(() => runDemo({ dir: join(dir, 'demo'), database }))
    expect(played.value.outcome).not.toBeNull()
    expect(played.calls).toEqual([])
  })
})
