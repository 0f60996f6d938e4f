// The judge: game lifecycle over the log. Creating games, taking orders (a later set replaces an
// earlier one, each with a receipt), adjudicating a point exactly once (expected stream version),
// and mailing every reader what that reader may see. Mail leaves through the Outbox port in the
// same transaction as the events that cause it.
import type { Database } from 'better-sqlite3'
import { canSee, onlyRoles, type Awaited, type Viewer } from '../games/contract.ts'
import { sha256Hex } from '../util/canonical.ts'
import { ConcurrencyError, type EventStore, type NewEvent } from '../log/store.ts'
import { readScript } from '../orders/script.ts'
import { Templates, viewLines, type Letter } from '../reports/render.ts'
import { rasterise } from '../reports/pictures.ts'
import { endOfLocalDay, formatInstant, hoursText, isValidZone, localDate } from './calendar.ts'
import { combineSalts, commitmentOf, DICE_ALGORITHM, newSecret, RecordingDice } from './dice.ts'
import {
  gameStream,
  type DecisionRequested,
  type GameCreated,
  type OrdersAccepted,
  type OrdersRejected,
  type TurnAdjudicated,
} from './events.ts'
import { foldGame, stateHash, type GameFold, type SecretSource } from './fold.ts'
import { decisionRolesOf, resultFor } from './redact.ts'
import { checkAnswer, narrativeSoFar, questionOf, questionText } from './questions.ts'
import { resolvePoint } from './resolvePoint.ts'
import { keyHash, keyMatches, playerKey, serverSecret } from './keys.ts'
import {
  boundLineErrors,
  boundList,
  ORDER_LIMITS,
  screenLongLines,
  tooManyLines,
  unreadTailError,
} from './orderLimits.ts'
import {
  absentAt,
  awaitedOrders,
  describeAction,
  inProgress,
  missingRoles,
  openQuestions,
  pendingDecision,
  phaseOf,
  planGame,
  type Action,
} from './lifecycle.ts'
import { rulesetFactory } from '../games/index.ts'
import { checkAddress, checkDeadlineHours, checkPlayerName, checkPlayers } from './validate.ts'
import {
  deadlineFor,
  defaultSchedule,
  describeSchedule,
  mergeSchedule,
  type Schedule,
  type ScheduleInput,
} from './schedule.ts'

export interface Outbox {
  enqueue(letter: Letter, meta: { game: string | null; kind: string }): void
}

/** The display name of the judge's letters when the operator names none. */
export const DEFAULT_JUDGE_NAME = 'PBEM judge'

export interface JudgeOptions {
  store: EventStore
  db: Database
  clock: () => Date
  outbox: Outbox
  templates?: Templates
  /** Domain of the judge's own addresses (orders+game.role.key@domain). */
  mailDomain?: string
  /** The display name on every letter's From (PBEM_JUDGE_NAME); DEFAULT_JUDGE_NAME when absent. */
  judgeName?: string | null
  moderatorAddress?: string | null
  /** Where fresh 32-byte secrets come from; crypto randomness unless a demo or test pins them. */
  newSecret?: (game: string, purpose: 'dice' | 'hidden', point: number) => string
}

export interface CreateGameRequest {
  game: string
  ruleset: string
  scenario: string
  players: { role: string; address: string; name: string }[]
  options?: Record<string, string | number | boolean>
  /** A moderator's own data pack (JSON); the embedded pack when absent. Either way the game stores its copy. */
  pack?: unknown
  zone?: string
  deadlineHours?: number
  createdBy?: string
  /** Deadline rules and options; without it the game runs on zone + deadlineHours + options.early. */
  schedule?: ScheduleInput
}

export interface SubmitMeta {
  messageId?: string | null
  from?: string | null
  subject?: string
  /** How the sender proved to be the player: 'key', 'address-key', 'cli'. */
  authenticatedBy?: string
  /** The message went on past what its reader reads, from this line: nothing of it may be filed. */
  unreadFrom?: { line: number; chars: number }
}

export interface SubmitResult {
  receipt: string
  accepted: boolean
  errors: OrdersRejected['errors']
  label: string
}

export interface AdjudicateOptions {
  /** The instant the resolution happens at (the tick's clock); the judge's clock when absent. */
  now?: Date
  /** Refuse (ConcurrencyError) unless the stream is still at this version: the caller's plan was made from it. */
  expectedVersion?: number
  /** Refuse unless this resolution point is still the open one (a moderator's guard against resolving the wrong point). */
  point?: number
  /** Apply the default to every decision not yet answered, at once (moderator force). */
  force?: boolean
  by?: string
  reason?: string
}

export interface AdjudicateResult {
  point: number
  label: string
  finished: boolean
  /** False while the resolution waits on a player's decision: nothing of the result is recorded yet. */
  committed: boolean
  waiting: { decisionId: string; role: string; deadline: string } | null
  /** Decisions asked and defaulted by this call. */
  requested: string[]
  defaulted: string[]
}

/** Options every moderator control takes. */
export interface ModeratorOptions {
  by?: string
  reason?: string
  /** The resolution point the moderator means; refused if the game has moved on (njudge's PROCESS <phase>). */
  point?: number
  expectedVersion?: number
  now?: Date
}

/** The answer of an engine call a player makes by mail (DECIDE, SET ZONE, SET ABSENCE). */
export type CallResult = { ok: true; message: string } | { ok: false; error: string }

export interface CallMeta {
  messageId?: string | null
  from?: string | null
  /** Mail the acknowledgement (or the error) to the player of record; default true. */
  mail?: boolean
}

/** A moderator's guard failed: the point they meant is no longer the open one. */
export class PointMovedError extends Error {
  constructor(
    readonly expected: number,
    readonly actual: number,
  ) {
    super(
      `resolution ${expected} is ${expected < actual ? 'no longer' : 'not yet'} open (the game is at resolution ${actual}); nothing was changed`,
    )
    this.name = 'PointMovedError'
  }
}

const HOUR = 3600_000

/** Someone the judge mails reports to: a player (by role) or the moderator (role null). */
export interface Reader {
  viewer: Viewer
  address: string
  role: string | null
}

const GAME_ID = /^[a-z0-9][a-z0-9-]{1,31}$/
const RESULT_COMPANIONS = new Set(['DiceCommitted', 'DeadlineSet', 'HiddenDrawRevealed', 'GameFinished'])

export class Judge {
  readonly templates: Templates
  readonly mailDomain: string
  private readonly secrets: SecretSource
  private readonly folds = new Map<string, GameFold>()
  private readonly freshSecret: (game: string, purpose: 'dice' | 'hidden', point: number) => string

  constructor(private readonly o: JudgeOptions) {
    this.templates = o.templates ?? new Templates((game) => rulesetFactory(game).templates ?? null)
    this.mailDomain = o.mailDomain ?? 'judge.localhost'
    this.freshSecret = o.newSecret ?? (() => newSecret())
    const get = o.db.prepare('SELECT secret FROM secrets WHERE game = ? AND purpose = ? AND point = ?')
    this.secrets = {
      get: (game, purpose, point) => (get.get(game, purpose, point) as { secret: string } | undefined)?.secret ?? null,
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

  games(): string[] {
    return this.o.store.streams('game:').map((s) => s.slice('game:'.length))
  }

  load(game: string, opts: { check?: boolean } = {}): GameFold {
    // A fold is a pure function of the stream: reuse it while the stream's version is unchanged.
    // (Another process appending moves the version on, so the cache is never stale.)
    const version = this.o.store.version(gameStream(game))
    const cached = this.folds.get(game)
    if (!opts.check && cached && cached.version === version) return cached
    const events = this.o.store.read(gameStream(game))
    if (!events.length) throw new Error(`no game "${game}"`)
    const fold = foldGame(events, this.secrets, opts)
    if (!opts.check) {
      if (this.folds.size > 50) this.folds.clear()
      this.folds.set(game, fold)
    }
    return fold
  }

  /** The game as it stood right after resolution `point` (for reports sent again and histories). */
  loadAfter(game: string, point: number): GameFold | null {
    const events = this.o.store.read(gameStream(game))
    if (events.some((e) => e.type === 'TurnReadjudicated')) {
      // Results re-adjudicated later live inside the correction: take the state the results in force left.
      const fold = foldGame(events, this.secrets)
      const upTo = fold.adjudications.filter((a) => a.data.point <= point)
      if (!upTo.some((a) => a.data.point === point)) return null
      const last = upTo.at(-1)!.data
      return {
        ...fold,
        adjudications: upTo,
        state: fold.statesBefore.get(point + 1) ?? fold.state,
        finished: last.finished,
        point: point + 1,
        commitment: null,
        deadline: null,
      }
    }
    const at = events.findIndex((e) => e.type === 'TurnAdjudicated' && e.data.point === point)
    if (at < 0) return null
    // The events appended with the result (the next commitment and deadline, or the end) belong with it.
    let end = at + 1
    while (end < events.length && RESULT_COMPANIONS.has(events[end]!.type)) end++
    return foldGame(events.slice(0, end), this.secrets)
  }

  /** Resolution `point`'s report for one reader, re-rendered from the log. */
  reportAgain(game: string, point: number, viewer: Viewer): Letter | null {
    const fold = this.loadAfter(game, point)
    if (!fold) return null
    const reader = this.readers(fold).find((r) =>
      viewer.kind === 'role' ? r.role === viewer.role : viewer.kind === 'moderator' && r.role === null,
    )
    return reader ? this.reportLetter(fold, fold.adjudications.at(-1)!.data, reader) : null
  }

  /** Issues a new key for a role (the old one stops working) and mails it to the player of record. */
  rekey(game: string, role: string, reason: string): string {
    if (role === 'moderator') return this.rekeyModerator(game, reason)
    return this.o.store.transaction(() => {
      const fold = this.load(game)
      const p = fold.players.get(role)
      if (!p) throw new Error(`game ${game} has no role ${role}`)
      const generation = p.keyGeneration + 1
      const key = playerKey(serverSecret(this.o.db), game, role, generation)
      this.o.store.append(gameStream(game), fold.version, [
        {
          type: 'PlayerRekeyed',
          data: { role, keyHash: keyHash(key), keyGeneration: generation, reason },
          audience: { kind: 'moderator' },
        },
      ])
      this.o.outbox.enqueue(
        {
          messageId: `rekey.${game}.${role}.${generation}@${this.mailDomain}`,
          from: this.fromAddress,
          to: p.address,
          replyTo: this.replyAddress(game, role, key),
          subject: `[${game}] Your new key for ${role}`,
          text: this.templates.render(null, 'notice.txt', {
            body: `Your key for ${role} in ${game} has been replaced (${reason}).\nNew key: ${key}\nThe old key no longer works. Reply to this mail, or put KEY ${key} in your orders.`,
          }),
        },
        { game, kind: 'notice' },
      )
      return key
    })
  }

  /** PRESS: a message from one role to another (or ALL) through the judge, logged with its audience. */
  sendPress(
    game: string,
    from: string,
    to: string,
    text: string,
    messageId: string | null,
  ): { ok: true; to: string[] } | { ok: false; reason: string } {
    return this.o.store.transaction(() => {
      const fold = this.load(game)
      const roles = [...fold.players.keys()]
      const targets = to === 'all' ? roles.filter((r) => r !== from) : roles.includes(to) && to !== from ? [to] : []
      if (!targets.length)
        return {
          ok: false as const,
          reason: `PRESS needs a role to write to: ${roles.filter((r) => r !== from).join(', ')} or ALL.`,
        }
      if (!text.trim()) return { ok: false as const, reason: 'PRESS needs the message on the lines after it.' }
      const [stored] = this.o.store.append(gameStream(game), fold.version, [
        {
          type: 'PressSent',
          data: { from, to: targets, text, messageId },
          audience: { kind: 'roles', roles: [from, ...targets] },
          causation: messageId,
        },
      ])
      for (const r of targets) {
        const p = fold.players.get(r)!
        this.o.outbox.enqueue(
          {
            messageId: `press.${game}.${stored!.version}.${r}@${this.mailDomain}`,
            from: this.fromAddress,
            to: p.address,
            replyTo: this.replyAddress(game, r, playerKey(serverSecret(this.o.db), game, r, p.keyGeneration)),
            subject: `[${game}] Press from ${from}`,
            text: this.templates.render(null, 'notice.txt', {
              body: `Press from ${from} to ${targets.join(', ')}, relayed and logged by the judge:\n\n${text}\n\nTo answer, reply with PRESS ${from} on the first line.`,
            }),
          },
          { game, kind: 'press' },
        )
      }
      return { ok: true as const, to: targets }
    })
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

  checkModeratorKey(game: string, key: string): boolean {
    return keyMatches(key, keyHash(this.moderatorKey(game)))
  }

  replyAddress(game: string, role: string, key: string): string {
    return `orders+${game}.${role}.${key}@${this.mailDomain}`
  }

  createGame(req: CreateGameRequest): { game: string; keys: Record<string, string> } {
    if (!GAME_ID.test(req.game))
      throw new Error(`game ids are 2-32 lower-case letters, digits and dashes ("${req.game}" is not)`)
    if (this.o.store.version(gameStream(req.game)) > 0) throw new Error(`game ${req.game} already exists`)
    const factory = rulesetFactory(req.ruleset)
    const pack = req.pack !== undefined ? factory.loadPack(req.pack) : factory.defaultPack()
    const ruleset = factory.create(pack)
    if (!ruleset.scenarios.some((s) => s.id === req.scenario))
      throw new Error(
        `unknown scenario "${req.scenario}"; ${ruleset.title} has ${ruleset.scenarios.map((s) => s.id).join(', ')}`,
      )
    checkPlayers(ruleset.title, ruleset.roles, req.players)
    const server = serverSecret(this.o.db)
    const hidden = this.freshSecret(req.game, 'hidden', 0)
    const dice = this.freshSecret(req.game, 'dice', 1)
    const now = this.o.clock()
    const zone = req.zone ?? 'UTC'
    if (!isValidZone(zone))
      throw new Error(`unknown time zone "${zone}" (use an IANA name such as America/New_York, Europe/Paris or UTC)`)
    const deadlineHours = checkDeadlineHours(req.deadlineHours ?? 72)
    // Setting the game up once now proves the scenario works before anything is written.
    const initial = ruleset.setup(req.scenario, req.options ?? {}, pack, new RecordingDice(hidden, req.game, 0, ''))
    const created: GameCreated = {
      game: req.game,
      ruleset: factory.id,
      rulesetVersion: ruleset.version,
      scenario: req.scenario,
      options: req.options ?? {},
      packId: pack.id,
      packHash: pack.hash,
      // The game keeps its own copy of the data, so a later release of the embedded pack cannot change it.
      pack: pack.content,
      createdBy: req.createdBy ?? 'operator',
      zone,
      deadlineHours,
    }
    const schedule = req.schedule ? mergeSchedule(defaultSchedule(created), req.schedule) : defaultSchedule(created)
    const keys: Record<string, string> = {}
    const events: NewEvent[] = [{ type: 'GameCreated', data: created, audience: { kind: 'public' } }]
    for (const p of req.players) {
      const key = playerKey(server, req.game, p.role, 1)
      keys[p.role] = key
      events.push({
        type: 'PlayerJoined',
        data: { role: p.role, address: p.address, name: p.name, keyHash: keyHash(key), keyGeneration: 1 },
        audience: { kind: 'moderator' },
      })
    }
    if (req.schedule)
      events.push({
        type: 'ScheduleSet',
        data: { schedule, by: req.createdBy ?? 'operator', reason: 'game created' },
        audience: { kind: 'public' },
      })
    events.push({
      type: 'HiddenDrawCommitted',
      data: { purpose: 'setup', commitment: commitmentOf(hidden) },
      audience: { kind: 'public' },
    })
    events.push({
      type: 'DiceCommitted',
      data: { point: 1, commitment: commitmentOf(dice), algorithm: DICE_ALGORITHM },
      audience: { kind: 'public' },
    })
    const first = deadlineFor(schedule, phaseOf(ruleset.awaiting(initial)), now)
    events.push({
      type: 'DeadlineSet',
      data: {
        point: 1,
        deadline: first.deadline.toISOString(),
        zone: schedule.zone,
        reason: first.note ? `game created; ${first.note}` : 'game created',
      },
      audience: { kind: 'public' },
    })
    this.o.store.transaction(() => {
      const insert = this.o.db.prepare('INSERT INTO secrets (game, purpose, point, secret) VALUES (?, ?, ?, ?)')
      insert.run(req.game, 'hidden', 0, hidden)
      insert.run(req.game, 'dice', 1, dice)
      this.o.store.append(gameStream(req.game), 0, events)
      const fold = this.load(req.game)
      for (const letter of this.reportLetters(fold, null))
        this.o.outbox.enqueue(letter, { game: req.game, kind: 'report' })
      this.askOpeningQuestions(req.game)
    })
    return { game: req.game, keys }
  }

  /** Orders for a role at the open point; a later accepted set replaces the earlier one. */
  submitOrders(game: string, role: string, text: string, meta: SubmitMeta = {}): SubmitResult {
    return this.o.store.transaction(() => {
      const fold = this.load(game)
      const ruleset = fold.ruleset
      const awaited = ruleset.awaiting(fold.state).find((a) => a.kind === 'orders' && a.role === role)
      const label = awaited && awaited.kind === 'orders' ? awaited.label : `point ${fold.point}`
      const textHash = sha256Hex(text)
      const receipt = `${game}/${fold.point}/${fold.receipts.size + 1}`
      const base = { receipt, point: fold.point, textHash, messageId: meta.messageId ?? null, from: meta.from ?? null }
      let event: NewEvent
      let result: SubmitResult
      if (!fold.players.has(role)) {
        const errors = [
          {
            line: 0,
            text: '',
            message: `game ${game} has no role "${role}"; roles: ${[...fold.players.keys()].join(', ')}`,
          },
        ]
        event = {
          type: 'OrdersRejected',
          data: { ...base, role: null, errors } satisfies OrdersRejected,
          audience: { kind: 'moderator' },
          causation: meta.messageId ?? null,
        }
        result = { receipt, accepted: false, errors, label }
      } else if (fold.finished || !awaited || inProgress(fold) || fold.ejected.has(role)) {
        const why = fold.finished
          ? 'the game is over'
          : fold.ejected.has(role)
            ? `the ${role} player was removed from the game; the moderator will name a replacement`
            : inProgress(fold)
              ? `the resolution of ${label} is in progress: the orders for it are closed`
              : `no orders are awaited from ${role} now (${this.awaitingText(fold)})`
        const errors = [{ line: 0, text: '', message: why }]
        event = {
          type: 'OrdersRejected',
          data: { ...base, role, errors } satisfies OrdersRejected,
          audience: { kind: 'roles', roles: [role] },
          causation: meta.messageId ?? null,
        }
        result = { receipt, accepted: false, errors, label }
      } else if (
        !fold.paused &&
        fold.deadline &&
        this.o.clock().getTime() > new Date(fold.deadline.deadline).getTime()
      ) {
        const errors = [
          {
            line: 0,
            text: '',
            message: `late: the deadline for ${label} passed at ${this.when(fold, fold.deadline.deadline, role)}; the orders on file (if any) will be used`,
          },
        ]
        event = {
          type: 'OrdersRejected',
          data: { ...base, role, errors } satisfies OrdersRejected,
          audience: { kind: 'roles', roles: [role] },
          causation: meta.messageId ?? null,
        }
        result = { receipt, accepted: false, errors, label }
      } else {
        // The game never sees an over-long line; what goes back and into the log is bounded.
        // Too many lines are refused unparsed: blanking them all makes the parser's work nothing.
        const tooMany = tooManyLines(text)
        const screened = tooMany ? { text: '', errors: [tooMany] } : screenLongLines(text)
        const parsed = tooMany
          ? { commands: [], normalised: [], errors: [], warnings: [] }
          : ruleset.parseOrders(fold.state, role, screened.text)
        const unread = meta.unreadFrom ? [unreadTailError(meta.unreadFrom)] : []
        if (screened.errors.length || parsed.errors.length || unread.length) {
          const all = [...screened.errors, ...parsed.errors, ...unread]
          const errors = boundLineErrors(all.sort((a, b) => a.line - b.line))
          event = {
            type: 'OrdersRejected',
            data: { ...base, role, errors } satisfies OrdersRejected,
            audience: { kind: 'roles', roles: [role] },
            causation: meta.messageId ?? null,
          }
          result = { receipt, accepted: false, errors, label }
        } else {
          const data: OrdersAccepted = {
            ...base,
            role,
            turn: ruleset.turnOf(fold.state),
            commands: parsed.commands as unknown[],
            normalised: parsed.normalised,
            warnings: boundLineErrors(parsed.warnings, 'notes'),
            salt: readScript(text).envelope.salt ?? null,
            replaces: fold.orders.get(role)?.receipt ?? null,
            text,
            ...(meta.authenticatedBy ? { authenticatedBy: meta.authenticatedBy } : {}),
          }
          event = {
            type: 'OrdersAccepted',
            data,
            audience: { kind: 'roles', roles: [role] },
            causation: meta.messageId ?? null,
          }
          result = { receipt, accepted: true, errors: [], label }
        }
      }
      const [stored] = this.o.store.append(gameStream(game), fold.version, [event])
      const after = this.load(game)
      const player = fold.players.get(role)
      if (player && !fold.ejected.has(role))
        this.o.outbox.enqueue(
          this.ackLetter(after, role, stored!.data as OrdersAccepted | OrdersRejected, result, meta),
          { game, kind: 'ack' },
        )
      return result
    })
  }

  /** Roles whose orders are still missing at the open point. */
  missing(fold: GameFold): Awaited[] {
    return fold.ruleset
      .awaiting(fold.state)
      .filter((a) => a.kind === 'orders' && !fold.orders.has(a.role) && !a.optional)
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
    for (const game of this.games()) {
      const fold = this.load(game)
      if (planGame(fold, now).actions.some((a) => a.kind === 'advance')) due.push(game)
    }
    return due
  }

  private guard(fold: GameFold, opts: { expectedVersion?: number; point?: number }): void {
    if (opts.expectedVersion !== undefined && fold.version !== opts.expectedVersion)
      throw new ConcurrencyError(gameStream(fold.created.game), opts.expectedVersion, fold.version)
    if (opts.point !== undefined && fold.point !== opts.point) throw new PointMovedError(opts.point, fold.point)
  }

  private secretFor(fold: GameFold): string {
    const game = fold.created.game
    const secret = this.secrets.get(game, 'dice', fold.point)
    if (!secret || !fold.commitment || commitmentOf(secret) !== fold.commitment)
      throw new Error(
        `game ${game}: the dice secret for point ${fold.point} is missing or does not match its commitment`,
      )
    return secret
  }

  private inputsOf(fold: GameFold): {
    orders: Record<string, unknown[]>
    inputs: Record<string, string>
    salt: string
  } {
    const orders: Record<string, unknown[]> = {}
    const inputs: Record<string, string> = {}
    const salts: string[] = []
    for (const [role, o] of fold.orders) {
      orders[role] = o.commands
      inputs[role] = o.receipt
      if (o.salt) salts.push(o.salt)
    }
    return { orders, inputs, salt: combineSalts(salts) }
  }

  /**
   * Resolves the open point. The rules run with the orders on file and the decisions answered so
   * far; when they meet a decision no standing order covers, the judge asks the deciding player
   * (DecisionRequested, with the decision's own deadline) and stops without recording any result.
   * Called again (by the tick, once the answer is in or the decision's deadline passed) it re-runs
   * the point from the start with the same dice secret and the answers so far, which gives the same
   * prefix, and goes on to the end or to the next decision. Only when no decision is pending is
   * TurnAdjudicated appended, with every answer in `decisionAnswers`, so a re-fold gives the same
   * result. Exactly once: the append takes the stream version read in this transaction, and
   * `expectedVersion` / `point` let a caller insist on the state its plan was made from.
   */
  adjudicate(game: string, opts: AdjudicateOptions = {}): AdjudicateResult {
    return this.o.store.transaction(() => {
      const fold = this.load(game)
      this.guard(fold, opts)
      if (fold.finished) throw new Error(`game ${game} is over`)
      const now = opts.now ?? this.o.clock()
      const point = fold.point
      const secret = this.secretFor(fold)
      const { orders, inputs, salt } = this.inputsOf(fold)
      const answers: Record<string, string> = Object.fromEntries([...fold.answers].map(([id, a]) => [id, a.applied]))
      const asked = new Map<string, DecisionRequested & { deadline: string }>()
      for (const d of fold.requested.values()) asked.set(d.decisionId, { ...d, deadline: d.deadline ?? fold.openedAt })
      const askedOf = (role: string) => [...asked.values()].filter((d) => d.role === role && !d.between).length
      const cap = fold.ruleset.questionsPerResolution === 'unlimited' ? Infinity : fold.schedule.maxAsks
      const events: NewEvent[] = []
      const letters: Letter[] = []
      const requested: string[] = []
      const defaulted: string[] = []
      const turn = fold.ruleset.turnOf(fold.state)
      const settleByDefault = (d: DecisionRequested) => {
        events.push({
          type: 'DecisionDefaulted',
          data: { point, decisionId: d.decisionId, applied: d.defaultOption },
          audience: { kind: 'roles', roles: [d.role] },
        })
        answers[d.decisionId] = d.defaultOption
        defaulted.push(d.decisionId)
      }
      // Questions put when the point opened are inputs, like orders: unanswered now, they take their defaults.
      for (const d of openQuestions(fold)) settleByDefault(d)
      let waiting: AdjudicateResult['waiting'] = null
      const run = resolvePoint(
        fold.ruleset,
        { state: fold.state, orders, answers, dice: () => fold.diceFor(point, secret, salt) },
        (open, soFar) => {
          const known = asked.get(open.decisionId)
          if (known) {
            if (known.defaultOption !== open.defaultOption || known.role !== open.role)
              throw new Error(
                `game ${game}: decision ${open.decisionId} came out differently on re-running resolution ${point}; the rules are not deterministic`,
              )
            const due =
              opts.force || Date.parse(known.deadline) <= now.getTime() || absentAt(fold, open.role, now.getTime())
            if (!due) {
              waiting = { decisionId: known.decisionId, role: known.role, deadline: known.deadline }
              return 'stop'
            }
          } else {
            const deadline = deadlineFor(fold.schedule, 'decision', now).deadline.toISOString()
            const data: DecisionRequested & { deadline: string } = {
              ...questionOf(open),
              point,
              deadline,
              situation: [
                ...(open.situation ?? []),
                ...narrativeSoFar(soFar.narrative.slice(0, open.narrativeBefore ?? 0), open.role),
              ],
            }
            if (!data.situation!.length) delete data.situation
            asked.set(open.decisionId, data)
            requested.push(open.decisionId)
            events.push({ type: 'DecisionRequested', schemaVersion: 2, data, audience: onlyRoles(open.role) })
            // Asked at once and defaulted at once: when forced, when the player is away or gone,
            // and beyond the game's cap on questions per role and resolution.
            const atOnce = opts.force || absentAt(fold, open.role, now.getTime()) || askedOf(open.role) > cap
            if (!atOnce) {
              const letter = this.decisionLetter(fold, data, soFar.label)
              if (letter) letters.push(letter)
              waiting = { decisionId: data.decisionId, role: data.role, deadline }
              return 'stop'
            }
          }
          const d = asked.get(open.decisionId)!
          settleByDefault(d)
          return d.defaultOption
        },
      )
      const { step, dice } = run
      Object.assign(answers, run.answers)
      if (waiting) {
        if (events.length) this.o.store.append(gameStream(game), fold.version, events)
        for (const l of letters) this.o.outbox.enqueue(l, { game, kind: 'decision' })
        return { point, label: step.label, finished: false, committed: false, waiting, requested, defaulted }
      }
      if (opts.force)
        events.unshift({
          type: 'AdjudicationForced',
          data: { point, by: opts.by ?? 'moderator', reason: opts.reason ?? 'resolved at once by the moderator' },
          audience: { kind: 'public' },
        })
      const adjudicated: TurnAdjudicated = {
        point,
        turn,
        label: step.label,
        rulesetVersion: fold.ruleset.version,
        inputs,
        decisionAnswers: answers,
        secret,
        commitment: fold.commitment!,
        salt,
        rolls: dice.rolls,
        ...(dice.hiddenRolls.length ? { hiddenRolls: dice.hiddenRolls } : {}),
        narrative: step.narrative,
        stateHash: stateHash(step.state),
        finished: step.finished,
      }
      events.push({ type: 'TurnAdjudicated', data: adjudicated, audience: { kind: 'moderator' } })
      if (step.finished) {
        const hidden = this.secrets.get(game, 'hidden', 0)!
        events.push({
          type: 'HiddenDrawRevealed',
          data: { purpose: 'setup', secret: hidden, commitment: commitmentOf(hidden) },
          audience: { kind: 'public' },
        })
        events.push({
          type: 'GameFinished',
          data: { point, result: fold.ruleset.outcome(step.state) ?? {} },
          audience: { kind: 'public' },
        })
      } else {
        const next = this.freshSecret(game, 'dice', point + 1)
        this.o.db
          .prepare('INSERT INTO secrets (game, purpose, point, secret) VALUES (?, ?, ?, ?)')
          .run(game, 'dice', point + 1, next)
        events.push({
          type: 'DiceCommitted',
          data: { point: point + 1, commitment: commitmentOf(next), algorithm: DICE_ALGORITHM },
          audience: { kind: 'public' },
        })
        const d = deadlineFor(fold.schedule, phaseOf(fold.ruleset.awaiting(step.state)), now)
        events.push({
          type: 'DeadlineSet',
          data: {
            point: point + 1,
            deadline: d.deadline.toISOString(),
            zone: fold.schedule.zone,
            reason: d.note ? `${step.label} adjudicated; ${d.note}` : `${step.label} adjudicated`,
          },
          audience: { kind: 'public' },
        })
      }
      this.o.store.append(gameStream(game), fold.version, events)
      for (const l of letters) this.o.outbox.enqueue(l, { game, kind: 'decision' })
      const after = this.load(game)
      for (const letter of this.reportLetters(after, after.adjudications.at(-1)!.data))
        this.o.outbox.enqueue(letter, { game, kind: 'report' })
      this.askOpeningQuestions(game)
      return { point, label: step.label, finished: step.finished, committed: true, waiting: null, requested, defaulted }
    })
  }

  /** The moderator's PROCESS: resolve now; decisions not yet answered take their defaults. */
  forceAdjudicate(game: string, opts: ModeratorOptions = {}): AdjudicateResult {
    return this.adjudicate(game, { ...opts, force: true, by: opts.by ?? 'moderator' })
  }

  /** The question mailed to the deciding player only: what that player may see, the options, the default, the deadline. */
  private decisionLetter(fold: GameFold, d: DecisionRequested & { deadline: string }, label: string): Letter | null {
    const game = fold.created.game
    const p = fold.players.get(d.role)
    if (!p || fold.ejected.has(d.role)) return null
    const key = playerKey(serverSecret(this.o.db), game, d.role, p.keyGeneration)
    const body = questionText(d, {
      label,
      between: d.between === true,
      answerBy: this.when(fold, d.deadline, d.role),
      game,
      role: d.role,
      key,
      judge: this.judgeAddress,
    })
    return {
      messageId: `decision.${game}.${d.decisionId}.g${p.keyGeneration}@${this.mailDomain}`,
      from: this.fromAddress,
      to: p.address,
      replyTo: this.replyAddress(game, d.role, key),
      subject: `[${game}] ${d.between ? 'Question' : 'Decision needed'}: ${d.decisionId} (${d.role})`,
      text: this.templates.render(null, 'notice.txt', { body }),
      headers: { 'Auto-Submitted': 'auto-generated' },
    }
  }

  /**
   * The questions the open point asks before it is resolved (the game's awaited decisions) that are
   * not on record yet: recorded with the point's deadline and mailed to their players. Called where
   * a point opens, in the same transaction.
   */
  askOpeningQuestions(game: string): void {
    this.o.store.transaction(() => this.askQuestionsOf(game))
  }

  private askQuestionsOf(game: string): void {
    const fold = this.load(game)
    if (fold.finished || !fold.deadline) return
    const events: NewEvent[] = []
    const letters: Letter[] = []
    const turn = fold.ruleset.turnLabel(fold.ruleset.turnOf(fold.state))
    for (const a of fold.ruleset.awaiting(fold.state)) {
      if (a.kind !== 'decision' || fold.requested.has(a.decisionId)) continue
      const data: DecisionRequested & { deadline: string } = {
        ...questionOf(a),
        point: fold.point,
        deadline: fold.deadline.deadline,
        between: true,
      }
      events.push({ type: 'DecisionRequested', schemaVersion: 2, data, audience: onlyRoles(a.role) })
      const letter = this.decisionLetter(fold, data, turn)
      if (letter) letters.push(letter)
    }
    if (!events.length) return
    this.o.store.append(gameStream(game), fold.version, events)
    for (const l of letters) this.o.outbox.enqueue(l, { game, kind: 'decision' })
  }

  // ------------------------------------------------------------------ player calls by mail

  /** One answer: DECIDE <id> <answer> (the CLI's `pbem decide`). */
  decide(game: string, role: string, decisionId: string, answer: string, meta: CallMeta = {}): CallResult {
    return this.answer(game, role, [{ decisionId, answer }], meta)
  }

  /**
   * DECIDE <id> <answer>: a player's answers to questions put to them (DecisionMade), one line or
   * several; a fixed option by its id, a free answer as the game checks it. Each answer is taken or
   * refused on its own, and one notice says which.
   */
  answer(
    game: string,
    role: string,
    given: { decisionId: string; answer: string }[],
    meta: CallMeta & { withOrders?: boolean } = {},
  ): CallResult {
    return this.o.store.transaction(() => {
      const fold = this.load(game)
      if (!fold.players.has(role)) return { ok: false as const, error: `game ${game} has no role "${role}"` }
      const now = this.o.clock().getTime()
      const events: NewEvent[] = []
      const taken: string[] = []
      const refused: string[] = []
      const refusedIds: string[] = []
      const errors: string[] = []
      const answeredNow = new Set<string>()
      for (const g of given) {
        const id = g.decisionId.trim().toUpperCase()
        const d = fold.requested.get(id)
        const mine = [...fold.requested.values()]
          .filter((x) => x.role === role && !fold.answers.has(x.decisionId) && !answeredNow.has(x.decisionId))
          .map((x) => x.decisionId)
        const settled = fold.answers.get(id)
        const due = d?.between ? (fold.paused ? null : (fold.deadline?.deadline ?? null)) : (d?.deadline ?? null)
        let error: string | null = null
        let answer: string | null = null
        if (!d || d.role !== role)
          error = `no decision ${id || '(no id)'} is waiting for your answer${mine.length ? `; yours: ${mine.join(', ')}` : ' (none of yours is pending)'}`
        else if (answeredNow.has(id)) error = `${id} is answered twice in this message; the first answer counts`
        else if (settled)
          error = `decision ${id} is already settled: ${settled.applied} (${settled.byDefault ? 'its deadline passed and the default was applied' : 'your answer'})`
        else if (due && Date.parse(due) < now)
          error = `too late: the answer to ${id} was due at ${this.when(fold, due, role)}; the default ${d.defaultOption} applies`
        else {
          const checked = checkAnswer(fold.ruleset, fold.state, d, g.answer)
          if ('error' in checked) error = checked.error
          else answer = checked.answer
        }
        if (error || answer === null) {
          refused.push(`${`DECIDE ${g.decisionId} ${g.answer}`.trim()}: ${error}`)
          refusedIds.push(id || '(no id)')
          errors.push(error!)
          continue
        }
        answeredNow.add(id)
        taken.push(
          `${id}: ${answer}${d!.answer !== 'text' ? ` (${d!.options.find((o) => o.id === answer)?.label})` : ''}`,
        )
        events.push({
          type: 'DecisionMade',
          data: { point: fold.point, decisionId: id, applied: answer },
          audience: onlyRoles(role),
          causation: meta.messageId ?? null,
        })
      }
      if (events.length) this.o.store.append(gameStream(game), fold.version, events)
      const tag = sha256Hex(`${meta.messageId ?? this.o.clock().toISOString()}|${JSON.stringify(given)}`).slice(0, 12)
      const next = inProgress(fold)
        ? "The resolution goes on at the judge's next tick; the results, or the next question, follow by mail."
        : 'The answers are inputs of the next resolution, with the orders on file.'
      const message = [
        ...(taken.length ? ['Recorded (an answer is final):', ...taken.map((t) => `  ${t}`), next] : []),
        ...(refused.length ? ['Not recorded:', ...refused.map((r) => `  ${r}`)] : []),
        ...(meta.withOrders ? ['The orders in the same message are acknowledged in a separate mail.'] : []),
      ].join('\n')
      if (meta.mail !== false)
        this.noticeTo(
          fold,
          role,
          this.decideSubject(
            taken.map((t) => t.split(': ')[0]!),
            refusedIds,
            answeredNow.size === 1 ? String((events[0]!.data as { applied: string }).applied) : null,
          ),
          message,
          `decide${refused.length ? '-error' : ''}.${game}.${tag}`,
          'ack',
          meta.messageId,
        )
      return refused.length && !taken.length
        ? { ok: false as const, error: errors.join('; ') }
        : { ok: true as const, message }
    })
  }

  /** A notice subject naming a few of the answers (a subject line stays short). */
  private decideSubject(taken: string[], refused: string[], single: string | null): string {
    const ids = (xs: string[]) => boundList(xs, 60, (n) => `${n} more`).join(', ')
    if (!taken.length) return `Decision not recorded: ${ids(refused)}`
    const recorded =
      taken.length === 1 && single !== null
        ? `Decision recorded: ${taken[0]} ${single.slice(0, 60)}`
        : `Decisions recorded: ${ids(taken)}`
    return refused.length ? `${recorded}; not recorded: ${ids(refused)}` : recorded
  }

  /** SET ZONE <iana>: deadlines in this player's mail are shown in their zone too (NONE clears it). */
  setPlayerZone(game: string, role: string, zone: string | null, meta: CallMeta = {}): CallResult {
    return this.o.store.transaction(() => {
      const fold = this.load(game)
      if (!fold.players.has(role)) return { ok: false as const, error: `game ${game} has no role "${role}"` }
      const z = zone === null || /^(none|off|clear)$/i.test(zone.trim()) ? null : zone.trim()
      const tag = sha256Hex(`${meta.messageId ?? this.o.clock().toISOString()}|zone|${zone}`).slice(0, 12)
      if (z !== null && !isValidZone(z)) {
        const error = `"${z}" is not a time zone the judge knows; use an IANA name such as Europe/Paris, America/Chicago or Asia/Kolkata`
        if (meta.mail !== false)
          this.noticeTo(fold, role, 'Time zone not set', error, `zone-error.${game}.${tag}`, 'ack', meta.messageId)
        return { ok: false as const, error }
      }
      this.o.store.append(gameStream(game), fold.version, [
        {
          type: 'PlayerZoneSet',
          data: { role, zone: z },
          audience: { kind: 'roles', roles: [role] },
          causation: meta.messageId ?? null,
        },
      ])
      const after = this.load(game)
      const message = z
        ? `Deadlines will be shown in ${z} too. The current deadline: ${this.when(after, after.deadline?.deadline ?? null, role)}.`
        : `Your own zone is cleared: deadlines are shown in UTC and the game's zone (${after.schedule.zone}).`
      if (meta.mail !== false)
        this.noticeTo(after, role, `Time zone ${z ?? 'cleared'}`, message, `zone.${game}.${tag}`, 'ack', meta.messageId)
      return { ok: true as const, message }
    })
  }

  /**
   * SET ABSENCE <from> <to> (dates, inclusive, in the player's zone or else the game's): during the
   * absence the game does not wait for the role: its standing and default orders are used at the
   * deadline, no late notice names it, and decisions put to it take their defaults at once. Limits
   * (set by the moderator in the schedule): days per absence, days per role per game; no overlaps;
   * not in the past. The moderator (`by: 'moderator'`) is not bound by the limits.
   */
  setAbsence(game: string, role: string, from: string, to: string, meta: CallMeta & { by?: string } = {}): CallResult {
    return this.o.store.transaction(() => {
      const fold = this.load(game)
      if (!fold.players.has(role)) return { ok: false as const, error: `game ${game} has no role "${role}"` }
      const byModerator = meta.by === 'moderator'
      const zone = fold.zones.get(role) ?? fold.schedule.zone
      const tag = sha256Hex(`${meta.messageId ?? this.o.clock().toISOString()}|absence|${from}|${to}`).slice(0, 12)
      const refuse = (error: string) => {
        if (meta.mail !== false)
          this.noticeTo(
            fold,
            role,
            'Absence not set',
            `SET ABSENCE ${from} ${to}: ${error}.`,
            `absence-error.${game}.${tag}`,
            'ack',
            meta.messageId,
          )
        return { ok: false as const, error }
      }
      const dateRe = /^\d{4}-\d{2}-\d{2}$/
      if (!dateRe.test(from.trim()) || !dateRe.test(to.trim()))
        return refuse(
          'write the first and last day of the absence as YYYY-MM-DD, e.g. SET ABSENCE 2026-07-01 2026-07-10',
        )
      const f = from.trim()
      const l = to.trim()
      const dayNo = (d: string) =>
        Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86400_000
      if (Number.isNaN(dayNo(f)) || Number.isNaN(dayNo(l))) return refuse('not a date')
      const days = dayNo(l) - dayNo(f) + 1
      if (days < 1) return refuse('the last day is before the first')
      const today = localDate(this.o.clock(), zone)
      if (!byModerator) {
        if (fold.schedule.absenceMaxDays <= 0)
          return refuse('absences are not allowed in this game (ask the moderator)')
        if (dayNo(f) < dayNo(today))
          return refuse(`the absence cannot start in the past (today is ${today} in ${zone})`)
        if (days > fold.schedule.absenceMaxDays)
          return refuse(
            `an absence may last at most ${fold.schedule.absenceMaxDays} days in this game (this one is ${days})`,
          )
        const used = (fold.absences.get(role) ?? []).reduce((n, a) => n + a.days, 0)
        if (used + days > fold.schedule.absenceTotalDays)
          return refuse(
            `this role may be away at most ${fold.schedule.absenceTotalDays} days in this game; ${used} are already taken`,
          )
      }
      const start = endOfLocalDay(
        new Date(Date.UTC(Number(f.slice(0, 4)), Number(f.slice(5, 7)) - 1, Number(f.slice(8, 10)) - 1))
          .toISOString()
          .slice(0, 10),
        zone,
      )
      const end = endOfLocalDay(l, zone)
      const clash = (fold.absences.get(role) ?? []).find(
        (a) => Date.parse(a.from) < end.getTime() && start.getTime() < Date.parse(a.to),
      )
      if (clash)
        return refuse(
          `it overlaps your absence ${clash.absenceId} (${clash.from} to ${clash.to}); cancel that one first with SET ABSENCE NONE`,
        )
      const absenceId = [...fold.absences.values()].flat().reduce((n, a) => Math.max(n, a.absenceId), 0) + 1
      this.o.store.append(gameStream(game), fold.version, [
        {
          type: 'AbsenceSet',
          data: {
            role,
            absenceId,
            from: start.toISOString(),
            to: end.toISOString(),
            days,
            by: byModerator ? 'moderator' : role,
          },
          audience: { kind: 'public' },
          causation: meta.messageId ?? null,
        },
      ])
      const after = this.load(game)
      const message = [
        `You are away from ${f} to ${l} inclusive (${days} day(s), ${zone}): from ${this.when(after, start.toISOString(), role)} to ${this.when(after, end.toISOString(), role)}.`,
        "While you are away the game does not wait for you: if your orders are missing at a deadline, your standing orders and the rules' defaults are used, and no late notice names you. Decisions put to you take their defaults at once.",
        'Orders you send before or during the absence are used as usual. Cancel with SET ABSENCE NONE.',
      ].join('\n')
      if (meta.mail !== false)
        this.noticeTo(
          after,
          role,
          `Absence ${f} to ${l} recorded`,
          message,
          `absence.${game}.${tag}`,
          'ack',
          meta.messageId,
        )
      this.noticeTo(
        after,
        null,
        `Absence: ${role} ${f} to ${l}`,
        `${role} (${after.players.get(role)!.address}) set an absence from ${f} to ${l} (${days} day(s)).`,
        `absence.${game}.${tag}`,
      )
      return { ok: true as const, message }
    })
  }

  /** SET ABSENCE NONE: withdraws the role's absences that have not ended. */
  cancelAbsence(game: string, role: string, meta: CallMeta & { by?: string } = {}): CallResult {
    return this.o.store.transaction(() => {
      const fold = this.load(game)
      if (!fold.players.has(role)) return { ok: false as const, error: `game ${game} has no role "${role}"` }
      const now = this.o.clock().getTime()
      const open = (fold.absences.get(role) ?? []).filter((a) => Date.parse(a.to) > now)
      const tag = sha256Hex(`${meta.messageId ?? this.o.clock().toISOString()}|absence-none`).slice(0, 12)
      if (!open.length) return { ok: true as const, message: 'You had no absence to cancel.' }
      this.o.store.append(
        gameStream(game),
        fold.version,
        open.map((a) => ({
          type: 'AbsenceCancelled',
          data: { role, absenceId: a.absenceId, by: meta.by ?? role },
          audience: { kind: 'public' },
          causation: meta.messageId ?? null,
        })),
      )
      const message = `Cancelled: ${open.map((a) => `absence ${a.absenceId}`).join(', ')}. The game waits for your orders again.`
      if (meta.mail !== false)
        this.noticeTo(fold, role, 'Absence cancelled', message, `absence-none.${game}.${tag}`, 'ack', meta.messageId)
      return { ok: true as const, message }
    })
  }

  // ------------------------------------------------------------------ the schedule's actions

  /** The plan the tick would carry out for this game now (nothing is changed). */
  plan(game: string, now: Date) {
    const fold = this.load(game)
    return { version: fold.version, point: fold.point, ...planGame(fold, now) }
  }

  /**
   * Carries out a tick's plan for one game in one transaction, refusing (ConcurrencyError) if the
   * stream moved since the plan was made: the caller re-reads and plans again.
   */
  applyPlan(
    game: string,
    actions: Action[],
    opts: { now: Date; expectedVersion?: number },
  ): { done: string[]; result: AdjudicateResult | null } {
    return this.o.store.transaction(() => {
      const fold = this.load(game)
      this.guard(fold, opts)
      const done: string[] = []
      let result: AdjudicateResult | null = null
      for (const a of actions) {
        switch (a.kind) {
          case 'remind':
            this.sendReminder(game, a, opts.now)
            break
          case 'late':
            this.sendLateNotice(game, a)
            break
          case 'grace':
            this.grantGrace(game, a)
            break
          case 'pause':
            this.pauseForMissed(game, a)
            break
          case 'advance':
            result = this.adjudicate(game, { now: opts.now, by: 'schedule' })
            break
        }
        done.push(
          describeAction(a) +
            (a.kind === 'advance' && result && !result.committed
              ? ` waits for decision ${result.waiting!.decisionId}`
              : ''),
        )
      }
      return { done, result }
    })
  }

  private labelFor(fold: GameFold, role: string): string {
    return awaitedOrders(fold).find((a) => a.role === role)?.label ?? `resolution ${fold.point}`
  }

  private missedText(s: Schedule): string {
    return s.missed === 'default'
      ? "your standing orders and the rules' defaults will be used"
      : s.missed === 'grace'
        ? 'the game grants one grace period, after which your standing orders will be used'
        : 'the game will pause until the moderator resumes it'
  }

  private sendReminder(game: string, a: Extract<Action, { kind: 'remind' }>, now: Date): void {
    const fold = this.load(game)
    const events: NewEvent[] = a.hoursBefore.map((h) => ({
      type: 'ReminderSent',
      data: { point: fold.point, deadline: a.deadline, hoursBefore: h, roles: a.roles },
      audience: { kind: 'public' },
    }))
    this.o.store.append(gameStream(game), fold.version, events)
    const left = Date.parse(a.deadline) - now.getTime()
    const h = Math.min(...a.hoursBefore)
    const missing = new Set(missingRoles(fold))
    for (const role of a.roles) {
      const label = this.labelFor(fold, role)
      const questions = openQuestions(fold).filter((q) => q.role === role)
      const ordersDue = missing.has(role)
      this.noticeTo(
        fold,
        role,
        ordersDue
          ? `Reminder: your orders for ${label} are due in ${hoursText(left)}`
          : `Reminder: your answer to ${questions.map((q) => q.decisionId).join(', ')} is due in ${hoursText(left)}`,
        [
          ...(ordersDue ? [`The judge has no orders from you for ${label}.`] : []),
          ...questions.map(
            (q) => `Not answered yet: ${q.decisionId}: ${q.question} (without an answer: ${q.defaultOption}).`,
          ),
          `Deadline: ${this.when(fold, a.deadline, role)} (in ${hoursText(left)}).`,
          ...(ordersDue ? [`If no orders arrive by then, ${this.missedText(fold.schedule)}.`] : []),
          ordersDue
            ? 'Reply to this mail with your orders; the form is in your last report (send STATUS to get the situation again).'
            : 'Reply to this mail with DECIDE <id> <answer> (and orders, if you like, in the same mail).',
        ].join('\n'),
        `remind.${game}.p${fold.point}.${h}h.${Date.parse(a.deadline)}`,
        'reminder',
      )
    }
  }

  private sendLateNotice(game: string, a: Extract<Action, { kind: 'late' }>): void {
    const fold = this.load(game)
    const s = fold.schedule
    const events: NewEvent[] = a.hoursAfter.map((h) => ({
      type: 'LateNoticeSent',
      data: {
        point: fold.point,
        deadline: a.deadline,
        hoursAfter: h,
        roles: a.roles,
        announced: s.announceLate,
        consequence: a.consequence,
      },
      audience: { kind: 'public' },
    }))
    this.o.store.append(gameStream(game), fold.version, events)
    const tag = `late.${game}.p${fold.point}.${Math.max(...a.hoursAfter)}h`
    const current = fold.deadline?.deadline ?? null
    const then = (role: string | null) =>
      a.consequence === 'default'
        ? "The resolution goes ahead with the standing orders on file and the rules' defaults."
        : a.consequence === 'grace'
          ? `This game grants one grace period: the new deadline is ${this.when(fold, a.graceUntil!, role)}.`
          : a.consequence === 'pause'
            ? 'The game is paused until the moderator resumes it; orders sent meanwhile are accepted.'
            : `The deadline is now ${this.when(fold, current, role)}.`
    for (const role of a.roles) {
      const label = this.labelFor(fold, role)
      const body = [
        `Your orders for ${label} were due at ${this.when(fold, a.deadline, role)} and have not arrived.`,
        then(role),
        a.consequence === 'grace' || a.consequence === 'waiting' ? 'Reply to this mail with your orders.' : '',
      ]
        .filter(Boolean)
        .join('\n')
      this.noticeTo(fold, role, `LATE: your orders for ${label}`, body, tag, 'late')
    }
    const named = `Late: ${a.roles.join(', ')} (orders due ${this.when(fold, a.deadline)}).`
    for (const p of fold.players.values()) {
      if (a.roles.includes(p.role) || fold.ejected.has(p.role)) continue
      if (s.announceLate)
        this.noticeTo(fold, p.role, `Waiting for ${a.roles.join(', ')}`, `${named}\n${then(p.role)}`, tag, 'late')
      else if (a.consequence === 'grace' || a.consequence === 'pause')
        this.noticeTo(
          fold,
          p.role,
          a.consequence === 'grace' ? 'Deadline extended' : 'Game paused',
          then(p.role),
          tag,
          'late',
        )
    }
    this.noticeTo(fold, null, `Late: ${a.roles.join(', ')}`, `${named}\n${then(null)}`, tag, 'late')
  }

  private grantGrace(game: string, a: Extract<Action, { kind: 'grace' }>): void {
    const fold = this.load(game)
    this.o.store.append(gameStream(game), fold.version, [
      {
        type: 'GraceGranted',
        data: { point: fold.point, roles: a.roles, deadline: a.deadline },
        audience: { kind: 'public' },
      },
      {
        type: 'DeadlineSet',
        data: {
          point: fold.point,
          deadline: a.deadline,
          zone: fold.schedule.zone,
          reason: `grace for the late orders of ${a.roles.join(', ')}`,
        },
        audience: { kind: 'public' },
      },
    ])
  }

  private pauseForMissed(game: string, a: Extract<Action, { kind: 'pause' }>): void {
    const fold = this.load(game)
    this.o.store.append(gameStream(game), fold.version, [
      {
        type: 'GamePaused',
        data: { point: fold.point, by: 'schedule', reason: `missed orders: ${a.roles.join(', ')}`, roles: a.roles },
        audience: { kind: 'public' },
      },
    ])
    this.noticeTo(
      fold,
      null,
      `Paused: ${a.roles.join(', ')} missed the deadline`,
      [
        `${a.roles.join(', ')} sent no orders for resolution ${fold.point} by ${this.when(fold, fold.deadline?.deadline ?? null)}; the game's policy is to pause.`,
        `Resume with "pbem resume ${game}" (at least 24 hours more, or --deadline / --hours), replace the player with "pbem player replace ${game} <role> <address>",`,
        `or resolve at once with standing orders: "pbem adjudicate ${game} --force". By mail: RESUME, REPLACE, PROCESS.`,
        'After a resumption the same point does not pause again: a second miss plays the standing orders.',
      ].join('\n'),
      `pause.${game}.p${fold.point}.v${fold.version}`,
    )
  }

  // ------------------------------------------------------------------ outage guard

  /**
   * Records a tick at `now` and returns the previous one. The recorded instant never moves back:
   * a pass with an earlier clock (a mistyped `pbem tick --now`, a clock set back) would otherwise
   * make the next real pass see decades of silence and move every deadline.
   */
  markTick(now: Date): Date | null {
    return this.o.store.transaction(() => {
      const row = this.o.db.prepare(`SELECT value FROM settings WHERE key = 'schedule:last-tick'`).get() as
        | { value: string }
        | undefined
      const prev = row && Number.isFinite(Date.parse(row.value)) ? new Date(row.value) : null
      if (!prev || now.getTime() > prev.getTime())
        this.o.db
          .prepare(
            `INSERT INTO settings (key, value) VALUES ('schedule:last-tick', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
          )
          .run(now.toISOString())
      return prev
    })
  }

  lastTick(): Date | null {
    const row = this.o.db.prepare(`SELECT value FROM settings WHERE key = 'schedule:last-tick'`).get() as
      | { value: string }
      | undefined
    return row ? new Date(row.value) : null
  }

  /**
   * After the judge was silent from `from` to `to` for longer than the game's threshold, the
   * deadlines still open at `from` move by the downtime (OutageDetected, DeadlineSet or
   * DecisionDeadlineSet) and the players are told, instead of being ruled late for the judge's
   * silence. Returns false when the game had nothing to move.
   */
  extendForOutage(game: string, from: Date, to: Date): boolean {
    return this.o.store.transaction(() => {
      const fold = this.load(game)
      const down = to.getTime() - from.getTime()
      if (fold.finished || fold.paused || down <= fold.schedule.outageMinutes * 60_000) return false
      const shift = (iso: string) => new Date(Date.parse(iso) + down).toISOString()
      const downtimeHours = Math.round((down / HOUR) * 100) / 100
      const reason = `the judge was down from ${from.toISOString()} to ${to.toISOString()}`
      const base = { lastTick: from.toISOString(), detectedAt: to.toISOString(), downtimeHours, point: fold.point }
      const tag = `outage.${game}.${from.getTime()}`
      const intro = `The judge was down from ${this.when(fold, from.toISOString())} to ${this.when(fold, to.toISOString())} (${hoursText(down)}). Mail sent to it meanwhile may not have been read in order: check with ORDERS or STATUS and send again if needed.`
      if (inProgress(fold)) {
        const open = [...fold.requested.values()].filter(
          (d) => !fold.answers.has(d.decisionId) && d.deadline && Date.parse(d.deadline) > from.getTime(),
        )
        if (!open.length) return false
        const events: NewEvent[] = [
          { type: 'OutageDetected', data: { ...base, deadline: null }, audience: { kind: 'public' } },
        ]
        for (const d of open)
          events.push({
            type: 'DecisionDeadlineSet',
            data: { point: fold.point, decisionId: d.decisionId, deadline: shift(d.deadline!), reason },
            audience: { kind: 'roles', roles: [d.role] },
          })
        this.o.store.append(gameStream(game), fold.version, events)
        for (const d of open)
          this.noticeTo(
            fold,
            d.role,
            `The judge was down: decision ${d.decisionId} now due ${shift(d.deadline!).slice(0, 16)}Z`,
            `${intro}\nYour answer to ${d.decisionId} is now due ${this.when(fold, shift(d.deadline!), d.role)}.`,
            tag,
            'notice',
          )
        this.noticeTo(
          fold,
          null,
          'The judge was down',
          `${intro}\nPending decisions moved by the downtime: ${open.map((d) => d.decisionId).join(', ')}.`,
          tag,
        )
        return true
      }
      if (!fold.deadline || Date.parse(fold.deadline.deadline) <= from.getTime()) return false
      const deadline = shift(fold.deadline.deadline)
      this.o.store.append(gameStream(game), fold.version, [
        { type: 'OutageDetected', data: { ...base, deadline }, audience: { kind: 'public' } },
        {
          type: 'DeadlineSet',
          data: {
            point: fold.point,
            deadline,
            zone: fold.schedule.zone,
            reason: `outage: ${reason}; the deadline moves by the downtime`,
          },
          audience: { kind: 'public' },
        },
      ])
      const after = this.load(game)
      const label = this.awaitingText(after)
      for (const p of after.players.values())
        this.noticeTo(
          after,
          p.role,
          'The judge was down: deadline moved',
          `${intro}\nSo that no one is ruled late for the judge's silence, the deadline for ${label} moves by the same time: ${this.when(after, deadline, p.role)}.`,
          tag,
          'notice',
        )
      this.noticeTo(
        after,
        null,
        'The judge was down: deadline moved',
        `${intro}\nThe deadline for ${label} moved to ${this.when(after, deadline)}.`,
        tag,
      )
      return true
    })
  }

  // ------------------------------------------------------------------ moderator controls

  /** Replaces the schedule's settings given in `input` (ScheduleSet); `reschedule` recomputes the open deadline from the point's opening. */
  setSchedule(game: string, input: ScheduleInput, opts: ModeratorOptions & { reschedule?: boolean } = {}): Schedule {
    return this.o.store.transaction(() => {
      const fold = this.load(game)
      this.guard(fold, opts)
      const schedule = mergeSchedule(fold.schedule, input)
      const events: NewEvent[] = [
        {
          type: 'ScheduleSet',
          data: { schedule, by: opts.by ?? 'moderator', ...(opts.reason ? { reason: opts.reason } : {}) },
          audience: { kind: 'public' },
        },
      ]
      const now = opts.now ?? this.o.clock()
      if (opts.reschedule && !fold.finished && !inProgress(fold)) {
        const d = deadlineFor(schedule, phaseOf(fold.ruleset.awaiting(fold.state)), new Date(fold.openedAt))
        if (d.deadline.getTime() <= now.getTime())
          throw new Error(
            `under the new rule the open deadline would be ${d.deadline.toISOString()}, already past; set it with "deadline" instead`,
          )
        events.push({
          type: 'DeadlineSet',
          data: {
            point: fold.point,
            deadline: d.deadline.toISOString(),
            zone: schedule.zone,
            reason: d.note ? `schedule changed; ${d.note}` : 'schedule changed',
          },
          audience: { kind: 'public' },
        })
      }
      this.o.store.append(gameStream(game), fold.version, events)
      const after = this.load(game)
      const text = [
        'The moderator changed the schedule of the game:',
        ...describeSchedule(schedule).map((l) => `  ${l}`),
        '',
        `Open deadline: ${'{DEADLINE}'}`,
      ].join('\n')
      for (const p of after.players.values())
        this.noticeTo(
          after,
          p.role,
          'Schedule changed',
          text.replace('{DEADLINE}', this.when(after, after.deadline?.deadline ?? null, p.role)),
          `schedule.${game}.v${after.version}`,
        )
      return schedule
    })
  }

  pause(game: string, opts: ModeratorOptions = {}): void {
    this.o.store.transaction(() => {
      const fold = this.load(game)
      this.guard(fold, opts)
      if (fold.finished) throw new Error(`game ${game} is over`)
      if (fold.paused)
        throw new Error(`game ${game} is already paused (since ${fold.paused.at}, ${fold.paused.reason})`)
      const reason = opts.reason ?? 'paused by the moderator'
      this.o.store.append(gameStream(game), fold.version, [
        {
          type: 'GamePaused',
          data: { point: fold.point, by: opts.by ?? 'moderator', reason },
          audience: { kind: 'public' },
        },
      ])
      const text = `The moderator paused the game: ${reason}.\nNo deadline runs while the game is paused; orders are still accepted. You will be told when it resumes and what the new deadline is.`
      for (const p of fold.players.values())
        this.noticeTo(fold, p.role, 'Game paused', text, `paused.${game}.v${fold.version}`)
      this.noticeTo(fold, null, 'Game paused', text, `paused.${game}.v${fold.version}`)
    })
  }

  /**
   * Resumes a paused game. The open deadline becomes `deadline`, or `hours` from now, or else the
   * old deadline moved by the time spent paused but at least 24 hours from now. Pending decision
   * deadlines move by the time spent paused (at least an hour from now).
   */
  resume(game: string, opts: ModeratorOptions & { deadline?: Date; hours?: number } = {}): { deadline: string } {
    return this.o.store.transaction(() => {
      const fold = this.load(game)
      this.guard(fold, opts)
      if (!fold.paused) throw new Error(`game ${game} is not paused`)
      const now = opts.now ?? this.o.clock()
      // Only the time the open point spent paused counts (a pause may predate the point).
      const pausedMs = Math.max(0, now.getTime() - Math.max(Date.parse(fold.paused.at), Date.parse(fold.openedAt)))
      const events: NewEvent[] = [
        {
          type: 'GameResumed',
          data: {
            point: fold.point,
            by: opts.by ?? 'moderator',
            reason: opts.reason ?? 'resumed by the moderator',
            pausedHours: Math.round((pausedMs / HOUR) * 100) / 100,
          },
          audience: { kind: 'public' },
        },
      ]
      let deadline: string
      if (inProgress(fold)) {
        deadline = fold.deadline?.deadline ?? now.toISOString()
        for (const d of fold.requested.values()) {
          if (fold.answers.has(d.decisionId) || !d.deadline) continue
          const moved = new Date(Math.max(Date.parse(d.deadline) + pausedMs, now.getTime() + HOUR)).toISOString()
          events.push({
            type: 'DecisionDeadlineSet',
            data: { point: fold.point, decisionId: d.decisionId, deadline: moved, reason: 'game resumed' },
            audience: { kind: 'roles', roles: [d.role] },
          })
        }
      } else {
        if (opts.deadline && opts.deadline.getTime() <= now.getTime())
          throw new Error(`the new deadline ${opts.deadline.toISOString()} is not in the future`)
        const old = fold.deadline ? Date.parse(fold.deadline.deadline) : now.getTime()
        const at =
          opts.deadline?.getTime() ??
          (opts.hours !== undefined
            ? now.getTime() + opts.hours * HOUR
            : Math.max(old + pausedMs, now.getTime() + 24 * HOUR))
        deadline = new Date(at).toISOString()
        events.push({
          type: 'DeadlineSet',
          data: {
            point: fold.point,
            deadline,
            zone: fold.schedule.zone,
            reason: `resumed by ${opts.by ?? 'the moderator'}`,
          },
          audience: { kind: 'public' },
        })
      }
      this.o.store.append(gameStream(game), fold.version, events)
      const after = this.load(game)
      for (const p of after.players.values())
        this.noticeTo(
          after,
          p.role,
          'Game resumed',
          `The game runs again. Awaiting: ${this.awaitingText(after, { kind: 'role', role: p.role })}.\nDeadline: ${this.when(after, after.deadline?.deadline ?? null, p.role)}.`,
          `resumed.${game}.v${after.version}`,
        )
      this.noticeTo(
        after,
        null,
        'Game resumed',
        `Resumed after ${hoursText(pausedMs)}. Deadline: ${this.when(after, deadline)}.`,
        `resumed.${game}.v${after.version}`,
      )
      return { deadline }
    })
  }

  /** Moves the open deadline (or the pending decision's) `hours` later, counted from the later of the deadline and now. */
  extend(game: string, hours: number, opts: ModeratorOptions = {}): { deadline: string } {
    if (!(hours > 0 && hours <= 24 * 60)) throw new Error('an extension is from 0 to 1440 hours (60 days)')
    return this.o.store.transaction(() => {
      const fold = this.load(game)
      this.guard(fold, opts)
      if (fold.finished) throw new Error(`game ${game} is over`)
      const now = (opts.now ?? this.o.clock()).getTime()
      const reason = opts.reason ?? `extended by ${hours}h by ${opts.by ?? 'the moderator'}`
      if (inProgress(fold)) {
        const d = pendingDecision(fold)
        if (!d) throw new Error(`game ${game}: the resolution is about to go on; nothing to extend`)
        const deadline = new Date(Math.max(Date.parse(d.deadline ?? fold.openedAt), now) + hours * HOUR).toISOString()
        this.o.store.append(gameStream(game), fold.version, [
          {
            type: 'DecisionDeadlineSet',
            data: { point: fold.point, decisionId: d.decisionId, deadline, reason },
            audience: { kind: 'roles', roles: [d.role] },
          },
        ])
        const after = this.load(game)
        this.noticeTo(
          after,
          d.role,
          `Decision ${d.decisionId}: more time`,
          `The moderator gave you more time to answer ${d.decisionId}: answer by ${this.when(after, deadline, d.role)}.`,
          `extend.${game}.v${after.version}`,
        )
        return { deadline }
      }
      const deadline = new Date(
        Math.max(fold.deadline ? Date.parse(fold.deadline.deadline) : now, now) + hours * HOUR,
      ).toISOString()
      this.o.store.append(gameStream(game), fold.version, [
        {
          type: 'DeadlineSet',
          data: { point: fold.point, deadline, zone: fold.schedule.zone, reason },
          audience: { kind: 'public' },
        },
      ])
      const after = this.load(game)
      for (const p of after.players.values())
        this.noticeTo(
          after,
          p.role,
          'Deadline extended',
          `The moderator extended the deadline for ${this.awaitingText(after)} by ${hours} hours.\nNew deadline: ${this.when(after, deadline, p.role)}.`,
          `extend.${game}.v${after.version}`,
        )
      return { deadline }
    })
  }

  /** Sets the open deadline to an instant in the future. */
  setDeadline(game: string, when: Date, opts: ModeratorOptions = {}): { deadline: string } {
    return this.o.store.transaction(() => {
      const fold = this.load(game)
      this.guard(fold, opts)
      if (fold.finished) throw new Error(`game ${game} is over`)
      if (inProgress(fold))
        throw new Error(
          `game ${game}: the resolution is in progress (a decision is pending); use extend for the decision's deadline`,
        )
      if (Number.isNaN(when.getTime()) || when.getTime() <= (opts.now ?? this.o.clock()).getTime())
        throw new Error('the new deadline must be in the future')
      const deadline = when.toISOString()
      this.o.store.append(gameStream(game), fold.version, [
        {
          type: 'DeadlineSet',
          data: {
            point: fold.point,
            deadline,
            zone: fold.schedule.zone,
            reason: opts.reason ?? `set by ${opts.by ?? 'the moderator'}`,
          },
          audience: { kind: 'public' },
        },
      ])
      const after = this.load(game)
      for (const p of after.players.values())
        this.noticeTo(
          after,
          p.role,
          'New deadline',
          `The moderator set the deadline for ${this.awaitingText(after)}: ${this.when(after, deadline, p.role)}.`,
          `deadline.${game}.v${after.version}`,
        )
      return { deadline }
    })
  }

  /** A new player takes over a role (PlayerReplaced): new address, new key; the old key stops working. */
  replacePlayer(
    game: string,
    role: string,
    address: string,
    opts: ModeratorOptions & { name?: string } = {},
  ): { key: string } {
    checkAddress(address)
    if (opts.name !== undefined) checkPlayerName(opts.name)
    return this.o.store.transaction(() => {
      const fold = this.load(game)
      this.guard(fold, opts)
      const p = fold.players.get(role)
      if (!p) throw new Error(`game ${game} has no role ${role}`)
      const keyGeneration = p.keyGeneration + 1
      const key = playerKey(serverSecret(this.o.db), game, role, keyGeneration)
      const name = opts.name ?? address
      this.o.store.append(gameStream(game), fold.version, [
        {
          type: 'PlayerReplaced',
          data: {
            role,
            address,
            name,
            previousAddress: p.address,
            keyHash: keyHash(key),
            keyGeneration,
            by: opts.by ?? 'moderator',
            reason: opts.reason ?? 'replaced by the moderator',
          },
          audience: { kind: 'moderator' },
        },
      ])
      const after = this.load(game)
      if (!fold.ejected.has(role) && p.address !== address) {
        this.o.outbox.enqueue(
          {
            messageId: `replaced.${game}.${role}.${keyGeneration}.old@${this.mailDomain}`,
            from: this.fromAddress,
            to: p.address,
            subject: `[${game}] You no longer play ${role}`,
            text: this.templates.render(null, 'notice.txt', {
              body: `The moderator handed ${role} in ${game} to another player (${opts.reason ?? 'replacement'}). Your key no longer works. Thank you for playing.`,
            }),
          },
          { game, kind: 'notice' },
        )
      }
      const model = this.reportModel(after, { kind: 'role', role }, null)
      const status = this.templates.render(after.created.ruleset, 'status.txt', model)
      this.noticeTo(
        after,
        role,
        `You now play ${role}`,
        [
          `Welcome to ${game} (${after.ruleset.title}). The moderator gave you the role ${role}.`,
          `Your key: ${key}. Reply to any mail of the judge (its address carries the key), or put the lines GAME ${game} ${role.toUpperCase()} and KEY ${key} in your orders.`,
          '',
          status.trimEnd(),
          '',
          `Awaiting: ${this.awaitingText(after, { kind: 'role', role })}`,
          `Deadline: ${this.when(after, after.deadline?.deadline ?? null, role)}`,
          'Send HISTORY for what happened so far, HELP for the commands.',
        ].join('\n'),
        `welcome.${game}.g${keyGeneration}`,
      )
      const d = pendingDecision(after)
      if (d && d.role === role && d.deadline) {
        const letter = this.decisionLetter(
          after,
          { ...d, deadline: d.deadline },
          awaitedOrders(after)
            .map((x) => x.label)
            .join(' / ') || `resolution ${after.point}`,
        )
        if (letter) this.o.outbox.enqueue(letter, { game, kind: 'decision' })
      }
      this.noticeTo(
        after,
        null,
        `${role} replaced`,
        `${role} is now played by ${name} <${address}> (was ${p.address}). New key generation ${keyGeneration}.`,
        `replaced.${game}.g${keyGeneration}`,
      )
      return { key }
    })
  }

  /** Removes a player (PlayerEjected): the key stops working; the role plays on standing orders until replaced. */
  eject(game: string, role: string, opts: ModeratorOptions = {}): void {
    this.o.store.transaction(() => {
      const fold = this.load(game)
      this.guard(fold, opts)
      const p = fold.players.get(role)
      if (!p) throw new Error(`game ${game} has no role ${role}`)
      if (fold.ejected.has(role)) throw new Error(`${role} is already vacant`)
      const reason = opts.reason ?? 'removed by the moderator'
      this.o.store.append(gameStream(game), fold.version, [
        {
          type: 'PlayerEjected',
          data: {
            role,
            previousAddress: p.address,
            keyGeneration: p.keyGeneration + 1,
            by: opts.by ?? 'moderator',
            reason,
          },
          audience: { kind: 'moderator' },
        },
      ])
      const after = this.load(game)
      this.o.outbox.enqueue(
        {
          messageId: `ejected.${game}.${role}.${p.keyGeneration + 1}@${this.mailDomain}`,
          from: this.fromAddress,
          to: p.address,
          subject: `[${game}] You were removed from ${role}`,
          text: this.templates.render(null, 'notice.txt', {
            body: `The moderator removed you from ${role} in ${game}: ${reason}. Your key no longer works.`,
          }),
        },
        { game, kind: 'notice' },
      )
      for (const o of after.players.values())
        this.noticeTo(
          after,
          o.role,
          `${role} is vacant`,
          `The ${role} player has left the game. Until a replacement joins, ${role} plays on its standing orders and the rules' defaults; the game does not wait for it.`,
          `vacant.${game}.v${after.version}`,
        )
      this.noticeTo(
        after,
        null,
        `${role} ejected`,
        `${p.address} no longer plays ${role} (${reason}). Name a replacement with "pbem player replace ${game} ${role} <address>" or REPLACE by mail.`,
        `vacant.${game}.v${after.version}`,
      )
    })
  }

  /**
   * PREVIEW (DPjudge): resolves the open point in a sandbox, as it would go now with the orders on
   * file and the decisions answered so far (the rest at their defaults), and mails the result to the
   * moderator only. Nothing is appended to the game.
   */
  preview(
    game: string,
    opts: { to?: string | null; now?: Date } = {},
  ): { label: string; text: string; letter: Letter | null } {
    const fold = this.load(game)
    if (fold.finished) throw new Error(`game ${game} is over`)
    const secret = this.secretFor(fold)
    const { orders, inputs, salt } = this.inputsOf(fold)
    const answers: Record<string, string> = Object.fromEntries([...fold.answers].map(([id, a]) => [id, a.applied]))
    const assumed: string[] = []
    for (const d of openQuestions(fold)) {
      answers[d.decisionId] = d.defaultOption
      assumed.push(`${d.decisionId} (${d.role}) -> ${d.defaultOption}`)
    }
    const {
      step,
      dice,
      answers: used,
    } = resolvePoint(
      fold.ruleset,
      { state: fold.state, orders, answers, dice: () => fold.diceFor(fold.point, secret, salt) },
      (open) => {
        assumed.push(`${open.decisionId} (${open.role}) -> ${open.defaultOption}`)
        return open.defaultOption
      },
    )
    const adjudication: TurnAdjudicated = {
      point: fold.point,
      turn: fold.ruleset.turnOf(fold.state),
      label: step.label,
      rulesetVersion: fold.ruleset.version,
      inputs,
      decisionAnswers: used,
      secret,
      commitment: fold.commitment!,
      salt,
      rolls: dice.rolls,
      ...(dice.hiddenRolls.length ? { hiddenRolls: dice.hiddenRolls } : {}),
      narrative: step.narrative,
      stateHash: stateHash(step.state),
      finished: step.finished,
    }
    const sandbox: GameFold = {
      ...fold,
      state: step.state,
      finished: step.finished,
      commitment: null,
      deadline: null,
      requested: new Map(),
      answers: new Map(),
    }
    const model = this.reportModel(sandbox, { kind: 'moderator' }, adjudication)
    const report = this.templates.render(fold.created.ruleset, 'report.txt', model)
    const head = [
      `PREVIEW of resolution ${fold.point} (${step.label}): NOTHING IS RECORDED. The game is unchanged; the real resolution may differ if orders or answers change.`,
      `Orders used: ${
        Object.entries(inputs)
          .map(([r, x]) => `${r} ${x}`)
          .join(', ') || 'none'
      }.`,
      assumed.length ? `Decisions not yet answered, taken at their defaults: ${assumed.join('; ')}.` : '',
      '',
    ].filter((l, i) => l || i === 3)
    const text = [...head, report].join('\n')
    const to = opts.to === undefined ? (this.o.moderatorAddress ?? null) : opts.to
    const letter: Letter | null = to
      ? {
          messageId: `preview.${game}.p${fold.point}.v${fold.version}.${(opts.now ?? this.o.clock()).getTime()}@${this.mailDomain}`,
          from: this.fromAddress,
          to,
          subject: `[${game}] PREVIEW (nothing recorded): ${step.label}`,
          text,
          headers: { 'Auto-Submitted': 'auto-generated' },
        }
      : null
    if (letter) this.o.outbox.enqueue(letter, { game, kind: 'preview' })
    return { label: step.label, text, letter }
  }

  private rekeyModerator(game: string, reason: string): string {
    return this.o.store.transaction(() => {
      const fold = this.load(game)
      const generation = fold.moderatorKeyGeneration + 1
      const key = playerKey(serverSecret(this.o.db), game, 'moderator', generation)
      this.o.store.append(gameStream(game), fold.version, [
        {
          type: 'PlayerRekeyed',
          data: { role: 'moderator', keyHash: keyHash(key), keyGeneration: generation, reason },
          audience: { kind: 'moderator' },
        },
      ])
      if (this.o.moderatorAddress)
        this.o.outbox.enqueue(
          {
            messageId: `rekey.${game}.moderator.${generation}@${this.mailDomain}`,
            from: this.fromAddress,
            to: this.o.moderatorAddress,
            replyTo: this.replyAddress(game, 'moderator', key),
            subject: `[${game}] Your new moderator key`,
            text: this.templates.render(null, 'notice.txt', {
              body: `Your moderator key for ${game} was replaced (${reason}).\nNew key: ${key}`,
            }),
          },
          { game, kind: 'notice' },
        )
      return key
    })
  }

  /**
   * A notice to a player (by role) or to the moderator (role null): the notice template, the
   * player's reply address. Ejected roles get nothing. `id` must be unique per occasion.
   */
  private noticeTo(
    fold: GameFold,
    role: string | null,
    subject: string,
    body: string,
    id: string,
    kind = 'notice',
    inReplyTo?: string | null,
  ): void {
    const game = fold.created.game
    const text = this.templates.render(null, 'notice.txt', { body })
    const thread = inReplyTo ? { inReplyTo, references: [inReplyTo] } : {}
    if (role === null) {
      if (!this.o.moderatorAddress) return
      const key = playerKey(serverSecret(this.o.db), game, 'moderator', fold.moderatorKeyGeneration)
      this.o.outbox.enqueue(
        {
          messageId: `${id}.moderator@${this.mailDomain}`,
          from: this.fromAddress,
          to: this.o.moderatorAddress,
          replyTo: this.replyAddress(game, 'moderator', key),
          subject: `[${game}] ${subject} (moderator)`,
          text,
          headers: { 'Auto-Submitted': 'auto-generated' },
        },
        { game, kind },
      )
      return
    }
    const p = fold.players.get(role)
    if (!p || fold.ejected.has(role)) return
    const key = playerKey(serverSecret(this.o.db), game, role, p.keyGeneration)
    this.o.outbox.enqueue(
      {
        messageId: `${id}.${role}@${this.mailDomain}`,
        from: this.fromAddress,
        to: p.address,
        replyTo: this.replyAddress(game, role, key),
        subject: `[${game}] ${subject}`,
        text,
        headers: { 'Auto-Submitted': 'auto-generated' },
        ...thread,
      },
      { game, kind },
    )
  }

  /**
   * What the game waits for, in words. While a resolution waits on a decision, everyone but the
   * deciding player (given as `viewer`) reads only "resolution in progress".
   */
  awaitingText(fold: GameFold, viewer?: Viewer): string {
    const paused = fold.paused
      ? `paused by ${fold.paused.by === 'schedule' ? 'the schedule (missed orders)' : 'the moderator'}; `
      : ''
    if (inProgress(fold)) {
      const p = pendingDecision(fold)
      const mine =
        p && viewer?.kind === 'role' && viewer.role === p.role
          ? `; your decision ${p.decisionId} (answer by ${this.when(fold, p.deadline ?? null, p.role)})`
          : ''
      const mod = p && viewer?.kind === 'moderator' ? `; decision ${p.decisionId} from ${p.role}` : ''
      return `${paused}resolution in progress${mine}${mod}`
    }
    // A question's text may name what only its player knows (a hand of cards): others read whose answer is awaited.
    const mayRead = (role: string) => viewer?.kind === 'moderator' || (viewer?.kind === 'role' && viewer.role === role)
    const words = fold.ruleset.awaiting(fold.state).map((x) => {
      if (x.kind === 'orders') return x.label
      const answered = fold.answers.has(x.decisionId) ? ', answered' : ''
      return mayRead(x.role)
        ? `question ${x.decisionId}: ${x.question}${answered}`
        : `an answer from ${x.role}${answered}`
    })
    return paused + (words.length ? words.join('; ') : 'nothing')
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
    const readers: Reader[] = [...fold.players.values()]
      .filter((p) => !fold.ejected.has(p.role))
      .map((p) => ({ viewer: { kind: 'role', role: p.role }, address: p.address, role: p.role }))
    if (this.o.moderatorAddress)
      readers.push({ viewer: { kind: 'moderator' }, address: this.o.moderatorAddress, role: null })
    return readers
  }

  /** The report model for one reader at the fold's current state (after `adjudication`, if any). */
  reportModel(fold: GameFold, viewer: Viewer, adjudication: TurnAdjudicated | null): Record<string, unknown> {
    const game = fold.created.game
    const seen = adjudication ? resultFor(adjudication, viewer, decisionRolesOf(fold.events)) : null
    const role = viewer.kind === 'role' ? viewer.role : null
    const progressing = !adjudication && inProgress(fold)
    const awaiting: { label: string; role?: string }[] = progressing
      ? [{ label: 'resolution in progress' }]
      : fold.ruleset
          .awaiting(fold.state)
          .map((a) => ({ label: a.kind === 'orders' ? a.label : a.question, role: a.role }))
    const key = role ? playerKey(serverSecret(this.o.db), game, role, fold.players.get(role)!.keyGeneration) : ''
    const outcome = fold.ruleset.outcome(fold.state)
    return {
      statusLines: viewLines(fold.ruleset.view(fold.state, viewer)),
      ...fold.ruleset.reportModel(fold.state, viewer),
      game,
      gameTitle: fold.ruleset.title,
      readerName: role
        ? `${fold.players.get(role)!.name} (${role})`
        : viewer.kind === 'moderator'
          ? 'the moderator'
          : 'an observer',
      label: adjudication
        ? `results of ${adjudication.label} (resolution ${adjudication.point})`
        : `opening of game (resolution ${fold.point})`,
      narrative: seen?.narrative ?? [],
      decisions: adjudication ? this.decisionsAt(fold, adjudication.point, viewer) : [],
      secret: adjudication?.secret ?? null,
      commitment: adjudication?.commitment ?? null,
      salt: adjudication?.salt ?? '',
      rolls: seen?.rolls ?? [],
      hiddenRolls: seen?.hiddenRolls ?? [],
      nextCommitment: fold.commitment,
      finished: fold.finished,
      resultText: outcome?.summary ?? '',
      awaiting: awaiting.map((a) => ({ label: a.label })),
      deadline: this.when(fold, fold.deadline?.deadline ?? null, role),
      yourTurn: role !== null && !progressing && awaiting.some((a) => a.role === role),
      roleUpper: role?.toUpperCase() ?? '',
      key,
      replyAddress: role ? this.replyAddress(game, role, key) : this.judgeAddress,
    }
  }

  /** The decisions met while resolving `point` that this reader may see, with what was applied. */
  private decisionsAt(
    fold: GameFold,
    point: number,
    viewer: Viewer,
  ): { decisionId: string; question: string; applied: string; byDefault: boolean }[] {
    const applied = new Map(
      fold.events
        .filter((e) => (e.type === 'DecisionDefaulted' || e.type === 'DecisionMade') && e.data.point === point)
        .map((e) => [e.data.decisionId as string, e]),
    )
    return fold.events
      .filter((e) => e.type === 'DecisionRequested' && e.data.point === point && canSee(viewer, e.audience))
      .map((e) => ({
        decisionId: e.data.decisionId,
        question: e.data.question,
        applied: applied.get(e.data.decisionId)?.data.applied ?? e.data.defaultOption,
        byDefault: applied.get(e.data.decisionId)?.type !== 'DecisionMade',
      }))
  }

  reportLetters(fold: GameFold, adjudication: TurnAdjudicated | null): Letter[] {
    return this.readers(fold).map((r) => this.reportLetter(fold, adjudication, r))
  }

  private reportLetter(fold: GameFold, adjudication: TurnAdjudicated | null, r: Reader): Letter {
    const game = fold.created.game
    const pictures = this.figureAttachments(fold, r.viewer, adjudication)
    const model: Record<string, unknown> = {
      ...this.reportModel(fold, r.viewer, adjudication),
      mapCid: pictures[0]?.cid ?? null,
    }
    return {
      ...(pictures.length ? { attachments: pictures } : {}),
      messageId: `report.${game}.r${adjudication?.point ?? 0}.${r.role ?? 'moderator'}@${this.mailDomain}`,
      from: this.fromAddress,
      to: r.address,
      replyTo: String(model.replyAddress),
      subject: `[${game}] ${adjudication ? `Results: ${adjudication.label}` : 'Game opens'}${r.role ? ` (${r.role})` : ' (moderator)'}`,
      text: this.templates.render(fold.created.ruleset, 'report.txt', model),
      html: this.templates.render(fold.created.ruleset, 'report.html', model),
      headers: { 'Auto-Submitted': 'auto-generated' },
    }
  }

  /** The reader's pictures as PNG attachments; the first is shown inline by the HTML part (cid). */
  private figureAttachments(
    fold: GameFold,
    viewer: Viewer,
    adjudication: TurnAdjudicated | null,
  ): NonNullable<Letter['attachments']> {
    if (!fold.ruleset.figures) return []
    const seen = adjudication ? adjudication.narrative.filter((n) => canSee(viewer, n.audience)) : []
    return fold.ruleset.figures(fold.state, viewer, seen).map((figure, i) => ({
      filename: `${figure.name}-${fold.created.game}-r${adjudication?.point ?? 0}.png`,
      content: rasterise(figure.svg).toString('base64'),
      contentType: 'image/png',
      cid: i === 0 ? 'map@acw-pbem' : `${figure.name}@acw-pbem`,
    }))
  }

  private ackLetter(
    fold: GameFold,
    role: string,
    data: OrdersAccepted | OrdersRejected,
    result: SubmitResult,
    meta: SubmitMeta,
  ): Letter {
    const game = fold.created.game
    const player = fold.players.get(role)!
    const key = playerKey(serverSecret(this.o.db), game, role, player.keyGeneration)
    const onFile = fold.orders.get(role) ?? null
    const echo = (lines: readonly string[], budget: number) =>
      boundList(lines, budget, (n) => `... and ${n} more lines (all on file: ORDERS by mail lists them)`)
    const modelWithin = (budget: number) => ({
      game,
      roleUpper: role.toUpperCase(),
      label: result.label,
      accepted: result.accepted,
      receipt: result.receipt,
      errors: result.errors,
      warnings: 'warnings' in data ? data.warnings : [],
      normalised: echo('normalised' in data ? data.normalised : [], budget),
      replaces: 'replaces' in data ? data.replaces : null,
      onFile: onFile && { ...onFile, normalised: echo(onFile.normalised, budget) },
      deadline: this.when(fold, fold.deadline?.deadline ?? null, role),
    })
    // The echoed orders are cut until the acknowledgement fits its size (errors are bounded already).
    let budget = ORDER_LIMITS.maxAckTextBytes / 3
    let text = this.templates.render(null, 'ack.txt', modelWithin(budget))
    let html = this.templates.render(null, 'ack.html', modelWithin(budget))
    while (
      budget > 256 &&
      (Buffer.byteLength(text) > ORDER_LIMITS.maxAckTextBytes ||
        Buffer.byteLength(html) > 2 * ORDER_LIMITS.maxAckTextBytes)
    ) {
      budget /= 2
      text = this.templates.render(null, 'ack.txt', modelWithin(budget))
      html = this.templates.render(null, 'ack.html', modelWithin(budget))
    }
    const safe = result.receipt.replace(/[^A-Za-z0-9.-]/g, '.')
    // Acknowledgements go to the player of record; a sender at another address is copied by the mail layer.
    return {
      messageId: `ack.${safe}@${this.mailDomain}`,
      from: this.fromAddress,
      to: player.address,
      replyTo: this.replyAddress(game, role, key),
      subject:
        `[${game}] Orders ${result.accepted ? 'accepted' : 'NOT accepted'}: ${result.label} (receipt ${result.receipt})${meta.subject ? ` Re: ${meta.subject}` : ''}`.slice(
          0,
          200,
        ),
      text,
      html,
      ...(meta.messageId ? { inReplyTo: meta.messageId, references: [meta.messageId] } : {}),
    }
  }
}
