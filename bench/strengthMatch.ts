// One measured game for the strength harness (strength.ts) and its reduced check in the suite: a
// judge on a temporary SQLite database plays a two-player game to its end, the house seats writing
// their own mail (src/engine/house.ts) and a random legal player (test/helpers/randomPlayers.ts)
// filing the other side's through the same intake a person's mail takes. A line the receipt refuses
// is dropped and the rest filed again, as a person would after reading the acknowledgement.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type App, openApp } from '../src/cli/app.ts'
import { demoSecret } from '../src/cli/demo.ts'
import type { AdjudicateResult } from '../src/engine/calls.ts'
import type { GameFold } from '../src/engine/fold.ts'
import { gameStream, type OrdersAccepted } from '../src/engine/events.ts'
import { randomPlayer, seededChoice, type RandomPlayer } from '../test/helpers/randomPlayers.ts'

/** The scenario each game is measured on and its two roles. */
export const STRENGTH_GAMES: Record<string, { scenario: string; roles: [string, string] }> = {
  'sea-devils': { scenario: 'weak-beginning', roles: ['federal', 'confederate'] },
  'rebel-raiders': { scenario: '1861', roles: ['confederate', 'union'] },
  'river-coastal': { scenario: 'passing-the-fort', roles: ['usa', 'csa'] },
}

/** Who sits at a seat: the house at a level, or the random legal player. */
export type Seat = 'house:standard' | 'house:cautious' | 'random'

export interface MatchResult {
  /** The winning role (lower case), or null for a draw. */
  winner: string | null
  /** Whether a side won by the book's victory conditions, rather than a draw or the win the turn limit gives by default. */
  decided: boolean
  /** Whether the game ended before its last turn or move. */
  early: boolean
  /** The last game turn (a move, in River and Coastal) played. */
  turns: number
  /** Points resolved. */
  points: number
  /** Lines of the random player's mail its receipt refused (dropped and filed again). */
  randomRefused: number
  /** House mails or answers the game refused, or house failures: 0 when the house plays cleanly. */
  houseFailures: number
  /** House order mails the game accepted, and of them those it accepted with a warning on some line. */
  houseMails: number
  houseWarnings: number
  /** Answers the house seats gave to the questions put to them. */
  houseAnswers: number
  /** Questions settled by their default, of any seat (with `asked`, none should be). */
  defaulted: number
  summary: string
}

/** A judge on a fresh temporary directory, its dice pinned by `seed`. */
export function strengthApp(seed: string): App & { cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'pbem-strength-'))
  const app = openApp({
    dataDir: dir,
    clock: () => new Date(Date.UTC(2026, 2, 2, 12)),
    newSecret: demoSecret(seed),
    // No moderator: nobody reads the games' reports, so none is drawn (a house seat is never mailed
    // either, src/engine/reporting.ts), and the time goes to the play and the intake being measured.
    moderatorAddress: null,
    mailDomain: 'judge.example.test',
  })
  return Object.assign(app, {
    cleanup: () => {
      app.close()
      rmSync(dir, { recursive: true, force: true })
    },
  })
}

/** Files the random player's orders, dropping the lines the receipt refuses; returns the lines dropped. */
function fileRandomOrders(app: App, game: string, role: string, text: string): number {
  let lines = text.split('\n').filter((l) => l.trim())
  let dropped = 0
  for (let attempt = 0; attempt < 4 && lines.length; attempt++) {
    const r = app.judge.submitOrders(game, role, lines.join('\n'))
    if (r.accepted) return dropped
    const bad = new Set(r.errors.map((e) => e.line).filter((l): l is number => typeof l === 'number'))
    if (!bad.size) return dropped + lines.length
    dropped += bad.size
    lines = lines.filter((_, i) => !bad.has(i + 1))
  }
  return dropped + lines.length
}

/** The random seat's part of the open point: its orders when awaited, then its answers. */
function playRandom(app: App, game: string, role: string, player: RandomPlayer, seed: number): number {
  let fold = app.judge.load(game)
  let refused = 0
  const view = () => fold.ruleset.view(fold.state, { kind: 'role', role })
  if (fold.ruleset.awaiting(fold.state).some((w) => w.kind === 'orders' && w.role === role && !fold.orders.has(role))) {
    const text = player.orders(view(), role, seededChoice(seed))
    if (text.trim()) refused += fileRandomOrders(app, game, role, text)
    fold = app.judge.load(game)
  }
  for (const d of fold.requested.values()) {
    if (d.role !== role || fold.answers.has(d.decisionId)) continue
    const answer = player.answer(view(), d, seededChoice(seed + 7919))
    app.judge.answer(game, role, [{ decisionId: d.decisionId, answer }])
  }
  return refused
}

/** The last turn a game can reach, and whether it ended before it, from the final state. */
function ending(rulesetId: string, fold: GameFold): { early: boolean; defaultWin: boolean } {
  const s = fold.state as Record<string, unknown>
  if (rulesetId === 'rebel-raiders')
    return {
      early: !/has not won by the end of turn/.test(String(s.result)),
      defaultWin: /\(16\.12\)/.test(String(s.result)),
    }
  if (rulesetId === 'river-coastal') return { early: (s.move as number) < (s.moves as number), defaultWin: false }
  // Sea Devils has no early end (12.1): the victory table is read after the scenario's last turn.
  return { early: false, defaultWin: false }
}

/** How a match is played. */
export interface MatchOptions {
  /**
   * Every question the rules raise is put to its seat and waited for, as at a deadline still to
   * come: the judge resolves when asked (not forced, which settles open questions by their
   * defaults), and the schedule lets the rules put up to 100 questions to a side in one resolution
   * (maxAsks) so none is settled by default past the usual cap of 3. Without it each point is
   * forced, as a moderator's PROCESS, and questions take their defaults.
   */
  asked?: boolean
}

/** Plays one game to its end with `seats` (role to seat) and returns its result. */
export function playMatch(
  app: App,
  rulesetId: string,
  game: string,
  seats: Record<string, Seat>,
  seed: number,
  opts: MatchOptions = {},
): MatchResult {
  const spec = STRENGTH_GAMES[rulesetId]!
  const player = Object.values(seats).includes('random') ? randomPlayer(rulesetId) : null
  app.judge.createGame({
    game,
    ruleset: rulesetId,
    scenario: spec.scenario,
    zone: 'UTC',
    players: spec.roles.map((role) => ({
      role,
      address: seats[role] === 'random' ? `${role}@example.test` : seats[role]!,
      name: seats[role]!,
    })),
    ...(opts.asked ? { schedule: { maxAsks: 100 } } : {}),
  })
  let randomRefused = 0
  let points = 0
  // The question the last resolution stopped at, when no seat answered it: it is then settled by
  // its default, as at its deadline (a house that failed; counted in `defaulted`).
  let unanswered: string | null = null
  const limit = opts.asked ? 4000 : 400
  for (let i = 0; i < limit && !app.judge.load(game).finished; i++) {
    for (const role of spec.roles)
      if (player && seats[role] === 'random')
        randomRefused += playRandom(app, game, role, player, seed * 1000 + i * 2 + spec.roles.indexOf(role))
    const stuck: boolean = unanswered !== null && !app.judge.load(game).answers.has(unanswered)
    const r: AdjudicateResult =
      opts.asked && !stuck
        ? app.judge.adjudicate(game, { by: 'strength' })
        : app.judge.forceAdjudicate(game, { by: 'strength' })
    if (r.committed) points++
    unanswered = r.waiting?.decisionId ?? null
  }
  const fold = app.judge.load(game)
  if (!fold.finished) throw new Error(`${game} did not end in ${limit} resolutions`)
  const outcome = fold.ruleset.outcome(fold.state)
  const winner = outcome?.winner ? outcome.winner.toLowerCase() : null
  const end = ending(rulesetId, fold)
  const events = app.judge.o.store.read(gameStream(game))
  const house = (e: { data: unknown }) => seats[(e.data as { role: string }).role] !== 'random'
  const houseFailures = events.filter(
    (e) => e.type === 'HouseSeatFailed' || (e.type === 'OrdersRejected' && house(e)),
  ).length
  const houseMails = events.filter(
    (e) => e.type === 'OrdersAccepted' && String((e.data as OrdersAccepted).from).startsWith('house:'),
  )
  const question = (e: { data: unknown }) => {
    const d = e.data as { point: number; decisionId: string }
    return `${d.point}|${d.decisionId}`
  }
  const asked = new Map(events.filter((e) => e.type === 'DecisionRequested').map((e) => [question(e), e]))
  const answered = events.filter((e) => e.type === 'DecisionMade').map((e) => asked.get(question(e)))
  app.judge.folds.clear()
  return {
    winner,
    decided: winner !== null && !end.defaultWin,
    early: end.early,
    turns: fold.ruleset.turnOf(fold.state),
    points,
    randomRefused,
    houseFailures,
    houseMails: houseMails.length,
    houseWarnings: houseMails.filter((e) => (e.data as OrdersAccepted).warnings.length).length,
    houseAnswers: answered.filter((e) => e && house(e)).length,
    defaulted: events.filter((e) => e.type === 'DecisionDefaulted').length,
    summary: outcome?.summary ?? '',
  }
}
