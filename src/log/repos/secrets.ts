// The secrets table (migrations/003_engine.sql): each game's dice and hidden-draw secrets, kept
// here until the log reveals them; the log itself holds only their commitments.
import type { AsyncQueryable, AsyncStep } from '../async/database.ts'
import { placeholderOf, type SqlDatabase, type SqlEngine } from '../sql.ts'
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

/** As findSecret, on the async handle (a resolution's reads made ahead of its batch). */
export async function findSecretAsync(
  q: AsyncQueryable,
  game: string,
  purpose: SecretPurpose,
  point: number,
): Promise<string | null> {
  const p = placeholderOf(q.engine)
  const row = await q.get<{ secret: string }>(
    `SELECT secret FROM secrets WHERE game = ${p(1)} AND purpose = ${p(2)} AND point = ${p(3)}`,
    [game, purpose, point],
  )
  return row ? row.secret : null
}

/** As recordSecret, as a step of the batch that appends the secret's commitment. */
export function secretStep(
  engine: SqlEngine,
  game: string,
  purpose: SecretPurpose,
  point: number,
  secret: string,
): AsyncStep {
  const p = placeholderOf(engine)
  return {
    sql: `INSERT INTO secrets (game, purpose, point, secret) VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)})`,
    params: [game, purpose, point, secret],
  }
}
