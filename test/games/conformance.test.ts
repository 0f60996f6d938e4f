// The conformance suite every game runs: each registered game, and the test-only fixture
// game that proves the contract is not shaped by any one game, is set up in each of its scenarios
// and played to its end (or 60 resolutions) by the judge, and must then
//  - re-fold from the log to the recorded state hashes (pbem verify) and reproduce its dice;
//  - give the same log twice from the same secrets;
//  - show no reader anything meant for another: no narrative entry, and no hidden draw (not even
//    its label), outside its audience in any letter or in the reader's export; and no export (its
//    JSON and its archive pages) holds a key, a hash of the judge's chain or of the state, or
//    another role's decisions;
//  - answer HELP by mail, for every role of every scenario, with the game's own order syntax first;
//  - answer a hostile order mail with an acknowledgement under 100 KB as it goes on the wire.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyDice, verifyGame } from '../../src/engine/audit.ts'
import type { TurnAdjudicated } from '../../src/engine/events.ts'
import { canSee, type RulesetFactory, type Viewer } from '../../src/games/contract.ts'
import { registerRuleset, rulesetFactory, rulesetIds } from '../../src/games/index.ts'
import { handleInbound } from '../../src/mail/intake.ts'
import { composeEml } from '../../src/mail/outbound.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { redactedEvents } from '../../src/reports/archive.ts'
import { canonicalJson, sha256Hex } from '../../src/util/canonical.ts'
import { outboxRows, testApp, type TestApp } from '../helpers/app.ts'
import { exportLeaks } from '../helpers/readerExport.ts'
import { hiddenDeckFactory } from './fixtures/hidden-deck.ts'

// The test-only fixture game is registered while the suite runs; every shipped game is run as it ships.
let unregister: (() => void)[] = []
beforeAll(() => {
  unregister = [registerRuleset(hiddenDeckFactory)]
})
afterAll(() => {
  for (const u of unregister) u()
})

const GAME = 'conf1'
const MAX_POINTS = 60

/**
 * Creates the game and forces resolutions (every role's orders by default) until it ends. With
 * `asPlayers`, each role first sends what a player would: orders that carry his KEY line (nothing
 * else, which every game takes as no orders) and, to each question put to him, an answer other than
 * the default.
 */
function playThrough(
  factory: RulesetFactory,
  scenario: string,
  seed: string,
  points = MAX_POINTS,
  asPlayers = false,
): TestApp {
  const app = testApp(seed, { serverSecret: sha256Hex(seed) })
  app.judge.createGame({
    game: GAME,
    ruleset: factory.id,
    scenario,
    players: rolesOf(factory, scenario).map((role) => ({
      role,
      address: `${role}@example.test`,
      name: `Player ${role}`,
    })),
    zone: 'UTC',
  })
  for (let i = 0; i < points && !app.judge.load(GAME).finished; i++) {
    if (asPlayers) actAsPlayers(app)
    app.now.t += 3_600_000
    app.judge.adjudicate(GAME, { force: true })
  }
  return app
}

/** The roles of a game of this scenario with no options: the game's own list where roles depend on the scenario. */
function rolesOf(factory: RulesetFactory, scenario: string): readonly string[] {
  const ruleset = factory.create(factory.defaultPack())
  return ruleset.rolesFor?.(scenario, {}) ?? ruleset.roles
}

function actAsPlayers(app: TestApp): void {
  const fold = app.judge.load(GAME)
  for (const a of fold.ruleset.awaiting(fold.state)) {
    if (a.kind === 'orders') app.judge.submitOrders(GAME, a.role, `KEY ${app.judge.keyFor(GAME, a.role)}\n`)
    else if (a.kind === 'decision') {
      const other = a.options.find((o) => o.id !== a.defaultOption)
      if (other) app.judge.decide(GAME, a.role, a.decisionId, other.id)
    }
  }
}

const eventsOfType = (app: TestApp, type: string) => app.store.read(`game:${GAME}`).filter((e) => e.type === type)

const results = (app: TestApp) =>
  app.store
    .read(`game:${GAME}`)
    .filter((e) => e.type === 'TurnAdjudicated')
    .map((e) => e.data as TurnAdjudicated)

const testOnly = new Set([hiddenDeckFactory.id])
const shippedGames = rulesetIds().filter((id) => !testOnly.has(id))
const games = () => [...shippedGames.map((id) => rulesetFactory(id)), hiddenDeckFactory]

describe('the game registry', () => {
  it('ships at least one game, and the fixture game only while a test registers it', () => {
    expect(shippedGames.length).toBeGreaterThan(0)
    expect(rulesetIds()).toContain('hidden-deck')
    expect(() => registerRuleset(hiddenDeckFactory)).toThrow(/already registered/)
  })
})

for (const factory of [...shippedGames.map((id) => rulesetFactory(id)), hiddenDeckFactory]) {
  describe(`conformance: ${factory.id}`, () => {
    const scenarios = () => {
      const f = games().find((g) => g.id === factory.id)!
      return { f, list: f.create(f.defaultPack()).scenarios.map((s) => s.id) }
    }
    const scenarioIds = factory.create(factory.defaultPack()).scenarios.map((s) => s.id)

    it('has at least one scenario', () => expect(scenarioIds.length).toBeGreaterThan(0))

    // One test a scenario, so that a long game does not make its neighbours wait past the time limit.
    for (const scenario of scenarioIds)
      it(`${scenario}: sets up and plays to its end; the log re-folds and the dice reproduce`, () => {
        const { f } = scenarios()
        const app = playThrough(f, scenario, `conformance-${f.id}`)
        try {
          const fold = app.judge.load(GAME)
          expect(fold.finished, `${scenario} ends within ${MAX_POINTS} resolutions`).toBe(true)
          // The end and the turns in the game's own words: the engine shows these, never a bare number.
          expect(fold.ruleset.outcome(fold.state)?.summary, scenario).toMatch(/\S/)
          expect(fold.ruleset.turnLabel(fold.ruleset.turnOf(fold.state))).toMatch(/\S/)
          expect(eventsOfType(app, 'GameFinished')[0]?.data).toMatchObject({
            result: fold.ruleset.outcome(fold.state)!,
          })
          expect(results(app).length).toBeGreaterThan(0)
          expect(verifyGame(app.db, app.judge, GAME), scenario).toMatchObject({ ok: true, problems: [] })
          const dice = verifyDice(app.judge, GAME)
          expect(dice.ok, dice.lines.join('\n')).toBe(true)
          expect(dice.lines.join('\n')).not.toMatch(/sealed/) // the game is over: hidden draws are open
        } finally {
          app.cleanup()
        }
      }, 300_000)

    if (!testOnly.has(factory.id))
      it('HELP by mail answers every role of every scenario with its game order syntax first', async () => {
        const { f, list } = scenarios()
        const app = testApp(`help-${f.id}`)
        const deps = { judge: app.judge, db: app.db, outbox: sqliteOutbox(app.db, app.clock), clock: app.clock }
        try {
          for (const [n, scenario] of list.entries()) {
            const game = `help${n}`
            const roles = rolesOf(f, scenario)
            const { keys } = app.judge.createGame({
              game,
              ruleset: f.id,
              scenario,
              players: roles.map((role) => ({ role, address: `${role}@example.test`, name: role })),
              zone: 'UTC',
            })
            const fold = app.judge.load(game)
            for (const role of roles) {
              const body = `GAME ${game} ${role.toUpperCase()}\r\nKEY ${keys[role]}\r\nHELP\r\n`
              const raw = helpMail(role, `help-${game}-${role}`, body)
              expect(await handleInbound(raw, 'test', deps), `${scenario}, ${role}`).toBe('command')
              const answer = outboxRows(app)
                .filter((r) => r.recipient === `${role}@example.test`)
                .at(-1)!.mail
              const syntax = fold.ruleset.orderHelp?.(fold.state, role) ?? []
              const where = `${scenario}, ${role}:\n${answer.text}`
              expect(syntax.length, where).toBeGreaterThan(0)
              const head = answer.text.indexOf(`Your orders in game ${game} (${role}):\n${syntax.join('\n')}`)
              expect(head, where).toBeGreaterThanOrEqual(0)
              // Before the judge's own commands (STATUS, REPORT <n>, ...), which every game shares.
              expect(head, where).toBeLessThan(answer.text.indexOf('REPORT <n>'))
            }
          }
        } finally {
          app.cleanup()
        }
      }, 300_000)

    if (!testOnly.has(factory.id))
      it('a mail of 60 lines of 999 quotes or four-byte characters gets an acknowledgement under 100 KB, every part counted', async () => {
        const { f, list } = scenarios()
        const app = testApp(`bound-${f.id}`)
        const deps = { judge: app.judge, db: app.db, outbox: sqliteOutbox(app.db, app.clock), clock: app.clock }
        try {
          const roles = rolesOf(f, list[0]!)
          const { keys } = app.judge.createGame({
            game: GAME,
            ruleset: f.id,
            scenario: list[0]!,
            players: roles.map((role) => ({ role, address: `${role}@example.test`, name: role })),
            zone: 'UTC',
          })
          const fold = app.judge.load(GAME)
          const role = fold.ruleset.awaiting(fold.state).find((a) => a.kind === 'orders')?.role ?? roles[0]!
          // Quotes triple in the HTML part, four-byte characters in quoted-printable.
          const lines = Array.from({ length: 60 }, (_, i) => (i % 2 ? '"'.repeat(999) : '𝔸'.repeat(999)))
          const body = [`GAME ${GAME} ${role.toUpperCase()}`, `KEY ${keys[role]}`, ...lines, ''].join('\r\n')
          expect(await handleInbound(helpMail(role, `bound-${f.id}`, body), 'test', deps)).toBe('orders-rejected')
          const ack = outboxRows(app).find((r) => r.recipient === `${role}@example.test` && r.kind === 'ack')!
          const wire = await composeEml(ack.mail as never, app.clock())
          expect(wire.length).toBeLessThan(100_000)
        } finally {
          app.cleanup()
        }
      }, 300_000)

    it('the same secrets give the same log', () => {
      const { f, list } = scenarios()
      // Sixteen resolutions (several turns of every game) are enough to show the same secrets give the same log.
      const a = playThrough(f, list[0]!, `twice-${f.id}`, 16)
      const b = playThrough(f, list[0]!, `twice-${f.id}`, 16)
      try {
        const log = (app: TestApp) => canonicalJson(app.store.read(`game:${GAME}`).map((e) => [e.type, e.data, e.hash]))
        expect(log(a)).toBe(log(b))
      } finally {
        a.cleanup()
        b.cleanup()
      }
    })

    it('no letter and no export shows a reader what is meant for someone else', () => {
      const { f, list } = scenarios()
      const app = playThrough(f, list[0]!, `leak-${f.id}`, MAX_POINTS, true)
      try {
        const roles = rolesOf(f, list[0]!)
        const all = results(app)
        for (const role of roles) {
          const viewer: Viewer = { kind: 'role', role }
          const visible = new Set(
            all.flatMap((t) => t.narrative.filter((n) => canSee(viewer, n.audience)).map((n) => n.text)),
          )
          const secretTexts = all
            .flatMap((t) => t.narrative.filter((n) => !canSee(viewer, n.audience)).map((n) => n.text))
            .filter((text) => !visible.has(text))
          const secretDraws = all.flatMap((t) =>
            (t.hiddenRolls ?? []).filter((r) => !canSee(viewer, r.audience)).map((r) => r.label),
          )
          // The whole export (JSON and archive pages, every resolution re-drawn: the slow part of this
          // test): no key, no judge's hash, no other's decisions.
          expect(exportLeaks(app, GAME, viewer), `${role}'s export`).toEqual([])
          const letters = outboxRows(app)
            .filter((r) => r.recipient === `${role}@example.test`)
            .map((r) => `${r.mail.subject}\n${r.mail.text}\n${r.mail.html ?? ''}`)
          const exported = JSON.stringify(redactedEvents(app.judge, GAME, viewer))
          expect(letters.length).toBeGreaterThan(0)
          for (const text of secretTexts) {
            for (const letter of letters) expect(letter, `${role}'s letters`).not.toContain(text)
            expect(exported, `${role}'s export`).not.toContain(JSON.stringify(text).slice(1, -1))
          }
          for (const label of secretDraws) {
            for (const letter of letters) expect(letter, `${role}'s letters`).not.toContain(label)
            expect(exported, `${role}'s export`).not.toContain(label)
          }
          // The reader's pictures are drawn from what he may see.
          const fold = app.judge.load(GAME)
          const seen = all.at(-1)!.narrative.filter((n) => canSee(viewer, n.audience))
          for (const figure of fold.ruleset.figures?.(fold.state, viewer, seen) ?? []) {
            expect(figure.svg).toMatch(/^<svg/)
            for (const text of secretTexts) expect(figure.svg, `${role}'s ${figure.name}`).not.toContain(text)
          }
        }
        expect(exportLeaks(app, GAME, { kind: 'observer' }), "the observer's export").toEqual([])
      } finally {
        app.cleanup()
      }
    }, 600_000)
  })
}

/** A plain-text mail from a role's address of record. */
function helpMail(role: string, id: string, body: string): Buffer {
  const head = [
    `From: Player ${role} <${role}@example.test>`,
    'To: orders@judge.example.test',
    'Subject: help',
    `Message-ID: <${id}@example.test>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
  ]
  return Buffer.from(`${head.join('\r\n')}\r\n\r\n${body}`)
}

describe('the fixture game exercises what the leak check looks for', () => {
  it('it has moderator-only narrative and hidden draws the player never sees', () => {
    const app = playThrough(hiddenDeckFactory, 'standard', 'fixture-check')
    try {
      const all = results(app)
      expect(all.some((t) => t.narrative.some((n) => n.audience.kind === 'moderator'))).toBe(true)
      expect(all.some((t) => (t.hiddenRolls ?? []).some((r) => r.audience.kind === 'moderator'))).toBe(true)
    } finally {
      app.cleanup()
    }
  })
})
