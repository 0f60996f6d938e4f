// What a fold from a game's whole stream asks of the secrets, read ahead on the async handle: the
// judge's own source asks the database on the event loop's thread, which on PostgreSQL waits there
// for the answer (a round trip per game a tick folds afresh).
import type { AsyncQueryable } from '../log/async/database.ts'
import { findPackContentAsync } from '../log/repos/packs.ts'
import { findSecretAsync } from '../log/repos/secrets.ts'
import type { StoredEvent } from '../log/store.ts'
import type { GameCreated } from './events.ts'
import type { SecretSource } from './fold.ts'

/** `secrets` with the game's hidden-draw secret (purpose 'hidden', point 0) read ahead on `db`. */
export async function hiddenSecretAhead(
  db: AsyncQueryable,
  secrets: SecretSource,
  game: string,
): Promise<SecretSource> {
  // Found missing, it is missing for the fold too (no synchronous read to ask again).
  const hidden = await findSecretAsync(db, game, 'hidden', 0)
  return {
    get: (g, purpose, point) =>
      g === game && purpose === 'hidden' && point === 0 ? hidden : secrets.get(g, purpose, point),
    ...(secrets.pack ? { pack: secrets.pack } : {}),
  }
}

/** `secrets` with the stored pack the game names (by hash, from schema 2 on) read ahead on `db`. */
export async function withPackAhead(
  db: AsyncQueryable,
  secrets: SecretSource,
  first: StoredEvent,
): Promise<SecretSource> {
  const hash = first.schemaVersion >= 2 ? (first.data as GameCreated).packHash : undefined
  if (!hash) return secrets
  // A pack found missing here is missing for the fold too: asking the judge's own source again
  // would be a synchronous read (none at all on PostgreSQL) with the same answer.
  const content = await findPackContentAsync(db, hash)
  return { ...secrets, pack: (h) => (h === hash ? content : (secrets.pack?.(h) ?? null)) }
}
