// The moderator's read-only commands (a game's status, the list of games, a history, an export, a
// verification) read on the async handle, then rendered synchronously and unchanged. What they need
// is read ahead on the judge's async handle: the folds of the games they name (the stream, its
// hidden-draw secret and its stored data pack read there), the list of games when they list them,
// the server secret when they show keys, the mail records when they tell a mail's story. The
// rendering then runs on a reading judge: the judge itself with its loads, its event store, its
// mail records and its secrets answered from what was read, and every other read refused with
// NotGathered. A reader writes nothing, so it loses no race: what a refused rendering reached for (a
// game, a stream, a list of streams, a secret, a stored pack, the server secret) is read ahead too
// and the rendering runs again, until it reaches nothing unread. Each round reads something new, so
// it ends; what cannot be read ahead (the clock rows, a write, a secret drawn) is an error, never a
// read on the synchronous handle. A command therefore gathers its lines and prints them at the end.
// The game pages the server serves are rendered so too (pagesAhead), one request at a time.
import type { AsyncDatabase } from '../log/async/database.ts'
import { AsyncEventStore } from '../log/async/store.ts'
import { findPackContentAsync } from '../log/repos/packs.ts'
import { findSecretAsync } from '../log/repos/secrets.ts'
import type { EventStore, StoredEvent } from '../log/store.ts'
import { type GameCreated, gameOfStream, gameStream, SERVER_STREAM } from './events.ts'
import { foldGame, type GameFold, type SecretSource } from './fold.ts'
import type { Judge } from './judge.ts'
import { MailLedger } from './mailLedger.ts'
import { foldAhead as foldThroughCache, NotGathered } from './resolutionBatch.ts'
import { withServerSecret } from './secret.ts'
import { serverSecretAhead } from './secretAhead.ts'

export { onDryRun } from './dryRun.ts'

/** What a command reads ahead: the games it names (or every game), and whether it needs the server secret. */
export interface ReadAhead {
  games: readonly string[] | 'all'
  /** Other streams read whole (the mail records: 'system:mail'). */
  streams?: readonly string[]
  serverSecret?: boolean
}

type Purpose = 'dice' | 'hidden'

/** One thing a rendering reached for: read ahead, then the rendering runs again. */
type Want =
  | { game: string }
  | { stream: string }
  | { list: string }
  | { secret: { game: string; purpose: Purpose; point: number } }
  | { pack: string }
  | { serverSecret: true }

/** A refusal of the reading judge, with what reading ahead would answer it (null: nothing can). */
interface Refusal {
  want: Want | null
  error: NotGathered
}

/** What was read ahead so far: folds, games found missing or broken, streams, lists, secrets, packs. */
interface Read {
  streams: Map<string, StoredEvent[]>
  /** The streams listed, by prefix ('game:': the games). */
  lists: Map<string, string[]>
  /** Secrets by `game|purpose|point` (null: known to be none). */
  secrets: Map<string, string | null>
  packs: Map<string, unknown>
  folds: Map<string, GameFold>
  missing: Set<string>
  /** Games that no longer fold: their loads fail as the synchronous way's would, when they come to them. */
  broken: Map<string, Error>
  serverSecret: string | null
}

/** How many times a rendering runs again on more read ahead before it is given up as a fault. */
export const READING_ROUNDS = 100

const secretKey = (game: string, purpose: string, point: number) => `${game}|${purpose}|${point}`

/**
 * `run` on a reading judge of `j` whose reads were made ahead on `jobs`: what it reaches for and was
 * not read ahead is read ahead too, and `run` runs again, until it reaches nothing unread. `run` may
 * therefore run more than once: it reads and returns (or gathers its output), it prints nothing.
 */
export async function onReadingJudge<T>(
  j: Judge,
  jobs: AsyncDatabase,
  what: ReadAhead,
  run: (judge: Judge) => T,
): Promise<T> {
  const read = await firstRead(j, jobs, what)
  for (let round = 1; ; round++) {
    const refusals: Refusal[] = []
    let result: T
    try {
      result = run(readingJudge(j, read, refusals))
    } catch (e) {
      // A failure after a refusal may be that refusal's, caught and carried on from: run again.
      if (!refusals.length) throw e
    }
    if (!refusals.length) return result!
    const more = stillUnread(read, refusals)
    if (round >= READING_ROUNDS)
      throw new Error(
        `a reading command still reached beyond what it read ahead after ${READING_ROUNDS} rounds: ${refusals[0]!.error.message}`,
      )
    await readMore(j, jobs, read, more)
  }
}

/**
 * A game page rendered on a reading judge (src/web's PagesAhead): its game read ahead, and the
 * server secret its key scrubber blanks the keys with; what else it reaches, read ahead as it does.
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

/** What `what` names, read on `jobs`: the list of games first when it names them all. */
async function firstRead(j: Judge, jobs: AsyncDatabase, what: ReadAhead): Promise<Read> {
  const read: Read = {
    streams: new Map(),
    lists: new Map(),
    secrets: new Map(),
    packs: new Map(),
    folds: new Map(),
    missing: new Set(),
    broken: new Map(),
    serverSecret: null,
  }
  const wants: Want[] = [
    ...(what.games === 'all' ? [{ list: 'game:' }] : what.games.map((game) => ({ game }))),
    ...(what.streams ?? []).map((stream) => ({ stream })),
    ...(what.serverSecret ? [{ serverSecret: true as const }] : []),
  ]
  await readMore(j, jobs, read, wants)
  const listed = what.games === 'all' ? read.lists.get('game:')! : []
  await readMore(
    j,
    jobs,
    read,
    listed.map((s) => ({ game: s.slice('game:'.length) })),
  )
  return read
}

/** Whether `want` is not yet in `read`. */
function unread(read: Read, want: Want): boolean {
  if ('game' in want) return !read.folds.has(want.game) && !read.missing.has(want.game) && !read.broken.has(want.game)
  if ('stream' in want) return !read.streams.has(want.stream)
  if ('list' in want) return !read.lists.has(want.list)
  if ('secret' in want) return !read.secrets.has(secretKey(want.secret.game, want.secret.purpose, want.secret.point))
  if ('pack' in want) return !read.packs.has(want.pack)
  return read.serverSecret === null
}

/**
 * What the refusals ask that was not read yet, each once. A refusal nothing read ahead answers, or
 * one that asks again what was read, is a fault of the reading judge: an error, not a way back.
 */
function stillUnread(read: Read, refusals: Refusal[]): Want[] {
  const beyond = refusals.find((r) => !r.want)
  if (beyond) throw new Error(`a reading command reached what is not read ahead: ${beyond.error.message}`)
  const more = new Map<string, Want>()
  for (const { want } of refusals) if (unread(read, want!)) more.set(JSON.stringify(want), want!)
  if (!more.size) throw new Error(`a reading command reached again what it read ahead: ${refusals[0]!.error.message}`)
  return [...more.values()]
}

/** Each of `wants` read on `jobs` into `read`. */
async function readMore(j: Judge, jobs: AsyncDatabase, read: Read, wants: Want[]): Promise<void> {
  const store = new AsyncEventStore(jobs, j.o.store.schemas, j.o.clock)
  await Promise.all(
    wants.map(async (w): Promise<void> => {
      if ('game' in w) await readGame(j, store, w.game, read)
      else if ('stream' in w) read.streams.set(w.stream, await store.read(w.stream))
      else if ('list' in w) read.lists.set(w.list, await store.streams(w.list))
      else if ('secret' in w) {
        const { game, purpose, point } = w.secret
        read.secrets.set(secretKey(game, purpose, point), await findSecretAsync(jobs, game, purpose, point))
      } else if ('pack' in w) read.packs.set(w.pack, await findPackContentAsync(jobs, w.pack))
      else read.serverSecret = await serverSecretAhead(j.o.db, jobs)
    }),
  )
}

/** The game read into `read`: its fold, or that it is missing, or the error its fold fails with. */
async function readGame(j: Judge, store: AsyncEventStore, game: string, read: Read): Promise<void> {
  try {
    const fold = await foldAhead(j, store, game, read)
    if (fold) read.folds.set(game, fold)
    else read.missing.add(game)
  } catch (e) {
    read.broken.set(game, e instanceof Error ? e : new Error(String(e)))
    // Its events are still there to read, as the synchronous store reads them.
    const events = await store.read(gameStream(game)).catch(() => null)
    if (events) read.streams.set(gameStream(game), events)
  }
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
  read.secrets.set(secretKey(game, 'hidden', 0), hidden)
  const first = fold.events[0]!
  const hash = first.schemaVersion >= 2 ? (first.data as GameCreated).packHash : undefined
  if (hash && !read.packs.has(hash)) read.packs.set(hash, await findPackContentAsync(store.db, hash))
  return fold
}

/** A refusal of the reading judge: noted in `refusals` with what would answer it, and thrown. */
type Refuse = (message: string, want: Want | null) => never

/**
 * The secrets read ahead: the games' hidden-draw secrets, those asked in earlier rounds, and the
 * stored packs (a pack not stored is the judge's embedded one, as the judge's own source answers).
 */
function secretsRead(read: Read, refuse: Refuse): SecretSource {
  return {
    get: (game, purpose, point) => {
      const key = secretKey(game, purpose, point)
      if (read.secrets.has(key)) return read.secrets.get(key)!
      return refuse(`the ${purpose} secret of ${game} at ${point} was not read ahead`, {
        secret: { game, purpose, point },
      })
    },
    pack: (hash) => {
      if (read.packs.has(hash)) return read.packs.get(hash) ?? null
      return refuse(`the data pack ${hash} was not read ahead`, { pack: hash })
    },
  }
}

/** `target` whose methods refuse (asking `want`), but for `own`'s, which answer instead. */
function refusing<T extends object>(
  target: T,
  what: string,
  refuse: Refuse,
  want: Want | null,
  own: Record<string, unknown> = {},
): T {
  return new Proxy(target, {
    get: (t, key) => {
      if (typeof key === 'string' && key in own) return own[key]
      const value = Reflect.get(t, key, t)
      if (typeof value !== 'function') return value
      return () => refuse(`${what}.${String(key)} was not read ahead`, want)
    },
  })
}

/** `j` answering its loads, its streams and its secrets from `read`, refusing (into `refusals`) every other read. */
function readingJudge(j: Judge, read: Read, refusals: Refusal[]): Judge {
  const refuse: Refuse = (message, want) => {
    const error = new NotGathered(message)
    refusals.push({ want, error })
    throw error
  }
  const wantOf = (stream: string): Want => {
    const game = gameOfStream(stream)
    return game ? { game } : { stream }
  }
  const fold = (game: string): GameFold => {
    const f = read.folds.get(game)
    if (f) return f
    if (read.missing.has(game)) throw new Error(`no game "${game}"`)
    const broken = read.broken.get(game)
    if (broken) throw broken
    return refuse(`game ${game} was not read ahead`, { game })
  }
  /** The stream's events as read: a game's from its fold ([] for a game read missing), else read whole. */
  const events = (stream: string): StoredEvent[] => {
    const game = gameOfStream(stream)
    if (game && read.missing.has(game)) return []
    const held = game && !read.broken.has(game) ? fold(game).events : read.streams.get(stream)
    return held ?? refuse(`the stream ${stream} was not read ahead`, wantOf(stream))
  }
  const store = refusing(j.o.store, 'store', refuse, null, {
    read: (stream: string, fromVersion = 1): StoredEvent[] => events(stream).filter((e) => e.version >= fromVersion),
    version: (stream: string): number => events(stream).at(-1)?.version ?? 0,
    streams: (prefix = ''): string[] =>
      read.lists.get(prefix) ?? refuse(`the streams ${prefix}* were not listed ahead`, { list: prefix }),
  }) as EventStore
  const secrets = secretsRead(read, refuse)
  // The database answers only the server secret, read ahead when asked for.
  const db = refusing(j.o.db, 'database', refuse, read.serverSecret === null ? { serverSecret: true } : null)
  return Object.create(j, {
    o: { value: { ...j.o, store, db: read.serverSecret ? withServerSecret(db, read.serverSecret) : db } },
    secrets: { value: secrets },
    clock: { value: refusing(j.clock, 'clock', refuse, null) },
    mail: { value: new MailLedger(store) },
    freshSecret: { value: () => refuse('a reading judge draws no secret', null) },
    load: {
      value: (game: string, opts: { check?: boolean } = {}) =>
        // A check folds the stream again from its first event, as the judge's own load does.
        opts.check ? foldGame(fold(game).events, j.registry, secrets, opts) : fold(game),
    },
    hasGame: {
      value: (game: string) => {
        if (read.folds.has(game) || read.broken.has(game)) return true
        if (read.missing.has(game)) return false
        return refuse(`game ${game} was not read ahead`, { game })
      },
    },
  }) as Judge
}
