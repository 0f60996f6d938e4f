// `pbem verify --all` and the tests hold the clock read model (clockIndex.ts) to the log: every
// game's row is computed again from a fold of its whole stream (no cache) and compared.
// checkClockAhead does it on the async handle: the list of games, the rows, each game's stream, its
// hidden-draw secret and its stored pack read there, the table written again in one batch.
import type { AsyncDatabase } from '../log/async/database.ts'
import { AsyncEventStore } from '../log/async/store.ts'
import { allGameClocksAsync, gameClockRebuildSteps } from '../log/repos/gameClockCheck.ts'
import { clockEntry, type ClockEntry } from './clock/clockModel.ts'
import type { ClockRow } from './clockIndex.ts'
import { gameStream } from './events.ts'
import { foldGame, type GameFold } from './fold.ts'
import type { Judge } from './judge.ts'
import { hiddenSecretAhead, withPackAhead } from './secretsAhead.ts'

export interface ClockCheck {
  games: number
  /** Rows that say something else than the log at the same stream version. */
  mismatched: { game: string; row: ClockEntry; log: ClockEntry }[]
  /** Games whose row was missing or older than the stream (written by code that did not keep it). */
  missing: string[]
  /** Games that no longer fold (their clock cannot be computed; verify reports why). */
  unreadable: string[]
}

/** What the log says of each game's clock: the stream version folded and its entry. */
type Fresh = Map<string, { version: number; entry: ClockEntry }>

/** Compares every row with the log; with `rebuild`, the table is written again from the log. */
export function checkClock(judge: Judge, opts: { rebuild?: boolean } = {}): ClockCheck {
  const rows = judge.clock.all()
  const folds = judge
    .games()
    .map((game) => [game, () => foldGame(judge.o.store.read(gameStream(game)), judge.registry, judge.secrets)] as const)
  const { out, fresh } = compare(rows, folds)
  if (opts.rebuild)
    judge.transaction(() => {
      for (const r of rows) if (!fresh.has(r.game)) judge.clock.remove(r.game)
      for (const [game, f] of fresh) judge.clock.write(game, f.version, f.entry)
    })
  return out
}

/**
 * As checkClock, read on `jobs`; with `rebuild`, one batch writes the table again, replacing no row
 * a writer moved past the version read and dropping no row of a game created since.
 */
export async function checkClockAhead(
  jobs: AsyncDatabase,
  judge: Judge,
  opts: { rebuild?: boolean } = {},
): Promise<ClockCheck> {
  const store = new AsyncEventStore(jobs, judge.o.store.schemas, judge.o.clock)
  const [streams, rows] = await Promise.all([store.streams('game:'), allGameClocksAsync<ClockRow['status']>(jobs)])
  const folds: [string, () => GameFold][] = []
  /** Each game's stream version as read (0 when it could not be read). */
  const read = new Map<string, number>()
  for (const game of streams.map((s) => s.slice('game:'.length))) {
    let fold: () => GameFold
    try {
      const events = await store.read(gameStream(game))
      read.set(game, events.at(-1)?.version ?? 0)
      const secrets = events.length
        ? await withPackAhead(jobs, await hiddenSecretAhead(jobs, judge.secrets, game), events[0]!)
        : judge.secrets
      fold = () => foldGame(events, judge.registry, secrets)
    } catch (e) {
      fold = () => {
        throw e
      }
    }
    folds.push([game, fold])
  }
  const { out, fresh } = compare(rows, folds)
  if (opts.rebuild) {
    const written = [...fresh].map(([game, f]) => ({ game, version: f.version, ...f.entry }))
    const dropped = rows
      .filter((r) => !fresh.has(r.game))
      .map((r) => ({ game: r.game, version: read.get(r.game) ?? 0 }))
    await jobs.batch(gameClockRebuildSteps(jobs.engine, written, dropped))
  }
  return out
}

/** Each game's row against the fold of its stream (`fold` throws for a game that no longer folds). */
function compare(rows: readonly ClockRow[], folds: readonly (readonly [string, () => GameFold])[]) {
  const out: ClockCheck = { games: 0, mismatched: [], missing: [], unreadable: [] }
  const byGame = new Map(rows.map((r) => [r.game, r]))
  const fresh: Fresh = new Map()
  for (const [game, fold] of folds) {
    out.games++
    let entry: ClockEntry
    let version: number
    try {
      const f = fold()
      entry = clockEntry(f)
      version = f.version
    } catch {
      out.unreadable.push(game)
      continue
    }
    fresh.set(game, { version, entry })
    const row = byGame.get(game)
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
  return { out, fresh }
}
