// Folding a game's stream into its state. State is never stored: it is setup() followed by each
// recorded adjudication re-run from its recorded orders, answers and revealed dice secret.
import type { GameRegistry, Ruleset, RulesetFactory } from '../games/contract.ts'
import { canonicalJson, sha256Hex } from '../util/canonical.ts'
import type { StoredEvent } from '../log/store.ts'
import { combineSalts, pointDice, RecordingDice } from './dice.ts'
import type {
  DeadlineSet,
  GameCreated,
  OrdersAccepted,
  OrdersRejected,
  TurnAdjudicated,
  TurnReadjudicated,
} from './events.ts'
import { gameOptionsOf } from './events.ts'
import { defaultSchedule } from './clock/schedule.ts'
import { AS_RECORDED, resolvePoint } from './resolvePoint.ts'
import { keepResumable, nextFold } from './foldAdvance.ts'
import { applyClockEvent, applyPlayerEvent } from './foldSchedule.ts'

import type { Drift, GameFold, SecretSource } from './gameFold.ts'
export type { Absence, Drift, GameFold, PendingDecision, SecretSource } from './gameFold.ts'

/**
 * Rulesets and packs kept per process, by the pack's hash (loading a pack validates and hashes it):
 * games made from the same data share one, and a re-fold does no pack work at all. Like the rest of
 * an ordinary fold this trusts the stored GameCreated, whose content was hashed when the game was
 * created; a check (pbem verify) always loads and hashes the game's own copy again.
 */
const packCache = new Map<
  string,
  { pack: ReturnType<RulesetFactory['loadPack']>; ruleset: Ruleset<unknown, unknown> }
>()

/** v1 without a copy plays the embedded pack; v1 with a copy and v2 (by hash) play their own, the same for one hash. */
const packKey = (created: GameCreated, schemaVersion: number) =>
  `${created.ruleset}|${created.pack === undefined && schemaVersion < 2 ? 'default' : 'own'}|${created.packHash}`

/**
 * Whether a fold of the game that `first` opens finds its pack kept in this process, or needs none
 * read from the packs table (a v1 game carries its own copy or plays the embedded pack).
 */
export function packKept(first: StoredEvent): boolean {
  if (first.schemaVersion < 2) return true
  return packCache.has(packKey(first.data as GameCreated, first.schemaVersion))
}

/** Lets go of the packs kept, as a judge just started has none (the cold-fold tests). */
export function forgetPacks(): void {
  packCache.clear()
}

/** The pack content a GameCreated plays with: its own copy (v1), the stored one by hash (v2), or the embedded pack. */
function packContentOf(created: GameCreated, schemaVersion: number, secrets: SecretSource): unknown | undefined {
  if (schemaVersion < 2) return created.pack
  const content = secrets.pack?.(created.packHash) ?? null
  if (content === null)
    throw new Error(
      `game ${created.game}: the data pack ${created.packId} (sha256 ${created.packHash.slice(0, 12)}) is missing from the packs table`,
    )
  return content
}

export const stateHash = (state: unknown) => sha256Hex(canonicalJson(state))

/** A resolution the judge has just run, and what it ran from. */
interface JustResolved {
  ruleset: Ruleset<unknown, unknown>
  point: number
  secret: string
  salt: string
  inputs: string
  answers: string
  state: unknown
}

/**
 * Resolutions just run by the judge (resolving.ts), by the state object they started from. Folding
 * the TurnAdjudicated it then appends would run the same rules on the same state, orders, answers
 * and dice again: the fold that goes on from that very state takes the result instead. A fold from
 * the stream (another process, a cache miss) starts from states of its own and re-runs as ever, and
 * a check (pbem verify) never takes one.
 */
const justResolved = new WeakMap<object, JustResolved>()

export function rememberResolution(
  from: unknown,
  r: {
    ruleset: Ruleset<unknown, unknown>
    point: number
    secret: string
    salt: string
    inputs: Record<string, string>
    answers: Record<string, string>
    state: unknown
  },
): void {
  if (typeof from !== 'object' || from === null) return
  justResolved.set(from, { ...r, inputs: canonicalJson(r.inputs), answers: canonicalJson(r.answers) })
}

/** The state the judge's own resolution of `t` reached from `from`, if it ran exactly these inputs. */
function resolvedBefore(
  run: Folding<unknown>,
  from: unknown,
  t: TurnAdjudicated,
  salt: string,
): { state: unknown } | null {
  if (!run.reuse || typeof from !== 'object' || from === null) return null
  const r = justResolved.get(from)
  if (!r) return null
  justResolved.delete(from)
  const same =
    r.ruleset === run.ruleset &&
    r.point === t.point &&
    r.secret === t.secret &&
    r.salt === salt &&
    r.inputs === canonicalJson(t.inputs) &&
    r.answers === canonicalJson(t.decisionAnswers)
  return same ? { state: r.state } : null
}

type Factory = RulesetFactory
type Pack = ReturnType<Factory['loadPack']>
type CheckResult = (
  point: number,
  position: number,
  step: { state: unknown; narrative: unknown },
  dice: RecordingDice,
  t: Pick<TurnAdjudicated, 'stateHash' | 'narrative' | 'rolls' | 'hiddenRolls' | 'salt'>,
  salt: string,
) => void

/** What a fold carries from event to event besides the fold itself. */
interface Folding<S> {
  fold: GameFold<S>
  state: S
  ruleset: Ruleset<S, unknown>
  factory: Factory
  diceAlgorithms: Map<number, string>
  diceFor: GameFold<S>['diceFor']
  check: CheckResult
  /** Whether a resolution the judge has just run may stand for its re-run (never under a check). */
  reuse: boolean
}

export function foldGame<S = unknown>(
  events: StoredEvent[],
  registry: GameRegistry,
  secrets: SecretSource,
  opts: { check?: boolean } = {},
): GameFold<S> {
  const first = events[0]
  if (!first || first.type !== 'GameCreated') throw new Error('a game stream must begin with GameCreated')
  const created = first.data as GameCreated
  const factory = registry(created.ruleset)
  const drift: Drift[] = []
  const { pack, ruleset } = packAndRuleset<S>(first, factory, secrets, drift, !!opts.check)
  const game = created.game
  const revealedHidden = events.find((e) => e.type === 'HiddenDrawRevealed')?.data as { secret: string } | undefined
  const hiddenSecret = revealedHidden?.secret ?? secrets.get(game, 'hidden', 0)
  if (!hiddenSecret) throw new Error(`game ${game}: the hidden-draw secret is missing`)
  const state = ruleset.setup(
    created.scenario,
    gameOptionsOf(created.options),
    pack,
    new RecordingDice(hiddenSecret, game, 0, ''),
  )
  const diceWith = (algorithms: Map<number, string>) => (point: number, secret: string, salt: string) =>
    pointDice({ secret, game, point, salt, algorithm: algorithms.get(point) }, hiddenSecret)
  const diceAlgorithms = new Map<number, string>()
  const diceFor = diceWith(diceAlgorithms)
  const run: Folding<S> = {
    fold: initialFold(events, ruleset, state, drift, diceFor),
    state,
    ruleset,
    factory,
    diceAlgorithms,
    diceFor,
    check: driftCheck(events, drift, !!opts.check),
    reuse: !opts.check,
  }
  for (const e of events) applyEvent(run, e)
  run.fold.state = run.state
  // Later events can be applied to this fold without reading the stream again (foldAdvance.ts):
  // state, ruleset and dice algorithms go on from here, in a copy of the fold.
  let resumable = !opts.check
  if (resumable)
    keepResumable(run.fold as GameFold, (from, more) => {
      // Only the latest fold goes on; a hidden secret revealed now would have changed the setup.
      if (!resumable || from !== run.fold) return null
      if (more.some((e) => e.type === 'HiddenDrawRevealed' && e.data.secret !== hiddenSecret)) return null
      run.diceAlgorithms = new Map(run.diceAlgorithms)
      run.diceFor = diceWith(run.diceAlgorithms)
      run.fold = { ...nextFold(run.fold, more), diceFor: run.diceFor }
      try {
        for (const e of more) applyEvent(run, e)
      } catch {
        resumable = false
        return null
      }
      run.fold.state = run.state
      return run.fold as GameFold
    })
  return run.fold
}

/** The game's pack and ruleset, from the per-process cache when it may be trusted; a hash that moved is drift. */
function packAndRuleset<S>(
  first: StoredEvent,
  factory: Factory,
  secrets: SecretSource,
  drift: Drift[],
  check: boolean,
): { pack: Pack; ruleset: Ruleset<S, unknown> } {
  const created = first.data as GameCreated
  // A check (pbem verify) always reloads the pack.
  const cacheKey = check ? '' : packKey(created, first.schemaVersion)
  const cached = check ? undefined : packCache.get(cacheKey)
  const loadOwn = () => {
    const content = packContentOf(created, first.schemaVersion, secrets)
    return content !== undefined ? factory.loadPack(content) : factory.defaultPack()
  }
  const pack = cached?.pack ?? loadOwn()
  if (pack.hash !== created.packHash) {
    const reason = `the data pack now hashes to ${pack.hash.slice(0, 12)}, not the ${created.packHash.slice(0, 12)} the game was created with`
    if (!check) throw new Error(reason)
    drift.push({ point: 0, position: first.position, reason })
  }
  const ruleset = (cached?.ruleset ?? factory.create(pack)) as Ruleset<S, unknown>
  if (!cached && !check && pack.hash === created.packHash) {
    if (packCache.size > 50) packCache.clear()
    packCache.set(cacheKey, { pack, ruleset: ruleset as Ruleset<unknown, unknown> })
  }
  return { pack, ruleset }
}

function initialFold<S>(
  events: StoredEvent[],
  ruleset: Ruleset<S, unknown>,
  state: S,
  drift: Drift[],
  diceFor: GameFold<S>['diceFor'],
): GameFold<S> {
  const created = events[0]!.data as GameCreated
  return {
    created,
    ruleset,
    players: new Map(),
    state,
    point: 1,
    version: events.at(-1)!.version,
    commitment: null,
    deadline: null,
    orders: new Map(),
    receipts: new Map(),
    adjudications: [],
    superseded: [],
    statesBefore: new Map(),
    finished: false,
    events,
    drift,
    schedule: defaultSchedule(created),
    zones: new Map(),
    absences: new Map(),
    ejected: new Set(),
    paused: null,
    moderatorKeyGeneration: 1,
    viewTokens: new Map(),
    observers: false,
    openedAt: events[0]!.recordedAt,
    firstDeadline: null,
    missedDeadline: null,
    lastOrderAt: null,
    graceUsed: false,
    standby: null,
    pausedThisPoint: false,
    remindersSent: new Set(),
    lateNoticesSent: new Set(),
    reportsHeld: new Map(),
    lastReported: new Map(),
    requested: new Map(),
    answers: new Map(),
    diceFor,
  }
}

/** Under a check (pbem verify), each re-folded result against the recorded one; a difference is drift. */
function driftCheck(events: StoredEvent[], drift: Drift[], enabled: boolean): CheckResult {
  // A result replaced by a later re-adjudication came from the code of its day: verify does not hold it to today's.
  const replacedFrom = events
    .filter((e) => e.type === 'TurnReadjudicated')
    .map((e) => ({ position: e.position, from: e.data.fromPoint as number }))
  const isSuperseded = (point: number, position: number) =>
    replacedFrom.some((r) => r.position > position && r.from <= point)
  return (point, position, step, dice, t, salt) => {
    if (!enabled || isSuperseded(point, position)) return
    const problems = [
      salt !== t.salt ? 'the salts of the orders used do not give the recorded salt' : null,
      stateHash(step.state) !== t.stateHash ? 'the re-folded state does not match the recorded state hash' : null,
      canonicalJson(step.narrative) !== canonicalJson(t.narrative)
        ? 'the re-folded narrative differs from the recorded one'
        : null,
      rollsKey(dice.rolls) !== rollsKey(t.rolls) ? 'the re-folded dice differ from the recorded rolls' : null,
      rollsKey(dice.hiddenRolls) !== rollsKey(t.hiddenRolls ?? [])
        ? 'the re-folded hidden draws differ from the recorded ones'
        : null,
    ].filter((p): p is string => p !== null)
    for (const reason of problems) drift.push({ point, position, reason })
  }
}

function applyEvent<S>(run: Folding<S>, e: StoredEvent): void {
  const fold = run.fold
  switch (e.type) {
    case 'DiceCommitted':
      run.diceAlgorithms.set(e.data.point, e.data.algorithm)
      if (e.data.point === fold.point) fold.commitment = e.data.commitment
      return
    case 'OrdersAccepted': {
      const o = e.data as OrdersAccepted
      fold.receipts.set(o.receipt, { event: e, data: o })
      if (o.point === fold.point) {
        fold.orders.set(o.role, o)
        fold.lastOrderAt = e.recordedAt
      }
      return
    }
    case 'OrdersRejected': {
      const o = e.data as OrdersRejected
      fold.receipts.set(o.receipt, { event: e, data: o })
      return
    }
    case 'DeadlineSet':
      if (e.data.point === fold.point) {
        fold.deadline = e.data as DeadlineSet
        fold.firstDeadline ??= e.data.deadline
      }
      return
    case 'TurnAdjudicated':
      return applyAdjudicated(run, e)
    case 'TurnReadjudicated':
      return applyReadjudicated(run, e)
    default:
      applyPlayerEvent(fold, e)
      applyClockEvent(fold, e)
  }
}

/** A resolution re-run from its recorded orders, answers and dice; the next point opens. */
function applyAdjudicated<S>(run: Folding<S>, e: StoredEvent): void {
  const fold = run.fold
  const t = e.data as TurnAdjudicated
  const orders: Record<string, unknown[]> = {}
  const salts: string[] = []
  for (const [role, receipt] of Object.entries(t.inputs)) {
    const r = fold.receipts.get(receipt)?.data as OrdersAccepted | undefined
    if (!r || !('commands' in r)) throw new Error(`TurnAdjudicated at ${e.position} uses unknown receipt ${receipt}`)
    orders[role] = r.commands
    if (r.salt) salts.push(r.salt)
  }
  fold.statesBefore.set(t.point, run.state)
  const salt = combineSalts(salts)
  const known = resolvedBefore(run as Folding<unknown>, run.state, t, salt)
  if (known) run.state = known.state as S
  else {
    const input = {
      state: run.state,
      orders,
      answers: t.decisionAnswers,
      dice: () => run.diceFor(t.point, t.secret, salt),
    }
    const { step, dice } = resolvePoint(run.ruleset, input, AS_RECORDED)
    run.check(t.point, e.position, step, dice, t, salt)
    run.state = step.state
  }
  fold.adjudications.push({ event: e, data: t })
  fold.point = t.point + 1
  fold.orders = new Map()
  fold.commitment = null
  fold.deadline = null
  fold.finished = t.finished
  fold.openedAt = e.recordedAt
  // A pause the schedule made for missed orders ends with the point it was about (the
  // moderator forced the resolution); a moderator's own pause lasts until resumed.
  if (fold.paused?.by === 'schedule') fold.paused = null
  fold.firstDeadline = null
  fold.missedDeadline = null
  fold.lastOrderAt = null
  fold.graceUsed = false
  fold.pausedThisPoint = false
  fold.remindersSent = new Set()
  fold.lateNoticesSent = new Set()
  fold.requested = new Map()
  fold.answers = new Map()
}

/** Resolutions replaced from a point on: the state goes back to before it and the new results are re-run. */
function applyReadjudicated<S>(run: Folding<S>, e: StoredEvent): void {
  const fold = run.fold
  const r = e.data as TurnReadjudicated
  if (r.pack !== undefined) {
    // The corrected data holds from the re-adjudicated point on.
    run.ruleset = run.factory.create(run.factory.loadPack(r.pack)) as Ruleset<S, unknown>
    fold.ruleset = run.ruleset
  }
  run.state = fold.statesBefore.get(r.fromPoint) as S
  for (const a of fold.adjudications.filter((x) => x.data.point >= r.fromPoint))
    fold.superseded.push({ ...a, by: e.position })
  fold.adjudications = fold.adjudications.filter((x) => x.data.point < r.fromPoint)
  for (const res of r.results) {
    fold.statesBefore.set(res.point, run.state)
    const input = {
      state: run.state,
      orders: res.orders,
      answers: res.decisionAnswers,
      dice: () => run.diceFor(res.point, res.secret, res.salt),
    }
    const { step, dice } = resolvePoint(run.ruleset, input, AS_RECORDED)
    run.check(res.point, e.position, step, dice, res, res.salt)
    run.state = step.state
    fold.adjudications.push({ event: e, data: res })
    fold.finished = res.finished
  }
  for (const role of r.openOrdersDropped) fold.orders.delete(role)
}

function rollsKey(rolls: TurnAdjudicated['rolls']): string {
  return canonicalJson(rolls.map((r) => [r.index, r.label, r.sides, r.value]))
}
