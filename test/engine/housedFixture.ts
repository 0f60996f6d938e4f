// The fixture duel with a house player given by the test file (never by a shipped game): registered
// under its own id for the file that asks, and removed after it, so files sharing a worker never
// see another file's house player.
import { afterAll } from 'vitest'
import type { HousePlayer } from '../../src/games/contract.ts'
import { registerRuleset } from '../../src/games/index.ts'
import { hiddenDeckFactory } from '../games/fixtures/hidden-deck.ts'

export const HOUSED = 'hidden-deck-housed'

/** Registers the housed duel for this file; `house()` is read at every call, so a test may swap it. */
export function registerHousedDuel(house: () => HousePlayer): void {
  const release = registerRuleset({
    ...hiddenDeckFactory,
    id: HOUSED,
    create: (p) =>
      Object.assign(hiddenDeckFactory.create(p), {
        house: {
          orders: (...a) => house().orders(...a),
          answer: (...a) => house().answer(...a),
        } satisfies HousePlayer,
      }),
  })
  afterAll(release)
}
