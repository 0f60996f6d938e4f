import type { Awaited, GameRegistry, Viewer } from '../games/contract.ts'
import type { NewEvent } from '../log/store.ts'
import { findSecret } from '../log/repos/secrets.ts'
import { MailLedger } from './mailLedger.ts'
import { Templates, type Letter } from '../reports/render.ts'
import { formatInstant } from './clock/calendar.ts'
import { newSecret } from './dice.ts'
import { gameOfStream, gameStream, type TurnAdjudicated } from './events.ts'
import { foldGame, type GameFold, type SecretSource } from './fold.ts'
import { packSource } from './packStore.ts'
import { keyHash, keyMatches, keyScrubber, playerKey, serverSecret } from './keys.ts'
import { planGame, type Action } from './clock/lifecycle.ts'
import { clockEntry } from './clock/clockModel.ts'
import { ClockIndex } from './clockIndex.ts'
import { FoldCache } from './foldCache.ts'
import { advanceFold } from './foldAdvance.ts'
import { foldAfter } from './foldAfter.ts'
import type { JudgeContext } from './judgeContext.ts'
import type { PageSource } from './readerSource.ts'
import * as viewTokens from './viewTokens.ts'
import * as orderFiling from './orderFiling.ts'
import * as creation from './creation.ts'
import * as resolving from './resolving.ts'
import * as preview from './preview.ts'
import * as asking from './asking.ts'
import * as playerCalls from './playerCalls.ts'
import * as clockActions from './clockActions.ts'
import * as moderation from './moderation.ts'
import * as seats from './seats.ts'
import * as reporting from './reporting.ts'
import { playHouseSeats, setStandby } from './house.ts'
import { checkHouseSeat, isHouseSeatLetter } from './houseSeat.ts'
import type { Schedule, ScheduleInput } from './clock/schedule.ts'

export { PointMovedError } from './errors.ts'

/** The display name of the judge's letters when the operator names none. */
export const DEFAULT_JUDGE_NAME = 'PBEM judge'

export type {
  Outbox,
  JudgeOptions,
  CreateGameRequest,
  SubmitMeta,
  SubmitResult,
  AdjudicateOptions,
  AdjudicateResult,
  ModeratorOptions,
  CallResult,
  CallMeta,
  Reader,
} from './calls.ts'
import type {
  JudgeOptions,
  CreateGameRequest,
  SubmitMeta,
  SubmitResult,
  AdjudicateOptions,
  AdjudicateResult,
  ModeratorOptions,
  CallResult,
  CallMeta,
  Reader,
} from './calls.ts'

export class Judge implements JudgeContext, PageSource {
  readonly templates: Templates
  /** The games this judge runs, given by the composition root. */
  readonly registry: GameRegistry
  readonly mailDomain: string
  readonly secrets: SecretSource
  /** Recently used folds, bounded by count and size (least recently used out first). */
  readonly folds: FoldCache
  readonly freshSecret: (game: string, purpose: 'dice' | 'hidden', point: number) => string
  /** The mail record of the log, for mail/ and reports/. */
  readonly mail: MailLedger
  /** Each game's clock row (status, next instant of interest), written with every append to its stream. */
  readonly clock: ClockIndex

  constructor(readonly o: JudgeOptions) {
    // A house seat reads its side's view, never mail: nothing addressed to it is sent.
    const outbox = o.outbox
    this.o = { ...o, outbox: { enqueue: (l, m) => (isHouseSeatLetter(l) ? undefined : outbox.enqueue(l, m)) } }
    this.registry = o.registry
    this.templates = o.templates ?? new Templates((game) => o.registry(game).templates ?? null)
    this.mailDomain = o.mailDomain ?? 'judge.localhost'
    this.freshSecret = o.newSecret ?? (() => newSecret())
    this.mail = new MailLedger(o.store)
    this.clock = new ClockIndex(o.db)
    this.folds = new FoldCache(o.foldCache)
    o.store.onAppend('clock', (stream) => {
      const game = gameOfStream(stream)
      if (game) this.refreshClock(game)
    })
    this.secrets = {
      get: (game, purpose, point) => findSecret(o.db, game, purpose, point),
      pack: packSource(o.db).pack,
    }
  }

  /** Runs `fn` in one transaction of the judge's store (IMMEDIATE; a savepoint when nested). */
  transaction<T>(fn: () => T): T {
    return this.o.store.transaction(fn)
  }

  get moderatorAddress(): string | null {
    return this.o.moderatorAddress ?? null
  }

  get judgeAddress(): string {
    return `orders@${this.mailDomain}`
  }

  /** The From of every letter: the configured display name and the judge's address. */
  get fromAddress(): string {
    const name = this.o.judgeName ?? DEFAULT_JUDGE_NAME
    // Letters, digits and spaces go as they are; anything else (a comma, a dot) is quoted.
    return `${/^[A-Za-z0-9 ]+$/.test(name) ? name : `"${name}"`} <${this.judgeAddress}>`
  }

  /** Every game on this judge (lists every game stream: for listings, never for a lookup). */
  games(): string[] {
    return this.o.store.streams('game:').map((s) => s.slice('game:'.length))
  }

  /** Whether `game` exists: one primary-key read of its stream head, however many games there are. */
  hasGame(game: string): boolean {
    return this.o.store.version(gameStream(game)) > 0
  }

  load(game: string, opts: { check?: boolean } = {}): GameFold {
    // A fold is a pure function of the stream: reuse it while the stream's version is unchanged.
    // (Another process appending moves the version on, so the cache is never stale.)
    const version = this.o.store.version(gameStream(game))
    const kept = opts.check ? undefined : this.folds.upTo(game, version)
    if (kept?.version === version) return kept
    // A kept fold some events behind (the clock refresh after an append) takes only those events.
    const advanced = kept && advanceFold(kept, this.o.store.read(gameStream(game), kept.version + 1))
    if (advanced) this.folds.set(game, advanced)
    if (advanced) return advanced
    const events = this.o.store.read(gameStream(game))
    if (!events.length) throw new Error(`no game "${game}"`)
    const fold = foldGame(events, this.registry, this.secrets, opts)
    if (!opts.check) this.folds.set(game, fold)
    return fold
  }

  /** Writes the game's clock row from its fold; a game that no longer folds loses its row (the tick reports it). */
  refreshClock(game: string): void {
    let fold: GameFold
    try {
      fold = this.load(game)
    } catch {
      this.clock.remove(game)
      return
    }
    this.clock.write(game, fold.version, clockEntry(fold))
  }

  /** The game as it stood right after resolution `point` (for reports sent again and histories). */
  loadAfter(game: string, point: number): GameFold | null {
    return foldAfter(this, game, point)
  }

  reportAgain(game: string, point: number, viewer: Viewer): Letter | null {
    return reporting.reportAgain(this, game, point, viewer)
  }

  rekey(game: string, role: string, reason: string): string {
    return seats.rekey(this, game, role, reason)
  }

  sendPress(
    game: string,
    from: string,
    to: string,
    text: string,
    messageId: string | null,
  ): { ok: true; to: string[] } | { ok: false; reason: string } {
    return playerCalls.sendPress(this, game, from, to, text, messageId)
  }

  /** The key a player puts in a KEY line or finds in the reply address. */
  keyFor(game: string, role: string): string {
    if (role === 'moderator') return this.moderatorKey(game)
    const fold = this.load(game)
    const p = fold.players.get(role)
    if (!p) throw new Error(`game ${game} has no role ${role}`)
    return playerKey(serverSecret(this.o.db), game, role, p.keyGeneration)
  }

  checkKey(fold: GameFold, role: string, key: string): boolean {
    const p = fold.players.get(role)
    return !!p && !fold.ejected.has(role) && keyMatches(key, p.keyHash)
  }

  /** The moderator's key for a game: derived from the server secret like the players' keys. */
  moderatorKey(game: string): string {
    return playerKey(serverSecret(this.o.db), game, 'moderator', this.load(game).moderatorKeyGeneration)
  }

  /**
   * Blanks every key the game has ever had out of a text: what makes a reader's copy (export,
   * archive, history) safe to hand out. Reports get this, never the keys or the server secret.
   */
  keyScrubber(game: string): (text: string) => string {
    const fold = this.load(game)
    return keyScrubber(serverSecret(this.o.db), game, [
      ...[...fold.players].map(([role, p]): [string, number] => [role, p.keyGeneration]),
      ['moderator', fold.moderatorKeyGeneration],
    ])
  }

  /** A stored data pack's content by its SHA-256 (the packs table), or null. */
  storedPack(hash: string): unknown | null {
    return this.secrets.pack?.(hash) ?? null
  }

  /** A reader's token for the game pages (viewTokens.ts): his live one, or a new one. */
  issueViewToken(game: string, reader: string, opts: { renew?: boolean; by: string }): viewTokens.IssuedToken {
    return viewTokens.issueViewToken(this, game, reader, opts)
  }

  revokeViewToken(game: string, reader: string, opts: { reason: string; by: string }): boolean {
    return viewTokens.revokeViewToken(this, game, reader, opts)
  }

  setObservers(game: string, on: boolean, by: string): boolean {
    return viewTokens.setObservers(this, game, on, by)
  }

  /** Whom a page token lets read a game; null for an unknown game or a token that does not work. */
  viewerOfToken(game: string, token: string): Viewer | null {
    return this.hasGame(game) ? viewTokens.viewerOfToken(this.load(game), token) : null
  }

  checkModeratorKey(game: string, key: string): boolean {
    return keyMatches(key, keyHash(this.moderatorKey(game)))
  }

  replyAddress(game: string, role: string, key: string): string {
    return `orders+${game}.${role}.${key}@${this.mailDomain}`
  }

  createGame(req: CreateGameRequest): { game: string; keys: Record<string, string> } {
    const created = creation.createGame(this, req)
    playHouseSeats(this, req.game)
    return created
  }

  submitOrders(game: string, role: string, text: string, meta: SubmitMeta = {}): SubmitResult {
    return orderFiling.submitOrders(this, game, role, text, meta)
  }

  /** What submitOrders would write, decided and not written (the async intake writes it in its batch). */
  planOrders(game: string, role: string, text: string, meta: SubmitMeta = {}): orderFiling.OrdersPlan {
    return orderFiling.planOrders(this, game, role, text, meta)
  }

  missing(fold: GameFold): Awaited[] {
    return orderFiling.missing(fold)
  }

  /** The game's schedule: the defaults from GameCreated until a ScheduleSet replaces them. */
  schedule(game: string): Schedule {
    return this.load(game).schedule
  }

  /**
   * Games to resolve now by their schedules: deadline passed (and the missed-orders policy says
   * play on), every awaited order in (early processing, after the change-of-mind delay), or a
   * decision answered or past its own deadline. Reminders, late notices, grace and pauses are the
   * tick's (src/schedule/tick.ts), which calls this plan too.
   */
  dueGames(now: Date): string[] {
    const due: string[] = []
    for (const { game } of this.clock.due(now.getTime())) {
      const fold = this.load(game)
      if (planGame(fold, now).actions.some((a) => a.kind === 'advance')) due.push(game)
    }
    return due.sort()
  }

  adjudicate(game: string, opts: AdjudicateOptions = {}): AdjudicateResult {
    const result = resolving.adjudicate(this, game, opts)
    playHouseSeats(this, game)
    return result
  }

  forceAdjudicate(game: string, opts: ModeratorOptions = {}): AdjudicateResult {
    const result = resolving.forceAdjudicate(this, game, opts)
    playHouseSeats(this, game)
    return result
  }

  askOpeningQuestions(game: string, reports?: Letter[]): void {
    return asking.askOpeningQuestions(this, game, reports)
  }

  // ------------------------------------------------------------------ player calls by mail

  decide(game: string, role: string, decisionId: string, answer: string, meta: CallMeta = {}): CallResult {
    return asking.decide(this, game, role, decisionId, answer, meta)
  }

  answer(
    game: string,
    role: string,
    given: { decisionId: string; answer: string }[],
    meta: CallMeta & { withOrders?: boolean } = {},
  ): CallResult {
    return asking.answer(this, game, role, given, meta)
  }

  setPlayerZone(game: string, role: string, zone: string | null, meta: CallMeta = {}): CallResult {
    return playerCalls.setPlayerZone(this, game, role, zone, meta)
  }

  setAbsence(game: string, role: string, from: string, to: string, meta: CallMeta & { by?: string } = {}): CallResult {
    return playerCalls.setAbsence(this, game, role, from, to, meta)
  }

  cancelAbsence(game: string, role: string, meta: CallMeta & { by?: string } = {}): CallResult {
    return playerCalls.cancelAbsence(this, game, role, meta)
  }

  // ------------------------------------------------------------------ the schedule's actions

  plan(game: string, now: Date) {
    return clockActions.plan(this, game, now)
  }

  applyPlan(
    game: string,
    actions: Action[],
    opts: { now: Date; expectedVersion?: number },
  ): { done: string[]; result: AdjudicateResult | null } {
    return clockActions.applyPlan(this, game, actions, opts)
  }

  // ------------------------------------------------------------------ outage guard

  markTick(now: Date): Date | null {
    return clockActions.markTick(this, now)
  }

  lastTick(): Date | null {
    return clockActions.lastTick(this)
  }

  extendForOutage(game: string, from: Date, to: Date): boolean {
    return clockActions.extendForOutage(this, game, from, to)
  }

  // ------------------------------------------------------------------ moderator controls

  setSchedule(game: string, input: ScheduleInput, opts: ModeratorOptions & { reschedule?: boolean } = {}): Schedule {
    return moderation.setSchedule(this, game, input, opts)
  }

  pause(game: string, opts: ModeratorOptions = {}): void {
    return moderation.pause(this, game, opts)
  }

  resume(game: string, opts: ModeratorOptions & { deadline?: Date; hours?: number } = {}): { deadline: string } {
    return moderation.resume(this, game, opts)
  }

  extend(game: string, hours: number, opts: ModeratorOptions = {}): { deadline: string } {
    return moderation.extend(this, game, hours, opts)
  }

  setDeadline(game: string, when: Date, opts: ModeratorOptions = {}): { deadline: string } {
    return moderation.setDeadline(this, game, when, opts)
  }

  replacePlayer(
    game: string,
    role: string,
    address: string,
    opts: ModeratorOptions & { name?: string } = {},
  ): { key: string } {
    const replaced = seats.replacePlayer(this, game, role, address, opts)
    playHouseSeats(this, game)
    return replaced
  }

  /** The game's standby house (`house:<level>`), or none (null). */
  setStandby(game: string, standby: string | null, opts: ModeratorOptions = {}): void {
    setStandby(this, game, standby === null ? null : checkHouseSeat(standby), opts.by ?? 'moderator')
  }

  eject(game: string, role: string, opts: ModeratorOptions = {}): void {
    return seats.eject(this, game, role, opts)
  }

  preview(
    game: string,
    opts: { to?: string | null; now?: Date } = {},
  ): { label: string; text: string; letter: Letter | null } {
    return preview.preview(this, game, opts)
  }

  /**
   * What the game waits for, in words. While a resolution waits on a decision, everyone but the
   * deciding player (given as `viewer`) reads only "resolution in progress".
   */
  awaitingText(fold: GameFold, viewer?: Viewer): string {
    return reporting.awaitingText(this, fold, viewer)
  }

  /** An instant as every mail shows it: UTC, the game's zone, and the reader's own zone if set. */
  when(fold: GameFold, iso: string | null, role: string | null = null): string {
    return formatInstant(iso, fold.schedule.zone, role ? (fold.zones.get(role) ?? null) : null)
  }

  // ------------------------------------------------------------------ letters

  /** Appends events to a game and queues their mail in one transaction (expected version guards races). */
  commit(game: string, expectedVersion: number, events: NewEvent[], letters: { letter: Letter; kind: string }[]): void {
    this.o.store.transaction(() => {
      this.o.store.append(gameStream(game), expectedVersion, events)
      for (const l of letters) this.o.outbox.enqueue(l.letter, { game, kind: l.kind })
    })
  }

  readers(fold: GameFold): Reader[] {
    return reporting.readers(this, fold)
  }

  reportModel(
    fold: GameFold,
    viewer: Viewer,
    adjudication: TurnAdjudicated | readonly TurnAdjudicated[] | null,
  ): Record<string, unknown> {
    return reporting.reportModel(this, fold, viewer, adjudication)
  }

  reportLetters(fold: GameFold, adjudication: TurnAdjudicated | null): Letter[] {
    return reporting.reportLetters(this, fold, adjudication)
  }
}
