// The moderator's read-only command-line commands read on the judge's async handle, then rendered
// synchronously and unchanged on a reading judge: on PostgreSQL none of them sends a statement on
// the synchronous driver, and each prints what the synchronous way prints.
import { Command } from 'commander'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as Deps from '../../src/cli/deps.ts'
import { listLines, registerGameCommands, statusLines } from '../../src/cli/gameCommands.ts'
import type { Judge } from '../../src/engine/judge.ts'
import { createFixtureDuel, testApp, type TestApp } from '../helpers/app.ts'
import { bothEngines } from './engines.ts'
import { synchronousCalls } from './syncCalls.ts'

const [engine] = bothEngines()

describe('read-only commands on the async handle', () => {
  let app: TestApp
  beforeEach(() => {
    app = testApp('async-reads', { database: engine!.app()! })
    createFixtureDuel(app, 'rd1')
    app.judge.submitOrders('rd1', 'north', 'DRAW 1')
    createFixtureDuel(app, 'rd2')
  })
  afterEach(() => app.cleanup())

  /** What `pbem <args>` prints and its exit code, run in this process on `app`, with the synchronous statements it sent. */
  async function pbem(...args: string[]) {
    const program = new Command().exitOverride()
    const withApp = async (fn: (a: typeof app) => unknown) => {
      await fn(app)
    }
    registerGameCommands(program, withApp as never, () => Deps)
    const lines: string[] = []
    const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void lines.push(a.join(' ')))
    const code = process.exitCode
    // A fresh process keeps no fold: every game is folded from its stream read ahead.
    app.judge.folds.clear()
    const sync = synchronousCalls(engine!.name)
    let calls: string[]
    try {
      await program.parseAsync(['node', 'pbem', ...args])
    } finally {
      calls = sync.stop()
      log.mockRestore()
    }
    const exit = process.exitCode
    process.exitCode = code
    return { lines, calls, exit }
  }

  /** Lines made the synchronous way, which does send statements on PostgreSQL's synchronous driver. */
  function synchronously(make: (judge: Judge) => string[]): string[] {
    app.judge.folds.clear()
    const sync = synchronousCalls(engine!.name)
    try {
      return make(app.judge)
    } finally {
      if (engine!.name === 'postgres') expect(sync.stop().length).toBeGreaterThan(0)
      else sync.stop()
    }
  }

  it('pbem game status: no synchronous statement, the lines of the synchronous way', async () => {
    const expected = synchronously((j) => statusLines(j, 'rd1', app.clock(), () => Deps))
    const r = await pbem('game', 'status', 'rd1')
    expect(r.calls).toEqual([])
    expect(r.lines).toEqual(expected)
    expect(r.lines.join('\n')).toContain('Orders on file: north')
  })

  it('pbem game list: no synchronous statement, the lines of the synchronous way', async () => {
    const expected = synchronously(listLines)
    const r = await pbem('game', 'list')
    expect(r.calls).toEqual([])
    expect(r.lines).toEqual(expected)
    expect(r.lines).toHaveLength(2)
  })
})
