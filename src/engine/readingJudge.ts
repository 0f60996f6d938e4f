// The moderator's read-only commands (a game's status, the list of games, a history, an export, a
// verification) read on the async handle, then rendered synchronously and unchanged. What they need
// is read ahead on the judge's async handle: the folds of the games they name (the stream, its
// hidden-draw secret and its stored data pack read there), the list of games when they list them,
// the server secret when they show keys, the mail records when they tell a mail's story. The
// rendering then runs on a reading judge: the judge itself with its loads, its event store, its
// mail records and its secrets answered from what was read, and every other read (the clock rows, a
// stream or a secret not read ahead) refused with NotGathered. A command refused so is run again
// the synchronous way, on the judge itself, so it prints what it printed before; a command
// therefore gathers its lines and prints them at the end. The game pages the server serves are
// rendered so too (pagesAhead), one request at a time.
import type { AsyncDatabase } from '../log/async/database.ts'
import { AsyncEventStore } from '../log/async/store.ts'
import { findPackContentAsync } from '../log/repos/packs.ts'
import { findSecretAsync } from '../log/repos/secrets.ts'
import type { EventStore, StoredEvent } from '../log/store.ts'
import { type GameCreated, SERVER_STREAM } from './events.ts'
import type { GameFold, SecretSource } from './fold.ts'
import type { Judge } from './judge.ts'
import { MailLedger } from './mailLedger.ts'
import { FilingBatch } from './filingBatch.ts'
import { noteWayBack } from './gathering.ts'
import { reachedBeyond, secretsAhead } from './planningJudge.ts'
import { foldAhead as foldThroughCache, NotGathered, type ResolutionJobs } from './resolutionBatch.ts'
import { withServerSecret } from './secret.ts'
import { serverSecretAhead } from './secretAhead.ts'

/** What a command reads ahead: the games it names (or every game), and whether it needs the server secret. */
export interface ReadAhead {
  games: readonly string[] | 'all'
  /** Other streams read whole (the mail records: 'system:mail'). */
  streams?: readonly string[]
  serverSecret?: boolean
}

/** What was read ahead: the folds of the games read, the games found missing, the list of games. */
interface Read {
  streams: Map<string, StoredEvent[]>
  hidden: Map<string, string | null>
  packs: Map<string, unknown>
  folds: Map<string, GameFold>
  missing: Set<string>
  /** Games that no longer fold: their loads fail as the synchronous way's would, when they come to them. */
  broken: Map<string, Error>
  games: string[] | null
  serverSecret: string | null
}

/**
 * `run` on a reading judge of `j` whose reads were made ahead on `jobs`; on the judge itself, the
 * synchronous way, when it reaches for something not read ahead (NotGathered).
 */
export async function onReadingJudge<T>(
  j: Judge,
  jobs: AsyncDatabase,
  what: ReadAhead,
  run: (judge: Judge) => T,
): Promise<T> {
  const reader = readingJudge(j, await readAhead(j, jobs, what))
  try {
    return run(reader)
  } catch (e) {
    if (e instanceof NotGathered) {
      noteWayBack('a reading judge', e.message)
      return run(j)
    }
    throw e
  }
}

/**
 * A game page rendered on a reading judge (src/web's PagesAhead): its game read ahead, and the
 * server secret its key scrubber blanks the keys with; on the judge itself when it reaches beyond.
 */
export function pagesAhead(
  j: Judge,
  jobs: AsyncDatabase,
): <T>(game: string, render: (judge: Judge) => T) => Promise<T> {
  return (game, render) => onReadingJudge(j, jobs, { games: [game], serverSecret: true }, render)
}

/** The games on this judge (Judge.games), read on the async handle. */
export async function gamesAhead(j: Judge, jobs: AsyncDatabase): Promise<string[]> {
  const streams = await new AsyncEventStore(jobs, j.o.store.schemas, j.o.clock).streams('game:')
  return streams.map((s) => s.slice('game:'.length))
}

/** A stream read whole on the async handle (the server's: the server secrets recorded in use). */
export function streamAhead(j: Judge, jobs: AsyncDatabase, stream = SERVER_STREAM): Promise<StoredEvent[]> {
  return new AsyncEventStore(jobs, j.o.store.schemas, j.o.clock).read(stream)
}

/**
 * `run`, which writes nothing it keeps (a check of orders, rolled back), on a planning judge of
 * `game` read ahead on the async handle, as a mail of the game is (FilingBatch): what it would
 * write is gathered and dropped. On the judge itself, the synchronous way, when it reaches beyond
 * what the batch holds.
 */
export async function onDryRun<T>(j: Judge, jobs: ResolutionJobs, game: string, run: (judge: Judge) => T): Promise<T> {
  // The fold kept first, its secrets read ahead: the batch then reads only the game's head.
  await readAhead(j, jobs.db, { games: [game] })
  const batch = await FilingBatch.open(j, jobs.db, jobs.letterSteps)
  const fold = await batch.readGame(game).catch(() => null)
  if (fold) await secretsAhead(batch.judge, jobs.db, fold)
  let result: T
  try {
    result = run(batch.judge)
  } catch (e) {
    if (reachedBeyond(batch.judge) || e instanceof NotGathered) {
      noteWayBack('a dry run', (e as Error).message)
      return run(j)
    }
    throw e
  }
  return reachedBeyond(batch.judge) ? run(j) : result
}

async function readAhead(j: Judge, jobs: AsyncDatabase, what: ReadAhead): Promise<Read> {
  const store = new AsyncEventStore(jobs, j.o.store.schemas, j.o.clock)
  const games = what.games === 'all' ? await gamesAhead(j, jobs) : [...what.games]
  const streams = what.streams ?? []
  const read: Read = {
    streams: new Map(await Promise.all(streams.map(async (s) => [s, await store.read(s)] as const))),
    hidden: new Map(),
    packs: new Map(),
    folds: new Map(),
    missing: new Set(),
    broken: new Map(),
    games: what.games === 'all' ? games : null,
    serverSecret: what.serverSecret ? await serverSecretAhead(j.o.db, jobs) : null,
  }
  const folds = await Promise.all(
    games.map((g) =>
      foldAhead(j, store, g, read).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e)))),
    ),
  )
  games.forEach((g, i) => {
    const fold = folds[i]
    if (fold instanceof Error) read.broken.set(g, fold)
    else if (fold) read.folds.set(g, fold)
    else read.missing.add(g)
  })
  return read
}

/**
 * The game's fold read on the async handle through the judge's fold cache (resolutionBatch's
 * foldAhead: only the events since the kept fold), its hidden-draw secret and stored pack kept in
 * `read` for the secrets the rendering asks; null when there is no such game.
 */
async function foldAhead(j: Judge, store: AsyncEventStore, game: string, read: Read): Promise<GameFold | null> {
  const [fold, hidden] = await Promise.all([
    foldThroughCache(j, store, game),
    findSecretAsync(store.db, game, 'hidden', 0),
  ])
  if (!fold) return null
  read.hidden.set(game, hidden)
  const first = fold.events[0]!
  const hash = first.schemaVersion >= 2 ? (first.data as GameCreated).packHash : undefined
  if (hash) read.packs.set(hash, await findPackContentAsync(store.db, hash))
  return fold
}

/**
 * The secrets read ahead: the games' hidden-draw secrets and the stored packs they name (a pack
 * not stored is the judge's embedded one, as the judge's own source answers); nothing else.
 */
function secretsRead(read: Read): SecretSource {
  return {
    get: (game, purpose, point) => {
      if (purpose === 'hidden' && point === 0 && read.hidden.has(game)) return read.hidden.get(game)!
      throw new NotGathered(`the ${purpose} secret of ${game} at ${point} was not read ahead`, {
        secret: { game, purpose, point },
      })
    },
    pack: (hash) => {
      if (read.packs.has(hash)) return read.packs.get(hash) ?? null
      throw new NotGathered(`the data pack ${hash} was not read ahead`, { pack: hash })
    },
  }
}

/** `target` whose methods refuse (NotGathered), but for `own`'s, which answer instead. */
function refusing<T extends object>(target: T, what: string, own: Record<string, unknown> = {}): T {
  return new Proxy(target, {
    get: (t, key) => {
      if (typeof key === 'string' && key in own) return own[key]
      const value = Reflect.get(t, key, t)
      if (typeof value !== 'function') return value
      return () => {
        throw new NotGathered(`${what}.${String(key)} was not read ahead`)
      }
    },
  })
}

/** `j` answering its loads and its game streams from `read`, refusing every other read. */
function readingJudge(j: Judge, read: Read): Judge {
  const fold = (game: string): GameFold => {
    const f = read.folds.get(game)
    if (f) return f
    if (read.missing.has(game)) throw new Error(`no game "${game}"`)
    const broken = read.broken.get(game)
    if (broken) throw broken
    throw new NotGathered(`game ${game} was not read ahead`, { game })
  }
  const held = (stream: string): GameFold | null =>
    stream.startsWith('game:') && read.folds.has(stream.slice('game:'.length))
      ? read.folds.get(stream.slice('game:'.length))!
      : null
  const store = refusing(j.o.store, 'store', {
    read: (stream: string, fromVersion = 1): StoredEvent[] => {
      const events = held(stream)?.events ?? read.streams.get(stream)
      if (!events) throw new NotGathered(`the stream ${stream} was not read ahead`, { stream })
      return events.filter((e) => e.version >= fromVersion)
    },
    version: (stream: string): number => {
      const f = held(stream)
      if (f) return f.version
      const other = read.streams.get(stream)
      if (other) return other.at(-1)?.version ?? 0
      if (stream.startsWith('game:') && read.missing.has(stream.slice('game:'.length))) return 0
      throw new NotGathered(`the stream ${stream} was not read ahead`, { stream })
    },
    streams: (prefix = ''): string[] => {
      if (prefix !== 'game:' || !read.games) throw new NotGathered(`the streams ${prefix}* were not listed ahead`)
      return read.games.map((g) => `game:${g}`)
    },
  }) as EventStore
  const db = refusing(j.o.db, 'database')
  return Object.create(j, {
    o: { value: { ...j.o, store, db: read.serverSecret ? withServerSecret(db, read.serverSecret) : db } },
    secrets: { value: secretsRead(read) },
    clock: { value: refusing(j.clock, 'clock') },
    mail: { value: new MailLedger(store) },
    freshSecret: {
      value: () => {
        throw new NotGathered('a reading judge draws no secret')
      },
    },
    load: {
      value: (game: string, opts: { check?: boolean } = {}) => {
        if (opts.check) throw new NotGathered(`a check of ${game} from scratch is not read ahead`)
        return fold(game)
      },
    },
    hasGame: {
      value: (game: string) => {
        if (read.folds.has(game) || read.broken.has(game)) return true
        if (read.missing.has(game)) return false
        throw new NotGathered(`game ${game} was not read ahead`, { game })
      },
    },
  }) as Judge
}
