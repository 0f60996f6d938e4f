// Set-up for every tier: property tests (fast-check) run on a fresh seed each time and print it with
// a failing case ("Property failed after N tests { seed: S, path: "P", ... }"). To replay that case,
// run the file with FC_SEED=S (and FC_PATH=P to go straight to the shrunk counterexample).
import fc from 'fast-check'

const seed = process.env.FC_SEED
if (seed !== undefined && seed !== '') {
  const path = process.env.FC_PATH
  fc.configureGlobal({ seed: Number(seed), ...(path ? { path } : {}) })
}

/**
 * A seed for the tests' one generator (seededRandom in test/helpers/random.ts) or for the engine's
 * dice, drawn by fast-check so that a failing case prints it.
 */
export const seeds = fc.integer({ min: 0, max: 2 ** 31 - 1 })

/**
 * Options for a property whose case is a whole game drawn from a seed: a smaller seed is another
 * game, not a simpler one, so a failure is reported as found (with its seed) instead of shrunk.
 */
export const wholeGames = (numRuns: number): fc.Parameters<unknown> => ({ numRuns, endOnFailure: true })
