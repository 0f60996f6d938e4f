// Each game's clock row (status, next instant of interest), kept by the judge in the transaction of
// every append to a game stream (Judge's onAppend listener), so the tick asks the log which games
// are due instead of folding them all (rows: src/log/repos/gameClock.ts). A game whose row is
// missing or older than its stream counts as due: the tick folds it and writes the row again.
import type { AsyncQueryable } from '../log/async/database.ts'
import {
  allGameClocks,
  type DueGame,
  deleteGameClock,
  dueGames,
  findGameClock,
  gamesOpenAfterSilence,
  nextGameClockAfter,
  refreshGameClockAsync,
  writeGameClock,
} from '../log/repos/gameClock.ts'
import type { SqlDatabase as Database } from '../log/sql.ts'
import { type ClockEntry, type ClockStatus, clockEntry } from './clock/clockModel.ts'
import type { GameFold } from './fold.ts'

export interface ClockRow extends ClockEntry {
  game: string
  version: number
}

export type { DueGame }

export class ClockIndex {
  constructor(readonly db: Database) {}

  write(game: string, version: number, e: ClockEntry): void {
    writeGameClock(this.db, {
      game,
      version,
      status: e.status,
      nextAt: e.nextAt,
      what: e.what,
      outageMinutes: e.outageMinutes,
    })
  }

  remove(game: string): void {
    deleteGameClock(this.db, game)
  }

  read(game: string): ClockRow | null {
    return findGameClock<ClockStatus>(this.db, game)
  }

  all(): ClockRow[] {
    return allGameClocks<ClockStatus>(this.db)
  }

  /** Games with work at `now` by their rows, and games whose rows the model cannot vouch for. */
  due(now: number): DueGame[] {
    return dueGames(this.db, now)
  }

  /**
   * The outage guard's games after a silence of `minutes`: active ones whose threshold is shorter,
   * and stale ones (their rows cannot tell).
   */
  open(minutes: number): string[] {
    return gamesOpenAfterSilence(this.db, minutes)
  }

  /** The first instant after `now` at which some game has work. */
  nextAfter(now: number): number | null {
    return nextGameClockAfter(this.db, now)
  }
}

/**
 * The row of a game whose row the tick found stale, written on the async handle from the fold the
 * tick read there (as Judge.refreshClock writes it from the fold it loads), so the pass waits on no
 * synchronous round trip. A row a writer wrote since from a later version is left as it is.
 */
export function refreshClockAhead(db: AsyncQueryable, fold: GameFold): Promise<void> {
  return refreshGameClockAsync(db, { game: fold.created.game, version: fold.version, ...clockEntry(fold) })
}
