// The judge's letters: report models and reports per reader (with pictures), notices, and who reads
// a game (acknowledgements of orders: acknowledging.ts).
import { mailed, seatChangesDuring } from './houseSeat.ts'
import { canSee, type Viewer } from '../games/contract.ts'
import { viewLines, type Letter } from '../reports/render.ts'
import type { TurnAdjudicated } from './events.ts'
import { foldGame, type GameFold } from './fold.ts'
import { gameStream, UNSTATED_FORCE_REASON } from './events.ts'
import { decisionRolesOf, resultFor } from './redact.ts'
import { playerKey, serverSecret } from './keys.ts'
import { liveViewToken, MODERATOR, pageLink } from './viewTokens.ts'
import { inProgress, pendingDecision } from './clock/lifecycle.ts'
import type { JudgeContext as Judge } from './judgeContext.ts'
import type { Reader } from './calls.ts'

/**
 * Resolution `point`'s report for one reader, re-rendered from the log; point 0 is the opening
 * report (one numbering: receipts, reports and HISTORY count resolutions from 1, the opening is 0).
 */
export function reportAgain(j: Judge, game: string, point: number, viewer: Viewer): Letter | null {
  const fold = point === 0 ? openingFold(j, game) : j.loadAfter(game, point)
  if (!fold) return null
  if (point === 0) {
    const reader = j.readers(fold).find((r) => sameReader(r.role, viewer))
    return reader ? reportLetter(j, fold, null, reader) : null
  }
  const reader = j.readers(fold).find((r) => sameReader(r.role, viewer))
  return reader ? reportLetter(j, fold, fold.adjudications.at(-1)!.data, reader) : null
}

function sameReader(role: string | null, viewer: Viewer): boolean {
  return viewer.kind === 'role' ? role === viewer.role : viewer.kind === 'moderator' && role === null
}

/** The game as it stood before its first resolution: what the opening report showed. */
function openingFold(j: Judge, game: string): GameFold | null {
  const events = j.o.store.read(gameStream(game))
  if (!events.length) return null
  const first = events.findIndex((e) => e.type === 'TurnAdjudicated')
  return foldGame(first < 0 ? events : events.slice(0, first), j.registry, j.secrets)
}

/**
 * A notice to a player (by role) or to the moderator (role null): the notice template, the
 * player's reply address. Ejected roles get nothing. `id` must be unique per occasion.
 */
export function noticeTo(
  j: Judge,
  fold: GameFold,
  role: string | null,
  subject: string,
  body: string,
  id: string,
  kind = 'notice',
  inReplyTo?: string | null,
): void {
  const game = fold.created.game
  const text = j.templates.render(null, 'notice.txt', { body })
  const thread = inReplyTo ? { inReplyTo, references: [inReplyTo] } : {}
  if (role === null) {
    if (!j.o.moderatorAddress) return
    const key = playerKey(serverSecret(j.o.db), game, 'moderator', fold.moderatorKeyGeneration)
    j.o.outbox.enqueue(
      {
        messageId: `${id}.moderator@${j.mailDomain}`,
        from: j.fromAddress,
        to: j.o.moderatorAddress,
        replyTo: j.replyAddress(game, 'moderator', key),
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
  const key = playerKey(serverSecret(j.o.db), game, role, p.keyGeneration)
  j.o.outbox.enqueue(
    {
      messageId: `${id}.${role}@${j.mailDomain}`,
      from: j.fromAddress,
      to: p.address,
      replyTo: j.replyAddress(game, role, key),
      subject: `[${game}] ${subject}`,
      text,
      headers: { 'Auto-Submitted': 'auto-generated' },
      ...thread,
    },
    { game, kind },
  )
}

export function readers(j: Judge, fold: GameFold): Reader[] {
  const readers: Reader[] = [...fold.players.values()]
    .filter((p) => !fold.ejected.has(p.role))
    .map((p) => ({ viewer: { kind: 'role', role: p.role }, address: p.address, role: p.role }))
  if (j.o.moderatorAddress) readers.push({ viewer: { kind: 'moderator' }, address: j.o.moderatorAddress, role: null })
  return readers
}

/**
 * The report model for one reader at the fold's current state, after `adjudication` if any: one
 * resolution, or several in order (reports that waited for this reader, reportBatch.ts), each a
 * section of `sections` with its own heading, narrative, decisions and dice.
 */
export function reportModel(
  j: Judge,
  fold: GameFold,
  viewer: Viewer,
  adjudication: TurnAdjudicated | readonly TurnAdjudicated[] | null,
): Record<string, unknown> {
  const covered = adjudication === null ? [] : Array.isArray(adjudication) ? adjudication : [adjudication]
  const last = covered.at(-1) ?? null
  const game = fold.created.game
  const role = viewer.kind === 'role' ? viewer.role : null
  const progressing = !last && inProgress(fold)
  const once = awaitingFor(fold, viewer, progressing)
  const key = role ? playerKey(serverSecret(j.o.db), game, role, fold.players.get(role)!.keyGeneration) : ''
  const outcome = fold.ruleset.outcome(fold.state)
  const sections = covered.map((a) => sectionOf(j, fold, viewer, a))
  return {
    statusLines: viewLines(fold.ruleset.view(fold.state, viewer)),
    scenario: fold.ruleset.scenarios.find((x) => x.id === fold.created.scenario)?.title ?? fold.created.scenario,
    ...fold.ruleset.reportModel(fold.state, viewer),
    game,
    gameTitle: fold.ruleset.title,
    readerName: role
      ? `${fold.players.get(role)!.name} (${role})`
      : viewer.kind === 'moderator'
        ? 'the moderator'
        : 'an observer',
    label:
      covered.length > 1
        ? `results of resolutions ${covered[0]!.point} to ${last!.point}, in order below`
        : last
          ? `results of ${last.label} (resolution ${last.point})`
          : `opening of game (report 0; orders for resolution ${fold.point})`,
    sections,
    several: sections.length > 1,
    mapKey: last ? [] : (fold.ruleset.mapKey?.(fold.state) ?? []),
    hasMapKey: !!fold.ruleset.mapKey,
    nextCommitment: fold.commitment,
    finished: fold.finished,
    resultText: outcome?.summary ?? '',
    awaiting: once.map((a) => ({ label: a.label })),
    deadline: j.when(fold, fold.deadline?.deadline ?? null, role),
    yourTurn: role !== null && !progressing && once.some((a) => a.role === role),
    roleUpper: role?.toUpperCase() ?? '',
    key,
    replyAddress: role ? j.replyAddress(game, role, key) : j.judgeAddress,
  }
}

/** One resolution in a report: its heading, what this reader saw of it, the decisions met and its dice. */
function sectionOf(j: Judge, fold: GameFold, viewer: Viewer, a: TurnAdjudicated): Record<string, unknown> {
  const seen = resultFor(a, viewer, decisionRolesOf(fold.events))
  return {
    point: a.point,
    heading: `Resolution ${a.point}: ${a.label}`,
    forcedNote:
      [
        forcedNote(j, fold, a.point, viewer.kind === 'role' ? viewer.role : null),
        ...seatChangesDuring(fold.events, a.point),
      ]
        .filter((n) => n)
        .join(' ') || null,
    narrative: seen.narrative,
    decisions: decisionsAt(fold, a.point, viewer),
    secret: a.secret,
    commitment: a.commitment,
    salt: a.salt,
    rolls: seen.rolls,
    hiddenRolls: seen.hiddenRolls,
  }
}

/** What the game waits for, as this reader may read it, each label once. */
function awaitingFor(fold: GameFold, viewer: Viewer, progressing: boolean): { label: string; role?: string }[] {
  const awaiting: { label: string; role?: string }[] = progressing
    ? [{ label: 'resolution in progress' }]
    : fold.ruleset.awaiting(fold.state).map((a) => ({
        // A question's text may name what only its player knows: others read whose answer is awaited.
        label:
          a.kind === 'orders'
            ? a.label
            : viewer.kind === 'moderator' || (viewer.kind === 'role' && viewer.role === a.role)
              ? `question ${a.decisionId}: ${a.question}`
              : `an answer from ${a.role}`,
        role: a.role,
      }))
  // Two questions of one player read the same to others ("an answer from csa"): say it once.
  return awaiting.filter((a, i) => awaiting.findIndex((b) => b.label === a.label) === i)
}

/** What the report says of a resolution the moderator brought about himself (null: it came in its time). */
function forcedNote(j: Judge, fold: GameFold, point: number, role: string | null): string | null {
  const forced = fold.events.find((e) => e.type === 'AdjudicationForced' && e.data.point === point)
  if (!forced) return null
  const d = forced.data as { reason: string; before?: string }
  const when = d.before
    ? `early, before the deadline of ${j.when(fold, d.before, role)}`
    : 'at once, without waiting for open questions'
  return `The moderator resolved this ${when}${d.reason === UNSTATED_FORCE_REASON ? '' : ` (${d.reason})`}.`
}

/** The decisions met while resolving `point` that this reader may see, with what was applied. */
export function decisionsAt(
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

/**
 * Queues one reader's report, made by `render`: now, or, on an outbox that renders its letters when
 * its batch is written (the tick's resolution batch), then, one reader a turn of the event loop, so
 * that a game's readers' reports with their pictures do not hold the loop in one stretch.
 */
export function enqueueReport(j: Judge, render: () => Letter, meta: { game: string; kind: string }): void {
  const outbox = j.o.outbox
  if (outbox.enqueueRender) outbox.enqueueRender(render, meta)
  else outbox.enqueue(render(), meta)
}

export function reportLetters(j: Judge, fold: GameFold, adjudication: TurnAdjudicated | null): Letter[] {
  return j
    .readers(fold)
    .filter(mailed)
    .map((r) => reportLetter(j, fold, adjudication, r))
}

/**
 * One reader's report: of the opening (null), of one resolution, or of several in order (the ones
 * that waited for him, reportBatch.ts) with one set of pictures, the situation after the last.
 */
export function reportLetter(
  j: Judge,
  fold: GameFold,
  adjudication: TurnAdjudicated | readonly TurnAdjudicated[] | null,
  r: Reader,
): Letter {
  const game = fold.created.game
  const covered = adjudication === null ? [] : Array.isArray(adjudication) ? adjudication : [adjudication]
  const last = covered.at(-1) ?? null
  const pictures = figureAttachments(fold, r.viewer, covered)
  const model: Record<string, unknown> = {
    ...j.reportModel(fold, r.viewer, covered.length ? covered : null),
    mapCid: pictures[0]?.cid ?? null,
    pageLink: pageLinkFor(j, fold, r.role ?? MODERATOR),
  }
  const what = !last
    ? 'Game opens'
    : covered.length > 1
      ? `Results: ${covered[0]!.label} to ${last.label}`
      : `Results: ${last.label}`
  return {
    ...(pictures.length ? { attachments: pictures } : {}),
    messageId: `report.${game}.r${last?.point ?? 0}.${r.role ?? 'moderator'}@${j.mailDomain}`,
    from: j.fromAddress,
    to: r.address,
    replyTo: String(model.replyAddress),
    subject: `[${game}] ${what}${r.role ? ` (${r.role})` : ' (moderator)'}`,
    text: j.templates.render(fold.created.ruleset, 'report.txt', model),
    html: j.templates.render(fold.created.ruleset, 'report.html', model),
    headers: { 'Auto-Submitted': 'auto-generated' },
  }
}

/** The reader's page link, when the pages have a public address and he a working token. */
function pageLinkFor(j: Judge, fold: GameFold, reader: string): string | null {
  if (!j.o.webBase) return null
  const token = liveViewToken(j, fold, reader)
  return token ? pageLink(j.o.webBase, fold.created.game, token) : null
}

/**
 * The reader's pictures as PNG attachments, kept as SVG until the mail is sent (the outbox draws
 * them then); the first is shown inline by the HTML part (cid).
 */
export function figureAttachments(
  fold: GameFold,
  viewer: Viewer,
  covered: readonly TurnAdjudicated[],
): NonNullable<Letter['attachments']> {
  if (!fold.ruleset.figures) return []
  // One set of pictures for the whole report: the situation now, marked with all it reports.
  const seen = covered.flatMap((a) => a.narrative.filter((n) => canSee(viewer, n.audience)))
  // The report's time as the log has it (its resolution, else the game's creation): a report made again draws the same.
  const at = `${fold.openedAt.slice(0, 16).replace('T', ' ')} UTC`
  return fold.ruleset.figures(fold.state, viewer, seen, { game: fold.created.game, at }).map((figure, i) => ({
    filename: `${figure.name}-${fold.created.game}-r${covered.at(-1)?.point ?? 0}.png`,
    svg: figure.svg,
    contentType: 'image/png',
    cid: i === 0 ? 'map@acw-pbem' : `${figure.name}@acw-pbem`,
  }))
}

/**
 * What the game waits for, in words. While a resolution waits on a decision, everyone but the
 * deciding player (given as `viewer`) reads only "resolution in progress".
 */
export function awaitingText(j: Judge, fold: GameFold, viewer?: Viewer): string {
  const paused = fold.paused
    ? `paused by ${fold.paused.by === 'schedule' ? 'the schedule (missed orders)' : 'the moderator'}; `
    : ''
  if (inProgress(fold)) {
    const p = pendingDecision(fold)
    const mine =
      p && viewer?.kind === 'role' && viewer.role === p.role
        ? `; your decision ${p.decisionId} (answer by ${j.when(fold, p.deadline ?? null, p.role)})`
        : ''
    const mod = p && viewer?.kind === 'moderator' ? `; decision ${p.decisionId} from ${p.role}` : ''
    return `${paused}resolution in progress${mine}${mod}`
  }
  // A question's text may name what only its player knows (a hand of cards): others read whose answer is awaited.
  const mayRead = (role: string) => viewer?.kind === 'moderator' || (viewer?.kind === 'role' && viewer.role === role)
  // Optional orders that do not hold the deadline (standing orders a side may send) are not waited for.
  const waited = fold.ruleset
    .awaiting(fold.state)
    .filter((x) => !(x.kind === 'orders' && x.optional && !x.holdsDeadline))
  const words = waited.map((x) => {
    if (x.kind === 'orders') return x.label
    const answered = fold.answers.has(x.decisionId) ? ', answered' : ''
    return mayRead(x.role)
      ? `question ${x.decisionId}: ${x.question}${answered}`
      : `an answer from ${x.role}${answered}`
  })
  return paused + (words.length ? [...new Set(words)].join('; ') : 'nothing')
}
