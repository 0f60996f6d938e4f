// The engine's port onto the log as a whole, for the composition root (src/cli): which database a
// target names, opening it, the event store over it, and checking every chain. The command line
// wires these together and hands them to the judge; it never imports the log itself. The async
// seam (openAsyncDatabase) is what the I/O commands move onto, one caller at a time.
export type { AsyncDatabase } from '../log/async/database.ts'
export { openSqlDatabase } from '../log/engines.ts'
export { EventSchemas } from '../log/schemas.ts'
export { engineOf, type SqlDatabase as Database, type SqlEngine } from '../log/sql.ts'
export { EventStore } from '../log/store.ts'
export { verifyAllAsync } from '../log/verify.ts'

type OpenAsync = typeof import('../log/async/open.ts').openAsyncDatabase

/**
 * Opens the async store. Its module, and the PostgreSQL driver it loads, load on the first call: a
 * command that never opens the async store starts without them.
 */
export async function openAsyncDatabase(...args: Parameters<OpenAsync>): ReturnType<OpenAsync> {
  return (await import('../log/async/open.ts')).openAsyncDatabase(...args)
}
