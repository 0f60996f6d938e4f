// The mail budget a game's golden is held to: how many of the judge's routine mails (reports and
// questions) each reader got per game turn, and how big a mail is on the wire, pictures drawn. Mails
// a reader brings about himself (acknowledgements, answers to his commands, reminders and notices of
// his missing orders) and notices of what is out of the ordinary (the judge was down, the moderator
// acted) are outside the budget.
import type { App } from '../../src/cli/app.ts'
import type { TurnAdjudicated } from '../../src/engine/events.ts'
import { gameStream } from '../../src/engine/events.ts'
import type { StoredEvent } from '../../src/log/store.ts'
import { composeEml, type OutboundMail, withParts } from '../../src/mail/outbound.ts'
import { readEvents } from './app.ts'
import { rows } from './asyncSql.ts'

export { MAIL_MAX_BYTES } from '../../src/mail/outbound.ts'

/** Routine mails a reader may get per game turn. */
export const MAILS_PER_TURN = 2

interface Row {
  id: number
  recipient: string
  kind: string
  payload: string
}

/** The routine mails of a game turn. */
const ROUTINE = new Set(['report', 'decision'])

/**
 * Routine mails per reader and game turn: a report counts in the game turn of the latest resolution
 * it reports (the opening report in turn 0, the one that tells the game is over in turn "end": the
 * game starts and ends once, whatever its turns), a question in the turn of the resolution that
 * asked it. Keyed "<recipient> <turn>".
 */
export function mailsPerTurn(app: App, game: string): Map<string, number> {
  const rows = app.db
    .prepare('SELECT id, recipient, kind, payload FROM outbox WHERE game = ? ORDER BY id')
    .all(game) as Row[]
  return countPerTurn(app.store.read(gameStream(game)), rows)
}

/** mailsPerTurn, read on the judge's async handle. */
export async function mailsPerTurnAsync(app: App, game: string): Promise<Map<string, number>> {
  const [events, outbox] = await Promise.all([
    readEvents(app, gameStream(game)),
    rows<Row>(app.jobsDb, 'SELECT id, recipient, kind, payload FROM outbox WHERE game = ? ORDER BY id', game),
  ])
  return countPerTurn(events, outbox)
}

function countPerTurn(events: StoredEvent[], rows: Row[]): Map<string, number> {
  const turnOfPoint = new Map<number, number | 'end'>([[0, 0]])
  for (const e of events)
    if (e.type === 'TurnAdjudicated')
      turnOfPoint.set(e.data.point, e.data.finished ? 'end' : (e.data as TurnAdjudicated).turn)
  const pointOfDecision = new Map<string, number>()
  for (const e of events) if (e.type === 'DecisionRequested') pointOfDecision.set(e.data.decisionId, e.data.point)
  const counts = new Map<string, number>()
  let current: number | 'end' = 0
  for (const r of rows) {
    if (!ROUTINE.has(r.kind)) continue
    const id = (JSON.parse(r.payload) as { messageId: string }).messageId
    const report = /^report\.[^.]+\.r(\d+)\./.exec(id)
    const decision = /^decision\.[^.]+\.(.+)\.g\d+@/.exec(id)
    const point = report ? Number(report[1]) : decision ? pointOfDecision.get(decision[1]!) : undefined
    // A question is asked while its resolution's turn is under way (not yet recorded: the turn of the last report).
    const turn: number | 'end' = point !== undefined ? (turnOfPoint.get(point) ?? current) : current
    if (report) current = turn
    const key = `${r.recipient} ${turn}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return counts
}

/**
 * The outbox rows of `game` composed as they are sent, name and bytes: every mail without pictures,
 * and of those with pictures (drawing them takes a while) the `largest` with the longest texts, which
 * are the heaviest (a game's pictures differ little in size from one report to the next).
 */
export async function composedSizes(app: App, game: string, largest = Infinity) {
  const rows = app.db
    .prepare('SELECT id, recipient, kind, payload FROM outbox WHERE game = ? ORDER BY id')
    .all(game) as Row[]
  const mails = rows.map((r) => ({ r, mail: withParts(app.db, JSON.parse(r.payload)) as OutboundMail }))
  const weight = (m: OutboundMail) => m.text.length + (m.html?.length ?? 0)
  const pictured = mails.filter((m) => m.mail.attachments?.length).sort((a, b) => weight(b.mail) - weight(a.mail))
  const chosen = [...mails.filter((m) => !m.mail.attachments?.length), ...pictured.slice(0, largest)]
  const sizes: { name: string; bytes: number }[] = []
  for (const { r, mail } of chosen) {
    const eml = await composeEml(mail, new Date(0))
    sizes.push({ name: `${r.id} ${r.kind} ${r.recipient}`, bytes: eml.length })
  }
  return sizes
}
