// A tick with 10,000 games on file reads and resolves exactly the games that are due. The
// games are made cheaply: one game is created the ordinary way and its creation events
// are appended again under 9,999 other names in one transaction (the clock read model is written by
// the same appends, as for any game). The game is the test-only Hidden Deck (test/games/fixtures):
// its data pack (stored once, by hash, for all of them) is small.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NewEvent } from '../../src/log/store.ts'
import { tick } from '../../src/schedule/tick.ts'
import { registerRuleset } from '../../src/games/index.ts'
import { testApp, type TestApp } from '../helpers/app.ts'
import { hiddenDeckFactory } from '../games/fixtures/hidden-deck.ts'
import { HOUR, START } from './helpers.ts'

const GAMES = Number(process.env.TEN_THOUSAND ?? 10_000)
/** Every 100th game has its deadline moved to an hour after creation: 1% due at the tick below. */
const isDue = (i: number) => i % 100 === 7
const name = (i: number) => `g${String(i).padStart(5, '0')}`

let app: TestApp
let madeMs = 0
let unregister = () => {}

/** The template game's creation events under another name, with an earlier deadline when `due`. */
function copyOf(events: NewEvent[], game: string, due: boolean): NewEvent[] {
  return events.map((e) => {
    if (e.type === 'GameCreated') return { ...e, data: { ...(e.data as object), game } }
    if (e.type === 'DeadlineSet' && due)
      return { ...e, data: { ...(e.data as object), deadline: new Date(START + HOUR).toISOString() } }
    return e
  })
}

beforeAll(() => {
  unregister = registerRuleset(hiddenDeckFactory)
  app = testApp('ten-thousand')
  app.judge.createGame({
    game: name(0),
    ruleset: hiddenDeckFactory.id,
    scenario: 'standard',
    players: [{ role: 'solo', address: 'solo@example.test', name: 'Solo' }],
    zone: 'UTC',
  })
  const template = app.store.read(`game:${name(0)}`).map(
    (e): NewEvent => ({
      type: e.type,
      schemaVersion: e.schemaVersion,
      data: e.data,
      audience: e.audience,
      causation: e.causation,
    }),
  )
  const secrets = app.db.prepare('SELECT purpose, point, secret FROM secrets WHERE game = ?').all(name(0)) as {
    purpose: string
    point: number
    secret: string
  }[]
  const insert = app.db.prepare('INSERT INTO secrets (game, purpose, point, secret) VALUES (?, ?, ?, ?)')
  const t0 = performance.now()
  app.judge.transaction(() => {
    for (let i = 1; i < GAMES; i++) {
      for (const s of secrets) insert.run(name(i), s.purpose, s.point, s.secret)
      app.store.append(`game:${name(i)}`, 0, copyOf(template, name(i), isDue(i)))
    }
  })
  madeMs = performance.now() - t0
}, 300_000)
afterAll(() => {
  app?.cleanup()
  unregister()
})

describe('ten thousand games on one judge', () => {
  it('the tick resolves exactly the 1% that are due and reads no other game', () => {
    const due = Array.from({ length: GAMES }, (_, i) => i)
      .filter(isDue)
      .map(name)
    expect(
      app.judge.clock
        .due(START + 2 * HOUR)
        .map((d) => d.game)
        .sort(),
    ).toEqual(due)
    const loaded = new Set<string>()
    const load = app.judge.load.bind(app.judge)
    app.judge.load = (game, opts) => {
      loaded.add(game)
      return load(game, opts)
    }
    const t0 = performance.now()
    const r = tick(app.judge, new Date(START + 2 * HOUR), { recordTick: false })
    const tickMs = performance.now() - t0
    console.log(`${GAMES} games made in ${madeMs.toFixed(0)} ms; tick with ${due.length} due: ${tickMs.toFixed(0)} ms`)
    expect(
      r.games
        .filter((g) => g.advanced)
        .map((g) => g.game)
        .sort(),
    ).toEqual(due)
    expect(r.games.every((g) => !g.error)).toBe(true)
    expect([...loaded].sort()).toEqual(due)
    // The next pass finds nothing due: the other games' first work is a reminder a day before their deadline.
    const idle = tick(app.judge, new Date(START + 3 * HOUR), { recordTick: false })
    expect(idle.games).toEqual([])
    expect(Date.parse(idle.nextDueAt!)).toBeGreaterThan(START + 3 * HOUR)
  }, 300_000)
})
