// The scale figures (ten thousand games on one judge), for bench/bench.ts:
//  - the deadline sweep over BENCH_GAMES (10,000) games with nothing due and with 1% due, and the
//    process's RSS after it. One game is created the ordinary way and its creation events appended
//    again under other names (as test/schedule/ten-thousand.test.ts does), 500 games a transaction
//    (PostgreSQL holds each game's stream lock to the end of its transaction, in a lock table
//    sized for a few thousand). On SQLite, or on PostgreSQL (bench/pg-bench.ts). The game is the test-only
//    Hidden Deck (test/games/fixtures): every game embeds its data pack, and a Sea Devils pack
//    (95 KB) would make building 10,000 games, not the sweep, the bench's slowest part;
//  - database bytes per game at creation and per resolution, and the time to create one game;
//  - the 16-turn Campaign (13.1), every point forced with standing orders: re-fold cold (fold cache
//    emptied) and warm (cache hit), and `pbem verify` of it.
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { openApp, type App } from '../src/cli/app.ts'
import { verifyGame } from '../src/engine/audit.ts'
import type { NewEvent } from '../src/log/store.ts'
import { tick } from '../src/schedule/tick.ts'
import { registerRuleset } from '../src/games/index.ts'
import { hiddenDeckFactory } from '../test/games/fixtures/hidden-deck.ts'
import { sqliteOnly } from '../src/log/db.ts'

export const HOUR = 3600_000
export const START = Date.UTC(2026, 2, 2, 12, 0, 0)
const PLAYERS = [
  { role: 'federal', address: 'fed@example.test', name: 'Fed' },
  { role: 'confederate', address: 'reb@example.test', name: 'Reb' },
]

/** `database`: a postgres:// URL; by default a SQLite file in the temporary data folder. */
function withApp<T>(run: (app: App, now: { t: number }) => T, database?: string): T {
  const dir = mkdtempSync(join(tmpdir(), 'pbem-scale-bench-'))
  const now = { t: START }
  const app = openApp({
    dataDir: dir,
    clock: () => new Date(now.t),
    mailDomain: 'judge.example.test',
    ...(database ? { database } : {}),
  })
  try {
    return run(app, now)
  } finally {
    app.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

const dbBytes = (app: App): number => {
  sqliteOnly(app.db).pragma('wal_checkpoint(TRUNCATE)')
  return statSync(app.dirs.db).size
}

const weakBeginning = (app: App, game: string) =>
  app.judge.createGame({ game, ruleset: 'sea-devils', scenario: 'weak-beginning', players: PLAYERS, zone: 'UTC' })

export interface SweepFigures {
  games: number
  makeMs: number
  idleMs: number
  onePercentDueMs: number
  resolved: number
  rssMb: number
  /** RSS before the first game: Node, tsx and the judge's modules. */
  rssBeforeMb: number
  /** The JavaScript heap still in use after the sweep and a full collection (null without --expose-gc). */
  heapRetainedMb: number | null
}

/** The sweep over `games` games, on SQLite or on the PostgreSQL database at `database`. */
export function benchSweep(games: number, database?: string): SweepFigures {
  const rssBeforeMb = process.memoryUsage().rss / 2 ** 20
  // makeSweepGames and sweepGamesOnFile register the Hidden Deck each for its own run (a second
  // registration here would be refused).
  const figures = sweepOver(games, database)
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  return { ...figures, rssBeforeMb, heapRetainedMb: gc ? process.memoryUsage().heapUsed / 2 ** 20 : null }
}

const GAMES_PER_TRANSACTION = 500

function sweepOver(games: number, database?: string): Omit<SweepFigures, 'rssBeforeMb' | 'heapRetainedMb'> {
  const dir = mkdtempSync(join(tmpdir(), 'pbem-scale-bench-'))
  try {
    const makeMs = makeSweepGames(dir, games, database)
    return { ...sweepGamesOnFile(dir, games, database), makeMs }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** A judge on the data folder `dir` (its database, or the one at `database`), closed after `run`. */
function atFolder<T>(dir: string, run: (app: App) => T, database?: string): T {
  const app = openApp({
    dataDir: dir,
    clock: () => new Date(START),
    mailDomain: 'judge.example.test',
    ...(database ? { database } : {}),
  })
  try {
    return run(app)
  } finally {
    app.close()
  }
}

/**
 * Puts `games` Hidden Deck games on file in `dir` (or `database`), one in `dueEvery` (default 100:
 * 1%) of the copies due an hour after START, by appending copies of one created game's events;
 * returns the milliseconds it took.
 */
export function makeSweepGames(dir: string, games: number, database?: string, dueEvery = 100): number {
  const unregister = registerRuleset(hiddenDeckFactory)
  try {
    return atFolder(
      dir,
      (app) => {
        app.judge.createGame({
          game: 'g00000',
          ruleset: hiddenDeckFactory.id,
          scenario: 'standard',
          players: [{ role: 'solo', address: 'solo@example.test', name: 'Solo' }],
        })
        const template = app.store
          .read('game:g00000')
          .map((e): NewEvent => ({ type: e.type, schemaVersion: e.schemaVersion, data: e.data, audience: e.audience }))
        const secrets = app.db.prepare("SELECT purpose, point, secret FROM secrets WHERE game = 'g00000'").all() as {
          purpose: string
          point: number
          secret: string
        }[]
        const insert = app.db.prepare('INSERT INTO secrets (game, purpose, point, secret) VALUES (?, ?, ?, ?)')
        const t0 = performance.now()
        for (let first = 1; first < games; first += GAMES_PER_TRANSACTION)
          app.judge.transaction(() => {
            for (let i = first; i < Math.min(games, first + GAMES_PER_TRANSACTION); i++) {
              const game = `g${String(i).padStart(5, '0')}`
              for (const s of secrets) insert.run(game, s.purpose, s.point, s.secret)
              const due = i % dueEvery === 7 % dueEvery
              app.store.append(
                `game:${game}`,
                0,
                template.map((e) =>
                  e.type === 'GameCreated'
                    ? { ...e, data: { ...(e.data as object), game } }
                    : e.type === 'DeadlineSet' && due
                      ? { ...e, data: { ...(e.data as object), deadline: new Date(START + HOUR).toISOString() } }
                      : e,
                ),
              )
            }
          })
        return performance.now() - t0
      },
      database,
    )
  } finally {
    unregister()
  }
}

/**
 * A judge freshly opened on `games` games made by makeSweepGames: passes half a minute apart, as
 * `pbem serve` makes them, with nothing due and then with the 1% due; RSS at the end.
 */
export function sweepGamesOnFile(
  dir: string,
  games: number,
  database?: string,
): Omit<SweepFigures, 'makeMs' | 'rssBeforeMb' | 'heapRetainedMb'> {
  const unregister = registerRuleset(hiddenDeckFactory)
  try {
    return atFolder(
      dir,
      (app) => {
        tick(app.judge, new Date(START + 29.5 * 60_000))
        const i0 = performance.now()
        const idle = tick(app.judge, new Date(START + 30 * 60_000))
        const idleMs = performance.now() - i0
        if (idle.games.length) throw new Error(`the idle sweep found work in ${idle.games.length} game(s)`)
        tick(app.judge, new Date(START + HOUR - 30_000))
        const d0 = performance.now()
        const due = tick(app.judge, new Date(START + HOUR + 10_000))
        const onePercentDueMs = performance.now() - d0
        const rssMb = process.memoryUsage().rss / 2 ** 20
        return { games, idleMs, onePercentDueMs, resolved: due.games.filter((g) => g.advanced).length, rssMb }
      },
      database,
    )
  } finally {
    unregister()
  }
}

export interface StorageFigures {
  created: number
  createMsPerGame: number
  dbBytesPerGame: number
  resolutions: number
  dbBytesPerResolution: number
  campaignEvents: number
  campaignColdRefoldMs: number
  campaignWarmRefoldMs: number
  campaignVerifyMs: number
}

export function benchStorage(created = 20): StorageFigures {
  return withApp((app, now) => {
    weakBeginning(app, 'warm-up') // the first game pays for loading packs and templates
    const before = dbBytes(app)
    const t0 = performance.now()
    for (let i = 0; i < created; i++) weakBeginning(app, `wb${i}`)
    const createMsPerGame = (performance.now() - t0) / created
    const dbBytesPerGame = (dbBytes(app) - before) / created

    app.judge.createGame({ game: 'campaign', ruleset: 'sea-devils', scenario: 'campaign', players: PLAYERS })
    const opened = dbBytes(app)
    let resolutions = 0
    while (!app.judge.load('campaign').finished && resolutions < 200) {
      now.t += HOUR
      app.judge.adjudicate('campaign', { force: true })
      resolutions++
    }
    const dbBytesPerResolution = (dbBytes(app) - opened) / resolutions
    const cold: number[] = []
    for (let i = 0; i < 5; i++) {
      app.judge.folds.clear()
      const c0 = performance.now()
      app.judge.load('campaign')
      cold.push(performance.now() - c0)
    }
    const w0 = performance.now()
    for (let i = 0; i < 50; i++) app.judge.load('campaign')
    const campaignWarmRefoldMs = (performance.now() - w0) / 50
    const v0 = performance.now()
    const v = verifyGame(app.db, app.judge, 'campaign')
    const campaignVerifyMs = performance.now() - v0
    if (!v.ok) throw new Error(`the Campaign does not verify: ${v.problems.join('; ')}`)
    return {
      created,
      createMsPerGame,
      dbBytesPerGame,
      resolutions,
      dbBytesPerResolution,
      campaignEvents: app.store.version('game:campaign'),
      campaignColdRefoldMs: cold.sort((a, b) => a - b)[2]!,
      campaignWarmRefoldMs,
      campaignVerifyMs,
    }
  })
}
