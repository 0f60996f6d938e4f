import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type App, type AppOptions, openApp } from '../../src/cli/app.ts'
import { demoSecret } from '../../src/cli/demo.ts'
import type { CreateGameRequest } from '../../src/engine/judge.ts'
import { registerRuleset, rulesetIds } from '../../src/games/index.ts'
import { AsyncEventStore } from '../../src/log/async/store.ts'
import type { StoredEvent } from '../../src/log/store.ts'
import { type OutboundMail, type StoredMail, withParts, withPartsRead } from '../../src/mail/outbound.ts'
import { hiddenDeckFactory } from '../games/fixtures/hidden-deck.ts'

export interface TestApp extends App {
  now: { t: number }
  cleanup(): void
}

/**
 * A judge on a fresh temporary data directory with a controllable clock and pinned dice secrets;
 * `serverSecret` pins the server secret too (players' keys), for runs that must match byte for byte;
 * `database` puts the judge on PostgreSQL (a postgres:// URL; test/pg/engines.ts) instead of judge.sqlite.
 */
export function testApp(seed = 'test', opts: TestAppOptions = {}): TestApp {
  const made = testAppOptions(seed, opts)
  return made.wrap(openApp(made.options))
}

export interface TestAppOptions {
  serverSecret?: string
  database?: string
}

/** What testApp opens its judge with, and how it makes the judge a TestApp (for testAppAsync too). */
export function testAppOptions(seed: string, opts: TestAppOptions): { options: AppOptions; wrap(app: App): TestApp } {
  const dir = mkdtempSync(join(tmpdir(), 'pbem-test-'))
  const now = { t: Date.UTC(2026, 2, 2, 12, 0, 0) }
  const options: AppOptions = {
    dataDir: dir,
    ...(opts.database ? { database: opts.database } : {}),
    clock: () => new Date(now.t),
    newSecret: demoSecret(seed),
    moderatorAddress: 'mod@example.test',
    mailDomain: 'judge.example.test',
    ...(opts.serverSecret ? { secret: { value: opts.serverSecret } } : {}),
  }
  const wrap = (app: App): TestApp =>
    Object.assign(app, {
      now,
      cleanup: () => {
        app.close()
        rmSync(dir, { recursive: true, force: true })
      },
    })
  return { options, wrap }
}

let releaseFixtureGame: (() => void) | null = null

/** Registers the fixture game for the rest of the test file, once (it is never in the shipped registry). */
export function registerFixture(): void {
  if (!rulesetIds().includes(hiddenDeckFactory.id)) releaseFixtureGame = registerRuleset(hiddenDeckFactory)
}

/**
 * Removes the fixture game registerFixture added. The tiers whose files share their worker's modules
 * (vitest.config.ts) call it after each file, so the next file starts from the shipped registry.
 */
export function releaseFixture(): void {
  releaseFixtureGame?.()
  releaseFixtureGame = null
}

/** The neutral fixture game's one seat (test/games/fixtures/hidden-deck.ts). */
export const FIXTURE_PLAYER = { role: 'solo', address: 'solo@example.test', name: 'Solo' }

/**
 * A game of the neutral fixture (one player, `solo@example.test`, orders DRAW 1-3 or PASS, three
 * rounds), for tests of the engine, mail and schedule that are about no game in particular. The
 * fixture is registered for the rest of the test file (it is never in the shipped registry).
 */
export function createFixtureGame(app: App, game = 'fx1') {
  return app.judge.createGame(fixtureGameRequest(game))
}

/** createFixtureGame's request (the fixture registered for the rest of the test file). */
export function fixtureGameRequest(game = 'fx1'): CreateGameRequest {
  registerFixture()
  return {
    game,
    ruleset: hiddenDeckFactory.id,
    scenario: 'standard',
    players: [FIXTURE_PLAYER],
    zone: 'America/New_York',
  }
}

/** The fixture duel's two seats: north and south each see only their own draws. */
export const DUEL_NORTH = { role: 'north', address: 'north@example.test', name: 'North' }
export const DUEL_SOUTH = { role: 'south', address: 'south@example.test', name: 'South' }

/**
 * A game of the fixture's two-seat scenario, "duel" (test/games/fixtures/duel.ts): north and south
 * must each send DRAW 1-3 or PASS (sit out the next round) every round they are awaited (HIGH ASK to
 * be asked about cards over 8), three rounds;
 * each seat's draws are hidden draws only it sees. For tests that need two players with hidden
 * information between them (fog, two keys).
 */
export function createFixtureDuel(app: App, game = 'fd1', over: Partial<CreateGameRequest> = {}) {
  return app.judge.createGame(fixtureDuelRequest(game, over))
}

/** createFixtureDuel's request (the fixture registered for the rest of the test file). */
export function fixtureDuelRequest(game = 'fd1', over: Partial<CreateGameRequest> = {}): CreateGameRequest {
  registerFixture()
  return {
    game,
    ruleset: hiddenDeckFactory.id,
    scenario: 'duel',
    players: [DUEL_NORTH, DUEL_SOUTH],
    zone: 'America/New_York',
    ...over,
  }
}

/** A Sea Devils game, for tests about what a two-sided game does (hidden moves, two players' keys). */
export function createWeakBeginning(app: App, game = 'wb1') {
  return app.judge.createGame(weakBeginningRequest(game))
}

/** createWeakBeginning's request. */
export function weakBeginningRequest(game = 'wb1'): CreateGameRequest {
  return {
    game,
    ruleset: 'sea-devils',
    scenario: 'weak-beginning',
    players: [
      { role: 'federal', address: 'fed@example.test', name: 'Fed' },
      { role: 'confederate', address: 'reb@example.test', name: 'Reb' },
    ],
    zone: 'America/New_York',
  }
}

/**
 * Every queued mail as the outbox table holds it, its long text and HTML read back from mail_parts;
 * attachments stay as stored (naming their parts), as they were before bodies were cut into parts.
 */
export function outboxRows(app: App): {
  id: number
  recipient: string
  kind: string
  mail: { subject: string; text: string; html?: string; to: string; messageId: string; inReplyTo?: string }
}[] {
  return (
    app.db.prepare('SELECT id, recipient, kind, payload FROM outbox ORDER BY id').all() as {
      id: number
      recipient: string
      kind: string
      payload: string
    }[]
  ).map((r) => ({ id: r.id, recipient: r.recipient, kind: r.kind, mail: withTexts(app, JSON.parse(r.payload)) }))
}

/** outboxRows, read on the judge's async handle (`jobsDb`). */
export async function outboxRowsAsync(app: App): Promise<ReturnType<typeof outboxRows>> {
  const rows = await app.jobsDb.all<{ id: number; recipient: string; kind: string; payload: string }>(
    'SELECT id, recipient, kind, payload FROM outbox ORDER BY id',
  )
  const out: ReturnType<typeof outboxRows> = []
  for (const r of rows) {
    const stored = JSON.parse(r.payload) as StoredMail
    const mail = await withPartsRead(app.jobsDb, stored)
    out.push({
      id: r.id,
      recipient: r.recipient,
      kind: r.kind,
      mail: { ...mail, ...(stored.attachments ? { attachments: stored.attachments } : {}) },
    })
  }
  return out
}

/** A stream's events as the judge's store reads them, read on its async handle (`jobsDb`). */
export function readEvents(app: App, stream: string, fromVersion = 1): Promise<StoredEvent[]> {
  return new AsyncEventStore(app.jobsDb, app.store.schemas, app.clock).read(stream, fromVersion)
}

function withTexts(app: App, stored: StoredMail): OutboundMail {
  return { ...withParts(app.db, stored), ...(stored.attachments ? { attachments: stored.attachments } : {}) }
}

/** Two fixture duels: `played` with its first turn resolved, `open` with the north's orders in. */
export function playedAndOpenDuels(app: TestApp, played: string, open: string): void {
  createFixtureDuel(app, played)
  app.judge.submitOrders(played, 'north', 'DRAW 1')
  app.judge.submitOrders(played, 'south', 'DRAW 2')
  app.judge.adjudicate(played)
  createFixtureDuel(app, open)
  app.judge.submitOrders(open, 'north', 'DRAW 1')
}
