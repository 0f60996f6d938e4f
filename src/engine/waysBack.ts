// The ways back a batched path takes when its batch cannot finish, counted by where and what was
// reached: to the synchronous driver (SQLite's native one; on PostgreSQL none is left to the judge),
// or carried out in one locked transaction on the async handle (lockedBatch.ts).
/** The ways back to the synchronous driver taken in this process, by where and what was reached. */
const waysBack = new Map<string, number>()

/**
 * Notes a batched path going back to the synchronous driver (`site`: which path; `what`: what it
 * reached for); logged when PBEM_DEBUG_WAYS_BACK is set, counted always (waysBackTaken).
 */
export function noteWayBack(site: string, what: string): void {
  const key = `${site}: ${what}`
  waysBack.set(key, (waysBack.get(key) ?? 0) + 1)
  if (process.env.PBEM_DEBUG_WAYS_BACK) console.warn(`way back to the synchronous driver: ${key}`)
}

/** The ways back taken so far in this process (noteWayBack), by `site: what`. */
export function waysBackTaken(): ReadonlyMap<string, number> {
  return waysBack
}

/** The ways back carried out in one locked transaction on the async handle (lockedBatch.ts). */
const lockedWays = new Map<string, number>()

/** Notes a way back carried out locked on the async handle instead (`site`, `what`: as noteWayBack). */
export function noteLockedWay(site: string, what: string): void {
  const key = `${site}: ${what}`
  lockedWays.set(key, (lockedWays.get(key) ?? 0) + 1)
  if (process.env.PBEM_DEBUG_WAYS_BACK) console.warn(`way back carried out locked on the async handle: ${key}`)
}

/** The ways back carried out locked so far in this process (noteLockedWay), by `site: what`. */
export function lockedWaysTaken(): ReadonlyMap<string, number> {
  return lockedWays
}

/** What a PostgreSQL judge says of a way back no batch and no locked transaction carries out. */
export const RETIRED = 'the synchronous PostgreSQL driver is retired from the judge'
