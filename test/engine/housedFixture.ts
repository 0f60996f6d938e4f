// The fixture duel with a house player given by the test file (never by a shipped game): registered
// under its own id for the file that asks, and removed after it, so files sharing a worker never
// see another file's house player.
import { afterAll } from 'vitest'
import type { HousePlayer } from '../../src/games/contract.ts'
import { registerRuleset } from '../../src/games/index.ts'
import { hiddenDeckFactory } from '../games/fixtures/hidden-deck.ts'

export const HOUSED = 'hidden-deck-housed'

// The engine keeps a ruleset per pack for the whole process (src/engine/fold.ts), and files in one
// worker share this module: a ruleset made while another file's house was registered must still
// ask this file's house, so every ruleset reads the house registered last.
let current: () => HousePlayer = () => {
  throw new Error('no housed duel registered')
}

/** Registers the housed duel for this file; `house()` is read at every call, so a test may swap it. */
export function registerHousedDuel(house: () => HousePlayer): void {
  current = house
  const release = registerRuleset({
    ...hiddenDeckFactory,
    id: HOUSED,
    create: (p) =>
      Object.assign(hiddenDeckFactory.create(p), {
        house: {
          orders: (...a) => current().orders(...a),
          answer: (...a) => current().answer(...a),
        } satisfies HousePlayer,
      }),
  })
  afterAll(release)
}
