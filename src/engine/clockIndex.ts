// The game_clock table (migrations/007_game_clock.sql): each game's clock row, kept by the judge in
// the transaction of every append to a game stream (Judge's onAppend listener), so the tick asks
// SQLite which games are due instead of folding them all. A game whose row is missing or older
// than its stream counts as due: the tick folds it and writes the row again.
import type { SqlDatabase as Database, SqlStatement as Statement } from '../log/sql.ts'
import type { ClockEntry, ClockStatus } from './clock/clockModel.ts'

export interface ClockRow extends ClockEntry {
  game: string
  version: number
}

export interface DueGame {
  game: string
  /** The row is missing or older than the stream: the game is read because the model cannot tell. */
  stale: boolean
}

interface Row {
  stream: string
  version: number
  status: ClockStatus
  next_at: number | null
  next_what: string | null
  outage_minutes: number | null
}

const COLUMNS = 'stream, version, status, next_at, next_what, outage_minutes'

const PREFIX = 'game:'
// Streams named 'game:...' sort between 'game:' and 'game;' (';' follows ':').
const IN_GAMES = `s.stream > 'game:' AND s.stream < 'game;'`

export class ClockIndex {
  private readonly upsert: Statement<[string, number, string, number | null, string | null, number]>
  private readonly del: Statement<[string]>
  private readonly one: Statement<[string], Row>
  private readonly dueStmt: Statement<[number], { stream: string }>
  private readonly staleStmt: Statement<[], { stream: string }>
  private readonly openStmt: Statement<[number], { stream: string }>
  private readonly nextStmt: Statement<[number], { t: number | null }>

  constructor(readonly db: Database) {
    this.upsert = db.prepare(
      `INSERT INTO game_clock (stream, version, status, next_at, next_what, outage_minutes) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (stream) DO UPDATE SET version = excluded.version, status = excluded.status,
         next_at = excluded.next_at, next_what = excluded.next_what, outage_minutes = excluded.outage_minutes`,
    )
    this.del = db.prepare('DELETE FROM game_clock WHERE stream = ?')
    this.one = db.prepare(`SELECT ${COLUMNS} FROM game_clock WHERE stream = ?`)
    this.dueStmt = db.prepare('SELECT stream FROM game_clock WHERE next_at IS NOT NULL AND next_at <= ?')
    this.staleStmt = db.prepare(
      `SELECT s.stream FROM streams s LEFT JOIN game_clock c ON c.stream = s.stream
       WHERE ${IN_GAMES} AND (c.version IS NULL OR c.version != s.version)`,
    )
    this.openStmt = db.prepare(
      `SELECT s.stream FROM streams s LEFT JOIN game_clock c ON c.stream = s.stream
       WHERE ${IN_GAMES} AND (c.version IS NULL OR c.version != s.version
         OR (c.status = 'active' AND c.outage_minutes < ?))`,
    )
    this.nextStmt = db.prepare('SELECT MIN(next_at) AS t FROM game_clock WHERE next_at > ?')
  }

  write(game: string, version: number, e: ClockEntry): void {
    this.upsert.run(PREFIX + game, version, e.status, e.nextAt, e.what, e.outageMinutes)
  }

  remove(game: string): void {
    this.del.run(PREFIX + game)
  }

  read(game: string): ClockRow | null {
    const r = this.one.get(PREFIX + game)
    return r ? toRow(r) : null
  }

  all(): ClockRow[] {
    return (this.db.prepare(`SELECT ${COLUMNS} FROM game_clock ORDER BY stream`).all() as Row[]).map(toRow)
  }

  /** Games with work at `now` by their rows, and games whose rows the model cannot vouch for. */
  due(now: number): DueGame[] {
    const stale = this.staleStmt.all().map((r) => r.stream.slice(PREFIX.length))
    const seen = new Set(stale)
    const due = this.dueStmt
      .all(now)
      .map((r) => r.stream.slice(PREFIX.length))
      .filter((g) => !seen.has(g))
    return [...due.map((game) => ({ game, stale: false })), ...stale.map((game) => ({ game, stale: true }))]
  }

  /**
   * The outage guard's games after a silence of `minutes`: active ones whose threshold is shorter,
   * and stale ones (their rows cannot tell).
   */
  open(minutes: number): string[] {
    return this.openStmt.all(minutes).map((r) => r.stream.slice(PREFIX.length))
  }

  /** The first instant after `now` at which some game has work. */
  nextAfter(now: number): number | null {
    return this.nextStmt.get(now)?.t ?? null
  }
}

function toRow(r: Row): ClockRow {
  return {
    game: r.stream.slice(PREFIX.length),
    version: r.version,
    status: r.status,
    nextAt: r.next_at,
    what: r.next_what,
    outageMinutes: r.outage_minutes ?? 0,
  }
}
