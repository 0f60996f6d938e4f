// The engine's port onto the log as a whole, for the composition root (src/cli): which database a
// target names, opening it, the event store over it, and checking every chain. The command line
// wires these together and hands them to the judge; it never imports the log itself. The async
// seam (openAsyncDatabase, or asyncBeside on a synchronous handle's database) is what the I/O jobs
// move onto, one caller at a time.
export type { AsyncDatabase } from '../log/async/database.ts'
export { asyncBeside, openAsyncDatabase } from '../log/async/open.ts'
export { isConnectionError } from '../log/async/postgres.ts'
export { openJudgeDatabases, openSqlDatabase } from '../log/engines.ts'
export { EventSchemas } from '../log/schemas.ts'
export { engineOf, type SqlDatabase as Database, type SqlEngine } from '../log/sql.ts'
export { EventStore } from '../log/store.ts'
export { verifyAllAsync } from '../log/verify.ts'
