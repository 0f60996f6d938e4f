// `pbem verify --all` and the tests hold the clock read model (clockIndex.ts) to the log: every
// game's row is computed again from a fold of its whole stream (no cache) and compared.
import { clockEntry, type ClockEntry } from './clock/clockModel.ts'
import { gameStream } from './events.ts'
import { foldGame } from './fold.ts'
import type { Judge } from './judge.ts'

export interface ClockCheck {
  games: number
  /** Rows that say something else than the log at the same stream version. */
  mismatched: { game: string; row: ClockEntry; log: ClockEntry }[]
  /** Games whose row was missing or older than the stream (written by code that did not keep it). */
  missing: string[]
  /** Games that no longer fold (their clock cannot be computed; verify reports why). */
  unreadable: string[]
}

/** Compares every row with the log; with `rebuild`, the table is written again from the log. */
export function checkClock(judge: Judge, opts: { rebuild?: boolean } = {}): ClockCheck {
  const out: ClockCheck = { games: 0, mismatched: [], missing: [], unreadable: [] }
  const games = judge.games()
  const rows = new Map(judge.clock.all().map((r) => [r.game, r]))
  const fresh = new Map<string, { version: number; entry: ClockEntry }>()
  for (const game of games) {
    out.games++
    let entry: ClockEntry
    let version: number
    try {
      const fold = foldGame(judge.o.store.read(gameStream(game)), judge.registry, judge.secrets)
      entry = clockEntry(fold)
      version = fold.version
    } catch {
      out.unreadable.push(game)
      continue
    }
    fresh.set(game, { version, entry })
    const row = rows.get(game)
    if (!row || row.version !== version) out.missing.push(game)
    else if (
      row.status !== entry.status ||
      row.nextAt !== entry.nextAt ||
      row.what !== entry.what ||
      row.outageMinutes !== entry.outageMinutes
    )
      out.mismatched.push({
        game,
        row: { status: row.status, nextAt: row.nextAt, what: row.what, outageMinutes: row.outageMinutes },
        log: entry,
      })
  }
  if (opts.rebuild)
    judge.transaction(() => {
      for (const game of rows.keys()) if (!fresh.has(game)) judge.clock.remove(game)
      for (const [game, f] of fresh) judge.clock.write(game, f.version, f.entry)
    })
  return out
}
