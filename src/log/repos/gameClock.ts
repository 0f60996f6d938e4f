// The game_clock table (migrations/007_game_clock.sql): each game's clock row, written in the
// transaction of every append to its stream, so the deadline tick asks which games are due instead
// of folding them all. A row older than its stream (or missing) is stale: the model cannot vouch
// for it. Games are named by id here; their rows and streams are 'game:<id>'.
import type { AsyncQueryable, AsyncStep } from '../async/database.ts'
import { type Placeholder, placeholderOf, QMARK, type SqlDatabase, type SqlEngine } from '../sql.ts'
import { statement } from '../statementCache.ts'

/** A game's clock row: its status, the first instant it has work, and its outage threshold. */
export interface GameClockRecord<S extends string = string> {
  game: string
  /** The stream version the row was computed from. */
  version: number
  status: S
  nextAt: number | null
  /** What the tick would do at nextAt, in words. */
  what: string | null
  outageMinutes: number
}

export interface DueGame {
  game: string
  /** The row is missing or older than the stream: the game is read because the model cannot tell. */
  stale: boolean
}

export interface GameClockRow {
  stream: string
  version: number
  status: string
  next_at: number | null
  next_what: string | null
  outage_minutes: number | null
}

export const COLUMNS = 'stream, version, status, next_at, next_what, outage_minutes'
const PREFIX = 'game:'
// Streams named 'game:...' sort between 'game:' and 'game;' (';' follows ':').
const IN_GAMES = `s.stream > 'game:' AND s.stream < 'game;'`
const STALE = 'c.version IS NULL OR c.version != s.version'

const gameOf = (stream: string) => stream.slice(PREFIX.length)

/** A row as a record; numbers made numbers whichever driver read them (PostgreSQL's BIGINT may come as text). */
export function toRecord<S extends string>(r: GameClockRow): GameClockRecord<S> {
  return {
    game: gameOf(r.stream),
    version: Number(r.version),
    status: r.status as S,
    nextAt: r.next_at === null ? null : Number(r.next_at),
    what: r.next_what,
    outageMinutes: r.outage_minutes === null ? 0 : Number(r.outage_minutes),
  }
}

const WRITE = (p: Placeholder) =>
  `INSERT INTO game_clock (${COLUMNS}) VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)})
     ON CONFLICT (stream) DO UPDATE SET version = excluded.version, status = excluded.status,
       next_at = excluded.next_at, next_what = excluded.next_what, outage_minutes = excluded.outage_minutes`

const writeParams = (row: GameClockRecord) => [
  PREFIX + row.game,
  row.version,
  row.status,
  row.nextAt,
  row.what,
  row.outageMinutes,
]

/** Writes `game`'s row (inserted or replaced). */
export function writeGameClock(db: SqlDatabase, row: GameClockRecord): void {
  statement(db, WRITE(QMARK)).run(...writeParams(row))
}

/** As writeGameClock, as a step of the batch that appends to the game's stream. */
export function gameClockStep(engine: SqlEngine, row: GameClockRecord): AsyncStep {
  return { sql: WRITE(placeholderOf(engine)), params: writeParams(row) }
}

/**
 * Writes `game`'s row on the async handle unless the row there was computed from a later version
 * (a writer that appended since `row` was made wrote its own): a stale row refreshed by the tick.
 */
export async function refreshGameClockAsync(q: AsyncQueryable, row: GameClockRecord): Promise<void> {
  await q.run(`${WRITE(placeholderOf(q.engine))} WHERE game_clock.version <= excluded.version`, writeParams(row))
}

export function deleteGameClock(db: SqlDatabase, game: string): void {
  statement(db, 'DELETE FROM game_clock WHERE stream = ?').run(PREFIX + game)
}

export function findGameClock<S extends string = string>(db: SqlDatabase, game: string): GameClockRecord<S> | null {
  const r = statement<[string], GameClockRow>(db, `SELECT ${COLUMNS} FROM game_clock WHERE stream = ?`).get(
    PREFIX + game,
  )
  return r ? toRecord<S>(r) : null
}

/** Every row, by game. */
export function allGameClocks<S extends string = string>(db: SqlDatabase): GameClockRecord<S>[] {
  return statement<[], GameClockRow>(db, `SELECT ${COLUMNS} FROM game_clock ORDER BY stream`)
    .all()
    .map((r) => toRecord<S>(r))
}

/** Games with work at `now` by their rows, then games whose rows are stale (each game once). */
export function dueGames(db: SqlDatabase, now: number): DueGame[] {
  const stale = statement<[], { stream: string }>(
    db,
    `SELECT s.stream FROM streams s LEFT JOIN game_clock c ON c.stream = s.stream WHERE ${IN_GAMES} AND (${STALE})`,
  )
    .all()
    .map((r) => gameOf(r.stream))
  const seen = new Set(stale)
  const due = statement<[number], { stream: string }>(
    db,
    'SELECT stream FROM game_clock WHERE next_at IS NOT NULL AND next_at <= ?',
  )
    .all(now)
    .map((r) => gameOf(r.stream))
    .filter((g) => !seen.has(g))
  return [...due.map((game) => ({ game, stale: false })), ...stale.map((game) => ({ game, stale: true }))]
}

/** As dueGames, on the async handle (the tick `pbem serve` runs). */
export async function dueGamesAsync(q: AsyncQueryable, now: number): Promise<DueGame[]> {
  const [staleRows, dueRows] = await Promise.all([
    q.all<{ stream: string }>(
      `SELECT s.stream FROM streams s LEFT JOIN game_clock c ON c.stream = s.stream WHERE ${IN_GAMES} AND (${STALE})`,
    ),
    q.all<{ stream: string }>(
      `SELECT stream FROM game_clock WHERE next_at IS NOT NULL AND next_at <= ${placeholderOf(q.engine)(1)}`,
      [now],
    ),
  ])
  const stale = staleRows.map((r) => gameOf(r.stream))
  const seen = new Set(stale)
  const due = dueRows.map((r) => gameOf(r.stream)).filter((g) => !seen.has(g))
  return [...due.map((game) => ({ game, stale: false })), ...stale.map((game) => ({ game, stale: true }))]
}

/** As nextGameClockAfter, on the async handle. */
export async function nextGameClockAfterAsync(q: AsyncQueryable, now: number): Promise<number | null> {
  const row = await q.get<{ t: number | string | null }>(
    `SELECT MIN(next_at) AS t FROM game_clock WHERE next_at > ${placeholderOf(q.engine)(1)}`,
    [now],
  )
  return row?.t === null || row?.t === undefined ? null : Number(row.t)
}

/** Active games whose outage threshold is shorter than `minutes`, and games whose rows are stale. */
export function gamesOpenAfterSilence(db: SqlDatabase, minutes: number): string[] {
  return statement<[number], { stream: string }>(
    db,
    `SELECT s.stream FROM streams s LEFT JOIN game_clock c ON c.stream = s.stream
     WHERE ${IN_GAMES} AND (${STALE} OR (c.status = 'active' AND c.outage_minutes < ?))`,
  )
    .all(minutes)
    .map((r) => gameOf(r.stream))
}

/** As gamesOpenAfterSilence, on the async handle. */
export async function gamesOpenAfterSilenceAsync(q: AsyncQueryable, minutes: number): Promise<string[]> {
  const rows = await q.all<{ stream: string }>(
    `SELECT s.stream FROM streams s LEFT JOIN game_clock c ON c.stream = s.stream
     WHERE ${IN_GAMES} AND (${STALE} OR (c.status = 'active' AND c.outage_minutes < CAST(${placeholderOf(q.engine)(1)} AS DOUBLE PRECISION)))`,
    [minutes],
  )
  return rows.map((r) => gameOf(r.stream))
}

/** The first instant after `now` at which some game has work, or null when none has. */
export function nextGameClockAfter(db: SqlDatabase, now: number): number | null {
  return (
    statement<[number], { t: number | null }>(db, 'SELECT MIN(next_at) AS t FROM game_clock WHERE next_at > ?').get(now)
      ?.t ?? null
  )
}
