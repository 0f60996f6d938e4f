// The judge: game lifecycle over the log. Creating games, taking orders (a later set replaces an
// earlier one, each with a receipt), adjudicating a point exactly once (expected stream version),
// and mailing every reader what that reader may see. Mail leaves through the Outbox port in the
// same transaction as the events that cause it.
import type { Database } from 'better-sqlite3'
import { canSee, type Awaited, type Viewer } from '../games/contract.ts'
import { sha256Hex } from '../util/canonical.ts'
import type { EventStore, NewEvent } from '../log/store.ts'
import { readScript } from '../orders/script.ts'
import { formatDeadline, Templates, type Letter } from '../reports/render.ts'
import { combineSalts, commitmentOf, DICE_ALGORITHM, newSecret, RecordingDice } from './dice.ts'
import { gameStream, type GameCreated, type OrdersAccepted, type OrdersRejected, type TurnAdjudicated } from './events.ts'
import { foldGame, stateHash, type GameFold, type SecretSource } from './fold.ts'
import { keyHash, keyMatches, playerKey, serverSecret } from './keys.ts'
import { rulesetFactory } from './registry.ts'

export interface Outbox {
  enqueue(letter: Letter, meta: { game: string | null; kind: string }): void
}

export interface JudgeOptions {
  store: EventStore
  db: Database
  clock: () => Date
  outbox: Outbox
  templates?: Templates
  /** Domain of the judge's own addresses (orders+game.role.key@domain). */
  mailDomain?: string
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
}

export interface SubmitMeta {
  messageId?: string | null
  from?: string | null
  inReplyTo?: string | null
  subject?: string
  /** How the sender proved to be the player: 'key', 'address-key', 'cli'. */
  authenticatedBy?: string
}

export interface SubmitResult {
  receipt: string
  accepted: boolean
  errors: OrdersRejected['errors']
  label: string
}

/** Someone the judge mails reports to: a player (by role) or the moderator (role null). */
interface Reader {
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
  private readonly freshSecret: (game: string, purpose: 'dice' | 'hidden', point: number) => string

  constructor(private readonly o: JudgeOptions) {
    this.templates = o.templates ?? new Templates()
    this.mailDomain = o.mailDomain ?? 'judge.localhost'
    this.freshSecret = o.newSecret ?? (() => newSecret())
    const get = o.db.prepare('SELECT secret FROM secrets WHERE game = ? AND purpose = ? AND point = ?')
    this.secrets = { get: (game, purpose, point) => (get.get(game, purpose, point) as { secret: string } | undefined)?.secret ?? null }
  }

  get judgeAddress(): string {
    return `orders@${this.mailDomain}`
  }

  games(): string[] {
    return this.o.store.streams('game:').map((s) => s.slice('game:'.length))
  }

  load(game: string, opts: { check?: boolean } = {}): GameFold {
    const events = this.o.store.read(gameStream(game))
    if (!events.length) throw new Error(`no game "${game}"`)
    return foldGame(events, this.secrets, opts)
  }

  /** The game as it stood right after resolution `point` (for reports sent again and histories). */
  loadAfter(game: string, point: number): GameFold | null {
    const events = this.o.store.read(gameStream(game))
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
    const reader = this.readers(fold).find((r) => (viewer.kind === 'role' ? r.role === viewer.role : viewer.kind === 'moderator' && r.role === null))
    return reader ? this.reportLetter(fold, fold.adjudications.at(-1)!.data, reader) : null
  }

  /** Issues a new key for a role (the old one stops working) and mails it to the player of record. */
  rekey(game: string, role: string, reason: string): string {
    return this.o.store.transaction(() => {
      const fold = this.load(game)
      const p = fold.players.get(role)
      if (!p) throw new Error(`game ${game} has no role ${role}`)
      const generation = p.keyGeneration + 1
      const key = playerKey(serverSecret(this.o.db), game, role, generation)
      this.o.store.append(gameStream(game), fold.version, [{ type: 'PlayerRekeyed', data: { role, keyHash: keyHash(key), keyGeneration: generation, reason }, audience: { kind: 'moderator' } }])
      this.o.outbox.enqueue(
        {
          messageId: `rekey.${game}.${role}.${generation}@${this.mailDomain}`,
          from: `Sea judge <${this.judgeAddress}>`,
          to: p.address,
          replyTo: this.replyAddress(game, role, key),
          subject: `[${game}] Your new key for ${role}`,
          text: this.templates.render(null, 'notice.txt', { body: `Your key for ${role} in ${game} has been replaced (${reason}).\nNew key: ${key}\nThe old key no longer works. Reply to this mail, or put KEY ${key} in your orders.` }),
        },
        { game, kind: 'notice' },
      )
      return key
    })
  }

  /** PRESS: a message from one role to another (or ALL) through the judge, logged with its audience. */
  sendPress(game: string, from: string, to: string, text: string, messageId: string | null): { ok: true; to: string[] } | { ok: false; reason: string } {
    return this.o.store.transaction(() => {
      const fold = this.load(game)
      const roles = [...fold.players.keys()]
      const targets = to === 'all' ? roles.filter((r) => r !== from) : roles.includes(to) && to !== from ? [to] : []
      if (!targets.length) return { ok: false as const, reason: `PRESS needs a role to write to: ${roles.filter((r) => r !== from).join(', ')} or ALL.` }
      if (!text.trim()) return { ok: false as const, reason: 'PRESS needs the message on the lines after it.' }
      const [stored] = this.o.store.append(gameStream(game), fold.version, [{ type: 'PressSent', data: { from, to: targets, text, messageId }, audience: { kind: 'roles', roles: [from, ...targets] }, causation: messageId }])
      for (const r of targets) {
        const p = fold.players.get(r)!
        this.o.outbox.enqueue(
          {
            messageId: `press.${game}.${stored!.version}.${r}@${this.mailDomain}`,
            from: `Sea judge <${this.judgeAddress}>`,
            to: p.address,
            replyTo: this.replyAddress(game, r, playerKey(serverSecret(this.o.db), game, r, p.keyGeneration)),
            subject: `[${game}] Press from ${from}`,
            text: this.templates.render(null, 'notice.txt', { body: `Press from ${from} to ${targets.join(', ')}, relayed and logged by the judge:\n\n${text}\n\nTo answer, reply with PRESS ${from} on the first line.` }),
          },
          { game, kind: 'press' },
        )
      }
      return { ok: true as const, to: targets }
    })
  }

  /** The key a player puts in a KEY line or finds in the reply address. */
  keyFor(game: string, role: string): string {
    const fold = this.load(game)
    const p = fold.players.get(role)
    if (!p) throw new Error(`game ${game} has no role ${role}`)
    return playerKey(serverSecret(this.o.db), game, role, p.keyGeneration)
  }

  checkKey(fold: GameFold, role: string, key: string): boolean {
    const p = fold.players.get(role)
    return !!p && keyMatches(key, p.keyHash)
  }

  replyAddress(game: string, role: string, key: string): string {
    return `orders+${game}.${role}.${key}@${this.mailDomain}`
  }

  createGame(req: CreateGameRequest): { game: string; keys: Record<string, string> } {
    if (!GAME_ID.test(req.game)) throw new Error(`game ids are 2-32 lower-case letters, digits and dashes ("${req.game}" is not)`)
    if (this.o.store.version(gameStream(req.game)) > 0) throw new Error(`game ${req.game} already exists`)
    const factory = rulesetFactory(req.ruleset)
    const pack = req.pack !== undefined ? factory.loadPack(req.pack) : factory.defaultPack()
    const ruleset = factory.create(pack)
    if (!ruleset.scenarios.some((s) => s.id === req.scenario)) throw new Error(`unknown scenario "${req.scenario}"; ${ruleset.title} has ${ruleset.scenarios.map((s) => s.id).join(', ')}`)
    const roles = new Set(req.players.map((p) => p.role))
    for (const r of ruleset.roles) if (!roles.has(r)) throw new Error(`no player for role ${r}`)
    const server = serverSecret(this.o.db)
    const hidden = this.freshSecret(req.game, 'hidden', 0)
    const dice = this.freshSecret(req.game, 'dice', 1)
    const now = this.o.clock()
    const zone = req.zone ?? 'UTC'
    const deadlineHours = req.deadlineHours ?? 72
    // Setting the game up once now proves the scenario works before anything is written.
    ruleset.setup(req.scenario, req.options ?? {}, pack, new RecordingDice(hidden, req.game, 0, ''))
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
    const keys: Record<string, string> = {}
    const events: NewEvent[] = [{ type: 'GameCreated', data: created, audience: { kind: 'public' } }]
    for (const p of req.players) {
      const key = playerKey(server, req.game, p.role, 1)
      keys[p.role] = key
      events.push({ type: 'PlayerJoined', data: { role: p.role, address: p.address, name: p.name, keyHash: keyHash(key), keyGeneration: 1 }, audience: { kind: 'moderator' } })
    }
    events.push({ type: 'HiddenDrawCommitted', data: { purpose: 'setup', commitment: commitmentOf(hidden) }, audience: { kind: 'public' } })
    events.push({ type: 'DiceCommitted', data: { point: 1, commitment: commitmentOf(dice), algorithm: DICE_ALGORITHM }, audience: { kind: 'public' } })
    events.push({ type: 'DeadlineSet', data: { point: 1, deadline: new Date(now.getTime() + deadlineHours * 3600_000).toISOString(), zone, reason: 'game created' }, audience: { kind: 'public' } })
    this.o.store.transaction(() => {
      const insert = this.o.db.prepare('INSERT INTO secrets (game, purpose, point, secret) VALUES (?, ?, ?, ?)')
      insert.run(req.game, 'hidden', 0, hidden)
      insert.run(req.game, 'dice', 1, dice)
      this.o.store.append(gameStream(req.game), 0, events)
      const fold = this.load(req.game)
      for (const letter of this.reportLetters(fold, null)) this.o.outbox.enqueue(letter, { game: req.game, kind: 'report' })
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
        const errors = [{ line: 0, text: '', message: `game ${game} has no role "${role}"; roles: ${[...fold.players.keys()].join(', ')}` }]
        event = { type: 'OrdersRejected', data: { ...base, role: null, errors } satisfies OrdersRejected, audience: { kind: 'moderator' }, causation: meta.messageId ?? null }
        result = { receipt, accepted: false, errors, label }
      } else if (fold.finished || !awaited) {
        const errors = [{ line: 0, text: '', message: fold.finished ? 'the game is over' : `no orders are awaited from ${role} now (${this.awaitingText(fold)})` }]
        event = { type: 'OrdersRejected', data: { ...base, role, errors } satisfies OrdersRejected, audience: { kind: 'roles', roles: [role] }, causation: meta.messageId ?? null }
        result = { receipt, accepted: false, errors, label }
      } else if (fold.deadline && this.o.clock().getTime() > new Date(fold.deadline.deadline).getTime()) {
        const errors = [{ line: 0, text: '', message: `late: the deadline for ${label} passed at ${formatDeadline(fold.deadline.deadline, fold.created.zone)}; the orders on file (if any) will be used` }]
        event = { type: 'OrdersRejected', data: { ...base, role, errors } satisfies OrdersRejected, audience: { kind: 'roles', roles: [role] }, causation: meta.messageId ?? null }
        result = { receipt, accepted: false, errors, label }
      } else {
        const parsed = ruleset.parseOrders(fold.state, role, text)
        if (parsed.errors.length) {
          event = { type: 'OrdersRejected', data: { ...base, role, errors: parsed.errors } satisfies OrdersRejected, audience: { kind: 'roles', roles: [role] }, causation: meta.messageId ?? null }
          result = { receipt, accepted: false, errors: parsed.errors, label }
        } else {
          const data: OrdersAccepted = {
            ...base,
            role,
            turn: ruleset.turnOf(fold.state),
            commands: parsed.commands as unknown[],
            normalised: parsed.normalised,
            warnings: parsed.warnings,
            salt: readScript(text).envelope.salt ?? null,
            replaces: fold.orders.get(role)?.receipt ?? null,
            ...(meta.authenticatedBy ? { authenticatedBy: meta.authenticatedBy } : {}),
          }
          event = { type: 'OrdersAccepted', data, audience: { kind: 'roles', roles: [role] }, causation: meta.messageId ?? null }
          result = { receipt, accepted: true, errors: [], label }
        }
      }
      const [stored] = this.o.store.append(gameStream(game), fold.version, [event])
      const after = this.load(game)
      const player = fold.players.get(role)
      if (player) this.o.outbox.enqueue(this.ackLetter(after, role, stored!.data as OrdersAccepted | OrdersRejected, result, meta), { game, kind: 'ack' })
      return result
    })
  }

  /** Roles whose orders are still missing at the open point. */
  missing(fold: GameFold): Awaited[] {
    return fold.ruleset.awaiting(fold.state).filter((a) => a.kind === 'orders' && !fold.orders.has(a.role) && !a.optional)
  }

  /** Games to adjudicate now: deadline passed, or every awaited order in when the game processes early. */
  dueGames(now: Date): string[] {
    const due: string[] = []
    for (const game of this.games()) {
      const fold = this.load(game)
      if (fold.finished) continue
      const early = fold.created.options.early !== false && this.missing(fold).length === 0
      const late = fold.deadline !== null && new Date(fold.deadline.deadline).getTime() <= now.getTime()
      if (early || late) due.push(game)
    }
    return due
  }

  /** Resolves the open point exactly once; a racing second call fails on the expected version. */
  adjudicate(game: string): { point: number; label: string; finished: boolean } {
    return this.o.store.transaction(() => {
      const fold = this.load(game)
      if (fold.finished) throw new Error(`game ${game} is over`)
      const point = fold.point
      const secret = this.secrets.get(game, 'dice', point)
      if (!secret || !fold.commitment || commitmentOf(secret) !== fold.commitment) throw new Error(`game ${game}: the dice secret for point ${point} is missing or does not match its commitment`)
      const orders: Record<string, unknown[]> = {}
      const inputs: Record<string, string> = {}
      const salts: string[] = []
      for (const [role, o] of fold.orders) {
        orders[role] = o.commands
        inputs[role] = o.receipt
        if (o.salt) salts.push(o.salt)
      }
      const salt = combineSalts(salts)
      const dice = new RecordingDice(secret, game, point, salt)
      const turn = fold.ruleset.turnOf(fold.state)
      const step = fold.ruleset.resolve(fold.state, { orders, decisions: {} }, dice)
      const events: NewEvent[] = []
      for (const d of step.decisions) {
        events.push({ type: 'DecisionRequested', data: { point, decisionId: d.decisionId, role: d.role, question: d.question, options: d.options, defaultOption: d.defaultOption }, audience: { kind: 'roles', roles: [d.role] } })
        events.push({ type: d.byDefault ? 'DecisionDefaulted' : 'DecisionMade', data: { point, decisionId: d.decisionId, applied: d.applied }, audience: { kind: 'roles', roles: [d.role] } })
      }
      const adjudicated: TurnAdjudicated = {
        point,
        turn,
        label: step.label,
        rulesetVersion: fold.ruleset.version,
        inputs,
        decisionAnswers: {},
        secret,
        commitment: fold.commitment,
        salt,
        rolls: dice.rolls,
        narrative: step.narrative,
        stateHash: stateHash(step.state),
        finished: step.finished,
      }
      events.push({ type: 'TurnAdjudicated', data: adjudicated, audience: { kind: 'moderator' } })
      const now = this.o.clock()
      if (step.finished) {
        const hidden = this.secrets.get(game, 'hidden', 0)!
        events.push({ type: 'HiddenDrawRevealed', data: { purpose: 'setup', secret: hidden, commitment: commitmentOf(hidden) }, audience: { kind: 'public' } })
        events.push({ type: 'GameFinished', data: { point, result: (step.state as { result?: unknown }).result ?? {} }, audience: { kind: 'public' } })
      } else {
        const next = this.freshSecret(game, 'dice', point + 1)
        this.o.db.prepare('INSERT INTO secrets (game, purpose, point, secret) VALUES (?, ?, ?, ?)').run(game, 'dice', point + 1, next)
        events.push({ type: 'DiceCommitted', data: { point: point + 1, commitment: commitmentOf(next), algorithm: DICE_ALGORITHM }, audience: { kind: 'public' } })
        const deadline = new Date(now.getTime() + fold.created.deadlineHours * 3600_000).toISOString()
        events.push({ type: 'DeadlineSet', data: { point: point + 1, deadline, zone: fold.created.zone, reason: `${step.label} adjudicated` }, audience: { kind: 'public' } })
      }
      this.o.store.append(gameStream(game), fold.version, events)
      const after = this.load(game)
      for (const letter of this.reportLetters(after, after.adjudications.at(-1)!.data)) this.o.outbox.enqueue(letter, { game, kind: 'report' })
      return { point, label: step.label, finished: step.finished }
    })
  }

  awaitingText(fold: GameFold): string {
    const a = fold.ruleset.awaiting(fold.state)
    return a.length ? a.map((x) => (x.kind === 'orders' ? x.label : x.question)).join('; ') : 'nothing'
  }

  // ------------------------------------------------------------------ letters

  private readers(fold: GameFold): Reader[] {
    const readers: Reader[] = [...fold.players.values()].map((p) => ({ viewer: { kind: 'role', role: p.role }, address: p.address, role: p.role }))
    if (this.o.moderatorAddress) readers.push({ viewer: { kind: 'moderator' }, address: this.o.moderatorAddress, role: null })
    return readers
  }

  /** The report model for one reader at the fold's current state (after `adjudication`, if any). */
  reportModel(fold: GameFold, viewer: Viewer, adjudication: TurnAdjudicated | null): Record<string, unknown> {
    const game = fold.created.game
    const role = viewer.kind === 'role' ? viewer.role : null
    const awaiting = fold.ruleset.awaiting(fold.state)
    const key = role ? playerKey(serverSecret(this.o.db), game, role, fold.players.get(role)!.keyGeneration) : ''
    const result = (fold.state as { result?: { level: string; difference: number } | null }).result
    return {
      ...fold.ruleset.reportModel(fold.state, viewer),
      game,
      gameTitle: fold.ruleset.title,
      readerName: role ? `${fold.players.get(role)!.name} (${role})` : viewer.kind === 'moderator' ? 'the moderator' : 'an observer',
      label: adjudication ? `results of ${adjudication.label} (resolution ${adjudication.point})` : `opening of game (resolution ${fold.point})`,
      narrative: adjudication ? adjudication.narrative.filter((n) => canSee(viewer, n.audience)) : [],
      decisions: adjudication ? this.decisionsAt(fold, adjudication.point, viewer) : [],
      secret: adjudication?.secret ?? null,
      commitment: adjudication?.commitment ?? null,
      salt: adjudication?.salt ?? '',
      rolls: adjudication ? adjudication.rolls.filter((r) => canSee(viewer, r.audience)) : [],
      nextCommitment: fold.commitment,
      finished: fold.finished,
      resultText: result ? `${result.level} (VP difference ${result.difference})` : '',
      awaiting: awaiting.map((a) => ({ label: a.kind === 'orders' ? a.label : a.question })),
      deadline: formatDeadline(fold.deadline?.deadline ?? null, fold.created.zone),
      yourTurn: role !== null && awaiting.some((a) => a.role === role),
      roleUpper: role?.toUpperCase() ?? '',
      key,
      replyAddress: role ? this.replyAddress(game, role, key) : this.judgeAddress,
    }
  }

  /** The decisions met while resolving `point` that this reader may see, with what was applied. */
  private decisionsAt(fold: GameFold, point: number, viewer: Viewer): { decisionId: string; question: string; applied: string; byDefault: boolean }[] {
    const applied = new Map(fold.events.filter((e) => (e.type === 'DecisionDefaulted' || e.type === 'DecisionMade') && e.data.point === point).map((e) => [e.data.decisionId as string, e]))
    return fold.events
      .filter((e) => e.type === 'DecisionRequested' && e.data.point === point && canSee(viewer, e.audience))
      .map((e) => ({ decisionId: e.data.decisionId, question: e.data.question, applied: applied.get(e.data.decisionId)?.data.applied ?? e.data.defaultOption, byDefault: applied.get(e.data.decisionId)?.type !== 'DecisionMade' }))
  }

  reportLetters(fold: GameFold, adjudication: TurnAdjudicated | null): Letter[] {
    return this.readers(fold).map((r) => this.reportLetter(fold, adjudication, r))
  }

  private reportLetter(fold: GameFold, adjudication: TurnAdjudicated | null, r: Reader): Letter {
    const game = fold.created.game
    const model = this.reportModel(fold, r.viewer, adjudication)
    return {
      messageId: `report.${game}.r${adjudication?.point ?? 0}.${r.role ?? 'moderator'}@${this.mailDomain}`,
      from: `Sea judge <${this.judgeAddress}>`,
      to: r.address,
      replyTo: String(model.replyAddress),
      subject: `[${game}] ${adjudication ? `Results: ${adjudication.label}` : 'Game opens'}${r.role ? ` (${r.role})` : ' (moderator)'}`,
      text: this.templates.render(fold.created.ruleset, 'report.txt', model),
      html: this.templates.render(fold.created.ruleset, 'report.html', model),
      headers: { 'Auto-Submitted': 'auto-generated' },
    }
  }

  private ackLetter(fold: GameFold, role: string, data: OrdersAccepted | OrdersRejected, result: SubmitResult, meta: SubmitMeta): Letter {
    const game = fold.created.game
    const player = fold.players.get(role)!
    const key = playerKey(serverSecret(this.o.db), game, role, player.keyGeneration)
    const onFile = fold.orders.get(role) ?? null
    const model = {
      game,
      roleUpper: role.toUpperCase(),
      label: result.label,
      accepted: result.accepted,
      receipt: result.receipt,
      errors: result.errors,
      warnings: 'warnings' in data ? data.warnings : [],
      normalised: 'normalised' in data ? data.normalised : [],
      replaces: 'replaces' in data ? data.replaces : null,
      onFile,
      deadline: formatDeadline(fold.deadline?.deadline ?? null, fold.created.zone),
    }
    const safe = result.receipt.replace(/[^A-Za-z0-9.-]/g, '.')
    // Acknowledgements go to the player of record; a sender at another address is copied by the mail layer.
    return {
      messageId: `ack.${safe}@${this.mailDomain}`,
      from: `Sea judge <${this.judgeAddress}>`,
      to: player.address,
      replyTo: this.replyAddress(game, role, key),
      subject: `[${game}] Orders ${result.accepted ? 'accepted' : 'NOT accepted'}: ${result.label} (receipt ${result.receipt})${meta.subject ? ` Re: ${meta.subject}` : ''}`.slice(0, 200),
      text: this.templates.render(null, 'ack.txt', model),
      html: this.templates.render(null, 'ack.html', model),
      ...(meta.messageId ? { inReplyTo: meta.messageId, references: [meta.messageId] } : {}),
    }
  }
}
