// The game-clock repository: rows by game id, due games by their rows then games whose rows are
// stale (missing or older than the stream), and the outage guard's games.
import { describe, expect, it } from 'vitest'
import {
  allGameClocks,
  deleteGameClock,
  dueGames,
  findGameClock,
  gamesOpenAfterSilence,
  nextGameClockAfter,
  writeGameClock,
} from '../../../src/log/repos/gameClock.ts'
import type { SqlDatabase } from '../../../src/log/sql.ts'
import { bothEngines } from '../../pg/engines.ts'

const stream = (db: SqlDatabase, name: string, version: number) =>
  db.prepare('INSERT INTO streams (stream, version, head_hash) VALUES (?, ?, ?)').run(name, version, 'h')

const row = (game: string, version: number, status: string, nextAt: number | null, outageMinutes = 60) => ({
  game,
  version,
  status,
  nextAt,
  what: nextAt === null ? null : `work on ${game}`,
  outageMinutes,
})

describe.each(bothEngines())('game clock on $name', (engine) => {
  it('writes, replaces, reads and deletes a game row by game id', () => {
    const db = engine.open()
    writeGameClock(db, row('g1', 1, 'active', 1000))
    writeGameClock(db, row('g1', 2, 'paused', null, 30))
    writeGameClock(db, row('g0', 1, 'finished', null))
    expect(findGameClock(db, 'g1')).toEqual(row('g1', 2, 'paused', null, 30))
    expect(allGameClocks(db).map((r) => r.game)).toEqual(['g0', 'g1'])
    deleteGameClock(db, 'g1')
    expect(findGameClock(db, 'g1')).toBeNull()
  })

  it('gives due games by their rows first, then stale ones once each, and the next instant', () => {
    const db = engine.open()
    stream(db, 'game:due', 3)
    stream(db, 'game:later', 1)
    stream(db, 'game:behind', 5)
    stream(db, 'game:norow', 1)
    stream(db, 'system:mail', 9)
    writeGameClock(db, row('due', 3, 'active', 1000))
    writeGameClock(db, row('later', 1, 'active', 5000))
    writeGameClock(db, row('behind', 4, 'active', 500))
    const due = dueGames(db, 2000)
    expect(due.filter((d) => !d.stale)).toEqual([{ game: 'due', stale: false }])
    expect(
      due
        .filter((d) => d.stale)
        .map((d) => d.game)
        .sort(),
    ).toEqual(['behind', 'norow'])
    expect(nextGameClockAfter(db, 2000)).toBe(5000)
    expect(nextGameClockAfter(db, 5000)).toBeNull()
  })

  it("names the outage guard's games: active with a shorter threshold, and stale", () => {
    const db = engine.open()
    for (const g of ['short', 'long', 'paused', 'stale']) stream(db, `game:${g}`, 1)
    writeGameClock(db, row('short', 1, 'active', 1000, 30))
    writeGameClock(db, row('long', 1, 'active', 1000, 600))
    writeGameClock(db, row('paused', 1, 'paused', null, 30))
    expect(gamesOpenAfterSilence(db, 60).sort()).toEqual(['short', 'stale'])
  })
})
