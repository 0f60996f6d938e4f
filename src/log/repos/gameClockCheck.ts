// The game_clock rows as `pbem verify --all` holds them to the log, on the async handle: every row
// read at once, then the table written again from the log in one batch. The batch writes what the
// log said when it was read and nothing a writer changed since: a row is replaced only by one of
// its stream's version or a later one, and a row is dropped only while its stream is where it was
// read (a game created or appended to since keeps the row its writer wrote).
import type { AsyncQueryable, AsyncStep } from '../async/database.ts'
import { placeholderOf, type SqlEngine } from '../sql.ts'
import { COLUMNS, type GameClockRecord, type GameClockRow, toRecord } from './gameClock.ts'

const PREFIX = 'game:'

/** Every game's row, by game (allGameClocks on the async handle). */
export async function allGameClocksAsync<S extends string = string>(q: AsyncQueryable): Promise<GameClockRecord<S>[]> {
  const rows = await q.all<GameClockRow>(`SELECT ${COLUMNS} FROM game_clock ORDER BY stream`)
  return rows.map((r) => toRecord<S>(r))
}

/**
 * The steps that write the table again: `rows` (each computed from its stream at `version`) written
 * unless a later version's row is there, and the rows of `dropped` (games not found, version 0, or
 * that no longer fold, at the version read) deleted unless their stream has gone past that version.
 */
export function gameClockRebuildSteps(
  engine: SqlEngine,
  rows: readonly GameClockRecord[],
  dropped: readonly { game: string; version: number }[],
): AsyncStep[] {
  const p = placeholderOf(engine)
  const drop = `DELETE FROM game_clock WHERE stream = ${p(1)}
     AND NOT EXISTS (SELECT 1 FROM streams WHERE stream = ${p(2)} AND version > ${p(3)})`
  const write = `INSERT INTO game_clock (stream, version, status, next_at, next_what, outage_minutes)
     VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)})
     ON CONFLICT (stream) DO UPDATE SET version = excluded.version, status = excluded.status,
       next_at = excluded.next_at, next_what = excluded.next_what, outage_minutes = excluded.outage_minutes
     WHERE game_clock.version <= excluded.version`
  return [
    ...dropped.map((d) => ({ sql: drop, params: [PREFIX + d.game, PREFIX + d.game, d.version] })),
    ...rows.map((r) => ({
      sql: write,
      params: [PREFIX + r.game, r.version, r.status, r.nextAt, r.what, r.outageMinutes],
    })),
  ]
}
