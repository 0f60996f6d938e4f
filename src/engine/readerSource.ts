// What reports (a reader's history, a receipt's story, exports and archives) read of the judge: the
// game's folds, a reader's report model and the templates to render it, the mail record, stored data
// packs, and a function that blanks every key out of a text. Never a key, the server secret, a dice
// secret not yet revealed, or the database: reports get this port, not the judge's options.
import type { Viewer } from '../games/contract.ts'
import type { Templates } from '../reports/render.ts'
import type { TurnAdjudicated } from './events.ts'
import type { GameFold } from './gameFold.ts'
import type { RecordedEvent } from './mailLedger.ts'

export interface ReaderSource {
  readonly templates: Templates
  /** The judge's plain address (a copy of a report is no letter to answer with a key). */
  readonly judgeAddress: string
  readonly mail: { events(): RecordedEvent[] }
  hasGame(game: string): boolean
  load(game: string): GameFold
  /** The game as it stood right after resolution `point`; null when there was none. */
  loadAfter(game: string, point: number): GameFold | null
  reportModel(
    fold: GameFold,
    viewer: Viewer,
    adjudication: TurnAdjudicated | readonly TurnAdjudicated[] | null,
  ): Record<string, unknown>
  /** Blanks every key the game has ever had out of a text. */
  keyScrubber(game: string): (text: string) => string
  /** A stored data pack's content by its SHA-256, or null. */
  storedPack(hash: string): unknown | null
}

/**
 * What the game pages (src/web) read: a reader's port, the games, and whom a page token lets read
 * a game (src/engine/viewTokens.ts). Never the tokens themselves.
 */
export interface PageSource extends ReaderSource {
  games(): string[]
  viewerOfToken(game: string, token: string): Viewer | null
}
