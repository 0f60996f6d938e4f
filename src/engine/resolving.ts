// Resolving the open point exactly once: the rules run through resolvePoint with the orders on file
// and the answers so far; a question stops the run (nothing recorded) until answered or defaulted;
// the result, the next point's commitment and deadline, and every reader's report in one transaction.
import { onlyRoles } from '../games/contract.ts'
import { ConcurrencyError, type NewEvent } from '../log/store.ts'
import type { Letter } from '../reports/render.ts'
import { combineSalts, commitmentOf, DICE_ALGORITHM } from './dice.ts'
import { gameStream, UNSTATED_FORCE_REASON, type DecisionRequested, type TurnAdjudicated } from './events.ts'
import { stateHash, type GameFold } from './fold.ts'
import { narrativeSoFar, questionOf } from './questions.ts'
import { resolvePoint } from './resolvePoint.ts'
import { absentAt, openQuestions, phaseOf } from '../schedule/lifecycle.ts'
import { deadlineFor } from '../schedule/schedule.ts'
import type { JudgeContext as Judge } from './judgeContext.ts'
import type { AdjudicateOptions, AdjudicateResult, ModeratorOptions } from './calls.ts'
import * as asking from './asking.ts'
import { PointMovedError } from './errors.ts'

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
    const now = opts.now ?? j.o.clock()
    const point = fold.point
    const secret = secretFor(j, fold)
    const { orders, inputs, salt } = inputsOf(fold)
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
            const letter = asking.decisionLetter(j, fold, data, soFar.label)
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
      if (events.length) j.o.store.append(gameStream(game), fold.version, events)
      for (const l of letters) j.o.outbox.enqueue(l, { game, kind: 'decision' })
      return { point, label: step.label, finished: false, committed: false, waiting, requested, defaulted }
    }
    // A resolution the moderator brought about early is recorded as such, so its report can say so.
    const deadline = fold.deadline?.deadline
    const early = !!opts.by && opts.by !== 'schedule' && !!deadline && now.getTime() < Date.parse(deadline)
    if (opts.force || early)
      events.unshift({
        type: 'AdjudicationForced',
        data: {
          point,
          by: opts.by ?? 'moderator',
          reason: opts.reason ?? UNSTATED_FORCE_REASON,
          ...(early ? { before: deadline } : {}),
        },
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
      const hidden = j.secrets.get(game, 'hidden', 0)!
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
      const next = j.freshSecret(game, 'dice', point + 1)
      j.o.db
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
    j.o.store.append(gameStream(game), fold.version, events)
    for (const l of letters) j.o.outbox.enqueue(l, { game, kind: 'decision' })
    const after = j.load(game)
    for (const letter of j.reportLetters(after, after.adjudications.at(-1)!.data))
      j.o.outbox.enqueue(letter, { game, kind: 'report' })
    j.askOpeningQuestions(game)
    return { point, label: step.label, finished: step.finished, committed: true, waiting: null, requested, defaulted }
  })
}

/** The moderator's PROCESS: resolve now; decisions not yet answered take their defaults. */
export function forceAdjudicate(j: Judge, game: string, opts: ModeratorOptions = {}): AdjudicateResult {
  return j.adjudicate(game, { ...opts, force: true, by: opts.by ?? 'moderator' })
}
