// Resolving the open point exactly once: the rules run through resolvePoint with the orders on file
// and the answers so far; a question stops the run (nothing recorded) until answered or defaulted;
// the result, the next point's commitment and deadline, and every reader's report in one transaction.
import { type DecisionRequest, onlyRoles, type Ruleset, type Step } from '../games/contract.ts'
import { ConcurrencyError, type NewEvent } from '../log/store.ts'
import type { Letter } from '../reports/render.ts'
import { combineSalts, commitmentOf, DICE_ALGORITHM } from './dice.ts'
import { gameStream, UNSTATED_FORCE_REASON, type DecisionRequested, type TurnAdjudicated } from './events.ts'
import { rememberResolution, stateHash, type GameFold } from './fold.ts'
import { narrativeSoFar, questionOf } from './questions.ts'
import { resolvePoint } from './resolvePoint.ts'
import { absentAt, openQuestions, phaseOf } from './clock/lifecycle.ts'
import { deadlineFor } from './clock/schedule.ts'
import type { JudgeContext as Judge } from './judgeContext.ts'
import type { AdjudicateOptions, AdjudicateResult, ModeratorOptions } from './calls.ts'
import * as asking from './asking.ts'
import { coveredBy, dispatchOf, heldBefore, readerKey } from './reportBatch.ts'
import { mailed } from './houseSeat.ts'
import { enqueueReport, reportLetter } from './reporting.ts'
import { PointMovedError } from './errors.ts'
import { keepSecret } from './secretKeeper.ts'

export function guard(fold: GameFold, opts: { expectedVersion?: number; point?: number }): void {
  if (opts.expectedVersion !== undefined && fold.version !== opts.expectedVersion)
    throw new ConcurrencyError(gameStream(fold.created.game), opts.expectedVersion, fold.version)
  if (opts.point !== undefined && fold.point !== opts.point) throw new PointMovedError(opts.point, fold.point)
}

export function secretFor(j: Judge, fold: GameFold): string {
  const game = fold.created.game
  const secret = j.secrets.get(game, 'dice', fold.point)
  if (!secret || !fold.commitment || commitmentOf(secret) !== fold.commitment)
    throw new Error(`game ${game}: the dice secret for point ${fold.point} is missing or does not match its commitment`)
  return secret
}

export function inputsOf(fold: GameFold): {
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
export function adjudicate(j: Judge, game: string, opts: AdjudicateOptions = {}): AdjudicateResult {
  return j.o.store.transaction(() => {
    const fold = j.load(game)
    guard(fold, opts)
    if (fold.finished) throw new Error(`game ${game} is over`)
    const point = fold.point
    const secret = secretFor(j, fold)
    const { orders, inputs, salt } = inputsOf(fold)
    const asked = new Map<string, DecisionRequested & { deadline: string }>()
    for (const d of fold.requested.values()) asked.set(d.decisionId, { ...d, deadline: d.deadline ?? fold.openedAt })
    const sitting: Sitting = {
      j,
      fold,
      game,
      opts,
      point,
      now: opts.now ?? j.o.clock(),
      answers: Object.fromEntries([...fold.answers].map(([id, a]) => [id, a.applied])),
      asked,
      cap: fold.ruleset.questionsPerResolution === 'unlimited' ? Infinity : fold.schedule.maxAsks,
      events: [],
      letters: [],
      requested: [],
      defaulted: [],
      waiting: null,
    }
    const turn = fold.ruleset.turnOf(fold.state)
    // Questions put when the point opened are inputs, like orders: unanswered now, they take their defaults.
    for (const d of openQuestions(fold)) settleByDefault(sitting, d)
    const run = resolvePoint(
      fold.ruleset,
      { state: fold.state, orders, answers: sitting.answers, dice: () => fold.diceFor(point, secret, salt) },
      (open, soFar) => onDecision(sitting, open, soFar),
    )
    const { step, dice } = run
    Object.assign(sitting.answers, run.answers)
    const { events, letters, requested, defaulted, waiting } = sitting
    if (waiting) {
      const held = letters.length ? reportsBeforeQuestion(j, fold, waiting.role) : null
      if (held) events.push(held.event)
      if (events.length) j.o.store.append(gameStream(game), fold.version, events)
      if (held?.letter) j.o.outbox.enqueue(held.letter, { game, kind: 'report' })
      for (const l of letters) j.o.outbox.enqueue(l, { game, kind: 'decision' })
      return { point, label: step.label, finished: false, committed: false, waiting, requested, defaulted }
    }
    const forced = forcedEvent(sitting)
    if (forced) events.unshift(forced)
    const adjudicated: TurnAdjudicated = {
      point,
      turn,
      label: step.label,
      rulesetVersion: fold.ruleset.version,
      inputs,
      decisionAnswers: sitting.answers,
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
    rememberRun(sitting, adjudicated, step.state)
    events.push(...(step.finished ? finishingEvents(sitting, step.state) : nextPointEvents(sitting, step)))
    const roles = j.readers(fold).map((r) => r.role)
    const dispatch = dispatchOf(fold, roles, point, turn, step)
    events.push({ type: 'ReportsDispatched', data: dispatch, audience: { kind: 'moderator' } })
    j.o.store.append(gameStream(game), fold.version, events)
    for (const l of letters) j.o.outbox.enqueue(l, { game, kind: 'decision' })
    const after = j.load(game)
    // Each reader's report goes now or waits for his next one (reportBatch.ts); one that goes takes
    // the ones that waited with it.
    for (const r of j.readers(after)) {
      if (!dispatch.sent.includes(readerKey(r.role)) || !mailed(r)) continue
      const covered = coveredBy(fold, after, readerKey(r.role), point)
      enqueueReport(j, () => reportLetter(j, after, covered, r), { game, kind: 'report' })
    }
    j.askOpeningQuestions(game)
    return { point, label: step.label, finished: step.finished, committed: true, waiting: null, requested, defaulted }
  })
}

/** The fold of the result about to be appended takes the state this run reached, not running it again (fold.ts). */
function rememberRun(s: Sitting, t: TurnAdjudicated, state: unknown): void {
  const { fold, point } = s
  const ruleset = fold.ruleset as Ruleset<unknown, unknown>
  rememberResolution(fold.state, {
    ruleset,
    point,
    secret: t.secret,
    salt: t.salt,
    inputs: t.inputs,
    answers: t.decisionAnswers,
    state,
  })
}

/** The reports waiting for `role` (reportBatch.ts), mailed before the question put to him now, and their mark. */
function reportsBeforeQuestion(
  j: Judge,
  fold: GameFold,
  role: string,
): { event: NewEvent; letter: Letter | null } | null {
  const held = heldBefore(fold, role)
  const reader = j.readers(fold).find((r) => r.role === role)
  if (!held || !reader) return null
  return {
    event: { type: 'ReportsDispatched', data: held.mark, audience: { kind: 'moderator' } },
    letter: mailed(reader) ? reportLetter(j, fold, held.covered, reader) : null,
  }
}

/** One resolution under way: the questions asked and answered, and the events and letters it will write. */
interface Sitting {
  j: Judge
  fold: GameFold
  game: string
  opts: AdjudicateOptions
  point: number
  now: Date
  answers: Record<string, string>
  asked: Map<string, DecisionRequested & { deadline: string }>
  /** The game's cap on questions per role and resolution. */
  cap: number
  events: NewEvent[]
  letters: Letter[]
  requested: string[]
  defaulted: string[]
  waiting: AdjudicateResult['waiting']
}

function settleByDefault(s: Sitting, d: DecisionRequested): void {
  s.events.push({
    type: 'DecisionDefaulted',
    data: { point: s.point, decisionId: d.decisionId, applied: d.defaultOption },
    audience: { kind: 'roles', roles: [d.role] },
  })
  s.answers[d.decisionId] = d.defaultOption
  s.defaulted.push(d.decisionId)
}

/**
 * A question the rules put: one already asked is waited for until its deadline; a new one is asked
 * (and waited for), or defaulted at once when forced, when the player is away or gone, or beyond
 * the cap.
 */
function onDecision(s: Sitting, open: DecisionRequest, soFar: Step<unknown>): string | 'stop' {
  const { fold, game, point, now, opts } = s
  const known = s.asked.get(open.decisionId)
  if (known) {
    if (known.defaultOption !== open.defaultOption || known.role !== open.role)
      throw new Error(
        `game ${game}: decision ${open.decisionId} came out differently on re-running resolution ${point}; the rules are not deterministic`,
      )
    const due = opts.force || Date.parse(known.deadline) <= now.getTime() || absentAt(fold, open.role, now.getTime())
    if (!due) {
      s.waiting = { decisionId: known.decisionId, role: known.role, deadline: known.deadline }
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
    s.asked.set(open.decisionId, data)
    s.requested.push(open.decisionId)
    s.events.push({ type: 'DecisionRequested', schemaVersion: 2, data, audience: onlyRoles(open.role) })
    const askedOfRole = [...s.asked.values()].filter((d) => d.role === open.role && !d.between).length
    const atOnce = opts.force || absentAt(fold, open.role, now.getTime()) || askedOfRole > s.cap
    if (!atOnce) {
      const letter = asking.decisionLetter(s.j, fold, data, soFar.label)
      if (letter) s.letters.push(letter)
      s.waiting = { decisionId: data.decisionId, role: data.role, deadline }
      return 'stop'
    }
  }
  const d = s.asked.get(open.decisionId)!
  settleByDefault(s, d)
  return d.defaultOption
}

/** A resolution the moderator forced or brought about early is recorded as such, so its report can say so. */
function forcedEvent({ fold, opts, now, point }: Sitting): NewEvent | null {
  const deadline = fold.deadline?.deadline
  const early = !!opts.by && opts.by !== 'schedule' && !!deadline && now.getTime() < Date.parse(deadline)
  if (!opts.force && !early) return null
  return {
    type: 'AdjudicationForced',
    data: {
      point,
      by: opts.by ?? 'moderator',
      reason: opts.reason ?? UNSTATED_FORCE_REASON,
      ...(early ? { before: deadline } : {}),
    },
    audience: { kind: 'public' },
  }
}

/** The game is over: the hidden draws' secret is revealed with the result. */
function finishingEvents({ j, fold, game, point }: Sitting, state: unknown): NewEvent[] {
  const hidden = j.secrets.get(game, 'hidden', 0)!
  return [
    {
      type: 'HiddenDrawRevealed',
      data: { purpose: 'setup', secret: hidden, commitment: commitmentOf(hidden) },
      audience: { kind: 'public' },
    },
    { type: 'GameFinished', data: { point, result: fold.ruleset.outcome(state) ?? {} }, audience: { kind: 'public' } },
  ]
}

/** The next point opens: its dice are committed and its deadline set. */
function nextPointEvents({ j, fold, game, point, now }: Sitting, step: { state: unknown; label: string }): NewEvent[] {
  const next = j.freshSecret(game, 'dice', point + 1)
  keepSecret(j, game, 'dice', point + 1, next)
  const d = deadlineFor(fold.schedule, phaseOf(fold.ruleset.awaiting(step.state)), now)
  return [
    {
      type: 'DiceCommitted',
      data: { point: point + 1, commitment: commitmentOf(next), algorithm: DICE_ALGORITHM },
      audience: { kind: 'public' },
    },
    {
      type: 'DeadlineSet',
      data: {
        point: point + 1,
        deadline: d.deadline.toISOString(),
        zone: fold.schedule.zone,
        reason: d.note ? `${step.label} adjudicated; ${d.note}` : `${step.label} adjudicated`,
      },
      audience: { kind: 'public' },
    },
  ]
}

/** The moderator's PROCESS: resolve now; decisions not yet answered take their defaults. */
export function forceAdjudicate(j: Judge, game: string, opts: ModeratorOptions = {}): AdjudicateResult {
  return j.adjudicate(game, { ...opts, force: true, by: opts.by ?? 'moderator' })
}
