// The moderator's read-only command-line commands read on the judge's async handle, then rendered
// synchronously and unchanged on a reading judge: on PostgreSQL none of them sends a statement on
// the synchronous driver, and each prints what the synchronous way prints.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { Command } from 'commander'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as Deps from '../../src/cli/deps.ts'
import { historyLines, mailLogLines, registerAuditCommands } from '../../src/cli/audit.ts'
import { listLines, registerGameCommands, statusLines } from '../../src/cli/gameCommands.ts'
import { registerPlayerCommands } from '../../src/cli/playerCommands.ts'
import { registerScheduleCommands } from '../../src/cli/scheduleCommands.ts'
import { verifyDice, verifyGame } from '../../src/engine/audit.ts'
import { handleInbound } from '../../src/mail/intake.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { gamesAhead, onReadingJudge, streamAhead } from '../../src/engine/readingJudge.ts'
import { checkServerSecret, checkServerSecretAhead } from '../../src/engine/secret.ts'
import { verifyGameAhead } from '../../src/engine/verifyAhead.ts'
import { writeSite } from '../../src/web/staticSite.ts'
import { createFixtureDuel, outboxRows, testApp, type TestApp } from '../helpers/app.ts'
import { bothEngines } from './engines.ts'
import { synchronousCalls, synchronously } from './syncCalls.ts'

const [engine] = bothEngines()

describe('read-only commands on the async handle', () => {
  let app: TestApp
  beforeEach(() => {
    app = testApp('async-reads', { database: engine!.app()! })
    createFixtureDuel(app, 'rd1')
    app.judge.submitOrders('rd1', 'north', 'DRAW 1')
    createFixtureDuel(app, 'rd2')
    app.judge.submitOrders('rd1', 'south', 'DRAW 2')
    app.judge.adjudicate('rd1')
    app.judge.submitOrders('rd1', 'north', 'DRAW 1')
  })
  afterEach(() => app.cleanup())

  /** What `pbem <args>` prints and its exit code, run in this process on `app`, with the synchronous statements it sent. */
  async function pbem(...args: string[]) {
    const program = new Command().exitOverride()
    const withApp = async (fn: (a: typeof app) => unknown) => {
      await fn(app)
    }
    const game = registerGameCommands(program, withApp as never, () => Deps)
    registerAuditCommands(program, game, withApp as never, () => Deps)
    registerPlayerCommands(program, withApp as never, () => Deps)
    registerScheduleCommands(program, withApp as never, () => Deps)
    const lines: string[] = []
    const errors: string[] = []
    const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void lines.push(a.join(' ')))
    const error = vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void errors.push(a.join(' ')))
    const code = process.exitCode
    // A fresh process keeps no fold: every game is folded from its stream read ahead.
    app.judge.folds.clear()
    const sync = synchronousCalls(engine!.name)
    let calls: string[]
    let failure: string | null = null
    try {
      await program.parseAsync(['node', 'pbem', ...args])
    } catch (e) {
      failure = (e as Error).message
    } finally {
      calls = sync.stop()
      log.mockRestore()
      error.mockRestore()
    }
    const exit = process.exitCode
    process.exitCode = code
    return { lines, errors, calls, exit, failure }
  }

  it('pbem game status: no synchronous statement, the lines of the synchronous way', async () => {
    const expected = synchronously(app.judge, engine!.name, (j) => statusLines(j, 'rd1', app.clock(), () => Deps))
    const r = await pbem('game', 'status', 'rd1')
    expect(r.calls).toEqual([])
    expect(r.failure).toBeNull()
    expect(r.lines).toEqual(expected)
    expect(r.lines.join('\n')).toContain('Orders on file: north')
  })

  it('pbem game list: no synchronous statement, the lines of the synchronous way', async () => {
    const expected = synchronously(app.judge, engine!.name, listLines)
    const r = await pbem('game', 'list')
    expect(r.calls).toEqual([])
    expect(r.lines).toEqual(expected)
    expect(r.lines).toHaveLength(2)
  })

  it.each([['moderator'], ['north']])(
    'pbem game history --as %s: no synchronous statement, the pages of the synchronous way',
    async (as) => {
      const expected = synchronously(app.judge, engine!.name, (j) =>
        historyLines(j, 'rd1', Deps.parseViewer(as), {}, () => Deps),
      )
      const r = await pbem('game', 'history', 'rd1', '--as', as)
      expect(r.calls).toEqual([])
      expect(r.lines).toEqual(expected)
      expect(r.lines.join('\n')).toContain('Resolution 1')
    },
  )

  /** Every file under `dir`, by its path inside it. */
  function files(dir: string): Record<string, string> {
    const out: Record<string, string> = {}
    for (const f of readdirSync(dir, { recursive: true, withFileTypes: true }))
      if (f.isFile()) {
        const path = join(f.parentPath, f.name)
        out[relative(dir, path)] = readFileSync(path, 'utf8')
      }
    return out
  }

  it.each([
    ['moderator', []],
    ['north', []],
    ['north', ['--html']],
  ])('pbem game export --as %s %s: no synchronous statement, the files of the synchronous way', async (as, html) => {
    const viewer = Deps.parseViewer(as)
    const dir = mkdtempSync(join(tmpdir(), 'pbem-read-export-'))
    const [a, b] = [join(dir, 'sync'), join(dir, 'async')]
    synchronously(app.judge, engine!.name, (j) => {
      if (html.length) writeSite(j, 'rd1', viewer, a)
      else Deps.exportGame(j, 'rd1', viewer, a)
      return []
    })
    const r = await pbem('game', 'export', 'rd1', '--as', as, ...(html.length ? ['--html', b] : ['--out', b]))
    expect(r.calls).toEqual([])
    expect(r.lines.join('\n')).toContain(b)
    expect(Object.keys(files(b)).length).toBeGreaterThan(1)
    expect(files(b)).toEqual(files(a))
  })

  /** `read` on the async handle with no synchronous statement, in a process that keeps no fold. */
  async function ahead<T>(read: () => Promise<T>): Promise<T> {
    app.judge.folds.clear()
    const sync = synchronousCalls(engine!.name)
    try {
      return await read()
    } finally {
      expect(sync.stop()).toEqual([])
    }
  }

  it("pbem verify <game>: the game's check, the list of games and the server secret's check read on the async handle, as the synchronous way finds them", async () => {
    const expected = synchronously(app.judge, engine!.name, (j) => [
      JSON.stringify([j.games(), verifyGame(app.db, j, 'rd1'), checkServerSecret(app.db)]),
    ])
    const found = await ahead(async () => [
      JSON.stringify([
        await gamesAhead(app.judge, app.jobsDb),
        await verifyGameAhead(app.jobsDb, app.judge, 'rd1'),
        await checkServerSecretAhead(app.db, app.jobsDb, streamAhead(app.judge, app.jobsDb)),
      ]),
    ])
    expect(found).toEqual(expected)
    expect(found[0]).toContain('"ok":true')
  })

  it('pbem dice verify: the rolls re-rolled on the reading judge, as the synchronous way re-rolls them', async () => {
    const expected = synchronously(app.judge, engine!.name, (j) => [JSON.stringify(verifyDice(j, 'rd1'))])
    const found = await ahead(() =>
      onReadingJudge(app.judge, app.jobsDb, { games: ['rd1'] }, (j) => [JSON.stringify(verifyDice(j, 'rd1'))]),
    )
    expect(found).toEqual(expected)
    expect(JSON.parse(found[0]!)).toMatchObject({ ok: true, checked: expect.any(Number) })
  })

  it('a reading judge refuses what was not read ahead, which is read ahead, and the command runs again on it', async () => {
    const seen: string[] = []
    const lines = await onReadingJudge(app.judge, app.jobsDb, { games: ['rd1'] }, (j) => {
      seen.push(j === app.judge ? 'judge' : 'reading judge')
      return statusLines(j, 'rd2', app.clock(), () => Deps)
    })
    expect(seen).toEqual(['reading judge', 'reading judge'])
    expect(lines).toEqual(statusLines(app.judge, 'rd2', app.clock(), () => Deps))
  })

  it('a game that is not there is said as the synchronous way says it', async () => {
    await expect(
      onReadingJudge(app.judge, app.jobsDb, { games: ['nope'] }, (j) =>
        statusLines(j, 'nope', app.clock(), () => Deps),
      ),
    ).rejects.toThrow('no game "nope"')
    expect(() => statusLines(app.judge, 'nope', app.clock(), () => Deps)).toThrow('no game "nope"')
  })

  /** South's orders for rd1 mailed to the judge, filed by the intake: a mail record with a receipt. */
  async function mailOrders(): Promise<string> {
    const key = app.judge.keyFor('rd1', 'south')
    const raw = Buffer.from(
      `From: South <south@example.test>\r\nTo: orders@judge.example.test\r\nSubject: orders\r\nMessage-ID: <rd-1@example.test>\r\nContent-Type: text/plain\r\n\r\nGAME rd1 SOUTH\r\nKEY ${key}\r\nDRAW 2\r\n`,
    )
    const deps = { judge: app.judge, db: app.db, outbox: sqliteOutbox(app.db, app.clock), clock: app.clock }
    expect(await handleInbound(raw, 'test', deps)).toBe('orders-accepted')
    return app.store.read('system:mail').at(-1)!.data.receipt
  }

  it('pbem mail receipt: the story told on the reading judge, the mail records read ahead, as the synchronous way tells it', async () => {
    const receipt = await mailOrders()
    const expected = synchronously(app.judge, engine!.name, (j) => [JSON.stringify(Deps.receiptStory(j, receipt))])
    const r = await pbem('mail', 'receipt', receipt)
    expect(r.calls).toEqual([])
    expect(r.lines[0]).toBe(`Receipt ${receipt} (game rd1, south): ACCEPTED`)
    expect(r.lines.join('\n')).toContain('Message-ID <rd-1@example.test>')
    const found = await ahead(() =>
      onReadingJudge(app.judge, app.jobsDb, { games: ['rd1'], streams: ['system:mail'] }, (j) => [
        JSON.stringify(Deps.receiptStory(j, receipt)),
      ]),
    )
    expect(found).toEqual(expected)
    const none = await pbem('mail', 'receipt', 'nope/1/south-1')
    expect([none.calls, none.lines, none.errors, none.exit]).toEqual([[], [], ['no receipt nope/1/south-1'], 1])
  })

  it('pbem mail log: the mail records read on the async handle, the lines of the synchronous way', async () => {
    await mailOrders()
    const expected = synchronously(app.judge, engine!.name, () =>
      mailLogLines(app.store.read('system:mail'), undefined, 50),
    )
    const r = await pbem('mail', 'log')
    expect(r.calls).toEqual([])
    expect(r.lines).toEqual(expected)
    expect(r.lines).toHaveLength(1)
    expect((await pbem('mail', 'log', '--game', 'rd2')).lines).toEqual([])
  })

  it.each([
    ['orders that would be accepted', 'DRAW 2', 0],
    ['orders that would be refused', 'DRAW 9', 1],
  ])(
    'pbem game check, %s: read on the async handle, nothing kept, what the synchronous way answers',
    async (_, orders, exit) => {
      const file = join(mkdtempSync(join(tmpdir(), 'pbem-read-check-')), 'south.txt')
      writeFileSync(file, orders)
      const before = app.store.read('game:rd1').length
      const southMail = outboxRows(app).filter((m) => m.recipient === 'south@example.test').length
      const expected = synchronously(
        app.judge,
        engine!.name,
        (j) => Deps.checkLines(Deps.checkOrders(j, 'rd1', 'south', orders)).lines,
      )
      const r = await pbem('game', 'check', 'rd1', 'south', file)
      expect(r.calls).toEqual([])
      expect(r.lines).toEqual(expected)
      expect(r.exit ?? 0).toBe(exit)
      expect(app.store.read('game:rd1').length).toBe(before)
      expect(outboxRows(app).filter((m) => m.recipient === 'south@example.test').length).toBe(southMail)
    },
  )

  it.each([['south'], ['moderator']])(
    'pbem player key rd1 %s: the key made on the reading judge, as the synchronous way makes it',
    async (role) => {
      const expected = synchronously(app.judge, engine!.name, (j) => {
        const key = j.keyFor('rd1', role)
        return [`${key}  ${j.replyAddress('rd1', role, key)}`]
      })
      const r = await pbem('player', 'key', 'rd1', role)
      expect(r.calls).toEqual([])
      expect(r.lines).toEqual(expected)
    },
  )

  it('pbem schedule show: the schedule read on the async handle, the lines of the synchronous way', async () => {
    const expected = synchronously(app.judge, engine!.name, (j) => Deps.describeSchedule(j.schedule('rd1')))
    const r = await pbem('schedule', 'show', 'rd1')
    expect(r.calls).toEqual([])
    expect(r.lines).toEqual(expected)
    expect(r.lines.length).toBeGreaterThan(1)
  })

  it('pbem game list with a game that no longer folds: the games before it listed, then its error, as the synchronous way', async () => {
    await app.jobsDb.run(
      "UPDATE events SET data = replace(data, 'hidden-deck', 'no-such-game') WHERE stream = 'game:rd2'",
    )
    app.judge.folds.clear()
    const before: string[] = []
    const error = (() => {
      try {
        listLines(app.judge, before)
      } catch (e) {
        return (e as Error).message
      }
    })()
    expect(error).toBeTruthy()
    const r = await pbem('game', 'list')
    expect(r.failure).toBe(error)
    expect(r.lines).toEqual(before)
    expect(before).toHaveLength(1)
  })
})
