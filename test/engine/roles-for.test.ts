// A game's roles may depend on its scenario and options (`rolesFor` in the
// contract): the judge creates a game only with one player for each of the roles the ruleset gives
// that scenario and those options, and keeps `roles` as the list for a ruleset without `rolesFor`.
// Shown on the test-only fixture game, given a second seat by an option.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RulesetFactory } from '../../src/games/contract.ts'
import { registerRuleset } from '../../src/games/index.ts'
import { createGameAsync, loadAsync, testAppAsync } from '../helpers/asyncJudge.ts'
import { bothEngines } from '../pg/engines.ts'
import { hiddenDeckFactory } from '../games/fixtures/hidden-deck.ts'

const seen: Record<string, unknown>[] = []
const seated: RulesetFactory = {
  ...hiddenDeckFactory,
  id: 'hidden-deck-seats',
  create: (pack) => {
    const base = hiddenDeckFactory.create(pack)
    return {
      ...base,
      rolesFor: (_scenario: string, options: Record<string, unknown>) => {
        seen.push(options)
        if (options.seats === undefined) return base.roles
        if (options.seats !== '2') throw new Error(`option seats: 2, not "${String(options.seats)}"`)
        return ['north', 'south']
      },
    }
  },
}

let unregister = () => {}
beforeAll(() => {
  unregister = registerRuleset(seated)
})
afterAll(() => unregister())

const players = (...roles: string[]) => roles.map((role) => ({ role, address: `${role}@example.test`, name: role }))

// Every case runs on both engines: judge.sqlite, and a fresh PostgreSQL database.
const ENGINES = bothEngines()

describe.each(ENGINES)('on $name', (engine) => {
  describe('rolesFor: the roles of one game', () => {
    it('creates a game with the roles its scenario and options give, and refuses any other', async () => {
      // Created as `game create` creates them, in one batch on the async handle.
      const app = await testAppAsync('roles-for', { database: engine.app() })
      try {
        const create = (game: string, roles: string[], options: Record<string, string | boolean> = {}) =>
          createGameAsync(app, {
            game,
            ruleset: seated.id,
            scenario: 'standard',
            players: players(...roles),
            options,
            zone: 'UTC',
          })
        expect(Object.keys((await create('seats2', ['north', 'south'], { seats: '2', early: false })).keys)).toEqual([
          'north',
          'south',
        ])
        // The engine's own option (early) is not the game's: rolesFor is asked with the game's options only.
        expect(seen.at(-1)).toEqual({ seats: '2' })
        await expect(create('seats-solo', ['solo'], { seats: '2' })).rejects.toThrow(
          'unknown role "solo": Hidden Deck (test fixture) has the roles north, south',
        )
        await expect(create('seats-bad', ['north', 'south'], { seats: '3' })).rejects.toThrow(
          'option seats: 2, not "3"',
        )
        // Without the option, the default list.
        expect(Object.keys((await create('seats1', ['solo'])).keys)).toEqual(['solo'])
        expect([...(await loadAsync(app, 'seats2')).players.keys()]).toEqual(['north', 'south'])
      } finally {
        app.cleanup()
      }
    })
  })
})
