// What a moderator types when creating a game or replacing a player is checked in the engine, so
// the command line and moderator mail (REPLACE) refuse the same things and nothing bad is logged.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CreateGameRequest } from '../../src/engine/judge.ts'
import { checkAddress, checkDeadlineHours } from '../../src/engine/validate.ts'
import { runModeratorCommand } from '../../src/mail/moderator.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { createFixtureDuel, DUEL_NORTH, DUEL_SOUTH, registerFixture, testApp, type TestApp } from '../helpers/app.ts'
import { bothEngines } from '../pg/engines.ts'
import { inbound, MOD, types } from '../schedule/helpers.ts'

// Every case runs on both engines: judge.sqlite, and a fresh PostgreSQL database.
const ENGINES = bothEngines()
registerFixture()

describe.each(ENGINES)('on $name', (engine) => {
  let app: TestApp
  beforeEach(() => {
    app = testApp('test', { database: engine.app() })
  })
  afterEach(() => app.cleanup())

  const request = (over: Partial<CreateGameRequest> = {}): CreateGameRequest => ({
    game: 'fd1',
    ruleset: 'hidden-deck',
    scenario: 'duel',
    players: [DUEL_NORTH, DUEL_SOUTH],
    ...over,
  })

  function refused(over: Partial<CreateGameRequest>, message: RegExp) {
    expect(() => app.judge.createGame(request(over))).toThrow(message)
    expect(app.judge.games()).toEqual([])
  }

  describe('game creation refuses bad input before anything is written', () => {
    it('deadline hours outside 1 to 2160, or not a number', () => {
      for (const h of [0, -1, 0.5, 2161, Number.NaN, Number.POSITIVE_INFINITY])
        refused({ deadlineHours: h }, /deadline hours must be a number from 1 to 2160 \(90 days\)/)
      expect(() => checkDeadlineHours('abc')).toThrow(
        'deadline hours must be a number from 1 to 2160 (90 days), not "abc"',
      )
      expect(() => checkDeadlineHours('12h')).toThrow(/not "12h"/)
      expect(checkDeadlineHours('72')).toBe(72)
      expect(app.judge.createGame(request({ deadlineHours: 2160 })).game).toBe('fd1')
    })

    it('roles: each of the ruleset exactly once', () => {
      const north = DUEL_NORTH
      const south = DUEL_SOUTH
      refused(
        { players: [north, south, { role: 'union', address: 'u@example.test', name: 'U' }] },
        /unknown role "union": Hidden Deck \(test fixture\) has the roles north, south/,
      )
      refused({ players: [north, { ...north, address: 'other@example.test' }, south] }, /role north is given twice/)
      refused({ players: [north] }, /no player for role south/)
    })

    it('addresses: one plain address, no line breaks, control characters or display names', () => {
      const withAddress = (address: string) => ({
        players: [{ ...DUEL_NORTH, address }, DUEL_SOUTH],
      })
      refused(withAddress('fed@example.test\r\nBcc: all@example.test'), /line break or control character/)
      refused(withAddress('fed@example.test\n'), /line break or control character/)
      refused(withAddress('fed@exa\u0000mple.test'), /line break or control character/)
      refused(withAddress('Fed <fed@example.test>'), /one plain address/)
      refused(withAddress('<fed@example.test>'), /one plain address/)
      refused(withAddress('fed@example.test,spy@example.test'), /one plain address/)
      refused(withAddress('fed@spy@example.test'), /is not a valid name before the @/)
      refused(withAddress('fed@'), /one plain address/)
      refused(withAddress('fed@-example.test'), /is not a domain name/)
    })

    it('names: one line', () => {
      refused(
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
    it('engine call', () => {
      createFixtureDuel(app)
      expect(() => app.judge.replacePlayer('fd1', 'south', 'davis@example.test\nBcc: x@example.test')).toThrow(
        /line break or control character/,
      )
      expect(() => app.judge.replacePlayer('fd1', 'south', 'davis@example.test', { name: 'J.\nDavis' })).toThrow(
        /line break or control character/,
      )
      expect(types(app, 'fd1')).toContain('PlayerJoined')
      expect(types(app, 'fd1')).not.toContain('PlayerReplaced')
    })

    it('REPLACE by mail', () => {
      createFixtureDuel(app)
      const key = app.judge.keyFor('fd1', 'moderator')
      const body = ['GAME fd1 MODERATOR', `KEY ${key}`, 'REPLACE south <davis@example.test>'].join('\n')
      const r = runModeratorCommand({
        judge: app.judge,
        db: app.db,
        outbox: sqliteOutbox(app.db, app.clock),
        clock: app.clock,
        mail: inbound(MOD, body),
        game: 'fd1',
        body,
        key: null,
      })
      expect(r.lines.join('\n')).toMatch(/"<davis@example.test>" is not a mail address: write one plain address/)
      expect(types(app, 'fd1')).toContain('PlayerJoined')
      expect(types(app, 'fd1')).not.toContain('PlayerReplaced')
    })
  })
})
