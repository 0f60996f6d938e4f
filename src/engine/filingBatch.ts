// A mail's filing written on the async store in one batch (AsyncDatabase.batch): the intake
// decides synchronously, from the folds and the records as they stand, and everything the decision
// writes is gathered here: the mail record's events, the games' events with their clock rows, the
// letters queued, the intake's own records. Then one batch writes it all: one synchronous call on
// SQLite (no write lock held across an await), one transaction under the streams' locks on
// PostgreSQL. The judge's own commands (answers, SET, PRESS, the read-only mail commands) write into
// it too, run on a planning judge whose appends and letters land here (planningJudge.ts).
//
// Nothing is read inside the batch, so what guards it is what it writes: each stream's next version
// (another writer's append since the heads were read makes the batch fail whole, and the intake
// decides again from what that writer left) and the mail's mail_seen row (a second delivery of the
// same bytes, filed meanwhile, fails it the same way; asked again, the intake finds a duplicate).
// Every filing appends to the mail record, so two intakes never both commit on the same view of it:
// a mail is filed once, as under the synchronous intake's lock on the mail record.
import type { AsyncDatabase, AsyncStep } from '../log/async/database.ts'
import { type AppendSteps, AsyncEventStore, isWriteConflict, type StreamHead } from '../log/async/store.ts'
import { gameClockStep } from '../log/repos/gameClock.ts'
import { repliesSinceAsync } from '../log/repos/intakeRecords.ts'
import { findOutboxRowAsync } from '../log/repos/outbox.ts'
import { findPackContentAsync } from '../log/repos/packs.ts'
import { findSecretAsync } from '../log/repos/secrets.ts'
import { ConcurrencyError, GENESIS_HASH, type NewEvent, type StoredEvent } from '../log/store.ts'
import type { Letter } from '../reports/render.ts'
import type { SubmitMeta, SubmitResult } from './calls.ts'
import { clockEntry } from './clock/clockModel.ts'
import { gameStream, MAIL_STREAM } from './events.ts'
import { foldGame, type GameFold } from './fold.ts'
import { advanceFold } from './foldAdvance.ts'
import { knowSecret, type LetterSteps, letterStepsOf, noteWayBack } from './gathering.ts'
import type { Judge } from './judge.ts'
import { type AheadKind, planningJudge } from './planningJudge.ts'
import { foldAhead } from './resolutionBatch.ts'
import { serverSecretAhead } from './secretAhead.ts'

export type { LetterSteps } from './gathering.ts'

/** A game's events planned in the batch (one append per command), and the fold they leave. */
interface GameAppend {
  game: string
  appends: AppendSteps[]
  after: GameFold
}

/** What a batch holds at a point of its filling, to go back to when a decision fails (rollBack). */
export interface BatchMark {
  mail: number
  steps: number
  games: Map<string, GameAppend>
}

/** A decision reached a game its batch did not read ahead (FilingBatch.readAheadOnly). */
export class NotReadAhead extends Error {
  override name = 'NotReadAhead'
  constructor(readonly game: string) {
    super(`game "${game}" was not read ahead`)
  }
}

type Purpose = 'dice' | 'hidden'

const AHEAD_NAME = /^(stream|list|replies|outbox|pack) ([\s\S]*)$/

/** The read named by `name` when it is not a game's (AheadKind), else null. */
export function aheadRead(name: string): { kind: AheadKind; key: string } | null {
  const m = AHEAD_NAME.exec(name)
  return m ? { kind: m[1] as AheadKind, key: m[2]! } : null
}

/**
 * The secrets a decision on judge `j` asked for and its batch had not read ahead (wantSecret), by
 * game: read ahead with the game by the next batch that reads it (readGame), which decides again.
 */
const wantedSecrets = new WeakMap<Judge, Map<string, Set<string>>>()

export class FilingBatch {
  private readonly mailEvents: NewEvent[] = []
  private readonly steps: AsyncStep[] = []
  private games = new Map<string, GameAppend>()
  /** The games read ahead on the async handle (readGame): the fold, or null for no such game. */
  private readonly known = new Map<string, GameFold | null>()
  private planner: Judge | null = null
  private aheadOnly = false
  /** The games a decision reached that were not read ahead, when reading ahead only (readAheadOnly). */
  readonly unread = new Set<string>()
  /** Secrets read ahead with the games (readGame), which the planning judge knows without a read. */
  readonly knownSecrets = new Map<string, string | null>()
  /** What was read ahead beyond the games (AheadKind), by name. */
  private readonly others = new Map<string, unknown>()

  private constructor(
    private readonly j: Judge,
    private readonly store: AsyncEventStore,
    private readonly mailHead: StreamHead,
    private readonly letterSteps: LetterSteps,
    /** The server secret read ahead (the keys the decisions check), or undefined: read when asked. */
    readonly serverSecret: string | undefined,
  ) {}

  /**
   * A batch on `jobs`, the mail record's head and the server secret read first (outside any
   * transaction). On PostgreSQL it reads ahead only (readAheadOnly): nothing is read synchronously.
   */
  static async open(j: Judge, jobs: AsyncDatabase, letterSteps: LetterSteps): Promise<FilingBatch> {
    const store = new AsyncEventStore(jobs, j.o.store.schemas, j.o.clock)
    // On SQLite a judge that cannot give its secret yet says so where a key is checked, as before; on
    // PostgreSQL, where no synchronous read is left to make there, the batch fails with the reason.
    const secret = serverSecretAhead(j.o.db, jobs).catch((e: unknown) => {
      if (jobs.engine === 'postgres') throw e
      return undefined
    })
    const [head, serverSecret] = await Promise.all([store.head(MAIL_STREAM), secret])
    const batch = new FilingBatch(j, store, head, letterSteps, serverSecret)
    if (jobs.engine === 'postgres') batch.readAheadOnly()
    return batch
  }

  get engine(): AsyncDatabase['engine'] {
    return this.store.db.engine
  }

  /** The judge whose commands write into this batch (planningJudge.ts). */
  get judge(): Judge {
    this.planner ??= planningJudge(this.j, this)
    return this.planner
  }

  /** Events of the mail record, appended with the batch. */
  recordMail(events: NewEvent[]): void {
    this.mailEvents.push(...events)
  }

  /** A letter queued with the batch (none to a house seat, as the judge's own outbox). */
  enqueue(letter: Letter, meta: { game: string | null; kind: string }): void {
    this.steps.push(...letterStepsOf(this.letterSteps, letter, meta))
  }

  /** Other records written with the batch (the intake's own), in order. */
  add(steps: AsyncStep[]): void {
    this.steps.push(...steps)
  }

  /**
   * The game as the batch leaves it so far: its planned fold, else the one read ahead, else the
   * judge's (or, reading ahead only, none: notRead).
   */
  foldOf(game: string): GameFold {
    const held = this.games.get(game)?.after ?? this.known.get(game)
    if (held) return held
    if (held === null) throw new Error(`no game "${game}"`)
    if (!this.aheadOnly) noteWayBack('a filing batch', `game ${game} not read ahead`)
    return this.aheadOnly ? this.notRead(game) : this.j.load(game)
  }

  /** The game's fold as the batch holds it (planned, or read ahead), or null when it holds none. */
  heldFold(game: string): GameFold | null {
    return this.games.get(game)?.after ?? this.known.get(game) ?? null
  }

  /** Whether `game` exists, from what was read ahead when it was (the judge's read otherwise, unless reading ahead only). */
  hasGame(game: string): boolean {
    if (this.games.has(game)) return true
    const known = this.known.get(game)
    if (known !== undefined) return known !== null
    if (!this.aheadOnly) noteWayBack('a filing batch', `whether game ${game} exists`)
    return this.aheadOnly ? this.notRead(game) : this.j.hasGame(game)
  }

  /**
   * From now on a game the decision reaches that was not read ahead is not read on the synchronous
   * handle: it is noted (`unread`) and the decision stops there (NotReadAhead), to be made again on
   * a batch that reads it ahead too. For the intake, whose decision is made again whole anyway.
   */
  readAheadOnly(): void {
    this.aheadOnly = true
  }

  /**
   * A secret the planning judge was asked and does not know. Reading ahead only, it is noted as
   * wanted with its game (unread) and the decision stops (NotReadAhead): the batch that reads the
   * game ahead next reads it too (readGame). Otherwise undefined: the judge reads it.
   */
  wantSecret(game: string, purpose: 'dice' | 'hidden', point: number): undefined {
    if (!this.aheadOnly) return undefined
    const wanted = wantedSecrets.get(this.j) ?? new Map<string, Set<string>>()
    wantedSecrets.set(this.j, wanted)
    wanted.set(game, (wanted.get(game) ?? new Set()).add(`${purpose}|${point}`))
    return this.notRead(game)
  }

  /** Whether `game` was read ahead and found not to exist (nor planned here). */
  knownMissing(game: string): boolean {
    return !this.games.has(game) && this.known.get(game) === null
  }

  /** A game whose stream is read and that was not read ahead: reading ahead only, it stops the decision (notRead). */
  wantGame(game: string): void {
    if (this.aheadOnly && !this.games.has(game) && !this.known.has(game)) this.notRead(game)
  }

  /**
   * What was read ahead beyond the games (`kind` of `key`); not read ahead, reading ahead only, the
   * decision stops to read it ahead (notRead), else undefined: the caller reads it.
   */
  readOther<T>(kind: AheadKind, key: string): T | undefined {
    const name = `${kind} ${kind === 'replies' ? key.toLowerCase() : key}`
    if (this.others.has(name)) return this.others.get(name) as T
    return this.aheadOnly ? this.notRead(name) : undefined
  }

  /** Reads ahead what `other` names, outside the games (readOther). */
  private async readOtherAhead(other: { kind: AheadKind; key: string }): Promise<unknown> {
    const { kind, key } = other
    if (kind === 'stream') return this.store.read(key)
    if (kind === 'list') return this.store.streams(key)
    if (kind === 'outbox') return findOutboxRowAsync(this.store.db, key)
    if (kind === 'pack') return findPackContentAsync(this.store.db, key)
    const since = new Date(this.j.o.clock().getTime() - 3600_000).toISOString()
    return repliesSinceAsync(this.store.db, key, since)
  }

  private notRead(game: string): never {
    this.unread.add(game)
    throw new NotReadAhead(game)
  }

  /**
   * Reads `game` on the async handle ahead of the decision, so that deciding reads nothing of it
   * synchronously: its head, then only the events the judge's kept fold lacks (none when it is
   * current), or the whole stream and its hidden-draw secret for a game the judge keeps no fold of,
   * the fold kept by the judge as its load would (foldAhead). Its fold, or null for no such game.
   * A name of what is not a game (aheadRead) is read ahead as such (readOther), and gives null.
   */
  async readGame(game: string): Promise<GameFold | null> {
    const other = aheadRead(game)
    if (other) {
      this.others.set(game, await this.readOtherAhead(other))
      return null
    }
    const wanted = [...(wantedSecrets.get(this.j)?.get(game) ?? [])].map((w) => w.split('|') as [Purpose, string])
    wantedSecrets.get(this.j)?.delete(game)
    const [fold, ...secrets] = await Promise.all([
      foldAhead(this.j, this.store, game),
      ...wanted.map(([purpose, point]) => findSecretAsync(this.store.db, game, purpose, Number(point))),
    ])
    wanted.forEach(([purpose, point], i) => knowSecret(this.knownSecrets, game, purpose, Number(point), secrets[i]!))
    this.known.set(game, fold)
    return fold
  }

  /**
   * Events appended to a game with the batch, after the game as the batch leaves it so far
   * (ConcurrencyError when `expected` is not its version): the events as they will be stored, their
   * positions given at commit.
   */
  appendGame(game: string, expected: number, events: NewEvent[]): StoredEvent[] {
    const fold = this.foldOf(game)
    if (fold.version !== expected) throw new ConcurrencyError(gameStream(game), expected, fold.version)
    if (!events.length) return []
    const head = { version: fold.version, hash: fold.events.at(-1)?.hash ?? GENESIS_HASH }
    const planned = this.store.appendSteps(gameStream(game), head, events)
    // Folded again from the start through the planning judge's secrets: those read ahead, else
    // (reading ahead only) the decision stops to read them ahead, never a synchronous read.
    const after =
      advanceFold(fold, planned.events) ??
      foldGame([...fold.events, ...planned.events], this.j.registry, this.judge.secrets)
    const prior = this.games.get(game)?.appends ?? []
    // A fresh entry (not one changed in place): a mark taken before holds the entry as it was.
    this.games.set(game, { game, appends: [...prior, planned], after })
    return planned.events
  }

  /**
   * As Judge.submitOrders, into the batch: the event after the game as the batch leaves it, the
   * acknowledgement from the game as it stands after it, and the game's clock row at commit.
   */
  fileOrders(game: string, role: string, text: string, meta: SubmitMeta): SubmitResult {
    const p = this.judge.planOrders(game, role, text, meta)
    const [stored] = this.appendGame(game, p.fold.version, [p.event])
    const ack = p.ack(this.foldOf(game), stored!)
    if (ack) this.enqueue(ack, { game, kind: 'ack' })
    return p.result
  }

  /** Where the batch stands, for rollBack. */
  mark(): BatchMark {
    return { mail: this.mailEvents.length, steps: this.steps.length, games: new Map(this.games) }
  }

  /** Forgets what was gathered since `m` (a decision that failed half way). */
  rollBack(m: BatchMark): void {
    this.mailEvents.length = m.mail
    this.steps.length = m.steps
    this.games = new Map(m.games)
  }

  /** Whether the batch holds nothing to write. */
  get empty(): boolean {
    return this.mailEvents.length === 0 && this.steps.length === 0 && this.games.size === 0
  }

  /**
   * Writes the batch. False when another writer got there first (a stream moved on, the mail was
   * recorded meanwhile): nothing is written, and the caller decides again.
   */
  async commit(): Promise<boolean> {
    const mail = this.mailEvents.length ? this.store.appendSteps(MAIL_STREAM, this.mailHead, this.mailEvents) : null
    // The mail record's lock before any game's, as the synchronous intake takes them; games by name.
    const games = [...this.games.values()].sort((a, b) => (a.game < b.game ? -1 : a.game > b.game ? 1 : 0))
    const appends = [...(mail ? [mail] : []), ...games.flatMap((g) => g.appends)]
    const clock = games.map((g) =>
      gameClockStep(this.engine, { game: g.game, version: g.after.version, ...clockEntry(g.after) }),
    )
    const all = [...appends.flatMap((a) => a.steps), ...clock, ...this.steps]
    let results: { rows: Record<string, unknown>[]; changes: number }[]
    try {
      results = await this.store.db.batch(all)
    } catch (err) {
      if (isWriteConflict(err)) return false
      throw err
    }
    let at = mail ? mail.steps.length : 0
    for (const g of games) {
      for (const a of g.appends) {
        this.store.placeFrom(gameStream(g.game), a, results.slice(at))
        at += a.steps.length
      }
      // Its events are the stored ones (placeFrom gave them their positions), so its next load reads
      // nothing. Only the latest fold of a game goes on, so the planned one is kept.
      this.j.folds.set(g.game, g.after)
    }
    return true
  }
}
