// Tokens for the game pages (src/web): each reader (a role, the moderator, the game's observers) is
// given one apart from his order key, so a page link handed on or leaked never lets anyone send
// orders. Like keys, a token is derived from the server secret and a generation, and the log keeps
// only its hash (ViewTokenIssued); revoking it (ViewTokenRevoked) or issuing the next generation
// stops the old one. The observers' token works only while the game's observers' page is on.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { Viewer } from '../games/contract.ts'
import type { NewEvent } from '../log/store.ts'
import { gameStream, type ObserversSet, type ViewTokenIssued, type ViewTokenRevoked } from './events.ts'
import type { GameFold } from './gameFold.ts'
import type { JudgeContext as Judge } from './judgeContext.ts'
import { serverSecret } from './keys.ts'

/** The reader name of a game's observers' token. */
export const OBSERVERS = 'observers'
export const MODERATOR = 'moderator'

export function viewToken(secret: string, game: string, reader: string, generation: number): string {
  return createHmac('sha256', Buffer.from(secret, 'hex'))
    .update(`view|${game}|${reader}|${generation}`)
    .digest('hex')
    .slice(0, 32)
}

export function viewTokenHash(token: string): string {
  return createHash('sha256').update(token.trim().toLowerCase()).digest('hex')
}

/** Who may hold a token in `fold`'s game: a role of it, the moderator, or its observers. */
function checkReader(fold: GameFold, reader: string): void {
  if (reader === MODERATOR || reader === OBSERVERS || fold.players.has(reader)) return
  throw new Error(
    `game ${fold.created.game} has no reader ${reader} (roles: ${[...fold.players.keys()].join(', ')}; or moderator, observers)`,
  )
}

export interface IssuedToken {
  reader: string
  token: string
  generation: number
  /** False when the reader's live token was given again rather than a new one issued. */
  issued: boolean
}

/** The reader's live token, or a new one (the next generation) when he has none or `renew` asks for it. */
export function issueViewToken(
  j: Judge,
  game: string,
  reader: string,
  opts: { renew?: boolean; by: string },
): IssuedToken {
  return j.o.store.transaction(() => {
    const fold = j.load(game)
    checkReader(fold, reader)
    const secret = serverSecret(j.o.db)
    const current = fold.viewTokens.get(reader)
    if (current?.live && !opts.renew)
      return {
        reader,
        token: viewToken(secret, game, reader, current.generation),
        generation: current.generation,
        issued: false,
      }
    const generation = (current?.generation ?? 0) + 1
    const token = viewToken(secret, game, reader, generation)
    const data: ViewTokenIssued = { reader, tokenHash: viewTokenHash(token), generation, by: opts.by }
    j.o.store.append(gameStream(game), fold.version, [
      { type: 'ViewTokenIssued', data, audience: { kind: 'moderator' } },
    ])
    return { reader, token, generation, issued: true }
  })
}

/** The event that gives `reader` his token of `generation`. */
export function viewTokenIssued(
  secret: string,
  game: string,
  reader: string,
  generation: number,
  by: string,
): NewEvent {
  const data: ViewTokenIssued = {
    reader,
    tokenHash: viewTokenHash(viewToken(secret, game, reader, generation)),
    generation,
    by,
  }
  return { type: 'ViewTokenIssued', data, audience: { kind: 'moderator' } }
}

/** The first tokens of a new game's readers, issued with it when the pages are on. */
export function firstViewTokens(secret: string, game: string, readers: string[], by: string): NewEvent[] {
  return readers.map((reader) => viewTokenIssued(secret, game, reader, 1, by))
}

/** With the pages on, the token a new player of `role` gets with his seat (the old one ended with it). */
export function seatViewToken(j: Judge, fold: GameFold, role: string, by: string): NewEvent[] {
  if (!j.o.webBase) return []
  const generation = (fold.viewTokens.get(role)?.generation ?? 0) + 1
  return [viewTokenIssued(serverSecret(j.o.db), fold.created.game, role, generation, by)]
}

/** Stops the reader's token; false when he had none that worked. */
export function revokeViewToken(j: Judge, game: string, reader: string, opts: { reason: string; by: string }): boolean {
  return j.o.store.transaction(() => {
    const fold = j.load(game)
    checkReader(fold, reader)
    const current = fold.viewTokens.get(reader)
    if (!current?.live) return false
    const data: ViewTokenRevoked = { reader, generation: current.generation, reason: opts.reason, by: opts.by }
    j.o.store.append(gameStream(game), fold.version, [
      { type: 'ViewTokenRevoked', data, audience: { kind: 'moderator' } },
    ])
    return true
  })
}

/** Opens or closes the observers' page; false when it already stood so. */
export function setObservers(j: Judge, game: string, on: boolean, by: string): boolean {
  return j.o.store.transaction(() => {
    const fold = j.load(game)
    if (fold.observers === on) return false
    const data: ObserversSet = { on, by }
    j.o.store.append(gameStream(game), fold.version, [{ type: 'ObserversSet', data, audience: { kind: 'moderator' } }])
    return true
  })
}

/** The address of a reader's pages under the public base of the pages (no trailing slash). */
export function pageLink(base: string, game: string, token: string): string {
  return `${base}/g/${encodeURIComponent(game)}/${token}/`
}

/** The reader's working token (for the link in his report), or null when he has none. */
export function liveViewToken(j: Judge, fold: GameFold, reader: string): string | null {
  const current = fold.viewTokens.get(reader)
  if (!current?.live || (reader === OBSERVERS && !fold.observers)) return null
  return viewToken(serverSecret(j.o.db), fold.created.game, reader, current.generation)
}

/**
 * Whom `token` lets read `fold`'s game, or null. Every working token's hash is compared, each in
 * constant time and none skipped on a match, so the time taken tells nothing of how close a guess was.
 */
export function viewerOfToken(fold: GameFold, token: string): Viewer | null {
  const offered = Buffer.from(viewTokenHash(token), 'hex')
  let found: string | null = null
  for (const [reader, t] of fold.viewTokens) {
    const stored = Buffer.from(t.tokenHash, 'hex')
    const same = stored.length === offered.length && timingSafeEqual(stored, offered)
    if (same && t.live && found === null) found = reader
  }
  if (found === null) return null
  if (found === MODERATOR) return { kind: 'moderator' }
  if (found === OBSERVERS) return fold.observers ? { kind: 'observer' } : null
  return fold.players.has(found) && !fold.ejected.has(found) ? { kind: 'role', role: found } : null
}
