// The readers' ways back made into "read more ahead and run again": a reading judge (the moderator's
// read-only commands, the game pages) or a dry run (`pbem game check`) that reaches a game, a
// stream, a list of streams, a secret, a pack or the server secret it did not read ahead has that
// read on the async handle too and runs again, and a broken chain is named there. On PostgreSQL none
// of these sends a statement on the synchronous driver, and each answers what the synchronous way
// answers; what cannot be read ahead is an error, not a read on the synchronous handle.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import * as Deps from '../../src/cli/deps.ts'
import { listLines, statusLines } from '../../src/cli/gameCommands.ts'
import { verifyCommand } from '../../src/cli/verifyCommand.ts'
import { locate, verifyGame } from '../../src/engine/audit.ts'
import { onDryRun } from '../../src/engine/dryRun.ts'
import { waysBackTaken } from '../../src/engine/gathering.ts'
import type { Judge } from '../../src/engine/judge.ts'
import { onReadingJudge, READING_ROUNDS } from '../../src/engine/readingJudge.ts'
import { verifyGameAhead } from '../../src/engine/verifyAhead.ts'
import { handleInbound } from '../../src/mail/intake.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { verifyStream } from '../../src/log/verify.ts'
import { playedAndOpenDuels, testApp, type TestApp } from '../helpers/app.ts'
import { bothEngines } from './engines.ts'
import { synchronousCalls, synchronously } from './syncCalls.ts'

const [engine] = bothEngines()

describe('readers read ahead what they reach, and run again', () => {
  let app: TestApp
  beforeEach(() => {
    app = testApp('readers-ahead', { database: engine!.app()! })
    playedAndOpenDuels(app, 'ra1', 'ra2')
  })
  afterEach(() => app.cleanup())

  /** `read` in a process that keeps no fold: the synchronous statements it sent and the ways back it took. */
  async function ahead<T>(read: () => Promise<T>): Promise<{ result: T; calls: string[]; waysBack: string[] }> {
    app.judge.folds.clear()
    const before = new Map(waysBackTaken())
    const sync = synchronousCalls(engine!.name)
    let calls: string[] | null = null
    try {
      const result = await read()
      calls = sync.stop()
      const waysBack = [...waysBackTaken()].flatMap(([k, n]) => (n > (before.get(k) ?? 0) ? [k] : []))
      return { result, calls, waysBack }
    } finally {
      if (!calls) sync.stop()
    }
  }

  /** `run` on a reading judge given only `what` ahead: its answer, and how many times it ran. */
  async function reading<T>(what: Parameters<typeof onReadingJudge>[2], run: (j: Judge) => T) {
    let runs = 0
    const r = await ahead(() =>
      onReadingJudge(app.judge, app.jobsDb, what, (j) => {
        runs++
        expect(j).not.toBe(app.judge)
        return run(j)
      }),
    )
    expect(r.calls).toEqual([])
    expect(r.waysBack).toEqual([])
    return { result: r.result, runs }
  }

  const opening = (game: string) => (j: Judge) => j.reportAgain(game, 0, { kind: 'role', role: 'south' })?.text ?? null

  describe('a reading judge', () => {
    it('a status of a game not read ahead: the game read ahead, the lines of the synchronous way', async () => {
      const expected = synchronously(app.judge, engine!.name, (j) => statusLines(j, 'ra2', app.clock(), () => Deps))
      const r = await reading({ games: ['ra1'] }, (j) => statusLines(j, 'ra2', app.clock(), () => Deps))
      expect(r.result).toEqual(expected)
      expect(r.runs).toBe(2)
    })

    it("another game's opening report to a role: the game, then the server secret its key is made from, read ahead", async () => {
      const expected = synchronously(app.judge, engine!.name, opening('ra2'))
      const r = await reading({ games: ['ra1'] }, opening('ra2'))
      expect(r.result).toContain('ra2')
      expect(r.result).toBe(expected)
      expect(r.runs).toBe(3)
    })

    it('the list of games, not listed ahead: the list read, then each game as it is reached, the lines of the synchronous way', async () => {
      const expected = synchronously(app.judge, engine!.name, (j) => listLines(j))
      const r = await reading({ games: [] }, (j) => listLines(j))
      expect(r.result).toEqual(expected)
      expect(r.result).toHaveLength(2)
      expect(r.runs).toBe(4)
    })

    it("a mail's story with the mail records not read ahead: the stream read ahead, the story of the synchronous way", async () => {
      const key = app.judge.keyFor('ra1', 'south')
      const raw = Buffer.from(
        `From: South <south@example.test>\r\nTo: orders@judge.example.test\r\nSubject: orders\r\nMessage-ID: <ra-1@example.test>\r\nContent-Type: text/plain\r\n\r\nGAME ra1 SOUTH\r\nKEY ${key}\r\nDRAW 2\r\n`,
      )
      const deps = { judge: app.judge, db: app.db, outbox: sqliteOutbox(app.db, app.clock), clock: app.clock }
      expect(await handleInbound(raw, 'test', deps)).toBe('orders-accepted')
      const receipt = app.store.read('system:mail').at(-1)!.data.receipt as string
      const expected = synchronously(app.judge, engine!.name, (j) => JSON.stringify(Deps.receiptStory(j, receipt)))
      const r = await reading({ games: ['ra1'] }, (j) => JSON.stringify(Deps.receiptStory(j, receipt)))
      expect(r.result).toBe(expected)
      expect(r.result).toContain('ra-1@example.test')
    })

    it('a dice secret and a check from scratch: the secret read ahead, the check folded from what was read', async () => {
      const point = app.judge.load('ra1').point
      const read = (j: Judge) => ({
        dice: j.secrets.get('ra1', 'dice', point),
        drift: j.load('ra1', { check: true }).drift,
      })
      const expected = synchronously(app.judge, engine!.name, read)
      expect(expected.dice).toMatch(/^[0-9a-f]{64}$/)
      const r = await reading({ games: ['ra1'] }, read)
      expect(r.result).toEqual(expected)
      expect(r.runs).toBe(2)
    })

    it('what cannot be read ahead (the clock rows) is an error, with no statement on the synchronous driver', async () => {
      const r = ahead(() => onReadingJudge(app.judge, app.jobsDb, { games: ['ra1'] }, (j) => j.clock.all()))
      await expect(r).rejects.toThrow('a reading command reached what is not read ahead: clock.all was not read ahead')
      const sync = synchronousCalls(engine!.name)
      await onReadingJudge(app.judge, app.jobsDb, { games: ['ra1'] }, (j) => j.clock.all()).catch(() => null)
      expect(sync.stop()).toEqual([])
    })

    it('a rendering that reaches something new each time it runs is stopped after the rounds allowed', async () => {
      let runs = 0
      const endless = (j: Judge) => {
        runs++
        for (let point = 1; ; point++) j.secrets.get('ra1', 'dice', point)
      }
      await expect(onReadingJudge(app.judge, app.jobsDb, { games: ['ra1'] }, endless)).rejects.toThrow(
        `still reached beyond what it read ahead after ${READING_ROUNDS} rounds`,
      )
      expect(runs).toBe(READING_ROUNDS)
    })
  })

  describe('a dry run', () => {
    const jobs = () => ({ db: app.jobsDb, letterSteps: () => [] })

    it("another game's opening report and its dice secret: that game and the secret read ahead on later rounds", async () => {
      const read = (j: Judge) => ({ text: opening('ra2')(j), dice: j.secrets.get('ra2', 'dice', 1) })
      const expected = synchronously(app.judge, engine!.name, read)
      const r = await ahead(() => onDryRun(app.judge, jobs(), 'ra1', read))
      expect(r.calls).toEqual([])
      expect(r.waysBack).toEqual([])
      expect(r.result).toEqual(expected)
      expect(r.result.text).toContain('ra2')
    })

    it('the check of orders for a game that is not there fails as the synchronous way fails', async () => {
      const check = (j: Judge) => Deps.checkOrders(j, 'nope', 'south', 'DRAW 2')
      expect(() => check(app.judge)).toThrow('no game "nope"')
      const r = ahead(() => onDryRun(app.judge, jobs(), 'nope', check))
      await expect(r).rejects.toThrow('no game "nope"')
    })
  })

  describe('a broken chain', () => {
    /** Deletes the event at `version` of `stream` (its position is then gone: the neighbours are named). */
    const deleteEvent = (stream: string, version: number) =>
      app.db.prepare('DELETE FROM events WHERE stream = ? AND version = ?').run(stream, version)

    it("a game's deleted event: named by the rows around it on the async handle, as the synchronous way names it", async () => {
      deleteEvent('game:ra1', 2)
      const expected = synchronously(app.judge, engine!.name, (j) => verifyGame(app.db, j, 'ra1'))
      expect(expected.problems[0]).toMatch(
        /^hash chain broken at stream version 2, missing between positions \d+ and \d+/,
      )
      const r = await ahead(() => verifyGameAhead(app.jobsDb, app.judge, 'ra1'))
      expect(r.calls).toEqual([])
      expect(r.result).toEqual(expected)
    })

    it('pbem verify --all with an event of the server stream deleted: the line of the synchronous way', async () => {
      deleteEvent('system:server', 1)
      const failure = verifyStream(app.db, 'system:server')
      if (failure.ok) throw new Error('the deleted event was not found')
      expect(failure.position).toBeNull()
      const line = synchronously(
        app.judge,
        engine!.name,
        () =>
          `system:server: FAILED at ${locate(app.db, 'system:server', failure.position, failure.version)}: ${failure.reason}`,
      )
      expect(line).toContain('missing')
      const lines: string[] = []
      const r = await ahead(() =>
        verifyCommand(
          app,
          { all: true },
          app.dirs.data,
          () => Deps,
          (l) => lines.push(l),
        ),
      )
      expect(r.calls).toEqual([])
      expect(r.result).toBe(true)
      expect(lines).toContain(line)
    })
  })
})
