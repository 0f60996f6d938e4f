// A whole game of Rebel Raiders by the judge, both sides played by order-writing bots through the
// same order check a player meets: every order filed, every phase resolved, the game ends, the log
// re-folds, the dice verify, the same secrets give the same game, and every mail it sends matches the
// recorded golden byte for byte (regenerate deliberately with UPDATE_GOLDEN=1).
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { verifyDice, verifyGame } from '../../src/engine/audit.ts'
import type { OrdersAccepted, TurnAdjudicated } from '../../src/engine/events.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import { bindRebelPack } from '../../src/games/rebel-raiders/pack.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'
import { canonicalJson, sha256Hex } from '../../src/util/canonical.ts'
import { testApp, type TestApp } from '../helpers/app.ts'
import { confederateOrders, sideView, unionOrders } from './bots/bots.ts'
import { expectGolden, queuedMails } from '../helpers/golden.ts'
import { composedSizes, MAIL_MAX_BYTES, MAILS_PER_TURN, mailsPerTurn } from '../helpers/mailBudget.ts'

const GOLDEN = fileURLToPath(new URL('./golden/bots/', import.meta.url))

const pack = rebelRaidersFactory.defaultPack() as never
const rs = createRebelRaiders(pack)
const map = bindRebelPack(rebelRaidersFactory.defaultPack().content as never).map

function play(seed: string): TestApp {
  const app = testApp(seed, { serverSecret: sha256Hex(seed) })
  app.judge.createGame({
    game: 'bots',
    ruleset: 'rebel-raiders',
    scenario: '1861',
    players: [
      { role: 'confederate', address: 'csa@example.test', name: 'Mallory' },
      { role: 'union', address: 'usa@example.test', name: 'Welles' },
    ],
    zone: 'UTC',
  })
  for (let i = 0; i < 60 && !app.judge.load('bots').finished; i++) {
    const fold = app.judge.load('bots')
    const s = fold.state as RrState
    const role = s.phase.startsWith('csa') ? 'confederate' : 'union'
    // Each bot reads only what its side may see (its hand, the board, the cards face up).
    const text =
      role === 'confederate' ? confederateOrders(rs, map, sideView(s, 'CSA')) : unionOrders(rs, map, sideView(s, 'USA'))
    const r = app.judge.submitOrders('bots', role, text)
    expect(r.errors, `${role} orders at ${s.turn}/${s.phase}:\n${text}`).toEqual([])
    app.now.t += 3_600_000
    expect(app.judge.adjudicate('bots', { force: true }).committed).toBe(true)
  }
  return app
}

// The game is played once and every test reads it (none writes to it): each test played it again,
// the same game from the same secrets, which the last test shows once.
let game: TestApp | null = null
const played = () => (game ??= play('rr-bots-1'))
afterAll(() => game?.cleanup())

describe('a bot game of Rebel Raiders', () => {
  it('plays twelve turns by orders, ends, re-folds and verifies its dice', () => {
    const app = played()
    const fold = app.judge.load('bots')
    expect(fold.finished).toBe(true)
    const results = app.store
      .read('game:bots')
      .filter((e) => e.type === 'TurnAdjudicated')
      .map((e) => e.data as TurnAdjudicated)
    expect(results).toHaveLength(48)
    const rules = new Set(results.flatMap((r) => r.narrative.map((n) => (n.rule ?? '').split('.')[0])))
    // Moves, raids, searches, combat, assaults, supply and builds all happened.
    for (const r of ['7', '8', '9', '10', '11', '13', '14', '15', '16'])
      expect(rules, `rule ${r} was played`).toContain(r)
    // An ordinary game turn needs at most two mails from each player. Every mail a player
    // sent (orders taken or refused, answers to questions) counted by game turn; the README quotes it.
    const events = app.store.read('game:bots')
    const perTurn = new Map<string, number>()
    for (const e of events.filter((x) => x.type === 'OrdersAccepted')) {
      const o = e.data as OrdersAccepted
      perTurn.set(`${o.turn} ${o.role}`, (perTurn.get(`${o.turn} ${o.role}`) ?? 0) + 1)
    }
    expect(events.filter((x) => x.type === 'OrdersRejected' || x.type === 'DecisionAnswered')).toEqual([])
    expect(perTurn.size).toBe(24)
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(2)
    expect(new Set(perTurn.values())).toEqual(new Set([2]))
    expect(verifyGame(app.db, app.judge, 'bots')).toMatchObject({ ok: true, problems: [] })
    expect(verifyDice(app.judge, 'bots').ok).toBe(true)
    expect(fold.ruleset.outcome(fold.state)?.summary).toMatch(/victory/)
    // A byte-for-byte golden of the game's mails (reports, acknowledgements, the opening),
    // text and HTML parts compared whole and each picture by its PNG's hash.
    const mails = queuedMails(app)
    expect(mails.size).toBeGreaterThan(100)
    expectGolden(GOLDEN, mails)
  })

  it('mails each reader at most twice a game turn besides acknowledgements, each mail under 200 KB', async () => {
    const app = played()
    // Four phases a turn, each side asked in two: a side gets the reports of the other side's
    // phases with the call to its own, the moderator one report a turn.
    const counts = mailsPerTurn(app, 'bots')
    expect([...counts].filter(([, n]) => n > MAILS_PER_TURN)).toEqual([])
    for (let turn = 1; turn <= 11; turn++) {
      expect(counts.get(`mod@example.test ${turn}`), `moderator, turn ${turn}`).toBe(1)
      for (const who of ['csa', 'usa'])
        expect(counts.get(`${who}@example.test ${turn}`), `${who}, turn ${turn}`).toBe(2)
    }
    // The last phase ends the game: its report, to everyone, tells the result.
    for (const who of ['mod', 'csa', 'usa']) expect(counts.get(`${who}@example.test end`)).toBe(1)
    // The mails as they go on the wire, pictures drawn: the acknowledgements and the twelve
    // reports with the longest texts.
    const sizes = await composedSizes(app, 'bots', 12)
    expect(sizes.length).toBeGreaterThan(12)
    for (const s of sizes) expect(s.bytes, s.name).toBeLessThan(MAIL_MAX_BYTES)
  })

  it('gives the same game from the same secrets', () => {
    const again = play('rr-bots-1')
    try {
      const log = (app: TestApp) => canonicalJson(app.store.read('game:bots').map((e) => [e.type, e.data, e.hash]))
      expect(log(again)).toBe(log(played()))
    } finally {
      again.cleanup()
    }
  })
})
