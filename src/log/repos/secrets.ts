// The secrets table (migrations/003_engine.sql): each game's dice and hidden-draw secrets, kept
// here until the log reveals them; the log itself holds only their commitments.
import type { SqlDatabase } from '../sql.ts'
import { statement } from '../statementCache.ts'

export type SecretPurpose = 'dice' | 'hidden'

/** The secret drawn for `purpose` at `point` of `game`, or null when none was drawn. */
export function findSecret(db: SqlDatabase, game: string, purpose: SecretPurpose, point: number): string | null {
  const row = statement<[string, string, number], { secret: string }>(
    db,
    'SELECT secret FROM secrets WHERE game = ? AND purpose = ? AND point = ?',
  ).get(game, purpose, point)
  return row ? row.secret : null
}

/** Keeps a freshly drawn secret; one already kept for the same game, purpose and point is refused. */
export function recordSecret(
  db: SqlDatabase,
  game: string,
  purpose: SecretPurpose,
  point: number,
  secret: string,
): void {
  statement(db, 'INSERT INTO secrets (game, purpose, point, secret) VALUES (?, ?, ?, ?)').run(
    game,
    purpose,
    point,
    secret,
  )
}
