// The operator's commands on the judge's async handle: `verify --all`, `outbox prune`, `secret`
// and `db copy`. On PostgreSQL none of them sends a statement on the synchronous driver (the
// worker-thread client, which blocks the event loop on each round trip), and each prints and does
// what the synchronous way did.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import * as Deps from '../../src/cli/deps.ts'
import { verifyCommand } from '../../src/cli/verifyCommand.ts'
import { locate, verifyGame } from '../../src/engine/audit.ts'
import { checkClock } from '../../src/engine/clockCheck.ts'
import type { Judge } from '../../src/engine/judge.ts'
import { checkServerSecret } from '../../src/engine/secret.ts'
import { gameClockRebuildSteps } from '../../src/log/repos/gameClockCheck.ts'
import { verifyAll } from '../../src/log/verify.ts'
import { createFixtureDuel, testApp, type TestApp } from '../helpers/app.ts'
import { clockProblems } from '../helpers/clock.ts'
import { bothEngines } from './engines.ts'
import { synchronousCalls } from './syncCalls.ts'

const [engine] = bothEngines()

describe("the operator's commands on the async handle", () => {
  let app: TestApp
  beforeEach(() => {
    app = testApp('async-ops', { database: engine!.app()! })
    createFixtureDuel(app, 'op1')
    app.judge.submitOrders('op1', 'north', 'DRAW 1')
    app.judge.submitOrders('op1', 'south', 'DRAW 2')
    app.judge.adjudicate('op1')
    createFixtureDuel(app, 'op2')
    app.judge.submitOrders('op2', 'north', 'DRAW 1')
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
    for (const f of verifyAll(app.db).failures.filter((x) => !x.stream.startsWith('game:'))) {
      bad++
      lines.push(`${f.stream}: FAILED at ${locate(app.db, f.stream, f.position, f.version)}: ${f.reason}`)
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

  /** The synchronous way's answer, which does send statements on PostgreSQL's synchronous driver. */
  function synchronously<T>(make: (judge: Judge) => T): T {
    app.judge.folds.clear()
    const sync = synchronousCalls(engine!.name)
    try {
      return make(app.judge)
    } finally {
      if (engine!.name === 'postgres') expect(sync.stop().length).toBeGreaterThan(0)
      else sync.stop()
    }
  }

  describe('pbem verify', () => {
    it('--all: every game, the server secret, the other chains and the clock rows read on the async handle, the lines of the synchronous way', async () => {
      const expected = synchronously(verifyAllSynchronously)
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
      const expected = synchronously(verifyAllSynchronously)
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
      const expected = synchronously(verifyAllSynchronously)
      const r = await verify({ all: true })
      expect(r.lines).toEqual(expected.lines)
      expect(r.failed).toBe(true)
      expect(r.lines).toContain('op2: FAILED')
      expect(r.lines.join('\n')).toContain(`hash chain broken at position ${position}`)
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
      const all = synchronously(verifyAllSynchronously)
      const r = await verify({ game: 'op2' })
      expect(r.calls).toEqual([])
      expect(r.lines).toEqual(all.lines.filter((l) => l.startsWith('op2:') || l.startsWith('server secret:')))
      expect(r.failed).toBe(false)
    })
  })
})
