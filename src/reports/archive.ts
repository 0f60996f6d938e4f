// Audit views built from the log alone: a reader's history, a receipt's story, and a game's
// archive (JSON, full for the moderator or redacted for a role, plus a static HTML site).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { canSee, type Figure, type Viewer } from '../games/contract.ts'
import type { ReaderSource } from '../engine/readerSource.ts'
import type { OrdersAccepted, OrdersRejected, TurnAdjudicated } from '../engine/events.ts'
import { picked, type ResolutionPick } from '../engine/audit.ts'
import { decisionRolesOf, resultFor } from '../engine/redact.ts'
import type { RecordedEvent } from '../engine/mailLedger.ts'
import { readerChain } from './readerCopy.ts'

export function parseViewer(as: string): Viewer {
  if (as === 'moderator') return { kind: 'moderator' }
  if (as === 'observer') return { kind: 'observer' }
  return { kind: 'role', role: as }
}

/** What one reader was (or would have been) shown at each resolution, re-rendered from the log. */
export function history(
  judge: ReaderSource,
  game: string,
  viewer: Viewer,
  which?: number | ResolutionPick,
): { point: number; turn: number; label: string; text: string; html: string; figures: Figure[] }[] {
  const fold = judge.load(game)
  if (viewer.kind === 'role' && !fold.players.has(viewer.role))
    throw new Error(`game ${game} has no role ${viewer.role}`)
  const scrub = viewer.kind === 'moderator' ? (t: string) => t : judge.keyScrubber(game)
  return fold.adjudications
    .filter(({ data }) => picked(data, which))
    .map(({ data }) => {
      const after = judge.loadAfter(game, data.point)!
      // A copy of a report is no letter to answer: it names the judge's plain address, not the keyed one.
      const model = {
        ...judge.reportModel(after, viewer, data),
        key: viewer.kind === 'role' ? '(your key)' : '',
        replyAddress: judge.judgeAddress,
      }
      return {
        point: data.point,
        turn: data.turn,
        label: data.label,
        text: scrub(judge.templates.render(fold.created.ruleset, 'report.txt', model)),
        html: scrub(judge.templates.render(fold.created.ruleset, 'report.html', model)),
        // The pictures the report carried, drawn again from what this reader was shown, stamped
        // with the game and the time the log records for that resolution, as the mailed copy was.
        figures: (
          after.ruleset.figures?.(
            after.state,
            viewer,
            data.narrative.filter((n) => canSee(viewer, n.audience)),
            { game, at: `${after.openedAt.slice(0, 16).replace('T', ' ')} UTC` },
          ) ?? []
        ).map((f) => ({ ...f, svg: scrub(f.svg) })),
      }
    })
}

export interface ReceiptStory {
  receipt: string
  game: string
  accepted: boolean
  role: string | null
  arrived: string
  position: number
  textHash: string
  rawHash: string | null
  from: string | null
  messageId: string | null
  commands: string[]
  errors: OrdersRejected['errors']
  replacedBy: string | null
  usedBy: { point: number; label: string } | null
}

/** Everything the log knows about one receipt. */
export function receiptStory(judge: ReaderSource, receipt: string): ReceiptStory | null {
  const game = receipt.split('/')[0]!
  if (!judge.hasGame(game)) return null
  const fold = judge.load(game)
  const found = fold.receipts.get(receipt)
  if (!found) return null
  const data = found.data
  const accepted = found.event.type === 'OrdersAccepted'
  const later = [...fold.receipts.values()].find(
    (r) => r.event.type === 'OrdersAccepted' && (r.data as OrdersAccepted).replaces === receipt,
  )
  const used = fold.adjudications.find((a) => Object.values(a.data.inputs).includes(receipt))
  const mail = judge.mail.events().find((e) => e.data.receipt === receipt)
  return {
    receipt,
    game,
    accepted,
    role: data.role,
    arrived: found.event.recordedAt,
    position: found.event.position,
    textHash: data.textHash,
    rawHash: mail?.data.rawHash ?? null,
    from: data.from,
    messageId: data.messageId,
    commands: accepted ? (data as OrdersAccepted).normalised : [],
    errors: accepted ? [] : (data as OrdersRejected).errors,
    replacedBy: later ? later.data.receipt : null,
    usedBy: used ? { point: used.data.point, label: used.data.label } : null,
  }
}

/**
 * The game's events as one reader may see them; results are cut down to the reader's entries and
 * rolls. The moderator's copy is the log itself (positions and the judge's hash chain); any other
 * reader's copy carries no key and is chained over itself (readerCopy.ts).
 */
export function redactedEvents(judge: ReaderSource, game: string, viewer: Viewer): unknown[] {
  const fold = judge.load(game)
  const decisionRoles = decisionRolesOf(fold.events)
  const seen: { event: RecordedEvent; data: unknown }[] = []
  for (const e of fold.events) {
    if (e.type === 'TurnAdjudicated') {
      const t = e.data as TurnAdjudicated
      seen.push({ event: e, data: viewer.kind === 'moderator' ? t : resultFor(t, viewer, decisionRoles) })
    } else if (canSee(viewer, e.audience)) {
      seen.push({
        event: e,
        data:
          e.type === 'GameCreated' && viewer.kind !== 'moderator'
            ? { ...e.data, pack: `(data pack ${e.data.packId}, sha256 ${e.data.packHash})` }
            : e.data,
      })
    }
  }
  if (viewer.kind === 'moderator') return seen.map(({ event, data }) => envelope(event, data))
  const scrub = judge.keyScrubber(game)
  return readerChain(
    seen.map(({ event, data }) => ({
      type: event.type,
      recordedAt: event.recordedAt,
      data: JSON.parse(scrub(JSON.stringify(data))),
    })),
  )
}

/**
 * The data pack a GameCreated v2 names by hash (stored once, in the packs table), for the
 * moderator's export, so that it re-folds without the judge's database. A v1 event carries its own
 * copy, and a reader's copy shows the pack by name and hash only, as it always has.
 */
function packOf(
  judge: ReaderSource,
  game: string,
  viewer: Viewer,
): { pack?: { id: string; hash: string; content: unknown } } {
  const fold = judge.load(game)
  const created = fold.created
  if (viewer.kind !== 'moderator' || (fold.events[0]?.schemaVersion ?? 1) < 2) return {}
  const content = judge.storedPack(created.packHash)
  if (content === null) throw new Error(`game ${game}: the data pack ${created.packHash.slice(0, 12)} is missing`)
  return { pack: { id: created.packId, hash: created.packHash, content } }
}

function envelope(e: RecordedEvent, data: unknown) {
  return {
    position: e.position,
    version: e.version,
    type: e.type,
    recordedAt: e.recordedAt,
    hash: e.hash,
    prevHash: e.prevHash,
    data,
  }
}

const page = (title: string, body: string) =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title><style>body{font-family:Georgia,serif;max-width:50em;margin:1em auto}nav a{margin-right:1em}figure{margin:1em 0}figure svg{max-width:100%;height:auto;display:block}pre{white-space:pre-wrap;background:#f4f4f4;padding:.5em}</style></head><body>${body}</body></html>`
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** Writes `<dir>/<game>.json` and a static HTML archive (index + one page per resolution). */
export function exportGame(
  judge: ReaderSource,
  game: string,
  viewer: Viewer,
  dir: string,
): { json: string; html: string; pages: number } {
  mkdirSync(dir, { recursive: true })
  const fold = judge.load(game)
  const who = viewer.kind === 'role' ? viewer.role : viewer.kind
  const json = join(dir, `${game}.${who}.json`)
  writeFileSync(
    json,
    JSON.stringify(
      {
        game,
        exportedFor: who,
        stream: `game:${game}`,
        chain: viewer.kind === 'moderator' ? 'judge' : 'reader',
        events: redactedEvents(judge, game, viewer),
        ...packOf(judge, game, viewer),
      },
      null,
      2,
    ),
  )
  const site = join(dir, `${game}.${who}.html`)
  mkdirSync(site, { recursive: true })
  const scrub = viewer.kind === 'moderator' ? (t: string) => t : judge.keyScrubber(game)
  const writePage = (name: string, html: string) => writeFileSync(join(site, name), scrub(html))
  const turns = history(judge, game, viewer)
  const receipts = [...fold.receipts.values()].filter((r) => canSee(viewer, r.event.audience))
  const nav = (i: number) =>
    `<nav><a href="index.html">index</a>${i > 0 ? `<a id="prev" href="turn-${turns[i - 1]!.point}.html">previous</a>` : ''}${i < turns.length - 1 ? `<a id="next" href="turn-${turns[i + 1]!.point}.html">next</a>` : ''}</nav>`
  turns.forEach((t, i) => {
    const adj = fold.adjudications.find((a) => a.data.point === t.point)!.data
    const { rolls, hiddenRolls } = resultFor(adj, viewer, decisionRolesOf(fold.events))
    const used = Object.entries(adj.inputs).filter(
      ([role]) => viewer.kind === 'moderator' || (viewer.kind === 'role' && viewer.role === role),
    )
    const body = t.html.replace(/^[\s\S]*?<body[^>]*>/, '').replace(/<\/body>[\s\S]*$/, '')
    writePage(
      `turn-${t.point}.html`,
      page(
        `${game}: ${esc(t.label)}`,
        `${nav(i)}<h1 id="title">Resolution ${t.point}: ${esc(t.label)}</h1>${t.figures.map((f) => `<figure class="picture" id="figure-${esc(f.name)}">${f.svg}<figcaption>${esc(f.title)}</figcaption></figure>`).join('')}${body}<h2>Dice of this resolution</h2><p>Secret <code>${adj.secret}</code>, commitment <code>${adj.commitment}</code>, ${rolls.length} roll(s) shown${hiddenRolls.length ? `, and ${hiddenRolls.length} hidden draw(s) of yours, checkable once the game is over` : ''}.</p><h2>Receipts used</h2><ul>${used.map(([role, r]) => `<li>${esc(role)}: ${esc(r)}</li>`).join('') || '<li>none of yours</li>'}</ul>${nav(i)}`,
      ),
    )
  })
  writePage(
    'index.html',
    page(
      `${game} archive`,
      `<h1>${game}: ${esc(fold.ruleset.title)}, ${esc(fold.created.scenario)}</h1><p>Archive for ${esc(who)}. ${fold.finished ? 'The game is over.' : `Open resolution: ${fold.point}.`}</p><ol id="turns">${turns.map((t) => `<li><a href="turn-${t.point}.html">Resolution ${t.point}: ${esc(t.label)}</a></li>`).join('')}</ol><h2>Receipts</h2><ul>${receipts.map((r) => `<li>${esc(r.data.receipt)}: ${r.event.type === 'OrdersAccepted' ? 'accepted' : 'rejected'} at ${r.event.recordedAt}</li>`).join('')}</ul>`,
    ),
  )
  return { json, html: join(site, 'index.html'), pages: turns.length + 1 }
}
