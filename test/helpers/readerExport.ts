// A reader's whole `pbem export` (the JSON and every page of the HTML archive) and what must never
// be in it: a key of anyone (also inside a reply address or a link), a hash of the judge's chain or
// of the whole state (each would let the reader test guesses about what he cannot see), another
// role's decisions, and the narrative meant for others (plain or HTML-escaped).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Handlebars from 'handlebars'
import type { App } from '../../src/cli/app.ts'
import type { TurnAdjudicated } from '../../src/engine/events.ts'
import { playerKey, serverSecret } from '../../src/engine/keys.ts'
import { canSee, type Viewer } from '../../src/games/contract.ts'
import { exportGame } from '../../src/reports/archive.ts'
import type { GameFold } from '../../src/engine/fold.ts'
import { onReadingJudge } from '../../src/engine/readingJudge.ts'
import { serverSecretAhead } from '../../src/engine/secretAhead.ts'
import type { StoredEvent } from '../../src/log/store.ts'
import { readEvents } from './app.ts'

const xmlText = (t: string) =>
  t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The JSON and the archive's pages of one reader's export, as written to disk. */
export function readerExport(app: App, game: string, viewer: Viewer): { json: string; pages: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'pbem-export-'))
  const loadAfter = app.judge.loadAfter
  app.judge.loadAfter = (g, point) => foldAfter(app, g, point, loadAfter)
  try {
    const out = exportGame(app.judge, game, viewer, dir)
    const site = join(out.html, '..')
    return {
      json: readFileSync(out.json, 'utf8'),
      pages: readdirSync(site).map((f) => readFileSync(join(site, f), 'utf8')),
    }
  } finally {
    app.judge.loadAfter = loadAfter
    rmSync(dir, { recursive: true, force: true })
  }
}

type Fold = ReturnType<App['judge']['loadAfter']>
const folds = new WeakMap<App, Map<string, Fold>>()

/**
 * An export re-folds the game up to each of its resolutions, the same folds for every reader: the
 * second reader's export of an unchanged log (the key holds its length) reuses the first one's
 * instead of folding every resolution again.
 */
function foldAfter(app: App, game: string, point: number, loadAfter: App['judge']['loadAfter']): Fold {
  const mine = folds.get(app) ?? new Map<string, Fold>()
  folds.set(app, mine)
  const key = `${game}|${point}|${app.store.read(`game:${game}`).length}`
  if (!mine.has(key)) mine.set(key, loadAfter.call(app.judge, game, point))
  return mine.get(key)!
}

/** Every key the game's players and moderator have had, by owner. */
export function everyKey(app: App, game: string): { owner: string; key: string }[] {
  return keysOf(app.judge.load(game), serverSecret(app.db), game)
}

function keysOf(fold: GameFold, secret: string, game: string): { owner: string; key: string }[] {
  const owners: [string, number][] = [
    ...[...fold.players].map(([role, p]): [string, number] => [role, p.keyGeneration]),
    ['moderator', fold.moderatorKeyGeneration],
  ]
  return owners.flatMap(([owner, last]) =>
    Array.from({ length: last }, (_, g) => ({ owner, key: playerKey(secret, game, owner, g + 1) })),
  )
}

/** What the reader's export shows that it must not; [] when nothing. */
export function exportLeaks(app: App, game: string, viewer: Viewer): string[] {
  const who = viewer.kind === 'role' ? viewer.role : viewer.kind
  const { json, pages } = readerExport(app, game, viewer)
  const leaks = textLeaks(app, game, viewer, [json, ...pages], 'export')
  const log = app.store.read(`game:${game}`)
  // Decisions: only the reader's own questions and answers.
  const askedOf = new Map<string, string>()
  for (const e of log)
    if (e.type === 'DecisionRequested') askedOf.set((e.data as { decisionId: string }).decisionId, e.data.role)
  const own = (id: string) => viewer.kind === 'role' && askedOf.get(id) === viewer.role
  for (const e of JSON.parse(json).events as { type: string; data: Record<string, unknown> }[]) {
    if (e.type.startsWith('Decision') && typeof e.data.decisionId === 'string' && !own(e.data.decisionId))
      leaks.push(`${who}'s export holds ${e.type} of ${e.data.decisionId}, put to ${askedOf.get(e.data.decisionId)}`)
    if (e.type === 'TurnAdjudicated')
      for (const id of Object.keys((e.data.decisionAnswers as Record<string, string>) ?? {}))
        if (!own(id)) leaks.push(`${who}'s export holds the answer to ${id}, put to ${askedOf.get(id)}`)
  }
  return leaks
}

/**
 * What `texts` (a reader's export, or every page and JSON the game pages served him) show that
 * they must not: a key of anyone, a hash of the judge's chain or of the whole state, the narrative
 * meant for others (plain, HTML-escaped or in a picture). `what` names the texts in the findings.
 */
export function textLeaks(app: App, game: string, viewer: Viewer, texts: string[], what: string): string[] {
  return leaksIn(everyKey(app, game), app.store.read(`game:${game}`), viewer, texts, what)
}

/** textLeaks, the game's log, fold and the server secret read on the judge's async handle. */
export async function textLeaksAsync(
  app: App,
  game: string,
  viewer: Viewer,
  texts: string[],
  what: string,
): Promise<string[]> {
  const [fold, secret, log] = await Promise.all([
    onReadingJudge(app.judge, app.jobsDb, { games: [game] }, (j) => j.load(game)),
    serverSecretAhead(app.db, app.jobsDb),
    readEvents(app, `game:${game}`),
  ])
  return leaksIn(keysOf(fold, secret, game), log, viewer, texts, what)
}

function leaksIn(
  keys: { owner: string; key: string }[],
  log: StoredEvent[],
  viewer: Viewer,
  texts: string[],
  what: string,
): string[] {
  const who = viewer.kind === 'role' ? viewer.role : viewer.kind
  const holds = searcher(texts)
  const leaks: string[] = []
  const found = (needle: string, thing: string) => {
    if (holds(needle)) leaks.push(`${who}'s ${what} holds ${thing}`)
  }
  for (const { owner, key } of keys) found(key, `the key of ${owner}`)
  for (const e of log) found(e.hash, `the judge's hash of event ${e.position} (${e.type})`)
  const results = log.filter((e) => e.type === 'TurnAdjudicated').map((e) => e.data as TurnAdjudicated)
  for (const t of results) found(t.stateHash, `the state hash of resolution ${t.point}`)
  const told = new Set(results.flatMap((t) => t.narrative.filter((n) => canSee(viewer, n.audience)).map((n) => n.text)))
  for (const t of results)
    for (const n of t.narrative)
      if (!canSee(viewer, n.audience) && !told.has(n.text)) {
        found(JSON.stringify(n.text).slice(1, -1), `hidden narrative of resolution ${t.point}: ${n.text}`)
        found(Handlebars.escapeExpression(n.text), `hidden narrative of resolution ${t.point} in a page: ${n.text}`)
        found(xmlText(n.text), `hidden narrative of resolution ${t.point} in a picture: ${n.text}`)
      }
  return leaks
}

const HEX = /^[0-9a-f]+$/

/**
 * Whether any of `texts` contains a needle, as `texts.some((t) => t.includes(needle))`, but fast on
 * a long game's export (tens of MB of pages, hundreds of hashes and keys to look for, each
 * scanning every page once cost most of the conformance suite). A lowercase hex needle (a key, a
 * hash) can only occur inside a run of lowercase hex digits at least as long, so the windows of
 * those runs, gathered once per length, answer it; any other needle is searched for once.
 */
function searcher(texts: string[]): (needle: string) => boolean {
  const windows = new Map<number, Set<string>>()
  const known = new Map<string, boolean>()
  // The runs of at least LONG digits, found in one pass for every needle at least that long (keys
  // and hashes are): a pass over the pages per needle length cost as much as the rest of the search.
  const LONG = 16
  let longRuns: string[] | null = null
  const runsOf = (length: number): string[] => {
    if (length < LONG) return texts.flatMap((t) => hexRuns(t, length))
    longRuns ??= texts.flatMap((t) => hexRuns(t, LONG))
    return longRuns.filter((run) => run.length >= length)
  }
  const hexWindows = (length: number) => {
    let set = windows.get(length)
    if (set) return set
    set = new Set()
    for (const run of runsOf(length)) for (let i = 0; i + length <= run.length; i++) set.add(run.slice(i, i + length))
    windows.set(length, set)
    return set
  }
  return (needle) => {
    let hit = known.get(needle)
    if (hit === undefined) {
      hit = HEX.test(needle) ? hexWindows(needle.length).has(needle) : texts.some((t) => t.includes(needle))
      known.set(needle, hit)
    }
    return hit
  }
}

/**
 * The runs of at least `length` lower-case hex digits in a text, by one loop over its characters (a
 * regular expression tried at every position took seconds over a game's whole export).
 */
function hexRuns(text: string, length: number): string[] {
  const runs: string[] = []
  let start = 0
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 0
    if ((c >= 48 && c <= 57) || (c >= 97 && c <= 102)) continue
    if (i - start >= length) runs.push(text.slice(start, i))
    start = i + 1
  }
  return runs
}
