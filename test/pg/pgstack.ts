// The run's PostgreSQL for tests: Debian's server, started once per `vitest run` by
// test/pg/globalSetup.ts (scripts/pgstack.sh, a temporary root, a free loopback port) and shared by
// every file of the pg and trials tiers; each test takes a fresh database of its own.
import { randomInt } from 'node:crypto'
import { inject } from 'vitest'
import { createDatabase, type PgServer } from './pgServer.ts'

/** The run's server (its own database `url` is shared: read it, never write to it). */
export interface PgStack extends PgServer {
  /** A new empty database on the run's server, for one test. */
  freshUrl(): string
  /** Nothing held open any more (psql makes each database); the server stays up for the other files. */
  close(): Promise<void>
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's PostgreSQL (test/pg/globalSetup.ts); absent in tiers that have none. */
    pg?: PgServer
    /** The engines test/pg/engines.ts runs a file's cases on, by tier. */
    engines: ('sqlite' | 'postgres')[]
  }
}

/** The run's PostgreSQL; only the tiers whose set-up starts it (vitest.config.ts) have one. */
export async function connectPg(): Promise<PgStack> {
  const server = inject('pg')
  if (!server) throw new Error('no PostgreSQL in this tier: add the file to the pg tier in vitest.config.ts')
  // Files run in parallel and a worker process runs several: names must not repeat across them
  // (t, then digits only, the way `pbem db copy` output is matched).
  const prefix = `t${process.pid}${String(randomInt(1e6)).padStart(6, '0')}`
  let n = 0
  return {
    ...server,
    freshUrl: () => createDatabase(server.url, `${prefix}_${++n}`),
    async close() {},
  }
}
