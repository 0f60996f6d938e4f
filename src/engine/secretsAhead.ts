// What a fold from a game's whole stream asks of the secrets, read ahead on the async handle: the
// judge's own source asks the database on the event loop's thread, which on PostgreSQL waits there
// for the answer (a round trip per game a tick folds afresh).
import type { AsyncQueryable } from '../log/async/database.ts'
import { findSecretAsync } from '../log/repos/secrets.ts'
import type { SecretSource } from './fold.ts'

/** `secrets` with the game's hidden-draw secret (purpose 'hidden', point 0) read ahead on `db`. */
export async function hiddenSecretAhead(
  db: AsyncQueryable,
  secrets: SecretSource,
  game: string,
): Promise<SecretSource> {
  const hidden = await findSecretAsync(db, game, 'hidden', 0)
  if (hidden === null) return secrets
  return {
    get: (g, purpose, point) =>
      g === game && purpose === 'hidden' && point === 0 ? hidden : secrets.get(g, purpose, point),
    ...(secrets.pack ? { pack: secrets.pack } : {}),
  }
}
