// The operator's commands that now run on the judge's async handle, as `pbem serve` does: on
// PostgreSQL none of them sends a statement on the synchronous driver (the worker-thread client,
// which blocks the event loop on each round trip), and what they write is what the synchronous
// way wrote.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { tickJobs } from '../../src/cli/app.ts'
import { tickCommand } from '../../src/cli/tickCommand.ts'
import { verifyGame } from '../../src/engine/audit.ts'
import type { CreateGameRequest } from '../../src/engine/calls.ts'
import { createGameBatched } from '../../src/engine/creationBatch.ts'
import { serverSecret } from '../../src/engine/keys.ts'
import type { HousePlayer } from '../../src/games/contract.ts'
import { rawImPack } from '../../src/games/infernal-machine/pack.ts'
import {
  createFixtureDuel,
  DUEL_NORTH,
  DUEL_SOUTH,
  outboxRows,
  registerFixture,
  testApp,
  type TestApp,
} from '../helpers/app.ts'
import { HOUSED, registerHousedDuel } from '../engine/housedFixture.ts'
import { clockProblems } from '../helpers/clock.ts'
import { HOUR, START } from '../schedule/helpers.ts'
import { bothEngines } from './engines.ts'
import { synchronousCalls } from './syncCalls.ts'

const [engine] = bothEngines()
const HOUSE: HousePlayer = {
  orders: (_view, _role, _level, choice) => `DRAW ${choice.below(3, 'how many') + 1}`,
  answer: (_view, q) => q.defaultOption,
}
registerHousedDuel(() => HOUSE)

describe('commands on the async handle, on PostgreSQL', () => {
  let app: TestApp
  beforeEach(() => {
    app = testApp('async-commands', { database: engine!.app()! })
  })
  afterEach(() => app.cleanup())

  const ofType = (game: string, type: string) => app.store.read(`game:${game}`).filter((e) => e.type === type)

  it('pbem tick: reads the inbox, resolves a due game, records the pass and sends the outbox, no synchronous statement', async () => {
    createFixtureDuel(app, 'tk1')
    app.judge.submitOrders('tk1', 'north', 'DRAW 1')
    const deadline = new Date(START + 72 * HOUR)
    await tickCommand(app, new Date(deadline.getTime() - 30_000), () => {})
    app.now.t = deadline.getTime() + 60_000
    const lines: string[] = []
    const sync = synchronousCalls(engine!.name)
    let failed: boolean
    try {
      failed = await tickCommand(app, deadline, (l) => lines.push(l))
    } finally {
      expect(sync.stop()).toEqual([])
    }
    expect(failed).toBe(false)
    expect(lines).toContain('tk1: resolution (deadline)')
    expect(lines.at(-2)).toMatch(/^tick at 2026-03-05T12:00:00.000Z: 1 resolution\(s\) recorded; next due /)
    expect(lines.at(-1)).toMatch(/^0 mail\(s\) read, 1 game\(s\) adjudicated, \d+ mail\(s\) written$/)
    expect(app.judge.lastTick()!.toISOString()).toBe(deadline.toISOString())
    expect(ofType('tk1', 'TurnAdjudicated')).toHaveLength(1)
    expect(verifyGame(app.db, app.judge, 'tk1').ok).toBe(true)
    expect(clockProblems(app.judge)).toEqual([])
  })

  it('pbem tick after an outage: the deadlines moved with the last tick in one batch, no synchronous statement', async () => {
    createFixtureDuel(app, 'tk2')
    await tickCommand(app, new Date(START + HOUR), () => {})
    const down = new Date(START + 25 * HOUR)
    const lines: string[] = []
    const sync = synchronousCalls(engine!.name)
    try {
      expect(await tickCommand(app, down, (l) => lines.push(l))).toBe(false)
    } finally {
      expect(sync.stop()).toEqual([])
    }
    expect(lines[0]).toBe(
      'outage: silent from 2026-03-02T13:00:00.000Z to 2026-03-03T13:00:00.000Z (24h); deadlines moved in tk2',
    )
    expect(ofType('tk2', 'OutageDetected')).toHaveLength(1)
    expect(app.judge.load('tk2').deadline!.deadline).toBe('2026-03-06T12:00:00.000Z')
    expect(app.judge.lastTick()!.toISOString()).toBe(down.toISOString())
    expect(verifyGame(app.db, app.judge, 'tk2').ok).toBe(true)
    expect(clockProblems(app.judge)).toEqual([])
  })

  /** A game created on a fresh judge one way or the other: its events hash for hash, its mail, its clock row. */
  async function created(req: CreateGameRequest, batched: boolean) {
    const other = testApp('async-commands', { database: engine!.app()!, serverSecret: 'cd'.repeat(32) })
    try {
      registerFixture()
      // The judge's first use of its server secret is recorded in the log, the synchronous way, once.
      serverSecret(other.db)
      const sync = synchronousCalls(engine!.name)
      let keys: Record<string, string>
      try {
        keys = batched
          ? (await createGameBatched(other.judge, tickJobs(other), req)).keys
          : other.judge.createGame(req).keys
      } finally {
        const calls = sync.stop()
        if (batched) expect(calls).toEqual([])
        else expect(calls.length).toBeGreaterThan(0)
      }
      expect(verifyGame(other.db, other.judge, req.game).ok).toBe(true)
      expect(clockProblems(other.judge)).toEqual([])
      return {
        keys,
        events: other.store.read(`game:${req.game}`).map((e) => ({ type: e.type, data: e.data, hash: e.hash })),
        mail: outboxRows(other).map((m) => ({
          to: m.recipient,
          kind: m.kind,
          subject: m.mail.subject,
          text: m.mail.text,
        })),
        clock: other.judge.clock.due(Date.parse('2100-01-01')),
      }
    } finally {
      other.cleanup()
    }
  }

  it.each([
    ['the fixture duel', { game: 'cr1', ruleset: 'hidden-deck', scenario: 'duel', players: [DUEL_NORTH, DUEL_SOUTH] }],
    [
      'a duel with a house seat, whose first orders go in the same batch',
      {
        game: 'cr2',
        ruleset: HOUSED,
        scenario: 'duel',
        players: [DUEL_NORTH, { ...DUEL_SOUTH, address: 'house:cautious' }],
      },
    ],
    [
      'a Sea Devils game',
      {
        game: 'cr3',
        ruleset: 'sea-devils',
        scenario: 'weak-beginning',
        players: [
          { role: 'federal', address: 'fed@example.test', name: 'Fed' },
          { role: 'confederate', address: 'reb@example.test', name: 'Reb' },
        ],
        zone: 'America/New_York',
      },
    ],
    [
      "an Infernal Machine game with the moderator's own data pack, stored with it",
      {
        game: 'cr6',
        ruleset: 'infernal-machine',
        scenario: 'campaign-csa',
        players: [{ role: 'captain', address: 'hunley@example.test', name: 'Hunley' }],
        pack: {
          overlay: true,
          about: 'hatch price from my copy',
          fishboat: {
            components: (rawImPack().fishboat as { components: { id: string }[] }).components.map((c) =>
              c.id === 'hatch' ? { ...c, cost: 3, src: 'rules p.47 Hatch $3 (my printed Cyclopedia)' } : c,
            ),
          },
        },
      },
    ],
  ] as [string, CreateGameRequest][])(
    'pbem game create: %s, in one batch, as the synchronous way writes it',
    async (_, req) => {
      const batched = await created(req, true)
      const sync = await created(req, false)
      expect(batched.events.map((e) => e.type)).toContain('DeadlineSet')
      if (req.ruleset === HOUSED) expect(batched.events.map((e) => e.type)).toContain('OrdersAccepted')
      if (req.pack) expect(batched.events[0]!.data).toMatchObject({ packId: expect.stringMatching(/replaced-/) })
      expect(batched).toEqual(sync)
    },
  )

  it('pbem game create: a game id already taken is refused, and nothing of the second is written', async () => {
    registerFixture()
    const req = { game: 'cr4', ruleset: 'hidden-deck', scenario: 'duel', players: [DUEL_NORTH, DUEL_SOUTH] }
    await createGameBatched(app.judge, tickJobs(app), req)
    const mail = outboxRows(app).length
    await expect(createGameBatched(app.judge, tickJobs(app), req)).rejects.toThrow('game cr4 already exists')
    // Two at once: one is created, the other finds it taken when its batch meets the first's rows.
    const again = { ...req, game: 'cr5' }
    const both = await Promise.allSettled([
      createGameBatched(app.judge, tickJobs(app), again),
      createGameBatched(app.judge, tickJobs(app), again),
    ])
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect(String((both.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason)).toContain(
      'game cr5 already exists',
    )
    expect(outboxRows(app).length).toBe(2 * mail)
    expect(verifyGame(app.db, app.judge, 'cr5').ok).toBe(true)
    expect(clockProblems(app.judge)).toEqual([])
  })
})
