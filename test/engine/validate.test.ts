// What a moderator types when creating a game or replacing a player is checked in the engine, so
// the command line and moderator mail (REPLACE) refuse the same things and nothing bad is logged.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CreateGameRequest } from '../../src/engine/judge.ts'
import { checkAddress, checkDeadlineHours } from '../../src/engine/validate.ts'
import { runModeratorCommand } from '../../src/mail/moderator.ts'
import { DUEL_NORTH, DUEL_SOUTH, readEvents, registerFixture, type TestApp } from '../helpers/app.ts'
import { callsAsync, createFixtureDuelAsync, createGameAsync, readAsync, testAppAsync } from '../helpers/asyncJudge.ts'
import { bothEngines } from '../pg/engines.ts'
import { inbound, MOD } from '../schedule/helpers.ts'

// Every case runs on both engines: judge.sqlite, and a fresh PostgreSQL database.
const ENGINES = bothEngines()
registerFixture()

describe.each(ENGINES)('on $name', (engine) => {
  let app: TestApp
  // Games created and calls made as the commands make them, in one batch on the async handle.
  beforeEach(async () => {
    app = await testAppAsync('test', { database: engine.app() })
  })
  const types = async (game: string) => (await readEvents(app, `game:${game}`)).map((e) => e.type)
  afterEach(() => app.cleanup())

  const request = (over: Partial<CreateGameRequest> = {}): CreateGameRequest => ({
    game: 'fd1',
    ruleset: 'hidden-deck',
    scenario: 'duel',
    players: [DUEL_NORTH, DUEL_SOUTH],
    ...over,
  })

  async function refused(over: Partial<CreateGameRequest>, message: RegExp) {
    await expect(createGameAsync(app, request(over))).rejects.toThrow(message)
    expect(await readAsync(app, 'all', (j) => j.games())).toEqual([])
  }

  describe('game creation refuses bad input before anything is written', () => {
    it('deadline hours outside 1 to 2160, or not a number', async () => {
      for (const h of [0, -1, 0.5, 2161, Number.NaN, Number.POSITIVE_INFINITY])
        await refused({ deadlineHours: h }, /deadline hours must be a number from 1 to 2160 \(90 days\)/)
      expect(() => checkDeadlineHours('abc')).toThrow(
        'deadline hours must be a number from 1 to 2160 (90 days), not "abc"',
      )
      expect(() => checkDeadlineHours('12h')).toThrow(/not "12h"/)
      expect(checkDeadlineHours('72')).toBe(72)
      expect((await createGameAsync(app, request({ deadlineHours: 2160 }))).game).toBe('fd1')
    })

    it('roles: each of the ruleset exactly once', async () => {
      const north = DUEL_NORTH
      const south = DUEL_SOUTH
      await refused(
        { players: [north, south, { role: 'union', address: 'u@example.test', name: 'U' }] },
        /unknown role "union": Hidden Deck \(test fixture\) has the roles north, south/,
      )
      await refused(
        { players: [north, { ...north, address: 'other@example.test' }, south] },
        /role north is given twice/,
      )
      await refused({ players: [north] }, /no player for role south/)
    })

    it('addresses: one plain address, no line breaks, control characters or display names', async () => {
      const withAddress = (address: string) => ({
        players: [{ ...DUEL_NORTH, address }, DUEL_SOUTH],
      })
      await refused(withAddress('fed@example.test\r\nBcc: all@example.test'), /line break or control character/)
      await refused(withAddress('fed@example.test\n'), /line break or control character/)
      await refused(withAddress('fed@exa\u0000mple.test'), /line break or control character/)
      await refused(withAddress('Fed <fed@example.test>'), /one plain address/)
      await refused(withAddress('<fed@example.test>'), /one plain address/)
      await refused(withAddress('fed@example.test,spy@example.test'), /one plain address/)
      await refused(withAddress('fed@spy@example.test'), /is not a valid name before the @/)
      await refused(withAddress('fed@'), /one plain address/)
      await refused(withAddress('fed@-example.test'), /is not a domain name/)
    })

    it('names: one line', async () => {
      await refused(
        {
          players: [{ ...DUEL_NORTH, name: 'North\r\nBcc: all@example.test' }, DUEL_SOUTH],
        },
        /player name .* holds a line break or control character/,
      )
    })

    it('ordinary addresses pass', () => {
      for (const a of [
        'fed@example.test',
        'gideon.welles+pbem@navy.example.org',
        'o.brien@localhost',
        'jörg@bücher.example',
      ])
        expect(checkAddress(a)).toBe(a)
    })
  })

  describe('replacing a player checks the new address and name, by command line and by mail', () => {
    it('engine call', async () => {
      await createFixtureDuelAsync(app)
      await expect(
        callsAsync(app, 'fd1', (j) => j.replacePlayer('fd1', 'south', 'davis@example.test\nBcc: x@example.test')),
      ).rejects.toThrow(/line break or control character/)
      await expect(
        callsAsync(app, 'fd1', (j) => j.replacePlayer('fd1', 'south', 'davis@example.test', { name: 'J.\nDavis' })),
      ).rejects.toThrow(/line break or control character/)
      expect(await types('fd1')).toContain('PlayerJoined')
      expect(await types('fd1')).not.toContain('PlayerReplaced')
    })

    it('REPLACE by mail', async () => {
      await createFixtureDuelAsync(app)
      const key = await readAsync(app, ['fd1'], (j) => j.keyFor('fd1', 'moderator'))
      const body = ['GAME fd1 MODERATOR', `KEY ${key}`, 'REPLACE south <davis@example.test>'].join('\n')
      // Run as the intake runs a moderator's mail: on a planning judge, its writes in one batch.
      const r = await callsAsync(app, 'fd1', (j) =>
        runModeratorCommand({
          judge: j,
          db: j.o.db,
          outbox: j.o.outbox,
          clock: app.clock,
          mail: inbound(MOD, body),
          game: 'fd1',
          body,
          key: null,
        }),
      )
      expect(r.lines.join('\n')).toMatch(/"<davis@example.test>" is not a mail address: write one plain address/)
      expect(await types('fd1')).toContain('PlayerJoined')
      expect(await types('fd1')).not.toContain('PlayerReplaced')
    })
  })
})
