// A mail's filing written on the async store in one batch (AsyncDatabase.batch): the intake
// decides synchronously, from the folds and the records as they stand, and everything the decision
// writes is gathered here: the mail record's events, a game's event with its clock row, the letters
// queued, the intake's own records. Then one batch writes it all: one synchronous call on SQLite (no
// write lock held across an await), one transaction under the streams' locks on PostgreSQL.
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
import type { NewEvent } from '../log/store.ts'
import type { Letter } from '../reports/render.ts'
import type { SubmitMeta, SubmitResult } from './calls.ts'
import { clockEntry } from './clock/clockModel.ts'
import { gameStream, MAIL_STREAM } from './events.ts'
import { foldGame, type GameFold } from './fold.ts'
import { advanceFold } from './foldAdvance.ts'
import { isHouseSeatLetter } from './houseSeat.ts'
import type { Judge } from './judge.ts'

/** The steps that queue one letter (the mail side knows how a letter is stored). */
export type LetterSteps = (letter: Letter, meta: { game: string | null; kind: string }) => AsyncStep[]

/** A game's event planned in the batch, and the fold it leaves. */
interface GameAppend {
  game: string
  fold: GameFold
  planned: AppendSteps
  after: GameFold
}

export class FilingBatch {
  private readonly mailEvents: NewEvent[] = []
  private readonly steps: AsyncStep[] = []
  private gameAppend: GameAppend | null = null

  private constructor(
    private readonly j: Judge,
    private readonly store: AsyncEventStore,
    private readonly mailHead: StreamHead,
    private readonly letterSteps: LetterSteps,
  ) {}

  /** A batch on `jobs`, the mail record's head read first (outside any transaction). */
  static async open(j: Judge, jobs: AsyncDatabase, letterSteps: LetterSteps): Promise<FilingBatch> {
    const store = new AsyncEventStore(jobs, j.o.store.schemas, j.o.clock)
    return new FilingBatch(j, store, await store.head(MAIL_STREAM), letterSteps)
  }

  get engine(): AsyncDatabase['engine'] {
    return this.store.db.engine
  }

  /** Events of the mail record, appended with the batch. */
  recordMail(events: NewEvent[]): void {
    this.mailEvents.push(...events)
  }

  /** A letter queued with the batch (none to a house seat, as the judge's own outbox). */
  enqueue(letter: Letter, meta: { game: string | null; kind: string }): void {
    if (!isHouseSeatLetter(letter)) this.steps.push(...this.letterSteps(letter, meta))
  }

  /** Other records written with the batch (the intake's own), in order. */
  add(steps: AsyncStep[]): void {
    this.steps.push(...steps)
  }

  /**
   * As Judge.submitOrders, into the batch: the event after the game's fold, the acknowledgement from
   * the game as it stands after it, and the game's clock row. Null for a second game in one batch
   * (the caller files the message synchronously instead).
   */
  fileOrders(game: string, role: string, text: string, meta: SubmitMeta): SubmitResult | null {
    if (this.gameAppend) return null
    const p = this.j.planOrders(game, role, text, meta)
    const head = { version: p.fold.version, hash: p.fold.events.at(-1)?.hash ?? '' }
    const planned = this.store.appendSteps(gameStream(game), head, [p.event])
    // Another filing planned on this fold (only the latest fold goes on): the fold from its events.
    const after =
      advanceFold(p.fold, planned.events) ??
      foldGame([...p.fold.events, ...planned.events], this.j.registry, this.j.secrets)
    this.gameAppend = { game, fold: p.fold, planned, after }
    const ack = p.ack(after, planned.events[0]!)
    if (ack) this.enqueue(ack, { game, kind: 'ack' })
    return p.result
  }

  /**
   * Writes the batch. False when another writer got there first (a stream moved on, the mail was
   * recorded meanwhile): nothing is written, and the caller decides again.
   */
  async commit(): Promise<boolean> {
    const mail = this.mailEvents.length ? this.store.appendSteps(MAIL_STREAM, this.mailHead, this.mailEvents) : null
    const g = this.gameAppend
    // The mail record's lock before any game's, as the synchronous intake takes them.
    const game = g?.planned ?? null
    const parts: AppendSteps[] = [mail, game].filter((a): a is AppendSteps => a !== null)
    const clock = g
      ? [gameClockStep(this.engine, { game: g.game, version: g.after.version, ...clockEntry(g.after) })]
      : []
    const all = [...parts.flatMap((a) => a.steps), ...clock, ...this.steps]
    let results: { rows: Record<string, unknown>[]; changes: number }[]
    try {
      results = await this.store.db.batch(all)
    } catch (err) {
      if (isWriteConflict(err)) return false
      throw err
    }
    if (g) this.keepFold(g, results.slice(mail ? mail.steps.length : 0))
    return true
  }

  /**
   * The judge's fold of the game after the batch: the one planned, whose event is the stored one
   * (placeFrom gives it its position), so its next load reads nothing. (Only the latest fold of a
   * game goes on, so the planned one is kept rather than the old one advanced again.)
   */
  private keepFold(g: GameAppend, results: { rows: Record<string, unknown>[] }[]): void {
    this.store.placeFrom(gameStream(g.game), g.planned, results)
    this.j.folds.set(g.game, g.after)
  }
}
