// Player keys. A key is derived from the server secret (src/engine/secret.ts: in the database or
// outside it, never in the log), so the judge can put it into every reply address; the log holds
// only its hash. Rekeying bumps the generation, which changes the key and revokes the old one.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

export { serverSecret } from './secret.ts'

export function playerKey(secret: string, game: string, role: string, generation: number): string {
  return createHmac('sha256', Buffer.from(secret, 'hex'))
    .update(`${game}|${role}|${generation}`)
    .digest('hex')
    .slice(0, 20)
}

/** Put where a key stood in a reader's copy. */
export const KEY_WITHHELD = '(key withheld)'

/**
 * Every key a game has ever had (each player's and the moderator's, old generations too), as a
 * function that blanks them out of a text.
 */
export function keyScrubber(
  secret: string,
  game: string,
  generations: Iterable<[role: string, last: number]>,
): (text: string) => string {
  const keys = [...generations].flatMap(([role, last]) =>
    Array.from({ length: last + 1 }, (_, g) => playerKey(secret, game, role, g)),
  )
  return (text) => keys.reduce((t, key) => t.split(key).join(KEY_WITHHELD), text)
}

export function keyHash(key: string): string {
  return createHash('sha256').update(key.trim().toLowerCase()).digest('hex')
}

export function keyMatches(key: string, hash: string): boolean {
  const a = Buffer.from(keyHash(key), 'hex')
  const b = Buffer.from(hash, 'hex')
  return a.length === b.length && timingSafeEqual(a, b)
}
