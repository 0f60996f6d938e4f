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

export function keyHash(key: string): string {
  return createHash('sha256').update(key.trim().toLowerCase()).digest('hex')
}

export function keyMatches(key: string, hash: string): boolean {
  const a = Buffer.from(keyHash(key), 'hex')
  const b = Buffer.from(hash, 'hex')
  return a.length === b.length && timingSafeEqual(a, b)
}
