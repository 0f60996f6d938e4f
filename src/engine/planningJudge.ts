// The judge as a filing batch sees it: its own commands (answers to questions, SET ZONE, SET
// ABSENCE, PRESS, the read-only mail commands, the moderator's commands that only append to the
// game and write letters: src/mail/moderatorInBatch.ts) run unchanged, deciding from the folds as
// they stand, but what they write goes into the batch: an append to a game becomes the batch's
// append after the game as the batch leaves it, a letter joins the batch's letters, a transaction
// is a savepoint of the batch's own. The batch then writes it all at once on the async store
// (filingBatch.ts).
//
// It is the judge itself with a few things replaced (its store's writes and its reads of the games
// the batch holds, its outbox, its load and hasGame), made as an object whose prototype is the judge:
// everything else (the keys, the templates, the fold cache) is the judge's. A game the batch read
// ahead on the async handle (FilingBatch.readGame) or planned is loaded and read from its fold; any
// other read is the judge's own, synchronous.
import type { EventStore, NewEvent, StoredEvent } from '../log/store.ts'
import type { Letter } from '../reports/render.ts'
import type { GameFold } from './fold.ts'
import type { Judge } from './judge.ts'
import { withServerSecret } from './secret.ts'

/** What the planning judge writes into and loads from: a filing batch (FilingBatch). */
export interface PlanTarget {
  appendGame(game: string, expected: number, events: NewEvent[]): StoredEvent[]
  enqueue(letter: Letter, meta: { game: string | null; kind: string }): void
  foldOf(game: string): GameFold
  hasGame(game: string): boolean
  /** The game's fold as the batch holds it (read ahead or planned), or null when it holds none. */
  heldFold(game: string): GameFold | null
  /** Where the batch stands, and going back there: a transaction that throws leaves nothing gathered. */
  mark(): object
  rollBack(m: object): void
  /** The server secret read ahead, which the keys are checked against without a read; else read when asked. */
  readonly serverSecret?: string | undefined
}

const gameOf = (stream: string) => (stream.startsWith('game:') ? stream.slice('game:'.length) : null)

/** `j` writing into `batch`. */
export function planningJudge(j: Judge, batch: PlanTarget): Judge {
  const store = Object.create(j.o.store, {
    // Nothing is written here, so there is nothing to hold or lock: the batch takes the locks. A
    // transaction is a savepoint over what is gathered: one that throws (a moderator's command
    // refused half way) leaves nothing of it in the batch, as a rolled-back transaction would.
    transaction: {
      value: <T>(fn: () => T): T => {
        const m = batch.mark()
        try {
          return fn()
        } catch (e) {
          batch.rollBack(m)
          throw e
        }
      },
    },
    lock: { value: () => {} },
    lockStream: { value: () => {} },
    // A game the batch holds is read from its fold, whose events are the whole stream as the batch
    // leaves it (a report made again, the game after a past resolution): no synchronous read.
    read: {
      value: (stream: string, fromVersion = 1): StoredEvent[] => {
        const held = gameOf(stream) && batch.heldFold(gameOf(stream)!)
        return held ? held.events.filter((e) => e.version >= fromVersion) : j.o.store.read(stream, fromVersion)
      },
    },
    version: {
      value: (stream: string): number => {
        const held = gameOf(stream) && batch.heldFold(gameOf(stream)!)
        return held ? held.version : j.o.store.version(stream)
      },
    },
    append: {
      value: (stream: string, expected: number, events: NewEvent[]): StoredEvent[] => {
        const game = gameOf(stream)
        if (!game) throw new Error(`a filing batch appends to games only, not ${stream}`)
        return batch.appendGame(game, expected, events)
      },
    },
  }) as EventStore
  const outbox = {
    enqueue: (letter: Letter, meta: { game: string | null; kind: string }) => batch.enqueue(letter, meta),
  }
  return Object.create(j, {
    o: {
      value: { ...j.o, store, outbox, db: batch.serverSecret ? withServerSecret(j.o.db, batch.serverSecret) : j.o.db },
    },
    load: {
      value: (game: string, opts: { check?: boolean } = {}) => (opts.check ? j.load(game, opts) : batch.foldOf(game)),
    },
    hasGame: { value: (game: string) => batch.hasGame(game) },
  }) as Judge
}
