// Set-up for every tier: property tests (fast-check) run on a fresh seed each time and print it with
// a failing case ("Property failed after N tests { seed: S, path: "P", ... }"). To replay that case,
// run the file with FC_SEED=S (and FC_PATH=P to go straight to the shrunk counterexample).
import fc from 'fast-check'

const seed = process.env.FC_SEED
if (seed !== undefined && seed !== '') {
  const path = process.env.FC_PATH
  fc.configureGlobal({ seed: Number(seed), ...(path ? { path } : {}) })
}
