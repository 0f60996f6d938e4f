// What one reader's pages say, made from the engine's reader port alone (ReaderSource): each
// resolution is his report made again by history() (src/reports/archive.ts, the path `pbem game
// history` and the archive take), its record cut down by resultFor (src/engine/redact.ts, the one
// redaction of reports, HISTORY and exports), its pictures drawn from what he was shown. Receipts
// and orders are those whose events he may see. Every text goes through the key scrubber, the
// moderator's too: a page link must never carry the power to send orders.
import { canSee, type Figure, type Viewer } from '../games/contract.ts'
import type { OrdersAccepted, OrdersRejected } from '../engine/events.ts'
import type { ReaderSource } from '../engine/readerSource.ts'
import { decisionRolesOf, type RedactedResult, resultFor } from '../engine/redact.ts'
import { history, redactedEvents } from '../reports/archive.ts'

export interface GameSummary {
  game: string
  title: string
  scenario: string
  /** Whom the pages are for: a role, `moderator` or `observer`. */
  reader: string
  sides: string[]
  /** The open resolution point, or the last one when the game is over. */
  point: number
  /** The game turn of the last resolution (0 before the first). */
  turn: number
  finished: boolean
  /** The open point's deadline (ISO, UTC), or null. */
  deadline: string | null
  resolutions: { point: number; turn: number; label: string }[]
  /** Orders on file for the open point that this reader may see, by role. */
  ordersOnFile: { role: string; receipt: string; lines: string[] }[]
  receipts: ReceiptLine[]
}

export interface ReceiptLine {
  receipt: string
  accepted: boolean
  role: string | null
  point: number
  arrived: string
  lines: string[]
  errors: string[]
}

export interface ResolutionView {
  point: number
  turn: number
  label: string
  /** The report's HTML body for this reader, as history() renders it. */
  reportBody: string
  figures: Figure[]
  result: RedactedResult
}

export const readerName = (viewer: Viewer) => (viewer.kind === 'role' ? viewer.role : viewer.kind)

const own = (viewer: Viewer, role: string | null) =>
  viewer.kind === 'moderator' || (viewer.kind === 'role' && role === viewer.role)

/** The game's index for one reader. */
export function gameSummary(src: ReaderSource, game: string, viewer: Viewer): GameSummary {
  const fold = src.load(game)
  const scrub = src.keyScrubber(game)
  const last = fold.adjudications.at(-1)?.data
  const receipts = [...fold.receipts.values()]
    .filter((r) => canSee(viewer, r.event.audience) && own(viewer, r.data.role))
    .map(({ event, data }) => receiptLine(event.type === 'OrdersAccepted', event.recordedAt, data))
  const summary: GameSummary = {
    game,
    title: fold.ruleset.title,
    scenario: fold.ruleset.scenarios.find((s) => s.id === fold.created.scenario)?.title ?? fold.created.scenario,
    reader: readerName(viewer),
    sides: [...fold.players.keys()],
    point: fold.finished && last ? last.point : fold.point,
    turn: last?.turn ?? 0,
    finished: fold.finished,
    deadline: fold.finished ? null : (fold.deadline?.deadline ?? null),
    resolutions: fold.adjudications.map(({ data }) => ({ point: data.point, turn: data.turn, label: data.label })),
    ordersOnFile: [...fold.orders.values()]
      .filter((o) => own(viewer, o.role))
      .map((o) => ({ role: o.role, receipt: o.receipt, lines: o.normalised })),
    receipts,
  }
  return JSON.parse(scrub(JSON.stringify(summary))) as GameSummary
}

function receiptLine(accepted: boolean, arrived: string, data: OrdersAccepted | OrdersRejected): ReceiptLine {
  return {
    receipt: data.receipt,
    accepted,
    role: data.role,
    point: data.point,
    arrived,
    lines: accepted ? (data as OrdersAccepted).normalised : [],
    errors: accepted ? [] : (data as OrdersRejected).errors.map((e) => `line ${e.line}: ${e.message}`),
  }
}

/** One resolution as this reader was shown it; null when the game has no such resolution. */
export function resolutionView(src: ReaderSource, game: string, viewer: Viewer, point: number): ResolutionView | null {
  const fold = src.load(game)
  const adjudication = fold.adjudications.find((a) => a.data.point === point)?.data
  if (!adjudication) return null
  const [page] = history(src, game, viewer, { point })
  if (!page) return null
  const scrub = src.keyScrubber(game)
  const result = resultFor(adjudication, viewer, decisionRolesOf(fold.events))
  return {
    point,
    turn: adjudication.turn,
    label: adjudication.label,
    reportBody: scrub(page.html.replace(/^[\s\S]*?<body[^>]*>/, '').replace(/<\/body>[\s\S]*$/, '')),
    figures: page.figures.map((f) => ({ ...f, svg: scrub(f.svg) })),
    result: JSON.parse(scrub(JSON.stringify(result))) as RedactedResult,
  }
}

/** The game's events as this reader may see them, as his export has them (reader chain, or the judge's for the moderator). */
export interface ReaderCopy {
  game: string
  reader: string
  chain: 'reader' | 'judge'
  events: unknown[]
}

export function readerCopy(src: ReaderSource, game: string, viewer: Viewer): ReaderCopy {
  const copy: ReaderCopy = {
    game,
    reader: readerName(viewer),
    chain: viewer.kind === 'moderator' ? 'judge' : 'reader',
    events: redactedEvents(src, game, viewer),
  }
  // The moderator's copy too: his orders' KEY lines would give the page the power to send orders.
  return JSON.parse(src.keyScrubber(game)(JSON.stringify(copy))) as ReaderCopy
}
