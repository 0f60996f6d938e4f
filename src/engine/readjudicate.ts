// Non-destructive re-adjudication: re-resolve from a point with today's rules, a corrected
// data pack, or amended orders; preview per-reader diffs; commit as one TurnReadjudicated event that
// supersedes the old results, which stay in the log and readable. The dice secrets of the original
// resolutions are reused, so only what the correction changes changes.
import type { DataPack, LineError, Ruleset, Viewer } from '../games/contract.ts'
import type { Letter } from '../reports/render.ts'
import { canonicalJson, sha256Hex } from '../util/canonical.ts'
import type { OrdersAccepted, ReadjudicatedResult, TurnAdjudicated, TurnReadjudicated } from './events.ts'
import { stateHash, type GameFold } from './fold.ts'
import type { Judge } from './judge.ts'
import { resolvePoint } from './resolvePoint.ts'
import { playHouseSeats } from './house.ts'

export interface ReadjudicationRequest {
  game: string
  /** The first resolution point to re-resolve (use pointOfTurn for a game turn). */
  fromPoint: number
  reason: string
  /** A corrected data pack (its content, as JSON). */
  pack?: unknown
  /** Orders to put in place of the recorded ones: point, role and the order text. */
  amendments?: { point: number; role: string; text: string; reason?: string }[]
}

export interface ReaderDiff {
  reader: string
  address: string | null
  diff: string
}

export interface ReadjudicationPlan {
  event: TurnReadjudicated
  diffs: ReaderDiff[]
  changed: boolean
}

/** The first resolution point of a game turn. */
export function pointOfTurn(fold: GameFold, turn: number): number {
  const a = fold.adjudications.find((x) => x.data.turn === turn)
  if (!a) throw new Error(`no resolution of ${fold.ruleset.turnLabel(turn)} is on record`)
  return a.data.point
}

const resultHash = (r: Pick<TurnAdjudicated, 'narrative' | 'stateHash' | 'rolls'>) =>
  sha256Hex(
    canonicalJson({ narrative: r.narrative, stateHash: r.stateHash, rolls: r.rolls.map((x) => [x.index, x.value]) }),
  )

export function planReadjudication(judge: Judge, req: ReadjudicationRequest): ReadjudicationPlan {
  const fold = judge.load(req.game)
  const game = req.game
  const old = fold.adjudications.filter((a) => a.data.point >= req.fromPoint)
  if (!old.length)
    throw new Error(`resolution ${req.fromPoint} of ${game} is not on record (points 1-${fold.adjudications.length})`)
  const { pack, ruleset } = correctedRules(judge, fold, req)
  let state = fold.statesBefore.get(req.fromPoint)
  if (state === undefined) throw new Error(`no state before resolution ${req.fromPoint}`)
  const results: ReadjudicatedResult[] = []
  const illegal: TurnReadjudicated['illegal'] = []
  const amendments: TurnReadjudicated['amendments'] = []
  const statesAfter = new Map<number, unknown>()
  for (const { data: t } of old) {
    const { result, state: after } = reresolve({ fold, ruleset, req, illegal, amendments }, state, t)
    results.push(result)
    state = after
    statesAfter.set(t.point, state)
    if (result.finished) break
  }
  const openOrdersDropped: string[] = []
  if (!results.at(-1)!.finished) {
    for (const [role, o] of fold.orders)
      if (o.text !== undefined && ruleset.parseOrders(state, role, o.text).errors.length) openOrdersDropped.push(role)
  }
  const event: TurnReadjudicated = {
    fromPoint: req.fromPoint,
    reason: req.reason,
    rulesetVersion: ruleset.version,
    ...(pack ? { pack: pack.content, packHash: pack.hash } : {}),
    amendments,
    illegal,
    openOrdersDropped,
    results,
    oldResultHashes: old.map((a) => resultHash(a.data)),
    newResultHashes: results.map(resultHash),
  }
  const changed = canonicalJson(event.oldResultHashes) !== canonicalJson(event.newResultHashes)
  return {
    event,
    diffs: readerDiffs(
      judge,
      fold,
      old.map((a) => a.data),
      results,
      statesAfter,
      ruleset,
      event,
    ),
    changed,
  }
}

/** Each reader's reports of the re-resolved points, old against new, as a line diff. */
function readerDiffs(
  judge: Judge,
  fold: GameFold,
  old: TurnAdjudicated[],
  results: ReadjudicatedResult[],
  statesAfter: Map<number, unknown>,
  ruleset: Ruleset<unknown, unknown>,
  event: TurnReadjudicated,
): ReaderDiff[] {
  const render = (f: GameFold, viewer: Viewer, t: TurnAdjudicated) =>
    // The next commitment and deadline are the same in both versions; leave them out of the diff.
    judge.templates.render(f.created.ruleset, 'report.txt', {
      ...judge.reportModel({ ...f, commitment: null, deadline: null }, viewer, t),
      nextCommitment: null,
      deadline: '',
    })
  return judge.readers(fold).map((r) => {
    const parts: string[] = []
    for (const t of old) {
      const before = judge.loadAfter(fold.created.game, t.point)!
      const now = results.find((x) => x.point === t.point)
      const oldText = render(before, r.viewer, t)
      const newText = now
        ? render({ ...before, ruleset, state: statesAfter.get(t.point), finished: now.finished }, r.viewer, now)
        : '(this resolution no longer happens: the game ended earlier)\n'
      const d = lineDiff(oldText, newText)
      if (d)
        parts.push(
          `--- resolution ${t.point} (${t.label}), as recorded\n+++ resolution ${t.point}, re-adjudicated\n${d}`,
        )
    }
    const mine = (x: { role: string }) => r.role === null || x.role === r.role
    for (const i of event.illegal.filter(mine))
      parts.push(
        `Your orders for resolution ${i.point} (receipt ${i.receipt}) are no longer legal and were not used: ${i.errors.map((e) => `line ${e.line}: ${e.message}`).join('; ')}.`,
      )
    if (r.role !== null && event.openOrdersDropped.includes(r.role))
      parts.push(
        'Your orders on file for the open resolution are no longer legal and are withdrawn: please send new ones.',
      )
    if (r.role === null)
      for (const role of event.openOrdersDropped)
        parts.push(`${role}'s orders on file for the open resolution no longer stand.`)
    return { reader: r.role ?? 'moderator', address: r.address, diff: parts.join('\n\n') }
  })
}

/** A plain line diff (longest common subsequence): "- old", "+ new", context lines indented. */
export function lineDiff(a: string, b: string, context = 1): string {
  const x = a.split('\n')
  const y = b.split('\n')
  const n = x.length
  const m = y.length
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0))
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] = x[i] === y[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!)
  const ops: { kind: ' ' | '-' | '+'; line: string }[] = []
  let i = 0
  let j = 0
  while (i < n || j < m) {
    if (i < n && j < m && x[i] === y[j]) ops.push({ kind: ' ', line: x[i++]! }), j++
    else if (i < n && (j >= m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) ops.push({ kind: '-', line: x[i++]! })
    else ops.push({ kind: '+', line: y[j++]! })
  }
  if (!ops.some((o) => o.kind !== ' ')) return ''
  return ops
    .filter(
      (o, k) => o.kind !== ' ' || ops.slice(Math.max(0, k - context), k + context + 1).some((p) => p.kind !== ' '),
    )
    .map((o) => `${o.kind} ${o.line}`)
    .join('\n')
}

/** Previews (mailed to the moderator only) or commits (appended; every reader gets a correction notice with their diff). */
export function readjudicate(judge: Judge, req: ReadjudicationRequest, commit: boolean): ReadjudicationPlan {
  const fold = judge.load(req.game)
  const plan = planReadjudication(judge, req)
  const letters: { letter: Letter; kind: string }[] = []
  const tag = sha256Hex(canonicalJson(plan.event.newResultHashes) + req.reason).slice(0, 12)
  const header = (who: string) =>
    `${commit ? 'Resolutions' : 'PREVIEW (nothing is recorded yet): resolutions'} ${plan.event.fromPoint} to ${plan.event.results.at(-1)?.point ?? plan.event.fromPoint} of ${req.game} ${commit ? 'have been' : 'would be'} re-adjudicated by the moderator.\nReason: ${req.reason}\n${plan.event.pack !== undefined ? 'The data pack was corrected from that point on.\n' : ''}The results as first recorded stay in the log${who === 'moderator' ? '' : ' (HISTORY shows the ones in force)'}.\n\n`
  for (const d of plan.diffs) {
    if (!d.address) continue
    if (!commit && d.reader !== 'moderator') continue
    letters.push({
      kind: commit ? 'correction' : 'preview',
      letter: {
        messageId: `${commit ? 'correction' : 'readj-preview'}.${req.game}.p${plan.event.fromPoint}.${tag}.${d.reader}@${judge.mailDomain}`,
        from: judge.fromAddress,
        to: d.address,
        subject: `[${req.game}] ${commit ? 'Correction' : 'Preview of a correction'}: resolutions from ${plan.event.fromPoint} re-adjudicated`,
        text: judge.templates.render(null, 'notice.txt', {
          body: header(d.reader) + (d.diff || 'Nothing you were shown changes.'),
        }),
      },
    })
  }
  if (!commit && !letters.length) return plan
  judge.commit(
    req.game,
    fold.version,
    commit ? [{ type: 'TurnReadjudicated', data: plan.event, audience: { kind: 'moderator' } }] : [],
    letters,
  )
  // The open point may now stand elsewhere and ask other questions; a house seat whose orders no
  // longer stand writes them again from the corrected position.
  if (commit) {
    judge.askOpeningQuestions(req.game)
    playHouseSeats(judge, req.game)
  }
  return plan
}

/** The rules a re-adjudication uses: today's, or those of a corrected data pack. */
function correctedRules(judge: Judge, fold: GameFold, req: ReadjudicationRequest) {
  const factory = judge.registry(fold.created.ruleset)
  let pack: DataPack | null = null
  let ruleset: Ruleset<unknown, unknown> = fold.ruleset
  if (req.pack !== undefined) {
    pack = factory.loadPack(req.pack)
    ruleset = factory.create(pack)
  }
  return { pack, ruleset }
}

interface Rerun {
  fold: GameFold
  ruleset: Ruleset<unknown, unknown>
  req: ReadjudicationRequest
  illegal: TurnReadjudicated['illegal']
  amendments: TurnReadjudicated['amendments']
}

/**
 * One recorded resolution run again from `state`: amended orders first, the recorded ones checked
 * again against the situation as re-resolved; orders no longer legal are listed, not used.
 */
function reresolve(
  { fold, ruleset, req, illegal, amendments }: Rerun,
  state: unknown,
  t: TurnAdjudicated,
): { result: ReadjudicatedResult; state: unknown } {
  const game = req.game
  const orders: Record<string, unknown[]> = {}
  const inputs: Record<string, string> = {}
  const check = (role: string, text: string, receipt: string, why: string | null): void => {
    const parsed = ruleset.parseOrders(state, role, text)
    if (parsed.errors.length) {
      illegal.push({ point: t.point, role, receipt, errors: parsed.errors as LineError[] })
      return
    }
    orders[role] = parsed.commands as unknown[]
    inputs[role] = receipt
    if (why !== null) amendments.push({ point: t.point, role, normalised: parsed.normalised, reason: why })
  }
  for (const a of req.amendments ?? [])
    if (a.point === t.point) check(a.role, a.text, `${game}/${t.point}/amended-${a.role}`, a.reason ?? req.reason)
  for (const [role, receipt] of Object.entries(t.inputs)) {
    if (role in orders || illegal.some((i) => i.point === t.point && i.role === role)) continue
    const r = fold.receipts.get(receipt)?.data as OrdersAccepted
    // Orders are checked again against the situation as re-resolved; ones recorded before the
    // text was kept are used as they were parsed.
    if (r.text !== undefined) check(role, r.text, receipt, null)
    else {
      orders[role] = r.commands
      inputs[role] = receipt
    }
  }
  // A question the corrected resolution meets that the recorded one did not takes its default.
  const input = { state, orders, answers: t.decisionAnswers, dice: () => fold.diceFor(t.point, t.secret, t.salt) }
  const { step, dice, answers } = resolvePoint(ruleset, input, (q) => q.defaultOption)
  const result: ReadjudicatedResult = {
    ...t,
    inputs,
    orders,
    decisionAnswers: answers,
    rulesetVersion: ruleset.version,
    label: step.label,
    turn: ruleset.turnOf(state),
    rolls: dice.rolls,
    ...(dice.hiddenRolls.length ? { hiddenRolls: dice.hiddenRolls } : { hiddenRolls: undefined }),
    narrative: step.narrative,
    stateHash: stateHash(step.state),
    finished: step.finished,
  }
  return { result, state: step.state }
}
